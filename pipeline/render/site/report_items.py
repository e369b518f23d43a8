"""The consistency report's findings as list items, made in Python: the report of a large
corpus lists tens of thousands of them, and a template loop spent more on calling its helpers
than on the markup (measured at x10: the two report pages in 3.3 s of CPU before, see the
commit). The words are the catalogs', read as the templates' newstyle ``_()`` reads them."""

from __future__ import annotations

from collections.abc import Callable

from markupsafe import Markup, escape

from ...core.diagnostics import Diagnostic
from .findings import Findings


def finding_items(diagnostics: list[Diagnostic], findings: Findings, href: Callable[[Diagnostic], str | None],
                  unit_name: Callable[[str], str], gettext: Callable[[str], str],
                  reasons: dict[str, str] | None = None) -> Markup:
    """Each finding as its <li>: where, the unit it is about, the message in the page's
    language, the suggestion, and why it was accepted (a suppressed one: in the page's language
    where ``reasons`` has it)."""
    reasons = reasons or {}
    suggested, accepted = gettext("suggestion: %(text)s"), gettext("accepted: %(why)s")
    out = []
    for d in diagnostics:
        link = href(d)
        suggestion = findings.suggestion(d) if d.suggestion else None
        item = (f'\n<li class="folio-finding folio-finding--{escape(d.severity)}'
                f'{" folio-suppressed" if d.suppressed else ""}"><code>{escape(d.path)}:{escape(d.line)}:'
                f"{escape(d.col)}</code>")
        if link:
            item += f' <a href="{escape(link)}">{escape(unit_name(d.unit or ""))}</a>'
        item += f": {findings.message(d).html}"
        if suggestion is not None:
            item += f' <span class="folio-meta">({Markup(suggested) % {"text": suggestion.html}})</span>'
        if d.suppressed:
            why = findings.quoted(reasons.get(d.suppressed, d.suppressed))
            item += f' <span class="folio-meta">({Markup(accepted) % {"why": why}})</span>'
        out.append(item + "</li>")
    return Markup("".join(out))
