"""The legend of the abbreviations an aid prints: on paper there is no tooltip.

The termbase (corpus/glossary.yaml, :mod:`pipeline.language.termbase`) knows what each
abbreviation of a game stands for, in each language; an aid lists those its printed text uses
(DoW, PR, CtA, КО …), in its language, under its title. An abbreviation the corpus never
expands (MC) is explained by the first clause of the termbase's note.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from ...language.termbase import Abbreviation, Termbase


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
    in the order of the termbase, in ``lang``; one the termbase cannot say in ``lang`` is left out."""
    if termbase is None:
        return []
    # an original quoted in square brackets ("1 ПО [1 VP]") is the game's own words, not the aid's
    text = re.sub(r"\[[^\]]*\]", " ", printed_text(html))
    found = []
    for abbreviation in termbase.abbreviations:
        if rulebook not in abbreviation.games:
            continue
        # a whole word, as written: "PR" is not in "NPR", nor "d" in "and"
        if re.search(rf"(?<![\w-]){re.escape(abbreviation.abbr)}(?![\w-])", text):
            meaning = _meaning(termbase, abbreviation, lang)
            if meaning:
                found.append((abbreviation.abbr, meaning))
    return found


def _meaning(termbase: Termbase, abbreviation: Abbreviation, lang: str) -> str | None:
    if lang in abbreviation.expansions:
        return abbreviation.expansions[lang]
    if abbreviation.concept is not None:
        terms = termbase.concept(abbreviation.concept).terms.get(lang) or []
        if terms and terms[0] != abbreviation.abbr:
            return terms[0]
    if abbreviation.expansion is not None:
        # the default expansion is in the language of the abbreviation itself (КО: командные очки)
        cyrillic = bool(re.search("[а-яё]", abbreviation.abbr + abbreviation.expansion, re.I))
        return abbreviation.expansion if cyrillic == (lang == "ru") else None
    note = abbreviation.notes.get(lang) or (abbreviation.note if lang == "en" else None)
    # the note's first clause says what it is; the rest is for the glossary's readers
    return re.split(r"[,;(]", note, maxsplit=1)[0].strip() if note else None
