"""The aids on every core and cheap to plan: a build prints the same bytes on one process as on
two, and an edit to one event measures that event's card alone, then prints what a print from
nothing prints."""

from __future__ import annotations

import pytest

import pipeline.render.aids.pdf
from aids_support import REPO, pdftotext
from pipeline.build import load_corpus
from pipeline.render.aids import pack, plan_aids, print_aids

RISTO = "eu-risto-events-period-1"
TRANSLATION = "corpus/translations/eu-risto-period-1.ru.yaml"
#: event 2:I's first effect, as the Russian side words it
ELECTION = "1. Выборы проводятся среди монархов SPA, FRA и ENG"


@pytest.fixture
def measured(monkeypatch):
    """The cards each narrow measuring layout lays out, by the aid's language."""
    calls: list[tuple[str, list[int]]] = []
    original = pipeline.render.aids.pdf.Printer.measure_narrow

    def recording(self, html, cards):
        calls.append((('lang="ru"' in html and "ru") or "en", list(cards)))
        return original(self, html, cards)

    monkeypatch.setattr(pipeline.render.aids.pdf.Printer, "measure_narrow", recording)
    return calls


def test_the_same_pdfs_on_one_process_as_on_every_core(tmp_path, monkeypatch):
    monkeypatch.setenv("FOLIO_CACHE_DIR", "")  # every PDF laid out, twice
    corpus, _ = load_corpus(REPO)
    # the event cards (measured, then packed per paper) and the Russian PoP aid, whose last
    # page is set tighter on A4 (a second layout)
    plan = plan_aids(corpus, REPO, only=(RISTO, "pop-military-actions"), langs=("ru",))
    one = print_aids(plan, tmp_path / "one", jobs=1)
    two = print_aids(plan, tmp_path / "two", jobs=2)
    assert sorted(one.laid_out) == sorted(two.laid_out) == sorted(f.path for f in plan.files())
    for file in plan.files():
        first, second = one.directory / file.path, two.directory / file.path
        assert pdftotext(first) == pdftotext(second), file.path
        assert first.read_bytes() == second.read_bytes(), file.path


def test_an_edit_to_one_event_measures_its_card_alone_and_prints_as_from_nothing(
        corpus_copy, tmp_path, monkeypatch, measured):
    monkeypatch.setenv("FOLIO_CACHE_DIR", str(tmp_path / "cache"))
    corpus, _ = load_corpus(corpus_copy)
    before = plan_aids(corpus, corpus_copy, only=(RISTO,), langs=("ru",), papers=("a4",))
    print_aids(before, tmp_path / "before", jobs=1)
    cards = before.documents[0].html.count("<!--folio:card-->")
    assert measured == [("ru", list(range(cards)))]  # every card, each once

    path = corpus_copy / TRANSLATION
    text = path.read_text(encoding="utf-8")
    assert text.count(ELECTION) == 1
    path.write_text(text.replace(ELECTION, ELECTION.replace("проводятся", "идут")), encoding="utf-8")
    corpus, _ = load_corpus(corpus_copy)
    after = plan_aids(corpus, corpus_copy, only=(RISTO,), langs=("ru",), papers=("a4", "letter"))
    measured.clear()
    edited = print_aids(after, tmp_path / "after", jobs=1)
    edited_card = next(i for i, card in enumerate(pack.split(after.documents[0].html)[1])
                       if 'id="eu-risto:2:I"' in card)
    assert measured == [("ru", [edited_card])]  # the edited card alone
    file = edited.files[0]
    assert "идут среди монархов" in " ".join(pdftotext(edited.directory / file.path))

    monkeypatch.setenv("FOLIO_CACHE_DIR", "")  # the same aid measured and printed from nothing
    measured.clear()
    fresh = print_aids(after, tmp_path / "fresh", jobs=1)
    assert measured == [("ru", list(range(cards)))]
    for file in after.files():
        assert (fresh.directory / file.path).read_bytes() == (edited.directory / file.path).read_bytes()
