"""Where an aid's rules live on the website: the address printed on the aid, and its QR code.

The address is the page of the aid's first rule, in the aid's language, printed only when the
project's mkdocs.yml names ``site_url`` (MkDocs' own option): without one the site has no known
host, and a path inside it is no address a player can open. The printed address is the page's;
its QR code opens it at the rule's anchor (a unit id, which is never printed).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...core.model import Corpus
from ...util import yamlio


@dataclass(frozen=True)
class Address:
    text: str  # as printed: the page's URL
    qr: str  # an SVG data URI of the URL at the rule's anchor


def site_url(root: Path) -> str | None:
    try:
        config = yamlio.load(yamlio.read_file(root, "mkdocs.yml"), "mkdocs.yml")[1] or {}
    except FileNotFoundError:
        return None  # no website: the aid prints the path
    url = config.get("site_url") if isinstance(config, dict) else None
    return url.rstrip("/") + "/" if isinstance(url, str) and url.strip() else None


class Addresses:
    """The website's page of every unit, computed once per plan."""

    def __init__(self, corpus: Corpus, root: Path):
        from ..site.structure import plan

        self.unit_page = plan(corpus).unit_page
        self.base = site_url(root)

    def of(self, unit_id: str, lang: str) -> Address | None:
        if self.base is None:
            return None
        page = self.base + f"{lang}/{self.unit_page[unit_id]}"
        import segno  # pure Python; only a project with a site_url needs it

        # M: a quarter of the code may be smudged, and it stays small enough for a corner
        return Address(page, segno.make(f"{page}#{unit_id}", error="m").svg_data_uri(border=0, dark="#1d3557"))
