"""What a translated sentence means against its source: negation, condition, signs, ordinals.

Compared per sentence pair (:mod:`pipeline.check.parity_pairs`), so a negation in one
sentence does not answer for another dropped in the next; the words are found by lemma
(:mod:`pipeline.language.polarity`, :mod:`pipeline.language.signs`,
:func:`pipeline.language.numbers.ordinals`). Each comparison is kept to what the two languages
say alike, measured quiet on every real translation of the corpus (tests/check/test_parity_meaning.py):

- a negation on one side and none on the other, strong or weak (`without`, «невозможно»);
  both ways, since a negation added inverts a rule as surely as one dropped;
- a condition of the source (`if`, `unless`, `until`; «если», «пока … не») with nothing of a
  condition in the translation; a condition added is how translators render a participle
  ("if attacked" for «будучи атакованными»), so only the source's is sought;
- a number signed on both sides with other signs (`+3` against «−3», "loses 2" against
  «получает 2»), or written signed on one side and bare on the other;
- an ordinal on one side that the other writes as a count (`the third turn`, «три хода»; a
  Roman numeral is an ordinal: `period II` is «второй период»), or a
  first (`first`, «первый») with nothing of a first on the other side; an ordinal whose number
  the other side lacks in any form is parity-number-words' to report.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Lang, Unit
from ..language import lemmas
from ..language.numbers import FIRST_LIKE, NumberWord, ordinals
from ..language.polarity import Marker, conditions, negations
from ..language.signs import Signed, signed_numbers
from .base import CheckContext, Code, _, at, text
from .parity_numbers import roman_numerals, values
from .parity_pairs import Pair, pairs, quote

NEGATION = Code("parity-negation", Severity.WARNING,
                "a sentence that negates (`not`, `never`, `unless`; «не», «нет», «нельзя») whose "
                "counterpart does not, or the other way round (found by lemma)")
CONDITION = Code("parity-condition", Severity.WARNING,
                 "a condition of the source (`if`, `unless`, `when`, `until`; «если», «пока не») "
                 "with no condition in the sentence that translates it")
SIGN = Code("parity-sign", Severity.WARNING,
            "a number with another sign than on the other side: `+3` against «−3», \"loses 2\" "
            "against «получает 2», or `+1` written bare")
ORDINAL = Code("parity-ordinal", Severity.WARNING,
               "an ordinal (`second`, «третий», `2nd`) that the other side writes as a count, or a "
               "first with nothing of a first on the other side (found by lemma)")
CODES = [NEGATION, CONDITION, SIGN, ORDINAL]


def compare(ctx: CheckContext, unit: Unit, source_lang: str, lang: str) -> Iterable[Diagnostic]:
    for pair in pairs(ctx, unit, source_lang, lang):
        source, target = pair.source, pair.target
        # most pairs say none of the four: each is entered only when a side says it, with what
        # was found; each question is asked at most once per sentence of the pair (the
        # translation's conditions by _condition, only when the source sets one)
        negated = negations(source, source_lang), negations(target, lang)
        if any(negated):
            yield from _negation(unit, pair, source_lang, lang, *negated)
        if condition := conditions(source, source_lang):
            yield from _condition(unit, pair, source_lang, lang, condition)
        signed = signed_numbers(source, source_lang), signed_numbers(target, lang)
        if any(signed):
            yield from _signs(unit, pair, source_lang, lang, *signed)
        ordered = ordinals(source, source_lang), ordinals(target, lang)
        if any(ordered):
            yield from _ordinals(unit, pair, source_lang, lang, *ordered)


def _negation(unit: Unit, pair: Pair, source_lang: str, lang: str, theirs: tuple[Marker, ...],
              ours: tuple[Marker, ...]) -> Iterable[Diagnostic]:
    target = unit.sides[lang]
    strong_theirs = next((m for m in theirs if m.strong), None)
    strong_ours = next((m for m in ours if m.strong), None)
    if strong_theirs and not ours:
        yield at(NEGATION, unit, target, pair.target_start,
                 text(_("the %(lang)s sentence negates («%(word)s»), its translation here does not: "
                        "%(quote)s"), lang=Lang(source_lang), word=strong_theirs.text,
                      quote=quote(pair.target)),
                 suggestion=text(_("render the negation «%(word)s» of %(quote)s"), word=strong_theirs.text,
                                 quote=quote(pair.source)))
    elif strong_ours and not theirs:
        yield at(NEGATION, unit, target, pair.target_start + strong_ours.start,
                 text(_("«%(word)s» negates this sentence; the %(lang)s sentence it translates does not: "
                        "%(quote)s"), word=strong_ours.text, lang=Lang(source_lang), quote=quote(pair.source)),
                 suggestion=text(_("check the negation against the source")))


def _condition(unit: Unit, pair: Pair, source_lang: str, lang: str,
               found: tuple[Marker, ...]) -> Iterable[Diagnostic]:
    theirs = next((m for m in found if m.strong), None)
    if theirs is None or conditions(pair.target, lang):
        return
    yield at(CONDITION, unit, unit.sides[lang], pair.target_start,
             text(_("the %(lang)s sentence sets a condition («%(word)s …»), its translation here has "
                    "none: %(quote)s"), lang=Lang(source_lang),
                  word=" ".join(pair.source[theirs.start:theirs.end + 40].split()[:4]), quote=quote(pair.target)),
             suggestion=text(_("render the condition of %(quote)s"), quote=quote(pair.source)))


def _signs(unit: Unit, pair: Pair, source_lang: str, lang: str, theirs: tuple[Signed, ...],
           ours: tuple[Signed, ...]) -> Iterable[Diagnostic]:
    bare_theirs, bare_ours = values(pair.source, source_lang), values(pair.target, lang)
    signs_theirs, signs_ours = _by_value(theirs), _by_value(ours)
    target = unit.sides[lang]
    for value in dict.fromkeys([s.value for s in theirs] + [s.value for s in ours]):
        none: Counter[str] = Counter()
        a, b = signs_theirs.get(value, none), signs_ours.get(value, none)
        if a and b and set(a) != set(b):
            mine = next(s for s in ours if s.value == value)
            yield at(SIGN, unit, target, pair.target_start + mine.start,
                     text(_("%(ours)s here, %(theirs)s on the %(lang)s side: the number's sign differs"),
                          ours=_said(pair.target, mine), theirs=_said(pair.source, next(
                              s for s in theirs if s.value == value)), lang=Lang(source_lang)),
                     suggestion=text(_("give the number the sign of %(quote)s"), quote=quote(pair.source)))
            continue
        written_a = next((s for s in theirs if s.value == value and s.written), None)
        written_b = next((s for s in ours if s.value == value and s.written), None)
        if written_a and not b and bare_ours[value]:
            yield at(SIGN, unit, target, pair.target_start,
                     text(_("%(theirs)s on the %(lang)s side is written without its sign here: %(quote)s"),
                          theirs=f"`{written_a.text}`", lang=Lang(source_lang), quote=quote(pair.target)),
                     suggestion=written_a.text.replace("–", "−").replace("-", "−"))
        elif written_b and not a and bare_theirs[value]:
            yield at(SIGN, unit, target, pair.target_start + written_b.start,
                     text(_("`%(ours)s` here is a bare %(value)s on the %(lang)s side: %(quote)s"),
                          ours=written_b.text, value=value, lang=Lang(source_lang), quote=quote(pair.source)),
                     suggestion=value)


def _by_value(found) -> dict[str, Counter[str]]:
    result: dict[str, Counter[str]] = {}
    for signed in found:
        result.setdefault(signed.value, Counter())[signed.sign] += 1
    return result


def _said(sentence: str, signed) -> str:
    """`+3`, or the words that give the number its sign ("loses 2")."""
    if signed.written:
        return f"`{signed.text}`"
    before = sentence[:signed.start].split()[-3:]
    return quote(" ".join([*before, signed.text]))


def _ordinals(unit: Unit, pair: Pair, source_lang: str, lang: str, of_source: tuple[NumberWord, ...],
              of_target: tuple[NumberWord, ...]) -> Iterable[Diagnostic]:
    target = unit.sides[lang]
    sides = ((pair.source, source_lang, of_source), (pair.target, lang, of_target))
    for (_here, here_lang, mine), (there, there_lang, others_said) in (sides, sides[::-1]):
        if not mine:
            continue
        # `period II` is «второй период»: a Roman numeral is an ordinal as printed
        others = Counter([o.value for o in others_said] + roman_numerals(there))
        counts = values(there, there_lang)
        for ordinal in mine:
            if others[ordinal.value]:
                others[ordinal.value] -= 1
                continue
            if ordinal.value == 1:
                if _says_first(there, there_lang):
                    continue
            elif not counts[str(ordinal.value)]:
                continue  # the number is missing in any form: parity-number-words says so
            ours = here_lang == lang
            yield at(ORDINAL, unit, target, pair.target_start + (ordinal.start if ours else 0),
                     text(_("the ordinal «%(word)s» (%(value)s) here is no ordinal on the %(lang)s side: "
                            "%(quote)s") if ours else
                          _("the ordinal «%(word)s» (%(value)s) of the %(lang)s side is no ordinal here: "
                            "%(quote)s"), word=ordinal.text, value=ordinal.value,
                          lang=Lang(source_lang), quote=quote(there)),
                     suggestion=text(_("say «%(word)s» as an ordinal, as the %(lang)s side does"),
                                     word=ordinal.text, lang=Lang(here_lang)) if not ours else
                     text(_("check the ordinal against the source")))
            return  # one finding per pair: the reviewer reads the sentence


def _says_first(sentence: str, lang: str) -> bool:
    words = FIRST_LIKE.get(lang, frozenset())
    return any(token.keys & words for token in lemmas(sentence, lang))
