"""The aids in the build: `folio build` prints them into build/aids/ and the website links them
(its link checker follows every link offline); printing is atomic, deterministic and cached.
The cards at each size and from the command line: tests/render/aids/test_aids_cards.py."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest
from babel.support import Translations

import pipeline.render.aids
import pipeline.render.aids.cache
from aids_support import REPO, flat, pdftotext
from hostile_support import shared_built_project
from pipeline.build import build, load_corpus
from pipeline.core.model import LANGUAGES
from pipeline.i18n import catalogs as i18n
from pipeline.render.aids import plan_aids, print_aids
from pipeline.render.aids.pdf import PAPERS
from pipeline.render.games import aids as registered_aids
from site_support import broken_links, parse_html

AIDS = registered_aids()  # every registered game's (tests/conftest.py imports pipeline.games)

MARY_STEP_1 = "1. Открытие карты: Английский игрок открывает карту"


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A copy of the repository with its website configuration, built once per session (the
    hostile-input tests copy the same build): read here, copied before an edit."""
    return shared_built_project(tmp_path_factory)


def test_folio_build_prints_every_aid_into_build_aids(project):
    root, result = project
    assert result.aids is not None and result.aids.directory == root / "build" / "aids"
    assert root / "build" / "aids" in result.outputs
    found = sorted(p.relative_to(root / "build" / "aids").as_posix()
                   for p in (root / "build" / "aids").rglob("*") if p.is_file())
    assert found == sorted(f"{lang}/{aid.key}-{paper}.pdf" for aid in AIDS for lang in LANGUAGES
                           for paper in PAPERS)
    assert not [p for p in (root / "build").iterdir() if p.name.startswith(".aids.")]


def test_the_website_links_each_aid_and_the_links_work_offline(project):
    root, _result = project
    site = root / "site"
    assert broken_links(site) == []
    for lang in LANGUAGES:
        page = site / lang / "aids" / "index.html"
        links = {href for attr, href in parse_html(page).links if href.endswith(".pdf")}
        assert links == {f"{aid.key}-{paper}.pdf" for aid in AIDS for paper in PAPERS}
        for name in links:
            assert (site / lang / "aids" / name).read_bytes() == (root / "build" / "aids" / lang / name).read_bytes()
        home = parse_html(site / lang / "index.html")
        assert ("href", "aids/") in home.links
    assert "Памятки игрока" in (site / "ru" / "aids" / "index.html").read_text(encoding="utf-8")


def test_the_aids_page_speaks_to_players(project):
    """«модуль правил Folio (факт правил)» and "edition 0.1.0+157d49834340" were on the page: a
    player reads what the sheets are for, the card size, and the rulebook's edition."""
    root, _result = project
    for lang, words, edition in (("en", ("sums up a part of the rules", "poker size (63 × 88 mm)"),
                                  "GMT Games, Russian translation of the rulebook"),
                                 ("ru", ("кратко пересказывает часть правил", "покерного размера (63 × 88 мм)"),
                                  "GMT Games, русский перевод книги правил")):
        html = (root / "site" / lang / "aids" / "index.html").read_text(encoding="utf-8")
        article = html[html.index('class="folio-page folio-aids"'):]
        text = flat(unescape(re.sub(r"<[^>]+>", " ", article[:article.index("</ul>")])))
        assert all(word in text for word in words) and edition in text, lang
        assert not re.search(r"\d+\.\d+\.\d+\+[0-9a-f]{6,}", text), lang  # no build digest
        for jargon in ("Folio", "rules module", "rule fact", "модуль правил", "факт правил"):
            assert jargon not in text, (lang, jargon)


def test_an_edit_reprints_only_the_aids_that_show_it(project, tmp_path, monkeypatch, tree_bytes):
    built, _result = project
    root = Path(shutil.copytree(built, tmp_path / "project", symlinks=True))
    monkeypatch.setenv("FOLIO_CACHE_DIR", "")  # no user cache: what is reused comes from build/
    before = tree_bytes(root / "build" / "aids")
    source = root / "corpus/sources/his-power-rules-england-france-papacy.ru.txt"
    text = source.read_text(encoding="utf-8")
    assert text.count(MARY_STEP_1) == 1
    source.write_text(text.replace(MARY_STEP_1, MARY_STEP_1.replace("карту", "свою карту")), encoding="utf-8")
    result = build(root)
    mary = sorted(f"{lang}/his-mary-i-impulse-{paper}.pdf" for lang in LANGUAGES for paper in PAPERS)
    # the Russian aid prints the step; the English one marks its translation as outdated
    assert sorted(result.touched["aids"]) == mary
    # the pages of the aids of the edited rulebook are rendered again; the others' come from build/
    his = sorted(f"{lang}/{aid}" for lang in LANGUAGES
                 for aid in ("his-mary-i-impulse", "his-winter-phase", "his-new-world"))
    assert sorted(result.touched["aid pages"]) == his
    assert result.stats["aid-page reused"] == len(LANGUAGES) * 3
    after = tree_bytes(root / "build" / "aids")
    assert sorted(path for path in after if after[path] != before[path]) == mary
    editions = {(f.aid, f.lang): f.edition for f in result.aids.files}
    old = {(f.aid, f.lang): f.edition for f in _result.aids.files}
    assert {key for key in editions if editions[key] != old[key]} == {("his-mary-i-impulse", lang) for lang in LANGUAGES}
    assert "открывает свою карту" in flat(" ".join(pdftotext(root / "build" / "aids" / "ru" / "his-mary-i-impulse-a4.pdf")))


