"""Rebuilds: nothing to do when nothing changed, only what an edit reaches, never a stale output.

The cases run on a small project, tests/projects/four-games/: the real corpus under new ids
(benchmarks/scaled_corpus.py, copy 1: `vq-x1:9.1` ...), cut to a few units of each document, so
that no player aid is printed (the aids need the real keys and are tested in tests/render/aids/).
Each test edits a copy of one built project and compares what a rebuild did with what a clean
build of the same input writes. One case, an edit of one unit, runs on the whole real corpus
(under the same new ids): the end-to-end claim that a rebuild writes a clean build's bytes.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

import pipeline.build
import pipeline.incremental.fingerprint
import pipeline.render.site.mkdocs_adapter
from pipeline.build import build
from pipeline.core.errors import FolioError
from pipeline.incremental.session import STAMP
from pipeline.language import termbase
from pipeline.language.termbase import load_termbase
from pipeline.render.site import pages, search, search_bundles
from pipeline.render.site.structure import plan

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from scaled_corpus import generate

from projects_support import small_project
from site_support import bundle_difference, one_pagefind_run

VQ = "corpus/sources/vq-spring-deployment-action-phase-x1.ru.txt"
VQ_PAGE = "vq-x1/vq-deployment-actions-x1/"
WORD, EDITED = "В виде исключения", "В виде исключенья"  # vq-x1:11.1, a unit with no translation


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    root = small_project("four-games", tmp_path_factory.mktemp("incremental") / "project")
    build(root)
    return root


@pytest.fixture
def project(built, tmp_path) -> Path:
    """A copy of the built project (sources, build/ and site/), to edit and rebuild."""
    return Path(shutil.copytree(built, tmp_path / "project", symlinks=True))


@pytest.fixture
def real_project(tmp_path) -> Path:
    """The whole real corpus under the same new ids, built: the end-to-end case's project."""
    root = generate(tmp_path / "real", 1, first=1)
    build(root)
    return root


def outputs(root: Path, tree_bytes) -> dict[str, bytes]:
    return {f"{top}/{path}": data for top in ("build", "site") for path, data in tree_bytes(root / top).items()}


def edit(root: Path, path: str, old: str, new: str) -> None:
    file = root / path
    text = file.read_text("utf-8")
    assert old in text, (path, old)
    file.write_text(text.replace(old, new, 1), "utf-8")


def clean_build_of(root: Path, tmp_path: Path) -> Path:
    """The same inputs built from nothing, elsewhere."""
    other = tmp_path / "clean"
    shutil.copytree(root, other, ignore=shutil.ignore_patterns("build", "site"))
    build(other, clean=True)
    return other


def test_a_build_with_no_change_does_nothing(project, tree_bytes):
    before = outputs(project, tree_bytes)
    result = build(project)
    assert result.corpus is None, "the corpus was read again"
    assert not result.stats and not result.touched
    assert outputs(project, tree_bytes) == before
    assert result.summary["documents"] == 5 and len(result.diagnostics) > 100


