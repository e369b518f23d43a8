"""Units as a summary a player scans: each unit's number and title, and what its rule facts say.

An aid is not a reprint: where :mod:`.printed_lines` prints a unit's words, a summary prints
its marker and title and, in place of its text, its rule facts (:func:`said`): the aid's own
sentence for a fact it words itself (``Callouts``), else the fact's label, written for players
in both languages (corpus/rules/*.yaml). A unit with no title and no fact prints its text only
when that is short (``SHORT_WORDS``), and whole: a sentence is never cut. The rest is left to
the rulebook, whose rule numbers the aid prints. Worked examples and footnotes are left out.
"""

from __future__ import annotations

from dataclasses import replace

from ...core.errors import UnknownKind
from ...core.model import Kind, Unit
from ...rules import Fact
from . import pick
from .printed_lines import KEEP, KINDS, SKIPPED, Callouts, marker
from .sheet import Callout, Line, Sheet, Text

#: a unit without a title or a fact prints its text when it has at most this many words, in
#: each of its languages (so the English and the Russian aid print the same lines)
SHORT_WORDS = 24
#: a step's limit: a procedure is read by its steps, and a step that says nothing but its
#: number sent the player back to the rule the sheet is («7. see rule 5.5»)
STEP_WORDS = 40
#: how a label continuing the one before it is joined to it: after a comma, but «and …» and
#: «и …» read on without one
JOINED_BARE = {"en": ("and ", "or "), "ru": ("и ", "или ")}
#: kinds a summary leaves to the rulebook, beside the worked examples
LEFT_OUT = SKIPPED | {Kind.FOOTNOTE}
#: how a fact's label says that it continues the one before it, or is continued by the next
ELLIPSES = ("…", "...")


def summary(sheet: Sheet, unit_id: str, callouts: Callouts | None = None) -> list[Line]:
    """The children of ``unit_id`` summarised, each with its own children."""
    return [line for child in sheet.children(unit_id)
            if (line := summary_line(sheet, child, callouts or {})) is not None]


def summary_line(sheet: Sheet, unit: Unit, callouts: Callouts) -> Line | None:
    """One unit summarised, or None: it says nothing a summary prints."""
    if unit.kind in LEFT_OUT:
        return None
    if unit.kind not in KINDS:
        raise UnknownKind(f"{unit.id}: the player aids cannot print a unit of kind {unit.kind!r} "
                          "(add it to KINDS in pipeline/render/aids/printed_lines.py)")
    for fact_id in callouts:  # a sentence whose fact is gone would silently vanish otherwise
        sheet.require(fact_id)
    title_field, body_field = KINDS[unit.kind]
    title = sheet.text(unit.id, title_field) if title_field else None
    facts = [sheet.fact(fact.id) for fact in pick.facts_of(sheet, unit.id)]
    sentences = said(sheet, facts, callouts)
    body = None
    if title is None and not sentences and body_field not in ("header", "cells"):
        text = sheet.text(unit.id, body_field) if body_field else None
        body = text if text is not None and _short(unit, body_field or "", unit.kind) else None
    elif body_field in ("header", "cells"):
        body = sheet.cells(unit.id, body_field)
    children = summary(sheet, unit.id, callouts)
    if title is None and body is None and not sentences and not children and unit.kind != Kind.STEP:
        return None  # a step stays, by its number: a procedure is not renumbered
    return Line(unit.id, str(unit.kind), marker(sheet, unit), title, body, children,
                [Callout(text.value, fact) for text, fact in sentences], keep=unit.kind in KEEP)


def said(sheet: Sheet, facts: list[Fact], callouts: Callouts | None = None) -> list[tuple[Text, str]]:
    """Each fact in a sentence (the aid's own, else its label), with the id of the fact; a label
    that continues the one before it ("…4 for SPA", "…and 10 VP") is one sentence with it, so
    no phrase is printed cut off: the cards printed «• и 10 победных очков» as a fact of its own
    under «Победитель получает 75 дукатов»."""
    found: list[tuple[Text, str]] = []
    own = False  # the sentence before is the aid's own: a label does not continue it
    for fact in facts:
        if callouts and fact.id in callouts:
            found.append((Text(callouts[fact.id](sheet, fact), sheet.lang, fact.unit), fact.id))
            own = True
            continue
        label = sheet.label(fact)
        text = label.value.strip()
        if found and not own and text.startswith(ELLIPSES):
            before, first = found[-1]
            rest = _opened(text)
            joint = " " if rest.startswith(JOINED_BARE.get(label.lang, ())) else ", "
            found[-1] = (replace(before, value=_trimmed(before.value) + joint + rest), first)
        else:
            found.append((replace(label, value=_opened(text)), fact.id))
        own = False
    return [(replace(text, value=_trimmed(text.value)), fact) for text, fact in found]


def _short(unit: Unit, field: str, kind: Kind) -> bool:
    """Whether the unit's text is short enough to print whole, in every language it has."""
    limit = STEP_WORDS if kind == Kind.STEP else SHORT_WORDS
    return all(len(str(side.fields.get(field) or "").split()) <= limit for side in unit.sides.values())


def _trimmed(text: str) -> str:
    for mark in ELLIPSES:
        text = text.removesuffix(mark)
    return text.rstrip()


def _opened(text: str) -> str:
    for mark in ELLIPSES:
        text = text.removeprefix(mark)
    return text.lstrip()
