"""The registry of executable rules, and the outcome every rule returns.

A rule is a plain function ``(facts, inputs) -> Outcome`` registered with :func:`rule`: its id,
the unit id of the text it implements, its input dataclass and the facts it reads. The
registry is what `folio rules list` prints and what the ``rules`` check verifies against
corpus/rules (a rule that reads a fact nobody defines is reported, not discovered at a table).
"""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .facts import Fact, Facts
from .inputs import Inputs, InputSpec, RuleInputError, plain
from .results import ResultField, result_fields


@dataclass(frozen=True)
class Citation:
    """One unit of the text the outcome rests on, and the fact (with its words) read there."""

    unit: str
    fact: str | None = None
    wording: dict[str, str] | None = None  # per language, the fact's words (fragments joined by …)


@dataclass(frozen=True)
class Reading:
    """A fact whose words read two ways, read by the rule: the reading taken, and the other."""

    fact: str
    unit: str
    reading: str  # in English
    alternative: str
    #: the two in the other languages the data has them in: lang -> (reading, alternative)
    translations: dict[str, tuple[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    rule: str
    unit: str  # the unit whose rule decided: the range that matched, the limit that bit
    result: Any  # the rule's own result dataclass
    because: tuple[Citation, ...]
    read: tuple[str, ...] = ()  # every fact id the rule asked for, as :meth:`Facts.recording` saw
    readings: tuple[Reading, ...] = ()  # of those, the ones whose wording the rules had to decide

    def to_json(self, locate: Callable[[str], str | None] | None = None) -> dict:
        """The outcome as JSON; ``locate`` turns a unit id into ``path:line`` where known."""
        def cite(c: Citation) -> dict:
            data = {"unit": c.unit, "fact": c.fact, "wording": c.wording}
            if locate:
                data["source"] = locate(c.unit)
            return data

        data = {"rule": self.rule, "implements": RULES[self.rule].unit if self.rule in RULES else None,
                "unit": self.unit, "result": plain(self.result),
                "citations": [cite(c) for c in self.because]}
        if locate:
            data["source"] = locate(self.unit)
        if self.readings:
            data["readings"] = [{"fact": r.fact, "unit": r.unit, "reading": r.reading,
                                 "alternative": r.alternative,
                                 **({"translations": {lang: {"reading": reading, "alternative": other}
                                                      for lang, (reading, other) in r.translations.items()}}
                                    if r.translations else {}),
                                 **({"source": locate(r.unit)} if locate else {})} for r in self.readings]
        return data


@dataclass(frozen=True)
class Rule:
    id: str
    unit: str
    inputs: type[Inputs]
    facts: tuple[str, ...]  # fact ids, or group prefixes ending in ".*"
    function: Callable[[Facts, Any], Outcome]
    doc: str
    result: type  # the dataclass in Outcome.result: its fields are declared in results.py's way

    def results(self) -> tuple[ResultField, ...]:
        return result_fields(self.result)

    def specs(self) -> list[InputSpec]:
        return self.inputs.describe()

    def reads(self, facts: Facts) -> list[Fact]:
        """The defined facts the rule declares it reads (groups expanded), in file order."""
        return facts.expand(self.facts)

    def to_json(self) -> dict:
        return {"id": self.id, "unit": self.unit, "doc": self.doc,
                "inputs": [{"name": s.name, "type": s.type, "required": s.required,
                            "default": s.default, "doc": s.doc} for s in self.specs()],
                "result": [f.to_json() for f in self.results()],
                "facts": list(self.facts)}


RULES: dict[str, Rule] = {}


def rule(rule_id: str, *, unit: str, inputs: type[Inputs], result: type, facts: tuple[str, ...]):
    """Register a rule function under ``rule_id``; ``result`` is the dataclass it returns."""
    def register(function):
        if rule_id in RULES:
            raise AssertionError(f"rule {rule_id} registered twice")
        RULES[rule_id] = Rule(rule_id, unit, inputs, facts, function, inspect.getdoc(function) or "", result)
        function.rule_id = rule_id
        return function
    return register


def get(rule_id: str) -> Rule:
    if rule_id not in RULES:
        close = difflib.get_close_matches(rule_id, list(RULES), n=1)
        raise RuleInputError(f"no rule {rule_id!r}" + (f"; did you mean {close[0]}?" if close else
                             "; `folio rules list` shows them"))
    return RULES[rule_id]


def run(rule_id: str, facts: Facts, raw: Mapping[str, Any] | Inputs | None = None, **kwargs) -> Outcome:
    """Run one rule on raw inputs (CLI strings, YAML values or Python values)."""
    found = get(rule_id)
    given = raw if isinstance(raw, Inputs) else found.inputs.from_raw({**(raw or {}), **kwargs})
    recorder = facts.recording()
    try:
        outcome = found.function(recorder, given)
    finally:  # a refusal rests on the facts it read as much as an outcome does
        if facts.read is not None:  # the caller records too
            facts.read.update(recorder.read or ())
    read = tuple(sorted(recorder.read or ()))  # a recording's `read` is a set
    ambiguous = _ambiguous(facts.facts)
    readings = tuple(_reading(facts.facts[i]) for i in read if i in ambiguous)
    return Outcome(outcome.rule, outcome.unit, outcome.result, outcome.because, read, readings)


# A fact's citation and reading are made once: a rule runs thousands of times on the same facts
# (a decision table, an assistant's every click). Keyed by the fact object: Facts are not
# hashable (their words are dicts), and a changed fact is another object.
_CITATIONS: dict[int, tuple[Fact, Citation]] = {}
_READINGS: dict[int, tuple[Fact, Reading]] = {}


_AMBIGUOUS: dict[int, tuple[dict, frozenset[str]]] = {}


def _ambiguous(facts: dict[str, Fact]) -> frozenset[str]:
    """The ids of the facts that record a reading (a Facts' dict is never changed in place)."""
    kept = _AMBIGUOUS.get(id(facts))
    if kept is None or kept[0] is not facts:
        kept = _AMBIGUOUS[id(facts)] = (facts, frozenset(i for i, f in facts.items() if f.reading))
    return kept[1]


def _reading(f: Fact) -> Reading:
    kept = _READINGS.get(id(f))
    if kept is None or kept[0] is not f:
        kept = _READINGS[id(f)] = (f, Reading(f.id, f.unit, f.reading or "", f.alternative or "", {
            lang: (text, f.alternatives[lang]) for lang, text in f.readings.items() if lang != "en"}))
    return kept[1]


def _citation(f: Fact) -> Citation:
    kept = _CITATIONS.get(id(f))
    if kept is None or kept[0] is not f:
        kept = _CITATIONS[id(f)] = (f, Citation(f.unit, f.id, {lang: " … ".join(words)
                                                              for lang, words in sorted(f.wording.items())}))
    return kept[1]


def decided(rule_id: str, result: Any, *because: Fact | str | None) -> Outcome:
    """The outcome of ``rule_id``; the first citation is the unit that decided."""
    seen: list[Citation] = []
    keys: set[tuple[str, str | None]] = set()
    for item in because:
        if item is None:
            continue
        citation = Citation(item) if isinstance(item, str) else _citation(item)
        if (citation.unit, citation.fact) not in keys:  # a fact's words follow from its id
            keys.add((citation.unit, citation.fact))
            seen.append(citation)
    unit = seen[0].unit if seen else RULES[rule_id].unit
    return Outcome(rule_id, unit, result, tuple(seen))
