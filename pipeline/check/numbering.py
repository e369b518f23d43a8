"""Numbering: sequences that skip, repeat, restart or start wrong; headings and sub-items that
are not written the way the rest of their document writes them.

Numbers are compared among siblings (the effects of one phase block, the steps of one
procedure, the items of one list), events within their period and rule sections within their
document. Conventions (a heading's separator, a sub-item's indentation) are whatever most of
the document does: the minority is reported, so a document that is consistently unusual is
left alone.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Kind, Unit
from .base import CheckContext, Code, Text, Word, _, at, text

GAP = Code("num-gap", Severity.ERROR, "a numbered sequence skips a number (1, 2, 4)")
ORDER = Code("num-order", Severity.ERROR,
             "a number not higher than the one before it: out of sequence, repeated or restarted")
START = Code("num-start", Severity.WARNING, "a sequence starts at a number other than 1 (or `a`)")
HEADING_STYLE = Code("num-heading-style", Severity.WARNING,
                     "a heading's number written differently from the document's other headings")
INDENT = Code("num-indent", Severity.WARNING,
              "a sub-item indented differently from the document's other sub-items of its level")
CODES = [GAP, ORDER, START, HEADING_STYLE, INDENT]

NUMBERED = (Kind.EFFECT, Kind.PRECONDITION, Kind.STEP, Kind.ITEM)
NOUN = {Kind.EFFECT: _("effect"), Kind.PRECONDITION: _("precondition"), Kind.STEP: _("step"),
        Kind.ITEM: _("item"), Kind.EVENT: _("event"), Kind.SECTION: _("section")}
NOUNS = {Kind.EFFECT: _("effects"), Kind.PRECONDITION: _("preconditions"), Kind.STEP: _("steps"),
         Kind.ITEM: _("items")}
WHY_ORDER = {"twice": _("the number is used twice"), "again": _("the numbering starts again"),
             "sequence": _("out of sequence")}
STYLE_SHOWN = {":": "`N: TITLE`", ".": "`N. TITLE`"}


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    yield from _sibling_sequences(ctx)
    yield from _events(ctx)
    yield from _sections(ctx)
    yield from _heading_styles(ctx)
    yield from _indentation(ctx)


def ordinal(number: str) -> int | None:
    """1 for `1` and for `a`; None for what is not a plain number or letter."""
    if number.isdigit():
        return int(number)
    if len(number) == 1 and number.isalpha():
        return ord(number.lower()) - ord("a") + 1
    return None


def _others(count: int, noun: str) -> Text:
    if count == 1:
        return text(_("the other %(noun)s"), noun=Word(noun))
    return text(_("the other %(count)s %(noun)s"), count=count, noun=Word(noun))


def _label(number: int, letters: bool) -> str:
    return chr(ord("a") + number - 1) if letters else str(number)


def _sequences(ctx: CheckContext, parent: Unit) -> dict[tuple, list[Unit]]:
    """The numbered children of ``parent``, one list per kind and numbering (digits, letters)."""
    found: dict[tuple, list[Unit]] = defaultdict(list)
    for child in ctx.corpus.children(parent):
        if child.kind in NUMBERED and ordinal(child.attrs.get("number", "")) is not None:
            found[(child.kind, child.attrs["number"].isalpha())].append(child)
    return found


# The parsers give every unit its source side first (a translation is attached later), so
# unit.side() below is the text the numbering was read from.
def _number_offset(unit: Unit) -> int:
    text = unit.side().text
    return len(text) - len(text.lstrip())


def _sibling_sequences(ctx: CheckContext) -> Iterator[Diagnostic]:
    starts: Counter = Counter()  # (document, kind, letters) -> sequences that start at 1
    late: list[tuple] = []
    for parent in ctx.corpus.units.values():
        for (kind, letters), units in _sequences(ctx, parent).items():
            # _sequences keeps only the units whose number is a plain number or letter
            numbers = [n for u in units if (n := ordinal(u.attrs["number"])) is not None]
            if numbers[0] == 1:
                starts[(parent.document, kind, letters)] += 1
            else:
                late.append((parent, kind, letters, units, numbers))
            yield from _walk(units, numbers, letters, NOUN[kind])
    for parent, kind, letters, units, numbers in late:
        yield _late_start(ctx, parent, kind, letters, units[0], numbers[0],
                          starts[(parent.document, kind, letters)])


def _walk(units: list[Unit], numbers: list[int], letters: bool, name: str) -> Iterator[Diagnostic]:
    noun = Word(name)
    for previous, (unit, number) in zip(numbers, list(zip(units, numbers, strict=False))[1:], strict=False):
        side = unit.side()
        shown, before = _label(number, letters), _label(previous, letters)
        if number == previous + 1:
            continue
        if number > previous:
            missing = ", ".join(_label(n, letters) for n in range(previous + 1, number))
            yield at(GAP, unit, side, _number_offset(unit),
                     text(_("%(noun)s %(number)s follows %(noun)s %(before)s: %(missing)s is missing"),
                          noun=noun, number=shown, before=before, missing=missing),
                     suggestion=_label(previous + 1, letters))
        else:
            why = WHY_ORDER["twice" if number == previous else "again" if number == 1 else "sequence"]
            yield at(ORDER, unit, side, _number_offset(unit),
                     text(_("%(noun)s %(number)s comes after %(noun)s %(before)s: %(why)s"),
                          noun=noun, number=shown, before=before, why=Word(why)),
                     suggestion=None if why == WHY_ORDER["sequence"] else _label(previous + 1, letters))


def _late_start(ctx: CheckContext, parent: Unit, kind: Kind, letters: bool, first: Unit,
                number: int, others_at_one: int) -> Diagnostic:
    noun, shown = NOUN[kind], _label(number, letters)
    block = parent.field("title") or parent.side().text.split("\n")[0].strip() or parent.id
    continued: Text | str = ""
    previous = _previous_block(ctx, parent)
    if previous is not None:
        earlier = _sequences(ctx, previous).get((kind, letters))
        last = ordinal(earlier[-1].attrs["number"]) if earlier else None
        title = previous.field("title") or previous.side().text.split("\n")[0].strip()
        if last == number - 1:
            continued = text(_(": they continue the numbering of the previous block `%(previous)s` "
                               "(line %(line)s), which ends at %(last)s"),
                             previous=title, line=previous.side().line_start, last=_label(last, letters))
        else:
            continued = text(_(", and do not continue the previous block `%(previous)s`"), previous=title)
    others = text(_("; %(others)s sequence(s) of this document start at 1"),
                  others=_others(others_at_one, noun)) if others_at_one else ""
    message = text(_("the %(nouns)s of `%(block)s` start at %(first)s, not at %(one)s%(continued)s%(others)s"),
                   nouns=Word(NOUNS[kind]), block=block, first=shown, one=_label(1, letters),
                   continued=continued, others=others)
    return at(START, first, first.side(), _number_offset(first), message,
              suggestion=text(_("renumber from %(first)s, or merge the block into the previous one if "
                                "the numbering is meant to run on"), first=_label(1, letters)))


def _previous_block(ctx: CheckContext, unit: Unit) -> Unit | None:
    if unit.parent is None:
        return None
    siblings = ctx.corpus.children(ctx.corpus.units[unit.parent], unit.kind)
    index = siblings.index(unit)
    return siblings[index - 1] if index > 0 else None


def _events(ctx: CheckContext) -> Iterator[Diagnostic]:
    periods: dict[tuple, list[Unit]] = defaultdict(list)
    for event in ctx.corpus.of_kind(Kind.EVENT):
        periods[(event.document, event.attrs.get("period"))].append(event)
    for events in periods.values():
        numbers = [int(e.attrs["number"]) for e in events]
        yield from _walk(events, numbers, False, "event")


def _rule_number(text: str) -> tuple[int, ...] | None:
    return tuple(int(p) for p in text.split(".")) if re.fullmatch(r"\d+(?:\.\d+)*", text) else None


def _sections(ctx: CheckContext) -> Iterator[Diagnostic]:
    by_document: dict[str, list[tuple[Unit, tuple[int, ...]]]] = defaultdict(list)
    for section in ctx.corpus.of_kind(Kind.SECTION):
        number = _rule_number(section.attrs.get("number", ""))
        if number:
            by_document[section.document].append((section, number))
    for sections in by_document.values():
        for (_section, before), (unit, number) in itertools.pairwise(sections):
            expected = [(*before, 1)] + [(*before[:k], before[k] + 1) for k in range(len(before))]
            shown, prior = ".".join(map(str, number)), ".".join(map(str, before))
            side = unit.side()
            if number in expected:
                continue
            if number <= before:
                yield at(ORDER, unit, side, _number_offset(unit),
                         text(_("section %(number)s comes after section %(before)s: %(why)s"),
                              number=shown, before=prior,
                              why=Word(_("the number is used twice") if number == before else _("out of order"))))
            else:
                options = " or ".join(".".join(map(str, e)) for e in reversed(expected))
                yield at(GAP, unit, side, _number_offset(unit),
                         text(_("section %(number)s follows section %(before)s: expected %(options)s"),
                              number=shown, before=prior, options=options))


def _heading_styles(ctx: CheckContext) -> Iterator[Diagnostic]:
    groups: dict[tuple, list[Unit]] = defaultdict(list)
    for unit in ctx.corpus.units.values():
        if unit.kind in (Kind.EVENT, Kind.SECTION) and unit.attrs.get("heading_style"):
            groups[(unit.document, unit.kind)].append(unit)
    for units in groups.values():
        styles = Counter(u.attrs["heading_style"] for u in units)
        if len(styles) < 2:
            continue
        usual, count = styles.most_common(1)[0]  # a tie keeps the style met first
        examples = ", ".join(str(u.attrs.get("number")) for u in units
                             if u.attrs["heading_style"] == usual)
        for unit in units:
            style = unit.attrs["heading_style"]
            if style != usual:
                yield _style_finding(unit, style, usual, count, examples)


def _style_finding(unit: Unit, style: str, usual: str, count: int, examples: str) -> Diagnostic:
    side = unit.side()
    heading = side.text.split("\n")[0]
    number = str(unit.attrs.get("number"))
    offset = heading.find(number) + len(number)
    fixed = _restyle(heading.strip(), number, style, usual)
    return at(HEADING_STYLE, unit, side, max(offset, 0),
              text(_("%(kind)s heading written %(style)s, while %(others)s heading(s) of this document "
                     "are written %(usual)s (%(examples)s)"),
                   kind=Word(NOUN[unit.kind]), style=_shown(style, number),
                   others=_others(count, NOUN[unit.kind]), usual=_shown(usual, number), examples=examples),
              suggestion=fixed)


def _shown(style: str, number: str) -> str:
    """`N: TITLE` for an event style; the section's own number in a section style."""
    return STYLE_SHOWN.get(style) or f"`{style.replace('{number}', number).replace('{title}', '…')}`"


