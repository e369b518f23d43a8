"""The tree builder every parser drives: an open-unit stack, id assignment and line ownership.

A parser decides *what* a line is and *where* it goes; the builder does the bookkeeping that
must be identical for every format: ids from numbering (never from line numbers), one owner
per line, spans, and validation against :data:`pipeline.core.model.KINDS`.

Id scheme (the manual, docs/manual/getting-started/model.md, "Unit ids"): a numbered rule or
event gets an absolute id in its rulebook's
namespace (``his:21.4``, ``eu-risto:8:I``); any other unit gets its parent's id plus a segment,
either the unit's own number or letter (``step-3``, ``a``) or ``<kind>-<n>``, the n-th unit of
that kind under the same parent (``para-2``).
"""

from __future__ import annotations

import bisect
from collections import Counter
from typing import Any

from ..core.characters import Shaped, structural, unusual
from ..core.errors import FolioError
from ..core.model import KINDS, Document, Kind, Side, Unit
from ..read.reader import Source
from .line_shapes import item_marker

#: Segment prefix for units that carry no number of their own.
ORDINAL_PREFIX: dict[Kind, str] = {
    Kind.SECTION: "sec", Kind.PARAGRAPH: "para", Kind.LIST: "list", Kind.ITEM: "item",
    Kind.NOTE: "note", Kind.EXAMPLE: "example", Kind.TABLE: "table", Kind.ROW: "row",
    Kind.PROCEDURE: "proc", Kind.FOOTNOTE: "footnote", Kind.MODIFIER: "mod",
    Kind.MODIFIERS: "modifiers", Kind.ACTION: "action", Kind.OCCURRENCE: "occ",
    Kind.PHASE: "block", Kind.STEP: "step", Kind.EFFECT: "effect", Kind.PRECONDITION: "pre",
    Kind.EVENT: "event",
}


