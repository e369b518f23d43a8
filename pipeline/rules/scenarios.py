"""Worked examples as scenarios: what an example says, replayed through the rules module.

``corpus/rules/examples/<name>.yaml`` binds one example unit to a list of claims. A claim quotes
the example's words, names the rule that decides them, gives that rule's inputs as the example
sets them up and what the example says comes out. :func:`replay` runs each claim on the
facts; a difference is the example's (or the rule's) problem to report, never something to
bend either side to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.model import LANGUAGES
from .facts import DIRECTORY, Facts
from .inputs import RuleError, plain
from .registry import run
from .source import Checker, Node, read

EXAMPLES = f"{DIRECTORY}/examples"


@dataclass(frozen=True)
class Claim:
    id: str
    says: dict[str, str]  # lang -> the example's exact words
    rule: str
    given: dict[str, Any]
    expect: dict[str, Any]
    #: the claim is the reason the example gives, not its result: a difference means the
    #: example argues from another rule than the one that decides
    reasoning: bool
    note: str | None
    line: int
    #: what the example says comes out (or its reason), in words, by language: what a page
    #: shows in place of the result fields a reader does not know (``legal: true``)
    said: dict[str, str] = field(default_factory=dict)
    #: the note in another language (``note_ru``), by language
    notes: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Unreplayed:
    says: dict[str, str]
    why: str
    line: int


@dataclass(frozen=True)
class Scenario:
    example: str  # the unit id of the example
    label: dict[str, str]
    claims: tuple[Claim, ...]
    unreplayed: tuple[Unreplayed, ...]
    path: str
    line: int
    #: lang -> the example's own words, where it stands inside a unit that also states the rule
    #: ("for example, …" in a paragraph); empty: the whole unit is the example
    words: dict[str, str] = field(default_factory=dict)


@dataclass
class ClaimResult:
    rule: str
    unit: str | None = None
    differences: list[tuple[str, Any, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    error: str | None = None


@dataclass
class Replay:
    scenario: Scenario
    results: list[tuple[Claim, ClaimResult]]


def load_scenarios(root: Path) -> list[Scenario]:
    directory = Path(root) / EXAMPLES
    if not directory.is_dir():
        return []
    return [_scenario(root, path.relative_to(root).as_posix()) for path in sorted(directory.glob("*.yaml"))]


def replay(scenario: Scenario, facts: Facts) -> Replay:
    """Every claim, run on the facts less those bound to the example itself: an example that
    could only be confirmed by what it states itself proves nothing."""
    others = facts.without(scenario.example, scenario.words)
    return Replay(scenario, [(claim, replay_claim(claim, others)) for claim in scenario.claims])


def replay_claim(claim: Claim, facts: Facts) -> ClaimResult:
    result = ClaimResult(claim.rule)
    try:
        outcome = run(claim.rule, facts, claim.given)
    except RuleError as err:
        result.error = str(err)
        return result
    got = plain(outcome.result)
    result.unit = outcome.unit
    result.problems = list(got.get("problems") or [])
    for key, want in claim.expect.items():
        if key not in got:
            result.error = f"{claim.rule} has no result {key!r}; it gives {', '.join(got)}"
        elif plain(want) != got[key]:
            result.differences.append((key, want, got[key]))
    return result


def _scenario(root: Path, rel: str) -> Scenario:
    check = Checker(rel)
    top = read(root, rel)
    keys = check.mapping(top, "a scenario", {"example", "label", "claims"}, {"unreplayed", "words"})
    label = {lang: check.text(n, f"label.{lang}")
             for lang, n in check.languages(keys["label"], "label", LANGUAGES).items()}
    if not isinstance(keys["claims"].value, list) or not keys["claims"].value:
        raise check.fail(keys["claims"], "claims must be a non-empty list")
    claims = tuple(_claim(check, node) for node in keys["claims"].children)
    seen: dict[str, int] = {}
    for claim in claims:
        if claim.id in seen:
            raise check.fail(None, f"claim {claim.id} is defined twice (lines {seen[claim.id]}, {claim.line})")
        seen[claim.id] = claim.line
    others = keys.get("unreplayed")
    unreplayed = tuple(_unreplayed(check, node) for node in (others.children or [])) if others else ()
    words = ({lang: check.text(n, f"words.{lang}") for lang, n in check.languages(keys["words"], "words",
                                                                                 LANGUAGES).items()}
             if "words" in keys else {})
    return Scenario(check.text(keys["example"], "example"), label, claims, unreplayed, rel, top.line, words)


def _says(check: Checker, node: Node, what: str) -> dict[str, str]:
    return {lang: check.text(n, f"{what}: says.{lang}")
            for lang, n in check.languages(node, f"{what}: says", LANGUAGES).items()}


def _claim(check: Checker, node: Node) -> Claim:
    keys = check.mapping(node, "a claim", {"id", "says", "rule", "given", "expect"},
                         {"reasoning", "note", "said", *(f"note_{lang}" for lang in LANGUAGES)})
    claim_id = check.text(keys["id"], "id")
    what = f"claim {claim_id}"
    for name in ("given", "expect"):
        if not isinstance(keys[name].value, dict):
            raise check.fail(keys[name], f"{what}: {name} must be a mapping of names to values")
    reasoning = keys["reasoning"].value if "reasoning" in keys else False
    if not isinstance(reasoning, bool):
        raise check.fail(keys["reasoning"], f"{what}: reasoning is true or false")
    said = {lang: check.text(n, f"{what}: said.{lang}")
            for lang, n in check.languages(keys["said"], f"{what}: said", LANGUAGES).items()} if "said" in keys else {}
    notes = {lang: check.text(keys[f"note_{lang}"], f"{what}: note_{lang}")
             for lang in LANGUAGES if f"note_{lang}" in keys}
    return Claim(claim_id, _says(check, keys["says"], what), check.text(keys["rule"], f"{what}: rule"),
                 dict(keys["given"].value), dict(keys["expect"].value), reasoning,
                 check.text(keys["note"], f"{what}: note") if "note" in keys else None, node.line, said, notes)


def _unreplayed(check: Checker, node: Node) -> Unreplayed:
    keys = check.mapping(node, "an unreplayed claim", {"says", "why"})
    return Unreplayed(_says(check, keys["says"], "unreplayed"), check.text(keys["why"], "why"), node.line)
