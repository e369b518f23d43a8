"""Matching the units of two editions: by text first, so a renumbered sentence is found again."""

from __future__ import annotations

import json

import pytest

from conftest import REPO
from pipeline.build import load_corpus
from pipeline.editions.align import How, Piece, align, without_marker


@pytest.fixture(scope="module")
def event_1():
    corpus, _ = load_corpus(REPO)
    units = [u for u in corpus.units.values() if u.id.startswith("eu-risto:1:I/pre-")]
    return [Piece(u.id, u.sides["en"].text, str(u.kind)) for u in units]


def _renumbered(pieces: list[Piece], at: int, text: str) -> list[Piece]:
    """The pieces with a new one inserted before the ``at``-th, renumbered as an editor would:
    ids and markers of the ones after it move up."""
    parent = pieces[0].id.rsplit("/", 1)[0]
    texts = [without_marker(p.text) for p in pieces]
    texts.insert(at, text)
    return [Piece(f"{parent}/pre-{n}", f"{n}. {t}", pieces[0].kind) for n, t in enumerate(texts, 1)]


def test_an_inserted_precondition_moves_the_later_ones_by_their_text(event_1):
    assert len(event_1) == 2 and event_1[1].text.startswith("2. Both SPA and POR")
    new = _renumbered(event_1, 1, "England is Catholic.")
    found = align(event_1, new)
    pairs = {(p.old, p.new): p.how for p in found.pairs}
    assert pairs[("eu-risto:1:I/pre-1", "eu-risto:1:I/pre-1")] == How.SAME
    for n in range(2, len(event_1) + 1):
        assert pairs[(f"eu-risto:1:I/pre-{n}", f"eu-risto:1:I/pre-{n + 1}")] == How.MOVED
    assert found.added == ["eu-risto:1:I/pre-2"] and found.removed == []


def test_a_renumbered_and_edited_sentence_is_moved_and_changed(event_1):
    new = _renumbered(event_1, 1, "England is Catholic.")
    edited = new[2].text.rstrip(".") + " this turn."
    new[2] = Piece(new[2].id, edited, new[2].kind)
    pair = align(event_1, new).new_of()["eu-risto:1:I/pre-2"]
    assert (pair.new, pair.how) == ("eu-risto:1:I/pre-3", How.MOVED_CHANGED)
    assert 0.7 <= pair.similarity < 1


def test_an_edit_in_place_is_changed_and_a_rewrite_is_removed_and_added(event_1):
    first = event_1[0]
    edited = [Piece(first.id, first.text.replace("SPA", "FRA", 1), first.kind), *event_1[1:]]
    assert align(event_1, edited).new_of()[first.id].how in (How.CHANGED, How.SAME)
    rewritten = [Piece(first.id, "The Pope has excommunicated the Emperor twice.", first.kind),
                 *event_1[1:]]
    found = align(event_1, rewritten)
    assert first.id in found.removed and first.id in found.added


def test_the_same_sentence_in_two_places_goes_to_the_nearest():
    old = [Piece("a/step-1", "Draw a card."), Piece("a/step-2", "Roll a die."),
           Piece("b/step-1", "Draw a card.")]
    new = [Piece("a/step-1", "Shuffle the deck."), Piece("a/step-2", "Draw a card."),
           Piece("a/step-3", "Roll a die."), Piece("b/step-1", "Draw a card.")]
    moves = {(p.old, p.new) for p in align(old, new).moves}
    assert moves == {("a/step-1", "a/step-2"), ("a/step-2", "a/step-3")}


def test_a_step_never_matches_a_paragraph():
    old = [Piece("x/step-2", "Place two units in Rome.", "step")]
    new = [Piece("x/para-1", "Place two units in Rome.", "paragraph")]
    found = align(old, new)
    assert found.pairs == [] and found.removed == ["x/step-2"]


def test_alignment_is_a_matching(event_1):
    """No old unit lands on two new ones, and no new one receives two."""
    new = _renumbered(_renumbered(event_1, 0, "SPA is at war."), 3, "FRA is at war.")
    found = align(event_1, new)
    olds, news = [p.old for p in found.pairs], [p.new for p in found.pairs]
    assert len(set(olds)) == len(olds) and len(set(news)) == len(news)
    assert sorted(olds + found.removed) == sorted(p.id for p in event_1)
    assert sorted(news + found.added) == sorted(p.id for p in new)
    json.dumps([p.__dict__ for p in found.pairs])  # plain data, for `folio diff --format json`


def test_an_edit_that_adds_words_keeps_the_unit_as_changed():
    """The real effect 1:I events-phase/2, edited as a designer might: still the same rule."""
    old = [Piece("eu-risto:1:I/events-phase/2", "2. SPA and POR receive 50d.")]
    new = [Piece("eu-risto:1:I/events-phase/2", "2. SPA and POR receive 60d <b>at once</b>.")]
    assert [p.how for p in align(old, new).pairs] == [How.CHANGED]


@pytest.mark.parametrize("unit_id, renumbered_id, number, new_number", [
    ("his:19.4", "his:19.5", "19.4.", "19.5."),  # a rule: "19.4. Фишки союзов великих держав"
    ("eu-risto:1:I", "eu-risto:2:I", "1:", "2:"),  # an event: "1: TREATY OF TORDESILLAS ..."
])
def test_a_renumbered_rule_or_event_is_moved_not_changed(unit_id, renumbered_id, number, new_number):
    corpus, _ = load_corpus(REPO)
    unit = corpus.units[unit_id]
    text = unit.side().text
    assert text.startswith(number + " ")
    old = [Piece(unit_id, text, str(unit.kind))]
    new = [Piece(unit_id, f"{number} Something else entirely", str(unit.kind)),
           Piece(renumbered_id, new_number + text[len(number):], str(unit.kind))]
    [pair] = align(old, new).pairs
    assert (pair.new, pair.how) == (renumbered_id, How.MOVED)


def test_a_bare_number_opening_a_text_is_part_of_it():
    """"4 или меньше: ..." of the exploration table is a result, not a marker: "5 или меньше"
    is another rule."""
    corpus, _ = load_corpus(REPO)
    [unit] = [u for u in corpus.units.values() if u.side().text.startswith("4 или меньше:")]
    old = [Piece(unit.id, unit.side().text, str(unit.kind))]
    new = [Piece(unit.id, "5" + unit.side().text[1:], str(unit.kind))]
    assert align(old, new).pairs[0].how == How.CHANGED
