"""Every clause accounted for: a sentence of a rulebook with executable rules that no fact quotes
and corpus/rules/coverage/ does not classify, and a classification whose words are gone.

Run once over the whole corpus (``check_whole``): the coverage files are not among what a
rulebook's cached shard of the checks follows from, so judging them there could serve an old
answer. Only the documents of a rulebook that has executable rules (a corpus/rules/<rulebook>.yaml)
are held to it: a project without rule facts claims nothing about its clauses.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..core.diagnostics import Diagnostic, Severity
from ..rules import load_facts
from ..rules.coverage import DIRECTORY, Stale, Unclassified, classify_held
from .base import CheckContext, Code, _, at, text

UNCLASSIFIED = Code("rules-clause-unclassified", Severity.WARNING,
                    "a sentence of a rulebook with executable rules is quoted by no rule fact and classified "
                    "nowhere in corpus/rules/coverage/: executable, prose only (why) or not a rule?")
STALE = Code("rules-clause-stale", Severity.WARNING,
             "a classified clause no longer matches its text: the unit is gone or its words are (the "
             "source changed), the fact it names is not executed, or a fact now states the words it "
             "calls prose only or not a rule")
SHARED = Code("rules-clause-shared", Severity.INFO,
              "a sentence holds a rule fact's words and an entry quoting its opening as prose only or not a "
              "rule: if the fact now states the whole sentence, the entry is left over")
CODES = [UNCLASSIFIED, STALE, SHARED]
#: the shared value (``run_checks(given=…)``) that holds the clauses classified by the driver
CLAUSES = "rules.clauses"
#: this family's name in check/families.py: the driver classifies the clauses when it runs
FAMILY = "coverage"


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    return ()  # judged once over the whole corpus: see the module's docstring


def check_whole(ctx: CheckContext) -> Iterator[Diagnostic]:
    facts = ctx.shared("rules.facts", lambda: load_facts(ctx.root, missing_ok=True))
    held = [d.key for d in ctx.corpus.documents if d.rulebook in facts.files]
    if not held:
        return
    # classified once per build by the driver, which hands the status page the same (CLAUSES)
    coverage = ctx.shared(CLAUSES, lambda: classify_held(ctx.corpus, facts, ctx.root))
    for document in coverage.documents:
        for found in document.unclassified:
            yield _unclassified(found)
    for stale in coverage.stale:
        yield _stale(stale)


def _unclassified(found: Unclassified) -> Diagnostic:
    said = " ".join(found.span.text.split())
    opening = " ".join(said.split()[:5])
    return at(UNCLASSIFIED, found.unit, found.side, found.span.start,
              text(_("%(unit)s, sentence %(n)s, is not accounted for: %(quote)s"), unit=found.unit.id,
                   n=str(found.sentence), quote=repr(said if len(said) <= 90 else said[:87] + "…")),
              suggestion=text(_("classify it in %(path)s under %(unit)s: - {says: %(opening)s, prose: REASON} "
                                "or not: KIND, or make it a rule fact"),
                              path=f"{DIRECTORY}/{found.unit.document}.yaml", unit=found.unit.id,
                              opening=repr(opening)))


def _stale(stale: Stale) -> Diagnostic:
    entry = stale.entry
    if stale.why == "unit":
        message = text(_("%(unit)s (%(quote)s): the document %(document)s has no such unit any more"),
                       unit=entry.unit, quote=repr(entry.says), document=entry.document)
        suggestion = text(_("find the clause's new unit (`folio show`) or remove the entry"))
    elif stale.why == "fact":
        message = text(_("%(unit)s (%(quote)s): the fact %(fact)s is not defined or not executed"),
                       unit=entry.unit, quote=repr(entry.says), fact=stale.detail or "")
        suggestion = text(_("name a fact a rule reads, or classify the clause as prose only"))
    elif stale.why == "shared":
        message = text(_("%(unit)s (%(quote)s): the fact %(fact)s states words of the same sentence, which the "
                         "entry calls %(class)s"), unit=entry.unit, quote=repr(entry.says), fact=stale.detail or "",
                       **{"class": entry.cls.value})
        suggestion = text(_("remove the entry if the fact states the whole sentence; else quote the clause it "
                            "leaves out"))
        return Diagnostic.of(entry.path, entry.line, SHARED.code, message, SHARED.severity, 1, entry.unit,
                             suggestion)
    elif stale.why == "executable":
        message = text(_("%(unit)s (%(quote)s): the fact %(fact)s now states these words, which the entry "
                         "calls %(class)s"), unit=entry.unit, quote=repr(entry.says), fact=stale.detail or "",
                       **{"class": entry.cls.value})
        suggestion = text(_("remove the entry: the sentence is executable"))
    else:
        message = text(_("%(unit)s no longer says %(quote)s: the source changed"),
                       unit=entry.unit, quote=repr(entry.says))
        suggestion = (text(_("the nearest words now: %(quote)s"), quote=repr(stale.detail)) if stale.detail
                      else text(_("classify the unit's sentences again")))
    return Diagnostic.of(entry.path, entry.line, STALE.code, message, STALE.severity, 1, entry.unit, suggestion)
