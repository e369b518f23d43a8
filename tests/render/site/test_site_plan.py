"""The website's plan: every page found by its template and key from an index, so that the
menu, the home and the status pages, which ask for the page of every document, stay linear in
documents (a scan of the pages per question took 11 s for 5,000 documents)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from pipeline.build import load_corpus
from pipeline.core.model import Corpus, Document
from pipeline.render.site import navigation
from pipeline.render.site.structure import plan

ROOT = Path(__file__).resolve().parents[3]


def test_every_page_of_the_real_corpus_is_found_by_its_template_and_key():
    site = plan(load_corpus(ROOT)[0], changes=True)
    assert all(site.page(page.template, page.key) is page for page in site.pages)
    assert site.page("document", "his-power-rules").path == "his/his-power-rules/"
    with pytest.raises(KeyError):
        site.page("document", "no-such-document")


def test_the_menu_of_five_thousand_documents_is_planned_at_once():
    documents = [Document(f"doc-{n}", "Game", f"book-{n // 5}", f"Doc {n}", "1", "en", "pop-rulebook",
                          f"corpus/sources/doc-{n}.txt") for n in range(5000)]
    site = plan(Corpus(documents=documents))
    titles = {page.path: page.path for page in site.pages}
    start = time.perf_counter()
    menu = navigation(site, titles, lambda message: message)
    assert time.perf_counter() - start < 1.0
    assert sum(len(entries) - 1 for _, entries in menu[1:1001]) == 5000
