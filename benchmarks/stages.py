"""One measurement of Folio on one repository, run in a process of its own by benchmarks/scale.py.

    stages.py ROOT --stages        every stage on its own, one core, nothing reused: wall and
                                   CPU seconds and peak memory per stage, words checked
                                   (--pages-only: Folio's pages without MkDocs and Pagefind)
    stages.py ROOT --build [...]   one `folio build` as build() runs it: wall, CPU, its own
                                   timings, what it rendered and the peak memory of all its
                                   processes together (benchmarks/memory.py) (--clean, --jobs N)

Prints one JSON object. Peak memory is the stage's own: the kernel's high-water mark of this
process is reset before each stage (/proc/self/clear_refs), and the peak of the processes it
waited for (Pagefind's indexer, MkDocs and check workers) is read from getrusage.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import re
import resource
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from memory import PeakMemory

from pipeline import build as pipeline
from pipeline.check import FAMILIES, shards
from pipeline.check.base import WORD
from pipeline.check.rules_coverage import CLAUSES
from pipeline.core.model import Corpus
from pipeline.link.references import link
from pipeline.link.translations import attach
from pipeline.parse import PARSERS, translated_side
from pipeline.parse.document import parse, read
from pipeline.read.manifest import load_manifest
from pipeline.rules import load_facts
from pipeline.rules.coverage import classify_held


def _rss_peak_kb() -> int:
    status = Path("/proc/self/status").read_text()
    return int(re.search(r"VmHWM:\s+(\d+)", status).group(1))


def _children_cpu() -> float:
    times = os.times()
    return times.children_user + times.children_system


@contextmanager
def measured(results: dict, name: str):
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")  # reset the high-water mark: this stage's own
    wall, cpu, children = time.perf_counter(), time.process_time(), _children_cpu()
    yield
    results[name] = {"wall": time.perf_counter() - wall,
                     "cpu": time.process_time() - cpu + _children_cpu() - children,
                     "peak_mb": _rss_peak_kb() / 1024,
                     "children_peak_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}


def stages(root: Path, pages_only: bool = False) -> dict:
    """Each stage as the pipeline runs it, called one by one, serially and from nothing; with
    ``pages_only``, the site stops at Folio's pages: no MkDocs, no search index."""
    from pipeline.incremental.buildcache import BuildCache
    from pipeline.incremental.fingerprint import fingerprint
    from pipeline.incremental.store import Store
    from pipeline.render.site import mkdocs_adapter, render_site, search, wanted

    out: dict = {}
    with measured(out, "read"):
        corpus = Corpus(documents=load_manifest(root, PARSERS))
        sources = [read(root, document) for document in corpus.documents]
    with measured(out, "parse"):
        for document, source in zip(corpus.documents, sources, strict=True):
            corpus.add_document_units(parse(document, source))
    with measured(out, "link"):
        attach(corpus, root, translated_side)
        link(corpus)
        facts = load_facts(root)  # the rule facts bind to units: read with them, as build() does
    notes = [note for source in sources for note in source.notes]
    with measured(out, "check"):
        diagnostics = pipeline.check(corpus, root, notes, facts=facts)
    words = sum(len(WORD.findall(side.text)) for unit in corpus.units.values()
                for side in unit.sides.values())
    families = dict.fromkeys(FAMILIES, 0.0)
    # Each family as the build runs it: on each rulebook's shard, then what spans rulebooks on
    # the whole corpus. One whole-corpus context would split every text once per family, more
    # texts than the cache of words (pipeline/language/words.py) holds.
    whole, shared = shards.whole_context(corpus, root, list(FAMILIES), facts=facts)
    # The build's driver classifies the rules' clauses once, for the coverage family and the
    # status page both, and hands them to the checks (run_checks's ``given``): that work is the
    # check stage's above, not the coverage family's (5 % of the families' CPU at x100 otherwise)
    whole.cache[CLAUSES] = classify_held(corpus, facts, root)
    # The build's check shards run with the loaded corpus frozen (pipeline/util/workers.py):
    # unfrozen, the collector's full passes over the whole corpus land in whichever family
    # happens to trigger them, a cost the build does not pay.
    gc.freeze()
    try:
        rulebooks, made = shards.shard_contexts(whole, shared)
        for context in map(made, range(len(rulebooks))):
            for name, family in FAMILIES.items():  # each family's own CPU, on a warm process
                start = time.process_time()
                list(family.check(context))
                families[name] += time.process_time() - start
        for name, family in FAMILIES.items():
            start = time.process_time()
            list(getattr(family, "check_whole", lambda _: ())(whole))
            families[name] += time.process_time() - start
    finally:
        gc.unfreeze()
    with tempfile.TemporaryDirectory(prefix="folio-bench-") as work:
        work = Path(work)
        with measured(out, "render corpus"):
            pipeline.render(corpus, diagnostics, work / "build")  # the null store: nothing reused
        if wanted(root):
            # a build's store that finds nothing: the pages' keys are made as a build makes them,
            # and each part of the site is timed
            store = Store(BuildCache.disabled(), fingerprint(root), jobs=1)
            indexing, wrapping = search.index, mkdocs_adapter.run
            search.index = lambda *args, **kwargs: _index(out, indexing, *args, **kwargs)  # on its own
            if pages_only:
                search.index = lambda *args, **kwargs: _index(out, lambda *_, **__: search.Indexed(0),
                                                              *args, **kwargs)
                mkdocs_adapter.run = lambda *args, **kwargs: 0
            try:
                with measured(out, "render site"):
                    render_site(corpus, diagnostics, root, work / "site", store=store)
            finally:
                search.index, mkdocs_adapter.run = indexing, wrapping
            if pages_only:
                del out["search index"]
            site = out["render site"]
            for part in ("wall", "cpu"):  # the indexing is reported as a stage of its own
                site[part] -= out.get("search index", {}).get(part, 0.0)
            site["pages"] = store.timings.get("site pages", 0.0)
            site["mkdocs"] = store.timings.get("mkdocs", 0.0)
        with measured(out, "aids"):
            plan = pipeline.plan_aids(corpus, root, facts)
            pipeline.print_aids(plan, work / "build" / "aids")
    return {"stages": out, "words": words, "units": len(corpus.units),
            "documents": len(corpus.documents), "references": len(corpus.references),
            "families_cpu": families}


