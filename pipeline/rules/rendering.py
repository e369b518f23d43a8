"""Where a translated side says a fact's words, found again when the translation changes.

A fact quotes its unit's original words (the side in the document's own language): those are
the rule, and `folio check` holds the text to them. The words a translation says them with are
recorded beside them, as they stood when the fact was written. A translator who replaces a
correct translation with another correct one owes the rules file nothing, so when a translated
side no longer holds its recorded words they are found again: the span of the new translation
that renders the quoted source words, which

- states every number the quoted words state (digits, a sign, cardinals), and few others;
- keeps the quote's verbatim tokens (``SPA``, ``8:I``, ``COL/TP``) where the translation has them;
- says most of what the recorded words said, compared by lemma (pymorphy3 for Russian), so
  another word order, a synonym here and there or another case of a noun is the same rendering;
- stands in the sentence that translates the quote's sentence: sentences come from the
  project's segmenter and are paired in order where both sides have as many; a span far from
  where the quote stands in the original pays for it;
- begins and ends where a clause does, where the quote does in the original.

What cannot be found so is not the translator's error: the check tells the keeper of
corpus/rules/, with the nearest span as the new quote to check (the manual, "Rules as data").
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import lru_cache

from ..core.model import Corpus
from ..editions.align import MARKER
from ..language import Token, lemmas
from ..language.numbers import number_words
from ..language.sentences import sentences
from .facts import Fact, Facts
from .wording import contains, find, number_spans, numbers

#: a span is taken as the rendering when it states every number of the quote and says at least
#: this share of the recorded words (by lemma; an F-measure of their precision and recall); a
#: share of ACCEPT_NUMBERED is enough where the quote has numbers (they stand in the span too)
ACCEPT, ACCEPT_NUMBERED = 0.5, 0.3
#: what a span pays for each number the quote does not state (a neighbouring rule's, or a page
#: reference «(см. с. 22)» the translator moved into the clause)
EXTRA = 0.1
#: what a span pays for each number of the quote it lacks: it is no rendering then, but may be
#: the nearest words, which the keeper of the facts is shown
LACKING = 0.5
#: the weight of a short word (a preposition, a conjunction, an article) in that share: «в»,
#: «и», "of" match anywhere, and a span is not a rendering for holding them
SHORT, SHORT_LEN = 0.25, 3
#: what a span pays for standing elsewhere in its text than the quote in its own (0..1 apart)
#: and gains for each verbatim token of the quote it keeps
PLACE, VERBATIM = 0.3, 0.3
#: what a span pays for a length unlike the recorded words' (per unit of |log(ratio)|), and gains
#: for each of its ends that falls where a clause does, as the quote's does in the original
LENGTH, EDGE = 0.3, 0.1
#: what a span gains for standing in the sentence paired with the quote's, where the two sides
#: have as many sentences
SENTENCE = 0.2
#: a token that reads the same in every language: capitals (SPA, CP), an event id (8:I), digits
_VERBATIM = re.compile(r"(?<!\w)(?:[A-Z]{2,}(?:/[A-Z]{2,})*|\d+:[IVX]+(?:/\d+:[IVX]+)*)(?!\w)")


@dataclass(frozen=True)
class Rendering:
    """The words of a translated side that render a fact's quoted words, one per fragment."""

    fragments: tuple[str, ...]
    spans: tuple[tuple[int, int], ...]  # offsets into the translated text
    score: float  # the least of the fragments' scores
    found: bool  # every fragment is a rendering; else these are the nearest spans, a suggestion
    missing: tuple[int, ...] = ()  # numbers of the quote the translation does not state there


def render(quoted: tuple[str, ...], source: str, source_lang: str, target: str, target_lang: str,
           recorded: tuple[str, ...] = ()) -> Rendering | None:
    """The span of ``target`` (a translation of ``source``) that renders each fragment of
    ``quoted`` (words of ``source``); ``recorded``: the words the translation said them with
    before it changed. None where nothing in ``target`` could stand for the words (no word but
    short ones the recorded words do not have)."""
    return _render(tuple(quoted), source, source_lang, target, target_lang, tuple(recorded))


