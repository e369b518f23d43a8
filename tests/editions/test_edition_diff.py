"""`folio diff OLD NEW` and the website's "what changed" pages, on editions of the real corpus.

Three editions of Risto's Period I, as a maintainer would make them, each a commit of one git
repository (and the first two also as plain directories):

- v1: the corpus as it is;
- the issue's case: a new precondition ``2.`` inserted into event 1, the old 2 renumbered 3;
- then a word edit (``50d.`` to ``60d <b>each</b>.``, its unit translated), a precondition
  rewritten (its translation has no sentence left), and a step of event 2 removed (the ones
  after it renumbered, so the id of the last no longer exists; that one also edited).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import quote

import pytest
from babel.support import NullTranslations

from checkout_support import git
from conftest import REPO, copy_corpus, keep_translations
from hostile_support import folio_in_process  # noqa: F401 - this module's `folio` runs in this process
from pipeline.build import build, load_corpus
from pipeline.render.site.fragments import Renderer
from pipeline.render.site.structure import plan
from site_support import broken_links, serving

RISTO = "corpus/sources/eu-ristos-events-period-1.en.txt"
DOC = "eu-risto/eu-risto-period-1"


def _replace_line(root: Path, starts: str, *lines: str) -> None:
    """The source line that starts with ``starts`` replaced by ``lines`` (none: removed)."""
    path = root / RISTO
    text = path.read_text("utf-8").split("\n")
    [at] = [n for n, line in enumerate(text) if line.startswith(starts)]
    text[at:at + 1] = lines
    path.write_text("\n".join(text), "utf-8")


def insert_precondition(root: Path) -> None:
    """The issue's edit: event 1 gets a new precondition 2; the old 2 becomes 3."""
    old = next(line for line in (root / RISTO).read_text("utf-8").split("\n")
               if line.startswith("2. Both SPA and POR have to accept"))
    _replace_line(root, old, "2. England is Catholic.", "3." + old[2:])


def edit_further(root: Path) -> None:
    _replace_line(root, "2. SPA and POR receive 50d.", "2. SPA and POR receive 60d <b>each</b>.")
    _replace_line(root, "1. Re-roll and do not mark off", "1. The Pope must approve the treaty.")
    _replace_line(root, "2. The house of Fugger provides SPA")
    for old, new in (("3. The controller of the imperial", "2."), ("4. The winner receives 75d", "3.")):
        line = next(line for line in (root / RISTO).read_text("utf-8").split("\n") if line.startswith(old))
        _replace_line(root, old, new + line[2:])
    _replace_line(root, "3. The winner receives 75d and 10 VP.", "3. The winner receives 75d and 15 VP.")


@pytest.fixture(scope="module")
def editions(tmp_path_factory) -> SimpleNamespace:
    base = tmp_path_factory.mktemp("editions")
    old, new, repo = (copy_corpus(base / name) for name in ("old", "new", "repo"))
    for root in (old, new, repo):  # event 1 translated, the others not: what the diff follows
        keep_translations(root, {"corpus/translations/eu-risto-period-1.ru.yaml": ("eu-risto:1:I",)})
    insert_precondition(new)
    shutil.copy(REPO / "mkdocs.yml", repo / "mkdocs.yml")
    shutil.copytree(REPO / "templates" / "mkdocs", repo / "templates" / "mkdocs")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "v1")
    git(repo, "tag", "v1")
    insert_precondition(repo)
    git(repo, "commit", "-qam", "a new precondition 2 in event 1")
    edit_further(repo)
    git(repo, "commit", "-qam", "a word, a rewritten precondition, a removed step")
    return SimpleNamespace(old=old, new=new, repo=repo)


def diff_json(folio, root: Path, *args: str) -> dict:
    run = folio(root, "diff", *args, "--format", "json")
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def risto(found: dict) -> dict:
    return next(d for d in found["documents"] if d["key"] == "eu-risto-period-1")


