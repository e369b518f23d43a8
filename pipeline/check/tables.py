"""Tables: rows that do not fit their header, empty rows, and prose poured into a cell.

The parser keeps every row it reads, marking the ones that do not fit (`attrs.malformed`,
`attrs.problem`), and turns a worked example written inside a row into an example unit with
`attrs.embedded_in == "table-row"`. This family turns those marks into findings a translator
can act on, and compares the cells of one column with each other.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Kind, Unit
from .base import CheckContext, Code, Count, Text, Word, _, at, ngettext, on_unit, text

CELL_COUNT = Code("table-cell-count", Severity.ERROR,
                  "a row has more or fewer cells than the table's header")
EMPTY_ROW = Code("table-empty-row", Severity.WARNING, "a table row with no cells (a lone `|`)")
PROSE = Code("table-prose-in-cell", Severity.WARNING,
             "running text (a worked example, several sentences) written inside a table row")
CELL_FORMAT = Code("table-cell-format", Severity.INFO,
                   "a cell written in another shape than the rest of its column (`2 хода` vs `ход 3`)")
CODES = [CELL_COUNT, EMPTY_ROW, PROSE, CELL_FORMAT]

#: a cell longer than this, or holding two sentences, is prose rather than a table value
PROSE_WORDS = 25
SENTENCE_END = re.compile(r"[.!?…](?:\s|$)")
SHAPES = [("number", re.compile(r"[+−–-]?\d+(?:[.,]\d+)?")),
          ("number unit", re.compile(r"\d+(?:[.,]\d+)?\s+(?P<unit>[^\W\d_]+)\.?")),
          ("unit number", re.compile(r"(?P<unit>[^\W\d_]+)\.?\s+\d+")),
          ("range", re.compile(r"\d+\s*[-–—]\s*\d+"))]


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    for table in ctx.corpus.of_kind(Kind.TABLE):
        for lang, side in table.sides.items():
            yield from _rows(ctx, table, lang)
            yield from _columns(ctx, table, lang, side.fields.get("header") or [])


def _rows(ctx: CheckContext, table: Unit, lang: str) -> Iterator[Diagnostic]:
    columns: int = table.attrs.get("columns", 0)  # the parser counts the header's cells
    for unit in ctx.corpus.children(table):
        side = unit.sides.get(lang)
        if side is None:
            continue
        if unit.kind == Kind.EXAMPLE and unit.attrs.get("embedded_in") == "table-row":
            title = side.fields.get("title") or Word(_("example"))
            yield at(PROSE, unit, side, _after_bar(side.text),
                     text(_("worked example `%(title)s` is written inside a table row; a table holds values, "
                            "and a %(columns)s-column table cannot lay out a paragraph"),
                          title=title, columns=columns),
                     suggestion=text(_("end the table before it and write the example as its own "
                                       "paragraph, without the `|` around it")))
            continue
        if unit.kind != Kind.ROW:
            continue
        cells = side.fields.get("cells") or []
        if not cells:
            yield on_unit(EMPTY_ROW, unit, side,
                          text(_("empty table row `%(row)s` inside a %(columns)s-column table"),
                               row=side.text.strip(), columns=columns),
                          suggestion=text(_("delete the line, or fill in its cells")))
        elif unit.attrs.get("malformed") or len(cells) != columns:
            yield on_unit(CELL_COUNT, unit, side,
                          text(_("row has %(cells)s cell(s) where the header has %(columns)s"),
                               cells=len(cells), columns=columns),
                          suggestion=_fitting(cells, columns))
        else:
            yield from _prose_cells(unit, side, cells)


def _prose_cells(unit: Unit, side, cells: list[str]) -> Iterator[Diagnostic]:
    for cell in cells:
        sentences = len(SENTENCE_END.findall(cell))
        if len(cell.split()) > PROSE_WORDS or sentences >= 2:
            yield at(PROSE, unit, side, max(side.text.find(cell), 0),
                     text(_("cell holds running text (%(words)s words, %(sentences)s sentence(s)) rather "
                            "than a value"), words=len(cell.split()), sentences=sentences),
                     suggestion=text(_("move the text out of the table, below it, and keep the value")))


def _columns(ctx: CheckContext, table: Unit, lang: str, header: list[str]) -> Iterator[Diagnostic]:
    rows = [u for u in ctx.corpus.children(table, Kind.ROW)
            if lang in u.sides and not u.attrs.get("malformed")]
    for index in range(len(header)):
        cells = [(row, row.sides[lang].fields["cells"][index]) for row in rows
                 if index < len(row.sides[lang].fields.get("cells") or [])]
        shapes = [(row, cell, _shape(cell)) for row, cell in cells]
        counts = Counter(shape for _row, _cell, shape in shapes)
        if len(cells) < 3 or len(counts) < 2:
            continue
        usual, usual_count = counts.most_common(1)[0]
        if usual == "text" or usual_count * 3 < len(cells) * 2:
            continue  # no clear convention in this column
        example = next(cell for _row, cell, shape in shapes if shape == usual)
        for row, cell, shape in shapes:
            if shape != usual:
                side = row.sides[lang]
                yield at(CELL_FORMAT, row, side, max(side.text.find(cell), 0),
                         text(_("`%(cell)s` is written differently from the other %(count)s cells of column "
                                "`%(column)s` (like `%(example)s`)"), cell=cell, count=usual_count,
                              column=header[index], example=example))


def _shape(cell: str) -> str:
    """The cell's form, with its unit word reduced to a stem so that `2 хода`/`5 ходов` agree."""
    text = cell.strip()
    for name, pattern in SHAPES:
        match = pattern.fullmatch(text)
        if match:
            unit = match.groupdict().get("unit")
            return f"{name} {unit.lower()[:3]}" if unit else name
    return "text"


def _after_bar(text: str) -> int:
    stripped = text.lstrip()
    offset = len(text) - len(stripped)
    if stripped.startswith("|"):
        offset += 1
        offset += len(text[offset:]) - len(text[offset:].lstrip())
    return offset


def _fitting(cells: list[str], columns: int) -> Text:
    if len(cells) < columns:
        return text(_("add %(count)s cell(s), or join the row to the one it continues"),
                    count=Count(columns - len(cells), ngettext("%(num)d cell", "%(num)d cells")))
    return text(_("split the row, or merge the cells that belong together (a stray `|` inside a cell?)"))
