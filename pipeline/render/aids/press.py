"""A build's aids printed: what a cache holds is taken from it, the rest laid out on every core.

Each aid in each language on each paper is a job of its own, run in a forked process
(:mod:`pipeline.util.workers`) after the fonts and stylesheets are loaded, so every worker starts
with them. A card aid is measured before it is packed (:mod:`.pack`): its cards are measured in
a first round, beside the other aids' papers, and its papers laid out in a second, packed by
those measurements. The longest jobs go first, so that no core waits on one long job at the
end; the results are put back in the order of the plan, and a PDF is the same bytes whichever
process printed it (WeasyPrint starts each document afresh). The caches are read and written
here, in the parent process, only: the workers lay out and hand back bytes and measurements.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...incremental.store import NULL, Store
from ...util import workers
from . import cache, measures, pack, pdf
from .pdf import Variant


@dataclass(frozen=True)
class Job:
    document: int  # its index among the documents printed
    variant: Variant | None  # the paper to print on; None: measure the document's cards
    cost: int  # how long it takes, in proportion to the others (the length of what it lays out)


class Press:
    """Prints a build's documents with one :class:`~.pdf.Printer`, made only when a document
    is in neither the last build's cache nor the user's (pipeline/render/aids/cache.py)."""

    def __init__(self, store: Store = NULL) -> None:
        self.store = store  # the PDFs and measurements of the last build
        #: where the entries found damaged are noted: with the build cache's, for the build to say
        self.damaged = store.damaged

    def print(self, documents: list[tuple[str, list[Variant]]], *, jobs: int = 1,
              inspect: Callable[[int, int, object], None] | None = None) -> list[list[tuple[bytes, bool]]]:
        """Each document (its HTML, its variants) once per variant: (the PDF, whether it was laid
        out now). ``inspect(document, variant, laid_out)`` sees each laid-out document before it is
        dropped, and so bypasses the PDF caches and prints in this process."""
        pdfs: dict[tuple[int, int], tuple[bytes, bool]] = {}
        todo: dict[int, list[int]] = {}  # document -> the variants to lay out
        carried = set()  # found in the last build's cache, and so carried into this build's
        for d, (html, variants) in enumerate(documents):
            for v, variant in enumerate(variants):
                name = cache.key(html, variant)
                kept = self.store.get("pdf", name) if inspect is None else None
                found = kept if kept is not None or inspect is not None else cache.get(name, damaged=self.damaged)
                if kept is not None:
                    carried.add((d, v))
                if found is None:
                    todo.setdefault(d, []).append(v)
                else:
                    pdfs[(d, v)] = (found, False)
        # the cards' measurements, of a card aid laid out now or (to keep them with the build) not
        cards = {d: measures.Cards(html, cache.salt()) for d, (html, _) in enumerate(documents)
                 if pack.has_cards(html) and (d in todo or self.store.keeps)}
        known = {d: cards[d].known(self._entry) for d in cards}
        if todo:
            laid = self._lay_out(documents, todo, cards, known, jobs if inspect is None else 1, inspect)
            for (d, v), data in laid.items():
                html, variants = documents[d]
                cache.put(cache.key(html, variants[v]), data)
                pdfs[(d, v)] = (data, True)
        for d, (html, variants) in enumerate(documents):
            for v, variant in enumerate(variants):
                if (d, v) not in carried:
                    self.store.put("pdf", cache.key(html, variant), pdfs[(d, v)][0])
        return [[pdfs[(d, v)] for v in range(len(variants))] for d, (_html, variants) in enumerate(documents)]

    def _lay_out(self, documents, todo: dict[int, list[int]], cards: dict[int, measures.Cards],
                 known: dict[int, measures.Entries], jobs: int, inspect) -> dict[tuple[int, int], bytes]:
        printer = pdf.Printer()  # before the fork: every worker inherits the loaded fonts
        measured: dict[int, pack.Measured] = {}

        def work(job: Job):
            html, variants = documents[job.document]
            if job.variant is None:
                d = job.document
                return measures.measure(printer, cards[d], known[d], columns[d])
            look = None
            if inspect is not None:
                index = variants.index(job.variant)
                look = lambda laid: inspect(job.document, index, laid)  # noqa: E731
            return printer.print(html, job.variant, measured.get(job.document), look)

        columns = {}  # a card aid -> the shortest column (px) of the papers it is printed on
        for d in todo:
            if d in cards:  # a tiny layout per paper: made once here, not in every worker
                shortest = min(printer.content_height(documents[d][1][v]) for v in todo[d])
                columns[d] = shortest - pack.SLACK_MM * pack.PX_PER_MM
        first = [Job(d, None, 3 * sum(len(card) for card, key in zip(cards[d].cards, cards[d].narrow, strict=False)
                                      if key not in known[d])) for d in todo if d in cards]
        first += [Job(d, documents[d][1][v], len(documents[d][0]))
                  for d in todo if d not in cards for v in todo[d]]
        second = [Job(d, documents[d][1][v], len(documents[d][0])) for d in todo if d in cards for v in todo[d]]
        laid: dict[tuple[int, int], bytes] = {}
        for job, result in zip(first, _run(work, first, jobs), strict=True):
            if job.variant is None:
                head, made = result
                self._keep(made)
                d = job.document
                measured[d] = measures.measured(cards[d], head, {**known[d], **made})
            else:
                laid[(job.document, documents[job.document][1].index(job.variant))] = result
        for job, result in zip(second, _run(work, second, jobs), strict=True):
            laid[(job.document, documents[job.document][1].index(job.variant))] = result
        return laid

    def _entry(self, key: str) -> dict | None:
        """A card's measurement from the last build or the user's cache, kept in this build's."""
        entry = self.store.get("card", key, measures.load)
        if entry is None:
            entry = cache.get(key, "card", measures.load, self.damaged)
            if entry is not None:
                self.store.put("card", key, measures.dump(entry))
        return entry

    def _keep(self, made: measures.Entries) -> None:
        cache.put_many({key: measures.dump(entry) for key, entry in made.items()}, "card")
        for key, entry in made.items():
            self.store.put("card", key, measures.dump(entry))


def _run(work: Callable[[Job], object], jobs_: list[Job], jobs: int) -> list:
    """``[work(job) for job in jobs_]``, the longest jobs started first."""
    order = sorted(range(len(jobs_)), key=lambda i: -jobs_[i].cost)
    done = workers.run(work, [jobs_[i] for i in order], jobs=jobs, stage="aids")
    results: list = [None] * len(jobs_)
    for i, result in zip(order, done, strict=True):
        results[i] = result
    return results
