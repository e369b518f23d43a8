"""The fingerprint within one process (`folio serve` builds after every save): a file hashed
before is read again only when its status changed, and Folio's code is digested once, as the
process loaded it. What an editor notices: every save is seen, even two quick saves of the same
length; what a build files away is keyed by the code that made it."""

from __future__ import annotations

import os
import time
from pathlib import Path

from pipeline.incremental import fingerprint as prints


def _save(path: Path, text: str) -> None:
    aside = path.with_name(f".{path.name}.saving")  # as an editor saves: renamed into place
    aside.write_text(text, "utf-8")
    os.replace(aside, path)


def test_two_quick_saves_of_the_same_length_are_both_seen(tmp_path):
    source = tmp_path / "corpus" / "sources" / "a.en.txt"
    source.parent.mkdir(parents=True)
    source.write_text("Move into adjacent zones.\n", "utf-8")
    first = prints.project_tree(tmp_path, ("corpus",))
    source.write_text("Move into adjoined zones.\n", "utf-8")  # the same length, in place, at once
    second = prints.project_tree(tmp_path, ("corpus",))
    assert second != first
    _save(source, "Move into abutting zones.\n")
    assert prints.project_tree(tmp_path, ("corpus",)) not in (first, second)


def test_a_settled_file_is_not_read_again_and_an_edit_of_it_is_seen(tmp_path, monkeypatch):
    source = tmp_path / "corpus" / "sources" / "a.en.txt"
    source.parent.mkdir(parents=True)
    source.write_text("Move into adjacent zones.\n", "utf-8")
    old = time.time_ns() - 10_000_000_000
    os.utime(source, ns=(old, old))
    monkeypatch.setattr(prints, "_SETTLED_NS", -10**12)  # the file's change time counts as settled
    first = prints.project_tree(tmp_path, ("corpus",))
    read = []
    real_read = prints.project_files.read_real
    monkeypatch.setattr(prints.project_files, "read_real", lambda real, rel: read.append(rel) or real_read(real, rel))
    assert prints.project_tree(tmp_path, ("corpus",)) == first and read == []
    _save(source, "Move into neighbouring zones.\n")
    assert prints.project_tree(tmp_path, ("corpus",)) != first and read == ["corpus/sources/a.en.txt"]


def test_folio_code_is_digested_once_per_process(monkeypatch):
    loaded = prints.code_digest()
    # Folio's modules saved over while `folio serve` runs: the code running is still the old one
    monkeypatch.setattr(prints, "tree", lambda base, patterns: {"pipeline/build.py": "edited"})
    assert prints.code_digest() == loaded
