"""Agreement: Russian adjective/participle and numeral with a noun (pymorphy3), English subject
and verb (lookup lemmas); the real lines that must stay quiet, the same lines made wrong, and
every finding on the real corpus."""

from __future__ import annotations

import pytest

from check_support import crafted, located, real_context, real_findings, run
from pipeline.check import agreement, agreement_en, agreement_ru, agreement_ru_predicate
from pipeline.core.diagnostics import Severity
from pipeline.language.words import Words


# each as the family asks it of a side: of the text's words
def en_pairs(line: str):
    return agreement_en.disagreements(Words.of(line))


def ru_pairs(line: str):
    return agreement_ru.disagreements(Words.of(line))


def ru_predicates(line: str):
    return agreement_ru_predicate.mismatches(Words.of(line))

#: real Russian lines the grammar must leave alone: governed complements, a plural adjective
#: over a list, a numeral before an adjective, a participle with its direct object
RU_RIGHT = [
    "Кроме того, провинция MILANO, принадлежащая Габсбургам (или Милану, если тот)",
    "ограничения для FRA, наложенные пунктом 1 выше, снимаются",
    "через провинции, принадлежащие неактивным Милану, Парме, Папству",
    "Габсбурги: Карл и 4 регулярных отряда в Турине занимают",
    "Папство может вернуть два выживших отряда в любой комбинации",
    "держава, начинающая действие, называется «активной»",
    "обеспечивает получение числа КО, равного цифре в щите",
    "При выпадении 4 – 6 карта разыгрывается обычным образом",
    "в 1492 году, с двумя картами, двух игроков, 21 карта, пять карт",
]


@pytest.mark.parametrize("line", RU_RIGHT)
def test_real_russian_lines_agree(line):
    assert list(ru_pairs(line)) == []


@pytest.mark.parametrize("line, found, suggestion", [
    ("| Общество Иисуса | 6 хода |", "6 хода", "6 ходов"),
    ("Папство может вернуть пять отряда", "пять отряда", "пять отрядов"),
    ("Игрок берёт две хода", "две хода", "два хода"),
    ("Игрок берёт 3 карта", "3 карта", "3 карты"),
    ("держава с большой армия", "большой армия", "большая армия"),
    ("каждый армия ходит", "каждый армия", "каждая армия"),
])
def test_russian_pairs_that_cannot_agree(line, found, suggestion):
    [pair] = ru_pairs(line)
    assert (line[pair.start:pair.end], pair.suggestion) == (found, suggestion)


#: real Russian lines whose predicates agree, or whose subject is not plain: coordinated
#: subjects, a genitive after a preposition or a noun that reads as a nominative plural, a
#: compound predicate
RU_PREDICATE_RIGHT = [
    "Сама ревностная католичка, Мария проводила реакционную политику",
    "После того, как карточка была сыграна как событие, она помещается в стопку сброса",
    "3. Потери: Обе стороны несут потери за «удары» другой стороны (как обычно).",
    "Испания и Протестант могут использовать весеннее развертывание.",
    "Англичане, французы и Габсбурги могут расходовать 2 СР на действие",
    "2. Если во время войны FRA вторгается в принадлежащую противнику",
    "Поэтому в правление Марии применяется нижеследующая процедура.",
    "b. Число попыток размещения COL остаётся не более 2 вплоть до периода",
    "одна из этих двух карточек в это время должна быть тайно сброшена из игры",
    # the object first, the subject after its verb (tests/retranslations.ru.yaml, modifier 1 of Period I)
    "−1 Если Папство контролируют SPA или POR.",
]


@pytest.mark.parametrize("line", RU_PREDICATE_RIGHT)
def test_real_russian_predicates_agree(line):
    assert list(ru_predicates(line)) == []


@pytest.mark.parametrize("line, subject, predicate, suggestion", [
    ("Сама ревностная католичка, Мария проводил реакционную политику", "Мария", "проводил", "проводила"),
    ("Мария проводили реакционную политику", "Мария", "проводили", "проводила"),
    ("После того, как карточка был сыграна как событие", "карточка", "был", "была"),
    ("3. Потери: Обе стороны несёт потери за «удары» другой стороны", "стороны", "несёт", "несут"),
    ("Когда карточка разыграны для получения КО", "карточка", "разыграны", "разыграна"),
    ("армия отступили, а отряды был уничтожен", "армия", "отступили", "отступила"),
])
def test_russian_predicates_that_cannot_agree(line, subject, predicate, suggestion):
    found = next(ru_predicates(line))
    assert (found.subject, found.predicate, found.suggestion) == (subject, predicate, suggestion)


def test_a_singular_subject_after_a_comma_may_close_a_list():
    # «Франция, Англия объявили»: only the gender of a past tense is certain there
    assert list(ru_predicates("Сама ревностная католичка, Мария проводили реакционную политику")) == []


def test_each_clause_has_its_own_subject():
    found = [(m.subject, m.suggestion) for m in ru_predicates("армия отступили, а отряды был уничтожен")]
    assert found == [("армия", "отступила"), ("отряды", "были")]


EN_RIGHT = [
    "b. Only access to the provinces of the said minors is provided, not the use of their ports.",
    "A power that holds one or more cards and passes during an impulse is not obliged to keep them.",
    "The cost of units is 2, and the Papal States is at war; there is one unit left.",
    "A hostile army besieging a fortress of these minors does blockade supply for them.",
    "If any of these events occurs, England and Spain are at war.",
    "Spending more CP on these actions increases their chance of a favourable result.",
]


@pytest.mark.parametrize("line", EN_RIGHT)
def test_real_english_lines_agree(line):
    assert list(en_pairs(line)) == []


@pytest.mark.parametrize("line, noun, suggestion", [
    ("The units of the army is removed.", "units", "are"),
    ("Both players has a turn, and these cards does nothing.", "players", "have"),
    ("If there is two units in the province, roll.", "two", "are"),
    ("These units moves to the area, and both players gains 1 VP.", "units", "move"),
])
def test_english_plural_subjects_with_singular_verbs(line, noun, suggestion):
    pair = next(en_pairs(line))
    assert (pair.noun, pair.suggestion) == (noun, suggestion)


def test_reported_at_the_line_on_both_sides_with_a_suggestion():
    ru = run(agreement, crafted("19.8. Жетоны\nПапство может вернуть пять отряда.\n"))
    assert [(d.line, d.col, d.code, d.suggestion, d.severity) for d in ru] == [
        (2, 23, "agree-ru-numeral", "пять отрядов", Severity.WARNING)]
    predicate = run(agreement, crafted("19.8. Жетоны\nЗатем карточка был сыграна как событие.\n"))
    assert [(d.line, d.col, d.code, d.suggestion, d.severity) for d in predicate] == [
        (2, 7, "agree-ru-predicate", "была", Severity.WARNING)]
    en = run(agreement, crafted("5.5 Military Actions #\n\nDeclare War (1c) #\n\n"
                                "The units of the army is removed.\n", "pop-rulebook"))
    assert [(d.line, d.col, d.code, d.suggestion) for d in en] == [(5, 5, "agree-en-subject-verb", "are")]


def test_every_real_finding_and_nothing_else():
    assert located(real_findings(agreement)) == ["his-winter-phase-new-world.ru.txt:28:21 agree-ru-numeral"]
    translated = [d for d in agreement.check(real_context()) if not d.path.startswith("corpus/sources/")]
    assert translated == []
