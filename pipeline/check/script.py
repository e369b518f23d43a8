"""Script: Latin and Cyrillic letters that look alike but are different characters.

A Cyrillic `С` typed for a Latin `C` looks right on paper and breaks search, the glossary and
every link that matches the abbreviation. Two shapes of the mistake are reported: a token
mixing both alphabets (`прoтив` with a Latin `o`), and a whole token in the wrong alphabet
that spells a known abbreviation of the other one (`СР` in Cyrillic where the rules mean the
Latin `CP`). Which form is "known" comes from the project word lists and the dictionaries,
so a Russian abbreviation (`КО`) is never mistaken for a Latin one, and Roman numerals
(`Генриха VIII`) or Latin abbreviations in Russian text (`CP`, `VP`) are not mixed script.
Characters no reader sees at all (zero-width spaces, bidi controls) are this family's too
(:mod:`.invisible`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from ..core.diagnostics import Diagnostic, Phrase, Severity
from ..core.model import Lang, Side, Unit
from . import character_names, invisible
from .base import CheckContext, Code, _, at, text
from .wordlists import CYRILLIC, LATIN, in_dictionary, wordlist

MIXED = Code("script-mixed", Severity.ERROR,
             "a word mixes Latin and Cyrillic letters (a look-alike letter typed in the wrong alphabet)")
LOOKALIKE = Code("script-lookalike", Severity.ERROR,
                 "a word in Cyrillic letters spelling a known Latin abbreviation, or the reverse (`СР`)")
CODES = [MIXED, LOOKALIKE, *invisible.CODES]

#: Cyrillic letters and the Latin letters they cannot be told from in print
TO_LATIN = dict(zip("АВЕКМНОРСТХаеорсух", "ABEKMHOPCTXaeopcyx", strict=True))
TO_CYRILLIC = {latin: cyrillic for cyrillic, latin in TO_LATIN.items()}
_AS_LATIN = str.maketrans(TO_LATIN)
TOKEN = re.compile(r"[^\W\d_]+")


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    yield from invisible.check(ctx)
    latin_words = _latin_abbreviations(ctx)
    # Per language, per form (a corpus repeats its words): what is wrong with it, if anything.
    # A side's distinct forms are judged as a set; only a side holding a wrong one is read
    # word by word for the places, so most words cost a set insertion, not a match object.
    # A verdict follows from the form, the configuration and the corpus's Latin words, which
    # every shard of a run shares: judged once per run (CheckContext.configured), not once per shard.
    judged: dict[str, set[str]] = ctx.configured("script.judged", dict)
    # per language, form -> MIXED_FORM or the known word it looks like
    wrong: dict[str, dict[str, object]] = ctx.configured("script.wrong", dict)
    first_uses: dict[tuple[str, str], int | None] = {}
    by_path: dict[str, list[Side]] | None = None
    for unit, lang, side in ctx.sides():
        seen, bad = judged.setdefault(lang, set()), wrong.setdefault(lang, {})
        words = set(TOKEN.findall(side.text))
        for word in words - seen:
            seen.add(word)
            verdict = _verdict(ctx, word, lang, latin_words)
            if verdict is not None:
                bad[word] = verdict
        if not bad or words.isdisjoint(bad.keys()):
            continue
        for match in TOKEN.finditer(side.text):
            word = match.group()
            other = bad.get(word)
            if other is None:
                continue
            if not isinstance(other, str):  # MIXED_FORM
                yield _mixed(ctx, unit, lang, side, match.start(), word, latin_words)
                continue
            if (side.path, other) not in first_uses:
                if by_path is None:  # each file's sides, once: not a scan of the corpus per look-alike
                    by_path = defaultdict(list)
                    for _owner, _lang, written in ctx.sides():
                        by_path[written.path].append(written)
                first_uses[side.path, other] = _first_use(by_path[side.path], other)
            yield _lookalike_at(unit, side, match.start(), word, other, first_uses[side.path, other])


MIXED_FORM = object()  # a verdict: the form mixes both alphabets


def _verdict(ctx: CheckContext, word: str, lang: str, latin_words: set[str]) -> object | None:
    cyrillic, latin = bool(CYRILLIC.search(word)), bool(LATIN.search(word))
    if cyrillic and latin:
        return MIXED_FORM
    if len(word) >= 2 and (cyrillic or lang == Lang.RU):  # Latin in English is English
        return _lookalike(ctx, word, cyrillic, latin_words)
    return None


def _first_use(sides: list[Side], word: str) -> int | None:
    """The line where a file, whose ``sides`` these are in order, first writes ``word``: asked
    only for the rare look-alike, so the file is searched then rather than every word's first
    line kept in advance."""
    for side in sides:
        for match in TOKEN.finditer(side.text):
            if match.group() == word:
                return side.line_start + side.text.count("\n", 0, match.start())
    return None


def is_lookalike(word: str, other: str | None) -> bool:
    """Whether ``word`` is ``other`` typed with look-alike letters of the other alphabet."""
    if not other or word == other or len(word) != len(other):
        return False
    return all(a == b or TO_LATIN.get(a) == b or TO_CYRILLIC.get(a) == b for a, b in zip(word, other, strict=False))


def latin_spelling(word: str) -> str:
    """``word`` with each Cyrillic look-alike letter read as its Latin twin: ``word`` is a
    look-alike (:func:`is_lookalike`) of a word in Latin letters exactly when this spells that
    word and differs from ``word``."""
    return word.translate(_AS_LATIN)


def _latin_abbreviations(ctx: CheckContext) -> set[str]:
    return ctx.shared(LATIN_WORDS, lambda: latin_abbreviations(ctx))


#: the key of :func:`latin_abbreviations` among a run's shared values: a corpus-wide set that
#: every shard of the checks receives whole (pipeline/check/shards.py)
LATIN_WORDS = "script.latin-words"


def latin_abbreviations(ctx: CheckContext) -> set[str]:
    """Latin words in capitals the rules use: the English word list and every English text."""
    return latin_words(ctx.root, [latin_capitals(ctx.corpus.units.values())])


def latin_capitals(units: Iterable[Unit]) -> list[str]:
    """The Latin words in capitals of these units' English texts, sorted: one document's share
    of :func:`latin_abbreviations`, which a build keeps with the document (checks/shards.py)."""
    words: set[str] = set()
    for unit in units:
        side = unit.sides.get(Lang.EN)
        if side is not None and side.text:
            words.update(TOKEN.findall(side.text))
    # each distinct word judged once: a text repeats its words
    return sorted(w for w in words if w.isupper() and LATIN.search(w))


def latin_words(root: Path, shares: Iterable[Iterable[str]]) -> set[str]:
    """:func:`latin_abbreviations` from the documents' :func:`latin_capitals`."""
    found = {word for word in wordlist(root, Lang.EN).exact if word.isupper()}
    for share in shares:
        found.update(share)
    return found


