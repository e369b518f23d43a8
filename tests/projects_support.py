"""Small fixture projects (tests/projects/<case>/): unit-level tests build one of these, the
end-to-end tests the real corpus.

A case holds its corpus/; a project with a website gets the repository's own site
configuration (mkdocs.yml and the theme overrides it names), so that the small project's site
is framed as the real one is.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import REPO

PROJECTS = REPO / "tests" / "projects"


def small_project(case: str, dest: Path, *, site: bool = True) -> Path:
    """A repository root at ``dest`` holding tests/projects/``case``/ (and the website's
    configuration with ``site``), to build and edit."""
    shutil.copytree(PROJECTS / case, dest)
    if site:
        shutil.copy(REPO / "mkdocs.yml", dest / "mkdocs.yml")
        shutil.copytree(REPO / "templates" / "mkdocs", dest / "templates" / "mkdocs")
    return dest
