"""Where an aid's rules live on the website: the address printed on the aid, and its QR code.

The address is the page of the aid's first rule, at that rule's anchor, in the aid's language.
It is a full URL, with a QR code beside it, when the project's mkdocs.yml names ``site_url``
(MkDocs' own option); without one the site has no known host, and the aid prints the page's
path inside the website instead, with no code to scan.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...core.model import Corpus
from ...util import yamlio


@dataclass(frozen=True)
class Address:
    text: str  # as printed
    qr: str | None = None  # an SVG data URI, when ``text`` is a URL a phone can open


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

    def of(self, unit_id: str, lang: str) -> Address:
        path = f"{lang}/{self.unit_page[unit_id]}#{unit_id}"
        if self.base is None:
            return Address(path)
        url = self.base + path
        import segno  # pure Python; only a project with a site_url needs it

        # M: a quarter of the code may be smudged, and it stays small enough for a corner
        return Address(url, segno.make(url, error="m").svg_data_uri(border=0, dark="#1d3557"))
