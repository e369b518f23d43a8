"""HTML to PDF with WeasyPrint: the paper sizes, the fonts, and the bytes of a printed aid.

One :class:`Printer` serves a whole build: the fonts are loaded once into one WeasyPrint font
configuration and the shared stylesheet is parsed once, before the printing processes are forked
(:mod:`.press`); each document is laid out, written and dropped before the next one (WeasyPrint
holds a whole document in memory).

The fonts are DejaVu's (Debian's fonts-dejavu-core), named by file in ``@font-face`` rather
than looked up by family, so every glyph of every aid, Cyrillic included, comes from fonts
embedded in the PDF, and a machine with other fonts installed prints the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...core.errors import FolioError
from ...util import resources

#: page sizes as CSS gives them, and as a PDF viewer reports them (points)
PAPERS = {"a4": ("A4", (595.28, 841.89)), "letter": ("letter", (612.0, 792.0))}
FONT_DIRECTORIES = (Path("/usr/share/fonts/truetype/dejavu"),)
#: (family, weight, file) of every face the aids use
FACES = (("DejaVu Sans", "normal", "DejaVuSans.ttf"), ("DejaVu Sans", "bold", "DejaVuSans-Bold.ttf"),
         ("DejaVu Sans Mono", "normal", "DejaVuSansMono.ttf"))
STYLESHEET = resources.templates() / "aids" / "aids.css"
#: the sets an aid's last page may be printed tighter with (line spacing, then type), tried in
#: turn while the last page holds less than LAST_PAGE_MIN of a page: a last page holding a
#: line or two is waste (the Russian PoP aid's last action ran 30 mm onto a third page)
FITS = ("html { line-height: 1.2; } p { margin-bottom: .8mm; } .line { margin-bottom: .6mm; } "
        "h2 { margin: 3mm 0 1mm; }\n",
        "html { font-size: 8pt; line-height: 1.2; } p { margin-bottom: .8mm; } .line { margin-bottom: .6mm; } "
        "h2 { margin: 3mm 0 1mm; }\n",
        # the shorter Letter page: a Russian sheet whose last note ran onto a second page
        "html { font-size: 8pt; line-height: 1.15; } p { margin-bottom: .5mm; } .line { margin-bottom: .3mm; } "
        "h2 { margin: 2mm 0 .8mm; }\n")
LAST_PAGE_MIN = 0.25


@dataclass(frozen=True)
class Variant:
    paper: str  # a key of PAPERS

    @property
    def suffix(self) -> str:
        return self.paper


def font_files() -> list[tuple[str, str, Path]]:
    """The DejaVu files, or a FolioError naming the package that provides them."""
    found = []
    for family, weight, name in FACES:
        path = next((d / name for d in FONT_DIRECTORIES if (d / name).is_file()), None)
        if path is None:
            raise FolioError(f"the player aids need the DejaVu font {name} (Debian package "
                             "fonts-dejavu-core, listed in scripts/apt-packages.txt)",
                             path=str(FONT_DIRECTORIES[0]))
        found.append((family, weight, path))
    return found


class Printer:
    """WeasyPrint, set up once for every aid of a build."""

    def __init__(self) -> None:
        try:
            from weasyprint import CSS
            from weasyprint.text.fonts import FontConfiguration
        except ImportError as exc:  # pragma: no cover - a broken install, not an input problem
            raise FolioError(f"WeasyPrint cannot be loaded ({exc}); the player aids need it and "
                             "Debian's pango (pip install weasyprint)") from exc
        self._css = CSS
        self.fonts = FontConfiguration()
        faces = "".join(f'@font-face {{ font-family: "{family}"; font-weight: {weight}; '
                        f'src: url("{path.as_uri()}"); }}\n' for family, weight, path in font_files())
        self.base = [CSS(string=faces, font_config=self.fonts),
                     CSS(filename=str(STYLESHEET), font_config=self.fonts)]
        self.papers = {key: CSS(string=f"@page {{ size: {size}; }}", font_config=self.fonts)
                       for key, (size, _points) in PAPERS.items()}
        self.fits = [CSS(string=fit, font_config=self.fonts) for fit in FITS]
        self._parsed: tuple[str | None, object] = (None, None)

    def parse(self, html: str):
        """The parsed document; the last one is kept, for the next paper of the same aid."""
        from weasyprint import HTML

        if self._parsed[0] != html:
            # No base URL: an aid loads nothing but its fonts, and its bytes must not depend on
            # where the repository is.
            self._parsed = (html, HTML(string=html, base_url=None))
        return self._parsed[1]

    def layout(self, parsed, variant: Variant, fit=None):
        """The laid-out document (WeasyPrint's ``Document``): pages, boxes, and ``write_pdf``."""
        stylesheets = [*self.base, self.papers[variant.paper]] + ([fit] if fit is not None else [])
        return parsed.render(stylesheets=stylesheets, font_config=self.fonts)

    def layout_fitted(self, parsed, variant: Variant):
        """The document laid out, set tighter (FITS) if that spares a last page holding a line
        or two; the first set whose last page is not such a page, else the one with fewest pages."""
        document = self.layout(parsed, variant)
        for fit in self.fits:
            fill = last_page_fill(document)
            # done: one page, or a last page worth printing; never a page its content overflows
            if (len(document.pages) < 2 or fill >= LAST_PAGE_MIN) and fill <= 1:
                break
            tighter = self.layout(parsed, variant, fit)
            if len(tighter.pages) <= len(document.pages):
                document = tighter
        return document

    def print(self, html: str, variant: Variant, inspect=None) -> bytes:
        """One aid on one paper, set tighter where that spares a last page; ``inspect`` sees the
        laid-out document before it is written."""
        document = self.layout_fitted(self.parse(html), variant)
        if inspect is not None:
            inspect(document)
        return self.pdf(document)  # the document is dropped on return: WeasyPrint holds it whole

    @staticmethod
    def pdf(document) -> bytes:
        # WeasyPrint writes no date unless the HTML gives one, and derives the file identifier
        # from the content: the same aid gives the same bytes, build after build.
        return document.write_pdf()


def last_page_fill(document) -> float:
    """The share of the last page's content area its boxes take (WeasyPrint's layout tree: the
    public API has no box sizes)."""
    from weasyprint.formatting_structure import boxes

    page_box = document.pages[-1]._page_box
    used = [child.margin_height() for child in page_box.children if not isinstance(child, boxes.MarginBox)]
    return max(used, default=0.0) / page_box.height