def _index(out: dict, indexing, *args, **kwargs) -> int:
    with measured(out, "search index"):
        return indexing(*args, **kwargs)


def full_build(root: Path, jobs: int | None, clean: bool) -> dict:
    wall, cpu, children = time.perf_counter(), time.process_time(), _children_cpu()
    with PeakMemory() as memory:
        # as `folio build` runs it: the trees it replaced are removed by a process it does not wait for
        result = pipeline.build(root, jobs=jobs, clean=clean, detach=True)
    return {"wall": time.perf_counter() - wall,
            "cpu": time.process_time() - cpu + _children_cpu() - children,
            "peak_mb": _rss_peak_kb() / 1024,
            "children_peak_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
            "tree_peak_mb": memory.mb, "tree_processes": memory.processes,
            "timings": result.timings, "stats": dict(result.stats),
            "touched": {k: len(v) for k, v in result.touched.items()},
            "unchanged": result.corpus is None}


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("root", type=Path)
    parser.add_argument("--stages", action="store_true")
    parser.add_argument("--pages-only", action="store_true")
    parser.add_argument("--build", action="store_true")
    parser.add_argument("--clean", action="store_true")
    parser.add_argument("--jobs", type=int)
    args = parser.parse_args()
    root = args.root.resolve()
    report = stages(root, args.pages_only) if args.stages else full_build(root, args.jobs, args.clean)
    print(json.dumps(report))
