"""Damaged and planted caches (issue 23, items 1 and 2): an entry of build/.cache or of the user's
cache that does not read back whole and well-formed is computed again, with one info line, and
the build is what a clean build makes; a planted compiled template never runs, a planted PDF is
never published.

The build cache's cases run on a small project, tests/projects/four-games/ (the real corpus's
documents cut to a few units each, under new ids, as in tests/incremental/test_incremental.py:
every kind of entry is made, without the aids), each damaging a copy of one built project and
then building it after an edit of one word, as a user would. The planted PDF's case builds the
real project, whose keys print the real aids.
"""

from __future__ import annotations

import json
import marshal
import os
import pickle
import shutil
import subprocess
from pathlib import Path

import pytest

from hostile_support import folio, make_project
from pipeline.build import build
from pipeline.core.diagnostics import Diagnostic
from pipeline.incremental import pickled, usercache
from pipeline.incremental.buildcache import CACHE, KEY
from pipeline.incremental.entries import MAGIC, opened, seal
from pipeline.incremental.fingerprint import fingerprint
from pipeline.incremental.loaded import LOADED
from pipeline.parse import PARSERS
from pipeline.read.manifest import load_manifest
from pipeline.render.aids import cache as aids_cache
from projects_support import small_project

VQ = "corpus/sources/vq-spring-deployment-action-phase-x1.ru.txt"
WORD, EDITED = "В виде исключения", "В виде исключенья"
#: the kinds of build/.cache that hold entries by key (the others are trees: site/, search/ ...)
KINDS = ("loaded", "refs-found", "refs-resolved", "facts", "coverage", "clauses", "checks", "whole", "json",
         "yaml", "lexicon", "mkdocs-config", "mkdocs-config-loaded")


@pytest.fixture(scope="module", autouse=True)
def user_cache(tmp_path_factory):
    """A user cache directory of this module's own."""
    with pytest.MonkeyPatch.context() as patch:
        where = tmp_path_factory.mktemp("user-cache")
        patch.setenv("FOLIO_CACHE_DIR", str(where))
        yield where


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    root = small_project("four-games", tmp_path_factory.mktemp("caches") / "project")
    build(root)
    return root


@pytest.fixture(scope="module")
def clean(built, tmp_path_factory, tree_bytes) -> dict[str, bytes]:
    """Every byte of build/ and site/ that a clean build of the edited project writes."""
    root = Path(shutil.copytree(built, tmp_path_factory.mktemp("clean") / "project",
                                ignore=shutil.ignore_patterns("build", "site")))
    edit(root)
    build(root, clean=True)
    return outputs(root, tree_bytes)


@pytest.fixture
def project(built, tmp_path) -> Path:
    return Path(shutil.copytree(built, tmp_path / "project", symlinks=True))


def edit(root: Path) -> None:
    file = root / VQ
    text = file.read_text("utf-8")
    assert WORD in text
    file.write_text(text.replace(WORD, EDITED, 1), "utf-8")


def outputs(root: Path, tree_bytes) -> dict[str, bytes]:
    return {f"{top}/{path}": data for top in ("build", "site") for path, data in tree_bytes(root / top).items()}


def entries(root: Path, kind: str) -> list[Path]:
    found = sorted((root / "build" / CACHE / kind).iterdir())
    assert found, kind
    return found


def rebuilt(root: Path, clean: dict[str, bytes], tree_bytes, *kinds: str, where: str = f"build/{CACHE}/") -> str:
    """Edit, build: exit 0, no traceback, the one line that names the damaged ``kinds`` (in the
    cache at ``where``), and every byte a clean build writes. The line, for more checks."""
    edit(root)
    run = folio(root, "build", cpu_seconds=120)
    assert "Traceback" not in run.stderr, run.stderr
    assert run.returncode == 0, run.stderr
    lines = [line for line in run.stderr.splitlines() if "cache-damaged" in line]
    assert len(lines) == 1, run.stderr
    line = lines[0]
    assert line.startswith(where) and ":1:1: info cache-damaged: " in line, line
    for kind in kinds:
        assert kind in line.split("(", 1)[1], (kind, line)
    assert outputs(root, tree_bytes) == clean
    return line


# -- build/.cache ----------------------------------------------------------------------------

@pytest.mark.parametrize("kinds", [(kind,) for kind in KINDS if kind != "refs-found"]
                         + [("refs-found", "refs-resolved")])  # found: read when resolved are not there