def test_editing_one_unit_of_the_real_corpus_rebuilds_only_what_depends_on_it(real_project, tree_bytes, tmp_path):
    project = real_project
    edit(project, VQ, WORD, EDITED)
    result = build(project)
    rendered = set(result.touched["pages"])
    # the document's pages and its game's outline; the report, whose findings moved; nothing
    # of the other games: their pages, checks and files come from the last build
    assert {f"{lang}/{VQ_PAGE}" for lang in ("en", "ru")} <= rendered
    assert rendered <= {f"{lang}/{page}" for lang in ("en", "ru")
                        for page in (VQ_PAGE, "vq-x1/", "checks/", "status/", "")}
    assert set(result.touched["mkdocs"]) <= rendered, "MkDocs wrapped a page Folio did not change"
    assert "en/vq-x1/" not in result.touched["mkdocs"], "an unchanged outline was handed to MkDocs"
    assert result.touched["checks"] == ["vq-x1"]
    # the rules' clauses: the edited document's classified again, every coverage file taken back parsed
    assert result.touched["clauses"] == ["vq-deployment-actions-x1"] and result.stats["clauses reused"] == 4
    assert result.stats["coverage reused"] == 5 and not result.stats["coverage made"]
    assert result.stats["yaml made"] == 1 and result.stats["yaml reused"] == 4
    # the Russian games' bundle is made again (the copy's four games share one per language,
    # the glossary has its own: pipeline/render/site/search_bundles.py); the English pages change
    # only where Pagefind does not look (a notice that a translation may be outdated)
    assert result.touched["search"] == ["ru-eu-risto-x1"], "the edited text must be indexed again"
    assert result.stats["search index made"] == 1 and result.stats["search index reused"] == 3
    # read, parsed, translated and linked: the edited document alone
    assert result.stats["loaded made"] == 1 and result.stats["loaded reused"] == 4
    assert result.stats["refs-found made"] == 1 and result.stats["refs-resolved made"] == 1
    assert result.stats["refs-resolved reused"] == 4
    page = (project / "site" / "ru" / VQ_PAGE / "index.html").read_text("utf-8")
    assert EDITED in page and WORD not in page
    # the Russian search's lexicon gains the new form; its words looked up in the edited document only
    lexicon = (project / "site" / "ru" / "assets" / "folio" / "folio-lexicon.js").read_text("utf-8")
    assert '"исключенья":"исключение"' in lexicon
    # the other documents' forms come with the last build's merge: read are the merge and the
    # entry of the edited document's old text, whose forms it takes away
    assert result.stats["lexicon made"] == 1 and result.stats["lexicon reused"] == 2
    assert outputs(project, tree_bytes) == outputs(clean_build_of(project, tmp_path), tree_bytes)


def test_a_document_taken_out_of_the_manifest_leaves_no_page_behind(project, tree_bytes, tmp_path):
    manifest = project / "corpus" / "manifest.yaml"
    text = manifest.read_text("utf-8")
    start = text.index("- key: his-winter-new-world-x1\n")
    end = text.index("- key: ", start + 1)
    manifest.write_text(text[:start] + text[end:], "utf-8")
    for translation in (project / "corpus" / "translations").glob("his-winter-new-world-x1.*"):
        translation.unlink()  # a translation of a document the manifest does not name is refused
    result = build(project)
    assert result.summary["documents"] == 4
    for lang in ("en", "ru"):  # neither the page nor what the search reads of it is kept
        assert not (project / "site" / lang / "his-x1" / "his-winter-new-world-x1").exists()
        assert not (project / "build" / ".cache" / "search-pages" / lang / "his-x1" / "his-winter-new-world-x1").exists()
    assert outputs(project, tree_bytes) == outputs(clean_build_of(project, tmp_path), tree_bytes)


def test_an_edit_to_a_cited_rule_rerenders_the_pages_that_cite_it(project, tree_bytes, tmp_path):
    power, winter = "corpus/sources/his-power-rules-england-france-papacy-x1.ru.txt", \
        "corpus/sources/his-winter-phase-new-world-x1.ru.txt"
    # the real texts cite no rule of another document: one citation, then an edit of its target
    edit(project, power, "английский импульс завершён.", "английский импульс завершён (см. 19.5).")
    build(project)
    edit(project, winter, "19.5. Пополнение", "19.5. Пополнение войск")
    result = build(project)
    rendered = {path.split("/", 1)[1] for path in result.touched["pages"]}
    assert {"his-x1/his-winter-new-world-x1/", "his-x1/his-power-rules-x1/"} <= rendered
    assert not any(path.startswith(("eu-risto-x1/", "vq-x1/", "pop-x1/")) for path in rendered)
    page = (project / "site" / "ru" / "his-x1" / "his-power-rules-x1" / "index.html").read_text("utf-8")
    assert 'title="Правило 19.5 — Пополнение войск"' in page  # the link is titled as its target is now
    assert outputs(project, tree_bytes) == outputs(clean_build_of(project, tmp_path), tree_bytes)


POWER, WINTER = "corpus/sources/his-power-rules-england-france-papacy-x1.ru.txt", \
    "corpus/sources/his-winter-phase-new-world-x1.ru.txt"
CITING = ("английский импульс завершён.", "английский импульс завершён (см. 19.5).")


def reference_to(root: Path, target: str, source: str) -> dict:
    """The one reference of ``source`` (a unit id) to ``target``, as corpus.json records it."""
    corpus = json.loads((root / "build" / "corpus.json").read_text("utf-8"))
    found = [r for r in corpus["references"] if r["target"] == target and r["source"] == source]
    assert len(found) == 1, found
    return found[0]