def test_an_inserted_precondition_is_renumbered_and_added_and_nothing_else(editions, folio):
    run = folio(editions.new, "diff", str(editions.old), str(editions.new))
    assert run.returncode == 0 and run.stderr == ""
    lines = run.stdout.splitlines()
    assert lines[:2] == [f"--- {editions.old}", "+++ working tree"]
    assert lines[2:7] == ["eu-risto-period-1: Risto's Events: Period I (1492-1519)",
                          "  renumbered (1):",
                          "    eu-risto:1:I/pre-2 -> eu-risto:1:I/pre-3",
                          "  added (1):",
                          "    eu-risto:1:I/pre-2: 2. England is Catholic."]
    assert not any(line.startswith(("  changed", "  removed", "  translations now stale",
                                    "  translations lost")) for line in lines)
    assert "    eu-risto:1:I/pre-2 (ru) -> eu-risto:1:I/pre-3" in "\n".join(lines)
    assert lines[-1].startswith("5 documents: 1 changed, 0 added, 0 removed, 4 unchanged; "
                                "units: 1 renumbered, 0 changed, 1 added, 0 removed, ")


def test_the_diff_as_json_counts_what_did_not_change(editions, folio):
    found = diff_json(folio, editions.new, str(editions.old), "WORKTREE")
    doc = risto(found)
    assert doc["status"] == "changed"
    assert doc["moved"] == [{"old": "eu-risto:1:I/pre-2", "new": "eu-risto:1:I/pre-3", "kind": "precondition",
                             "how": "moved", "similarity": 1.0, "old_number": "2", "new_number": "3",
                             "diff": [], "corrected": False,
                             # renumbered within its event, not moved to another place
                             "old_place": "eu-risto:1:I", "new_place": "eu-risto:1:I"}]
    assert [a["id"] for a in doc["added"]] == ["eu-risto:1:I/pre-2"]
    assert doc["changed"] == doc["removed"] == doc["stale"] == doc["lost"] == []
    [followed] = doc["followed"]
    assert (followed["old"], followed["new"], followed["lang"]) == ("eu-risto:1:I/pre-2", "eu-risto:1:I/pre-3", "ru")
    corpus, _ = load_corpus(editions.old)
    with_text = [u for u in corpus.units.values() if u.side().text]
    assert sum(d["unchanged"] for d in found["documents"]) == len(with_text) - 1
    assert [d["status"] for d in found["documents"] if d["key"] != doc["key"]] == ["unchanged"] * 4


def test_two_git_revisions_give_the_diff_of_two_directories(editions, folio):
    from_directories = diff_json(folio, editions.new, str(editions.old), str(editions.new))
    from_git = diff_json(folio, editions.repo, "v1", "HEAD~1")
    assert from_git["old"].startswith("v1 (") and from_git["new"].startswith("HEAD~1 (")
    assert from_git["documents"] == from_directories["documents"]


def test_a_word_edit_is_changed_with_its_word_diff_and_its_translation_is_stale(editions, folio):
    doc = risto(diff_json(folio, editions.repo, "HEAD~1", "HEAD"))
    [changed] = doc["changed"]
    assert changed["id"] == "eu-risto:1:I/events-phase/2"
    assert [c for c in changed["diff"] if c["op"] != "="] == [{"op": "-", "text": "50d."},
                                                               {"op": "+", "text": "60d <b>each</b>."}]
    [stale] = doc["stale"]
    assert (stale["unit"], stale["lang"]) == ("eu-risto:1:I/events-phase/2", "ru")
    text = folio(editions.repo, "diff", "HEAD~1", "HEAD").stdout
    assert "    eu-risto:1:I/events-phase/2: … and POR receive [-50d.-] {+60d <b>each</b>.+}" in text
    assert "  translations now stale (their source was edited) (1):" in text


