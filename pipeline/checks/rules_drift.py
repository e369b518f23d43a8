"""Rules as data, checked against the prose: corpus/rules facts and worked examples.

Three questions, each with its own codes:

- does every fact still stand in its unit's text, in every language the unit has, with the
  numbers the data gives (drift in the text, or a changed fact in the data)?
- does every executable rule find the facts it reads?
- do the texts' worked examples, replayed through the rules module, say what the rules decide?
"""

from __future__ import annotations

import difflib
import json
from typing import Iterable, Iterator

from ..diagnostics import Diagnostic, Severity
from ..model import LANGUAGES, Side, Unit
from ..rules import RULES, load_facts
from ..rules.facts import Fact, Facts
from ..rules.scenarios import Replay, load_scenarios, replay
from ..rules.wording import contains, find, find_changed, numbers, periods
from .base import CheckContext, Code, at, on_unit

UNIT_MISSING = Code("rules-unit-missing", Severity.ERROR,
                    "a rule fact or a worked-example scenario is bound to a unit id the corpus does not have")
FACT_MISSING = Code("rules-fact-missing", Severity.ERROR,
                    "an executable rule reads a fact that corpus/rules does not define")
VALUE_MISMATCH = Code("rules-value-mismatch", Severity.ERROR,
                      "a fact's value states other numbers than its own wording in the text (the data "
                      "changed, the text did not)")
DRIFT = Code("rules-drift", Severity.ERROR,
             "a fact's words stand in the unit's text with other numbers (the text changed, the data "
             "did not), or a language side of the unit lacks the fact's number")
WORDING_MISSING = Code("rules-wording-missing", Severity.ERROR,
                       "the words a fact or an example claim quotes are no longer in the unit's text")
WORDING_UNRECORDED = Code("rules-wording-unrecorded", Severity.INFO,
                          "a unit has a language side for which the fact records no wording; only "
                          "its numbers were checked there")
EXAMPLE_CONTRADICTION = Code("rules-example-contradiction", Severity.WARNING,
                             "a worked example says what the rules, run on the data, do not decide: "
                             "the example contradicts the rules or itself")
EXAMPLE_REASONING = Code("rules-example-reasoning", Severity.WARNING,
                         "a worked example reaches the rules' result, but the reason it gives "
                         "states a different rule")
EXAMPLE_INVALID = Code("rules-example-invalid", Severity.ERROR,
                       "a worked-example scenario the rules module cannot replay (unknown rule, bad input)")
AMBIGUOUS = Code("rules-ambiguous", Severity.INFO,
                 "the words of a rule fact read two ways and the rules take one (the fact's `reading`): "
                 "the text may need an erratum; the suggestion is the other reading")
READING_UNTRANSLATED = Code("rules-reading-untranslated", Severity.WARNING,
                            "a fact's reading (or its alternative) has no text in a language of the "
                            "corpus: that language's pages show it in English")
CODES = [UNIT_MISSING, FACT_MISSING, VALUE_MISMATCH, DRIFT, WORDING_MISSING, WORDING_UNRECORDED,
         EXAMPLE_CONTRADICTION, EXAMPLE_REASONING, EXAMPLE_INVALID, AMBIGUOUS, READING_UNTRANSLATED]


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    """The facts bound to units of ``ctx.corpus`` (one rulebook's shard, or the whole corpus)."""
    facts = ctx.shared("rules.facts", lambda: load_facts(ctx.root, missing_ok=True))
    # by unit, not a pass over every fact: a rulebook's shard of a large corpus holds few of them
    yield from check_facts(ctx, [fact for unit_id in ctx.corpus.units
                                 for fact in facts.by_unit.get(unit_id, ())])


def check_whole(ctx: CheckContext) -> Iterable[Diagnostic]:
    """What spans rulebooks, once over the whole corpus: facts bound to a unit no document has,
    the executable rules against the facts, the worked examples."""
    facts = ctx.shared("rules.facts", lambda: load_facts(ctx.root, missing_ok=True))
    yield from check_facts(ctx, [fact for fact in facts if fact.unit not in ctx.corpus.units])
    yield from check_rules(ctx, facts)


def check_facts(ctx: CheckContext, facts: Iterable[Fact]) -> Iterator[Diagnostic]:
    """Each fact against its unit's text: the part a rulebook's shard of the checks runs."""
    for fact in facts:
        yield from _fact(ctx, fact)


def check_rules(ctx: CheckContext, facts: Facts) -> Iterator[Diagnostic]:
    """The executable rules against the facts, the worked examples replayed: corpus-wide."""
    yield from _rules_read(facts)
    for scenario in load_scenarios(ctx.root):
        yield from _example(ctx, replay(scenario, facts))


