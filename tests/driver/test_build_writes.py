"""A build writes only build/, site/ and the caches it documents: never into Folio's own files.

Run on a clean checkout (tests/checkout_support.py) with Folio imported from that checkout, as a
developer runs it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from checkout_support import clean_checkout
from checkout_support import git as _git
from conftest import REPO, copy_corpus


@pytest.fixture(scope="module")
def checkout(tmp_path_factory) -> Path:
    clone = clean_checkout(tmp_path_factory.mktemp("clean") / "folio")
    assert _git(clone, "status", "--porcelain") == ""
    return clone


def _folio(folio_code: Path, root: Path, cwd: Path, cache: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(folio_code), "PYTHONIOENCODING": "utf-8",
           "PYTHONDONTWRITEBYTECODE": "1", "XDG_CACHE_HOME": str(cache)}
    return subprocess.run([sys.executable, "-m", "pipeline", "--root", str(root), *args], cwd=cwd,
                          env=env, capture_output=True, text=True, encoding="utf-8", timeout=600)


def _files(directory: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``directory`` (git's own and bytecode caches aside): size and mtime."""
    return {p.relative_to(directory).as_posix(): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in directory.rglob("*")
            if p.is_file() and ".git" not in p.parts and "__pycache__" not in p.parts}


def test_a_build_of_a_clean_checkout_leaves_git_status_empty(checkout, tmp_path):
    done = _folio(checkout, checkout, checkout, tmp_path / "cache", "build")
    assert done.returncode == 0, done.stderr
    assert (checkout / "site" / "en" / "index.html").is_file()
    assert _git(checkout, "status", "--porcelain") == ""
    # a string added to a template and not yet in the catalogs: a build used to write it into
    # messages.pot and ru/messages.po; now the only change is the one the developer made
    page = checkout / "templates" / "site" / "home.html"
    page.write_text(page.read_text("utf-8") + "<p>{{ _('A line not yet in the catalogs') }}</p>\n", "utf-8")
    try:
        done = _folio(checkout, checkout, checkout, tmp_path / "cache", "build")
        assert done.returncode == 0, done.stderr
        assert "A line not yet in the catalogs" in (checkout / "site" / "ru" / "index.html").read_text("utf-8")
        assert _git(checkout, "status", "--porcelain").splitlines() == [" M templates/site/home.html"]
    finally:
        _git(checkout, "checkout", "-q", "--", "templates/site/home.html")


def test_a_build_of_another_project_writes_nothing_outside_it(checkout, tmp_path):
    other = copy_corpus(tmp_path / "other")
    shutil.copy(REPO / "mkdocs.yml", other)
    shutil.copytree(REPO / "templates" / "mkdocs", other / "templates" / "mkdocs")
    elsewhere = tmp_path / "elsewhere"  # the directory the command is started from
    elsewhere.mkdir()
    before = _files(checkout)
    done = _folio(checkout, other, elsewhere, other / ".cache", "build")
    assert done.returncode == 0, done.stderr
    assert _files(checkout) == before
    assert list(elsewhere.iterdir()) == []
    assert (other / "build" / "corpus.json").is_file() and (other / "site" / "ru" / "index.html").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere", "other"]
