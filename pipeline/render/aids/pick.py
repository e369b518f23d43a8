"""Which units an aid prints, found by what they are: a rule's number, a kind, a rule fact.

Never by an ordinal id (``<rulebook>:11/para-3``): inserting a paragraph above renumbers every
paragraph below it, and an aid naming them would print the wrong one without a word. A fact is
bound to the unit that states it, and moves with it; a rule number is the rulebook's own. The
units no fact is bound to are found beside the ones that are (the paragraph that introduces a
list of exceptions). A fact is bound by id, and its wording is the check: where the bound unit
no longer holds the fact's words (a paragraph inserted above renumbered it), the fact is read
from the sibling that does, as a translation follows its sentence; ``folio check`` reports the
stale binding (rules-wording-missing). Each function refuses, with a FolioError, a unit it cannot find or a
choice that is not one.
"""

from __future__ import annotations

from ...core.errors import FolioError
from ...core.model import Kind, Unit
from ...rules import Fact
from .sheet import Sheet


def stating(sheet: Sheet, fact_id: str, kind: Kind | None = None) -> str:
    """The unit that states the fact, or (``kind``) the nearest unit of that kind holding it."""
    unit = sheet.unit(unit_of(sheet, sheet.require(fact_id)))
    while kind is not None and unit.kind != kind:
        if unit.parent is None:
            raise FolioError(f"the player aid {sheet.aid_key}: no {kind} holds {fact_id}")
        unit = sheet.unit(unit.parent)
    return unit.id


def only(sheet: Sheet, parent_id: str, kind: Kind) -> str:
    """The one child of that kind: the procedure of rule 19.3."""
    found = sheet.children(parent_id, kind)
    if len(found) != 1:
        raise FolioError(f"the player aid {sheet.aid_key} prints the {kind} of {parent_id}, which "
                         f"has {len(found)}")
    return found[0].id


def before(sheet: Sheet, unit_id: str, kind: Kind | None = None) -> list[str]:
    """The siblings before the unit (of ``kind`` only), in order: a rule's opening words."""
    siblings = _siblings(sheet, unit_id)
    return [u.id for u in siblings[:[u.id for u in siblings].index(unit_id)]
            if kind is None or u.kind == kind]


def previous(sheet: Sheet, unit_id: str) -> str:
    """The sibling just before the unit: the paragraph that introduces a list."""
    found = before(sheet, unit_id)
    if not found:
        raise FolioError(f"the player aid {sheet.aid_key} prints the unit before {unit_id}, its first")
    return found[-1]


def _siblings(sheet: Sheet, unit_id: str) -> list[Unit]:
    unit = sheet.unit(unit_id)
    return sheet.children(unit.parent) if unit.parent else [unit]


def unit_of(sheet: Sheet, fact: Fact) -> str:
    """The unit whose text holds the fact's words: the bound one, or the one sibling that does."""
    bound = sheet.corpus.units.get(fact.unit)
    if bound is None or _holds(bound, fact) or not fact.wording:
        return fact.unit
    siblings = sheet.corpus.children(sheet.corpus.units[bound.parent]) if bound.parent else []
    found = [u.id for u in siblings if u.kind == bound.kind and _holds(u, fact)]
    return found[0] if len(found) == 1 else fact.unit


def facts_of(sheet: Sheet, unit_id: str) -> list[Fact]:
    """The facts the unit states, found by their words (:func:`unit_of`): those bound to it, or
    to a sibling that a renumbering gave its id to."""
    unit = sheet.corpus.units[unit_id]
    siblings = sheet.corpus.children(sheet.corpus.units[unit.parent]) if unit.parent else [unit]
    candidates = [fact for sibling in siblings if sibling.kind == unit.kind
                  for fact in sheet.facts.bound_to(sibling.id)]
    return sorted((fact for fact in candidates if unit_of(sheet, fact) == unit_id),
                  key=lambda fact: (fact.path, fact.line))


def _holds(unit: Unit, fact: Fact) -> bool:
    return any(lang in unit.sides and all(words in _text(unit, lang) for words in fragments)
               for lang, fragments in fact.wording.items())


def _text(unit: Unit, lang: str) -> str:
    fields = unit.sides[lang].fields
    return " ".join(value for value in fields.values() if isinstance(value, str))
