"""English subject–verb agreement by a small rule set over spaCy's lookup lemmas.

Without a tagger the rules stay where a word's role is plain: a singular form of *be*, *have*
or *do* (``is``, ``was``, ``has``, ``does``) whose subject, within the same clause and a few
words before it, is a plural noun (``the units is``); the head of a subject with a
prepositional phrase is the noun before the preposition (``the units of the army is``, while
``the cost of units is`` is right). ``there is`` before a number above one or a plural
determiner (``there is two units``). A counting determiner opening a clause, a plural noun and
a verb in -s straight after it (``these units moves``). A noun is plural when its lookup lemma
plus ``-s``/``-es`` is the form (``units`` → ``unit``): a form that is its own lemma
(``news``, ``series``) never is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..language.pipelines import en_lemma
from ..language.words import PerForm, Words

SINGULAR_VERBS = {"is": "are", "was": "were", "has": "have", "does": "do", "isn't": "aren't",
                  "wasn't": "weren't", "hasn't": "haven't", "doesn't": "don't"}
PLURAL_DETERMINERS = {"these", "those", "both", "all", "many", "several", "few", "two", "three", "four",
                      "five", "six", "seven", "eight", "nine", "ten", "their", "our"}
SINGULAR_DETERMINERS = {"a", "an", "each", "every", "this", "that", "one", "either", "neither", "another"}
#: the plural determiners that count (a clause opening with one has a counted subject)
COUNTING = PLURAL_DETERMINERS - {"their", "our", "all"}
THERE = re.compile(r"\b(?P<verb>[Tt]here (?:is|was)) (?P<many>\w+)")
DETERMINERS = PLURAL_DETERMINERS | SINGULAR_DETERMINERS | {"the", "its", "his", "her", "your", "my",
                                                           "some", "any", "no", "other", "own"}
PREPOSITIONS = {"of", "in", "with", "for", "from", "to", "on", "at", "by", "into", "under", "over",
                "between", "among", "than", "per", "without", "within", "through", "during", "after",
                "before", "against", "about", "like", "as"}
ADVERBS = {"also", "only", "not", "still", "always", "never", "then", "thus", "now", "already", "usually",
           "often", "automatically", "immediately"}
#: a number word or figure above one: ``there is two units``
MANY = re.compile(r"(?:[2-9]|\d\d+|two|three|four|five|six|seven|eight|nine|ten|several|many|these|those|both)$")
CLAUSE_BREAK = re.compile(r"[,;:.!?()\[\]—–\n\"“”]|\s-\s")
LOOKBACK = 8  # words: "a few words apart"
#: words a clause's subject may follow inside a sentence
OPENERS = {"that", "which", "who", "if", "when", "where", "while", "because", "and", "or", "but", "so",
           "unless", "until", "once", "since", "although", "though", "whether", "then"}


@dataclass(frozen=True)
class Pair:
    start: int  # the noun
    end: int  # the verb's end
    noun: str
    verb: str
    suggestion: str


def disagreements(table: Words) -> Iterator[Pair]:
    """Every plural subject with a singular verb in the text of ``table``."""
    text, words, starts, ends = table.text, table.words, table.starts, table.ends
    lowers = table.lowers
    roles = table.joined(_ROLES)  # both rules' first words
    for n in _positions(roles, "VB"):
        form = words[n]
        clause, whole = _clause_before(table, n)
        if clause and lowers[clause[-1]] == "there":
            continue  # `there is` is judged by what follows it, below
        head = _head(table, clause, whole)
        if head is not None:
            yield Pair(starts[head], ends[n], words[head], form, _plural_verb(form))
    yield from _counted(table, _positions(roles, "CB"))
    for match in THERE.finditer(text) if "here " in text else ():
        if MANY.match(match.group("many").lower()):
            there_verb = match.group("verb").split()[1]
            yield Pair(match.start(), match.end("many"), match.group("many"), there_verb, _plural_verb(there_verb))


#: per form: whether it is a singular form of be, have or do (the verbs the first rule reads)
_SINGULAR_VERB = PerForm(lambda word: word.lower() in SINGULAR_VERBS)
#: per form: whether it is a counting determiner (the second rule's first word)
_COUNTING = PerForm(lambda word: word.lower() in COUNTING)
#: per form, the two as one letter: a singular verb (V), a counting determiner (C), both (B), or
#: neither (.); most texts' letters hold no V nor C, found without a word read
_ROLES = PerForm(lambda word: "B" if _SINGULAR_VERB[word] and _COUNTING[word] else "V" if _SINGULAR_VERB[word]
                 else "C" if _COUNTING[word] else ".")


def _positions(roles: str, letters: str) -> Iterator[int]:
    """The indices of the words whose role is one of ``letters``, in order."""
    if letters[0] not in roles and letters[1] not in roles:
        return iter(())
    return (n for n, role in enumerate(roles) if role in letters)


def _counted(table: Words, counting: Iterable[int]) -> Iterator[Pair]:
    """``these units moves``: a counting determiner opening a clause, a plural noun and straight
    after it a verb in -s (be, have and do are the rule above's). After a preposition the phrase
    is not the subject (``on these actions increases``, ``any of these events occurs``)."""
    words, starts, ends, gaps, lowers = table.words, table.starts, table.ends, table.gaps, table.lowers
    for n in counting:
        if n + 2 >= len(words):
            continue
        opens = n == 0 or CLAUSE_BREAK.search(gaps[n]) or lowers[n - 1] in OPENERS
        noun = words[n + 1]
        if not opens or not _plural(noun) or noun[:1].isupper():
            continue
        form = lowers[n + 2]
        lemma = en_lemma(form)
        if form not in SINGULAR_VERBS and lemma != form and form in (lemma + "s", lemma + "es") \
                and starts[n + 2] - ends[n + 1] == 1:
            yield Pair(starts[n + 1], ends[n + 2], noun, words[n + 2], lemma)


def _plural_verb(form: str) -> str:
    plural = SINGULAR_VERBS[form.lower()]
    return plural.capitalize() if form[:1].isupper() else plural


def _clause_before(table: Words, n: int) -> tuple[list[int], bool]:
    """The indices of the words before word ``n`` back to the clause's start, at most LOOKBACK
    of them, and whether that is the clause's start (not where LOOKBACK cut it)."""
    gaps = table.gaps
    clause: list[int] = []
    for k in range(n - 1, max(0, n - LOOKBACK) - 1, -1):
        if CLAUSE_BREAK.search(gaps[k + 1]):  # between word k and the one after it
            return clause, True
        clause.insert(0, k)
    return clause, n <= LOOKBACK and not (clause and CLAUSE_BREAK.search(gaps[clause[0]]))


def _head(table: Words, clause: list[int], whole: bool) -> int | None:
    """The index of the subject's head noun if it is plural, found from the verb backwards."""
    words = table.words
    lowered = [table.lowers[k] for k in clause]
    at = len(clause) - 1
    while at >= 0 and lowered[at] in ADVERBS:
        at -= 1
    if at < 0:
        return None
    noun = at
    # the noun phrase: back over its determiner and up to two modifiers
    start = noun
    while start > 0 and noun - start < 3 and lowered[start - 1] not in PREPOSITIONS \
            and not lowered[start].endswith("ly"):
        if lowered[start] in DETERMINERS:
            break
        start -= 1
    if lowered[start] not in DETERMINERS and start != noun:
        start = noun  # no determiner found: only the noun itself is known to be the phrase
    if start > 0 and lowered[start - 1] in PREPOSITIONS:
        # inside a prepositional phrase: the head is the noun before the preposition
        return _head(table, clause[:start - 1], whole) if start > 1 else None
    if not _plural(words[clause[noun]]):
        return None
    determiner = lowered[start] if start < noun else None
    if determiner in SINGULAR_DETERMINERS:
        return None
    if words[clause[noun]][:1].isupper() and determiner not in PLURAL_DETERMINERS:
        return None  # a name (the Papal States, Netherlands) is one country
    if determiner is None:
        return None  # a bare plural may as well be a verb (``and passes during an impulse is``)
    # the subject opens its clause: a plural after other words may be an object or a modifier
    opens = (start == 0 and whole) or (start > 0 and lowered[start - 1] in OPENERS)
    return clause[noun] if opens else None


def _plural(word: str) -> bool:
    lower = word.lower()
    lemma = en_lemma(lower)
    if lemma == lower or not lower.endswith("s") or lower.endswith("ss"):
        return False
    return lower in (lemma + "s", lemma + "es", lemma[:-1] + "ies") if lemma else False