def _restyle(heading: str, number: str, style: str, usual: str) -> str | None:
    rest = heading[heading.find(number) + len(number):].lstrip(":. ")
    if style in STYLE_SHOWN and usual in STYLE_SHOWN:
        return f"{number}{usual} {rest}"
    if "{number}" in usual and "{title}" in usual:
        title = rest.removesuffix("#").strip() if usual.endswith("#") else rest
        return usual.replace("{number}", number).replace("{title}", title)
    return None


def _indentation(ctx: CheckContext) -> Iterator[Diagnostic]:
    groups: dict[tuple, list[tuple[Unit, int]]] = defaultdict(list)
    for unit in ctx.corpus.units.values():
        if unit.kind not in NUMBERED or ordinal(unit.attrs.get("number", "")) is None:
            continue
        parent = ctx.corpus.units.get(unit.parent or "")
        if parent is None or parent.kind != unit.kind:
            continue  # only sub-items: top-level items follow their block, not a sibling
        line = unit.side().text.split("\n")[0].expandtabs(4)
        groups[(unit.document, unit.kind, unit.attrs["number"].isalpha())].append(
            (unit, len(line) - len(line.lstrip())))
    for units in groups.values():
        indents = Counter(indent for _unit, indent in units)
        usual, count = indents.most_common(1)[0]
        if len(indents) < 2 or count < 3 or count * 3 < len(units) * 2:
            continue  # no clear convention to hold the others to
        example = next(u for u, i in units if i == usual).side().line_start
        for unit, indent in units:
            if indent != usual:
                number = unit.attrs["number"]
                how = (text(_("not indented")) if indent == 0
                       else text(_("indented by %(spaces)s spaces"), spaces=indent))
                yield at(INDENT, unit, unit.side(), 0,
                         text(_("sub-item `%(marker)s` is %(how)s, while %(others)s(s) of its level in "
                                "this document are indented by %(spaces)s spaces (e.g. line %(line)s)"),
                              marker=f"{number}.", how=how, others=_others(count, _("sub-item")),
                              spaces=usual, line=example),
                         suggestion=text(_("indent it by %(spaces)s spaces"), spaces=usual))
