"""Punctuation a language's rules require, on the source and the translated sides: for now the
comma before a Russian subordinate clause (:mod:`.punctuation_ru`) and the commas that set off a
Russian participial or adverbial phrase (:mod:`.punctuation_ru_phrases`)."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Lang
from . import punctuation_ru, punctuation_ru_phrases
from .base import CheckContext, Code, _, at, text

RU_CLAUSE_COMMA = Code("punct-ru-clause-comma", Severity.WARNING,
                       "no comma before a Russian clause opened by «который», «что» or «если» "
                       "(`провинция которая`)")
RU_PARTICIPLE = Code("punct-ru-participle", Severity.WARNING,
                     "no comma before a Russian participial phrase that follows its noun "
                     "(`армия охваченная восстанием`)")
RU_GERUND = Code("punct-ru-gerund", Severity.WARNING,
                 "a Russian adverbial phrase not set off by a comma (`Заплатив 2 дуката игрок`)")
CODES = [RU_CLAUSE_COMMA, RU_PARTICIPLE, RU_GERUND]


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    for unit, lang, side in ctx.sides():
        if lang != Lang.RU:
            continue
        words = ctx.words(side)
        for missing in punctuation_ru.missing_commas(words):
            yield at(RU_CLAUSE_COMMA, unit, side, missing.offset,
                     text(_("no comma between `%(before)s` and the clause it opens with `%(clause)s`"),
                          before=missing.before, clause=missing.clause),
                     suggestion=f"{missing.before}, {missing.clause}")
        for phrase in punctuation_ru_phrases.missing_commas(words):
            if phrase.kind == "participle":
                code = RU_PARTICIPLE
                message = text(_("no comma between `%(before)s` and the participial phrase that qualifies it, "
                                 "opened by `%(after)s`"), before=phrase.before, after=phrase.after)
            else:
                code = RU_GERUND
                message = text(_("no comma between `%(before)s` and `%(after)s` to set off the adverbial phrase"),
                               before=phrase.before, after=phrase.after)
            yield at(code, unit, side, phrase.offset, message, suggestion=f"{phrase.before}, {phrase.after}")
