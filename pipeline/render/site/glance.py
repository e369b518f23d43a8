"""A unit's rule facts "at a glance": what each one decides, in the page's language.

Each fact's label says, for players, what the fact decides ("Die roll 1-3: go to papal
actions", «Бросок 1–3: папские действия»): a page shows the label in its own language. The
words the fact is stated with (``wording``) are the unit's own sentence, printed just above the
box, so they are shown only where the data has no label in the page's language, and the
English label where it has no words either. The value stands beside the text when it is a
number, a range or a period the text does not state itself; symbols (``normal-impulse``) are the data's names
for what the
words say, never shown.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...core.model import Lang
from ...language.numbers import number_words
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


def _with_reading(shown: Glance, fact: Fact, lang: str) -> Glance:
    if not fact.readings:
        return shown
    said = lang if lang in fact.readings else Lang.EN
    return replace(shown, reading=fact.readings[said], alternative=fact.alternatives[said], reading_lang=said)


def _one(fact: Fact, lang: str) -> Glance:
    if lang in fact.label:
        text, said = fact.label[lang], lang
    elif lang in fact.wording:
        text, said = " … ".join(fact.wording[lang]), lang
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
    # a loss is stated with its sign (−2 пункта), a count in words («дважды», "twice")
    stated = {abs(n) for n in numbers(text)} | {w.value for w in number_words(text, lang)}
    return {abs(n) for n in fact.numbers()} <= stated
