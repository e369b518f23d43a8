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
    found = abbreviations.legend(termbase, rulebook, [text], lang)
    return _told_apart(found, abbreviations.of_rulebook(termbase, rulebook, lang))


def _told_apart(found: list[tuple[str, str]], known: dict) -> list[tuple[str, str]]:
    """The legend, where two abbreviations read the same in a few words («EG — дипломатический
    статус; VA — дипломатический статус»), with the whole first clause of their notes («…,
    связанный с вассалитетом»): a legend that says two things the same way explains neither."""
    meanings = [said for _abbr, said in found]
    told = []
    for abbr, said in found:
        note = known[abbr].note if abbr in known else None
        if meanings.count(said) > 1 and note:
            fuller = re.sub(r"\s*\([^()]*\)", "", note.split(";")[0]).strip()
            said = fuller or said
        told.append((abbr, said))
    return told