@lru_cache(maxsize=4096)  # the check and the renderers ask for the same fact in one process
def _render(quoted, source, source_lang, target, target_lang, recorded) -> Rendering | None:
    tokens = lemmas(target, target_lang)
    if not any(t.is_word for t in tokens):
        return None
    found = []
    for n, fragment in enumerate(quoted):
        # the recorded fragment that translates this one; all of them where they are not paired
        words = recorded[n:n + 1] if len(recorded) == len(quoted) else recorded
        place = find(fragment, source)
        quote = Quote(fragment, source, place.start, place.end) if place else Quote(fragment, fragment, 0,
                                                                                    len(fragment))
        best = _best(quote, " ".join(words), target, target_lang, tokens, _sentence(quote, source_lang))
        if best is None:
            return None
        found.append(best)
    return Rendering(tuple(target[a:b] for a, b, _, _, _ in found), tuple((a, b) for a, b, _, _, _ in found),
                     min(score for _, _, score, _, _ in found), all(ok for _, _, _, ok, _ in found),
                     tuple(sorted({n for *_, lacking in found for n in lacking})))


@dataclass(frozen=True)
class Quote:
    """A fact's words where they stand in the original."""

    words: str
    text: str
    start: int
    end: int

    @property
    def where(self) -> float:
        """Where the words stand in their text, from 0 (its start) to 1 (its end)."""
        return (self.start + self.end) / 2 / max(1, len(self.text))

    def edges(self) -> tuple[bool, bool]:
        """Whether the words begin and end where a clause does: a span rendering them does too."""
        return _opens(self.text, self.start), _closes(self.text, self.end)


def _sentence(quote: Quote, lang: str) -> tuple[int, int]:
    """Which sentence of its text the quote begins in, and how many sentences the text has."""
    found = sentences(quote.text, lang)
    return sum(1 for s in found if s.end <= quote.start), len(found)


def _best(quote: Quote, recorded: str, target: str, lang: str, tokens: list[Token],
          sentence: tuple[int, int]) -> tuple[int, int, float, bool, frozenset[int]] | None:
    """The best span of ``target`` for the quote: (start, end, score, whether it renders it, the
    quote's numbers it lacks); None where no word of the target could open a span."""
    wanted = _required(quote.words)
    recorded_tokens = lemmas(recorded, lang) if recorded else []
    # the numbers the recorded words said (an ordinal: «во второй раз») and a lone "one", which
    # may be an article
    allowed = wanted | {n for t in recorded_tokens for n in _values(t, lang)} | {1}
    verbatim = {word for word in _VERBATIM.findall(quote.words) if word in target}
    values = [_values(t, lang) for t in tokens]
    bag = [_keys(t, lang) for t in recorded_tokens if t.is_word or _values(t, lang)]
    weights = [_weight(t) for t in recorded_tokens if t.is_word or _values(t, lang)]
    bag_weight = sum(weights) or 1.0
    # which recorded words each token of the target may be (any lemma of the one among the other's)
    matches = [[o for o, word in enumerate(bag) if own_keys & word]
               for own_keys in (_keys(t, lang) for t in tokens)]
    limits = _sentence_of(target, lang, tokens)
    # sentences paired in order where both sides have as many (a joined or split one leaves
    # the pairing to the span's place in the text)
    paired = sentence[0] if sentence[1] == len(set(limits)) else None
    edges = quote.edges()
    opens = lru_cache(maxsize=None)(lambda at: _opens(target, at))  # per offset, not per span
    closes = lru_cache(maxsize=None)(lambda at: _closes(target, at))
    longest = max(8, 2 * len(bag) + 4) if bag else max(8, 2 * len(quote.words.split()) + 4)
    best = None
    for first, start_token in enumerate(tokens):
        if not (start_token.is_word or values[first]) or _marker(target, tokens, first) \
                or (_short(start_token) and not matches[first]):
            continue  # a span opens on a word of the rule, not on «а» or «же» of the new sentence
        used: set[int] = set()  # each recorded word is matched once: "the ... the" is two
        own = hits = recall = 0.0
        stated: set[int] = set()
        for last in range(first, min(len(tokens), first + longest)):
            token = tokens[last]
            if limits[last] - limits[first] > quote.words.count(". "):
                break  # a span reaches into the next sentence only where the quote does
            stated |= values[last]
            if not (token.is_word or values[last]):
                continue
            own += _weight(token)
            free = next((o for o in matches[last] if o not in used), None)
            if free is not None:
                used.add(free)
                hits += _weight(token)
                recall += weights[free]
            if _short(token) and free is None:
                continue
            if bag:
                precision, covered = hits / own, recall / bag_weight
                said = 2 * precision * covered / (precision + covered) if precision + covered else 0.0
            else:  # no recorded words: only the anchors speak, and the span is a suggestion
                said = 0.0
            start, end = _widened(tokens, first, last, recorded or quote.words)
            extra, lacking = stated - allowed, frozenset(wanted - stated)
            kept = sum(word in target[start:end] for word in verbatim) / max(1, len(verbatim))
            ends = [wanted_edge and edge for wanted_edge, edge in zip(edges, (opens(start), closes(end)), strict=False)]
            score = _score(said, quote, (start, end), len(target), len(recorded or quote.words),
                           len(extra), len(lacking), kept, sum(ends)) + SENTENCE * (limits[first] == paired)
            ok = bool(bag) and not lacking and (said >= ACCEPT or (bool(wanted) and said >= ACCEPT_NUMBERED))
            candidate = (start, end, round(score, 4), ok, lacking)
            if best is None or (candidate[3], candidate[2]) > (best[3], best[2]):
                best = candidate
    return best


