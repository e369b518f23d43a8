"""Punctuation a language's rules require, on the source and the translated sides: for now the
comma before a Russian subordinate clause (:mod:`.punctuation_ru`)."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Lang
from . import punctuation_ru
from .base import CheckContext, Code, _, at, text

RU_CLAUSE_COMMA = Code("punct-ru-clause-comma", Severity.WARNING,
                       "no comma before a Russian clause opened by «который», «что» or «если» "
                       "(`провинция которая`)")
CODES = [RU_CLAUSE_COMMA]


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    for unit, lang, side in ctx.sides():
        if lang != Lang.RU:
            continue
        for missing in punctuation_ru.missing_commas(side.text):
            yield at(RU_CLAUSE_COMMA, unit, side, missing.offset,
                     text(_("no comma between `%(before)s` and the clause it opens with `%(clause)s`"),
                          before=missing.before, clause=missing.clause),
                     suggestion=f"{missing.before}, {missing.clause}")
