"""The order of verbatim tokens in a sentence pair, and text of the other language left on a
translated side.

Power tags and names in capitals (`FRA`, `SPA`, `MILANO`) stand for the same things on both
sides; where a sentence and its translation both write two of them outside brackets, a
translation that first names them the other way round has most likely swapped who does what ("FRA
declares war on SPA" as «SPA объявляет войну FRA»). An aside in brackets moves freely, and so
does an event id's numeral (`1:IV`), so neither is compared. Nor is an abbreviation of a
common noun (the glossary expands `CB` as "casus belli", `VP` as "victory points"): it is a
term, not one of the parties, and Russian word order moves it freely («FRA получает против
владельца NAPOLI временный CB»).

Text in the other language: a run of four or more words that the other language's dictionary
knows and this one's does not (abbreviations in capitals, single letters and numbers between
them neither count nor break the run; a word of this language or its word list ends it) is a
sentence left untranslated; `[English originals]` in a Russian text are meant to be English.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from operator import countOf

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Lang, Unit
from ..language.brackets import english_originals
from ..language.words import PerForm
from .base import WORD, CheckContext, Code, _, at, text
from .parity_numbers import roman_value
from .parity_pairs import pairs, quote
from .parity_tokens import latin_tokens
from .terminology_terms import termbase
from .wordlists import WordList, in_dictionary, language_of, wordlist

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
    terms = _terms(ctx, ctx.rulebook(unit.document))
    for pair in pairs(ctx, unit, source_lang, lang):
        theirs = [t for t in _tokens(pair.source) if t not in terms]
        if len(set(theirs)) < 2:  # most sentences: no two tokens whose order could be swapped
            continue
        ours = [t for t in _tokens(pair.target) if t not in terms]
        # each name where it first stands: a translation may name a party again where the
        # original says "Turkish" («принадлежит TUR»), but who comes first does not change
        where: dict[str, int] = {}
        for n, token in enumerate(ours):
            where.setdefault(token, n)
        shared = [t for t in dict.fromkeys(theirs) if t in where]
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


def _terms(ctx: CheckContext, game: str) -> frozenset[str]:
    """The game's abbreviations of common nouns: their expansion is not a name (`casus belli`)."""
    return ctx.shared(f"parity-order-terms:{game}", lambda: frozenset(
        a.abbr for a in termbase(ctx).abbreviations
        if game in a.games and a.expansion and a.expansion[:1].islower()))


def _tokens(sentence: str) -> list[str]:
    """The verbatim tokens of a sentence outside brackets, in order, without event numerals."""
    tokens = latin_tokens(sentence)
    if not tokens:  # most sentences: no asides to look for
        return []
    asides = [m.span() for m in _BRACKETED.finditer(sentence)]
    return [t.base for t in tokens
            if not any(a <= t.start < b for a, b in asides)
            and roman_value(t.form) is None and not _EVENT_ID.search(sentence[max(0, t.start - 2):t.start])]


def _other_language(ctx: CheckContext, unit: Unit, source_lang: str, lang: str) -> Iterable[Diagnostic]:
    side = unit.sides[lang]
    own = wordlist(ctx.root, lang)
    kinds = _kinds(own, source_lang)
    # most translations hold fewer words of the other language than a run: not read as runs;
    # the words are the side's table, which the other families have made already
    if countOf(map(kinds.__getitem__, ctx.words(side).words), _FOREIGN) < RUN:
        return
    kept = english_originals(side.text) if lang == Lang.RU else []
    run: list[tuple[int, int]] = []
    for match in [*WORD.finditer(side.text), None]:
        if match is not None:
            kind = kinds[match.group()]
            if kind == _NEUTRAL or (kept and any(a <= match.start() < b for a, b in kept)):
                continue  # an English original, a letter, an abbreviation: neither counts nor ends a run
            if kind == _FOREIGN:
                run.append(match.span())
                continue
        if len(run) >= RUN:
            start, end = run[0][0], run[-1][1]
            yield at(OTHER_LANGUAGE, unit, side, start,
                     text(_("%(quote)s: %(count)s words of %(other)s text in the %(lang)s translation"),
                          quote=quote(side.text[start:end]), count=len(run), other=Lang(source_lang),
                          lang=Lang(lang)),
                     suggestion=text(_("translate %(quote)s"), quote=quote(side.text[start:end])))
        run = []


#: what a word form is to a run of the other language: it neither counts nor ends one (a
#: letter, an abbreviation, a word of no language), it is a word of the other language, or a
#: word of this one, which ends the run
_NEUTRAL, _FOREIGN, _OWN = 0, 1, 2
#: per word list of the translation's language (the project's, as read) and source language:
#: each form's kind, judged once (every side of a large corpus asks it of every word, and the
#: dictionaries answer the same); the list is held so that its id stays its own
_KINDS: dict[tuple[int, str], tuple[WordList, PerForm]] = {}


def _kinds(own: WordList, source_lang: str) -> PerForm:
    found = _KINDS.get((id(own), source_lang))
    if found is None:
        found = _KINDS[id(own), source_lang] = (own, PerForm(lambda word: _kind(word, source_lang, own)))
    return found[1]


def _kind(word: str, source_lang: str, own: WordList) -> int:
    if len(word) < 2 or word.isupper():
        return _NEUTRAL
    written = language_of(word)
    if written == source_lang and word not in own and in_dictionary(word, source_lang):
        return _FOREIGN
    return _NEUTRAL if written is None else _OWN