#: the marks a clause opens after or closes before (not quotation marks: they hold a name)
_OPENING, _CLOSING = "([|—–-:;,", ")]|.!?—–-:;,"


def _opens(text: str, start: int) -> bool:
    """Whether a clause begins at ``start``: the text's start, a line's, or after a mark."""
    before = text[:start].rstrip(" \t")
    return not before.strip() or before.endswith("\n") or before[-1] in _OPENING or bool(MARKER.fullmatch(
        before[before.rfind("\n") + 1:] + " "))


def _closes(text: str, end: int) -> bool:
    """Whether a clause ends at ``end``: the text's end, a line's, a mark before or after it."""
    after = text[end:].lstrip(" \t")
    return not after.strip() or after.startswith("\n") or after[0] in _CLOSING or text[end - 1:end] in _CLOSING


def _score(said: float, quote: Quote, span: tuple[int, int], length: int, expected: int, extra: int,
           lacking: int, kept: float, edges: int) -> float:
    """How well a span of a text ``length`` long stands for the quote: what it says of the
    recorded words, less the numbers it adds or lacks, plus the verbatim tokens it keeps, less
    how far it stands from where the quote does and how far its length is from ``expected``,
    plus the ends that fall where the quote's do."""
    start, end = span
    return (said - EXTRA * extra - LACKING * lacking + VERBATIM * kept
            - PLACE * abs((start + end) / 2 / max(1, length) - quote.where)
            - LENGTH * abs(math.log(max(1, end - start) / max(1, expected))) + EDGE * edges)


def _required(fragment: str) -> set[int]:
    """The numbers a rendering must state: every number of the quote but a "one" in words,
    which is as often an article or a pronoun ("no one", «никто»)."""
    return {abs(value) for start, end, value in number_spans(fragment)
            if value != 1 or any(ch.isdigit() for ch in fragment[start:end])}


def _keys(token: Token, lang: str) -> frozenset[str]:
    """What a token may be matched by: its lemmas, and the numbers it states (``две`` is ``2``)."""
    # spaCy keeps a dot on a capital it cannot tell from an abbreviation: «Карл I.»
    return frozenset(key.rstrip(".") for key in token.keys) | {f"#{n}" for n in _values(token, lang)}


def _marker(text: str, tokens: list[Token], n: int) -> bool:
    """Whether token ``n`` belongs to a list marker (``2.``, ``c.`` opening a line): the
    numbering, not the words of the rule."""
    line = text.rfind("\n", 0, tokens[n].start) + 1
    marker = MARKER.match(text, line)
    return marker is not None and tokens[n].start < marker.end()


def _weight(token: Token) -> float:
    return SHORT if _short(token) else 1.0


def _short(token: Token) -> bool:
    """A preposition, a conjunction, an article: short, and not a capital (SPA, CB)."""
    return token.is_word and len(token.text) <= SHORT_LEN and not token.text.isupper()


def _values(token: Token, lang: str) -> set[int]:
    """The numbers one token states: its digits (signed or not), or the number its word names."""
    found = {abs(n) for n in numbers(token.text)}
    return found | {w.value for w in number_words(token.text, lang)} if token.is_word else found