def _lookalike(ctx: CheckContext, word: str, cyrillic: bool, latin_words: set[str]) -> str | None:
    """The word in the other alphabet, when that is the known one and this is not."""
    table = TO_LATIN if cyrillic else TO_CYRILLIC
    if not all(ch in table for ch in word):
        return None
    other = "".join(table[ch] for ch in word)
    if cyrillic:
        if other in latin_words and not _russian(ctx, word):
            return other
        return None
    # only the project's Russian abbreviations: a Latin `KO` is an English word too ("knock-out")
    if other in wordlist(ctx.root, Lang.RU).exact and word not in latin_words:
        return other
    return None


def latin_lookalike(ctx: CheckContext, word: str) -> str | None:
    """The Latin abbreviation script-lookalike reports the Cyrillic ``word`` as, if it does."""
    if len(word) < 2 or not CYRILLIC.search(word) or LATIN.search(word):
        return None
    return _lookalike(ctx, word, True, _latin_abbreviations(ctx))


def _russian(ctx: CheckContext, word: str) -> bool:
    return word in wordlist(ctx.root, Lang.RU).exact or in_dictionary(word, Lang.RU)


def _lookalike_at(unit, side, offset: int, word: str, other: str, used_at: int | None) -> Diagnostic:
    if not CYRILLIC.search(word):
        message = text(_("`%(word)s` is typed in Latin letters (%(letters)s): it looks like the Cyrillic "
                         "abbreviation `%(latin)s` but will not match it%(where)s"), word=word,
                       letters=names(word), latin=other,
                       where=text(_("; this document writes `%(latin)s` at line %(line)s"), latin=other,
                                  line=used_at) if used_at else "")
    elif used_at:
        message = text(_("`%(word)s` is typed in Cyrillic letters (%(letters)s): it looks like the Latin "
                         "abbreviation `%(latin)s` but will not match it; this document writes `%(latin)s` "
                         "at line %(line)s"), word=word, letters=names(word), latin=other, line=used_at)
    else:
        message = text(_("`%(word)s` is typed in Cyrillic letters (%(letters)s): it looks like the Latin "
                         "abbreviation `%(latin)s` but will not match it"), word=word, letters=names(word),
                       latin=other)
    return at(LOOKALIKE, unit, side, offset, message, suggestion=other)


def _mixed(ctx: CheckContext, unit, lang: str, side, offset: int, word: str,
           latin_words: set[str]) -> Diagnostic:
    as_latin = "".join(TO_LATIN.get(ch, ch) for ch in word)
    as_cyrillic = "".join(TO_CYRILLIC.get(ch, ch) for ch in word)
    # the reading that makes a known word wins; else the alphabet most of the letters are in,
    # and the text's language breaks a tie
    if not LATIN.search(as_cyrillic) and _russian(ctx, as_cyrillic):
        to_cyrillic = True
    elif not CYRILLIC.search(as_latin) and (as_latin in latin_words or in_dictionary(as_latin, Lang.EN)):
        to_cyrillic = False
    else:
        cyrillic, latin = len(CYRILLIC.findall(word)), len(LATIN.findall(word))
        to_cyrillic = cyrillic > latin or (cyrillic == latin and lang == Lang.RU)
    fixed = as_cyrillic if to_cyrillic else as_latin
    stray = [ch for ch in word if (LATIN.match(ch) if to_cyrillic else CYRILLIC.match(ch))]
    convertible = not (LATIN.search(fixed) if to_cyrillic else CYRILLIC.search(fixed))
    return at(MIXED, unit, side, offset,
              text(_("`%(word)s` mixes alphabets: %(letters)s in a Cyrillic word") if to_cyrillic else
                   _("`%(word)s` mixes alphabets: %(letters)s in a Latin word"),
                   word=word, letters=names("".join(stray))),
              suggestion=fixed if convertible else None)


def names(letters: str) -> Phrase:
    """The letters named, in English (Unicode's names) and in Russian: see character_names."""
    return character_names.names(letters, shown=True)
