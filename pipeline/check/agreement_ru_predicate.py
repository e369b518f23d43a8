"""Russian agreement of a predicate with its subject, by a small pattern grammar over pymorphy3's
parses: number, and gender in the past tense (``армия отступили``, ``отряды был уничтожен``).

One clause is a run of words between punctuation marks. In it, the subject is the one noun or
personal pronoun that may stand in the nominative and follows no preposition, and the predicate
the first finite verb or short participle after it. The pattern is kept where it is plain:

- no finite verb before the subject (a noun after its verb may be the object: ``берёт карты``),
  and no noun or preposition either (``во время войны вторгается``: a genitive singular may read
  as a nominative plural);
- no second word between them that may be a nominative noun (``отряды армии Франции был``:
  which one is the subject?), no conjunction, no «с» (``король с армией отступили``), no short
  adjective or infinitive (``должна быть сброшена``, a compound predicate);
- a singular subject with a plural verb only where no comma precedes the clause (``Франция,
  Англия объявили`` is a list);
- quantity nouns (``большинство``, ``часть``) and words pymorphy3 had to guess take no part.

As in :mod:`.agreement_ru`, every parse is kept and a pair is reported only when no combination
of a subject's nominative parse and a predicate's parse agrees.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress, repeat
from operator import is_not

from ..language.morph import known, parses, readings
from ..language.words import PerForm, Words

#: words and the punctuation that ends a clause
TOKEN = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*|\d+|[,;:.!?()\[\]«»\"“”„—–|•]")
PERSONAL = {"я", "ты", "он", "она", "оно", "мы", "вы", "они"}
#: nouns of quantity, which take either number (``большинство отрядов ушли``)
QUANTITY = {"большинство", "меньшинство", "часть", "половина", "ряд", "множество", "масса", "группа",
            "пара", "треть", "четверть", "сотня", "десяток", "количество", "число"}
#: words that join two subjects or attach a second one
JOINING = {"и", "или", "либо", "а", "но", "да", "с", "со", "вместе", "как", "также", "ни", "плюс"}
PREDICATE = {"VERB", "PRTS"}


@dataclass(frozen=True)
class Mismatch:
    start: int  # the subject
    end: int  # the predicate's end
    subject: str
    predicate: str
    suggestion: str | None


def mismatches(table: Words) -> Iterator[Mismatch]:
    text = table.text
    if "'" in text or "’" in text:  # the table's words may hold an apostrophe, :data:`TOKEN`'s never
        yield from _tokens_mismatches(text)
        return
    words, starts, ends = table.words, table.starts, table.ends
    # a clause is a run of words no digit or punctuation mark divides: each gap says whether it
    # divides, and whether it does with a comma or a dash (None: it does not divide)
    divides = list(map(_DIVIDES.__getitem__, table.gaps))
    roles = table.joined(_ROLE)
    bounds = list(compress(range(len(words)), map(is_not, divides, repeat(None))))
    for a, b in zip([0, *bounds], [*bounds, len(words)], strict=True):
        first = _OPENING.search(roles, a, b)
        if first is None or first.group() == "F":
            continue  # no subject, or a verb before it: what follows may be its object
        if roles.find("F", first.end(), b) < 0:
            continue  # no finite verb after the subject: no predicate to disagree with it
        after_comma = bool(divides[a])  # False for the first clause, which no gap opens
        yield from _clause([(starts[k], ends[k], words[k]) for k in range(a, b)], after_comma, first.start() - a)


def _tokens_mismatches(text: str) -> Iterator[Mismatch]:
    tokens = [(m.start(), m.end(), m.group()) for m in TOKEN.finditer(text)]
    clause: list[tuple[int, int, str]] = []
    after_comma = False
    for token in [*tokens, (len(text), len(text), ".")]:
        if token[2][0].isalpha():
            clause.append(token)
            continue
        if clause:
            yield from _clause(clause, after_comma)
        clause, after_comma = [], token[2] in ",—–"


#: the tokens of :data:`TOKEN` that are not words: what ends a clause
_DIVIDERS = re.compile(r"\d+|[,;:.!?()\[\]«»\"“”„—–|•]")


def _dividing(gap: str) -> bool | None:
    found = _DIVIDERS.findall(gap)
    return found[-1] in ",—–" if found else None


_DIVIDES = PerForm(_dividing)
_OPENING = re.compile(r"[FS]")


def _clause(words: list[tuple[int, int, str]], after_comma: bool, first: int = 0) -> Iterator[Mismatch]:
    """The clause's mismatch, if any; ``first``: the index of its first verb or subject, when
    the caller knows it."""
    for n, (start, _end, word) in enumerate(words[first:], first):
        lower = word.lower()
        if _finite(lower):
            return  # a verb before any subject: what follows may be its object
        subjects = _subjects(word)
        if not subjects:
            continue
        if any(_governing(w) for _s, _e, w in words[:n]):
            return  # ``во время войны``, ``в правление Марии``: a genitive may look nominative
        for m, (_s2, e2, other) in enumerate(words[n + 1:], n + 1):
            low = other.lower()
            if low in JOINING or _conjunction(low) or _subjects(other) or _compound(low):
                return
            if (predicates := _finite(low)) is not None and predicates:
                if _subject_after(words, m, predicates, after_comma):
                    return  # «Если Папство контролируют SPA или POR»: the subject may follow its verb
                found = _disagreeing(word, low, after_comma)
                if found is not None:
                    yield Mismatch(start, e2, word, other, found)
                return
        return


def _subject_after(words: list[tuple[int, int, str]], verb: int, predicates: tuple, after_comma: bool) -> bool:
    """Whether a word after the verb, not governed by a preposition, could be its subject: a
    name in Latin capitals, or a noun in the nominative that agrees with the verb (Russian may
    put the subject last: «Если Папство контролируют SPA или POR»)."""
    for k in range(verb + 1, len(words)):
        word = words[k][2]
        if _preposition(words[k - 1][2]):
            continue
        later = _subjects(word)
        if _latin_name(word) or (later and _disagreeing(word, words[verb][2].lower(), after_comma) is None):
            return True
    return False


def _preposition(word: str) -> bool:
    return "PREP" in readings(word.lower())[0]


def _latin_name(word: str) -> bool:
    """A power tag or a name kept in Latin capitals (`SPA`, `NAPOLI`): it can be the subject."""
    return len(word) > 1 and word.isupper() and word.isascii()


@lru_cache(maxsize=200_000)
def _subjects(word: str) -> tuple:
    """The nominative parses of a word that can only be a noun or a personal pronoun."""
    lower = word.lower()
    if not word.isalpha() or (len(word) > 1 and word.isupper()) or lower in QUANTITY:
        return ()
    found = known(lower)
    if not found or not all(p.tag.POS == "NOUN" or (p.tag.POS == "NPRO" and p.normal_form in PERSONAL)
                            for p in found):
        return ()
    return tuple(p for p in found if p.tag.case == "nomn" and "Fixd" not in p.tag and "Abbr" not in p.tag)


@lru_cache(maxsize=200_000)
def _finite(lower: str) -> tuple | None:
    """The parses of a finite verb or short participle, when every parse is one; else None."""
    kinds, is_known = readings(lower)
    if not is_known or not kinds <= PREDICATE:
        return None
    found = parses(lower)
    if any(p.tag.mood == "impr" for p in found):
        return None
    return found


def _role(word: str) -> str:
    """What the grammar makes of a word before the subject: a finite verb (F), which ends the
    search, a subject (S), or neither (.)."""
    return "F" if _finite(word.lower()) else "S" if _subjects(word) else "."


_ROLE = PerForm(_role)  # per form


def _governing(word: str) -> bool:
    """A preposition or a noun, which may govern the genitive that follows it."""
    return not readings(word.lower())[0].isdisjoint(("PREP", "NOUN"))


def _compound(lower: str) -> bool:
    """``должна быть уничтожена``: a short adjective or an infinitive makes a compound
    predicate this grammar does not follow."""
    return not readings(lower)[0].isdisjoint(("ADJS", "INFN"))


def _conjunction(lower: str) -> bool:
    return not readings(lower)[0].isdisjoint(("CONJ", "PRCL"))


def _agree(subject, predicate) -> bool:
    s, p = subject.tag, predicate.tag
    if s.number != p.number:
        return "Pltm" in s and p.number == "plur"
    if p.number == "plur" or p.gender is None or s.gender is None or "Ms-f" in s:
        return True
    if subject.normal_form in ("я", "ты"):
        return p.gender in ("masc", "femn")
    return s.gender == p.gender


@lru_cache(maxsize=200_000)
def _disagreeing(subject: str, predicate: str, after_comma: bool) -> str | None:
    """:func:`_disagree` of a subject's form and a lower-case predicate's, judged once per pair:
    inflecting the suggestion asks pymorphy3 for the predicate's whole paradigm."""
    return _disagree(_subjects(subject), _finite(predicate), after_comma)


def _disagree(subjects, predicates, after_comma: bool) -> str | None:
    if any(_agree(s, p) for s in subjects for p in predicates):
        return None
    subject = subjects[0]
    if after_comma and subject.tag.number == "sing" and all(p.tag.number == "plur" for p in predicates):
        return None  # ``Франция, Англия объявили``: the clause may close a list
    wanted = {subject.tag.number}
    past = any(p.tag.tense == "past" or p.tag.POS == "PRTS" for p in predicates)
    if subject.tag.number == "sing" and past and subject.tag.gender:
        wanted.add(subject.tag.gender)
    inflected = predicates[0].inflect(wanted)
    return inflected.word if inflected else None