@pytest.fixture
def cited(project) -> tuple[Path, str]:
    """The project after a rule of one document was cited by another of its rulebook (the real
    texts cite none across documents), built: (project, the citing unit's id)."""
    edit(project, POWER, *CITING)
    build(project)
    corpus = json.loads((project / "build" / "corpus.json").read_text("utf-8"))
    source = next(r["source"] for r in corpus["references"] if r["target"] == "19.5")
    assert reference_to(project, "19.5", source)["target_id"] == "his-x1:19.5"
    return project, source


def test_a_renumbered_rule_re_resolves_the_references_of_its_rulebook_only(cited, tree_bytes, tmp_path):
    project, source = cited
    edit(project, WINTER, "19.5. Пополнение", "19.9. Пополнение")
    result = build(project)
    # the citing document is not read again, but its reference to 19.5 is resolved anew
    assert result.stats["loaded made"] == 1 and result.stats["refs-found made"] == 1
    assert result.stats["refs-resolved made"] == 2 and result.stats["refs-resolved reused"] == 3
    assert reference_to(project, "19.5", source)["status"] == "unresolved"
    assert outputs(project, tree_bytes) == outputs(clean_build_of(project, tmp_path), tree_bytes)


def test_deleting_a_cited_rule_leaves_its_citation_unresolved(cited, tree_bytes, tmp_path):
    project, source = cited
    text = (project / WINTER).read_text("utf-8")
    start = text.index("19.5. Пополнение")
    (project / WINTER).write_text(text[:start] + text[text.index("19.6. ", start):], "utf-8")
    result = build(project)
    assert result.stats["loaded made"] == 1 and result.stats["refs-resolved made"] == 2
    ref = reference_to(project, "19.5", source)
    assert ref["status"] == "unresolved" and ref["target_id"] is None
    assert outputs(project, tree_bytes) == outputs(clean_build_of(project, tmp_path), tree_bytes)


def test_an_edited_translation_reloads_its_document_only(project, tree_bytes, tmp_path):
    old, new = "text: Events That Immediately Trigger War", "text: Events That Trigger War at Once"
    edit(project, "corpus/translations/vq-deployment-actions-x1.en.yaml", old, new)
    result = build(project)
    assert result.stats["loaded made"] == 1 and result.stats["loaded reused"] == 4
    page = (project / "site" / "en" / VQ_PAGE / "index.html").read_text("utf-8")
    assert "Events That Trigger War at Once" in page
    assert outputs(project, tree_bytes) == outputs(clean_build_of(project, tmp_path), tree_bytes)


def findings(root: Path, code: str, path: str) -> list[dict]:
    report = json.loads((root / "build" / "checks.json").read_text("utf-8"))
    return [d for d in report if d["code"] == code and d["path"] == path]


def test_an_edit_in_one_document_changes_a_finding_in_another_of_its_rulebook(project, tree_bytes, tmp_path):
    # The winter document uses NOT undefined; a definition in the other HIS document defines it
    # for the whole rulebook: the finding of the unedited document must go.
    winter = "corpus/translations/his-winter-new-world-x1.en.yaml"
    assert any("«NOT»" in d["message"] for d in findings(project, "term-abbr-undefined", winter))
    edit(project, "corpus/translations/his-power-rules-x1.en.yaml", "text: Mary I as Ruler of England\n",
         "text: Mary I as Ruler of England, Never Overrule Tudors (NOT)\n")
    result = build(project)
    assert result.touched["checks"] == ["his-x1"]
    assert not any("«NOT»" in d["message"] for d in findings(project, "term-abbr-undefined", winter))
    assert outputs(project, tree_bytes) == outputs(clean_build_of(project, tmp_path), tree_bytes)