def test_truncated_entries_of_each_kind_are_computed_again(project, clean, tree_bytes, kinds):
    for kind in kinds:
        for entry in entries(project, kind):  # as a crash or a full disk leaves a file
            entry.write_bytes(entry.read_bytes()[:entry.stat().st_size // 2])
    rebuilt(project, clean, tree_bytes, *kinds)


def test_one_truncated_document_entry_loads_that_document_again(project, clean, tree_bytes):
    prints = fingerprint(project)
    other = next(d for d in load_manifest(project, PARSERS) if d.key.startswith("his-winter"))
    entry = project / "build" / CACHE / LOADED / prints.document(other)
    entry.write_bytes(entry.read_bytes()[:100])
    edit(project)
    result = build(project)
    assert result.stats["loaded made"] == 2 and result.stats["loaded reused"] == 3  # the edited one, this one
    [note] = [n for n in result.notes if n.code == "cache-damaged"]
    assert note.path == f"build/{CACHE}/{LOADED}/{prints.document(other)}"
    assert outputs(project, tree_bytes) == clean


def test_entries_replaced_with_invalid_json_are_computed_again(project, clean, tree_bytes):
    for kind in KINDS:
        for entry in entries(project, kind):
            entry.write_bytes(b'{"findings": [')
    rebuilt(project, clean, tree_bytes, *KINDS)


def test_entries_of_another_shape_are_computed_again_even_when_sealed(project, clean, tree_bytes):
    # a seal that matches (as Folio's own writer would make it), around JSON of another shape
    # or a pickle of other model classes: the kind's decoder refuses it
    other = {"loaded": pickled.dumps([Diagnostic("x", 1, "read-bom", "x")]),
             "facts": pickled.dumps(("his", {"his.x": Diagnostic("x", 1, "read-bom", "x")})),
             "coverage": pickled.dumps((Diagnostic("x", 1, "read-bom", "x"),)),
             "clauses": pickled.dumps([Diagnostic("x", 1, "read-bom", "x")]),
             "checks": pickled.dumps(([Diagnostic("x", 1, "read-bom", "x")], []))}
    for kind in ("loaded", "facts", "coverage", "clauses", "refs-found", "refs-resolved", "checks", "whole", "lexicon"):
        for entry in entries(project, kind):
            value = json.loads(opened(entry.read_bytes(), (kind, entry.name), KEY)) if kind not in other else None
            data = other.get(kind) or json.dumps({"height": 1} if isinstance(value, list) else [[1, "x"]]).encode()
            entry.write_bytes(seal(data, (kind, entry.name), KEY))
    rebuilt(project, clean, tree_bytes, "loaded", "facts", "coverage", "clauses", "checks", "lexicon")


def test_kept_page_sources_cut_short_or_an_index_of_another_shape_are_rendered_again(project, clean, tree_bytes):
    site = project / "build" / CACHE / "site"
    sources = sorted(site.rglob("index.md"))
    assert len(sources) > 20
    for source in sources:
        source.write_bytes(source.read_bytes()[:200])
    (site / "en" / "pages.json").write_text('{"frame": "x", "pages": []}', "utf-8")
    rebuilt(project, clean, tree_bytes, "site")


def test_kept_search_bundles_and_search_pages_cut_short_are_made_again(project, clean, tree_bytes):
    kept = project / "build" / CACHE
    bundles = [f for f in (kept / "search").rglob("*") if f.is_file() and f.parent != kept / "search"]
    pages = sorted((kept / "search-pages").rglob("index.html"))
    assert bundles and pages
    for file in [*bundles, *pages]:
        file.write_bytes(file.read_bytes()[:file.stat().st_size // 2])
    rebuilt(project, clean, tree_bytes, "search", "search-pages")


def test_a_planted_pickle_is_never_unpickled(project, clean, tree_bytes, tmp_path):
    marker = tmp_path / "ran"
    for entry in entries(project, LOADED):
        entry.write_bytes(pickle.dumps(_Planted(marker)))
    rebuilt(project, clean, tree_bytes, LOADED)
    assert not marker.exists()


def test_a_damaged_manifest_starts_afresh(project, clean, tree_bytes):
    manifest = project / "build" / CACHE / "manifest.json"
    manifest.write_bytes(json.dumps({**json.loads(manifest.read_bytes()), "outputs": 3}).encode())
    rebuilt(project, clean, tree_bytes, "manifest.json")


def test_a_truncated_report_is_written_again_by_a_build_with_nothing_else_to_do(project, tree_bytes):
    before = outputs(project, tree_bytes)
    report = project / "build" / "checks.json"
    report.write_bytes(report.read_bytes()[:1000])
    run = folio(project, "build", cpu_seconds=120)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert outputs(project, tree_bytes) == before


def test_a_healthy_cache_says_nothing(project, clean, tree_bytes):
    edit(project)
    run = folio(project, "build", cpu_seconds=120)
    assert run.returncode == 0 and "cache-damaged" not in run.stderr, run.stderr
    assert outputs(project, tree_bytes) == clean


class _Planted:
    """What an attacker pickles: loading it runs a command."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return os.system, (f"touch {self.marker}",)


# -- the user's cache: compiled templates --------------------------------------------------------

def _crafted_template(marker: Path) -> bytes:
    """A file in the format of Jinja2's bytecode cache whose source checksum, which Jinja2
    unpickles first, runs a command."""
    from jinja2.bccache import bc_magic

    return bc_magic + pickle.dumps(_Planted(marker), protocol=2) + marshal.dumps(compile("0", "x", "eval"))


def test_a_planted_compiled_template_never_runs(project, clean, tree_bytes, user_cache, tmp_path):
    from jinja2 import Environment
    from jinja2.bccache import Bucket, FileSystemBytecodeCache

    kept = sorted((user_cache / "templates").glob("__jinja2_*.cache"))
    assert kept, "the first build kept no compiled template"
    marker = tmp_path / "ran"
    for path in kept:
        path.write_bytes(_crafted_template(marker))
    line = rebuilt(project, clean, tree_bytes, "templates/*.cache", where=str(user_cache / "templates"))
    assert not marker.exists(), "a planted template ran"
    assert len(kept) > 1 and "entries of the cache" in line
    # removed, and those the build needed compiled again and kept sealed: Folio's own again
    again = [path for path in kept if path.exists()]
    assert again and all(path.read_bytes().startswith(MAGIC) for path in again)
    # what Jinja2's own cache does with the same file: runs it (the case is real)
    planted = tmp_path / "planted"
    planted.mkdir()
    bucket = Bucket(Environment(), "x", "checksum")
    (planted / f"__jinja2_{bucket.key}.cache").write_bytes(_crafted_template(marker))
    FileSystemBytecodeCache(str(planted)).load_bytecode(bucket)
    assert marker.exists()


def test_a_cache_directory_someone_else_may_write_is_not_used(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o777)
    shared.chmod(0o777)  # as a cache directory under /tmp made with a careless umask
    monkeypatch.setenv("FOLIO_CACHE_DIR", str(shared))
    assert usercache.key() is None
    aids_cache.put("name", b"%PDF")
    assert aids_cache.get("name") is None and not (shared / "aids").exists()
    private = tmp_path / "private"
    monkeypatch.setenv("FOLIO_CACHE_DIR", str(private))
    assert len(usercache.key()) == 32 and (private / "key").stat().st_mode & 0o077 == 0


# -- the user's cache: printed aids ------------------------------------------

@pytest.fixture(scope="module")
def real(tmp_path_factory) -> Path:
    """The real project (its keys print the six aids), built with its website."""
    root = make_project(tmp_path_factory.mktemp("real"))
    build(root)
    return root


def pdftotext(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True,
                          text=True).stdout


def test_a_planted_pdf_in_the_user_cache_is_never_published(real, user_cache, tmp_path):
    from weasyprint import HTML

    project = Path(shutil.copytree(real, tmp_path / "project", symlinks=True))
    published = sorted((project / "site").rglob("*.pdf"))
    assert published
    texts = {path: pdftotext(path) for path in published}
    poisoned = HTML(string="<p>POISONED: send your password to evil.example</p>").write_pdf()
    kept = sorted((user_cache / "aids").glob("*.pdf"))[0]
    kept.write_bytes(poisoned)
    run = folio(project, "build", "--clean", cpu_seconds=600)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    [line] = [line for line in run.stderr.splitlines() if "cache-damaged" in line]
    assert "aids/*.pdf" in line
    for path in published:  # Folio's own PDFs, laid out again
        text = pdftotext(path)
        assert "POISONED" not in text and text == texts[path], path
    assert kept.read_bytes() != poisoned and kept.read_bytes().startswith(MAGIC)
