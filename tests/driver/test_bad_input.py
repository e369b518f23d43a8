"""Input as it arrives in real life: odd encodings and line endings are read and noted; input
Folio cannot use is refused with one line naming the file (and line), and the last good
build/ stays as it was.

Crafted sources are cut from real lines of corpus/sources/ and read with the risto-events
parser. The project is the small one of tests/projects/four-games/ (the real documents cut to a
few units, under new ids) listing only its Risto document, so the first build succeeds; `folio`
runs in this process (tests/hostile_support.py), so that a case costs what Folio spends on it
rather than a fresh interpreter's start.
"""

from __future__ import annotations

import json
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml

import pipeline.build
from hostile_support import folio_in_process  # noqa: F401 - this module's `folio` runs in this process
from pipeline.build import build
from pipeline.core.diagnostics import Diagnostic
from pipeline.i18n import catalogs as i18n
from pipeline.render.site.findings import Findings
from projects_support import small_project

REPO = Path(__file__).resolve().parents[2]
RISTO = "corpus/sources/eu-ristos-events-period-1.en.txt"
#: the project's Risto document: its key, its rulebook and its source, cut from RISTO
KEY, RULEBOOK, SMALL_RISTO = "eu-risto-period-1-x1", "eu-risto-x1", "corpus/sources/eu-ristos-events-period-1-x1.en.txt"
RUSSIAN = "corpus/sources/his-power-rules-england-france-papacy.ru.txt"


@dataclass
class Repo:
    root: Path
    entries: list[dict]
    baseline: dict[str, bytes] = field(default_factory=dict)

    @property
    def manifest(self) -> Path:
        return self.root / "corpus" / "manifest.yaml"

    def write_manifest(self) -> None:
        text = yaml.safe_dump({"version": 1, "documents": self.entries}, sort_keys=False,
                              allow_unicode=True, width=1000)
        self.manifest.write_text(text, encoding="utf-8")
        # Translations of documents this manifest leaves out would (rightly) be refused.
        kept = {entry["key"] for entry in self.entries}
        for path in (self.root / "corpus" / "translations").glob("*.yaml"):
            if path.name.split(".")[0] not in kept:
                path.unlink()

    def add(self, name: str, data: bytes | None, **fields: str) -> dict:
        """List corpus/sources/NAME in the manifest; write DATA there unless it is None.

        ``fields`` override the entry's fields; a field given as None is left out.
        """
        key = name.split(".")[0]
        entry = {"key": key, "game": "Europa Universalis", "rulebook": f"test-{key}",
                 "title": f"Test {key}", "edition": "crafted for a test", "language": "en",
                 "parser": "risto-events", "source": f"sources/{name}", **fields}
        entry = {name: value for name, value in entry.items() if value is not None}
        if data is not None:
            (self.root / "corpus" / "sources" / name).write_bytes(data)
        self.entries.append(entry)
        self.write_manifest()
        return entry

    def manifest_line(self, text: str) -> int:
        """The 1-based line of the last manifest line containing ``text`` (the newest entry's)."""
        lines = self.manifest.read_text(encoding="utf-8").split("\n")
        return max(n for n, line in enumerate(lines, 1) if text in line)

    def units(self, key: str) -> list[tuple]:
        data = json.loads((self.root / "build" / "corpus.json").read_text(encoding="utf-8"))
        return [(u["id"], u["kind"], u["children"],
                 [(s["text"], s["line_start"], s["line_end"]) for s in u["sides"].values()])
                for u in data["units"] if u["document"] == key and u["kind"] != "document"]


@pytest.fixture(scope="module")
def built(tmp_path_factory, folio) -> tuple[Path, list[dict]]:
    """A Risto-only project, built once: each test starts from a copy of it."""
    root = small_project("four-games", tmp_path_factory.mktemp("risto-only") / "project", site=False)
    manifest = yaml.safe_load((root / "corpus" / "manifest.yaml").read_text(encoding="utf-8"))
    repo = Repo(root, [e for e in manifest["documents"] if e["parser"] == "risto-events"])
    repo.write_manifest()
    run = folio(root, "build")
    assert run.returncode == 0, run.stderr
    return root, repo.entries


