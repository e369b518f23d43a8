"""Grammatical agreement, on the source and the translated sides alike: Russian adjectives,
participles and numerals with their nouns (:mod:`.agreement_ru`, through pymorphy3) and
predicates with their subjects (:mod:`.agreement_ru_predicate`), English subjects with their
verbs (:mod:`.agreement_en`, over spaCy's lookup lemmas).

Both grammars are small and conservative: a pair is reported only where no reading of its
words agrees, so what they find is worth a warning (measured on the real texts: README,
"Checks").
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Lang
from . import agreement_en, agreement_ru, agreement_ru_predicate
from .base import CheckContext, Code, _, at, text

RU_ADJECTIVE = Code("agree-ru-adjective", Severity.WARNING,
                    "a Russian adjective or participle that agrees with the next noun in no reading "
                    "(`большой армия`)")
RU_NUMERAL = Code("agree-ru-numeral", Severity.WARNING,
                  "a Russian noun in a form its numeral does not take (`6 хода`, `два карты`)")
RU_PREDICATE = Code("agree-ru-predicate", Severity.WARNING,
                    "a Russian predicate that agrees with its subject in no reading, in number or in "
                    "the past tense's gender (`армия отступили`, `отряды был уничтожен`)")
EN_SUBJECT_VERB = Code("agree-en-subject-verb", Severity.WARNING,
                       "an English plural subject with a singular verb (`the units of the army is`)")
CODES = [RU_ADJECTIVE, RU_NUMERAL, RU_PREDICATE, EN_SUBJECT_VERB]


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    for unit, lang, side in ctx.sides():
        if lang == Lang.RU:
            words = ctx.words(side)
            for pair in agreement_ru.disagreements(words):
                found = side.text[pair.start:pair.end]
                if pair.kind == "adjective":
                    message = text(_("`%(found)s`: the adjective does not agree with its noun `%(noun)s` in "
                                     "gender, number or case under any reading"), found=found, noun=pair.noun)
                    code = RU_ADJECTIVE
                else:
                    message = text(_("`%(found)s`: after `%(numeral)s` the noun takes another form"),
                                   found=found, numeral=pair.first)
                    code = RU_NUMERAL
                yield at(code, unit, side, pair.start, message, suggestion=pair.suggestion)
            for mismatch in agreement_ru_predicate.mismatches(words):
                yield at(RU_PREDICATE, unit, side, mismatch.start,
                         text(_("`%(subject)s … %(predicate)s`: the predicate does not agree with its subject "
                                "in number or gender under any reading"),
                              subject=mismatch.subject, predicate=mismatch.predicate),
                         suggestion=mismatch.suggestion)
        elif lang == Lang.EN:
            for en_pair in agreement_en.disagreements(ctx.words(side)):
                found = side.text[en_pair.start:en_pair.end]
                yield at(EN_SUBJECT_VERB, unit, side, en_pair.start,
                         text(_("`%(found)s`: the plural subject `%(noun)s` takes `%(verb)s`, not `%(form)s`"),
                              found=found, noun=en_pair.noun, verb=en_pair.suggestion, form=en_pair.verb),
                         suggestion=en_pair.suggestion)