def test_a_removed_step_is_removed_and_the_later_ones_renumbered(editions, folio):
    doc = risto(diff_json(folio, editions.repo, "HEAD~1", "WORKTREE"))
    removed = {r["id"]: r for r in doc["removed"]}
    assert set(removed) == {"eu-risto:2:I/events-phase/2", "eu-risto:1:I/pre-1"}
    assert removed["eu-risto:2:I/events-phase/2"]["texts"]["en"].startswith("2. The house of Fugger")
    assert removed["eu-risto:2:I/events-phase/2"]["within"] == "eu-risto:2:I/events-phase"
    assert [(m["old"], m["new"], m["how"]) for m in doc["moved"]] == [
        ("eu-risto:2:I/events-phase/3", "eu-risto:2:I/events-phase/2", "moved"),
        ("eu-risto:2:I/events-phase/4", "eu-risto:2:I/events-phase/3", "moved+changed")]
    assert [c for c in doc["moved"][1]["diff"] if c["op"] != "="] == [{"op": "-", "text": "10"},
                                                                      {"op": "+", "text": "15"}]
    text = folio(editions.repo, "diff", "HEAD~1", "HEAD").stdout
    assert ("    eu-risto:2:I/events-phase/4 -> eu-risto:2:I/events-phase/3\n"
            "      … receives 75d and [-10-] {+15+} VP.\n") in text
    # the rewritten precondition keeps its id and nothing else: its translation has no sentence
    assert [a["id"] for a in doc["added"]] == ["eu-risto:1:I/pre-1"]
    [lost] = doc["lost"]
    assert (lost["unit"], lost["lang"]) == ("eu-risto:1:I/pre-1", "ru")
    assert lost["text"].startswith("1. Перебросьте кости")


def test_one_document_only(editions, folio):
    found = diff_json(folio, editions.repo, "v1", "HEAD", "--document", "his-power-rules")
    assert [(d["key"], d["status"]) for d in found["documents"]] == [("his-power-rules", "unchanged")]
    run = folio(editions.repo, "diff", "v1", "HEAD", "--document", "eu-risto")
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr_lines == ["error: neither edition has a document 'eu-risto'; did you mean "
                                "eu-risto-period-1?"]


@pytest.mark.parametrize("name, message", [
    ("v9", "error: v9: neither a directory nor a git revision of the project"),
    ("--output=x", "error: '--output=x': neither a directory nor a git revision of the project"),
])
def test_an_edition_that_is_neither_a_directory_nor_a_revision_is_one_line(editions, folio, name, message):
    run = folio(editions.repo, "diff", "--", name, "HEAD")
    assert (run.returncode, run.stdout, run.stderr_lines) == (2, "", [message])


def test_an_error_in_an_old_edition_names_its_file_there(editions, folio, tmp_path):
    broken = tmp_path / "broken"
    (broken / "corpus").mkdir(parents=True)
    (broken / "corpus" / "manifest.yaml").write_text("version: 1\ndocuments: [\n", "utf-8")
    run = folio(editions.new, "diff", str(broken), "WORKTREE")
    assert run.returncode == 2 and len(run.stderr_lines) == 1
    assert run.stderr_lines[0].startswith(f"{broken}/corpus/manifest.yaml:3: error: ")
    assert "YAML" in run.stderr_lines[0]


# -- the website ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def site(editions) -> Path:
    """The last edition built, compared with v1 as its manifest says."""
    manifest = editions.repo / "corpus" / "manifest.yaml"
    manifest.write_text(manifest.read_text("utf-8").replace("version: 1\n", 'version: 1\nchanges_since: "v1"\n'),
                        "utf-8")
    build(editions.repo)
    return editions.repo / "site"


def page(site: Path, lang: str, path: str) -> str:
    return (site / lang / path / "index.html").read_text("utf-8")


def test_the_changes_page_lists_renumbered_changed_added_and_removed_rules(site):
    html = page(site, "en", f"{DOC}/changes")
    assert ('<a class="folio-change-where" href="../#eu-risto:1:I/pre-3">1:I TREATY OF TORDESILLAS</a> '
            '<span class="folio-change-number">number 2 → 3</span>') in html
    assert "2. SPA and POR receive <del>50d.</del> <ins>60d &lt;b&gt;each&lt;/b&gt;.</ins>" in html
    assert '<a class="folio-change-where" href="../#eu-risto:1:I/pre-2">1:I TREATY OF TORDESILLAS</a>' in html
    assert "2. The house of Fugger provides SPA" in html.split('id="changes-removed"')[1]
    renumbered = html.split('id="changes-renumbered"')[1].split('id="changes-changed"')[0]
    assert "number 4 → 3" in renumbered and "75d and <del>10</del> <ins>15</ins> VP." in renumbered
    assert "<b>each</b>" not in html
    assert "8 changes since the edition of" in html  # 3 renumbered, 1 changed, 2 added, 2 removed