@pytest.fixture
def repo(built, tmp_path, tree_bytes) -> Repo:
    root = Path(shutil.copytree(built[0], tmp_path / "repo"))
    repo = Repo(root, [dict(entry) for entry in built[1]])
    repo.baseline = tree_bytes(root / "build")
    return repo


def real_lines(path: str) -> list[str]:
    return (REPO / path).read_text(encoding="utf-8").split("\n")


def small_risto() -> list[str]:
    """The title, period, modifiers and first event of the real Risto file, up to its first effects."""
    lines = real_lines(RISTO)
    end = next(n for n, line in enumerate(lines) if line.startswith("2. SPA and POR receive 50d."))
    return lines[:end + 1]


def text(lines: list[str], newline: str = "\n") -> str:
    return newline.join(lines) + newline


def assert_refused(run, repo: Repo, tree_bytes, *needles: str) -> None:
    assert run.returncode == 2, (run.returncode, run.stderr)
    assert "Traceback" not in run.stderr + run.stdout
    assert len(run.stderr_lines) == 1, run.stderr
    for needle in needles:
        assert needle in run.stderr, (needle, run.stderr)
    assert tree_bytes(repo.root / "build") == repo.baseline, "the previous build/ was changed"
    assert sorted(p.name for p in repo.root.iterdir()) == ["build", "corpus"], "temporary directories left"


# -- read, with a note ---------------------------------------------------------------------------

def test_windows_1251_is_read_correctly_and_noted(repo, folio):
    russian = [line for line in real_lines(RUSSIAN) if line.strip()][:4]
    repo.add("cp1251.ru.txt", text([*small_risto(), "", *russian]).encode("cp1251"), language="ru")
    run = folio(repo.root, "build")
    assert run.returncode == 0, run.stderr
    assert "corpus/sources/cp1251.ru.txt:1:1: info read-encoding: not UTF-8: read as windows-1251" \
        in run.stderr_lines
    # checks.json keeps the note's template: a Russian report says it in Russian
    note = next(Diagnostic.from_json(d) for d in json.loads((repo.root / "build/checks.json").read_text("utf-8"))
                if d["code"] == "read-encoding")
    ru = i18n.committed("ru")
    shown = Findings("ru", ru.gettext, ru.ngettext, str, lambda unit_id: None,
                     translates=i18n.translated_ids("ru").__contains__).message(note)
    assert shown.translated and "не UTF-8: прочитан как" in shown.html
    texts = "\n".join(side[0] for unit in repo.units("cp1251") for side in unit[3])
    for line in russian:
        assert line in texts


def test_a_utf8_byte_order_mark_is_removed_and_noted(repo, folio):
    repo.add("bom.en.txt", text(small_risto()).encode())
    assert folio(repo.root, "build").returncode == 0
    plain = repo.units("bom")
    (repo.root / "corpus/sources/bom.en.txt").write_bytes(b"\xef\xbb\xbf" + text(small_risto()).encode())
    run = folio(repo.root, "build")
    assert run.returncode == 0, run.stderr
    assert "corpus/sources/bom.en.txt:1:1: info read-bom: byte-order mark removed" in run.stderr_lines
    assert repo.units("bom") == plain


def test_crlf_line_endings_give_the_same_units_as_lf(repo, folio):
    repo.add("crlf.en.txt", text(small_risto()).encode())
    assert folio(repo.root, "build").returncode == 0
    lf = repo.units("crlf")
    (repo.root / "corpus/sources/crlf.en.txt").write_bytes(text(small_risto(), "\r\n").encode())
    run = folio(repo.root, "build")
    assert run.returncode == 0, run.stderr
    assert "corpus/sources/crlf.en.txt:1:1: info read-newline: CRLF line endings read as LF" in run.stderr_lines
    assert repo.units("crlf") == lf
    assert any(kind == "event" for _, kind, _, _ in lf)


