"""The fact and coverage files a build reads again are parsed ahead on every core: the reader
gets the same facts, each file once, and a file that cannot be read is still refused at its line,
in the files' order."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pipeline.core.errors import FolioError
from pipeline.rules import coverage as coverage_module
from pipeline.rules import facts as facts_module
from pipeline.rules.ahead import parsed_ahead
from pipeline.rules.coverage import load_entries
from pipeline.rules.facts import load_facts
from rules_support import ROOT


def _reader(asked: list[str]):
    def read(root: Path, rel: str, load):
        asked.append(rel)
        return load(root, rel)
    return read


def _logged(log: Path, load):
    """``load``, writing each file it parses to ``log``, whichever process parses it."""
    def logged(root: Path, rel: str):
        with log.open("a") as out:
            out.write(rel + "\n")
        return load(root, rel)
    return logged


def _every(root: Path, directory: str) -> list[str]:
    """Every file of ``directory`` that a build which makes everything parses ahead."""
    return [path.relative_to(root).as_posix() for path in (root / directory).glob("*.yaml")]


def _parsed(log: Path) -> list[str]:
    return log.read_text().split() if log.exists() else []


def test_facts_parsed_ahead_on_two_processes_are_the_facts_read_one_by_one(tmp_path, monkeypatch):
    log = tmp_path / "parsed"
    monkeypatch.setattr(facts_module, "_load_file", _logged(log, facts_module._load_file))
    asked: list[str] = []
    parsed_when_asked: list[str] = []

    def read(root: Path, rel: str, load):
        before = len(_parsed(log))
        found = _reader(asked)(root, rel, load)
        parsed_when_asked.extend(_parsed(log)[before:])
        return found

    ahead = load_facts(ROOT, read, fresh=_every(ROOT, "corpus/rules"), jobs=2)
    monkeypatch.undo()
    serial = load_facts(ROOT)
    assert ahead.facts == serial.facts and ahead.files == serial.files
    assert asked == sorted(asked) and len(asked) == len(serial.files)  # each file asked for once, in order
    # each parsed once, before the reader asked for any: ahead, not when asked
    assert sorted(_parsed(log)) == asked and parsed_when_asked == []


def test_coverage_entries_parsed_ahead_are_those_read_one_by_one(tmp_path, monkeypatch):
    log = tmp_path / "parsed"
    monkeypatch.setattr(coverage_module, "_load_file", _logged(log, coverage_module._load_file))
    parsed_when_asked: list[str] = []

    class Memo:
        def __init__(self) -> None:
            self.asked: list[str] = []

        def read(self, root: Path, rel: str, load):
            before = len(_parsed(log))
            found = _reader(self.asked)(root, rel, load)
            parsed_when_asked.extend(_parsed(log)[before:])
            return found

    memo = Memo()
    ahead = load_entries(ROOT, memo=memo, fresh=_every(ROOT, "corpus/rules/coverage"), jobs=2)  # type: ignore[arg-type]
    monkeypatch.undo()
    assert ahead == load_entries(ROOT) and len(memo.asked) > 1
    # each parsed once, before the reader asked for any: ahead, not when asked
    assert sorted(_parsed(log)) == sorted(memo.asked) and parsed_when_asked == []


def test_a_file_parsed_ahead_is_given_once_and_another_is_parsed_when_asked(tmp_path):
    for name in ("a", "b", "c"):
        (tmp_path / name).write_text(name)
    log = tmp_path / "parsed"

    def load(root: Path, rel: str) -> str:
        return (root / rel).read_text().upper()

    given = parsed_ahead(tmp_path, ["a", "b", "c"], ["a", "b"], _logged(log, load), jobs=2)
    assert sorted(_parsed(log)) == ["a", "b"]  # the foreseen files, each parsed once, beforehand
    assert [given(tmp_path, rel) for rel in ("a", "b", "c")] == ["A", "B", "C"]
    assert _parsed(log)[2:] == ["c"]  # not foreseen: parsed when asked
    assert given(tmp_path, "a") == "A" and _parsed(log)[2:] == ["c", "a"]  # given once: asked again, parsed again


def test_a_malformed_fact_file_parsed_ahead_is_refused_at_its_line_after_the_files_before_it(tmp_path):
    shutil.copytree(ROOT / "corpus" / "rules", tmp_path / "corpus" / "rules",
                    ignore=shutil.ignore_patterns("coverage"))
    files = sorted((tmp_path / "corpus" / "rules").glob("*.yaml"))
    assert len(files) >= 3
    for bad in files[1:]:  # two broken files: the first in order is the one refused
        bad.write_text(bad.read_text("utf-8").replace("facts:", "facts: 1\nstray:", 1), "utf-8")
    asked: list[str] = []
    with pytest.raises(FolioError) as refused:
        load_facts(tmp_path, _reader(asked), fresh=_every(tmp_path, "corpus/rules"), jobs=2)
    assert refused.value.path == files[1].relative_to(tmp_path).as_posix() and refused.value.line
    assert asked == [f.relative_to(tmp_path).as_posix() for f in files[:2]]