class TreeBuilder:
    def __init__(self, document: Document, source: Source):
        self.document = document
        self.source = source
        self.lang = document.language
        self.units: list[Unit] = []
        self._by_id: dict[str, Unit] = {}
        self._own: dict[str, tuple[int, int]] = {}  # id -> first and last own line
        self._ordinals: Counter[tuple[str, str]] = Counter()
        #: children per (unit, kind), kept as they are added: a parser asks line after line, and
        #: counting a long procedure's children each time would be quadratic
        self._child_kinds: Counter[tuple[str, Kind]] = Counter()
        self.indent: dict[str, int] = {}
        root = Unit(document.key, Kind.DOCUMENT, None, document.key, attrs={
            "title": document.title, "game": document.game, "rulebook": document.rulebook, "edition": document.edition,
            "language": document.language, "parser": document.parser,
            "encoding": source.encoding, "newline": source.newline, "bom": source.bom,
            "final_newline": source.final_newline})
        root.sides[self.lang] = Side("", source.path, 1, 1)
        self._register(root)
        self.stack: list[Unit] = [root]

    # -- the stack ---------------------------------------------------------------------------

    @property
    def top(self) -> Unit:
        return self.stack[-1]

    @property
    def root(self) -> Unit:
        return self.stack[0]

    def close(self) -> Unit:
        if len(self.stack) == 1:
            raise AssertionError("the document unit cannot be closed")
        return self.stack.pop()

    def close_to(self, *kinds: Kind) -> Unit:
        """Close units until the top is of one of ``kinds`` (or only the document is left)."""
        while len(self.stack) > 1 and self.top.kind not in kinds:
            self.stack.pop()
        return self.top

    def close_past(self, unit: Unit) -> None:
        """Close everything opened inside ``unit``, leaving it on top."""
        while self.top is not unit:
            self.stack.pop()

    def close_for(self, kind: Kind, *, also_close: tuple[Kind, ...] = ()) -> Unit:
        """Close units until the top may hold a ``kind`` (and is none of ``also_close``)."""
        while len(self.stack) > 1 and (kind not in KINDS[self.top.kind].children
                                       or self.top.kind in also_close):
            self.stack.pop()
        return self.top

    def has_child(self, unit: Unit, kind: Kind) -> bool:
        return self._child_kinds[(unit.id, kind)] > 0

    def innermost(self, *kinds: Kind) -> Unit | None:
        for unit in reversed(self.stack):
            if unit.kind in kinds:
                return unit
        return None

    # -- adding units ------------------------------------------------------------------------

    def add(self, kind: Kind, line: int | None, *, parent: Unit | None = None, own_end: int | None = None,
            number: str | None = None, absolute_id: str | None = None, segment: str | None = None,
            attrs: dict[str, Any] | None = None, fields: dict[str, Any] | None = None,
            indent: int = 0, open: bool = False) -> Unit:
        """Add a unit that owns lines ``line..own_end`` (none when ``line`` is None).

        The parent is ``parent`` or the top of the stack; ``open`` pushes the unit so that what
        follows can nest in it.
        """
        parent = parent or self.top
        spec = KINDS[parent.kind]
        if kind not in spec.children:
            where = line or self._first_line(parent)
            raise FolioError(f"a {kind} cannot stand inside a {parent.kind} ({parent.id})",
                             path=self.source.path, line=where)
        unit_id = absolute_id or f"{parent.id}/{segment or self._segment(kind, parent, number)}"
        attrs = dict(attrs or {})
        if number is not None and "number" in KINDS[kind].attrs:
            attrs.setdefault("number", number)
        unit = Unit(unit_id, kind, parent.id, self.document.key, attrs=attrs)
        start = line if line is not None else 0
        unit.sides[self.lang] = Side("", self.source.path, start, start,
                                     {k: v for k, v in (fields or {}).items() if v is not None})
        self._register(unit, line)
        if line is not None:
            self._own[unit_id] = (line, own_end or line)
        parent.children.append(unit_id)
        self._child_kinds[(parent.id, kind)] += 1
        self.indent[unit_id] = indent
        if open:
            self.stack.append(unit)
        return unit

    def extend(self, unit: Unit, line: int) -> None:
        """Let ``unit`` own ``line`` too: its own lines run on to ``line``."""
        first, _ = self._own.get(unit.id, (line, line))
        self._own[unit.id] = (first, line)

    def add_rule(self, line: int, number: str, title: str, heading_style: str) -> Unit:
        """Open numbered rule ``number`` (`21.4`) under the rule it is a part of (`21`), if open.

        Its id is absolute in the rulebook's namespace, so a reference to `21.4` finds it
        whichever document of the rulebook holds it.
        """
        while len(self.stack) > 1 and not (self.top.kind == Kind.SECTION and self.top.attrs.get("number")
                                           and number.startswith(self.top.attrs["number"] + ".")):
            self.stack.pop()
        return self.add(Kind.SECTION, line, absolute_id=f"{self.document.rulebook}:{number}",
                        open=True, fields={"title": title},
                        attrs={"number": number, "level": number.count(".") + 1,
                               "heading_style": heading_style})

    def take_title(self, line: int) -> Unit:
        """The document's own title line."""
        self._own[self.root.id] = (line, line)
        self.set_field(self.root, "title", self.source.lines[line - 1].strip())
        return self.root

    def set_field(self, unit: Unit, name: str, value: Any) -> None:
        if value is not None:
            unit.sides[self.lang].fields[name] = value

    # -- finishing ---------------------------------------------------------------------------

    def finish(self) -> list[Unit]:
        """Fill in texts and spans, validate, and return the units in document order."""
        lines = self.source.lines
        self._prune_empty()
        shaped = unusual("\n".join(lines))  # else every line is its own structural form
        if shaped:
            self._own_invisible_lines()
        for unit in self.units:
            side = unit.sides[self.lang]
            if unit.id in self._own:
                first, last = self._own[unit.id]
                side.text = "\n".join(lines[first - 1:last])
                side.line_start, side.line_end = first, last
                side.marker = item_marker(structural(lines[first - 1]) if shaped else lines[first - 1])
                if shaped:  # the parser read the structural form: the fields, as the text writes them
                    side.fields = Shaped(side.text).written_fields(side.fields)
        for unit in reversed(self.units):  # children come after parents: spans grow upwards
            side = unit.sides[self.lang]
            for child_id in unit.children:
                child = self._by_id[child_id].sides[self.lang]
                if side.line_start == 0 or (child.line_start and child.line_start < side.line_start):
                    side.line_start = child.line_start
                side.line_end = max(side.line_end, child.line_end)
        owner: dict[int, str] = {}
        for unit_id, (first, last) in self._own.items():
            for number in range(first, last + 1):
                if number in owner and lines[number - 1].strip():
                    raise AssertionError(f"line {number} is owned by {owner[number]} and {unit_id}")
                owner[number] = unit_id
        root = self.root.sides[self.lang]
        root.line_start = 1
        root.line_end = max(len(lines), root.line_end)
        for unit in self.units:
            side = unit.sides[self.lang]
            if side.line_start == 0:
                raise AssertionError(f"{unit.id} owns no line and has no children")
            for name in side.fields:
                if name not in KINDS[unit.kind].fields:
                    raise AssertionError(f"{unit.kind} has no field {name!r}")
            for name in unit.attrs:
                if name not in KINDS[unit.kind].attrs:
                    raise AssertionError(f"{unit.kind} has no attribute {name!r}")
        return self.units

    # -- internals ---------------------------------------------------------------------------

    def _prune_empty(self) -> None:
        """Drop containers that ended up with no line at all (a `continues` rule the text
        leaves at once, say): they would have no location to show."""
        for unit in reversed(self.units[1:]):
            if unit.id not in self._own and not unit.children and unit.parent is not None:
                self._by_id[unit.parent].children.remove(unit.id)
                del self._by_id[unit.id]
        self.units = [u for u in self.units if u.id in self._by_id]

    def _own_invisible_lines(self) -> None:
        """A line of nothing but invisible characters is blank to the parser (a reader sees
        none) and yet not empty: the unit before it owns it too, so that the text keeps every
        character and the script check can point at them."""
        lines = self.source.lines
        hidden = [n for n, line in enumerate(lines, 1) if line.strip() and not structural(line).strip()]
        if not hidden or not self._own:
            return
        ranges = sorted((first, last, unit_id) for unit_id, (first, last) in self._own.items())
        lasts = [last for _first, last, _id in ranges]
        for n in hidden:
            at = bisect.bisect_left(lasts, n)  # the first range ending at or after n
            if at < len(ranges) and ranges[at][0] <= n:
                continue  # inside a unit's own lines already
            if at > 0:
                first, _last, unit_id = ranges[at - 1]
                ranges[at - 1], lasts[at - 1] = (first, n, unit_id), n
            else:  # before every unit's lines (the root owns none): the first one starts there
                _first, last, unit_id = ranges[0]
                ranges[0] = (n, last, unit_id)
            self._own[unit_id] = ranges[at - 1 if at > 0 else 0][:2]

    def _register(self, unit: Unit, line: int | None = None) -> None:
        if unit.id in self._by_id:
            first = self._own_start(unit.id) or self._first_line(self._by_id[unit.id])
            raise FolioError(f"two units would get the id {unit.id!r} (the first is at line {first})",
                             path=self.source.path, line=line)
        self._by_id[unit.id] = unit
        self.units.append(unit)

    def _segment(self, kind: Kind, parent: Unit, number: str | None) -> str:
        prefix = ORDINAL_PREFIX[kind]
        self._ordinals[(parent.id, prefix)] += 1
        if number is None:
            return f"{prefix}-{self._ordinals[(parent.id, prefix)]}"
        if kind in (Kind.EFFECT, Kind.STEP) and not number.isdigit():
            return number  # a lettered sub-item: .../step-3/a
        if kind == Kind.EFFECT:
            return number
        return f"{prefix}-{number}"

    def _own_start(self, unit_id: str) -> int:
        return self._own.get(unit_id, (0, 0))[0]

    def _first_line(self, unit: Unit) -> int:
        return self._own_start(unit.id) or (self._own_start(unit.children[0]) if unit.children else 1)
