"""Units as printed lines: what each kind shows, chosen by the unit's kind.

A block of an aid (a procedure's steps, an event's phases, an action's paragraphs) is printed
from its units as they are: their marker, title and body in the aid's language. ``KINDS``
says what each kind prints; a kind it does not list stops the build, so a kind added to the
model cannot silently vanish from the aids. Worked examples are left out on purpose: an aid is
a summary, and the website keeps them.

Rule facts bound to a printed unit, for the facts the aid shows (``Callouts``), are printed
in bold where the unit's text states them (the fact's wording): the number a player looks for,
which the rules module decides with, in the words it comes from. Only a fact whose words the
printed text lacks gets its own sentence of the catalogs, a callout under the unit.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.errors import UnknownKind
from ...core.model import Kind, Unit
from ...rules import Fact
from . import pick
from .sheet import Callout, Line, Sheet, Text

#: fact id -> the sentence an aid prints for it
Callouts = dict[str, Callable[[Sheet, Fact], str]]

#: what a line of each kind shows: the side fields for its title and its body ("cells": a
#: table's header or row, its cells joined)
KINDS: dict[Kind, tuple[str | None, str | None]] = {
    Kind.SECTION: ("title", None), Kind.EVENT: ("title", None), Kind.OCCURRENCE: ("title", None),
    Kind.PHASE: ("title", "qualifier"), Kind.PRECONDITION: (None, "body"),
    Kind.EFFECT: ("title", "body"), Kind.MODIFIERS: (None, "body"), Kind.MODIFIER: (None, "body"),
    Kind.PROCEDURE: ("title", "body"), Kind.STEP: ("title", "body"), Kind.ACTION: ("title", None),
    Kind.TABLE: (None, "header"), Kind.ROW: (None, "cells"), Kind.LIST: ("title", "body"),
    Kind.ITEM: ("title", "body"), Kind.NOTE: ("title", "body"), Kind.FOOTNOTE: (None, "body"),
    Kind.PARAGRAPH: ("title", "body"),
}
#: kinds an aid leaves to the website
SKIPPED = frozenset({Kind.EXAMPLE})
#: kinds printed whole on one page: a step, an item, a row is never split by a page break
KEEP = frozenset({Kind.STEP, Kind.ITEM, Kind.EFFECT, Kind.PRECONDITION, Kind.ROW, Kind.MODIFIER,
                  Kind.PARAGRAPH, Kind.NOTE, Kind.FOOTNOTE})


def lines(sheet: Sheet, unit_id: str, callouts: Callouts | None = None) -> list[Line]:
    """The children of ``unit_id``, each as a line with its own children."""
    return [line for child in sheet.children(unit_id)
            if (line := to_line(sheet, child, callouts or {})) is not None]


def to_line(sheet: Sheet, unit: Unit, callouts: Callouts) -> Line | None:
    if unit.kind in SKIPPED:
        return None
    if unit.kind not in KINDS:
        raise UnknownKind(f"{unit.id}: the player aids cannot print a unit of kind {unit.kind!r} "
                          "(add it to KINDS in pipeline/render/aids/printed_lines.py)")
    title_field, body_field = KINDS[unit.kind]
    title = sheet.text(unit.id, title_field) if title_field else None
    if body_field in ("header", "cells"):
        body = sheet.cells(unit.id, body_field)
    else:
        body = sheet.text(unit.id, body_field) if body_field else None
    title, body, sentences = _facts(sheet, unit, callouts, title, body)
    return Line(unit.id, str(unit.kind), marker(sheet, unit), title, body,
                lines(sheet, unit.id, callouts), sentences, keep=unit.kind in KEEP)


def marker(sheet: Sheet, unit: Unit) -> str:
    """The unit's number as the aid prints it: ``3.``, ``3a`` for a sub-step, ``b)``, ``•``."""
    number = unit.attrs.get("number")
    if unit.kind == Kind.MODIFIER:
        return sheet.signed(unit.attrs["value"])
    if unit.kind == Kind.FOOTNOTE:
        return unit.attrs.get("marker") or ""
    if unit.kind == Kind.NOTE and unit.attrs.get("role") == "optional-rule":
        return sheet.gettext("Optional rule %(number)s:") % {"number": number}
    if number is None:
        return "•" if unit.kind == Kind.ITEM else ""
    if number.isdigit():
        return f"{number}."
    if number[0].isdigit():  # a rule number (20.1) or an already composite one
        return number
    parent = sheet.corpus.units.get(unit.parent or "")
    if unit.kind == Kind.STEP and parent is not None and parent.kind == Kind.STEP:
        return f"{parent.attrs.get('number')}{number}"
    return f"{number})"


def _facts(sheet: Sheet, unit: Unit, callouts: Callouts, title: Text | None,
           body: Text | None) -> tuple[Text | None, Text | None, list[Callout]]:
    """The unit's texts with the words of the facts the aid shows in bold; a callout only for a
    fact whose words the printed text does not hold (a sentence repeating the text above it
    would say everything twice)."""
    for fact_id in callouts:  # a sentence whose fact is gone would silently vanish otherwise
        sheet.require(fact_id)
    found = []
    for fact in pick.facts_of(sheet, unit.id):
        if fact.id not in callouts:
            continue
        fact = sheet.fact(fact.id)
        if body is not None and (marked := body.stating(fact)) is not None:
            body = marked
        elif title is not None and (marked := title.stating(fact)) is not None:
            title = marked
        else:
            found.append(Callout(callouts[fact.id](sheet, fact), fact.id))
    return title, body, found
