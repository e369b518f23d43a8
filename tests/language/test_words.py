"""The shared word table (pipeline/language/words.py): the words a check walks, with their
offsets and what stands between them, as the word expression finds them in the text."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.language.words import WORD, PerForm, Words

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_table_holds_every_word_of_every_text_of_the_corpus_at_its_place(lang):
    texts = [path.read_text("utf-8") for path in sorted((ROOT / "corpus/sources").glob(f"*.{lang}.txt"))]
    assert texts
    for text in texts:
        table = Words(text)
        matches = list(WORD.finditer(text))
        assert table.words == [m.group() for m in matches]
        assert table.starts == [m.start() for m in matches]
        assert table.ends == [m.end() for m in matches]
        # the gaps and the words, in turn, are the text again
        assert "".join(g + w for g, w in zip(table.gaps, [*table.words, ""], strict=True)) == text


def test_gaps_hold_what_stands_between_the_words():
    table = Words("«Армия» отступила, 2 отряда д’Артаньяна")
    assert table.words == ["Армия", "отступила", "отряда", "д’Артаньяна"]
    assert table.gaps == ["«", "» ", ", 2 ", " ", ""]
    assert table.lowers == ["армия", "отступила", "отряда", "д’артаньяна"]
    assert Words("").words == [] and Words("").gaps == [""]


def test_a_question_about_a_form_is_asked_once_per_form():
    asked = []
    capitalised = PerForm(lambda word: asked.append(word) or word[0].isupper())
    table = Words("Rome and Venice and Rome")
    assert list(table.where(capitalised)) == [0, 2, 4]
    assert asked == ["Rome", "and", "Venice"]
    initials = PerForm(lambda word: asked.append(word) or word[0])
    assert table.joined(initials) == "RaVaR"  # each word's one-letter verdict, as one string
    assert asked == ["Rome", "and", "Venice"] * 2
