"""Verbatim tokens: what a translation keeps exactly as the source prints it.

Latin abbreviations (`CB`, `COL/TP`, `DoW`, `PRs`), names in capitals (`LUZON`, `CAPE OF GOOD
HOPE`) and Roman numerals (`period II`) stand on the counters and the map in one spelling, so
the translation writes them letter for letter. Three things are not expected verbatim:

- the words of a heading written in capitals (`TREATY OF TORDESILLAS`, `EVENTS PHASE:`), which
  is translated as a heading, except the termbase's abbreviations in it;
- a termbase term with a rendering in the other language (`VPs` is «победные очки»): whether
  that rendering is there is ``parity-term-missing``'s question;
- the Roman numeral of an event id (`8:I`), which ``parity-references`` compares as a target.

A word of the translation spelling a source token in Cyrillic look-alike letters (`СВ` for
`CB`) is an error. The script family reports such a word by itself when it is not Russian;
`СВ` is also a Russian abbreviation, and only the other side tells that the Latin one was
meant, so this family reports exactly the look-alikes the script family lets pass.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Lang, Unit
from ..language.words import PerForm
from . import script
from .base import CheckContext, Code, _, at, on_unit, text
from .parity_concepts import analysed, languages
from .parity_numbers import roman_value, values
from .terminology_terms import termbase
from .wordlists import LATIN

VERBATIM = Code("parity-verbatim", Severity.WARNING,
                "a Latin abbreviation, a name in capitals or a Roman numeral of the source (`CB`, "
                "`LUZON`, `II`) that the translation does not keep as printed")
LOOKALIKE = Code("parity-lookalike", Severity.ERROR,
                 "a word of the translation spelling a Latin token of the source in Cyrillic "
                 "look-alike letters (`СВ` for `CB`), even where it is also a Russian word")
CODES = [VERBATIM, LOOKALIKE]

#: a whole run of Latin letters with two capitals or more: the run is found by the pattern, not
#: tested word by word, since most runs of a text have fewer
_LATIN_CAPS = re.compile(r"(?<![A-Za-z])[a-z]*[A-Z][a-z]*[A-Z][A-Za-z]*")
_WORD = re.compile(r"[^\W\d_]+")
_EVENT_ID = re.compile(r"\d:$")  # `8:I`, `13:II`: the period of an event id
_BRACKETED = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")


class Token(NamedTuple):
    start: int
    end: int
    form: str  # as written
    base: str  # without an English plural -s: `PRs` is `PR`


@lru_cache(maxsize=8192)  # a side and its sentences are read by three comparisons: once per text
def latin_tokens(text: str) -> list[Token]:
    """The Latin words of ``text`` that are written in capitals: two or more letters, at least
    two of them capitals (`CB`, `CtA`, `PRs`, `II`); shared by every caller, never changed."""
    found = []
    for match in _LATIN_CAPS.finditer(text):
        word = match.group()
        found.append(Token(match.start(), match.end(), word, word[:-1] if word[-1] == "s" else word))
    return found


def _latin_readings(word: str) -> tuple[tuple[str, str], ...]:
    """The letter runs of a table's word (`ОР-СВ`: `ОР`, `СВ`) that read as another word in Latin
    letters alone, each with that reading: the only runs that can spell a source's token."""
    found = []
    for run in _WORD.findall(word):
        latin = script.latin_spelling(run)
        if latin != run and latin.isascii():
            found.append((run, latin))
    return tuple(found)


#: per form of a table's word, its :func:`_latin_readings`: most words have none
_LATIN_READINGS = PerForm(_latin_readings)


