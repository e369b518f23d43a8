"""What the check families share instead of computing again: pymorphy3's readings of a form,
asked once per form, and the terminology analysis's term matches, which parity anchors its
sentence alignment on. On the real corpus, each must answer exactly what computing afresh does."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.build import load_corpus
from pipeline.check.base import WORD, CheckContext
from pipeline.check.parity_pairs import _concepts
from pipeline.check.terminology_terms import analyse, matcher
from pipeline.language import lemmas
from pipeline.language.morph import analyzer, known, known_only, readings

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(ROOT)[0]


def test_a_forms_readings_are_pymorphy3s_own_for_every_russian_word_of_the_corpus(corpus):
    forms = {match.group().lower() for unit in corpus.units.values()
             for lang, side in unit.sides.items() if lang == "ru" for match in WORD.finditer(side.text)}
    assert len(forms) > 2000
    for form in sorted(forms):
        fresh = analyzer().parse(form)  # pymorphy3 asked again, nothing kept
        everyone_known = bool(fresh) and all(p.is_known for p in fresh)
        kinds = frozenset(p.tag.POS for p in fresh)
        assert readings(form) == (kinds, everyone_known), form
        assert [str(p.tag) for p in known(form)] == ([str(p.tag) for p in fresh] if everyone_known else [])
        nouns = everyone_known and all(p.tag.POS == "NOUN" for p in fresh)
        assert bool(known_only(form, {"NOUN"})) == nouns, form


def test_parity_anchors_a_side_on_the_terms_a_fresh_match_finds(corpus):
    """Parity reads each side's concepts from the terminology analysis; a side whose terms all
    stand inside quoted English originals has no occurrence there, and is anchored on every
    match the game's matcher finds in its freshly tokenised text, as before the two shared it."""
    ctx = CheckContext(corpus, ROOT)
    analysis = analyse(ctx)
    by_side: dict[tuple[str, str], list] = {}
    for occurrence in analysis.occurrences:
        by_side.setdefault((occurrence.unit.id, occurrence.lang), []).append(occurrence)
    without = 0  # sides naming no term: parity once tokenised and matched them again
    for side in analysis.sides:
        unit, lang, text = side.unit, side.lang, side.side.text
        occurrences = by_side.get((unit.id, lang))
        if occurrences:
            expected = [(o.start, frozenset(f"@{e.concept.id}" for e in o.entries)) for o in occurrences]
        else:
            without += 1
            expected = [(m.start, frozenset(f"@{p.payload.concept.id}" for p in m.patterns))
                        for m in matcher(analysis.termbase, side.game, lang).find(lemmas(text, lang))]
        assert _concepts(ctx, unit, side.game, text, lang) == expected, unit.id
    assert without > 100
