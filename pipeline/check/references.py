"""References: what the link stage could not resolve, or resolved to something other than
what the text says; external targets as information."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Kind, Reference, RefKind, RefProblem, RefStatus
from .base import CheckContext, Code, Text, _, text

UNRESOLVED = Code("ref-unresolved", Severity.ERROR,
                  "a reference to a rule, event, step or item the corpus should hold but does not")
MISMATCH = Code("ref-mismatch", Severity.WARNING,
                "a reference whose target exists but is not what the text says it is (its title, "
                "its number of occurrences, above/below)")
EXTERNAL = Code("ref-external", Severity.INFO,
                "a reference to a rulebook, rule, event deck or page outside the corpus")
FOOTNOTE_DISTANT = Code("ref-footnote-distant", Severity.WARNING,
                        "a footnote marker whose footnote stands under another rule")
FOOTNOTE_UNREFERENCED = Code("ref-footnote-unreferenced", Severity.WARNING,
                             "a footnote that no marker in the text points at")
#: the advice on a reference whose words do not fit its target, by its kind (one sentence
#: each, as a translation inflects the noun)
CHECK_WHICH = {
    RefKind.EVENT: _("check which event is meant"), RefKind.RULE: _("check which rule is meant"),
    RefKind.PAGE: _("check which page is meant"), RefKind.RELATIVE: _("check which relative is meant"),
    RefKind.STEP: _("check which step is meant"), RefKind.FOOTNOTE: _("check which footnote is meant"),
}
CODES = [UNRESOLVED, MISMATCH, EXTERNAL, FOOTNOTE_DISTANT, FOOTNOTE_UNREFERENCED]


def _report(ref: Reference, code: Code, message: Text, suggestion: Text | None = None) -> Diagnostic:
    return Diagnostic.of(ref.path, ref.line, code.code, message, code.severity, ref.col, ref.source, suggestion)


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    corpus = ctx.corpus
    for ref in corpus.references:
        # the note of an external or unresolved target has its template
        note = ref.note_words or ref.note or ""
        if ref.status == RefStatus.EXTERNAL:
            yield _report(ref, EXTERNAL, text(_("%(words)s points outside the corpus: %(where)s"),
                                        words=repr(ref.text), where=note))
        elif ref.status == RefStatus.UNRESOLVED and ref.problem == RefProblem.MISMATCH:
            yield _report(ref, MISMATCH, text(_("%(words)s leads to %(unit)s, but %(why)s"),
                                        words=repr(ref.text), unit=ref.target_id or "", why=note),
                         text(CHECK_WHICH[ref.kind]))
        elif ref.status == RefStatus.UNRESOLVED:
            yield _report(ref, UNRESOLVED, text(_("%(words)s cannot be resolved: %(why)s"),
                                          words=repr(ref.text), why=note),
                         _did_you_mean(ctx, ref))
        elif ref.problem == RefProblem.DISTANT:
            yield _report(ref, FOOTNOTE_DISTANT, text(_("footnote marker %(marker)s: %(where)s"),
                                                marker=repr(ref.target), where=note),
                         text(_("add the %(marker)s footnote under this rule, or point at the one meant"),
                              marker=ref.target))
    referenced = {ref.target_id for ref in corpus.references}
    for unit in corpus.of_kind(Kind.FOOTNOTE):
        if unit.id not in referenced:
            for side in unit.sides.values():
                yield Diagnostic.of(side.path, side.line_start, FOOTNOTE_UNREFERENCED.code,
                                    text(_("footnote %(marker)s is not pointed at by any marker above it"),
                                         marker=repr(unit.attrs.get("marker", ""))),
                                    FOOTNOTE_UNREFERENCED.severity, 1, unit.id,
                                 text(_("restore the marker (or the table or text that carried it)")))


def _did_you_mean(ctx: CheckContext, ref) -> Text | None:
    unit = ctx.corpus.units[ref.source]
    rulebook = ctx.lookup().document_of(unit).rulebook
    if ref.kind not in ("rule", "event"):
        return None
    numbers = ctx.shared("references.numbers", lambda: _numbers(ctx))[ref.kind].get(rulebook, [])
    close = difflib.get_close_matches(ref.target, numbers, n=2, cutoff=0.5)
    if not close:
        return None
    return (text(_("did you mean %(number)s?"), number=close[0]) if len(close) == 1 else
            text(_("did you mean %(number)s or %(other)s?"), number=close[0], other=close[1]))


def _numbers(ctx: CheckContext) -> dict[str, dict[str, list[str]]]:
    """Every rule and event number of each rulebook, in corpus order: gathered once, not once
    per unresolved reference."""
    found: dict[str, dict[str, list[str]]] = {"rule": {}, "event": {}}
    lookup = ctx.lookup()
    for u in ctx.corpus.units.values():
        rulebook = lookup.document_of(u).rulebook
        if u.kind == Kind.SECTION and u.attrs.get("number"):
            found["rule"].setdefault(rulebook, []).append(u.attrs["number"])
        elif u.kind == Kind.EVENT:
            found["event"].setdefault(rulebook, []).append(f"{u.attrs['number']}:{u.attrs['period']}")
    return found
