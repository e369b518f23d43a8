""""Ask the rules": a rule's every answer (pipeline/rules/ask.py) as a small form on its page.

A player picks each input from a list; templates/site/assets/folio-ask.js finds the answer
among those the build worked out and shows it. No server and no rule logic in the browser: each
distinct outcome is rendered here, escaped, in the page's language, as a hidden block, and the
form carries only which block answers which combination (``data-folio-answers``, one number
per combination, ``-`` where the rule refuses it). The page opens on the answer to the first
case of every input, so it reads the same without the script.

The words are the decision tables' (pipeline/games/<game>/table_words.py, through the
catalogs): an input, a value or a result with no words is refused when the site is rendered,
as a decision table's is. A result that is a text or a list of texts (fact ids, grounds) is
left to the citations, which name the same facts in the page's language.
"""

from __future__ import annotations

import enum
import types
import typing
from typing import Any, get_args, get_origin

from markupsafe import escape

from ...rules.ask import Answers
from ...rules.decision_tables import DecisionTable
from ...rules.inputs import plain
from ...rules.registry import RULES, Outcome
from .rule_words import TableWords


def _e(value) -> str:
    return str(escape(value))


class AskWords:
    """One rule's answers with the words of one page language."""

    def __init__(self, made: Answers, gettext):
        self.made = made
        self.shown = shown_results(made)
        # the decision table's words, checked the same way: none missing for what is shown
        self.words = TableWords(DecisionTable(made.rule, made.unit, made.columns, self.shown, (), 0), gettext)

    def inputs(self) -> list[tuple[str, list[str]]]:
        """Each input's heading and the words of its cases, in the rule's order."""
        return [(heading, [self.words.case_words(case) for case in column.cases])
                for heading, column in zip(self.words.inputs(), self.made.columns, strict=True)]

    def results(self, outcome: Outcome) -> list[tuple[str, str]]:
        return [(heading, self.words.value_words(getattr(outcome.result, name)))
                for heading, name in zip(self.words.outcomes(), self.shown, strict=True)]


def shown_results(made: Answers) -> tuple[str, ...]:
    """The result fields a player reads: those of a kind the table words give (truth values,
    numbers, named values) that say something in some answer."""
    rule = RULES[made.rule]
    hints = typing.get_type_hints(rule.result)
    results = [plain(o.result) for o in made.outcomes]
    shown = []
    for item in rule.results():
        if _is_text(hints[item.name]):
            continue
        if len({repr(r[item.name]) for r in results}) > 1 or any(r[item.name] for r in results):
            shown.append(item.name)
    return tuple(shown)


def _is_text(tp: Any) -> bool:
    origin, args = get_origin(tp), get_args(tp)
    if origin is tuple:
        return _is_text(args[0])
    if origin in (typing.Union, types.UnionType):
        return all(_is_text(a) for a in args if a is not type(None))
    return tp is str or (isinstance(tp, type) and not issubclass(tp, (enum.Enum, int)) and tp is not bool)


def render(u, html) -> str:
    """The forms of the rules the unit ``u`` implements (``u.asks``: :class:`AskWords`);
    ``html`` is the page's UnitHtml (its catalogs)."""
    return "".join(_form(u, html, asked) for asked in u.asks)


def _form(u, html, asked: AskWords) -> str:
    made = asked.made
    title, hint = html.gettext("Ask the rules"), html.gettext(
        "Pick the inputs: the answer is the rule run on them when this site was built, with the words "
        "of the text it rests on.")
    answers = " ".join("-" if a is None else str(a) for a in made.answers)
    out = [f'\n<section class="folio-ask" data-folio-ask="{_e(made.rule)}" id="ask-{_e(made.rule)}" '
           f'data-folio-strides="{" ".join(map(str, made.strides()))}" '
           f'data-folio-answers="{answers}" data-pagefind-ignore>\n'
           f'<p class="folio-ask-title"><strong>{title}</strong> {hint}</p>\n<div class="folio-ask-inputs">']
    for n, (heading, cases) in enumerate(asked.inputs()):
        out.append(f'\n<label class="folio-ask-input"><span>{_e(heading)}</span> '
                   f'<select data-folio-ask-input="{n}">'
                   + "".join(f'<option value="{i}">{_e(words)}</option>' for i, words in enumerate(cases))
                   + "</select></label>")
    out.append('\n</div>\n<div class="folio-ask-answers" aria-live="polite">')
    first = made.answers[0]
    for n, outcome in enumerate(made.outcomes):
        out.append(_answer(u, html, asked, n, outcome, shown=n == first))
    out.append(f'\n<div class="folio-ask-answer folio-ask-refused" data-folio-answer="-"'
               f'{"" if first is None else " hidden"}><p>'
               + html.gettext("The rule does not take these inputs together: the text rules this case out.")
               + "</p></div>\n</div>\n</section>")
    return "".join(out)


def _answer(u, html, asked: AskWords, n: int, outcome: Outcome, *, shown: bool) -> str:
    ctx = u.ctx
    out = [f'\n<div class="folio-ask-answer" data-folio-answer="{n}"{"" if shown else " hidden"}>\n'
           '<dl class="folio-ask-result">']
    for heading, value in asked.results(outcome):
        out.append(f"<div><dt>{_e(heading)}</dt><dd>{_e(value)}</dd></div>")
    out.append("</dl>\n<p class='folio-ask-because'>" + html.gettext("Because the text says:") + "</p>\n<ul>")
    for citation in outcome.because:
        unit = ctx.corpus.units.get(citation.unit)
        link = (f' — <a href="{_e(ctx.backlink_href(citation.unit))}">{_e(ctx.label(unit))}</a>'
                if unit is not None else "")
        words = citation.wording or {}
        said = words.get(html.lang) or next(iter(words.values()), "")
        marked = "" if html.lang in words or not said else f' lang="{_e(next(iter(words)))}"'
        quoted = f"<q{marked}>{_e(said)}</q>" if said else ""
        out.append(f"\n<li>{quoted}{link}</li>")
    out.append("\n</ul>")
    for reading in outcome.readings:
        if html.lang in reading.translations:
            taken, other = reading.translations[html.lang]
        else:
            taken, other = reading.reading, reading.alternative
        out.append('\n<p class="folio-ask-reading">' + html.gettext(
            "The words read two ways. The rules take: %(reading)s. The other reading: %(alternative)s.",
            reading=html.in_language(taken, html.lang if html.lang in reading.translations else "en"),
            alternative=html.in_language(other, html.lang if html.lang in reading.translations else "en"))
            + "</p>")
    out.append("\n</div>")
    return "".join(out)

