"""Input files parsed ahead, on every core, for a reader that asks for them one by one.

The rule facts and the coverage files are read through a build's cache (a ``read(root, rel,
load)`` that calls ``load`` only for a file it does not hold). Parsing them is independent per
file, so the files the build's plan says changed are parsed beforehand on the build's cores;
the reader is then handed a ``load`` that gives back what was parsed, and parses any other file
itself. Which files are parsed ahead changes no result: a file the cache holds after all was
parsed for nothing, one it lacks unforeseen is parsed when asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import partial
from pathlib import Path
from typing import TypeVar

from ..core.errors import FolioError
from ..util import workers

T = TypeVar("T")


def parsed_ahead(root: Path, rels: list[str], fresh: Collection[str],
                 load: Callable[[Path, str], T], jobs: int) -> Callable[[Path, str], T]:
    """A ``load`` that gives what ``load`` made of each of ``rels`` that ``fresh`` holds, made on
    up to ``jobs`` processes beforehand (each given once), and loads any other file when asked.
    A file that could not be read is refused when it is asked for, where a serial reading
    would refuse it."""
    rels = [rel for rel in rels if rel in fresh]
    if jobs <= 1 or len(rels) <= 1:
        return load

    made = workers.refusals_returned(partial(load, root))
    found = dict(zip(rels, workers.run(made, rels, jobs=jobs, stage="rules"), strict=True))

    def given(at: Path, rel: str) -> T:
        value = found.pop(rel, None) if at == root else None
        if value is None:
            return load(at, rel)
        if isinstance(value, FolioError):
            raise value
        return value

    return given

