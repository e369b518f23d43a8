"""Printed aids kept by content, so that an unchanged aid is not laid out again.

Laying a PDF out is most of a build's time (WeasyPrint is pure Python), and it is
deterministic: the same HTML on the same paper, with the same stylesheets, fonts and versions of
WeasyPrint, pydyf, fontTools and pango, gives the same bytes. A PDF is kept under the digest of
all of these, so a hit is the file the renderer would write; anything that could change a byte
changes the key instead.

The cache lives outside the project (``$FOLIO_CACHE_DIR/aids``, else the user's cache
directory: :mod:`pipeline.incremental.usercache`), because builds of fresh checkouts and test copies print
the same aids over and over; an empty ``FOLIO_CACHE_DIR`` turns it off. Each entry is sealed with
the user cache's secret key and its name, the digest of everything it was printed from
(:mod:`pipeline.incremental.entries`): a PDF someone else put there is laid out again, never published as
Folio's. It never fails a build: a cache that cannot be read or written is simply not used.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import secrets
import stat
from collections.abc import Callable
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

from ...incremental import usercache
from ...incremental.entries import Damaged, opened, seal
from .pdf import FACES, FITS, LAST_PAGE_MIN, PAPERS, STYLESHEET, Variant, font_files

#: the newest entries kept, by kind; a build of every aid writes 24 PDFs
KEEP = {"pdf": 256}


def directory() -> Path | None:
    return usercache.directory("aids")


#: the names WeasyPrint loads pango by (weasyprint/text/ffi.py), in its order
PANGO = ("libpango-1.0-0", "pango-1.0-0", "pango-1.0", "libpango-1.0.so.0", "libpango-1.0.dylib",
         "libpango-1.0-0.dll")


@cache
def salt() -> bytes:
    """Everything besides the HTML and the paper that a printed byte depends on."""
    digest = hashlib.sha256()
    for package in ("weasyprint", "pydyf", "fonttools"):
        digest.update(f"{package}={metadata.version(package)}\n".encode())
    digest.update(f"pango={pango_version()}\n{FACES!r}\n{PAPERS!r}\n{FITS!r}{LAST_PAGE_MIN}".encode())
    digest.update(STYLESHEET.read_bytes())
    for _family, _weight, path in font_files():
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.digest()


def pango_version() -> int:
    """The version of the pango WeasyPrint lays out with. Asked of the library itself: a build
    whose every PDF is kept then never imports WeasyPrint (half a second of CPU, and an
    ``ldconfig`` run to find pango)."""
    for name in PANGO:
        try:
            return int(ctypes.CDLL(name).pango_version())
        except (OSError, AttributeError):
            continue
    from weasyprint.text.ffi import pango  # found as WeasyPrint finds it, or its error said

    return int(pango.pango_version())


def key(html: str, variant: Variant) -> str:
    return hashlib.sha256(salt() + variant.suffix.encode() + b"\0" + html.encode("utf-8")).hexdigest()


def get(name: str, kind: str = "pdf", decode: Callable[[bytes], Any] | None = None,
        damaged: list[Path] | None = None) -> Any:
    """The entry's bytes (or what ``decode`` makes of them), or None: not kept, or not sealed
    with this user's key (a file someone else put there, or a damaged one: added to
    ``damaged``, and laid out again)."""
    where, key = directory(), usercache.key()
    if where is None or key is None:
        return None
    path = where / f"{name}.{kind}"
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            raise Damaged("not a file")
        value = opened(path.read_bytes(), (kind, name), key, decode)
        os.utime(path)  # recently used: pruned last
        return value
    except FileNotFoundError:
        return None
    except (OSError, Damaged):
        if damaged is not None:
            damaged.append(path)
        return None


def put(name: str, data: bytes, kind: str = "pdf") -> None:
    put_many({name: data}, kind)


def put_many(entries: dict[str, bytes], kind: str = "pdf") -> None:
    """Entries written, then the cache pruned once."""
    where, key = directory(), usercache.key()
    if where is None or key is None or not entries:
        return
    try:
        where.mkdir(parents=True, exist_ok=True)
        for name, data in entries.items():
            tmp = where / f".{name}.{secrets.token_hex(4)}.tmp"
            tmp.write_bytes(seal(data, (kind, name), key))
            os.replace(tmp, where / f"{name}.{kind}")  # whole or not at all: builds may run side by side
        _prune(where, kind)
    except OSError:
        pass


def _prune(where: Path, kind: str) -> None:
    def used(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:  # pruned by a build running beside this one
            return 0.0

    entries = sorted(where.glob(f"*.{kind}"), key=used, reverse=True)
    for stale in entries[KEEP[kind]:]:
        stale.unlink(missing_ok=True)
