"""The plan (pipeline/incremental/plan.py): what a build redoes, decided once at its start.

As Sphinx's builder prints "updating environment: 0 added, 1 changed, 0 removed" and reads that
document alone, `folio build` says which documents were added, changed or removed since the
build in place, and its stages redo the work the plan names: the test counts what each stage
did (``BuildResult.touched``) against the plan. The project is the real corpus with its
documents renamed (benchmarks/scaled_corpus.py, copy 1), as in test_incremental.py.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pipeline.build import build, outdated
from pipeline.cli import main
from pipeline.incremental.fingerprint import fingerprint
from pipeline.incremental.plan import outdated as plan_of
from pipeline.parse import PARSERS
from pipeline.read.manifest import load_manifest
from pipeline.render.site.structure import plan as site_plan

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from scaled_corpus import generate

from conftest import REPO

VQ_KEY = "vq-deployment-actions-x1"
VQ = "corpus/sources/vq-spring-deployment-action-phase-x1.ru.txt"
WORD, EDITED = "В виде исключения", "В виде исключенья"  # vq-x1:11.1
WINTER = "his-winter-new-world-x1"
KIND = "old"  # pipeline/util/atomic.py: a replaced tree being removed
RULEBOOKS = ["eu-risto-x1", "his-x1", "vq-x1", "pop-x1"]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    root = generate(tmp_path_factory.mktemp("plan") / "project", 1, first=1)
    build(root)
    return root


@pytest.fixture
def project(built, tmp_path) -> Path:
    """A copy of the built project (sources, build/ and site/), to edit and rebuild."""
    return Path(shutil.copytree(built, tmp_path / "project", symlinks=True))


def edit(root: Path, path: str, old: str, new: str) -> None:
    file = root / path
    text = file.read_text("utf-8")
    assert old in text, (path, old)
    file.write_text(text.replace(old, new, 1), "utf-8")


def rendered_documents(result) -> set[str]:
    """The documents whose own pages a build rendered again, in either language."""
    pages = {page.path: page for page in site_plan(result.corpus).pages}
    shown = {path.split("/", 1)[1] for path in result.touched.get("pages", [])}
    return {pages[path].key for path in shown if path in pages and pages[path].template == "document"}


def rendered_reports(result) -> set[str]:
    """The pages over the whole corpus a build rendered again, by template."""
    pages = {page.path: page for page in site_plan(result.corpus).pages}
    shown = {path.split("/", 1)[1] for path in result.touched.get("pages", [])}
    return {pages[path].template for path in shown if path in pages and pages[path].template != "document"}


def snapshot(root: Path) -> dict[str, tuple[int, bytes]]:
    """Every file and directory under ``root``: its modification time and bytes."""
    found = {}
    for path in sorted(root.rglob("*")):
        found[path.relative_to(root).as_posix()] = (path.stat().st_mtime_ns,
                                                    path.read_bytes() if path.is_file() else b"")
    return found


def test_a_one_word_edit_is_planned_for_its_document_alone_and_only_it_is_redone(project, capsys):
    edit(project, VQ, WORD, EDITED)
    planned = outdated(project)
    assert (planned.added, planned.changed, planned.removed) == ((), (VQ_KEY,), ())
    assert len(planned.unchanged) == 4 and not planned.everything
    assert planned.line() == "updating: 0 added, 1 changed, 0 removed documents (4 unchanged)"
    assert planned.checks == ("vq-x1",) and planned.pages == (VQ_KEY,) and planned.facts == ()
    result = build(project)
    assert result.plan is not None and result.plan.to_json() == planned.to_json(), "the dry run is the build's plan"
    # read, parsed, translated and linked again: the planned document, and nothing else
    assert result.touched["read"] == [VQ_KEY] == list(planned.documents)
    assert result.stats["loaded made"] == 1 and result.stats["loaded reused"] == 4
    assert result.touched["checks"] == list(planned.checks)
    assert result.stats["checks made"] == 1 and result.stats["checks reused"] == 3
    assert rendered_documents(result) == set(planned.pages)
    assert rendered_reports(result) <= {*planned.reports, "game"}  # its game's outline lists its sections
    assert EDITED in (project / "site" / "ru" / "vq-x1" / VQ_KEY / "index.html").read_text("utf-8")


def test_a_removed_and_an_added_document_are_planned_and_only_their_rulebook_is_checked(project):
    manifest = project / "corpus" / "manifest.yaml"
    text = manifest.read_text("utf-8")
    start = text.index(f"- key: {WINTER}\n")
    end = text.index("- key: ", start + 1)
    translations = {path: path.read_bytes() for path in (project / "corpus" / "translations").glob(f"{WINTER}.*")}
    manifest.write_text(text[:start] + text[end:], "utf-8")
    for path in translations:
        path.unlink()  # a translation of a document the manifest does not name is refused
    removed = build(project)
    assert removed.plan is not None
    assert (removed.plan.added, removed.plan.changed, removed.plan.removed) == ((), (), (WINTER,))
    assert removed.plan.line().startswith("updating: 0 added, 0 changed, 1 removed documents (4 unchanged)")
    assert removed.touched.get("read", []) == [], "no document had to be read"
    # its rulebook's shard runs again; the others run too, as the Latin capitals of the English
    # texts (a value every shard reads, pipeline/check/shards.py) lost the removed document's:
    # what only the texts tell, which the plan leaves to the shards' keys
    assert removed.plan.checks == ("his-x1",) and set(removed.plan.checks) <= set(removed.touched["checks"])
    assert not (project / "site" / "ru" / "his-x1" / WINTER).exists()

    manifest.write_text(text, "utf-8")  # the document back, with its translations
    for path, data in translations.items():
        path.write_bytes(data)
    added = build(project)
    assert added.plan is not None
    assert (added.plan.added, added.plan.changed, added.plan.removed) == ((WINTER,), (), ())
    assert added.touched["read"] == [WINTER]
    assert added.plan.checks == ("his-x1",) and set(added.plan.checks) <= set(added.touched["checks"])
    assert rendered_documents(added) == {WINTER} == set(added.plan.pages)
    assert "menu" in added.plan.reports, "the menu lists it again: MkDocs frames every page anew"
    assert (project / "site" / "ru" / "his-x1" / WINTER / "index.html").is_file()


def test_a_changed_glossary_marks_every_check_shard_and_page_and_no_document_to_read(project):
    glossary = project / "corpus" / "glossary.yaml"
    glossary.write_text(glossary.read_text("utf-8") + "# reviewed\n", "utf-8")
    result = build(project)
    assert result.plan is not None
    assert result.plan.line() == ("updating: 0 added, 0 changed, 0 removed documents (5 unchanged); "
                                  "changed: glossary.yaml")
    assert result.plan.documents == () and result.touched.get("read", []) == []
    assert sorted(result.plan.checks) == sorted(RULEBOOKS) == sorted(result.touched["checks"])
    assert rendered_documents(result) == set(result.plan.pages) and len(result.plan.pages) == 5
    assert "glossary" in result.plan.reports and "glossary" in rendered_reports(result)


def test_a_changed_checks_yaml_reconfigures_the_findings_and_runs_no_check_shard(project):
    checks = project / "corpus" / "checks.yaml"
    checks.write_text(checks.read_text("utf-8") + "# reviewed\n", "utf-8")
    result = build(project)
    assert result.plan is not None and result.plan.inputs == ("corpus/checks.yaml",)
    assert result.plan.checks == () and result.touched.get("checks", []) == []
    assert result.plan.documents == () and result.touched.get("read", []) == []
    assert result.plan.pages == () and rendered_documents(result) == set()
    assert "report" in result.plan.reports and rendered_reports(result) <= set(result.plan.reports)


def test_a_dry_run_writes_nothing(project, capsys, tmp_path):
    edit(project, VQ, WORD, EDITED)
    leftover = project / f".build.{KIND}-0123abcd"  # what a killed build left: a build clears it
    leftover.mkdir()
    before = snapshot(project)
    assert main(["--root", str(project), "build", "--dry-run"]) == 0
    said = capsys.readouterr().out
    assert said.splitlines()[0] == "updating: 0 added, 1 changed, 0 removed documents (4 unchanged)"
    assert f"changed  {VQ_KEY}" in said and "check shards (rulebooks): vq-x1" in said
    assert snapshot(project) == before, "the dry run wrote, or removed, a file"
    # a project never built: its plan is every document, and no build/ or site/ appears
    fresh = Path(shutil.copytree(project, tmp_path / "fresh", ignore=shutil.ignore_patterns("build", "site")))
    assert main(["--root", str(fresh), "build", "--dry-run"]) == 0
    said = capsys.readouterr().out
    assert said.startswith("updating: 5 added, 0 changed, 0 removed documents (0 unchanged); no build to update")
    assert sorted(os.listdir(fresh)) == sorted(name for name in os.listdir(project) if name not in ("build", "site"))
    # nothing changed since the build in place: the dry run says so
    build(project)
    assert main(["--root", str(project), "build", "--dry-run"]) == 0
    assert capsys.readouterr().out == "updating: nothing, the build in place is current\n"


REAL = load_manifest(REPO, PARSERS)
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)
RECORDED = st.fixed_dictionaries({
    "code": st.text(max_size=4) | JSON,
    "inputs": st.dictionaries(st.text(max_size=30), st.text(max_size=8), max_size=4) | JSON,
    "documents": st.dictionaries(st.sampled_from([d.key for d in REAL]) | st.text(max_size=8),
                                 st.fixed_dictionaries({"digest": st.text(max_size=8), "rulebook": st.text(max_size=8)})
                                 | JSON, max_size=6) | JSON})


@given(st.one_of(JSON, RECORDED))
def test_a_planted_manifest_never_makes_a_document_current(manifest):
    # build/.cache/manifest.json is read back as found: whatever it says, a document whose digest
    # it does not hold is read again, and the plan names every document once
    now = _real_fingerprint()
    planned = plan_of(now, REAL, manifest if isinstance(manifest, dict) else None)
    recorded = manifest.get("documents") if isinstance(manifest, dict) else None
    for key in planned.unchanged:
        assert isinstance(recorded, dict) and recorded[key]["digest"] == planned.digests[key]
    assert sorted((*planned.documents, *planned.unchanged)) == sorted(d.key for d in REAL)
    assert planned.line().startswith("updating: ")


_FINGERPRINT: list = []


def _real_fingerprint():
    if not _FINGERPRINT:
        _FINGERPRINT.append(fingerprint(REPO))
    return _FINGERPRINT[0]


def test_a_build_in_place_that_recorded_no_documents_is_updated_whole():
    now = _real_fingerprint()
    older = {"build": "x", "inputs": now.files, "code": now.code}  # an older Folio's manifest
    planned = plan_of(now, REAL, older)
    assert planned.everything and planned.added == tuple(d.key for d in REAL)
    assert planned.line().endswith("; the build in place is from an older Folio")
    assert planned.checks == ("eu-risto", "his", "vq", "pop")
    recorded = {d.key: {"digest": now.document(d), "rulebook": d.rulebook} for d in REAL}
    current = plan_of(now, REAL, {**older, "documents": recorded})
    assert not current.everything and current.documents == () and current.checks == ()
    changed_code = plan_of(now, REAL, {**older, "code": "other", "documents": recorded})
    assert changed_code.everything and changed_code.line().endswith("; Folio's code or tools changed")
    assert changed_code.checks == planned.checks
    # a document moved to another rulebook: both rulebooks' shards run again
    moved = {**recorded, "vq-deployment-actions": {"digest": "its entry before", "rulebook": "his"}}
    assert plan_of(now, REAL, {**older, "documents": moved}).checks == ("his", "vq")
