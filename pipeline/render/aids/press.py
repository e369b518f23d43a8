"""A build's aids printed: what a cache holds is taken from it, the rest laid out on every core.

Each aid in each language on each paper is a job of its own, run in a forked process
(:mod:`pipeline.util.workers`) after the fonts and stylesheets are loaded, so every worker starts
with them. The longest jobs go first, so that no core waits on one long job at the end; the
results are put back in the order of the plan, and a PDF is the same bytes whichever process
printed it (WeasyPrint starts each document afresh). The caches are read and written here, in
the parent process, only: the workers lay out and hand back bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...incremental.store import NULL, Store
from ...util import workers
from . import cache, pdf
from .pdf import Variant


@dataclass(frozen=True)
class Job:
    document: int  # its index among the documents printed
    variant: Variant  # the paper to print on
    cost: int  # how long it takes, in proportion to the others (the length of what it lays out)


class Press:
    """Prints a build's documents with one :class:`~.pdf.Printer`, made only when a document
    is in neither the last build's cache nor the user's (pipeline/render/aids/cache.py)."""

    def __init__(self, store: Store = NULL) -> None:
        self.store = store  # the PDFs of the last build
        #: where the entries found damaged are noted: with the build cache's, for the build to say
        self.damaged = store.damaged

    def print(self, documents: list[tuple[str, list[Variant]]], *, jobs: int = 1,
              inspect: Callable[[int, int, object], None] | None = None) -> list[list[tuple[bytes, bool]]]:
        """Each document (its HTML, its variants) once per variant: (the PDF, whether it was laid
        out now). ``inspect(document, variant, laid_out)`` sees each laid-out document before it is
        dropped, and so bypasses the PDF caches and prints in this process."""
        pdfs: dict[tuple[int, int], tuple[bytes, bool]] = {}
        todo: list[Job] = []
        carried = set()  # found in the last build's cache, and so carried into this build's
        for d, (html, variants) in enumerate(documents):
            for v, variant in enumerate(variants):
                name = cache.key(html, variant)
                kept = self.store.get("pdf", name) if inspect is None else None
                found = kept if kept is not None or inspect is not None else cache.get(name, damaged=self.damaged)
                if kept is not None:
                    carried.add((d, v))
                if found is None:
                    todo.append(Job(d, variant, len(html)))
                else:
                    pdfs[(d, v)] = (found, False)
        if todo:
            printer = pdf.Printer()  # before the fork: every worker inherits the loaded fonts

            def work(job: Job) -> bytes:
                look = None
                if inspect is not None:
                    index = documents[job.document][1].index(job.variant)
                    look = lambda laid: inspect(job.document, index, laid)  # noqa: E731
                return printer.print(documents[job.document][0], job.variant, look)

            for job, data in zip(todo, _run(work, todo, jobs if inspect is None else 1), strict=True):
                html, variants = documents[job.document]
                cache.put(cache.key(html, job.variant), data)
                pdfs[(job.document, variants.index(job.variant))] = (data, True)
        for d, (html, variants) in enumerate(documents):
            for v, variant in enumerate(variants):
                if (d, v) not in carried:
                    self.store.put("pdf", cache.key(html, variant), pdfs[(d, v)][0])
        return [[pdfs[(d, v)] for v in range(len(variants))] for d, (_html, variants) in enumerate(documents)]


def _run(work: Callable[[Job], bytes], jobs_: list[Job], jobs: int) -> list:
    """``[work(job) for job in jobs_]``, the longest jobs started first."""
    order = sorted(range(len(jobs_)), key=lambda i: -jobs_[i].cost)
    done = workers.run(work, [jobs_[i] for i in order], jobs=jobs, stage="aids")
    results: list = [None] * len(jobs_)
    for i, result in zip(order, done, strict=True):
        results[i] = result
    return results
