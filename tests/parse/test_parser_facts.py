"""Structure facts of the five real texts that every later stage relies on."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.build import load_corpus
from pipeline.core.model import Corpus, Kind, RowProblem, Unit

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return load_corpus(ROOT)[0]


def kids(corpus: Corpus, unit_id: str, kind: Kind) -> list[Unit]:
    return corpus.children(corpus.units[unit_id], kind)


def titled(corpus: Corpus, kind: Kind, title: str) -> Unit:
    [unit] = [u for u in corpus.of_kind(kind) if u.field("title") == title]
    return unit


# -- Risto's Events, Period I -------------------------------------------------------------------

def test_period_one_has_ten_events_in_order(corpus):
    events = [u for u in corpus.of_kind(Kind.EVENT) if u.attrs["period"] == "I"]
    assert [e.attrs["number"] for e in events] == [str(n) for n in range(1, 11)]
    assert [e.id for e in events][:3] == ["eu-risto:1:I", "eu-risto:2:I", "eu-risto:3:I"]
    assert all(e.parent == "eu-risto:period-I" for e in events)


@pytest.mark.parametrize("event, occurrences", [("4", 2), ("5", 2), ("8", 3), ("1", 1), ("10", 1)])
def test_multi_occurrence_events(corpus, event, occurrences):
    unit = corpus.units[f"eu-risto:{event}:I"]
    assert unit.attrs["occurrences"] == occurrences
    parts = kids(corpus, unit.id, Kind.OCCURRENCE)
    assert len(parts) == (occurrences if occurrences > 1 else 0)
    assert [p.attrs["ordinal"] for p in parts] == list(range(1, len(parts) + 1))


def test_occurrence_markers_kept_as_written(corpus):
    assert corpus.units["eu-risto:8:I"].attrs["occurrence_marker"] == "(3)"
    nine = corpus.units["eu-risto:9:I"]
    assert nine.attrs["occurrence_marker"] == "(*)"
    assert "occurrences" not in nine.attrs  # "(*)" is not a count


def test_event_one_header_fields(corpus):
    event = corpus.units["eu-risto:1:I"]
    assert event.field("title") == "TREATY OF TORDESILLAS"
    assert event.field("historical_date") == "1494"
    assert event.field("duration") == "end of Period III, or until event 7:III, whichever comes first"
    assert event.side().text.splitlines()[1].startswith("(duration:")


def test_dates_and_date_notes(corpus):
    assert corpus.units["eu-risto:6:I"].field("historical_date") == "1491/not activated"
    assert corpus.units["eu-risto:3:I"].field("date_note") == "no historical date"
    assert corpus.units["eu-risto:7:I"].field("date_note") == "quasi-historical"
    assert corpus.units["eu-risto:5:I"].field("title") == \
        "DECLARATION OF HUNGARIAN LIBERTY/ HABSBURG INHERITANCE OF BOHEMIA"


def test_both_event_heading_styles_parse(corpus):
    styles = {u.attrs["number"]: u.attrs["heading_style"] for u in corpus.of_kind(Kind.EVENT)}
    assert styles["1"] == ":" and styles["6"] == "." and styles["8"] == "."


def test_preconditions_phases_and_lettered_effects(corpus):
    assert [p.attrs["number"] for p in kids(corpus, "eu-risto:1:I", Kind.PRECONDITION)] == ["1", "2"]
    phases = [p.attrs["key"] for p in kids(corpus, "eu-risto:1:I", Kind.PHASE)]
    assert phases == ["events-phase", "lasting-effects"]
    effect = corpus.units["eu-risto:1:I/lasting-effects/4"]
    assert [c.attrs["number"] for c in kids(corpus, effect.id, Kind.EFFECT)] == ["a", "b", "c", "d"]
    assert kids(corpus, effect.id, Kind.PARAGRAPH)[0].field("body").startswith("For each stack of SPA")


def test_reformation_power_blocks_nest_in_individual_consequences(corpus):
    block = corpus.units["eu-risto:8:I/occ-2/individual-consequences"]
    assert block.field("qualifier").startswith("cumulative with those above")
    assert [p.attrs["key"] for p in kids(corpus, block.id, Kind.PHASE)] == ["france", "spain", "england"]
    spain = corpus.units[f"{block.id}/spain/1"]
    assert len(kids(corpus, spain.id, Kind.EFFECT)) == 10  # a. to j.
    assert kids(corpus, block.id, Kind.PARAGRAPH)[0].field("body").startswith("If the major powers")


def test_period_die_modifiers(corpus):
    [modifiers] = corpus.of_kind(Kind.MODIFIERS)
    assert modifiers.field("body").startswith("After ”America” has been discovered")
    values = [m.attrs["value"] for m in kids(corpus, modifiers.id, Kind.MODIFIER)]
    assert values == [-1, -1, -1]
    assert kids(corpus, modifiers.id, Kind.PARAGRAPH)[0].field("body").startswith("These modifiers")


# -- The Price of Power, 5.5 ---------------------------------------------------------------------

def test_military_actions_and_costs(corpus):
    actions = kids(corpus, "pop:5.5", Kind.ACTION)
    assert [(a.field("title"), a.attrs["cost"]) for a in actions] == [
        ("Declare War", "1c"), ("Activate Units", "1c"), ("Recruit Units", "1c + XD"),
        ("Suppress Unrest", "1c per Province")]


def test_declare_war_steps(corpus):
    [procedure] = kids(corpus, "pop:5.5/action-1", Kind.PROCEDURE)
    steps = kids(corpus, procedure.id, Kind.STEP)
    assert [s.attrs["number"] for s in steps] == [str(n) for n in range(1, 9)]
    sub = kids(corpus, steps[2].id, Kind.STEP)
    assert [s.attrs["number"] for s in sub] == ["a", "b", "c", "d"]
    assert steps[2].field("title") == "Calls to Arms (in listed order)"
    assert sub[1].id == "pop:5.5/action-1/proc-1/step-3/b"
    markers = [f.attrs["marker"] for f in kids(corpus, "pop:5.5/action-1", Kind.FOOTNOTE)]
    assert markers == ["*", "**"]


def test_optional_rule_and_notes(corpus):
    rule = corpus.units["pop:5.5/action-2/optional-rule-2"]
    assert (rule.attrs["role"], rule.field("title")) == ("optional-rule", "Available Mercenaries")
    assert kids(corpus, rule.id, Kind.PARAGRAPH)[0].field("body").startswith("When taking an Activate")
    note = corpus.units["pop:5.5/action-1/note-1"]
    assert note.field("body").startswith("Check DoW restrictions (p. 22).")


def test_bullet_follow_on_paragraphs_stay_with_their_bullet(corpus):
    item = corpus.units["pop:5.5/action-2/list-1/item-1"]
    assert item.field("title") == "Land Movement (see p. 25)"
    assert kids(corpus, item.id, Kind.PARAGRAPH)[0].field("body").startswith("When Units enter an Area")


# -- Here I Stand and Virgin Queen (Russian) ------------------------------------------------------

def test_spring_deployment_procedure(corpus):
    procedure = titled(corpus, Kind.PROCEDURE, "Процедура весеннего развертывания")
    assert procedure.parent == "vq:10"
    steps = kids(corpus, procedure.id, Kind.STEP)
    assert len(steps) == 6
    assert steps[0].field("title") == "Конвой для Флота Индий"
    assert steps[5].field("title") == "Двиньте соединение из столицы"
    [restrictions] = kids(corpus, steps[5].id, Kind.LIST)
    assert restrictions.attrs["role"] == "restrictions" and restrictions.field("title") == "Ограничения"
    assert len(kids(corpus, restrictions.id, Kind.ITEM)) == 6


def test_mary_impulse_procedure(corpus):
    procedure = titled(corpus, Kind.PROCEDURE, "Английские импульсы в правление Марии I")
    steps = kids(corpus, procedure.id, Kind.STEP)
    assert [s.field("title") for s in steps] == [
        "Открытие карты", "Обязательные события", "Бросок кости", "Папские действия"]
    [costs] = kids(corpus, steps[3].id, Kind.LIST)
    assert [i.field("title") for i in kids(corpus, costs.id, Kind.ITEM)] == [
        "1 или 2 CP", "3 CP", "4 и больше CP"]


def test_return_home_procedure_steps_and_exceptions(corpus):
    procedure = titled(corpus, Kind.PROCEDURE, "Процедура возвращения домой сухопутных войск")
    assert procedure.parent == "his:19.3"
    assert len(kids(corpus, procedure.id, Kind.STEP)) == 3
    [exceptions] = kids(corpus, procedure.id, Kind.LIST)
    assert exceptions.attrs["role"] == "exceptions"
    assert [i.field("title") for i in kids(corpus, exceptions.id, Kind.ITEM)] == [
        "ПРОТЕСТАНТСКИЕ ОТРЯДЫ", "СТОЛИЦА ПОД ВРАЖЕСКИМ КОНТРОЛЕМ", "ОТРЯДЫ ГАБСБУРГОВ"]
    # "Игрок может разделить соединение на этом этапе" continues step 2, after its bullets
    step_two = kids(corpus, procedure.id, Kind.STEP)[1]
    assert kids(corpus, step_two.id, Kind.PARAGRAPH)[0].field("body").startswith("Игрок может разделить")


def test_mandatory_events_table(corpus):
    [table] = kids(corpus, "his:19.8", Kind.TABLE)
    assert table.field("header") == ["Событие", "Разыгрывается в зимнюю фазу"]
    rows = kids(corpus, table.id, Kind.ROW)
    good = [r.field("cells") for r in rows if not r.attrs["malformed"]]
    assert len(good) == 5
    assert good[0] == ["Климент VII", "2 хода"] and good[-1] == ["Общество Иисуса", "6 хода"]
    [empty] = [r for r in rows if r.attrs["malformed"]]
    assert RowProblem(empty.attrs["problem"]) == RowProblem.EMPTY and empty.side().line_start == 29


def test_example_stuffed_into_a_table_cell_is_an_example(corpus):
    [example] = kids(corpus, "his:19.8/table-1", Kind.EXAMPLE)
    assert example.attrs["embedded_in"] == "table-row"
    assert example.field("title") == "Пример зимнего возвращения войск домой"
    assert example.field("body").startswith("В этот ход в Италии")


def test_worked_example_and_exception_note(corpus):
    [example] = kids(corpus, "vq:11", Kind.EXAMPLE)
    assert example.field("title") == "ПРИМЕР" and "Восстание морисков" in example.field("body")
    [note] = kids(corpus, "vq:11.1", Kind.NOTE)
    assert note.attrs["role"] == "exception"


def test_numbered_and_unnumbered_russian_headings(corpus):
    assert corpus.units["his:21.4"].field("title") == "Франция"
    assert corpus.units["vq:11.1"].parent == "vq:11"
    assert corpus.units["vq:11.1"].attrs["heading_style"] != corpus.units["vq:11"].attrs["heading_style"]
    subs = [s.field("title") for s in kids(corpus, "his:21.5", Kind.SECTION)]
    assert subs == ["Общество Иисуса", "Отлучение", "Отлучение реформатора", "Отлучение правителя",
                    "Разграбление Рима"]
    assert [s.field("title") for s in kids(corpus, "vq:9", Kind.SECTION)] == [
        "События, немедленно развязывающие войну",
        "Испанские части, вступающие в Шотландию или Ирландию", "Никакого мира"]


def test_documents_opening_inside_a_rule_continue_it(corpus):
    section = corpus.units["his:19.3"]
    assert section.attrs["continued"] is True and section.parent == "his-winter-new-world"
    assert section.side().line_start == 1 and section.side().text == ""


def test_every_unit_has_a_side_in_its_documents_language_from_the_source(corpus):
    for unit in corpus.units.values():
        document = corpus.units[unit.document]
        language = document.attrs["language"]
        assert next(iter(unit.sides)) == language
        assert unit.sides[language].path.startswith("corpus/sources/")
        for lang in set(unit.sides) - {language}:  # any other side is a translation
            assert (unit.id, lang) in corpus.translations
