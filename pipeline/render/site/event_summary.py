"""An event in short: when in the turn it acts, whom it names, what it changes and how long, in
one small table under the event's heading (issue 26), made from the rule facts of its parts.

The event's text says each fact where it applies, one sentence at a time: the table brings
together what those sentences spread over the event, so a row is shown only where the facts of
two parts or more fill it (one part's facts are said, in one place, by its own sentence). Every
value is in the page's language and in the words the texts use: the phase as the catalog names
the text's headings, a power as the text writes its tag, a quantity by the glossary's term, a
span of time as the fact's quoted wording. A value with no words in the page's language is left
out, never shown in another; a fact's id is never shown.

The event's own facts (its duration, how often it occurs) are the heading's, said there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from babel.lists import format_list
from markupsafe import escape

from ...core.diagnostics import _
from ...core.labels import PHASES
from ...core.model import Corpus, Kind, Lang, Unit
from ...language.abbreviations import uses
from ...language.termbase import Abbreviation, Concept, Termbase
from ...language.tokens import lemmas
from ...rules.facts import Fact

#: the rows, in the order a player asks: the label of each, from the catalogs
ROWS = {"when": _("When"), "who": _("Who"), "changes": _("What changes"), "how-long": _("How long")}
#: the phase blocks that are phases of a turn: when in the turn a fact applies (the others,
#: "Lasting effects", "General consequences", a country's consequences, name no time)
TURN_PHASES = ("events-phase", "diplomacy-phase", "administration-phase", "movement-phase",
               "military-phase", "interphase")
#: a power as the texts write it: its tag in capitals (FRA, SPA); a list of other things (the
#: electorates' symbols, event numbers) names no one
_TAG = re.compile(r"^[A-Z]{2,4}$")
#: a measure that counts time: a fact of it says how long ("2 turns"), not what changes; "per
#: turn" is a rate
_TIME = re.compile(r"\bturns?\b", re.I)
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")


@dataclass(frozen=True)
class Value:
    text: str
    #: what an abbreviation stands for, in the page's language: the tag's tooltip
    title: str | None = None
    #: the blocks of the event the value is said in, where they name someone ("France"): a span
    #: of time is read with whose it is
    whose: tuple[str, ...] = ()


@dataclass(frozen=True)
class Row:
    key: str  # a key of ROWS
    values: tuple[Value, ...]
    units: tuple[str, ...]  # the parts of the event whose facts fill it, in order


@dataclass
class _Found:
    value: str
    title: str | None
    units: list[str] = field(default_factory=list)
    whose: list[str] = field(default_factory=list)


def rows(event: Unit, corpus: Corpus, facts_of: Callable[[str], list[Fact]], lang: str,
         gettext: Callable[[str], str], terms: Terms | None,
         abbreviations: Mapping[str, Abbreviation]) -> list[Row]:
    """The rows of ``event``'s summary the page shows: each filled by the facts of two of its
    parts or more, with two values or more (one value in one place is its sentence's, or its
    heading's). ``abbreviations``: the rulebook's, explained in ``lang``."""
    found: dict[str, dict[str, _Found]] = {key: {} for key in ROWS}  # key -> folded value -> found
    game = event.id.split(":", 1)[0]
    for unit, fact in _facts(event, corpus, facts_of):
        block = _block(unit, corpus, event, gettext)
        for key, value, title in _said(unit, fact, corpus, event, lang, gettext, terms, game, abbreviations):
            seen = found[key].setdefault(value.casefold(), _Found(value, title))
            seen.units.append(unit.id)
            if block is not None and block not in seen.whose:
                seen.whose.append(block)
    shown = []
    for key, values in found.items():
        units = tuple(dict.fromkeys(u for seen in values.values() for u in seen.units))
        if len(units) >= 2 and len(values) >= 2:
            shown.append(Row(key, tuple(Value(seen.value, seen.title, tuple(seen.whose) if key == "how-long" else ())
                                        for seen in values.values()), units))
    return shown


def html(shown: list[Row], macros) -> str:
    """The summary as the page shows it: a line a phone keeps folded ("In short: who, what
    changes"), opening on a two-column table; every value escaped, a tag with its expansion as
    its tooltip. ``macros``: the page's unit_html.UnitHtml (its catalogs and language)."""
    if not shown:
        return ""
    names = [macros.gettext(ROWS[row.key]) for row in shown]
    head = macros.gettext("In short: %(rows)s", rows=", ".join(names).lower())
    out = [f'\n<details class="folio-event-summary" data-pagefind-ignore>\n<summary>{head}</summary>\n'
           '<table class="folio-event-summary-table">\n<tbody>']
    for row, name in zip(shown, names, strict=True):
        out.append(f'\n<tr data-folio-row="{_e(row.key)}"><th scope="row">{_e(name)}</th>'
                   f"<td>{_cell(row, macros.lang)}</td></tr>")
    out.append("\n</tbody>\n</table>\n</details>")
    return "".join(out)


def _cell(row: Row, lang: str) -> str:
    if row.key == "how-long":  # each span with whose it is: "until the end of period III (France, England)"
        return _e(_sentence_case("; ".join(
            value.text + (f" ({', '.join(value.whose)})" if value.whose else "") for value in row.values)))
    items = [f'<abbr title="{_e(value.title)}">{_e(value.text)}</abbr>' if value.title else _e(value.text)
             for value in row.values]
    # joined as the page's language joins a list ("a, b и c"), the first word capitalised
    marks = [f"\x00{n}\x00" for n in range(len(items))]
    joined = _e(format_list(marks, locale=lang))
    for mark, item in zip(marks, items, strict=True):
        joined = joined.replace(mark, item)
    return _capitalised_markup(joined)


def _capitalised_markup(markup: str) -> str:
    # the first letter outside a tag
    at = re.search(r"(?:^|>)([^<>])", markup)
    if at is None:
        return markup
    return markup[:at.start(1)] + markup[at.start(1)].upper() + markup[at.start(1) + 1:]


def _sentence_case(text: str) -> str:
    return text[:1].upper() + text[1:]


def _e(value) -> str:
    return str(escape(value))


def _facts(event: Unit, corpus: Corpus, facts_of: Callable[[str], list[Fact]]) -> Iterator[tuple[Unit, Fact]]:
    # in the order of the text: the event's parts, depth first
    for child in corpus.children(event):
        for fact in facts_of(child.id):
            yield child, fact
        yield from _facts(child, corpus, facts_of)


def _said(unit: Unit, fact: Fact, corpus: Corpus, event: Unit, lang: str, gettext, terms: Terms | None,
          game: str, abbreviations: Mapping[str, Abbreviation]) -> Iterator[tuple[str, str, str | None]]:
    """(row, value, tooltip) of what one fact says."""
    phase = _turn_phase(unit, corpus, event)
    if phase is not None:
        yield "when", gettext(PHASES[phase]), None
    if fact.type == "list" and isinstance(fact.value, tuple):
        words = set(re.findall(r"\w+", " ".join(fact.wording.get(lang, ()))))
        for tag in fact.value:
            if _TAG.match(tag) and tag in words:  # as the text on this page writes it
                known = abbreviations.get(tag)
                yield "who", tag, known.expansion if known is not None and _in(known.expansion, lang) else None
    if fact.measure and fact.type in ("number", "range"):
        if _TIME.search(fact.measure) and not fact.measure.lower().startswith("per "):
            yield from (("how-long", words, None) for words in _part_of_sentence(unit, fact, lang))
        else:
            yield from (("changes", term, None) for term in _terms(fact, lang, terms, game, abbreviations))
    if fact.type == "period":
        yield from (("how-long", words, None) for words in _part_of_sentence(unit, fact, lang))


def _block(unit: Unit, corpus: Corpus, event: Unit, gettext) -> str | None:
    """The name of the block inside a block the unit is in (a country's consequences: "France")."""
    for here in (unit, *corpus.ancestors(unit)):
        if here.id == event.id:
            return None
        parent = corpus.units.get(here.parent) if here.parent else None
        if here.kind == Kind.PHASE and parent is not None and parent.kind == Kind.PHASE \
                and here.attrs.get("key") in PHASES:
            return gettext(PHASES[str(here.attrs["key"])])
    return None


def _turn_phase(unit: Unit, corpus: Corpus, event: Unit) -> str | None:
    for here in (unit, *corpus.ancestors(unit)):
        if here.id == event.id:
            return None
        if here.kind == Kind.PHASE and here.attrs.get("key") in TURN_PHASES:
            return str(here.attrs["key"])
    return None


def _part_of_sentence(unit: Unit, fact: Fact, lang: str) -> list[str]:
    """The fact's quoted words in ``lang`` where they are a phrase of the unit's sentence ("until
    the end of period III"), not the sentence itself: a whole sentence is said above already."""
    side = unit.sides.get(lang)
    if side is None:
        return []
    whole = _bare(side.fields.get("body") or side.text)
    return [words.strip(" ().;,") for words in fact.wording.get(lang, ())
            if _bare(words) and _bare(words) != whole and len(_bare(words)) < 0.6 * len(whole)]


def _terms(fact: Fact, lang: str, terms: Terms | None, game: str,
           abbreviations: Mapping[str, Abbreviation]) -> list[str]:
    """The glossary's term, in ``lang``, for each quantity the fact's measure counts ("Stab
    lost": stability; "COL/TP placement actions": colony, trading post)."""
    measure = fact.measure or ""
    concept = terms.concept(measure, game) if terms is not None else None
    if concept is not None:
        term = next(iter(concept.approved(game, lang)), None)
        return [term] if term and _in(term, lang) else []
    # a one-letter abbreviation is a unit after its number, as the texts write it: 50d
    written = f"1{measure}" if len(measure) == 1 else f"1 {measure}"
    found = [abbr.expansion for _start, _end, abbr in uses(written, Lang.EN, abbreviations)]
    if not found and terms is not None:
        concepts = [terms.concept(word, game) for word in measure.split()]
        found = [next(iter(c.approved(game, lang)), None) for c in concepts if c is not None]
    return [term for term in found if term and _in(term, lang)]


class Terms:
    """The glossary's concepts by their English terms, matched by lemma ("revolts" is the term
    "revolt"): indexed once per site, since every measure of every event is looked up."""

    def __init__(self, termbase: Termbase):
        self.termbase = termbase
        self._by_first: dict[tuple[int, str], list[tuple[Concept, list[frozenset[str]]]]] | None = None
        self._found: dict[tuple[str, str], Concept | None] = {}

    def _index(self) -> dict[tuple[int, str], list[tuple[Concept, list[frozenset[str]]]]]:
        # on the first look-up: a site without events never lemmatises the glossary
        if self._by_first is None:
            self._by_first = {}
            for concept in self.termbase.concepts:
                for term in concept.terms.get(Lang.EN, ()):
                    words = _words(term)
                    for key in words[0] if words else ():
                        self._by_first.setdefault((len(words), key), []).append((concept, words))
        return self._by_first

    def concept(self, words: str, game: str) -> Concept | None:
        if (words, game) not in self._found:
            said = _words(words)
            index = self._index()
            candidates = [c for key in (said[0] if said else ()) for c in index.get((len(said), key), ())]
            self._found[words, game] = next((concept for concept, term in candidates
                                             if concept.applies(game) and _same(said, term)), None)
        return self._found[words, game]


def _words(text: str) -> list[frozenset[str]]:
    return [token.keys for token in lemmas(text, Lang.EN) if token.is_word]


def _same(one: list[frozenset[str]], other: list[frozenset[str]]) -> bool:
    return len(one) == len(other) and all(a & b for a, b in zip(one, other, strict=True))


def _in(text: str | None, lang: str) -> bool:
    """Whether ``text`` is written in ``lang``'s script: never an English word on a Russian page."""
    return bool(text) and bool(_CYRILLIC.search(text or "")) == (lang == Lang.RU)


def _bare(text: str) -> str:
    return re.sub(r"[\W_]+", " ", text.casefold()).strip()
