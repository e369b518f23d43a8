"""The search bundles of the real project's site: one Pagefind per bundle of rulebooks of each
language (pipeline/render/site/search_bundles.py), each bundle the one Pagefind makes of its
rulebooks' pages as built (byte for byte), merged by the search page as it loads
(pipeline/render/site/search.py)."""

from __future__ import annotations

import json
import shutil
import threading
import time
from pathlib import Path

from pipeline.incremental.buildcache import carry
from pipeline.render.site import search, search_bundles
from site_support import bundle_difference, one_pagefind_run

RULEBOOKS = ["eu-risto", "glossary", "his", "pop", "vq"]


def test_each_bundle_is_the_one_pagefind_makes_of_its_rulebooks_pages(site, tree_bytes, tmp_path):
    listed = json.loads((site / "pagefind" / search.BUNDLES).read_text("utf-8"))
    groups = search_bundles.groups(dict.fromkeys(RULEBOOKS, 1))
    assert listed == {lang: [f"{lang}-{group[0]}" for group in groups] for lang in ("en", "ru")}
    pages = 0
    for lang, names in listed.items():
        for name, group in zip(names, groups, strict=True):
            whole = one_pagefind_run(site, tmp_path / name, search_bundles.glob(lang, group))
            assert bundle_difference(tree_bytes(site / "pagefind" / name), tree_bytes(whole)) == [], name
            entry = json.loads((site / "pagefind" / name / search.ENTRY).read_text("utf-8"))
            assert list(entry["languages"]) == [lang]
            pages += entry["languages"][lang]["page_count"]
    assert pages == 12  # five documents and the glossary, in each language
    for shared in search.SHARED:  # what the search page loads from the top of the bundle
        assert (site / "pagefind" / shared).is_file()


def test_a_site_whose_rulebooks_mix_languages_is_indexed_in_one_run(site, tmp_path):
    def mixed(name: str, *pages: str) -> Path:
        """A copy of the site with ``pages`` said to be Russian."""
        copy = Path(shutil.copytree(site, tmp_path / name, ignore=shutil.ignore_patterns("pagefind")))
        for rel in pages:
            page = copy / rel
            page.write_text(page.read_text("utf-8").replace('<html lang="en"', '<html lang="ru"', 1), "utf-8")
        return copy

    glossary = "en/glossary/index.html"
    indexed = search.index(mixed("glossary", glossary), jobs=2)
    assert "en-glossary" in indexed.made and len(indexed.made) > 1  # a rulebook of one language still, Russian now
    both = mixed("both", glossary, "en/his/his-power-rules/index.html")
    indexed = search.index(both, jobs=2)
    assert indexed.made == ("site",)  # en/his/ holds two languages
    assert not (both / "pagefind" / search.BUNDLES).exists()  # one bundle, at the top
    ru = json.loads((both / "pagefind" / search.ENTRY).read_text("utf-8"))["languages"]["ru"]
    assert ru["page_count"] == 8


def test_an_edit_of_one_rulebook_keeps_every_other_bundle(site, tree_bytes, tmp_path, monkeypatch):
    monkeypatch.setattr(search_bundles, "SPREAD", 1)  # a bundle per rulebook: ten to keep or not
    pages = Path(shutil.copytree(site, tmp_path / "pages", ignore=shutil.ignore_patterns("pagefind")))
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir(), second.mkdir()
    search.index(first, pages, (None, tmp_path / "cache-1"))
    glossary = pages / "ru" / "glossary" / "index.html"
    glossary.write_text(glossary.read_text("utf-8").replace("</h1>", " (правка)</h1>", 1), "utf-8")
    indexed = search.index(second, pages, (tmp_path / "cache-1", tmp_path / "cache-2"), jobs=2)
    assert indexed.made == ("ru-glossary",)
    assert len(indexed.reused) == 9
    kept = {path.name for path in (tmp_path / "cache-1").iterdir()}
    filed = {path.name for path in (tmp_path / "cache-2").iterdir()}  # each bundle of this build, none other
    assert len(filed & kept) == 9 and len(filed - kept) == 1  # the edited one under a key of its own
    for name in indexed.reused:  # the same bytes as the first build's
        assert tree_bytes(second / "pagefind" / name) == tree_bytes(first / "pagefind" / name)
    assert tree_bytes(second / "pagefind" / "ru-glossary") != tree_bytes(first / "pagefind" / "ru-glossary")