def test_an_edit_in_one_rulebook_changes_an_edition_finding_in_another(project, tree_bytes, tmp_path):
    # Folio's English translations are one edition: HIS's dashes its ranges (1–3, 4–6), a range
    # given a hyphen in VQ's is unlike the edition's majority. Then HIS's hyphenates one too:
    # the majority changes, and the finding of VQ's translation, which did not change, goes.
    vq, his = "corpus/translations/vq-deployment-actions-x1.en.yaml", "corpus/translations/his-power-rules-x1.en.yaml"
    edit(project, vq, "text: No Peace\n", "text: No Peace (turns 2-4)\n")
    build(project)
    assert [d["line"] for d in findings(project, "style-edition-variant", vq)] == [49]
    edit(project, his, "On a 4–6, the card", "On a 4-6, the card")
    result = build(project)
    assert result.touched["checks"] == ["his-x1"]  # the edition judged again from VQ's kept share:
    assert result.stats["whole made"] == 2 and result.stats["whole reused"] == 8  # HIS's own made again
    assert findings(project, "style-edition-variant", vq) == []
    assert outputs(project, tree_bytes) == outputs(clean_build_of(project, tmp_path), tree_bytes)


def test_an_edited_fact_reaches_its_units_box_and_only_its_rulebooks_pages(project, tree_bytes, tmp_path):
    rules = "corpus/rules/his-x1.yaml"
    # a box shows a fact where it adds to the sentence: here, which reading the rules take
    edit(project, rules, '"these spaces" are all the fortified spaces', '"these spaces" mean all the fortified spaces')
    result = build(project)
    rendered = {path.split("/", 1)[1] for path in result.touched["pages"]}
    assert "his-x1/his-winter-new-world-x1/" in rendered
    assert not any(path.startswith(("eu-risto-x1/", "vq-x1/", "pop-x1/")) for path in rendered)
    page = (project / "site" / "en" / "his-x1" / "his-winter-new-world-x1" / "index.html").read_text("utf-8")
    assert "mean all the fortified spaces the power controls" in page
    # the clauses of the documents the rulebook's facts are bound to, classified again: no other's
    assert "his-winter-new-world-x1" in result.touched["clauses"]
    assert set(result.touched["clauses"]) <= {"his-winter-new-world-x1", "his-power-rules-x1"}
    assert outputs(project, tree_bytes) == outputs(clean_build_of(project, tmp_path), tree_bytes)


def test_an_edited_coverage_file_classifies_its_own_document_again(project, tree_bytes, tmp_path):
    coverage = "corpus/rules/coverage/his-winter-new-world-x1.yaml"
    edit(project, coverage, "prose: choice", "prose: board")
    result = build(project)
    assert result.touched["clauses"] == ["his-winter-new-world-x1"]
    assert result.stats["coverage made"] == 1 and result.stats["coverage reused"] == 4
    assert outputs(project, tree_bytes) == outputs(clean_build_of(project, tmp_path), tree_bytes)


def test_a_changed_glossary_reaches_the_pages_that_show_it(project):
    edit(project, "corpus/glossary.yaml", "- abbr: SPA\n  expansion: Spain\n",
         "- abbr: SPA\n  expansion: Kingdom of Spain\n")
    result = build(project)
    for page in ("glossary/", "eu-risto-x1/eu-risto-period-1-x1/"):
        assert "Kingdom of Spain" in (project / "site" / "en" / page / "index.html").read_text("utf-8")
    assert "eu-risto-x1" in result.touched["checks"]


def test_a_changed_theme_template_rebuilds_every_page(project):
    edit(project, "templates/mkdocs/partials/alternate.html", 'role="search">',
         'role="search" data-edited>')
    result = build(project)
    assert result.touched["mkdocs"] == ["en/*", "ru/*"]  # the frame changed: MkDocs builds all
    assert not result.touched["pages"], "Folio's own page content did not change"
    # Pagefind would read the very same pages: the last build's index is kept
    assert "search" not in result.touched and result.stats["search index reused"] == 4
    for page in (project / "site").glob("*/**/index.html"):
        assert "data-edited" in page.read_text("utf-8"), page


def test_a_change_to_folio_itself_rebuilds_everything(project, monkeypatch):
    code = pipeline.incremental.fingerprint.code_digest()
    monkeypatch.setattr(pipeline.incremental.fingerprint, "code_digest", lambda: code + "-edited")
    result = build(project)
    assert len(result.touched["pages"]) == 2 * len(plan(result.corpus).pages)
    assert sorted(result.touched["checks"]) == ["eu-risto-x1", "his-x1", "pop-x1", "vq-x1"]
    assert result.stats["yaml made"] == 5


