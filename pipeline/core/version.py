"""Folio's version, from one place: pyproject.toml in a checkout, package metadata otherwise."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import metadata
from pathlib import Path

_PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


@cache
def folio_version() -> str:
    # The checkout's pyproject wins: an editable install's metadata goes stale when the
    # version is bumped and nobody reinstalls.
    try:
        project = tomllib.loads(_PYPROJECT.read_text(encoding="utf-8")).get("project", {})
        if project.get("name") == "folio":
            return str(project["version"])
    except (OSError, tomllib.TOMLDecodeError, KeyError):
        pass
    try:
        return metadata.version("folio")
    except metadata.PackageNotFoundError:
        return "unknown"