def compare(ctx: CheckContext, unit: Unit, source_lang: str, lang: str) -> Iterable[Diagnostic]:
    source, target = unit.sides[source_lang], unit.sides[lang]
    source_tokens = latin_tokens(source.text)
    if not source_tokens:  # most sources: no token to keep, nor one a look-alike could spell
        return
    game = ctx.rulebook(unit.document)
    expected = _expected(ctx, unit, source_tokens, source_lang, lang, game)
    present = {form for t in latin_tokens(target.text) for form in (t.form, t.base)}
    theirs = {form: t.base for t in source_tokens for form in (t.form, t.base)}
    misspelt: set[str] = set()
    # a word is the look-alike of one Latin spelling only, its letters read as Latin; the
    # translation is read word by word only when one of its forms is such a look-alike
    lookalikes = {word for spelt in filter(None, map(_LATIN_READINGS.__getitem__, ctx.words(target).words))
                  for word, latin in spelt if latin in theirs} if theirs else set()
    for match in _WORD.finditer(target.text) if lookalikes else ():
        word = match.group()
        if word not in lookalikes:
            continue
        latin = script.latin_spelling(word)
        misspelt.add(theirs[latin])  # reported as misspelt, not again as missing
        # a word mixing both alphabets is script-mixed's, a word that is not Russian
        # script-lookalike's: both name the letters without the other side's help
        if LATIN.search(word) or script.latin_lookalike(ctx, word) == latin:
            continue
        yield at(LOOKALIKE, unit, target, match.start(),
                 text(_("`%(word)s` is typed in Cyrillic letters (%(letters)s); the %(lang)s side has "
                        "the Latin `%(latin)s`"), word=word, letters=script.names(word),
                      lang=Lang(source_lang), latin=latin), suggestion=latin)
    missing = [t for t in dict.fromkeys(expected) if t not in present and t not in misspelt
               and not _renumbered(t, target.text, lang)]
    if missing:
        listed = ", ".join(f"`{t}`" for t in missing)
        yield on_unit(VERBATIM, unit, target,
                      text(_("%(tokens)s of the %(lang)s side is not in the translation, which keeps "
                             "abbreviations and names in capitals as printed") if len(missing) == 1 else
                           _("%(tokens)s of the %(lang)s side are not in the translation, which keeps "
                             "abbreviations and names in capitals as printed"),
                           tokens=listed, lang=Lang(source_lang)), suggestion=", ".join(missing))


def _expected(ctx: CheckContext, unit: Unit, tokens: list[Token], source_lang: str, lang: str,
              game: str) -> list[str]:
    if not tokens:  # most sources: nothing to look for, nor the spans that excuse a token
        return []
    text = unit.sides[source_lang].text
    termed = _term_spans(ctx, unit, source_lang, lang)
    abbreviations = ctx.shared(f"parity.abbreviations:{game}", lambda: {
        a.abbr for a in termbase(ctx).abbreviations if game in a.games})
    headings: list[tuple[int, int]] | None = None  # read line by line only when a token asks
    found = []
    for token in tokens:
        if _EVENT_ID.search(text[max(0, token.start - 2):token.start]):
            continue
        if any(start <= token.start < end for start, end in termed):
            continue
        if token.base not in abbreviations:
            if headings is None:
                headings = _heading_spans(text)
            if any(s <= token.start < e for s, e in headings):
                continue
        found.append(token.base)
    return found


def _term_spans(ctx: CheckContext, unit: Unit, source_lang: str, lang: str) -> list[tuple[int, int]]:
    """Where the source side names a termbase concept that has terms in ``lang``."""
    known = analysed(ctx, unit.sides[source_lang])
    if known is None:
        return []
    return [(match.start, match.end) for match in known.occurrences() if lang in languages(ctx, match)]


def _heading_spans(text: str) -> list[tuple[int, int]]:
    """The lines of ``text`` written in capitals, brackets aside (`1: TREATY OF TORDESILLAS
    (historical date: 1494)`): headings, translated as headings."""
    spans, offset = [], 0
    for line in text.split("\n"):
        letters = [ch for ch in _BRACKETED.sub("", line) if ch.isalpha()]
        if letters and all(ch.isupper() for ch in letters):
            spans.append((offset, offset + len(line)))
        offset += len(line) + 1
    return spans


def _renumbered(token: str, text: str, lang: str) -> bool:
    """A Roman numeral whose number the translation does not have in any form (`II` against
    «период III»): a changed number, parity-numbers' to report, not a numeral left unkept."""
    value = roman_value(token)
    return value is not None and str(value) not in values(text, lang)