def test_a_source_edit_shows_in_the_corpus_and_the_site(project):
    edit(project, VQ, WORD, "Zyzzyva")
    build(project)
    assert "Zyzzyva" in (project / "build" / "corpus.json").read_text("utf-8")
    assert "Zyzzyva" in (project / "build" / "corpus" / "vq-deployment-actions-x1.yaml").read_text("utf-8")
    assert "Zyzzyva" in (project / "site" / "ru" / VQ_PAGE / "index.html").read_text("utf-8")


def test_a_failed_rebuild_leaves_build_and_site_as_they_were(project, tree_bytes, monkeypatch):
    before = outputs(project, tree_bytes)
    edit(project, VQ, WORD, EDITED)

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(pipeline.render.site.mkdocs_adapter, "run", broken)
    with pytest.raises(OSError):
        build(project, jobs=1)
    assert outputs(project, tree_bytes) == before
    assert sorted(p.name for p in project.iterdir() if p.name.startswith(".")) == []
    monkeypatch.undo()
    assert build(project).corpus is not None, "the failed build must not count as done"


def test_an_output_removed_by_hand_is_built_again(project):
    (project / "site" / STAMP).unlink()
    assert build(project).corpus is not None
    (project / "build" / "corpus.json").unlink()
    assert build(project).corpus is not None
    assert (project / "build" / "corpus.json").is_file() and (project / "site" / STAMP).is_file()


def test_the_search_index_made_from_the_pages_alone_is_the_one_of_the_whole_site(built, tree_bytes, tmp_path):
    site = Path(shutil.copytree(built / "site", tmp_path / "site"))
    shutil.rmtree(site / "pagefind")
    search.index(site)  # Pagefind reading every page whole, navigation and all
    assert tree_bytes(site / "pagefind") == tree_bytes(built / "site" / "pagefind")


def test_serial_and_parallel_builds_write_the_same_bytes(built, tree_bytes, tmp_path):
    roots = []
    for jobs in (1, 2):
        root = tmp_path / f"jobs-{jobs}"
        shutil.copytree(built, root, ignore=shutil.ignore_patterns("build", "site"))
        build(root, jobs=jobs, clean=True)
        roots.append(root)
    assert outputs(roots[0], tree_bytes) == outputs(roots[1], tree_bytes)


def bundle_files(root: Path) -> dict[str, int]:
    """The files of the search bundles in the build cache of ``root``, name and inode."""
    return {f.name: f.stat().st_ino for f in (root / "build" / ".cache" / "search").rglob("*") if f.is_file()}


def test_an_edit_of_a_russian_text_takes_every_other_bundle_from_the_cache(project):
    kept = bundle_files(project)
    edit(project, VQ, WORD, EDITED)
    build(project)
    bundle = project / "site" / "pagefind"
    edited = [f for f in (bundle / "ru-eu-risto-x1").rglob("*") if f.name.startswith(("ru_", "pagefind.ru_"))]
    others = [f for f in bundle.glob("*/**/*") if f.is_file() and not f.is_relative_to(bundle / "ru-eu-risto-x1")
              and f.name.startswith(("en_", "pagefind.en_", "ru_", "pagefind.ru_"))]
    assert edited and others
    assert all(f.stat().st_ino == kept.get(f.name) for f in others), "another bundle's file was written again"
    assert not any(f.stat().st_ino == kept.get(f.name) for f in edited), "the edited bundle's file was kept"


def light_pages(root: Path, target: Path) -> Path:
    """The pages Pagefind read in the last build of ``root``, written again from its kept sources."""
    cache = root / "build" / ".cache" / "site"
    sources = [pages.Sources(lang.name, lang / "mkdocs.yml", titles={
        path: entry["title"] for path, entry in json.loads((lang / pages.INDEX).read_text("utf-8"))["pages"].items()})
        for lang in sorted(cache.iterdir()) if (lang / pages.INDEX).is_file()]
    return pages.search_pages(sources, target)


def test_the_pages_pagefind_reads_are_those_made_again_from_the_kept_sources(built, tree_bytes, tmp_path):
    # a build writes each page Pagefind reads from the page its worker has just rendered, not
    # from the MkDocs source written beside it: the same bytes, every page of both languages
    written = tree_bytes(built / "build" / ".cache" / "search-pages")
    assert written.pop(search.READS)  # what the search index noted of each page, beside them
    again = tree_bytes(light_pages(built, tmp_path / "light"))
    assert {path.split("/")[0] for path in written} >= {"en", "ru"}
    assert sum(path.endswith("/index.html") for path in written) >= 20
    assert written == again