def test_an_edit_remakes_the_bundle_its_rulebook_shares_alone(site, tree_bytes, tmp_path):
    pages = Path(shutil.copytree(site, tmp_path / "pages", ignore=shutil.ignore_patterns("pagefind")))
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir(), second.mkdir()
    search.index(first, pages, (None, tmp_path / "cache-1"))
    page = pages / "en" / "his" / "his-power-rules" / "index.html"
    page.write_text(page.read_text("utf-8").replace("</h1>", " (edited)</h1>", 1), "utf-8")
    indexed = search.index(second, pages, (tmp_path / "cache-1", tmp_path / "cache-2"), jobs=2)
    holder = next(f"en-{group[0]}" for group in search_bundles.groups(dict.fromkeys(RULEBOOKS, 1))
                  if "his" in group)
    assert indexed.made == (holder,)
    listed = json.loads((second / "pagefind" / search.BUNDLES).read_text("utf-8"))
    assert set(indexed.reused) == {name for names in listed.values() for name in names} - {holder}
    assert "en-glossary" in indexed.reused  # the glossary's bundle is its own
    whole = one_pagefind_run(pages, tmp_path / "whole", search_bundles.glob("en", next(
        group for group in search_bundles.groups(dict.fromkeys(RULEBOOKS, 1)) if "his" in group)))
    assert bundle_difference(tree_bytes(second / "pagefind" / holder), tree_bytes(whole)) == []


def test_a_page_written_again_at_its_size_is_read_again_not_taken_from_the_last_build(site, tree_bytes, tmp_path):
    first_pages = Path(shutil.copytree(site, tmp_path / "pages-1", ignore=shutil.ignore_patterns("pagefind")))
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir(), second.mkdir()
    search.index(first, first_pages, (None, tmp_path / "cache-1"))
    pages = tmp_path / "pages-2"  # the next build's: every page carried over as a hard link ...
    for file in sorted(first_pages.rglob("*.html")):
        carry(file, pages / file.relative_to(first_pages))
    page = pages / "en" / "his" / "his-power-rules" / "index.html"
    data = page.read_bytes()  # ... but one, written anew with a letter of its heading changed
    end = data.index(b"</h1>")
    page.unlink()
    page.write_bytes(data[:end - 1] + (b"x" if data[end - 1:end] != b"x" else b"y") + data[end:])
    assert page.stat().st_size == len(data)
    indexed = search.index(second, pages, (tmp_path / "cache-1", tmp_path / "cache-2"), jobs=2,
                           last_pages=first_pages)
    holder = next(f"en-{group[0]}" for group in search_bundles.groups(dict.fromkeys(RULEBOOKS, 1))
                  if "his" in group)
    assert indexed.made == (holder,)
    kept = {path.name for path in (tmp_path / "cache-1").iterdir()}
    filed = {path.name for path in (tmp_path / "cache-2").iterdir()}  # each bundle of this build, none other
    assert len(filed & kept) == len(indexed.reused) and len(filed - kept) == 1
    whole = one_pagefind_run(pages, tmp_path / "whole", search_bundles.glob("en", next(
        group for group in search_bundles.groups(dict.fromkeys(RULEBOOKS, 1)) if "his" in group)))
    assert bundle_difference(tree_bytes(second / "pagefind" / holder), tree_bytes(whole)) == []


def test_an_edit_reads_again_only_the_page_written_anew(site, tmp_path, monkeypatch):
    # a page carried over from the last build (the same file) is known by what that build noted
    # of it (search.READS): at x100 reading and hashing every page was 0.6 s of every edit
    first_pages = Path(shutil.copytree(site, tmp_path / "pages-1", ignore=shutil.ignore_patterns("pagefind")))
    search.index(tmp_path / "first", first_pages, (None, tmp_path / "cache-1"))
    pages = tmp_path / "pages-2"
    for file in sorted(first_pages.rglob("*.html")):
        carry(file, pages / file.relative_to(first_pages))
    page = pages / "en" / "his" / "his-power-rules" / "index.html"
    text = page.read_text("utf-8")
    page.unlink()
    page.write_text(text.replace("</h1>", " (edited)</h1>", 1), "utf-8")
    read: list[str] = []
    real = search._read

    def counted(path: Path) -> list:
        read.append(path.relative_to(pages).as_posix())
        return real(path)

    monkeypatch.setattr(search, "_read", counted)
    indexed = search.index(tmp_path / "second", pages, (tmp_path / "cache-1", tmp_path / "cache-2"),
                           last_pages=first_pages)
    assert read == ["en/his/his-power-rules/index.html"]
    assert len(indexed.made) == 1 and indexed.reused  # the edit's bundle made again, the others kept


