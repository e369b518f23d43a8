"""A translated side's fields are read by the parser of its document's format, with the patterns
it parses the source with (pipeline/parse/translated.py): the real translations' fields, and
each parser reading its own source sides back into the very fields it parsed."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.build import load_corpus
from pipeline.parse import PARSERS, SIDE_READERS

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(ROOT)[0]


def test_every_format_reads_translated_sides():
    assert set(SIDE_READERS) == set(PARSERS)


def test_a_parser_reads_its_source_sides_back_into_the_fields_it_parsed(corpus):
    documents = {document.key: document for document in corpus.documents}
    read = 0
    for unit in corpus.units.values():
        document = documents[unit.document]
        side = unit.sides[document.language]
        if side.text:
            assert SIDE_READERS[document.parser](unit, side.text) == side.fields, unit.id
            read += 1
    assert read > 350 and {d.parser for d in corpus.documents} == set(PARSERS)


@pytest.mark.parametrize("unit_id, lang, fields", [
    # Risto's events: the header and the duration line in Russian words
    ("eu-risto:8:I", "ru", {"title": "РЕФОРМАЦИЯ", "historical_date": "1522–60", "duration": "постоянно"}),
    ("eu-risto:9:I", "ru", {"title": "ТУРЕЦКОЕ ДИПЛОМАТИЧЕСКОЕ ДАВЛЕНИЕ", "date_note": "без исторической даты",
                            "duration": "постоянно"}),
    ("eu-risto:2:I/end-and-recurrence", "ru", {"title": "ОКОНЧАНИЕ СОБЫТИЯ И ЕГО ВОЗМОЖНОЕ ПОВТОРЕНИЕ"}),
    # The Price of Power: the page's anchor sign and the action's cost are no part of a title
    # and the cost is its own field, in the side's words
    ("pop:5.5/action-1", "ru", {"title": "Объявить войну", "cost": "1c"}),
    ("pop:5.5/action-4", "ru", {"title": "Подавить беспорядки", "cost": "1c за провинцию"}),
    ("pop:5.5/action-2/optional-rule-2", "ru", {"title": "Доступные наёмники"}),
])
def test_the_real_translations_read_into_fields(corpus, unit_id, lang, fields):
    assert corpus.units[unit_id].sides[lang].fields == fields
