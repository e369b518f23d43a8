"""Folio installed as a package (a wheel, not editable) builds another directory's corpus: its
templates, stylesheets and catalogs are package data, not files of the checkout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from checkout_support import clean_checkout
from conftest import REPO, copy_corpus
from pipeline.core.model import LANGUAGES
from pipeline.render.aids.pdf import PAPERS
from pipeline.render.games import aids as registered_aids

AIDS = registered_aids()  # every registered game's (tests/conftest.py imports pipeline.games)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    # from a clean checkout: setuptools writes build/ and *.egg-info beside the sources
    source = clean_checkout(tmp_path_factory.mktemp("source") / "folio")
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check",
                           "-q", "-w", str(out), str(source)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    (found,) = out.glob("folio-*.whl")
    return found


def test_the_wheel_holds_every_module_template_and_catalog(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = {p.relative_to(REPO).as_posix() for p in (REPO / "pipeline").rglob("*")
              if p.is_file() and "__pycache__" not in p.parts}
    wanted |= {"pipeline/" + p.relative_to(REPO).as_posix() for p in (REPO / "templates").rglob("*") if p.is_file()}
    assert wanted - names == set()  # pyproject.toml names every package and its data


def test_an_installed_folio_builds_another_directory(wheel, tmp_path):
    target = tmp_path / "installed"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-compile", "-q",
                           "--disable-pip-version-check", "--target", str(target), str(wheel)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    project = copy_corpus(tmp_path / "project")
    shutil.copy(REPO / "mkdocs.yml", project)  # the project's website settings and theme overrides
    shutil.copytree(REPO / "templates" / "mkdocs", project / "templates" / "mkdocs")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    # the installed package only: PYTHONPATH names it, the checkout is not the working directory
    env = {**os.environ, "PYTHONPATH": str(target), "PYTHONIOENCODING": "utf-8",
           "PYTHONDONTWRITEBYTECODE": "1", "XDG_CACHE_HOME": str(tmp_path / "cache")}
    # (the virtualenv the tests run in may sit inside the checkout: its site-packages are the
    # dependencies, not Folio)
    where = subprocess.run([sys.executable, "-c", "import pipeline, sys; print(pipeline.__file__); "
                            "print(all(not p.startswith(sys.argv[1]) or p.startswith(sys.prefix) "
                            "for p in sys.path if p))", str(REPO)],
                           cwd=elsewhere, env=env, capture_output=True, text=True, timeout=60)
    assert where.stdout.split() == [str(target / "pipeline" / "__init__.py"), "True"], where.stderr
    done = subprocess.run([sys.executable, "-m", "pipeline", "--root", str(project), "build"], cwd=elsewhere,
                          env=env, capture_output=True, text=True, encoding="utf-8", timeout=600)
    assert done.returncode == 0, done.stderr
    assert "built 5 documents" in done.stdout
    assert (project / "build" / "corpus.json").is_file()
    home = (project / "site" / "ru" / "index.html").read_text("utf-8")
    assert "Игры и документы" in home  # the Russian catalog, shipped with the package
    assert "folio.css" in home
    aids = sorted(p.relative_to(project / "build" / "aids").as_posix()
                  for p in (project / "build" / "aids").rglob("*.pdf"))
    assert aids == sorted(f"{lang}/{aid.key}-{paper}.pdf" for aid in AIDS for lang in LANGUAGES for paper in PAPERS)
    assert (project / "site" / "en" / "assets" / "folio" / "folio.css").is_file()
