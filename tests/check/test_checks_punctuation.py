"""The comma before a Russian clause opened by «который», «что», «если», and the commas around a
participial or adverbial phrase: real lines that are right stay quiet, the same lines without
their comma are reported where it belongs."""

from __future__ import annotations

import pytest

from check_support import crafted, real_context, run
from pipeline.check import punctuation, punctuation_ru, punctuation_ru_phrases
from pipeline.core.model import Lang
from pipeline.language.words import Words


# each as the family asks it of a side: of the text's words
def missing_commas(line: str):
    return punctuation_ru.missing_commas(Words.of(line))


def missing_phrase_commas(line: str):
    return punctuation_ru_phrases.missing_commas(Words.of(line))

#: real lines of the corpus, each with a clause word and no comma before it, rightly
RIGHT = [
    "• в провинциях, в области которых есть вражеские отряды",
    "Однако если Франция не контролирует Милан, то",
    "действует так, как если бы карта была сыграна",
    "только если держава не находится в состоянии войны",
    "потому что папство не может, и что это важно",
    "получает что-либо от той карты, которая была сыграна",
    "держава, которая начинает действие",
]


@pytest.mark.parametrize("line", RIGHT)
def test_right_lines_stay_quiet(line):
    assert list(missing_commas(line)) == []


@pytest.mark.parametrize("line, suggestion", [
    ("держава которая начинает действие", "держава, которая"),
    ("через провинции в которых нет отрядов", "провинции, в которых"),
    ("Учтите что карта сыграна", "Учтите, что"),
    ("Это то что нужно", "то, что"),
    ("Армия отступает если проиграла бой", "отступает, если"),
])
def test_a_missing_comma_is_found(line, suggestion):
    [missing] = missing_commas(line)
    assert f"{missing.before}, {missing.clause}" == suggestion


def test_every_clause_of_a_line_is_found_however_close_they_stand():
    # clause words one after another, after a preposition, in capitals and after a hyphenated
    # word: each comma that belongs is found, each where it belongs
    line = ("Игрок знает что если армия отступает если проиграла битву в которой стояла, "
            "то карта-ловушка которую сыграли ЧТО игрок указано что")
    assert [(line[m.offset - len(m.before):m.offset], m.clause) for m in missing_commas(line)] == [
        ("знает", "что"), ("отступает", "если"), ("битву", "в которой"), ("ловушка", "которую"),
        ("сыграли", "ЧТО"), ("указано", "что")]


def test_reported_where_the_comma_belongs():
    [finding] = run(punctuation, crafted("11. Действия\nДержава которая начинает действие, называется активной.\n"))
    assert (finding.line, finding.col, finding.code, finding.suggestion) == (
        2, 8, "punct-ru-clause-comma", "Держава, которая")


def test_the_real_corpus_has_its_commas():
    assert list(punctuation.check(real_context())) == []


#: real lines with their participial and adverbial phrases set off, and the real lines where a
#: participle or gerund follows a word without a comma, rightly: an adverb or a pronoun that
#: belongs to the phrase, a participle used as a noun, a participle before its own noun
PHRASES_RIGHT = [
    "b. Все морские зоны, граничащие с областями «Америки» (включая острова), кроме зон",
    "Игрок может разделить соединение на этом этапе, отправив одну часть в ближайший укреплённый город",
    "если его путь проходит через города, охваченные беспорядками, или не под дружественным контролем",
    "лишить VEN предоставленного ей CB, навсегда передав VEN 50% (с округлением вверх)",
    "аннексировать принадлежащую Милану MILANO (возможно, тем самым исключив Милан из игры)",
    "Потери атакующих должны быть распределены поровну, насколько это возможно",
    "Кроме того, провинция MILANO, принадлежащая Габсбургам (или Милану, если тот)",
    "держава, начинающая действие, называется «активной»",
]


@pytest.mark.parametrize("line", PHRASES_RIGHT)
def test_set_off_phrases_stay_quiet(line):
    assert list(missing_phrase_commas(line)) == []


@pytest.mark.parametrize("line, kind, suggestion", [
    ("b. Все морские зоны граничащие с областями «Америки» (включая острова)", "participle",
     "зоны, граничащие"),
    ("если его путь проходит через города охваченные беспорядками, или не под", "participle",
     "города, охваченные"),
    ("Игрок может разделить соединение на этом этапе отправив одну часть в ближайший город", "gerund",
     "этапе, отправив"),
    ("союзники вторгнутся в принадлежащую FRA провинцию используя источник снабжения", "gerund",
     "провинцию, используя"),
    ("Заплатив 2 дуката игрок берёт карту.", "gerund", "дуката, игрок"),
    ("Заплатив 2 дуката берёт карту.", "gerund", "дуката, берёт"),
])
def test_a_phrase_without_its_comma_is_found(line, kind, suggestion):
    [missing] = missing_phrase_commas(line)
    assert (missing.kind, f"{missing.before}, {missing.after}") == (kind, suggestion)


def test_a_phrase_comma_is_reported_where_it_belongs():
    found = run(punctuation, crafted("11. Действия\nВсе морские зоны граничащие с Америкой закрыты. "
                                     "Заплатив 2 дуката игрок берёт карту.\n"))
    assert [(d.line, d.col, d.code, d.suggestion) for d in found] == [
        (2, 17, "punct-ru-participle", "зоны, граничащие"), (2, 66, "punct-ru-gerund", "дуката, игрок")]


def test_a_gerund_phrase_whose_end_is_not_plain_is_left_alone():
    # «город» may be the subject («…город держит») or the phrase's last word: where is the comma?
    assert list(missing_phrase_commas("Отправив одну часть в ближайший город держит другую на месте.")) == []


def test_the_corpus_commas_taken_out_are_found_again_where_they_stood():
    # every Russian side with its «, » made « »: what the phrase grammar reports must be a comma
    # the text had, and it must find the many it set off
    found, misplaced = [], []
    for _unit, lang, side in real_context().sides():
        if lang == Lang.RU:
            for missing in missing_phrase_commas(side.text.replace(", ", " ")):
                found.append(missing.kind)
                if f"{missing.before}, {missing.after}" not in side.text:
                    misplaced.append((missing.before, missing.after))
    assert misplaced == []
    assert found.count("participle") >= 25 and found.count("gerund") >= 8
