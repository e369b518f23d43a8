"""Printed aids kept by content, so that an unchanged aid is not laid out again.

Laying a PDF out is most of a build's time (WeasyPrint is pure Python), and it is
deterministic: the same HTML on the same paper, with the same stylesheets, fonts and versions of
WeasyPrint, pydyf, fontTools and pango, gives the same bytes. A PDF is kept under the digest of
all of these, so a hit is the file the renderer would write; anything that could change a byte
changes the key instead.

The cache lives outside the project (``$FOLIO_CACHE_DIR/aids``, else the user's cache
directory), because builds of fresh checkouts and test copies print the same aids over and
over; an empty ``FOLIO_CACHE_DIR`` turns it off. It never fails a build: a cache that cannot
be read or written is simply not used.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from functools import cache
from importlib import metadata
from pathlib import Path

from . import pack
from .pdf import FACES, FITS, LAST_PAGE_MIN, MARKS, PAPERS, STYLESHEET, Variant, font_files

#: the newest entries kept; a build of every aid writes 24
KEEP = 256


def directory() -> Path | None:
    configured = os.environ.get("FOLIO_CACHE_DIR")
    if configured is not None:
        return Path(configured) / "aids" if configured else None
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "folio" / "aids"


@cache
def salt() -> bytes:
    """Everything besides the HTML and the paper that a printed byte depends on."""
    from weasyprint.text.ffi import pango

    digest = hashlib.sha256()
    for package in ("weasyprint", "pydyf", "fonttools"):
        digest.update(f"{package}={metadata.version(package)}\n".encode())
    digest.update(f"pango={pango.pango_version()}\n{FACES!r}\n{PAPERS!r}\n{MARKS}\n{FITS!r}{LAST_PAGE_MIN}".encode())
    digest.update(STYLESHEET.read_bytes())
    digest.update(Path(pack.__file__).read_bytes())  # how the cards are packed onto pages
    for _family, _weight, path in font_files():
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.digest()


def key(html: str, variant: Variant) -> str:
    return hashlib.sha256(salt() + variant.suffix.encode() + b"\0" + html.encode("utf-8")).hexdigest()


def get(name: str) -> bytes | None:
    where = directory()
    if where is None:
        return None
    try:
        pdf = (where / f"{name}.pdf").read_bytes()
        os.utime(where / f"{name}.pdf")  # recently used: pruned last
        return pdf
    except OSError:
        return None


def put(name: str, pdf: bytes) -> None:
    where = directory()
    if where is None:
        return
    try:
        where.mkdir(parents=True, exist_ok=True)
        tmp = where / f".{name}.{secrets.token_hex(4)}.tmp"
        tmp.write_bytes(pdf)
        os.replace(tmp, where / f"{name}.pdf")  # whole or not at all: builds may run side by side
        _prune(where)
    except OSError:
        pass


def _prune(where: Path) -> None:
    entries = sorted(where.glob("*.pdf"), key=lambda p: p.stat().st_mtime, reverse=True)
    for stale in entries[KEEP:]:
        stale.unlink(missing_ok=True)
