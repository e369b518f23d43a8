"""The order of verbatim tokens in a sentence pair, and text of the other language left on a
translated side.

Power tags and names in capitals (`FRA`, `SPA`, `MILANO`) stand for the same things on both
sides; where a sentence and its translation each write two of them once, outside brackets, a
translation that names them the other way round has most likely swapped who does what ("FRA
declares war on SPA" as «SPA объявляет войну FRA»). An aside in brackets moves freely, and so
does an event id's numeral (`1:IV`), so neither is compared.

Text in the other language: a run of four or more words that the other language's dictionary
knows and this one's does not (abbreviations in capitals, single letters and numbers between
them neither count nor break the run; a word of this language or its word list ends it) is a
sentence left untranslated; `[English originals]` in a Russian text are meant to be English.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from ..language.brackets import english_originals
from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Lang, Unit
from .base import WORD, CheckContext, Code, _, at, text
from .parity_numbers import roman_value
from .parity_pairs import pairs, quote
from .parity_tokens import latin_tokens
from .wordlists import in_dictionary, language_of, wordlist

ORDER = Code("parity-order", Severity.WARNING,
             "two verbatim tokens (power tags, names in capitals) that a sentence and its "
             "translation both write once, in the other order (`FRA` … `SPA` against `SPA` … `FRA`)")
OTHER_LANGUAGE = Code("parity-other-language", Severity.ERROR,
                      "a run of 4 or more words on a translated side that the other language's "
                      "dictionary knows and this one's does not: text left untranslated")
CODES = [ORDER, OTHER_LANGUAGE]

#: the shortest run of words of the other language that is a text left, not a quoted name
RUN = 4
_EVENT_ID = re.compile(r"\d:$")
_BRACKETED = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")


def compare(ctx: CheckContext, unit: Unit, source_lang: str, lang: str) -> Iterable[Diagnostic]:
    target = unit.sides[lang]
    for pair in pairs(ctx, unit, source_lang, lang):
        theirs, ours = _tokens(pair.source), _tokens(pair.target)
        counted_theirs, counted_ours = Counter(theirs), Counter(ours)
        shared = [t for t in theirs if counted_theirs[t] == 1 and counted_ours[t] == 1]
        where = {token: n for n, token in enumerate(ours)}
        swapped = next(((a, b) for n, a in enumerate(shared) for b in shared[n + 1:]
                        if where[a] > where[b]), None)
        if swapped:
            first, second = swapped
            offset = pair.target_start + pair.target.find(second)
            yield at(ORDER, unit, target, offset,
                     text(_("`%(second)s` comes before `%(first)s` here, after it on the %(lang)s side: "
                            "%(quote)s"), first=first, second=second, lang=Lang(source_lang),
                          quote=quote(pair.source)),
                     suggestion=text(_("check who does what: %(quote)s"), quote=quote(pair.source)))
    yield from _other_language(ctx, unit, source_lang, lang)


def _tokens(sentence: str) -> list[str]:
    """The verbatim tokens of a sentence outside brackets, in order, without event numerals."""
    asides = [m.span() for m in _BRACKETED.finditer(sentence)]
    return [t.base for t in latin_tokens(sentence)
            if not any(a <= t.start < b for a, b in asides)
            and roman_value(t.form) is None and not _EVENT_ID.search(sentence[max(0, t.start - 2):t.start])]


def _other_language(ctx: CheckContext, unit: Unit, source_lang: str, lang: str) -> Iterable[Diagnostic]:
    side = unit.sides[lang]
    kept = english_originals(side.text) if lang == Lang.RU else []
    own = wordlist(ctx.root, lang)
    run: list[tuple[int, int]] = []
    for match in [*WORD.finditer(side.text), None]:
        word = match.group() if match else ""
        if match and (any(a <= match.start() < b for a, b in kept) or len(word) < 2 or word.isupper()):
            continue  # an English original, a letter, an abbreviation: neither counts nor ends a run
        foreign = match is not None and language_of(word) == source_lang and word not in own \
            and in_dictionary(word, source_lang)
        if foreign:
            run.append(match.span())
            continue
        if match is not None and language_of(word) is None:
            continue
        if len(run) >= RUN:
            start, end = run[0][0], run[-1][1]
            yield at(OTHER_LANGUAGE, unit, side, start,
                     text(_("%(quote)s: %(count)s words of %(other)s text in the %(lang)s translation"),
                          quote=quote(side.text[start:end]), count=len(run), other=Lang(source_lang),
                          lang=Lang(lang)),
                     suggestion=text(_("translate %(quote)s"), quote=quote(side.text[start:end])))
        run = []