def test_a_run_that_ends_makes_room_for_the_next_while_a_longer_one_goes_on(tmp_path):
    # the runs start largest first, two at once; the next starts when either ends, not when the
    # one started before it does (a stand-in for Pagefind logs each run, the large one held)
    log, release = tmp_path / "log", tmp_path / "release"
    binary = tmp_path / "pagefind"
    binary.write_text(
        "#!/bin/sh\n"  # called as: --site SITE --output-path OUT --silent --glob GLOB
        f'name=$(basename "$4"); echo "start $name" >> {log}\n'
        f'while [ "$name" = large ] && [ ! -e {release} ]; do sleep 0.05; done\n'
        'mkdir -p "$4"; echo "{\\"version\\":\\"1\\",\\"languages\\":{\\"$name\\":{\\"page_count\\":1}}}"'
        ' > "$4/pagefind-entry.json"\n'
        f'echo "end $name" >> {log}\n')
    binary.chmod(0o755)
    parts = [search._Part(name, f"en/{name}/**/*.html", name, tmp_path / "runs" / name, size=size)
             for name, size in (("small", 1), ("middle", 2), ("large", 3))]
    site = tmp_path / "site"
    site.mkdir()
    indexing = search.Indexing(str(binary), tmp_path, site, parts, 2, None)
    for _ in range(400):
        if log.exists() and "end small" in log.read_text():
            break
        time.sleep(0.05)
    lines = log.read_text().splitlines()
    assert sorted(lines[:2]) == ["start large", "start middle"], "the two largest first"
    assert lines[2:] == ["end middle", "start small", "end small"], "the small run waited for the large one"
    release.touch()
    indexed = indexing.wait()
    assert indexed.made == ("small", "middle", "large") and indexed.pages == 3
    assert json.loads((site / "pagefind" / search.BUNDLES).read_text("utf-8")) == {
        "large": ["large"], "middle": ["middle"], "small": ["small"]}


def _stand_in(tmp_path: Path, failing: str) -> Path:
    """A Pagefind whose run named ``failing`` exits 3 saying nothing (a crash, a kill); the run
    over the whole site (no --glob) writes its bundle."""
    binary = tmp_path / "pagefind"
    binary.write_text(
        "#!/bin/sh\n"
        f'name=$(basename "$4"); [ "$name" = {failing} ] && exit 3\n'
        'mkdir -p "$4"; echo "{\\"version\\":\\"1\\",\\"languages\\":{\\"$name\\":{\\"page_count\\":1}}}"'
        ' > "$4/pagefind-entry.json"\n')
    binary.chmod(0o755)
    return binary


def _parts(tmp_path: Path) -> list:
    return [search._Part(name, f"en/{name}/**/*.html", name, tmp_path / "runs" / name, size=size)
            for name, size in (("good", 1), ("bad", 2))]


def test_a_run_that_fails_saying_nothing_is_a_failure_and_the_site_is_indexed_whole(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    indexed = search.Indexing(str(_stand_in(tmp_path, "bad")), tmp_path, site, _parts(tmp_path), 2, None).wait()
    assert indexed.made == ("site",), "no bundle claims the pages of the run that failed"
    assert not (site / "pagefind" / search.BUNDLES).exists()


def test_a_run_that_cannot_be_started_ends_the_wait_instead_of_hanging_it(tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    starting = search._pagefind

    def refused(binary, read, output, glob):
        if glob is not None and "good" in glob:  # started second, from the first run's thread
            raise OSError(24, "Too many open files")
        return starting(binary, read, output, glob)

    monkeypatch.setattr(search, "_pagefind", refused)
    indexing = search.Indexing(str(_stand_in(tmp_path, "none")), tmp_path, site, _parts(tmp_path), 1, None)
    done: list = []
    waiter = threading.Thread(target=lambda: done.append(indexing.wait()), daemon=True)
    waiter.start()
    waiter.join(timeout=30)
    assert done and done[0].made == ("site",), "the wait ended and the site was indexed whole"