# -- refused, with the previous build untouched -------------------------------------------------

@pytest.mark.parametrize("data", [b"", b"\n\n  \n"], ids=["empty", "blank-lines"])
def test_an_empty_file_is_refused(repo, folio, tree_bytes, data):
    repo.add("empty.en.txt", data)
    assert_refused(folio(repo.root, "build"), repo, tree_bytes,
                   "corpus/sources/empty.en.txt: error: the file is empty")


def test_a_file_with_no_recognisable_structure_is_refused(repo, folio, tree_bytes):
    prose = next(line for line in real_lines(RISTO) if line.startswith("These modifiers no longer apply"))
    repo.add("prose.en.txt", text([prose]).encode())
    assert_refused(folio(repo.root, "build"), repo, tree_bytes,
                   "corpus/sources/prose.en.txt: error: no recognisable structure")


def test_a_manifest_entry_for_a_missing_file_names_the_manifest_line(repo, folio, tree_bytes):
    repo.add("missing.en.txt", None)
    line = repo.manifest_line("source: sources/missing.en.txt")
    assert_refused(folio(repo.root, "build"), repo, tree_bytes,
                   f"corpus/manifest.yaml:{line}: error:", "corpus/sources/missing.en.txt does not exist")


BAD_ENTRIES = {
    "unknown-parser": ({"parser": "risto-event"}, "parser:", "unknown parser 'risto-event'"),
    "escapes-corpus": ({"source": "../../etc/passwd"}, "source:", "outside corpus/"),
    "absolute-path": ({"source": "/etc/passwd"}, "source:", "not absolute"),
    "unknown-language": ({"language": "de"}, "language:", "language 'de' is not one of en, ru"),
    "bad-key": ({"key": "Bad Key"}, "key: Bad Key", "key 'Bad Key' must be lower-case"),
    "unknown-field": ({"sorce": "x"}, "sorce:", "unknown field 'sorce'"),
    "number-not-text": ({"continues": 9}, "continues:", "'continues' must be a non-empty text"),
    "missing-field": ({"edition": None}, "- key: small", "lacks the required field(s) edition"),
    "key-used-twice": ({"key": KEY}, f"key: {KEY}", f"key '{KEY}' is used twice (first at line 3)"),
}


@pytest.mark.parametrize("fields,where,message", BAD_ENTRIES.values(), ids=BAD_ENTRIES.keys())
def test_an_invalid_manifest_entry_is_refused_at_its_line(repo, folio, tree_bytes, fields, where, message):
    repo.add("small.en.txt", text(small_risto()).encode(), **fields)
    line = repo.manifest_line(where)
    assert_refused(folio(repo.root, "build"), repo, tree_bytes, f"corpus/manifest.yaml:{line}: error:", message)


def test_a_source_symlinked_out_of_corpus_is_refused(repo, folio, tree_bytes, tmp_path_factory):
    outside = tmp_path_factory.mktemp("elsewhere") / "outside.en.txt"
    outside.write_text(text(small_risto()), encoding="utf-8")
    (repo.root / "corpus/sources/link.en.txt").symlink_to(outside)
    repo.add("link.en.txt", None)
    line = repo.manifest_line("source: sources/link.en.txt")
    assert_refused(folio(repo.root, "build"), repo, tree_bytes,
                   f"corpus/manifest.yaml:{line}: error:", "resolves outside corpus/")


def test_a_yaml_syntax_error_in_the_manifest_is_refused_with_its_line(repo, folio, tree_bytes):
    lines = repo.manifest.read_text(encoding="utf-8").split("\n")
    at = next(n for n, line in enumerate(lines, 1) if line.strip().startswith("game:"))
    lines[at - 1] = "    game: Europa: Universalis"
    repo.manifest.write_text("\n".join(lines), encoding="utf-8")
    assert_refused(folio(repo.root, "build"), repo, tree_bytes,
                   f"corpus/manifest.yaml:{at}: error: invalid YAML")


