"""A unit's rule facts "at a glance": what each one decides, in the page's language, shown
only where the box adds something to the sentence just above it (:func:`telling`).

Each fact's label says, for players, what the fact decides ("Die roll 1-3: go to papal
actions", «Бросок 1–3: папские действия»): :func:`glance` says every fact so, in the page's
language (the English label, marked, where the data has no words in it). A page prints only
what :func:`telling` keeps: the label is a paraphrase of the sentence just above the box, so a
fact is said there only when the sentence does not state it; symbols (``normal-impulse``) are
the data's names for what the words say, never shown.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from ...core.model import Lang
from ...language.numbers import number_words
from ...language.tokens import lemmas
from ...rules.facts import Fact
from ...rules.wording import numbers, periods

#: fact types whose value reads the same in every language
SHOWN_TYPES = ("number", "range", "period")


@dataclass(frozen=True)
class Glance:
    id: str  # the fact's id: a data attribute, never the text
    value: str | None  # "1–3", "4+", "III"; None for a symbol or a list
    text: str
    lang: str  # the language of ``text``: the page's, or English where no other words exist
    #: where the words read two ways: the reading the rules take and the other one, in the
    #: page's language where the data has it (else in English: rules-reading-untranslated)
    reading: str | None = None
    alternative: str | None = None
    reading_lang: str | None = None  # the language of ``reading`` and ``alternative``


def glance(facts: list[Fact], lang: str) -> list[Glance]:
    return [_with_reading(_one(fact, lang), fact, lang) for fact in facts]


def telling(facts: list[Fact], text: str, text_lang: str, lang: str) -> list[Glance]:
    """The facts a box under a unit's ``text`` (in ``text_lang``, the side the page shows) adds
    something with: where the words read two ways, what the rules take; a number the text does
    not state. A fact the sentence above already says (every number of it stated, a symbol the
    words name) is not said again: the box measured 22-25% of every document page's height on a
    phone, repeating the line above it (issue 26)."""
    shown = []
    said = _Said(text, text_lang)  # the text read once, for every fact asked about it
    for fact, item in zip(facts, glance(facts, lang), strict=True):
        if item.reading is not None:
            shown.append(item)
        elif fact.type in SHOWN_TYPES and not said.states(fact) \
                and not (item.lang == text_lang and said.repeats(item.text)):
            shown.append(replace(item, value=None))  # the label says the value in words ("none")
    return shown


def repeats(said: str, text: str, lang: str) -> bool:
    """Whether every word of ``said`` is a word of ``text`` (any of its lemmas): a box item made
    of the sentence's own words tells the reader nothing the sentence did not."""
    return _Said(text, lang).repeats(said)


class _Said:
    """What a unit's text says, each part read on first use and kept: an event's text is asked
    about each of its facts (its numbers were read once per fact; :func:`telling` on every unit
    with facts at x10 took 0.54 s of CPU, 0.47 s reading each text once)."""

    def __init__(self, text: str, lang: str):
        self.text, self.lang = text, lang
        self._periods: list[str] | None = None
        self._numbers: frozenset[int] | None = None
        self._words: set[str] | None = None

    def states(self, fact: Fact) -> bool:
        """Whether the text states the fact's value (:func:`_states_value`)."""
        if fact.type == "period":
            if self._periods is None:
                self._periods = periods(self.text)
            return fact.value in self._periods
        if self._numbers is None:
            self._numbers = _stated(self.text, self.lang)
        return {abs(n) for n in fact.numbers()} <= self._numbers

    def repeats(self, said: str) -> bool:
        if self._words is None:
            self._words = {key for token in lemmas(self.text, self.lang) for key in token.keys}
        own = [token for token in lemmas(said, self.lang) if token.is_word]
        return bool(own) and all(token.keys & self._words for token in own)


def _with_reading(shown: Glance, fact: Fact, lang: str) -> Glance:
    if not fact.readings:
        return shown
    said = lang if lang in fact.readings else Lang.EN
    return replace(shown, reading=fact.readings[said], alternative=fact.alternatives[said], reading_lang=said)


def _one(fact: Fact, lang: str) -> Glance:
    if lang in fact.label:
        text, said = fact.label[lang], lang
    elif len(fact.wording.get(lang, ())) == 1:  # words cut in two would read "… / …"
        text, said = fact.wording[lang][0], lang
    else:
        text, said = fact.label[Lang.EN], Lang.EN
    value = None
    # a text that states the value itself ("2 CP так разыгранного…") would read it twice
    if fact.type in SHOWN_TYPES and not _states_value(text, said, fact):
        value = str(fact.value)
        if lang == Lang.EN and fact.measure:  # measures are English words ("land units", "Stab")
            value = f"{value} {fact.measure}"
    return Glance(fact.id, value, text, said)


def _states_value(text: str, lang: str, fact: Fact) -> bool:
    if fact.type == "period":
        return fact.value in periods(text)
    return {abs(n) for n in fact.numbers()} <= _stated(text, lang)


@lru_cache(maxsize=4096)
def _stated(text: str, lang: str) -> frozenset[int]:
    # a loss is stated with its sign (−2 пункта), a count in words («дважды», "twice");
    # kept: a text is asked about once per fact bound to it and per page, a fact's label on
    # every unit it is bound to (at x10, 4,340 questions about 428 texts)
    return frozenset({abs(n) for n in numbers(text)} | {w.value for w in number_words(text, lang)})
