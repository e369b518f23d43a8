"""The corpus answers "what refers to this unit", "what does it refer to" and "which document
holds it" from the indexes of pipeline/core/lookup.py, the same answers a scan gives, and answers
anew once the link stage has set the references."""

from __future__ import annotations

from pathlib import Path

from pipeline.build import load_corpus
from pipeline.link.references import link

ROOT = Path(__file__).resolve().parents[2]


def test_the_corpus_answers_what_a_scan_of_it_answers():
    corpus = load_corpus(ROOT)[0]
    documents = {d.key: d for d in corpus.documents}
    cited = 0
    for unit in corpus.units.values():
        assert corpus.backlinks(unit.id) == [r for r in corpus.references if r.target_id == unit.id]
        assert corpus.references_from(unit.id) == [r for r in corpus.references if r.source == unit.id]
        assert corpus.document_of(unit) is documents[unit.document]
        cited += bool(corpus.backlinks(unit.id))
    assert cited > 20


def test_references_set_after_a_question_are_seen():
    corpus = load_corpus(ROOT, references=False)[0]
    target = "eu-risto:8:I"
    assert corpus.backlinks(target) == []
    link(corpus)
    assert corpus.backlinks(target) and all(r.target_id == target for r in corpus.backlinks(target))