def _widened(tokens: list[Token], first: int, last: int, words: str) -> tuple[int, int]:
    """The span from its first word to its last, with the brackets, quotation marks and final
    full stop around them where the words it stands for have them."""
    words = words.strip()
    opening = len(words) - len(words.lstrip("([«“\"'„|"))
    closing = len(words) - len(words.rstrip(")]»”\"'.!?;|"))
    while opening and first > 0 and not tokens[first - 1].is_word and tokens[first - 1].text in "([«“\"'„|":
        first, opening = first - 1, opening - 1
    while closing and last + 1 < len(tokens) and not tokens[last + 1].is_word \
            and tokens[last + 1].text in ")]»”\"'.!?;|" \
            and (tokens[last + 1].start == tokens[last].end or tokens[last + 1].text == "|"):
        last, closing = last + 1, closing - 1
    while last + 1 < len(tokens) and _unclosed(tokens[first:last + 1], tokens[last + 1].text):
        last += 1  # a bracket or a quotation the span opens, it closes
    end = tokens[last].end
    if tokens[last].is_word and tokens[last].text.endswith(".") and not words.endswith("."):
        end -= 1  # «Карл I.»: the sentence's full stop, not the words'
    return tokens[first].start, end


_PAIRS = {")": "(", "»": "«", "”": "“"}


def _unclosed(span: list[Token], mark: str) -> bool:
    opening = _PAIRS.get(mark)
    return opening is not None and sum(t.text == opening for t in span) > sum(t.text == mark for t in span)


def _sentence_of(text: str, lang: str, tokens: list[Token]) -> list[int]:
    """The index of the sentence each token stands in."""
    bounds = [s.end for s in sentences(text, lang)]
    index, found = 0, []
    for token in tokens:
        while index < len(bounds) - 1 and token.start >= bounds[index]:
            index += 1
        found.append(index)
    return found


def rendered(fact: Fact, corpus: Corpus, lang: str) -> Rendering | None:
    """The words the translated side ``lang`` of the fact's unit renders the fact with now:
    the recorded ones while the side holds them, else found again; None where the unit, its
    original words or that side are missing."""
    unit = corpus.units.get(fact.unit)
    original = corpus.document_of(unit).language if unit is not None else None
    if unit is None or lang == original or lang not in unit.sides or original not in unit.sides:
        return None
    source, side = unit.sides[original].text, unit.sides[lang].text
    recorded = fact.wording.get(lang, ())
    if _holds(side, recorded):
        spans = tuple((f.start, f.end) for f in (find(words, side) for words in recorded) if f is not None)
        return Rendering(recorded, spans, 1.0, True)
    quoted = fact.wording.get(original, ())
    if not quoted or not all(contains(words, source) for words in quoted):
        return None  # the original itself lost the words: that is the check's error, not this
    return render(quoted, source, original, side, lang, recorded)


def _holds(text: str, words: tuple[str, ...], squeezed: str | None = None) -> bool:
    return bool(words) and all(contains(fragment, text, squeezed) for fragment in words)


def placed(facts: Facts, corpus: Corpus) -> Facts:
    """The facts with each translated side's words as the translation says them now: what the
    site, the aids, corpus.json and the rules' citations show. A side whose words cannot be
    found again has none (the check reports it to the keeper of corpus/rules/)."""
    changed = {}
    spaced: dict[str, str] = {}  # each side's text with its white space made single, once
    for fact in facts:
        unit = corpus.units.get(fact.unit)
        if unit is None:
            continue
        wording = dict(fact.wording)
        for lang, side in unit.sides.items():
            if lang not in fact.wording:
                continue  # a side with no words recorded has nothing to find them again by
            # made once for all the facts of the unit: a side states several, and a large
            # corpus has hundreds of thousands
            squeezed = spaced.get(side.text)
            if squeezed is None:
                squeezed = spaced[side.text] = " ".join(side.text.split())
            if _holds(side.text, fact.wording[lang], squeezed):
                continue  # most sides, every build: the words stand as recorded (or as quoted)
            found = rendered(fact, corpus, lang)
            if found is not None and found.fragments != fact.wording.get(lang):
                if found.found:
                    wording[lang] = found.fragments
                else:
                    wording.pop(lang, None)
        if wording != fact.wording:
            changed[fact.id] = replace(fact, wording=wording)
    if not changed:
        return facts
    return Facts({fact_id: changed.get(fact_id, fact) for fact_id, fact in facts.facts.items()}, facts.files)