def test_a_manifest_without_documents_is_refused(repo, folio, tree_bytes):
    repo.manifest.write_text("version: 1\n", encoding="utf-8")
    assert_refused(folio(repo.root, "build"), repo, tree_bytes, "corpus/manifest.yaml:1: error:", "documents")


def _twice(repo: Repo) -> tuple[int, int]:
    """Add a Risto file whose first event header (and duration) comes twice; return both lines."""
    lines = small_risto()
    first = next(n for n, line in enumerate(lines, 1) if line.startswith("1: TREATY OF TORDESILLAS"))
    lines += ["", lines[first - 1], lines[first]]
    repo.add("dup.en.txt", text(lines).encode())
    return first, len(lines) - 1


def test_the_same_event_header_twice_is_refused_at_the_second(repo, folio, tree_bytes):
    _, second = _twice(repo)
    assert_refused(folio(repo.root, "build"), repo, tree_bytes,
                   f"corpus/sources/dup.en.txt:{second}: error: two units would get the id 'test-dup:1:I'")


def test_the_duplicate_id_error_names_where_the_first_one_is(repo, folio, tree_bytes):
    first, _ = _twice(repo)
    assert f"(the first is at line {first})" in folio(repo.root, "build").stderr


def test_a_heading_repeated_in_another_document_of_the_rulebook_is_refused(repo, folio, tree_bytes):
    # Two documents of one rulebook share its id namespace: the second `Period I` heading
    # would take the id the real Risto file's heading already has.
    lines = small_risto()
    period = next(n for n, line in enumerate(lines, 1) if line.startswith("Period I"))
    repo.add("again.en.txt", text(lines).encode(), rulebook=RULEBOOK)
    assert_refused(folio(repo.root, "build"), repo, tree_bytes,
                   f"corpus/sources/again.en.txt:{period}: error: two units would get the id "
                   f"'{RULEBOOK}:period-I' (the other is at {SMALL_RISTO}:{period})")


def test_a_failure_while_writing_leaves_the_previous_build(repo, tree_bytes, monkeypatch):
    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(pipeline.build, "write_yaml_docs", broken)
    with pytest.raises(OSError, match="disk full"):
        build(repo.root, clean=True)  # clean: with no input changed there is nothing to write
    assert tree_bytes(repo.root / "build") == repo.baseline
    assert sorted(p.name for p in repo.root.iterdir()) == ["build", "corpus"]


def test_a_failure_while_the_corpus_is_written_aside_leaves_the_previous_build(repo, tree_bytes, monkeypatch,
                                                                                 tmp_path):
    # corpus.json and build/corpus/ are written by a process forked before the checks: a check
    # that fails meanwhile ends it before the new build/ is removed, so that it neither writes
    # into a build/ that failed nor makes one again beside the project's
    go, started = tmp_path / "go", tmp_path / "started"
    written = pipeline.build.render_corpus

    def held(*args, **kwargs):
        started.touch()  # by the process forked for it: a failure before it would prove nothing
        for _ in range(200):  # the work aside, held until the build has failed
            if go.exists():
                break
            time.sleep(0.05)
        return written(*args, **kwargs)

    def broken(*args, **kwargs):
        for _ in range(200):
            if started.exists():
                break
            time.sleep(0.05)
        raise RuntimeError("a check failed")

    monkeypatch.setenv("FOLIO_JOBS", "2")
    monkeypatch.setattr(pipeline.build, "render_corpus", held)
    monkeypatch.setattr(pipeline.build, "check", broken)
    with pytest.raises(RuntimeError, match="a check failed"):
        build(repo.root, clean=True)
    assert started.exists(), "the corpus was being written aside when the check failed"
    go.touch()
    time.sleep(1)  # what the work aside, had it gone on, would have written by now
    assert tree_bytes(repo.root / "build") == repo.baseline
    assert sorted(p.name for p in repo.root.iterdir()) == ["build", "corpus"]
