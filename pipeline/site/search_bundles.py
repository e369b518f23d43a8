"""The site's pages cut into Pagefind bundles: one per rulebook, one for the other pages.

A page belongs to the rulebook whose directory it is in (``<lang>/<rulebook>/...``); the pages
of no rulebook (the glossary) make the main bundle, which also carries Pagefind's scripts.
Only pages with a data-pagefind-body go into a bundle: Pagefind indexes just those as soon as
one page has it, so a bundle of them alone indexes each page as the whole site did. A bundle
is named by a digest of what Pagefind reads of it (every page's path and bytes) and of the
Pagefind that reads it: an edit changes the key of its own rulebook's bundle only.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from ..buildcache import carry
from ..fingerprint import digest
from ..site_names import RESERVED

#: what a rulebook's bundle keeps of Pagefind's output: the browser reads only these of a
#: merged index (its scripts and WebAssembly are the main bundle's)
MERGED_PARTS = ("pagefind-entry.json", "index", "fragment", "filter")
#: the main bundle's name, in the build's record of what it indexed and in the cache: no
#: rulebook can be named so (pipeline/site/structure.py)
MAIN = "_main"
#: bump when what a bundle holds changes: an older entry of the cache is then never taken
FORMAT = "1"

_BODY = re.compile(rb"<[^>]*\sdata-pagefind-body[\s=>]")


@dataclass
class Bundle:
    """The pages of one bundle, hard-linked at their paths under ``pages``."""

    name: str  # the rulebook, or MAIN
    pages: Path
    files: dict[str, str] = field(default_factory=dict)  # path under ``pages`` -> its digest

    @property
    def key(self) -> str:
        return digest(FORMAT, _pagefind_version(), self.name,
                      *(part for path in sorted(self.files) for part in (path, self.files[path])))


def split(read: Path, target: Path) -> list[Bundle]:
    """The indexable pages under ``read`` (``<lang>/<path>``), one bundle per rulebook under
    ``target``/<rulebook>/ and the main one in ``target``/MAIN/; the main bundle comes first
    (possibly empty), then the rulebooks in name order."""
    bundles = {MAIN: Bundle(MAIN, target / MAIN)}
    for page in sorted(read.rglob("*.html")):
        path = page.relative_to(read)
        parts = path.parts
        if parts[0] == "pagefind":  # a site indexed before: Pagefind's own output
            continue
        data = page.read_bytes()
        if not _BODY.search(data):
            continue
        name = parts[1] if len(parts) > 2 and parts[1] not in RESERVED else MAIN
        if name not in bundles:
            bundles[name] = Bundle(name, target / name)
        bundle = bundles[name]
        carry(page, bundle.pages / path)
        bundle.files[path.as_posix()] = digest(data)
    return [bundles[MAIN]] + [bundles[name] for name in sorted(bundles) if name != MAIN]


def prune(bundle: Path) -> None:
    """Keep of a rulebook's bundle only what the browser merges (:data:`MERGED_PARTS`)."""
    for item in bundle.iterdir():
        if item.name in MERGED_PARTS or item.suffix == ".pf_meta":
            continue
        if item.is_dir():
            shutil.rmtree(item)
        else:
            item.unlink()


def _pagefind_version() -> str:
    try:
        return metadata.version("pagefind-bin-extended")
    except metadata.PackageNotFoundError:  # pragma: no cover - a broken install
        return "?"
