"""A unit's rule facts "at a glance": what each one decides, in the page's language.

Each fact's label says, for players, what the fact decides ("Die roll 1-3: go to papal
actions", «Бросок 1–3: папские действия»): a page shows the label in its own language. The
words the fact is stated with (``wording``) are the unit's own sentence, printed just above the
box, so they are shown only where the data has no label in the page's language, and the
English label where it has no words either. The value stands beside the text when it is a
number, a range or a period; symbols (``normal-impulse``) are the data's names for what the
words say, never shown.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..rules.facts import Fact

#: fact types whose value reads the same in every language
SHOWN_TYPES = ("number", "range", "period")


@dataclass(frozen=True)
class Glance:
    id: str  # the fact's id: a data attribute, never the text
    value: str | None  # "1–3", "4+", "III"; None for a symbol or a list
    text: str
    lang: str  # the language of ``text``: the page's, or English where no other words exist
    #: where the words read two ways: the reading the rules take and the other one, as the
    #: data records them (in English: rules-ambiguous reports them to the translators)
    reading: str | None = None
    alternative: str | None = None


def glance(facts: list[Fact], lang: str) -> list[Glance]:
    return [replace(_one(fact, lang), reading=fact.reading, alternative=fact.alternative)
            for fact in facts]


def _one(fact: Fact, lang: str) -> Glance:
    value = None
    if fact.type in SHOWN_TYPES:
        value = str(fact.value)
        if lang == "en" and fact.measure:  # measures are English words ("land units", "Stab")
            value = f"{value} {fact.measure}"
    if lang in fact.label:
        return Glance(fact.id, value, fact.label[lang], lang)
    if lang in fact.wording:
        return Glance(fact.id, value, " … ".join(fact.wording[lang]), lang)
    return Glance(fact.id, value, fact.label["en"], "en")
