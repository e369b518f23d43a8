"""A unit's name as a reader says it: «Правило 19.3, процедура, шаг 2», "Declare War, step 3a".

Made from the model alone: the unit's kind and attrs (number, period, letter, ordinal), the titles
of the units it lies in, and the catalog's word for each kind (pipeline/i18n/locale/), in either
language. A label starts at the nearest unit a reader can look up by name (a numbered rule, an
event, an action, a period, the document) and names every level below it that tells siblings
apart: a bare list, a die-modifier block or an action's only procedure is structure, not a place,
and is left out; a sub-step joins its step ("step 3a"), as the rules cite it.

Titles are the texts' own words in the label's language, or the original's where the unit has
no side in it yet; the phase blocks of an event are named from the catalog (their keys are few
and fixed, and an untranslated event's phases get Russian names too). A title written in
capitals is set in sentence case.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .model import Corpus, Kind, Unit

Gettext = Callable[[str], str]


def _(message: str) -> str:
    """Marks a catalog string; it is translated when a label is made."""
    return message


#: what a unit of each kind is called: alone under its parent, and numbered among its siblings
WORDS: dict[Kind, tuple[str, str]] = {
    Kind.SECTION: (_("section"), _("section %(number)s")),
    Kind.ACTION: (_("action"), _("action %(number)s")),
    Kind.PROCEDURE: (_("procedure"), _("procedure %(number)s")),
    Kind.LIST: (_("list"), _("list %(number)s")),
    Kind.ITEM: (_("item"), _("item %(number)s")),
    Kind.TABLE: (_("table"), _("table %(number)s")),
    Kind.ROW: (_("row"), _("row %(number)s")),
    Kind.EXAMPLE: (_("example"), _("example %(number)s")),
    Kind.NOTE: (_("note"), _("note %(number)s")),
    Kind.FOOTNOTE: (_("footnote"), _("footnote %(number)s")),
    Kind.PARAGRAPH: (_("paragraph"), _("paragraph %(number)s")),
    Kind.MODIFIERS: (_("die modifiers"), _("die modifiers %(number)s")),
    Kind.MODIFIER: (_("modifier"), _("modifier %(number)s")),
    Kind.OCCURRENCE: (_("occurrence"), _("occurrence %(number)s")),
    Kind.STEP: (_("step"), _("step %(number)s")),
    Kind.EFFECT: (_("effect"), _("effect %(number)s")),
    Kind.PRECONDITION: (_("condition"), _("condition %(number)s")),
}
#: notes by their role: an exception or an optional rule is cited as such
ROLES = {"exception": (_("exception"), _("exception %(number)s")),
         "optional-rule": (_("optional rule"), _("optional rule %(number)s"))}
#: the phase blocks of Risto's events, by their key, for an event not translated yet
PHASES = {
    "events-phase": _("Events phase"), "diplomacy-phase": _("Diplomacy phase"),
    "administration-phase": _("Administration phase"), "movement-phase": _("Movement phase"),
    "military-phase": _("Military phase"), "interphase": _("Interphase"),
    "lasting-effects": _("Lasting effects"), "immediate-effects": _("Immediate effects"),
    "later-turns": _("Later turns"), "general-consequences": _("General consequences"),
    "individual-consequences": _("Individual consequences"),
    "end-and-recurrence": _("The end and possible recurrence of the event"),
    "france": _("France"), "spain": _("Spain"), "england": _("England"),
}
_ORDINAL = re.compile(r"^(?P<prefix>.*?)-?(?P<n>\d+)$")
#: kinds whose marked children ("3", then "a") are cited as one number: step 3a, effect 4c
_JOINED = frozenset({Kind.STEP, Kind.EFFECT})


def label(corpus: Corpus, unit: Unit, lang: str, gettext: Gettext,
          kept: dict[tuple[str, bool], str | None] | None = None) -> str:
    """The unit's name in ``lang``: "Event 4:I, occurrence 1, Movement phase, effect 2".
    ``kept``: the parts of labels made so far for the same corpus, language and ``gettext``,
    by unit and whether it was the one labelled, for a caller that labels every unit (the
    website): the units of one rule share the parts above them."""
    text = ", ".join(segment for _unit, segment in _segments(corpus, unit, lang, gettext, kept))
    return text[:1].upper() + text[1:]


def context_title(corpus: Corpus, unit: Unit, lang: str, gettext: Gettext) -> str | None:
    """The title of the nearest unit around ``unit`` that its label does not already name, as
    the text writes it: the procedure of "Rule 19.3, procedure, step 2", the event of "Event
    1:I, Events phase, effect 2"."""
    named = {here.id for here, _segment in _segments(corpus, unit, lang, gettext) if _by_name(here)}
    for ancestor in corpus.ancestors(unit):
        title = _title_of(ancestor, lang)
        if title and ancestor.id not in named:
            return title
    return None


def _segments(corpus: Corpus, unit: Unit, lang: str, gettext: Gettext,
              kept: dict[tuple[str, bool], str | None] | None = None) -> list[tuple[Unit, str]]:
    """(unit, its part of the label), from the landmark down to ``unit``."""
    chain = [unit]
    while not _landmark(chain[-1]) and chain[-1].parent is not None:
        chain.append(corpus.units[chain[-1].parent])
    chain.reverse()
    segments: list[tuple[Unit, str]] = []
    for n, here in enumerate(chain):
        above = chain[n - 1] if n else None
        if above is not None and here.kind in _JOINED and above.kind == here.kind \
                and here.attrs.get("number") and above.attrs.get("number"):
            number = above.attrs["number"] + here.attrs["number"]
            segments[-1] = (here, _marked(here, gettext, number))
            continue
        if kept is None:
            segment = _segment(corpus, here, lang, gettext, leaf=here is unit)
        else:
            key = (here.id, here is unit)
            if key not in kept:
                kept[key] = _segment(corpus, here, lang, gettext, leaf=here is unit)
            segment = kept[key]
        if segment:
            segments.append((here, segment))
    return segments