def test_a_pagefind_per_rulebook_writes_the_bundle_of_one_run_over_its_pages(built, tree_bytes, tmp_path):
    light = light_pages(built, tmp_path / "light")
    site = tmp_path / "site"
    site.mkdir()
    indexed = search.index(site, light, jobs=2)
    assert len(indexed.made) == 4 and indexed.pages == 12  # the games', the glossary's
    listed = json.loads((site / "pagefind" / search.BUNDLES).read_text("utf-8"))
    for lang, names in listed.items():
        books = {folder.name: 1 for folder in sorted((light / lang).iterdir())  # those with pages indexed
                 if any(b"data-pagefind-body" in page.read_bytes() for page in folder.rglob("*.html"))}
        for name, group in zip(names, search_bundles.groups(books), strict=True):
            assert name == f"{lang}-{group[0]}"
            whole = one_pagefind_run(light, tmp_path / name, search_bundles.glob(lang, group))
            assert bundle_difference(tree_bytes(site / "pagefind" / name), tree_bytes(whole)) == [], name
    assert tree_bytes(site / "pagefind") == tree_bytes(built / "site" / "pagefind")


def without_words(light: Path, lang: str) -> Path:
    """The pages of ``lang`` with an empty element as the part to index, their text outside it."""
    for page in (light / lang).rglob("index.html"):
        text = page.read_text("utf-8")
        if "data-pagefind-body" in text:
            text = text.replace("data-pagefind-body", "data-folio-was-body").replace(
                "<body>", "<body><div data-pagefind-body></div>", 1)
            page.write_text(text, "utf-8")
    return light


def test_a_language_pagefind_cannot_index_alone_is_indexed_with_the_site(built, tree_bytes, tmp_path):
    # English pages whose indexed part holds no word: Pagefind leaves the language out of the
    # site's bundle but refuses to index it alone, so the site is indexed in one run
    light = without_words(light_pages(built, tmp_path / "light"), "en")
    whole = one_pagefind_run(light, tmp_path / "whole")
    site = tmp_path / "site"
    site.mkdir()
    indexed = search.index(site, light, jobs=2)
    assert indexed.made == ("site",)
    assert bundle_difference(tree_bytes(site / "pagefind"), tree_bytes(whole)) == []
    assert list(json.loads((site / "pagefind" / search.ENTRY).read_text("utf-8"))["languages"]) == ["ru"]


def test_a_site_pagefind_cannot_index_is_refused_naming_the_site(built, tmp_path):
    light = without_words(without_words(light_pages(built, tmp_path / "light"), "en"), "ru")
    site = tmp_path / "site"
    site.mkdir()
    with pytest.raises(FolioError, match="Pagefind could not index the site") as raised:
        search.index(site, light, jobs=2)
    assert raised.value.path == str(site.resolve())
    assert not (site / "pagefind").exists()


def test_stopping_the_index_ends_every_pagefind(built, tmp_path, monkeypatch):
    monkeypatch.setattr(search_bundles, "SPREAD", 1)  # a bundle per rulebook: ten runs to start
    site = tmp_path / "site"
    site.mkdir()
    indexing = search.start(site, light_pages(built, tmp_path / "light"), jobs=2)
    running = [part.process for part in indexing.parts if part.process is not None]
    assert len(indexing.parts) == 10 and len(running) == 2, "a Pagefind per bundle, two at once"
    indexing.stop()
    assert all(process.returncode is not None for process in running)
    assert not (site / "pagefind").exists()


def test_a_termbase_this_process_holds_is_kept_in_a_clean_build_for_a_build_in_a_new_process(project, monkeypatch):
    # `folio serve` holds the termbase; a clean build of the same glossary in that process parses
    # nothing, and its cache must still carry the termbase, or the next `folio build` parses it again
    assert load_termbase(project) is load_termbase(project)  # held by this process
    build(project, clean=True)
    monkeypatch.setattr(termbase, "_MADE", {})  # a new process
    monkeypatch.setattr(termbase, "_parsed", lambda _text: pytest.fail("the glossary was parsed again"))
    edit(project, VQ, WORD, EDITED)
    result = build(project)
    assert "vq-x1" in result.touched["checks"]  # a shard that reads the termbase ran
