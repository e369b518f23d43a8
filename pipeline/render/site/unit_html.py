"""The HTML of each unit kind: one method per kind, named after it (pipeline/render/site/units.py
dispatches on the name and refuses a kind without one).

Plain Python, not template macros: a page of a large rulebook renders thousands of units, and
a Jinja2 macro call costs more than the unit's whole markup made here (measured at x10: the
document pages in 3.4 s of CPU instead of 10.9). Every piece of rule text reaches the page
through ``UnitView.field/cells/whole``, which escape it; everything else a method puts in the
markup passes through :func:`escape` (``_e``) here. Interface strings are the catalogs' own, read
as the templates' ``_()`` reads them: the translation is markup, its arguments are escaped.
"""

from __future__ import annotations

from collections.abc import Callable

from markupsafe import Markup, escape

from ...core.diagnostics import _
from ...core.model import RowProblem
from . import ask_html, event_summary
from .glance import Glance


def _e(value) -> str:
    # plain str, not Markup: adding a str to a Markup would escape the str, the markup here
    return str(escape(value))


def _field(u, name: str) -> str | None:
    value = u.field(name)
    return None if value is None else str(value)


def _whole(u) -> str:
    return str(u.whole())


def _cells(u, name: str) -> list[str]:
    return [str(cell) for cell in u.cells(name)]

#: kinds whose runs of siblings are a numbered list
_ORDERED = frozenset({"step", "item", "precondition", "effect"})


