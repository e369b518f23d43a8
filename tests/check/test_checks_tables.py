"""Tables: cell counts, empty rows, prose in cells and cell formats, on the real 19.8 table and
on crafted tables through the real GMT parser."""

from __future__ import annotations

from check_support import crafted, located, real_findings, run, scrambled_contexts
from pipeline.check import tables

WINTER = "his-winter-phase-new-world.ru.txt"
TABLE = "19.8. Обязательные события\nСледующие события.\n| Событие | Разыгрывается в зимнюю фазу |\n"


def test_every_real_finding_and_nothing_else():
    assert located(real_findings(tables)) == [f"{WINTER}:29:1 table-empty-row",
                                              f"{WINTER}:30:3 table-prose-in-cell"]


def test_the_worked_example_in_19_8_is_named_and_placed_on_its_first_word():
    finding = real_findings(tables)[1]
    assert finding.unit == "his:19.8/table-1/example-1"
    assert "`Пример зимнего возвращения войск домой`" in finding.message
    assert finding.suggestion.startswith("end the table before it")


def test_the_real_turn_column_is_consistent():
    # `2 хода` … `6 хода` ("of turn 6") all share one shape: no cell-format finding
    assert not [d for d in real_findings(tables) if d.code == "table-cell-format"]


def test_crafted_row_with_too_many_and_too_few_cells():
    ctx = crafted(TABLE + "| Климент VII | 2 хода |\n| Павел III | 4 хода | лишнее |\n| Одна ячейка |\n")
    found = run(tables, ctx)
    assert [(d.line, d.code) for d in found] == [(5, "table-cell-count"), (6, "table-cell-count")]
    assert "3 cell(s) where the header has 2" in found[0].message
    assert found[1].suggestion.startswith("add 1 cell(s)")


def test_crafted_empty_row_and_example_row():
    ctx = crafted(TABLE + "| Климент VII | 2 хода |\n|\n| Пример зимы В этот ход всё спокойно. |\n")
    assert [(d.line, d.col, d.code) for d in run(tables, ctx)] == [
        (5, 1, "table-empty-row"), (6, 3, "table-prose-in-cell")]


def test_crafted_prose_in_an_ordinary_cell():
    ctx = crafted(TABLE + "| Климент VII | 2 хода |\n"
                  "| Павел III | Разыгрывается позже. Если же карта уже сыграна, пропустите. |\n")
    [finding] = run(tables, ctx)
    assert (finding.line, finding.code) == (5, "table-prose-in-cell")
    assert "2 sentence(s)" in finding.message


def test_crafted_cell_in_another_shape_than_its_column():
    ctx = crafted(TABLE + "| А | 2 хода |\n| Б | 3 хода |\n| В | ход 4 |\n| Г | 5 ходов |\n")
    [finding] = run(tables, ctx)
    assert (finding.line, finding.col, finding.code) == (6, 7, "table-cell-format")
    assert "`ход 4`" in finding.message and "like `2 хода`" in finding.message


def test_crafted_clean_table_is_quiet():
    # inflected unit words (1 ход, 2 хода, 5 ходов) are one shape; names are text
    ctx = crafted(TABLE + "| Климент VII | 1 ход |\n| Павел III | 2 хода |\n| Общество Иисуса | 5 ходов |\n")
    assert run(tables, ctx) == []


def test_a_column_without_a_clear_convention_is_left_alone():
    ctx = crafted(TABLE + "| А | 2 хода |\n| Б | ход 3 |\n| В | 4 |\n")
    assert run(tables, ctx) == []


def test_never_crashes_on_scrambled_real_lines():
    for ctx in scrambled_contexts():
        run(tables, ctx)
