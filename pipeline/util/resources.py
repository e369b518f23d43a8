"""Folio's own files besides its code: the templates and stylesheets, the interface catalogs.

They are package data, found through :mod:`importlib.resources`, so that an installed Folio
reads them from where it is installed and a build never looks into, or writes into, the
directory it was started from. The checkout keeps the templates in its top-level templates/
(the site's and the aids' designers work there); pyproject.toml ships that directory inside the
package as ``pipeline/templates``. Jinja2, WeasyPrint and MkDocs read files by path, so Folio
runs from a package on disk (a wheel installed, or a checkout), not from a zip.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path

PACKAGE = "pipeline"


@cache
def package() -> Path:
    """The directory of the ``pipeline`` package."""
    return Path(str(files(PACKAGE)))


@cache
def templates() -> Path:
    """templates/: inside the package when installed, beside it in a checkout."""
    shipped = package() / "templates"
    return shipped if shipped.is_dir() else package().parent / "templates"


def locale() -> Path:
    """The interface catalogs: messages.pot and <lang>/LC_MESSAGES/messages.po."""
    return package() / "i18n" / "locale"


def checkout() -> Path | None:
    """The Folio checkout the package runs from (the directory with babel.cfg and templates/),
    or None for an installed package: only a checkout's catalogs can be brought up to date."""
    here = package().parent
    return here if (here / "babel.cfg").is_file() and (here / "templates").is_dir() else None