class UnitHtml:
    """The markup of every unit kind in one page language."""

    def __init__(self, lang: str, gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str],
                 language_name: Callable[[str], str]):
        self.lang, self._gettext, self._ngettext = lang, gettext, ngettext
        self.language_name = language_name
        self._fixed: dict[str, str] = {}  # interface strings without arguments, translated once

    # -- interface strings ----------------------------------------------------------------

    def gettext(self, message: str, **values) -> str:
        """As the templates' newstyle ``_()``: the translation is markup, ``values`` are escaped
        into it, and it is always %-formatted ("%%" reads "%")."""
        if values:
            return str(Markup(self._gettext(message)) % values)
        if message not in self._fixed:
            self._fixed[message] = str(Markup(self._gettext(message)) % {})
        return self._fixed[message]

    def ngettext(self, singular: str, plural: str, num: int, **values) -> str:
        return str(Markup(self._ngettext(singular, plural, num)) % {"num": num, **values})

    def in_language(self, value: str, lang: str) -> Markup:
        # data the page's language has no text for (a reading not translated yet): marked
        return escape(value) if lang == self.lang else Markup('<span lang="{}">{}</span>').format(lang, value)

    # -- pieces every kind uses -----------------------------------------------------------

    @staticmethod
    def lang_attr(u) -> str:
        # the unit's own text in the original: marked there, so that the mark spans this unit
        # only and none of its translated children
        return f' lang="{_e(u.shown_lang)}" data-folio-original' if u.shown_lang != u.lang else ""

    @staticmethod
    def classes(u, extra: str = "") -> str:
        kind = _e(u.kind)
        return (f'class="folio-unit folio-{kind}{" folio-untranslated" if u.missing else ""}'
                f'{" folio-stale" if u.status == "stale" else ""}{" folio-fuzzy" if u.status == "fuzzy" else ""}'
                f'{_e(" " + extra) if extra else ""}" data-kind="{kind}"')

    def permalink(self, u) -> str:
        title = self.gettext("Link to this part: %(label)s", label=u.label)
        named = self.gettext("Link to this part")
        link = (f'<a class="folio-permalink" href="#{_e(u.id)}" title="{title}" aria-label="{named}" '
                "data-folio-copy data-pagefind-ignore>¶</a>")
        terms = u.search_terms
        if terms:
            link += f'<span class="folio-lemmas" hidden data-pagefind-weight="0.1"> {_e(terms)} </span>'
        return link

    def notices(self, u) -> str:
        out = ""
        if u.notice:
            out += ('\n<p class="folio-notice folio-notice--missing" data-pagefind-ignore>' + self.gettext(
                "Not translated yet: shown in the original (%(language)s).",
                language=self.language_name(u.shown_lang)) + "</p>")
        diff = u.stale_diff
        if diff is not None:
            out += ('\n<div class="folio-notice folio-notice--stale" data-pagefind-ignore>\n<p>' + self.gettext(
                "This translation may be outdated: the original (%(language)s) changed after it was "
                "translated. The change:", language=self.language_name(u.source_lang)) +
                f'</p>\n<pre class="folio-diff">{_e(diff)}</pre>\n'
                + '<p class="folio-current-source"><span class="folio-label">'
                + self.gettext("The original now reads (%(language)s):", language=self.language_name(u.source_lang))
                + f'</span> <span lang="{_e(u.source_lang)}">{u.current_source}</span></p>\n</div>')
        elif u.status == "fuzzy":
            out += ('\n<p class="folio-notice folio-notice--fuzzy" data-pagefind-ignore>'
                    + self.gettext("This translation awaits a translator's review.") + "</p>")
        return out

    def glance_box(self, facts: list[Glance]) -> str:
        """The rule facts that add to the unit's text (glance.telling), in the page's language;
        their ids are data attributes only."""
        if not facts:
            return ""
        title = self.gettext("At a glance")
        out = [f'\n<aside class="folio-glance" aria-label="{title}" data-pagefind-ignore>\n'
               f'<p class="folio-glance-title">{title}</p>\n<ul class="folio-glance-list">']
        for fact in facts:
            out.append(f'\n<li data-folio-fact="{_e(fact.id)}">')
            if not fact.reading:
                lang = f' lang="{_e(fact.lang)}"' if fact.lang != self.lang else ""
                out.append(f"<span{lang}>{_e(fact.text)}</span>")
            else:  # the fact's label is the sentence above: the box says how the rules read it
                out.append('<span class="folio-glance-reading">' + self.gettext(
                    "The words read two ways. The rules take: %(reading)s. The other reading: %(alternative)s.",
                    reading=self.in_language(fact.reading, fact.reading_lang or self.lang),
                    alternative=self.in_language(fact.alternative or "", fact.reading_lang or self.lang))
                    + "</span>")
            out.append("</li>")
        out.append("\n</ul>\n</aside>")
        return "".join(out)

    def decisions(self, u) -> str:
        """The unit's rule tools behind one folded line, closed at every width, so that a page
        reads as the rule's text (issue 26: the tables and forms open took up to 8,700 px of a
        phone page): a decision table, the rules module run on every case of the rule's inputs
        (pipeline/rules/decision_tables.py), then "ask the rules" (ask_html.py). Each keeps an
        anchor; the theme opens a closed <details> that holds the address's target."""
        tools = self._tables(u) + ask_html.render(u, self)
        if not tools:
            return ""
        rules = {t.table.rule for t in u.decision_tables} | {asked.made.rule for asked in u.asks}
        head = self.ngettext("Check with the rule", "Check with the rules", len(rules))
        return (f'\n<details class="folio-tools" data-pagefind-ignore>\n<summary>{head}</summary>'
                f"{tools}\n</details>")

    def _tables(self, u) -> str:
        out = []
        for t in u.decision_tables:
            inputs, outcomes = t.inputs(), t.outcomes()
            refused = " " + self.gettext("Cases the rule refuses are left out.") if t.table.refused else ""
            caption, if_, then = self.gettext("Decision table"), self.gettext("If"), self.gettext("Then")
            out.append(
                f'\n<figure class="folio-decisions" id="table-{_e(t.table.rule)}" data-folio-rule="{_e(t.table.rule)}" '
                'data-pagefind-ignore>\n'
                f"<figcaption><strong>{caption}</strong> "
                + self.gettext("Worked out by running the rule on every case; “any”: that input does not "
                               "change the outcome.")
                + f'{refused}</figcaption>\n<div class="folio-table-box">\n'
                f'<table class="folio-table folio-decision-table">\n<thead>\n'
                f'<tr><th colspan="{len(inputs)}" scope="colgroup">{if_}</th>'
                f'<th colspan="{len(outcomes)}" scope="colgroup" class="folio-dt-then">{then}</th></tr>\n'
                "<tr>" + "".join(f'<th scope="col">{_e(h)}</th>' for h in inputs)
                + "".join(f'<th scope="col" class="folio-dt-then">{_e(h)}</th>' for h in outcomes)
                + "</tr>\n</thead>\n<tbody>")
            for cells, results in t.rows():
                out.append("\n<tr>" + "".join(('<td class="folio-dt-any">' if any_ else "<td>") + f"{_e(text)}</td>"
                                              for text, any_ in cells)
                           + "".join(f'<td class="folio-dt-then">{_e(text)}</td>' for text in results) + "</tr>")
            out.append("\n</tbody>\n</table>\n</div>\n</figure>")
        return "".join(out)

    def after(self, u) -> str:
        """What follows a unit's own text: its facts, the references no field showed, and
        what refers to it."""
        out = self.glance_box(u.glance)
        loose = [str(ref) for ref in u.unplaced()]
        if loose:
            out += '\n<p class="folio-loose-refs">' + self.gettext("Also refers to:") + " " + ", ".join(loose) + "</p>"
        if u.backlinks:
            out += '\n<p class="folio-backlinks" data-pagefind-ignore>' + self.gettext("Referred to by:") + ",".join(
                f' <a href="{_e(href)}"' + (f' title="{_e(words)}"' if words else "") + f">{_e(name)}</a>"
                for href, name, words in u.backlinks) + "</p>"
        return out

    def body(self, u, groups=None) -> str:
        """The children in order, runs of steps (items ...) as one list, then the decision
        tables: the rule's text first, then the summary of every case."""
        out = []
        for kind, items in u.groups() if groups is None else groups:
            if kind in _ORDERED:
                out.append(f'\n<ol class="folio-run folio-run--{_e(kind)}">' + "".join(items) + "</ol>")
            elif kind == "modifier":
                out.append('\n<ul class="folio-run folio-run--modifier">' + "".join(items) + "</ul>")
            else:
                out.append("\n" + "".join(items))
        return "".join(out) + "\n" + self.decisions(u)

    @staticmethod
    def aliases(u) -> str:
        # the ids the unit had in the edition the site compares with: an old permalink lands here
        return "".join(f'<span id="{_e(old)}" class="folio-alias" aria-hidden="true"></span>' for old in u.aliases)

    def heading(self, u, inner: str) -> str:
        level = u.heading
        return (f'<h{level} id="{_e(u.id)}" class="folio-heading"{self.lang_attr(u)}>{self.aliases(u)}'
                f"{inner}{self.permalink(u)}</h{level}>")

    @staticmethod
    def lead(u) -> str:
        """A numbered or titled block: marker, run-in title, body."""
        title, text = _field(u, "title"), _field(u, "body")
        out = ""
        if u.attrs.get("number"):
            out += f'<span class="folio-marker">{_e(u.attrs["number"])}.</span> '
        elif u.attrs.get("marker"):
            out += f'<span class="folio-marker">{_e(u.attrs["marker"])}</span> '
        if title is not None:
            out += f'<strong class="folio-runin">{title}:</strong> '
        if text is not None:
            out += text
        elif title is None:
            out += _whole(u)
        return out

    def _sectioned(self, u, start: str, inner: str, *, meta: str = "") -> str:
        # a kind shown as a heading: the section, its heading, then notices, facts, children
        return (f"<section {start}>\n{self.heading(u, inner)}{meta}\n{self.notices(u)}\n{self.after(u)}"
                f"\n{self.body(u)}\n</section>")

    def _listed(self, u, before: str = "", extra: str = "") -> str:
        # a list item: its lead in the shown language, then notices, facts, children
        return (f'<li id="{_e(u.id)}" {self.classes(u, extra)}>{self.aliases(u)}{before}'
                f'<span{self.lang_attr(u)}>{self.lead(u)}</span>{self.permalink(u)}\n'
                f'{self.notices(u)}{self.after(u)}{self.body(u)}</li>')

    def _boxed(self, u, tag: str, head: str, extra: str = "") -> str:
        return (f'<{tag} id="{_e(u.id)}" {self.classes(u, extra)}>{self.aliases(u)}{head}\n{self.notices(u)}'
                f"\n{self.after(u)}\n{self.body(u)}\n</{tag}>")

    # -- the kinds ------------------------------------------------------------------------

    def document(self, u) -> str:
        title = _field(u, "title")
        head = f'<p class="folio-doc-title"{self.lang_attr(u)}>{title}</p>' if title is not None else ""
        return f'<div id="{_e(u.id)}" {self.classes(u)}>{head}\n{self.notices(u)}\n{self.body(u)}\n</div>'

    def section(self, u) -> str:
        title = _field(u, "title")
        number, inner = u.attrs.get("number"), ""
        if number:
            inner += f'<span class="folio-number" data-pagefind-weight="10">{_e(number)}</span> '
        inner += title if title is not None else ""
        if u.attrs.get("continued"):
            # the page's words, in a heading that may be marked as the original's language
            inner += (f' <small class="folio-continued" lang="{_e(self.lang)}">'
                      + self.gettext("(continued: the rule begins before this text)") + "</small>")
        events, meta = u.count("event"), ""
        if events:
            years = u.attrs.get("years")
            counted = self.ngettext("%(num)d event", "%(num)d events", events)
            meta = (f'<p class="folio-meta">{counted}'
                    f'{f" · {_e(years)}" if years else ""}</p>')
        return self._sectioned(u, self.classes(u), inner, meta=meta)

    def event(self, u) -> str:
        # "Event 8, period I" inside the heading: a search for «событие 8» lands in this section
        number, period = u.attrs["number"], u.attrs["period"]
        inner = ('<span class="folio-kicker">'
                 + self.gettext("Event %(number)s, period %(period)s", number=number, period=period)
                 + f'</span> <span class="folio-number" data-pagefind-weight="10">{_e(number)}:{_e(period)}</span> '
                 + (_field(u, "title") or _whole(u)))
        heading = self.heading(u, inner)
        facts = ""
        for name, words in (("historical_date", _("Historical date")), ("date_note", _("Historicity")),
                            ("duration", _("Duration"))):
            value = _field(u, name)
            if value is not None:
                facts += f"<dt>{self.gettext(words)}</dt><dd{self.lang_attr(u)}>{value}</dd>"
        occurrences = u.attrs.get("occurrences")
        if occurrences:
            times = self.ngettext("can occur %(num)d time", "can occur %(num)d times", occurrences)
            facts += "<dt>" + self.gettext("Occurrences") + f"</dt><dd>{times}</dd>"
        return (f'<section {self.classes(u)}>\n{heading}\n<dl class="folio-facts">{facts}\n</dl>'
                f"{event_summary.html(u.summary, self)}\n"
                f"{self.notices(u)}\n{self.after(u)}\n{self.body(u)}\n</section>")

    def occurrence(self, u) -> str:
        return self._sectioned(u, self.classes(u), _field(u, "title") or _whole(u))

    def phase(self, u) -> str:
        qualifier = _field(u, "qualifier")
        inner = _field(u, "title") or _whole(u)
        if qualifier is not None:
            inner += f" <small>({qualifier})</small>"
        return self._sectioned(u, self.classes(u, "folio-phase--" + str(u.attrs["key"])), inner)

    def action(self, u) -> str:
        inner = _field(u, "title") or _whole(u)
        if u.attrs.get("cost"):
            cost = self.gettext("Action cost")
            # the side's own words where it has them ("1c за провинцию"), the notation otherwise
            shown = _field(u, "cost") or _e(u.attrs["cost"])
            inner += f' <span class="folio-cost" title="{cost}">{shown}</span>'
        return self._sectioned(u, self.classes(u), inner)

    def precondition(self, u) -> str:
        label = '<span class="folio-label" data-pagefind-ignore>' + self.gettext("Condition") + "</span> "
        return self._listed(u, label)

    def effect(self, u) -> str:
        return self._listed(u)

    def step(self, u) -> str:
        return self._listed(u)

    def item(self, u) -> str:
        return self._listed(u, extra="folio-item--numbered" if u.attrs.get("number") else "")

    def modifiers(self, u) -> str:
        return self._boxed(u, "div", f"\n<p{self.lang_attr(u)}>{_field(u, 'body') or _whole(u)}{self.permalink(u)}</p>")

    def modifier(self, u) -> str:
        value = u.attrs.get("value")
        shown = _e(f"{value:+d}") if value is not None else ""
        return (f'<li id="{_e(u.id)}" {self.classes(u)}>{self.aliases(u)}<span class="folio-modifier-value">{shown}'
                f"</span> <span{self.lang_attr(u)}>{_field(u, 'body') or _whole(u)}</span>{self.permalink(u)}\n"
                f"{self.notices(u)}{self.after(u)}{self.decisions(u)}</li>")

    def procedure(self, u) -> str:
        title, intro = _field(u, "title"), _field(u, "body")
        head = ""
        if title is not None:
            head += (f'<p class="folio-procedure-title"{self.lang_attr(u)}><strong>{title}</strong>'
                     f"{self.permalink(u)}</p>")
        if intro is not None:
            head += f"<p{self.lang_attr(u)}>{intro}{self.permalink(u) if title is None else ''}</p>"
        return self._boxed(u, "div", head)

    def list(self, u) -> str:
        title, intro = _field(u, "title"), _field(u, "body")
        head = f"<p{self.lang_attr(u)}><strong>{title}:</strong></p>" if title is not None else ""
        head += f"<p{self.lang_attr(u)}>{intro}</p>" if intro is not None else ""
        return self._boxed(u, "div", head)

    def example(self, u) -> str:
        title = _field(u, "title") or self.gettext("Example")
        head = (f'\n<p{self.lang_attr(u)}><strong class="folio-box-title">{title}'
                f"</strong>{self.permalink(u)}</p>")
        text = _field(u, "body")
        if text is not None:
            head += f"<p{self.lang_attr(u)}>{text}</p>"
        return self._boxed(u, "aside", head, "folio-box")

    def note(self, u) -> str:
        title, text = _field(u, "title"), _field(u, "body")
        shown = f'<strong class="folio-box-title">{title}:</strong> ' if title is not None else ""
        if text is not None:
            shown += text
        elif title is None:
            shown += _whole(u)
        return self._boxed(u, "aside", f"\n<p{self.lang_attr(u)}>{shown}{self.permalink(u)}</p>",
                           "folio-box folio-note--" + str(u.attrs.get("role") or "note"))

    def footnote(self, u) -> str:
        return (f'<p id="{_e(u.id)}" {self.classes(u)}>{self.aliases(u)}<span class="folio-marker">'
                f'{_e(u.attrs.get("marker") or "")}</span> <span{self.lang_attr(u)}>{_field(u, "body") or _whole(u)}'
                f"</span>{self.permalink(u)}</p>\n{self.notices(u)}{self.after(u)}{self.decisions(u)}")

    def paragraph(self, u) -> str:
        return (f'<div id="{_e(u.id)}" {self.classes(u)}>{self.aliases(u)}\n<p{self.lang_attr(u)}>{self.lead(u)}'
                f"{self.permalink(u)}</p>\n{self.notices(u)}\n{self.after(u)}\n{self.decisions(u)}\n</div>")

    def table(self, u) -> str:
        head = "".join(f"<th>{cell}</th>" for cell in _cells(u, "header"))
        groups = u.groups()
        rows = "".join("".join(items) for kind, items in groups if kind == "row")
        others = "".join("".join(items) for kind, items in groups if kind != "row")
        # a row is a line of the table: the facts of its rows are said under the table
        return (f'<div id="{_e(u.id)}" {self.classes(u)}>{self.aliases(u)}\n{self.notices(u)}\n'
                f'<div class="folio-table-box">\n<table class="folio-table"{self.lang_attr(u)}>\n'
                f"<thead><tr>{head}</tr></thead>\n<tbody>{rows}\n</tbody>\n</table>\n</div>\n"
                f"{self.glance_box(u.rows_glance)}{others}\n{self.after(u)}\n{self.decisions(u)}\n</div>")

    def row_problem(self, u) -> str:
        """Why a malformed row does not fit its table, in the page's language."""
        problem = RowProblem(u.attrs["problem"])
        if problem == RowProblem.EMPTY:
            return self.gettext("the row has no cells")
        if problem == RowProblem.CELL_COUNT:
            cells = len(_cells(u, "cells"))
            return self.ngettext("%(num)d cell where the header has %(columns)d",
                                 "%(num)d cells where the header has %(columns)d", cells,
                                 columns=u.attrs["header_cells"])
        raise ValueError(f"{u.id}: no words for the row problem {problem}")

    def row(self, u) -> str:
        cells = _cells(u, "cells")
        if u.attrs.get("malformed"):
            problem = self.row_problem(u) if u.attrs.get("problem") else None
            malformed = self.gettext("Malformed row")
            said = self.gettext("Malformed row: %(problem)s", problem=Markup(problem)) if problem else malformed
            return (f'\n<tr id="{_e(u.id)}" {self.classes(u, "folio-malformed")} title="{said}">\n'
                    f'<td colspan="{max(len(cells), 1)}">{self.aliases(u)}'
                    f'<span class="folio-label folio-label--warning" data-pagefind-ignore>{said}'
                    f'</span> {" | ".join(cells)}{self.permalink(u)}</td>\n</tr>')
        shown = "".join(f"<td>{self.aliases(u) if n == 0 else ''}{cell}"
                        f"{self.permalink(u) if n == len(cells) - 1 else ''}</td>" for n, cell in enumerate(cells))
        return f'\n<tr id="{_e(u.id)}" {self.classes(u)}>{shown}</tr>'