def test_the_russian_changes_page_speaks_russian(site):
    html = page(site, "ru", f"{DOC}/changes")
    for heading in ("Перенумеровано", "Изменено", "Добавлено", "Удалено"):
        assert f">{heading}</h2>" in html
    assert "изменений по сравнению с редакцией от" in html
    assert "номер 2 → 3" in html
    assert "eu-risto:" not in html.split('<div class="folio-page folio-changes">')[1].replace('href="../#eu-risto:', "")
    # the removed precondition's translation was current in v1: shown in Russian
    assert "1. Перебросьте кости" in html.split('id="changes-removed"')[1]
    # a translation left on the id of a new sentence is of another text: the original is shown
    added = html.split('id="changes-added"')[1].split('id="changes-removed"')[0]
    assert '<p class="folio-change-text" lang="en">2. England is Catholic.</p>' in added


def test_the_document_page_links_to_its_changes_and_old_ids_land_on_their_units(site):
    for lang in ("en", "ru"):
        html = page(site, lang, DOC)
        assert '<p class="folio-meta folio-changes-link"><a href="changes/">' in html
        element = html.split('<li id="eu-risto:2:I/events-phase/3"', 1)[1].split("</li>", 1)[0]
        assert 'data-kind="effect"><span id="eu-risto:2:I/events-phase/4" class="folio-alias" ' \
               'aria-hidden="true"></span>' in element
        assert "The winner receives 75" in element
    assert broken_links(site) == []


def test_a_bookmark_of_a_renumbered_step_lands_on_it_in_a_browser(site, browser):
    with serving(site) as base:
        tab = browser.new_page(viewport={"width": 1280, "height": 700})
        try:
            tab.goto(f"{base}/ru/{DOC}/#{quote('eu-risto:2:I/events-phase/4')}")
            landed = tab.evaluate("""() => {
                const unit = document.querySelector(':target').closest('.folio-unit');
                const box = unit.getBoundingClientRect();
                return [unit.id, unit.textContent, box.top >= 0 && box.bottom <= innerHeight,
                        getComputedStyle(unit).backgroundColor];
            }""")
            assert landed[0] == "eu-risto:2:I/events-phase/3"
            assert "The winner receives 75d and 15 VP." in landed[1] and landed[2]
            assert landed[3] not in ("rgba(0, 0, 0, 0)", "transparent")  # marked as the target
        finally:
            tab.close()


def test_moving_the_baseline_tag_is_a_change_of_the_input(site, editions):
    assert build(editions.repo).corpus is None  # nothing changed: up to date
    git(editions.repo, "tag", "-f", "v1", "HEAD~1")  # the baseline is now the edition
    result = build(editions.repo)
    assert result.corpus is not None
    html = page(site, "en", f"{DOC}/changes")
    assert "number 2 → 3" not in html and "<del>50d.</del>" in html
    assert 'id="eu-risto:2:I/events-phase/4"' in page(site, "en", DOC)


def test_without_a_baseline_there_is_no_changes_page():
    corpus, _ = load_corpus(REPO)
    site = plan(corpus)
    assert not [p for p in site.pages if p.template == "changes"]
    html = Renderer(corpus, site, "en", NullTranslations(), None, []).page(
        site.page("document", "eu-risto-period-1")).html
    assert "folio-changes-link" not in html and "folio-alias" not in html


@pytest.mark.parametrize("value, message", [
    ("1.0", "changes_since must be a git revision in quotes, such as a tag"),
    ('"v9"', "changes_since v9: not a git revision of the project"),
])
def test_a_baseline_that_names_no_revision_is_refused_at_its_line(site, editions, folio, tmp_path, value,
                                                                  message):
    project = tmp_path / "project"
    shutil.copytree(editions.repo, project, ignore=shutil.ignore_patterns("site", "build"))
    manifest = project / "corpus" / "manifest.yaml"
    text = manifest.read_text("utf-8").replace('changes_since: "v1"', f"changes_since: {value}")
    manifest.write_text(text, "utf-8")
    line = text.split("\n").index(f"changes_since: {value}") + 1
    run = folio(project, "build")
    assert run.returncode == 2
    assert run.stderr_lines[-1].startswith(f"corpus/manifest.yaml:{line}: error: {message}")
    assert not (project / "site").exists()
