"""Russian punctuation the language requires: a comma before a subordinate clause opened by
«который», «что» or «если». Conservative patterns only, each over the word before the clause
word and what pymorphy3 says of it:

- «который» (any form, also after its preposition: «в которой»): after a noun, adjective or
  participle that every reading makes one; not a bare genitive (``в области которых``, where the
  clause opens further back);
- «что»: after a verb, a short adjective or participle (``указано что``), or «то»;
- «если»: after a noun, a verb or an adjective, every reading of it;

never after a conjunction or a particle that joins the clause word (``потому что``, ``и если``,
``только если``: the comma then stands before them), nor inside a hyphenated word
(``что-либо``) or at a sentence's start.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..language.morph import known_only
from ..language.words import PerForm, Words

PREPOSITIONS = ("в", "во", "на", "с", "со", "из", "для", "о", "об", "обо", "по", "к", "ко", "от", "у",
                "за", "над", "под", "при", "через", "между", "перед", "без", "до", "после", "против",
                "среди", "вместо", "кроме", "вокруг")
CLAUSE_WORDS = r"котор(?:ый|ая|ое|ые|ого|ой|ому|ом|ым|ую|ых|ыми)|что|если"
#: ``word [preposition] clause-word``, with nothing but one space between them; tried at the
#: start of a word only (a match inside one would end where the whole word's match ends)
CLAUSE = re.compile(r"(?<![^\W\d_])(?P<before>[^\W\d_]+)(?P<gap> )(?P<prep>(?:" + "|".join(PREPOSITIONS) + ") )?"
                    r"(?P<word>" + CLAUSE_WORDS + r")(?![-\w])", re.IGNORECASE)
#: per form: whether it is a word that opens a clause, as :data:`CLAUSE` spells them
_CLAUSE_WORD = PerForm(lambda word: re.fullmatch(CLAUSE_WORDS, word, re.IGNORECASE) is not None)
#: genitive forms, which may follow the noun they own inside the clause
WHOSE = {"которого", "которой", "которых"}
WHO = {"NOUN", "ADJF", "PRTF", "NPRO"}
SAYING = {"VERB", "ADJS", "PRTS", "PRED"}
CONDITION = {"NOUN", "VERB", "INFN", "ADJF", "ADJS", "PRTF", "PRTS"}
#: words that already join the clause word, or the ones a comma must precede instead
JOINED = {"потому", "так", "оттого", "затем", "тем", "ни", "как", "чем", "будто", "словно", "только",
          "лишь", "даже", "особенно", "именно", "разве", "хотя", "если", "что", "чтобы", "и", "а", "но",
          "или", "либо", "да", "также", "тоже", "то", "вот", "не", "уже", "ещё", "еще", "при", "кроме",
          "например", "несмотря", "после", "до", "того", "же", "ли", "бы"}


@dataclass(frozen=True)
class Missing:
    offset: int  # where the comma belongs
    before: str
    clause: str  # the clause word as written (with its preposition)


def missing_commas(table: Words) -> Iterator[Missing]:
    text = table.text
    # a text with no clause word among its words (most texts) is not searched; an apostrophe
    # may join a clause word to another in the table, so a text holding one always is
    if "'" in text or "’" in text:
        found: Iterable[re.Match[str]] = CLAUSE.finditer(text)
    else:
        found = _clauses(table)
    for match in found:
        before, word = match.group("before"), match.group("word").lower()
        if word in WHOSE and not match.group("prep"):
            continue  # ``в области которых``: the clause opens at its preposition, further back
        if _fits(before, word):
            clause = (match.group("prep") or "") + match.group("word")
            yield Missing(match.start("gap"), before, clause)


def _clauses(table: Words) -> Iterator[re.Match[str]]:
    """What ``CLAUSE.finditer`` finds in the table's text (one without an apostrophe), searched
    for from near each clause word only: a match holds one, as a whole word of the table, and
    begins at most two words before it (``before [preposition] word``); so no match begins
    between the last one's end and the start of the word two before the next clause word, and
    the search from there finds the one finditer would find next."""
    text, starts, ends = table.text, table.starts, table.ends
    after = 0  # where the last match ended
    for index in table.where(_CLAUSE_WORD):
        if ends[index] <= after:
            continue  # inside the last match (its clause word)
        match = CLAUSE.search(text, max(after, starts[max(index - 2, 0)]))
        if match is None:
            return
        yield match
        after = match.end()


def _fits(before: str, word: str) -> bool:
    lower = before.lower()
    if word == "что" and lower == "то":
        return True  # «то, что»
    if lower in JOINED or (len(before) > 1 and before.isupper()):
        return False
    kinds = WHO if word.startswith("котор") else SAYING if word == "что" else CONDITION
    return bool(known_only(lower, kinds))
