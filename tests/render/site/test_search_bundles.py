"""How the rulebooks of a language are grouped into search bundles
(pipeline/render/site/search_bundles.py), over the rulebooks of the real corpus copied as
benchmarks/scaled_corpus.py copies them (copy k's rulebooks are named ``<rulebook>-x<k>``)."""

from __future__ import annotations

from pathlib import Path

import yaml

from pipeline.render.site import search_bundles

ROOT = Path(__file__).resolve().parents[3]


def scaled(copies: int, first: int = 0) -> dict[str, int]:
    """The rulebooks of ``copies`` copies of the real corpus and the glossary, each with its
    pages (its documents), as one language of their site holds them."""
    manifest = yaml.safe_load((ROOT / "corpus" / "manifest.yaml").read_text("utf-8"))
    pages: dict[str, int] = {"glossary": 1}
    for k in range(first, first + copies):
        for document in manifest["documents"]:
            name = document["rulebook"] if k == 0 else f"{document['rulebook']}-x{k}"
            pages[name] = pages.get(name, 0) + 1
    return pages


def test_every_rulebook_is_in_one_bundle_in_the_order_of_their_names():
    books = scaled(100)
    groups = search_bundles.groups(books)
    assert sorted(book for group in groups for book in group) == sorted(books)
    assert all(group == sorted(group) for group in groups)
    assert ["glossary"] in groups  # its one page of every term in a bundle of its own
    assert all(sum(books[book] for book in group) <= search_bundles.MOST for group in groups)


def test_the_bundles_grow_with_the_pages_not_with_the_rulebooks():
    real, hundred = search_bundles.groups(scaled(1)), search_bundles.groups(scaled(100))
    assert len(real) <= 3  # the real corpus: its four games in one bundle or two, the glossary
    assert len(hundred) <= len(scaled(100)) // search_bundles.SPREAD * 2  # not 401 of them
    assert len(hundred) >= len(scaled(100)) // search_bundles.SPREAD // 2  # nor one that an edit remakes whole


def test_adding_a_copy_of_the_corpus_changes_only_the_bundles_its_rulebooks_join():
    before = scaled(50)
    after = {**before, **scaled(1, first=50)}
    added = set(after) - set(before)
    old = {tuple(group) for group in search_bundles.groups(before)}
    new = {tuple(group) for group in search_bundles.groups(after)}
    assert all(added & set(group) for group in new - old)  # a bundle made anew holds a new rulebook
    assert len(old - new) <= len(added)  # each new rulebook changed the one bundle it joined


def test_removing_a_rulebook_changes_only_its_own_bundle():
    books = scaled(30)
    for gone in ("his-x7", "glossary", "vq-x29"):
        old = {tuple(group) for group in search_bundles.groups(books)}
        new = {tuple(group) for group in search_bundles.groups({k: v for k, v in books.items() if k != gone})}
        assert len(old - new) == 1 and gone in next(iter(old - new))
        assert len(new - old) <= 1


def test_a_bundles_glob_names_its_rulebooks():
    assert search_bundles.glob("ru", ["his"]) == "ru/his/**/*.html"
    assert search_bundles.glob("en", ["eu-risto", "glossary"]) == "en/{eu-risto,glossary}/**/*.html"
