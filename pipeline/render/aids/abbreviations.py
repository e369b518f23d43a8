"""The legend of the abbreviations an aid prints: on paper there is no tooltip.

An aid lists the abbreviations its printed text uses (DoW, PR, CtA, КО …), in its language,
under its title, explained as :mod:`pipeline.language.abbreviations` explains them on the site.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from ...language import abbreviations
from ...language.termbase import Termbase


class _Printed(HTMLParser):
    """The text of an aid's page as printed: its body's, not its head's."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.in_body = False

    def handle_starttag(self, tag, attrs) -> None:
        self.in_body = self.in_body or tag == "body"

    def handle_data(self, data) -> None:
        if self.in_body:
            self.parts.append(data)


def printed_text(html: str) -> str:
    parser = _Printed()
    parser.feed(html)
    return " ".join(parser.parts)


def legend(termbase: Termbase | None, rulebook: str, lang: str, html: str) -> list[tuple[str, str]]:
    """(abbreviation, what it stands for) for each of the game's abbreviations the page prints,
    in the order of first use, in ``lang``, in the words the website uses at a first use."""
    if termbase is None:
        return []
    # an original quoted in square brackets ("1 ПО [1 VP]") is the game's own words, not the aid's
    text = re.sub(r"\[[^\]]*\]", " ", printed_text(html))
    return abbreviations.legend(termbase, rulebook, [text], lang)
