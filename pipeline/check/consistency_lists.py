"""A numbered list inside a procedure numbered the way the procedure's own steps are: its
``1.`` reads as the procedure's step 1 again, so a reader following the steps loses their
place. The house style of the rulebooks (``a.``, ``b.`` under a step, as PoP's step 3 writes
them) is the suggestion. Judged on every side: a translation that keeps the source's markers
keeps the confusion too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Kind, Unit
from .base import CheckContext, Code, _, at, text

RESTART = Code("style-list-restart", Severity.WARNING,
               "a numbered list inside a procedure restarting at 1 with the procedure's own step "
               "markers (`1.` after step 3)")
CODES = [RESTART]

DIGITS = re.compile(r"(?P<number>\d+)(?P<mark>[.)])$")


def check(ctx: CheckContext) -> Iterator[Diagnostic]:
    for procedure in ctx.corpus.units.values():
        if procedure.kind != Kind.PROCEDURE:
            continue
        steps = ctx.corpus.children(procedure, Kind.STEP)
        for lang in procedure.sides:
            marks = {m.group("mark") for step in steps if (m := _numbered(step, lang))}
            if len(steps) < 2 or len(marks) != 1:
                continue  # no numbering of its own to be confused with
            for unit in ctx.corpus.walk(procedure):
                found = _numbered(unit, lang) if unit.kind == Kind.ITEM else None
                if found and found.group("number") == "1" and found.group("mark") in marks:
                    side = unit.sides[lang]
                    marker = side.marker or found.group(0)
                    yield at(RESTART, unit, side, side.text.index(marker),
                             text(_("a list numbered `%(marker)s` inside a procedure whose steps are numbered "
                                    "the same way (steps 1 to %(last)s): it reads as the procedure starting "
                                    "again"), marker=marker, last=len(steps)),
                             suggestion=f"a{found.group('mark')}")


def _numbered(unit: Unit, lang: str) -> re.Match[str] | None:
    side = unit.sides.get(lang)
    return DIGITS.match(side.marker) if side is not None and side.marker else None