def _data(code: Code, fact: Fact, message: str, line: int | None = None,
          suggestion: str | None = None) -> Diagnostic:
    return Diagnostic(fact.path, line or fact.line, code.code, message, code.severity, 1, fact.unit,
                      suggestion)


def _fact(ctx: CheckContext, fact: Fact) -> Iterator[Diagnostic]:
    unit = ctx.corpus.units.get(fact.unit)
    if unit is None:
        close = difflib.get_close_matches(fact.unit, list(ctx.corpus.units), n=1)
        yield _data(UNIT_MISSING, fact, f"{fact.id} is bound to {fact.unit}, which the corpus does not have",
                    suggestion=f"did you mean {close[0]}?" if close else None)
        return
    for lang, fragments in fact.wording.items():
        stated = _stated(fact, fragments)
        if stated is not None and sorted(set(stated)) != sorted(set(map(str, _expected(fact)))):
            yield _data(VALUE_MISMATCH, fact, f"{fact.id} ({fact.unit}): the data says {fact.shown()}, "
                        f"the text says {', '.join(stated) or 'no number'} "
                        f"({' … '.join(fragments)!r})", fact.value_line,
                        "correct the value, or the wording if the text changed")
        if lang not in unit.sides:
            yield _data(WORDING_MISSING, fact, f"{fact.id} quotes a {lang} text, but {fact.unit} has no "
                        f"{lang} side", suggestion=f"remove wording.{lang}")
    for lang, side in unit.sides.items():
        if lang in fact.wording:
            yield from _worded(ctx, unit, side, lang, fact)
        else:
            yield from _unworded(unit, side, lang, fact)
    if fact.reading:
        yield from _ambiguous(ctx, unit, fact)
    yield from _untranslated_reading(fact)


def _untranslated_reading(fact: Fact) -> Iterator[Diagnostic]:
    for lang in LANGUAGES:
        if fact.readings and lang not in fact.readings:
            yield _data(READING_UNTRANSLATED, fact, f"{fact.id}: the reading and its alternative have no "
                        f"{lang} text; the {lang} pages show them in English", fact.reading_line,
                        f"write reading.{lang} and alternative.{lang} beside their en")


def _ambiguous(ctx: CheckContext, unit: Unit, fact: Fact) -> Iterator[Diagnostic]:
    """Once per fact, where its words stand in the unit's own language (a translator reads the
    original to see what it says)."""
    lang = ctx.corpus.document_of(unit).language
    lang = lang if lang in unit.sides else next(iter(unit.sides))
    side, fragments = unit.sides[lang], fact.wording.get(lang) or ()
    where = next((found for found in (find(f, side.text) for f in fragments) if found), None)
    message = (f"{fact.id} ({unit.id}): the words read two ways; the rules take: {fact.reading} "
               f"(recorded at {fact.path}:{fact.line})")
    suggestion = f"the other reading: {fact.alternative}"
    yield (at(AMBIGUOUS, unit, side, where.start, message, suggestion=suggestion) if where
           else on_unit(AMBIGUOUS, unit, side, message, suggestion=suggestion))


def _expected(fact: Fact) -> list:
    if fact.type == "period":
        return [fact.value]
    return fact.numbers()


def _stated(fact: Fact, fragments: tuple[str, ...]) -> list[str] | None:
    """What the wording states, in the form the value is compared in; None: nothing to compare."""
    if fact.type == "period":
        return [p for f in fragments for p in periods(f)]
    if fact.type not in ("number", "range"):
        return None
    stated = [n for f in fragments for n in numbers(f)]
    if fact.type == "number" and fact.value == 0 and not stated:
        return ["0"]  # "Протестанты не получают отрядов": a zero said in words
    return [str(n) for n in stated]


def _worded(ctx: CheckContext, unit: Unit, side: Side, lang: str, fact: Fact) -> Iterator[Diagnostic]:
    for fragment in fact.wording[lang]:
        if contains(fragment, side.text):
            continue
        changed = find_changed(fragment, side.text, periods_too=fact.type == "period")
        count = periods if fact.type == "period" else numbers
        now = count(changed.text) if changed else None
        if changed and now != count(fragment):
            # A symbol's words can hold numbers too ("the next two turns"): then those are compared.
            data = fact.shown() if _stated(fact, fact.wording[lang]) is not None else \
                f"{', '.join(map(str, count(fragment)))} in its words"
            yield at(DRIFT, unit, side, changed.start,
                     f"{fact.id} ({unit.id}, {lang}): the data says {data}, the text now says "
                     f"{', '.join(map(str, now))}: {' '.join(changed.text.split())!r}",
                     suggestion=f"update {fact.path}:{fact.value_line} (and the wording) if the "
                                "text is right, or restore the text")
        else:
            yield on_unit(WORDING_MISSING, unit, side,
                          f"{fact.id} ({unit.id}, {lang}) quotes {fragment!r}, which the unit no longer has",
                          suggestion=_holder(ctx, unit, lang, fragment) or _closest(fragment, side.text))


