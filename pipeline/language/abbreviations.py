"""A game's abbreviations as a reader meets them: where a text uses one, and what it stands for
in the reader's language.

The website expands each at its first use on a page and explains it on hover
(pipeline/render/site/inline.py); a printed aid has no hover, so it prints a legend of the
ones it uses (:func:`legend`). Both read the expansions here, so a page and a sheet never
say an abbreviation two ways («государство игрока», as the Russian text calls a Realm).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace

from ..core.model import Lang
from .termbase import Abbreviation, Termbase

#: a run of letters: an abbreviation is a whole word ("PR" in «PR-цель», never in "PRESS")
WORD = re.compile(r"[^\W\d_]+")
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def uses(text: str, lang: str, known: Mapping[str, Abbreviation],
         words: re.Pattern = WORD) -> Iterator[tuple[int, int, Abbreviation]]:
    """``(start, end, abbreviation)`` of every use in ``text`` of one of ``known`` (by its
    letters); an English one may take -s ("NPRs"). ``words`` finds the candidates: a pattern
    of the known abbreviations only is faster on a long page than every word."""
    for match in words.finditer(text):
        word = match.group()
        abbr = known.get(word)
        if abbr is None and lang == Lang.EN and word.endswith("s"):
            abbr = known.get(word[:-1])
        if abbr is None:
            continue
        # A one-letter abbreviation is a unit after a number (50d); alone it is a list letter.
        if len(abbr.abbr) == 1 and not (match.start() and text[match.start() - 1].isdigit()):
            continue
        yield match.start(), match.end(), abbr


def explained(termbase: Termbase, abbr: Abbreviation, lang: str) -> Abbreviation:
    """``abbr`` with its expansion and note in ``lang``: the glossary's own (expansion_ru),
    else the term its concept has in ``lang``, else as written."""
    expansion, note = abbr.expansion_in(lang), abbr.note_in(lang)
    if expansion and _script(expansion) != lang and abbr.concept:
        concept = next((c for c in termbase.concepts if c.id == abbr.concept), None)
        if concept is not None:
            expansion = (concept.terms.get(lang) or [expansion])[0]
    return replace(abbr, expansion=expansion, note=note)


def of_rulebook(termbase: Termbase, rulebook: str, lang: str) -> dict[str, Abbreviation]:
    """The abbreviations of one rulebook ("pop"), by their letters, explained in ``lang``."""
    return {a.abbr: explained(termbase, a, lang) for a in termbase.abbreviations if rulebook in a.games}


def legend(termbase: Termbase, rulebook: str, texts: Iterable[str], lang: str) -> list[tuple[str, str]]:
    """``(abbreviation, what it stands for)`` for each abbreviation of ``rulebook`` that
    ``texts`` use, in the order of first use, in ``lang``: what an aid prints for a reader who
    cannot hover, in the words the website says at an abbreviation's first use."""
    known, seen = of_rulebook(termbase, rulebook, lang), {}
    for text in texts:
        for _, _, abbr in uses(text, lang, known):
            said = spelled_out(abbr)
            if said and abbr.abbr not in seen:
                seen[abbr.abbr] = said
    return list(seen.items())


def spelled_out(abbr: Abbreviation) -> str | None:
    """What an abbreviation stands for, in a few words, to be set in parentheses after it: its
    expansion («Турция, Османская империя» for «Турция (Османская империя)»), else the first
    clause of its note without its asides or the words it cites (MC: «предел набора регулярных
    войск в области»; EG: «дипломатический статус»); the rest stays in the tooltip."""
    if abbr.expansion:
        return _ASIDE.sub(lambda m: ", " + m.group(1), abbr.expansion).strip()
    if not abbr.note:
        return None
    note = _ASIDE.sub("", abbr.note)
    cited, dash, meaning = note.partition(" — ")
    if dash and "«" in cited:  # "VQ 9: «стоимость ОВ …» — стоимость в командных очках …": the meaning
        note = meaning
    return re.split(r"[;,]\s", note)[0].strip() or None


_ASIDE = re.compile(r"\s*\(([^()]*)\)")


def _script(text: str) -> str:
    return Lang.RU if _CYRILLIC.search(text) else Lang.EN
