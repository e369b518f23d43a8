"""The aids on every core: a build prints the same bytes on one process as on two."""

from __future__ import annotations

from aids_support import REPO, pdftotext
from pipeline.build import load_corpus
from pipeline.render.aids import plan_aids, print_aids

RISTO = "eu-risto-events-period-1"


def test_the_same_pdfs_on_one_process_as_on_every_core(tmp_path, monkeypatch):
    monkeypatch.setenv("FOLIO_CACHE_DIR", "")  # every PDF laid out, twice
    corpus, _ = load_corpus(REPO)
    # the event cards and the Russian PoP aid, whose last page may be set tighter (a second layout)
    plan = plan_aids(corpus, REPO, only=(RISTO, "pop-military-actions"), langs=("ru",))
    one = print_aids(plan, tmp_path / "one", jobs=1)
    two = print_aids(plan, tmp_path / "two", jobs=2)
    assert sorted(one.laid_out) == sorted(two.laid_out) == sorted(f.path for f in plan.files())
    for file in plan.files():
        first, second = one.directory / file.path, two.directory / file.path
        assert pdftotext(first) == pdftotext(second), file.path
        assert first.read_bytes() == second.read_bytes(), file.path