def _unworded(unit: Unit, side: Side, lang: str, fact: Fact) -> Iterator[Diagnostic]:
    yield on_unit(WORDING_UNRECORDED, unit, side,
                  f"{fact.id}: {unit.id} has a side in {lang}, but the fact records no {lang} wording",
                  suggestion=f"add wording.{lang} at {fact.path}:{fact.line}")
    wanted = [n for n in fact.numbers() if n != 0]
    present = {abs(n) for n in numbers(side.text)}
    missing = [n for n in wanted if abs(n) not in present]
    if missing:
        yield on_unit(DRIFT, unit, side,
                      f"{fact.id}: the data says {fact.shown()}, but the {lang} text of {unit.id} "
                      f"does not state {', '.join(map(str, missing))}")


def _holder(ctx: CheckContext, unit: Unit, lang: str, fragment: str) -> str | None:
    """A unit's own text excludes its children's: say so when a child holds the words."""
    for other in ctx.corpus.walk(unit):
        side = other.sides.get(lang)
        if other is not unit and side is not None and contains(fragment, side.text):
            return f"the words stand in {other.id}: bind the fact there"
    return None


def _closest(fragment: str, text: str) -> str | None:
    sentences = [s.strip() for s in text.replace("\n", " ").split(". ") if s.strip()]
    close = difflib.get_close_matches(fragment, sentences, n=1, cutoff=0.4)
    return f"the nearest words now: {close[0]!r}" if close else None


def _rules_read(facts: Facts) -> Iterator[Diagnostic]:
    for rule in RULES.values():
        for wanted in rule.facts:
            prefix = wanted.removesuffix(".*")
            known = (any(f.id.startswith(prefix + ".") for f in facts) if wanted.endswith(".*")
                     else wanted in facts)
            if not known:
                rulebook = prefix.split(".", 1)[0]
                path = facts.files.get(rulebook, f"corpus/rules/{rulebook}.yaml")
                yield Diagnostic(path, 1, FACT_MISSING.code,
                                 f"the rule {rule.id} ({rule.unit}) reads {wanted}, which {path} "
                                 "does not define", FACT_MISSING.severity, 1, rule.unit)


def _example(ctx: CheckContext, done: Replay) -> Iterator[Diagnostic]:
    scenario = done.scenario
    unit = ctx.corpus.units.get(scenario.example)
    if unit is None:
        yield Diagnostic(scenario.path, scenario.line, UNIT_MISSING.code,
                         f"the scenario is bound to {scenario.example}, which the corpus does not have",
                         UNIT_MISSING.severity, 1, scenario.example)
        return
    for claim, result in done.results:
        if result.error:
            yield Diagnostic(scenario.path, claim.line, EXAMPLE_INVALID.code,
                             f"{scenario.example} ({claim.id}): {result.error}",
                             EXAMPLE_INVALID.severity, 1, scenario.example)
        for lang, says in claim.says.items():
            side = unit.sides.get(lang)
            where = find(says, side.text) if side else None
            if side is None or where is None:
                target = side or unit.side()
                yield on_unit(WORDING_MISSING, unit, target,
                              f"{scenario.example} ({claim.id}) quotes {says!r}, which the example "
                              "no longer has", suggestion=_closest(says, target.text))
                continue
            if result.differences:
                code = EXAMPLE_REASONING if claim.reasoning else EXAMPLE_CONTRADICTION
                yield at(code, unit, side, where.start, _contradiction(claim, result, lang),
                         suggestion=claim.note)


def _contradiction(claim, result, lang: str) -> str:
    def shown(value) -> str:
        return json.dumps(value, ensure_ascii=False)

    differences = "; ".join(f"{key}: the example {'implies' if claim.reasoning else 'says'} "
                            f"{shown(want)}, the rules give {shown(got)}" for key, want, got in result.differences)
    problems = f" ({'; '.join(result.problems)})" if result.problems else ""
    return (f"{claim.id}: «{claim.says[lang]}» — {differences}; {result.rule} at {result.unit}"
            f"{problems}")
