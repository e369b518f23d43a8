"""Units named as a reader says them, in both languages, on real units of all five documents."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pipeline.build import load_corpus
from pipeline.core.labels import context_title, label
from pipeline.i18n import catalogs as i18n

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(REPO)[0]


@pytest.fixture(scope="module")
def named(corpus):
    """unit id, language -> (label, context title)"""
    words = {"en": i18n.committed("en").gettext, "ru": i18n.committed("ru").gettext}
    return lambda unit_id, lang: (label(corpus, corpus.units[unit_id], lang, words[lang]),
                                  context_title(corpus, corpus.units[unit_id], lang, words[lang]))


@pytest.mark.parametrize("unit_id, en, ru", [
    # Risto's events: an event, its occurrence, its phase block (named from the catalog, not
    # from the text), a sub-effect joined to its effect
    ("eu-risto:4:I/occ-1/movement-phase/1", "Event 4:I, occurrence 1, Movement phase, effect 1",
     "Событие 4:I, 1-е выпадение, фаза движения, эффект 1"),
    ("eu-risto:1:I/lasting-effects/4/c", "Event 1:I, Lasting effects, effect 4c",
     "Событие 1:I, долгосрочные эффекты, эффект 4c"),
    ("eu-risto:8:I/occ-2/individual-consequences/spain/1/j",
     "Event 8:I, occurrence 2, Individual consequences, Spain, effect 1j",
     "Событие 8:I, 2-е выпадение, индивидуальные последствия, Испания, эффект 1j"),
    ("eu-risto:1:I/pre-2", "Event 1:I, condition 2", "Событие 1:I, условие 2"),
    # the die modifiers block is structure: its modifiers are the period's
    ("eu-risto:period-I/modifiers-1/mod-2", "Period I, modifier 2", "Период I, модификатор 2"),
    # Here I Stand: a numbered rule, its only procedure, a step; a sub-heading by its title
    ("his:19.3/proc-1/step-2", "Rule 19.3, procedure, step 2", "Правило 19.3, процедура, шаг 2"),
    ("his:19.8/table-1/row-2", "Rule 19.8, table, row 2", "Правило 19.8, таблица, строка 2"),
    ("his:21.5/sec-2/para-1", "Rule 21.5, Excommunication, paragraph 1", "Правило 21.5, Отлучение, абзац 1"),
    ("his:21.3/sec-1/proc-1/step-4/list-1/item-2",
     "Rule 21.3, Mary I as Ruler of England, procedure, step 4, item 2",
     "Правило 21.3, Мария I как правитель Англии, процедура, шаг 4, пункт 2"),
    # Virgin Queen: a titled list names its items; untitled lists of one rule are counted
    ("vq:10/proc-1/step-6/list-1/item-3", "Rule 10, procedure, step 6, Restrictions, item 3",
     "Правило 10, процедура, шаг 6, Ограничения, пункт 3"),
    ("vq:11/list-2/item-1", "Rule 11, list 2, item 1", "Правило 11, список 2, пункт 1"),
    ("vq:11.1/note-1", "Rule 11.1, exception", "Правило 11.1, исключение"),
    # The Price of Power: an action by its title (translated: in Russian), its procedure left
    # out, a sub-step as the rules cite it; an optional rule by its number; a footnote by its sign
    ("pop:5.5/action-1/proc-1/step-3/a", "Declare War, step 3a", "Объявить войну, шаг 3a"),
    ("pop:5.5/action-2/optional-rule-2", "Activate Units, optional rule 2",
     "Активировать отряды, необязательное правило 2"),
    ("pop:5.5/action-1/footnote-2", "Declare War, footnote **", "Объявить войну, сноска **"),
    ("pop:5.5/action-3/sec-1/footnote-1", "Recruit Units, Cost to Recruit/build, footnote *",
     "Набрать отряды, Стоимость набора/постройки, сноска *"),
])
def test_a_unit_is_named_by_its_place_in_the_rules(named, unit_id, en, ru):
    assert named(unit_id, "en")[0] == en
    assert named(unit_id, "ru")[0] == ru


@pytest.mark.parametrize("unit_id, lang, title", [
    ("his:19.3/proc-1/step-2", "ru", "Процедура возвращения домой сухопутных войск"),
    # the phase is in the label already: the event's title is what it does not say
    ("eu-risto:1:I/events-phase/2", "en", "TREATY OF TORDESILLAS"),
    ("eu-risto:1:I/events-phase/2", "ru", "ТОРДЕСИЛЬЯССКИЙ ДОГОВОР"),
    ("pop:5.5/action-1/proc-1/step-3/a", "en", "Calls to Arms (in listed order)"),
    ("vq:10/proc-1/step-6/list-1/item-3", "en", "Move Formation from Capital"),
])
def test_the_context_title_is_the_nearest_one_the_label_does_not_name(named, unit_id, lang, title):
    assert named(unit_id, lang)[1] == title


def test_labels_tell_every_unit_of_a_document_apart_in_both_languages(corpus, named):
    for lang in ("en", "ru"):
        seen: dict[tuple[str, str], str] = {}
        for unit in corpus.units.values():
            text = named(unit.id, lang)[0]
            assert (unit.document, text) not in seen, (text, unit.id, seen.get((unit.document, text)))
            seen[(unit.document, text)] = unit.id
            assert unit.id not in text and not re.search(r"\b[a-z]+-\d", text), (unit.id, text)


def test_the_russian_labels_of_an_english_document_speak_russian(corpus, named):
    """The Russian labels of Risto's events name their structure in Russian (a title that is not
    translated yet would not enter the label)."""
    for unit in corpus.units.values():
        if unit.document == "eu-risto-period-1":
            text = named(unit.id, "ru")[0]
            # what stays Latin is the rules' own numbering: 8:I, period I, effect 4c
            assert not re.search(r"[A-Za-z]", re.sub(r"\b\d*[a-z]?\b|\b[IVX]+\b", "", text)), text