def test_a_failure_while_printing_leaves_the_previous_aids(tmp_path, monkeypatch, tree_bytes):
    monkeypatch.setenv("FOLIO_CACHE_DIR", "")  # laid out again, not taken from the cache
    corpus, _ = load_corpus(REPO)
    plan = plan_aids(corpus, REPO, only=("his-mary-i-impulse",), papers=("a4",))
    out = tmp_path / "aids"
    print_aids(plan, out)
    before = tree_bytes(out)
    printing = pipeline.render.aids.pdf.Printer.print

    def failing(self, html, variant, inspect=None):
        if 'lang="ru"' in html:  # the English aid is printed, the Russian one fails
            raise OSError("disk full")
        return printing(self, html, variant, inspect)

    monkeypatch.setattr(pipeline.render.aids.pdf.Printer, "print", failing)
    for jobs in (1, 2):  # in this process, and in a worker
        with pytest.raises(OSError, match="disk full"):
            print_aids(plan, out, jobs=jobs)
        assert tree_bytes(out) == before
        assert sorted(p.name for p in tmp_path.iterdir()) == ["aids"]


def test_printing_is_deterministic_and_does_not_depend_on_where_the_corpus_is(corpus_copy, tmp_path):
    corpus, _ = load_corpus(REPO)
    plan = plan_aids(corpus, REPO, only=("his-new-world",), langs=("ru",), papers=("letter",))
    looked = []
    first = print_aids(plan, tmp_path / "one", inspect=lambda f, d: looked.append(f))  # laid out
    second = print_aids(plan, tmp_path / "two", inspect=lambda f, d: looked.append(f))  # again
    assert len(looked) == 2
    path = first.files[0].path
    assert (first.directory / path).read_bytes() == (second.directory / path).read_bytes()
    other, _ = load_corpus(corpus_copy)
    again = plan_aids(other, corpus_copy, only=("his-new-world",), langs=("ru",), papers=("letter",))
    assert again.documents[0].html == plan.documents[0].html
    assert again.documents[0].edition == plan.documents[0].edition


def test_an_aid_printed_before_is_taken_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("FOLIO_CACHE_DIR", str(tmp_path / "cache"))
    corpus, _ = load_corpus(REPO)
    plan = plan_aids(corpus, REPO, only=("his-mary-i-impulse",), langs=("en",), papers=("a4",))
    first = print_aids(plan, tmp_path / "one")
    assert len(list((tmp_path / "cache" / "aids").glob("*.pdf"))) == 1

    class Broken:
        def __init__(self):
            raise AssertionError("laid out again")

    monkeypatch.setattr(pipeline.render.aids.pdf, "Printer", Broken)
    second = print_aids(plan, tmp_path / "two")
    path = first.files[0].path
    assert (second.directory / path).read_bytes() == (first.directory / path).read_bytes()
    monkeypatch.setenv("FOLIO_CACHE_DIR", "")  # off: printed afresh, nothing read
    with pytest.raises(AssertionError, match="laid out again"):
        print_aids(plan, tmp_path / "three")


def test_a_build_whose_aids_are_all_kept_does_not_load_weasyprint(tmp_path):
    # an edit that changes no aid's page (most edits) must not pay for WeasyPrint's import
    script = ("import sys; from pathlib import Path; from pipeline.build import load_corpus; "
              "from pipeline.render.aids import plan_aids, print_aids; "
              f"root = Path({str(REPO)!r}); corpus, _ = load_corpus(root); "
              "plan = plan_aids(corpus, root, only=('his-mary-i-impulse',), langs=('en',), papers=('a4',)); "
              f"print_aids(plan, Path({str(tmp_path)!r}) / sys.argv[1]); print('weasyprint' in sys.modules)")
    env = {**os.environ, "FOLIO_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(REPO)}
    runs = [subprocess.run([sys.executable, "-c", script, name], capture_output=True, text=True, env=env,
                           check=True).stdout.split() for name in ("one", "two")]
    assert runs == [["True"], ["False"]]  # laid out the first time, taken from the cache the second
    first, second = (sorted((tmp_path / name).rglob("*.pdf")) for name in ("one", "two"))
    assert [path.read_bytes() for path in first] == [path.read_bytes() for path in second] != []


def test_the_cache_keys_name_the_pango_weasyprint_lays_out_with():
    from weasyprint.text.ffi import pango

    assert pipeline.render.aids.cache.pango_version() == pango.pango_version()


@pytest.mark.parametrize("n, text", [(1, "Не более 1 отряда остаётся"), (4, "Не более 4 отрядов остаются"),
                                     (5, "Не более 5 отрядов остаются"), (21, "Не более 21 отряда остаётся")])
def test_the_aids_russian_plurals(n, text):
    translations, _ = i18n.prepared()
    ru: Translations = translations["ru"]
    singular = ("At most %(num)d land unit stays in a fortified space the power controls; the excess "
                "returns to the capital.")
    plural = ("At most %(num)d land units stay in a fortified space the power controls; the excess "
              "returns to the capital.")
    assert (ru.ngettext(singular, plural, n) % {"num": n}).startswith(text)


def test_the_aids_listed_without_rendering_are_the_files_the_plan_prints():
    # `folio serve` publishes the pages with this list, before the aids are planned and printed
    from pipeline.render.aids import listed

    corpus = load_corpus(REPO)[0]
    named = [(f.path, f.title, f.sources, f.document.source_edition) for f in listed(corpus).files()]
    planned = [(f.path, f.title, f.sources, f.document.source_edition) for f in plan_aids(corpus, REPO).files()]
    assert named == planned and ("ru/pop-military-actions-a4.pdf" in {path for path, *_ in named})
