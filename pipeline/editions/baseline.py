"""The earlier edition the website compares with: ``changes_since`` in corpus/manifest.yaml.

A project names it by a git revision of its own repository, usually the tag of the edition it
last published (``changes_since: "v1.0"``); every document page then links to a "what changed"
page made from the edition diff (:mod:`.diff`) between that revision and the corpus being built,
and the old ids of renumbered units become aliases of their new anchors. The build fingerprints
the commit the revision names (pipeline/incremental/fingerprint.py), so moving the tag rebuilds the pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ..core.errors import FolioError
from ..core.model import Corpus
from ..read.manifest import MANIFEST, Baseline, load_baseline
from ..util import project_files
from . import revisions
from .diff import EditionDiff, diff_editions
from .worddiff import Misspellings


@dataclass
class ChangesSince:
    revision: str  # as the manifest names it
    commit: str
    date: datetime | None  # the commit's: what a reader is told the comparison is with
    diff: EditionDiff


def commit_of(root: Path) -> str | None:
    """The commit ``changes_since`` names, or None when the manifest names none."""
    baseline = _named(root)
    return _resolve(root, baseline) if baseline is not None else None


def named(root: Path) -> Baseline | None:
    """The baseline the manifest names, or None."""
    return _named(root)


@contextmanager
def exported(root: Path, baseline: Baseline) -> Iterator[revisions.Edition]:
    """The baseline's files, for the driver to load, for as long as the block runs."""
    _resolve(root, baseline)  # a revision that names no commit is the manifest's error
    with revisions.exported(root, baseline.revision) as old:
        yield old


def changes_since(baseline: Baseline, old: revisions.Edition, old_corpus: Corpus, corpus: Corpus,
                  misspellings: Misspellings | None = None) -> ChangesSince:
    """The edition diff from the baseline (``old``, loaded by the driver as ``old_corpus``) to
    ``corpus`` (the edition being built); ``misspellings`` tells a corrected slip from a changed
    word (pipeline/editions/worddiff.py)."""
    diff = diff_editions(old_corpus, corpus, old.label, "the edition being built", misspellings=misspellings)
    return ChangesSince(baseline.revision, old.commit or "", old.date, diff)  # a revision has its commit


#: the field outside a comment; anything it misses is a comment, which YAML ignores too
_NAMED = re.compile(r"^[^#\n]*\bchanges_since\b", re.MULTILINE)


def _named(root: Path) -> Baseline | None:
    try:
        if not _NAMED.search(project_files.read_bytes(root, MANIFEST).decode("utf-8-sig")):
            return None  # the common case, without parsing a large manifest once more
    except (OSError, UnicodeDecodeError, FolioError):
        pass  # load_baseline says what is wrong with the file
    return load_baseline(root)


def _resolve(root: Path, baseline: Baseline) -> str:
    try:
        return revisions.resolve(root, baseline.revision)
    except FolioError as error:
        raise FolioError(f"changes_since {error.message}", MANIFEST, baseline.line) from None
