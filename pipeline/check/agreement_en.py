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
from collections.abc import Iterator
from dataclasses import dataclass

from ..language.pipelines import en_lemma
from .base import WORD

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


def disagreements(text: str) -> Iterator[Pair]:
    words = list(WORD.finditer(text))
    for n, verb in enumerate(words):
        form = verb.group()
        if form.lower() not in SINGULAR_VERBS:
            continue
        clause, whole = _clause_before(text, words, n)
        if clause and clause[-1].group().lower() == "there":
            continue  # `there is` is judged by what follows it, below
        head = _head(clause, whole)
        if head is not None:
            yield Pair(head.start(), verb.end(), head.group(), form, _plural_verb(form))
    yield from _counted(text, words)
    for match in THERE.finditer(text):
        if MANY.match(match.group("many").lower()):
            there_verb = match.group("verb").split()[1]
            yield Pair(match.start(), match.end("many"), match.group("many"), there_verb, _plural_verb(there_verb))


def _counted(text: str, words: list[re.Match[str]]) -> Iterator[Pair]:
    """``these units moves``: a counting determiner opening a clause, a plural noun and straight
    after it a verb in -s (be, have and do are the rule above's). After a preposition the phrase
    is not the subject (``on these actions increases``, ``any of these events occurs``)."""
    for n, (det, noun, verb) in enumerate(zip(words, words[1:], words[2:], strict=False)):
        if det.group().lower() not in COUNTING:
            continue
        before = words[n - 1] if n else None
        opens = before is None or CLAUSE_BREAK.search(text[before.end():det.start()]) \
            or before.group().lower() in OPENERS
        if not opens or not _plural(noun.group()) or noun.group()[:1].isupper():
            continue
        form = verb.group().lower()
        lemma = en_lemma(form)
        if form not in SINGULAR_VERBS and lemma != form and form in (lemma + "s", lemma + "es") \
                and verb.start() - noun.end() == 1:
            yield Pair(noun.start(), verb.end(), noun.group(), verb.group(), lemma)


def _plural_verb(form: str) -> str:
    plural = SINGULAR_VERBS[form.lower()]
    return plural.capitalize() if form[:1].isupper() else plural


def _clause_before(text: str, words: list[re.Match[str]], n: int) -> tuple[list[re.Match[str]], bool]:
    """The words before ``words[n]`` back to the clause's start, at most LOOKBACK of them, and
    whether that is the clause's start (not where LOOKBACK cut it)."""
    clause: list[re.Match[str]] = []
    for word in reversed(words[max(0, n - LOOKBACK):n]):
        if CLAUSE_BREAK.search(text[word.end():(clause[0] if clause else words[n]).start()]):
            return clause, True
        clause.insert(0, word)
    return clause, n <= LOOKBACK and not CLAUSE_BREAK.search(text[:clause[0].start()] if clause else "")


def _head(clause: list[re.Match[str]], whole: bool) -> re.Match[str] | None:
    """The subject's head noun if it is plural, found from the verb backwards."""
    lowered = [w.group().lower() for w in clause]
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
        return _head(clause[:start - 1], whole) if start > 1 else None
    if not _plural(clause[noun].group()):
        return None
    determiner = lowered[start] if start < noun else None
    if determiner in SINGULAR_DETERMINERS:
        return None
    if clause[noun].group()[:1].isupper() and determiner not in PLURAL_DETERMINERS:
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
