"""Shared fixtures: a private copy of the repository's corpus, and the `folio` CLI as a user runs it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

import pipeline.games  # noqa: F401 - every game registered, as the driver does: the rules, aids and table words

REPO = Path(__file__).resolve().parents[1]
#: the built website and the browser, shared by every module that tests them
pytest_plugins = ["site_fixtures"]


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str

    @property
    def stderr_lines(self) -> list[str]:
        return self.stderr.splitlines()


def copy_corpus(dest: Path) -> Path:
    """Copy the repository's corpus/ into ``dest`` (a repository root of its own) and return it."""
    shutil.copytree(REPO / "corpus", dest / "corpus")
    return dest


def tree_bytes(directory: Path) -> dict[str, bytes]:
    """Every file under ``directory`` with its exact bytes, by relative path."""
    return {path.relative_to(directory).as_posix(): path.read_bytes()
            for path in sorted(directory.rglob("*")) if path.is_file()}


def mark_fuzzy(root: Path, path: str, unit_id: str) -> None:
    """Mark one entry of a translation file as needing review, as a translator's tool would."""
    file = root / path
    lines = file.read_text("utf-8").split("\n")
    end = lines.index(f"  {unit_id}:") + 1
    while lines[end].startswith("    "):
        end += 1
    lines.insert(end, "    fuzzy: true")
    file.write_text("\n".join(lines), "utf-8")


def keep_translations(root: Path, keep: dict[str, tuple[str, ...]]) -> None:
    """Leave only the stored translations whose unit id starts with one of ``keep[file]``, in
    the named translation files, and no other translation file: a state that does not change
    as the real editions are completed."""
    from pipeline.link.translations.store import dump, load

    directory = root / "corpus" / "translations"
    for path in sorted(directory.glob("*.yaml")):
        rel = path.relative_to(root).as_posix()
        if rel not in keep:
            path.unlink()
            continue
        stored = load(root, rel)
        stored.entries = {k: e for k, e in stored.entries.items() if k.startswith(keep[rel])}
        path.write_text(dump(stored, list(stored.entries), stored.document), "utf-8")


@pytest.fixture(name="copy_corpus", scope="session")
def copy_corpus_fixture() -> Callable[[Path], Path]:
    return copy_corpus


@pytest.fixture(name="tree_bytes", scope="session")
def tree_bytes_fixture() -> Callable[[Path], dict[str, bytes]]:
    return tree_bytes


@pytest.fixture
def corpus_copy(tmp_path: Path) -> Path:
    """A repository root in tmp_path holding a copy of the real corpus/."""
    return copy_corpus(tmp_path)


@pytest.fixture(scope="session")
def folio() -> Callable[..., Run]:
    """Run `python -m pipeline --root ROOT ARGS...` in a subprocess, from inside ROOT."""

    def run(root: Path, *args: str) -> Run:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
        env["PYTHONIOENCODING"] = "utf-8"
        done = subprocess.run([sys.executable, "-m", "pipeline", "--root", str(root), *args],
                              cwd=root, env=env, capture_output=True, text=True, encoding="utf-8",
                              timeout=300)
        return Run(done.returncode, done.stdout, done.stderr)

    return run
