"""`folio rules list` and `folio rules run RULE key=value …`.

Kept out of pipeline/cli.py, which only hands the `rules` sub-command over to
:func:`add_commands`. Every refusal (an unknown rule, a die roll of 7, broken data) becomes a
:class:`FolioError`, which the CLI prints as one line with exit status 2.
"""

from __future__ import annotations

import argparse
import json

from ..core.errors import FolioError
from ..core.model import LANGUAGES
from . import RULES, Facts, RuleError, get, run


def add_commands(commands) -> None:
    rules = commands.add_parser("rules", help="the executable rules: list them, or run one").add_subparsers(
        title="rules commands", metavar="ACTION", required=True)
    command = rules.add_parser("list", help="every executable rule: id, unit id, inputs and their types")
    command.add_argument("--format", choices=("text", "json"), default="text")
    command.add_argument("--json", dest="format", action="store_const", const="json",
                         help="the same as --format json: inputs, result fields (type, meaning), facts")
    command.set_defaults(command=_list)
    command = rules.add_parser("run", help="run one rule and print its outcome as JSON, with citations")
    command.add_argument("rule", metavar="RULE", help="a rule id (`folio rules list` names them)")
    command.add_argument("inputs", metavar="KEY=VALUE", nargs="*",
                         help="the rule's inputs (`folio rules list` shows them), e.g. die=2 card_cp=3")
    command.set_defaults(command=_run)
    command = rules.add_parser("coverage", help="every sentence of every document: executable, prose only, "
                               "not a rule; the executable share per document")
    command.add_argument("--json", action="store_true", help="the table as JSON, with every clause")
    command.set_defaults(command=_coverage)


def _list(project, args: argparse.Namespace) -> int:
    facts = project.rule_facts()
    if args.format == "json":
        print(json.dumps([{**r.to_json(), "reads": len(r.reads(facts))} for r in RULES.values()],
                         ensure_ascii=False, indent=1))
        return 0
    for found in RULES.values():
        summary = " ".join(found.doc.split("\n\n")[0].split())
        reads = len(found.reads(facts))
        print(f"{found.id}  ({found.unit})  reads {reads} fact{'s' if reads != 1 else ''}: {summary}")
        specs = found.specs()
        width = max((len(s.name) for s in specs), default=0)
        for spec in specs:
            default = "required" if spec.required else f"default {json.dumps(spec.default, ensure_ascii=False)}"
            print(f"    {spec.name:<{width}}  {spec.type}; {default}: {spec.doc}")
    return 0


def _run(project, args: argparse.Namespace) -> int:
    """``project``: the command's pipeline.build.Project, the facts and corpus loaded once."""
    raw: dict[str, str] = {}
    for item in args.inputs:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise FolioError(f"{args.rule}: expected KEY=VALUE, got {item!r}")
        if key.strip() in raw:
            raise FolioError(f"{args.rule}: {key.strip()} is given twice")
        raw[key.strip()] = value
    try:
        found = get(args.rule)
        project.rule_facts()  # a project without facts is refused first
        # the citations quote each side as the corpus says it now (a retranslated side too)
        outcome = run(found.id, project.shown_facts, raw)
    except RuleError as err:
        raise FolioError(f"{args.rule}: {err}") from None
    corpus = project.corpus  # only for the citations' source lines

    def locate(unit_id: str) -> str | None:
        unit = corpus.units.get(unit_id)
        if unit is None:
            return None
        side = unit.sides.get(corpus.document_of(unit).language) or unit.side()
        return f"{side.path}:{side.line_start}"

    print(json.dumps(outcome.to_json(locate), ensure_ascii=False, indent=1))
    return 0


def _coverage(project, args: argparse.Namespace) -> int:
    from .coverage import classify, load_entries

    coverage = classify(project.corpus, project.rule_facts(), load_entries(project.root))
    if args.json:
        print(json.dumps({"documents": coverage.rows(),
                          "clauses": [{"document": d.document, "unit": c.unit, "sentence": c.sentence,
                                       "class": c.cls.value, "reason": c.reason, "source": c.source,
                                       "facts": list(c.facts), "text": c.text}
                                      for d in coverage.documents for c in d.clauses],
                          "unclassified": [{"unit": u.unit.id, "sentence": u.sentence,
                                            "text": " ".join(u.span.text.split())}
                                           for d in coverage.documents for u in d.unclassified],
                          "stale": [{"unit": s.entry.unit, "says": s.entry.says, "why": s.why,
                                     "path": s.entry.path, "line": s.entry.line} for s in coverage.stale]},
                         ensure_ascii=False, indent=1))
        return 0
    for line in table_lines(coverage.rows()):
        print(line)
    return 0


def table_lines(rows: list[dict]) -> list[str]:
    """The coverage table as `folio rules coverage` prints it (and the manual shows it)."""
    heads = ("document", "sentences", "clauses", "executable", "prose only", "not a rule", "unclassified",
             "executable share")
    body = [(r["document"], r["sentences"], r["clauses"], r["executable"], r["prose_only"], r["not_a_rule"],
             r["unclassified"], "-" if r["executable_share"] is None else f"{r['executable_share']:.0%}")
            for r in rows]
    widths = [max(len(str(row[i])) for row in (heads, *body)) for i in range(len(heads))]
    return ["  ".join(str(cell).ljust(w) if i == 0 else str(cell).rjust(w)
                      for i, (cell, w) in enumerate(zip(row, widths, strict=True)))
            for row in (heads, *body)]


def facts_lines(facts: Facts, unit_id: str, lang: str | None = None) -> list[str]:
    """What `folio show ID` says of the facts bound to a unit: id, value, where it is defined,
    then its label and words in ``lang`` (or, where that language has none, in the one there
    is, named), or in every language when ``lang`` is None."""
    bound = facts.bound_to(unit_id)
    if not bound:
        return ["facts: none"]
    lines = [f"facts ({len(bound)}):"]
    for fact in bound:
        lines.append(f"  {fact.id} = {fact.shown()}  ({fact.path}:{fact.line})")
        for what, values in (("label", fact.label),
                             ("wording", {k: " … ".join(v) for k, v in fact.wording.items()})):
            for shown in _languages(values, lang):
                lines.append(f"    {what} ({shown}): {values[shown]}")
        if fact.note:
            lines.append(f"    note: {fact.note}")
        for what, values in (("reading", fact.readings), ("alternative", fact.alternatives)):
            for shown in _languages(values, lang) if values else ():
                lines.append(f"    {what} ({shown}): {values[shown]}")
        if fact.prose_only:
            lines.append(f"    prose only: {fact.prose_only}")
    return lines


def _languages(values: dict[str, str], lang: str | None) -> list[str]:
    if lang is None:
        return [code for code in LANGUAGES if code in values]
    if lang in values:
        return [lang]
    return [code for code in LANGUAGES if code in values][:1]  # the one there is
