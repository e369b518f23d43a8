"""Proper names against the gazetteer: the real misspellings of Risto's text, a Russian name in
its cases, names spelled right, and a gazetteer that is not one."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from check_support import ROOT, crafted, located, real_context
from pipeline.check import names
from pipeline.core.errors import FolioError

RISTO = "eu-ristos-events-period-1.en.txt"


def findings(ctx):
    return list(names.check(ctx))


def test_the_real_misspelt_names_with_the_gazetteers_spelling():
    found = list(findings(real_context()))
    assert located(found) == [f"{RISTO}:183:95 name-misspelt", f"{RISTO}:183:132 name-misspelt"]
    assert [d.suggestion for d in found] == ["Thüringen", "Wurttemberg"]


def test_a_russian_name_in_its_cases_is_right_and_a_letter_off_is_not():
    ctx = crafted("20.1. Колонии\nИз Вюртемберга в Тюрингию, затем в Вюртембург и в Тюрингея.\n")
    assert [(d.col, d.suggestion) for d in findings(ctx)] == [(36, "Вюртемберг"), (51, "Тюрингия")]


@pytest.mark.parametrize("line", [
    "Denmark, Sweden, Berg, Bohemia, Hessen, Saxony, Hannover and Transylvania (not Hungary)",
    "Württemberg and Thuringia become Protestant; Milano and Toscana stay Catholic.",
])
def test_names_spelled_as_the_gazetteer_has_them_are_quiet(line):
    ctx = crafted(f"5.5 Military Actions #\n\nDeclare War (1c) #\n\n{line}\n", "pop-rulebook")
    assert findings(ctx) == []


def test_a_gazetteer_without_places_is_refused_by_name(tmp_path):
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "gazetteer.yaml").write_text("version: 1\nplaces: {Berg: Берг}\n", "utf-8")
    with pytest.raises(FolioError) as error:
        list(names._places(tmp_path))
    assert "corpus/gazetteer.yaml" in str(error.value) and "places" in str(error.value)
    assert tmp_path != ROOT


def test_a_bad_place_is_refused_at_its_line(tmp_path):
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "gazetteer.yaml").write_text(
        "version: 1\nplaces:\n  - {en: [Berg], ru: [Берг]}\n  - {en: Hessen}\n", "utf-8")
    with pytest.raises(FolioError) as error:
        list(names._places(tmp_path))
    assert (error.value.path, error.value.line) == ("corpus/gazetteer.yaml", 4)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet=st.sampled_from(list("places:-[]{},\n enru#'\"BergБерг\t|>&*!1")), max_size=80))
def test_any_gazetteer_text_loads_or_is_refused_by_name(tmp_path, raw):
    (tmp_path / "corpus").mkdir(exist_ok=True)
    (tmp_path / "corpus" / "gazetteer.yaml").write_text(raw, "utf-8")
    try:
        found = list(names._places(tmp_path))
    except FolioError as error:
        assert error.path == "corpus/gazetteer.yaml" and error.line >= 1
    else:
        assert all(lang in ("en", "ru") and word[:1].isupper() for lang, word in found)