def _by_name(unit: Unit) -> bool:
    """Whether a label names this unit by its title (rather than by its number or kind)."""
    if unit.kind == Kind.SECTION:
        return not (unit.attrs.get("number") or unit.attrs.get("period"))
    return unit.kind in (Kind.DOCUMENT, Kind.PHASE, Kind.ACTION, Kind.LIST)


def _landmark(unit: Unit) -> bool:
    if unit.kind == Kind.SECTION:
        return bool(unit.attrs.get("number") or unit.attrs.get("period"))
    return unit.kind in (Kind.DOCUMENT, Kind.EVENT, Kind.ACTION)


def _segment(corpus: Corpus, unit: Unit, lang: str, gettext: Gettext, leaf: bool) -> str | None:
    kind, attrs = unit.kind, unit.attrs
    if kind == Kind.DOCUMENT:
        return _title_of(unit, lang) or attrs.get("title") or unit.id
    if kind == Kind.SECTION and attrs.get("number"):
        return gettext("Rule %(number)s") % {"number": attrs["number"]}
    if kind == Kind.SECTION and attrs.get("period"):
        return gettext("Period %(period)s") % {"period": attrs["period"]}
    if kind == Kind.EVENT:
        return gettext("Event %(number)s:%(period)s") % {"number": attrs.get("number"),
                                                          "period": attrs.get("period")}
    if kind == Kind.OCCURRENCE:
        return _marked(unit, gettext, attrs.get("ordinal"))
    if kind == Kind.PHASE:
        if attrs.get("key") in PHASES:
            return gettext(PHASES[attrs["key"]])
        return _sentence(_title_of(unit, lang) or attrs.get("key") or unit.id)
    if kind in (Kind.SECTION, Kind.ACTION) or (kind == Kind.LIST and _title_of(unit, lang)):
        title = _title_of(unit, lang)
        return _sentence(title) if title else _counted(corpus, unit, gettext)
    if kind in (Kind.STEP, Kind.EFFECT, Kind.PRECONDITION, Kind.ITEM) and attrs.get("number"):
        return _marked(unit, gettext, attrs["number"])
    if kind == Kind.FOOTNOTE and attrs.get("marker"):
        return _marked(unit, gettext, attrs["marker"])
    if not leaf and (kind == Kind.MODIFIERS or (kind == Kind.LIST and not _several(corpus, unit))
                     or (kind == Kind.PROCEDURE and _only_procedure_of_action(corpus, unit))):
        return None
    return _counted(corpus, unit, gettext)


def _words(unit: Unit) -> tuple[str, str]:
    if unit.kind == Kind.NOTE and unit.attrs.get("role") in ROLES:
        return ROLES[unit.attrs["role"]]
    return WORDS[unit.kind]


def _marked(unit: Unit, gettext: Gettext, number) -> str:
    """The kind's word with the unit's own marker: step 3, effect 4c, condition 2."""
    return gettext(_words(unit)[1]) % {"number": number}


def _counted(corpus: Corpus, unit: Unit, gettext: Gettext) -> str:
    """The kind's word, with the unit's place among its siblings of that kind when there are
    several (the id's ordinal): "procedure", "paragraph 2", "optional rule 2"."""
    alone, numbered = _words(unit)
    number = unit.attrs.get("number") if unit.kind == Kind.NOTE else None
    ordinal = _ORDINAL.match(unit.id.rsplit("/", 1)[-1])
    if number is None and ordinal and _several(corpus, unit):
        number = ordinal["n"]
    return gettext(numbered) % {"number": number} if number is not None else gettext(alone)


def _several(corpus: Corpus, unit: Unit) -> bool:
    """Whether the unit's parent holds more than one unit of its kind (and id prefix)."""
    if unit.parent is None:
        return False
    prefix = _prefix(unit)
    return sum(1 for c in corpus.units[unit.parent].children
               if corpus.units[c].kind == unit.kind and _prefix(corpus.units[c]) == prefix) > 1


def _prefix(unit: Unit) -> str:
    last = unit.id.rsplit("/", 1)[-1]
    ordinal = _ORDINAL.match(last)
    return ordinal["prefix"] if ordinal else last


def _only_procedure_of_action(corpus: Corpus, unit: Unit) -> bool:
    # An action's procedure is how the action is carried out: "Declare War, step 3a".
    parent = corpus.units[unit.parent] if unit.parent else None
    return parent is not None and parent.kind == Kind.ACTION and not _several(corpus, unit)


def _title_of(unit: Unit, lang: str) -> str | None:
    """The unit's title in ``lang``, else in the language it was written in."""
    return (unit.sides.get(lang) or unit.side()).fields.get("title") or None


def _sentence(title: str) -> str:
    """"MOVEMENT PHASE" as "Movement phase"; a title with lower-case letters as it is written,
    and so an all-capitals abbreviation (`1 ПО [1 VP]`: no word of four letters)."""
    if title.isupper() and any(len(word) >= 4 and word.isalpha() for word in re.findall(r"\w+", title)):
        lower = title.lower()
        return lower[:1].upper() + lower[1:]
    return title

