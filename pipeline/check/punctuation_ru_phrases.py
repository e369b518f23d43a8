"""Russian participial and adverbial phrases set off by commas, where their boundary is plain.

- A participial phrase (причастный оборот) after the noun it qualifies opens with a comma
  (``армия, охваченная восстанием``). Reported where a noun is followed, one space apart, by a
  full participle that agrees with it in case, number and gender under some parse, and the
  participle has a dependent word after it that is not a noun it could qualify instead
  (``армии захваченной провинции``: the participle stands before its own noun).
- An adverbial phrase (деепричастный оборот) is set off on both sides. Reported where a gerund
  follows a word without a comma inside a sentence (``берёт карту заплатив``), and where a
  sentence opens with a gerund and reaches its first finite verb with no comma at all
  (``Заплатив 2 дуката игрок берёт``); the comma then belongs before the subject and its
  adjectives when every parse of the word before the verb is a nominative noun or pronoun, and
  before the verb when no parse is a nominative; otherwise the boundary is not plain and nothing
  is said.

Every word involved must be one whose every parse pymorphy3 takes from its dictionary and is of
the kind the pattern needs; gerunds that became prepositions or adverbs (``благодаря``,
``начиная с``, ``стоя``) and a lone gerund with nothing after it take no part; a gerund follows
without its comma only a noun or a verb (an adverb before it may be the phrase's own:
``навсегда передав``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from ..language.morph import known, known_only, readings
from ..language.words import PerForm, Words
from .agreement_ru import agrees

TOKEN = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*|\d+(?:[.,]\d+)*|[^\w\s]")
#: gerunds that work as prepositions, conjunctions or adverbs and take no commas of their own
FROZEN = {"благодаря", "включая", "исключая", "начиная", "кончая", "судя", "исходя", "спустя",
          "погодя", "несмотря", "невзирая", "считая", "смотря", "стоя", "лёжа", "лежа", "сидя", "молча",
          "нехотя", "шутя", "немедля", "глядя"}
#: words after which a gerund needs no comma of its own: the comma, if any, stands before them
JOINED = {"и", "а", "но", "или", "либо", "да", "не", "ни", "лишь", "только", "даже", "тем", "как",
          "чем", "будто", "словно", "же", "ли", "бы", "уже", "ещё", "еще", "сразу", "также", "тоже",
          "затем", "потом", "именно", "просто", "однако", "кроме", "то"}
#: what a gerund phrase may follow without a comma being in doubt: an adverb or a pronoun
#: before it may belong to the phrase (``навсегда передав``, ``тем самым исключив``)
HEADS = frozenset({"NOUN", "VERB", "INFN", "PRTS", "ADJS"})
NOUNS, PARTICIPLES, GERUNDS = frozenset({"NOUN"}), frozenset({"PRTF"}), frozenset({"GRND"})
VERBS, ADJECTIVES = frozenset({"VERB"}), frozenset({"ADJF"})
PREDICATES = {"VERB", "INFN", "PRTS", "ADJS"}
SENTENCE_END = {".", "!", "?", ";", ":", "•", "|"}


@dataclass(frozen=True)
class Missing:
    kind: str  # "participle" or "gerund"
    offset: int  # where the comma belongs
    before: str
    after: str  # the word the comma precedes


def missing_commas(table: Words) -> Iterator[Missing]:
    text = table.text
    # Each pattern needs a word of its kind: a text without one (most texts) is not tokenised.
    # The table's words are :data:`TOKEN`'s when no apostrophe joins two of its words.
    whole = "'" in text or "’" in text
    participles = whole or _participle_after_noun(table)
    gerunds = whole or any(map(_GERUND.__getitem__, table.words))
    if not participles and not gerunds:
        return
    tokens = [(m.start(), m.end(), m.group()) for m in TOKEN.finditer(text)]
    if participles:
        yield from _participles(text, tokens)
    if gerunds:
        yield from _gerunds(text, tokens)


def _participle_after_noun(table: Words) -> bool:
    """Whether a noun stands one space before a participle, as :func:`_participles` needs."""
    words, gaps = table.words, table.gaps
    return any(k + 1 < len(words) and gaps[k + 1] == " " and _PARTICIPLE[words[k + 1]]
               for k in table.where(_NOUN))


def _known(word: str) -> tuple:
    if not word.isalpha() or (len(word) > 1 and word.isupper()):
        return ()
    return known(word.lower())


@lru_cache(maxsize=400_000)  # asked of every word of a Russian text, up to three times: once per form
def _only(word: str, kinds: frozenset[str]) -> tuple:
    if not word.isalpha() or (len(word) > 1 and word.isupper()):
        return ()
    return known_only(word.lower(), kinds)


#: per form: whether :func:`_only` finds it a noun, a participle
_NOUN = PerForm(lambda word: bool(_only(word, NOUNS)))
_PARTICIPLE = PerForm(lambda word: bool(_only(word, PARTICIPLES)))


def _spaced(text: str, first, second) -> bool:
    return text[first[1]:second[0]] == " "



def _participles(text: str, tokens) -> Iterator[Missing]:
    for first, second, third in zip(tokens, tokens[1:], tokens[2:], strict=False):
        if not (_spaced(text, first, second) and _spaced(text, second, third)):
            continue
        if not third[2][0].isalnum():
            continue  # a lone participle after its noun: a comma is not always required
        nouns = _only(first[2], NOUNS)
        participles = _only(second[2], PARTICIPLES) if nouns else ()
        if not participles or not any(agrees(p, n) for p in participles for n in nouns):
            continue
        following = _only(third[2], NOUNS)
        if any(agrees(p, n) for p in participles for n in following):
            continue  # ``армии захваченной провинции``: the participle qualifies the next noun
        if readings(third[2].lower())[0] & PREDICATES:
            continue  # ``потери атакующих должны``: a participle used as a noun, then the predicate
        yield Missing("participle", first[1], first[2], second[2])


def _gerund(word: str) -> bool:
    return word.lower() not in FROZEN and bool(_only(word, GERUNDS))


_GERUND = PerForm(_gerund)  # per form


def _gerunds(text: str, tokens) -> Iterator[Missing]:
    start = 0  # index of the current sentence's first token
    for n, token in enumerate(tokens):
        if token[2] in SENTENCE_END:
            start = n + 1
            continue
        if not _gerund(token[2]) or n + 1 >= len(tokens) or not tokens[n + 1][2][0].isalnum():
            continue
        if n == start:
            found = _closing(text, tokens, n)
            if found:
                yield found
        elif _spaced(text, tokens[n - 1], token) and tokens[n - 1][2][0].isalpha():
            before = tokens[n - 1][2]
            if before.lower() not in JOINED and _only(before, HEADS) and n - 1 != start:
                yield Missing("gerund", tokens[n - 1][1], before, token[2])


def _closing(text: str, tokens, n: int) -> Missing | None:
    """A sentence opening with a gerund: where its phrase ends, when no comma closes it."""
    for m in range(n + 1, len(tokens)):
        word = tokens[m][2]
        if not word[0].isalnum() or "CONJ" in readings(word.lower())[0]:
            return None  # a comma, a second gerund or a clause of its own: not this pattern's boundary
        found = _only(word, VERBS)
        if not found:
            continue
        if any(p.tag.mood == "impr" for p in found) or m - 1 <= n:
            return None
        subject = _known(tokens[m - 1][2])
        if subject and all(p.tag.POS in ("NOUN", "NPRO") and p.tag.case == "nomn" for p in subject):
            at = m - 1
            while at - 1 > n and _only(tokens[at - 1][2], ADJECTIVES) and any(
                    p.tag.case == "nomn" for p in _known(tokens[at - 1][2])):
                at -= 1
        elif not any(p.tag.case == "nomn" for p in _known(tokens[m - 1][2])) and _known(tokens[m - 1][2]):
            at = m
        else:
            return None
        if at - 1 <= n or not _spaced(text, tokens[at - 1], tokens[at]):
            return None
        return Missing("gerund", tokens[at - 1][1], tokens[at - 1][2], tokens[at][2])
    return None
