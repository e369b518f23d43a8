"""The one runner of the checks: one shard per rulebook, each cached, and run on any free core.

No family judges a unit against more than its own rulebook (numbering and abbreviations per
document, terms per edition, spelling per file, references inside the rulebook), so a
rulebook's findings follow from its documents, their translations, the facts bound to their
units and the shared configuration (glossary, word lists), plus what :data:`WHOLE` gathers from
the whole corpus, which every shard receives as it is. A family's ``check(ctx)`` runs on each
shard; what spans rulebooks is its ``check_whole(ctx)``, when it has one, run once over the
whole corpus (the rules family's executable rules, worked examples, and facts bound to a unit
no document has). tests/check/test_check_shards.py holds a corpus of two copies of the real one to
the findings of each copy.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import language
from ..core.diagnostics import Diagnostic
from ..core.lookup import Lookup
from ..core.model import LANGUAGES, Corpus, Unit
from ..incremental import pickled
from ..incremental.entries import is_finding
from ..incremental.fingerprint import digest
from ..incremental.store import NULL, Store
from ..language import pieces
from ..language.termbase import GLOSSARY, Termbase, load_termbase
from ..rules import load_facts
from ..rules.facts import Fact, Facts
from ..util import collector, project_files, workers
from . import consistency, report, script
from .base import CheckContext
from .config import CheckConfig, load_config
from .families import FAMILIES, all_codes
from .kept import file_reader
from .wordlists import dictionaries


@dataclass(frozen=True)
class Whole:
    """A corpus-wide value some family reads: each document's share of it (plain JSON data, kept
    in the build's cache under the document's digest, so an edit recomputes one document's
    share) and the reduction of the shares, in manifest order, to the value."""

    share: Callable[[list[Unit]], list]
    reduce: Callable[[Path, list[list]], object]
    shape: Any  # the type of a share, which a kept one is checked for (pipeline/incremental/entries.py)
    family: str | None = None  # the one family (its name in FAMILIES) that reads it, None: any; gathered when it runs


#: corpus-wide values some family reads, by their key among a run's shared values: gathered
#: over the whole corpus and handed to every shard as they are
WHOLE: dict[str, Whole] = {
    # Latin capitals of every English text
    script.LATIN_WORDS: Whole(script.latin_capitals, script.latin_words, list[str]),
    # each document's notations, which the consistency of an edition is judged from (check_whole):
    # an edit finds its own document's again, and the judgement reads the others' kept
    consistency.NOTATIONS_SEEN: Whole(consistency.notations, lambda root, shares: shares,
                                      list[tuple[int, str, str, str, list[tuple[str, str, int, str]]]],
                                      "style"),
}


@dataclass
class Shard:
    rulebook: str
    documents: list[str]  # keys, in manifest order
    facts: list[Fact] = field(default_factory=list)  # the facts bound to the shard's units


def run_checks(corpus: Corpus, root: Path, *, only: Iterable[str] | None = None,
               config: CheckConfig | None = None, facts: Facts | None = None,
               store: Store = NULL, given: Mapping[str, object] | None = None,
               outdated: Collection[str] = ()) -> list[Diagnostic]:
    """Every finding of the families ``only`` names (default: all), severities and suppressions
    from corpus/checks.yaml (or ``config``) applied, sorted, on the ``store``'s cores. A shard
    whose inputs did not change is taken from the last build when the ``store`` holds it; the
    store is told the rulebooks whose shard was checked ("checks"). ``given``: what the driver
    made once for the checks and the site too (the rules' clauses), handed to the families
    that span rulebooks by name. ``outdated``: the rulebooks the build's plan checks again
    (pipeline/incremental/plan.py), run without asking the store."""
    names = list(only) if only else list(FAMILIES)
    codes = {code.code for code in all_codes()}
    config = config or load_config(root, codes)
    jobs = store.jobs
    whole, shared = whole_context(corpus, Path(root), names, store, facts)
    lookup = whole.lookup()
    whole.cache.update(given or {})  # what spans rulebooks only: no shard's key needs to follow it
    shards, context = shard_contexts(whole, shared)
    common = digest(_common_key(names, store, shared), repr(config))  # a shard keeps its findings configured
    keys = [_key(shard, common, lookup, store) for shard in shards]
    stale = frozenset(outdated)
    store.count("checks made", sum(shard.rulebook in stale for shard in shards))
    with collector.paused():  # findings, their words and items: no cycle (pipeline/util/collector.py)
        kept_shards: list[tuple[list[Diagnostic], list[str]] | None] = [
            store.get("checks", key, _findings) if key and shard.rulebook not in stale else None
            for shard, key in zip(shards, keys, strict=True)]
    found: list[list[Diagnostic] | None] = [shard[0] if shard else None for shard in kept_shards]
    for shard in kept_shards:
        if shard is not None:  # what checks.json writes of each comes along (pipeline/check/report.py)
            report.known(*shard)
    todo = [n for n, value in enumerate(found) if value is None]

    parent = os.getpid()

    def run(n: int) -> tuple[list[dict], pieces.Kept | None]:
        ctx = context(n)
        found = [d.to_json() for name in names for d in _declared(name, FAMILIES[name].check(ctx), codes)]
        # a forked worker's tokens come back with its findings, for the build to keep (check/kept.py)
        return found, pieces.taken() if os.getpid() != parent else None

    if len(todo) > 1 and jobs > 1:  # loaded once here, shared by every worker forked below
        # (one shard, an edit's, runs in this process: it loads the languages its texts are in)
        language.load()
        for lang in LANGUAGES:
            dictionaries(lang)
    pieces.forget_made()  # each worker hands back its own pieces, not this process's history
    for n, (result, tokens) in zip(todo, workers.run(run, todo, jobs=jobs, stage="check"), strict=True):
        if tokens is not None:
            pieces.adopt(tokens)
        found[n] = made = _configured(config, map(_diagnostic, result))
        if (key := keys[n]) and store.keeps:  # each finding kept with its item of checks.json
            items = [report.item(d) for d in made]
            report.known(made, items)
            store.put("checks", key, pickled.dumps_unshared((made, items)))
    store.touch("checks", [shards[n].rulebook for n in todo])
    spanning: list[Diagnostic] = []
    for name in names:
        judged = getattr(FAMILIES[name], "check_whole", None)
        if judged is not None:
            spanning += _declared(name, judged(whole), codes)
    # each shard's findings are sorted already: the sort merges the runs
    return _distinct(sorted([d for shard in [*found, _configured(config, spanning)] for d in shard or ()],
                            key=Diagnostic.sort_key))


def whole_context(corpus: Corpus, root: Path, names: Collection[str], store: Store = NULL,
                  facts: Facts | None = None) -> tuple[CheckContext, dict[str, object]]:
    """The whole corpus's context, which the families' ``check_whole`` runs on, and the shared
    values every shard receives as they are (:data:`WHOLE`'s that ``names`` read, the glossary,
    the rule facts, read when ``facts`` is None), which that context holds too."""
    whole = CheckContext(corpus, root)
    lookup = whole.lookup()
    read = (None, *names)
    shared: dict[str, object] = {name: _gathered(name, lookup, root, store) for name, gathered in WHOLE.items()
                                 if gathered.family in read}
    whole.cache.update(shared)
    if project_files.present(root, GLOSSARY):  # parsed once, not once per shard
        shared["termbase"] = whole.cache["termbase"] = load_termbase(root, termbase_reader(store))
    if facts is None:
        facts = load_facts(root, fact_reader(store), missing_ok=True)
    shared["rules.facts"] = whole.cache["rules.facts"] = facts
    return whole, shared


def shard_contexts(whole: CheckContext,
                   shared: Mapping[str, object]) -> tuple[list[Shard], Callable[[int], CheckContext]]:
    """The rulebooks' shards, in the corpus's order, and the maker of shard ``n``'s context, the
    one its families run on: :func:`run_checks` makes those of the shards it checks (in the
    processes it forks), benchmarks/stages.py every one. What the configuration compiles to
    is made once for all the contexts of one maker."""
    lookup = whole.lookup()
    shards = _shards(whole.corpus, lookup, shared["rules.facts"])
    translations = _translations(whole.corpus, lookup, shards)
    kept: dict[str, object] = {}

    def context(n: int) -> CheckContext:
        return _context(shards[n], translations, lookup, whole.root, shared, kept)

    return shards, context


def _context(shard: Shard, translations: dict[str, dict], lookup: Lookup, root: Path,
             shared: Mapping[str, object], kept: dict[str, object]) -> CheckContext:
    sub = _subcorpus(shard.documents, translations[shard.rulebook], lookup)
    return CheckContext(sub, root, cache=dict(shared), run=kept)


def _translations(corpus: Corpus, lookup: Lookup, shards: list[Shard]) -> dict[str, dict]:
    """Each shard's translations, by rulebook, in the corpus's order."""
    translations: dict[str, dict] = {shard.rulebook: {} for shard in shards}
    for (unit_id, lang), translation in corpus.translations.items():
        rulebook = lookup.document_of(corpus.units[unit_id]).rulebook
        translations[rulebook][(unit_id, lang)] = translation
    return translations


def _configured(config: CheckConfig, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """The findings with checks.yaml's severities and suppressions, each once, sorted."""
    return sorted({config.apply(d) for d in diagnostics}, key=Diagnostic.sort_key)


def _distinct(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The sorted ``diagnostics``, each once: two shards may find the same finding (in a file
    they share), and equal findings sort together, among those of the same place."""
    kept: list[Diagnostic] = []
    place: tuple | None = None
    since = 0  # where the findings of the current place begin in ``kept``
    for diagnostic in diagnostics:
        key = diagnostic.sort_key()
        if key != place:
            place, since = key, len(kept)
        elif diagnostic in kept[since:]:
            continue
        kept.append(diagnostic)
    return kept


def _declared(family: str, diagnostics: Iterable[Diagnostic], codes: set[str]) -> Iterable[Diagnostic]:
    """The family's findings, refusing a code it never declared: the manual's table of codes and
    checks.yaml's keys come from the declarations."""
    for diagnostic in diagnostics:
        if diagnostic.code not in codes:
            raise AssertionError(f"{family} emitted undeclared code {diagnostic.code}")
        yield diagnostic


def fact_reader(store: Store):
    """A reader of rule fact files that keeps what it read in the ``store``, by file digest:
    a large corpus's facts take seconds to parse, and most builds change none of them."""
    return file_reader(store, "facts", _facts)


def termbase_reader(store: Store):
    """A reader of the glossary that keeps its termbase in the ``store``, by the file's digest: a
    build in a new process parses it again otherwise (0.09 CPU-s at x100, read back in a tenth of that)."""
    return file_reader(store, "termbase", _termbase)


def _termbase(data: bytes) -> Termbase | None:
    found = pickled.loads(data)
    return found if isinstance(found, Termbase) else None


def _shards(corpus: Corpus, lookup: Lookup, facts) -> list[Shard]:
    shards: dict[str, Shard] = {}
    for document in corpus.documents:
        shards.setdefault(document.rulebook, Shard(document.rulebook, [])).documents.append(document.key)
    for fact in facts:
        unit = corpus.units.get(fact.unit)
        if unit is not None:
            shards[lookup.document_of(unit).rulebook].facts.append(fact)
    return list(shards.values())


def _common_key(names: list[str], store: Store, shared: dict) -> str:
    """What every shard's findings follow from: the families, the glossary, the word lists,
    the files a family names as its ``INPUTS`` (the gazetteer) and the corpus-wide values."""
    fingerprint = store.fingerprint
    inputs = sorted({path for name in names for path in getattr(FAMILIES[name], "INPUTS", ())})
    return digest("checks", fingerprint.code, ",".join(names), fingerprint.of(GLOSSARY),
                  fingerprint.under("corpus/wordlists/"), fingerprint.of(*inputs),
                  json.dumps(sorted(shared[script.LATIN_WORDS])))


def _key(shard: Shard, common: str, lookup: Lookup, store: Store) -> str | None:
    """Everything the shard's findings follow from: ``common``, the shard's own documents and
    the files its facts are read from (which facts bind to its units follows from those and
    the documents; the files' digests cost nothing, the facts' repr a third of a second at
    x100)."""
    files = sorted({fact.path for fact in shard.facts})
    if not all(path in store.fingerprint.files for path in files):  # written since the build began
        return None
    return digest(common, *(store.document(lookup.documents[key]) for key in shard.documents),
                  store.fingerprint.of(*files))


def _gathered(name: str, lookup: Lookup, root: Path, store: Store) -> object:
    """The corpus-wide value :data:`WHOLE` names, from every document's share: those of the
    documents an edit did not touch come from the last build."""
    whole = WHOLE[name]
    shares = []
    for document in lookup.corpus.documents:
        key = digest("whole", name, store.document(document))
        share = store.get_json("whole", key, whole.shape)
        if share is None:
            share = whole.share(lookup.units_of(document.key))
            store.put_json("whole", key, share)
        shares.append(share)
    return whole.reduce(root, shares)


def _subcorpus(keys: list[str], translations: dict, lookup: Lookup) -> Corpus:
    """The documents ``keys`` as a corpus of their own, every list in the corpus's order."""
    units = {unit.id: unit for key in keys for unit in lookup.units_of(key)}
    references = [ref for unit_id in units for ref in lookup.references_from(unit_id)]
    orphaned = {key: lookup.corpus.orphaned[key] for key in keys if key in lookup.corpus.orphaned}
    return Corpus([lookup.documents[key] for key in keys], units, references, translations,
                  orphaned)


def _diagnostic(data: dict) -> Diagnostic:
    return Diagnostic.from_json(data)


def _findings(data: bytes) -> tuple[list[Diagnostic], list[str]] | None:
    """A shard's kept findings and their items of checks.json, when each is a finding whole
    (else the shard is checked again)."""
    found = pickled.loads(data)
    ok = type(found) is tuple and len(found) == 2 and type(found[0]) is list and type(found[1]) is list \
        and len(found[0]) == len(found[1]) and all(map(is_finding, found[0])) \
        and all(type(text) is str for text in found[1])
    return found if ok else None


def _facts(data: bytes) -> tuple[str, dict[str, Fact]] | None:
    """A fact file's kept reading (its rulebook and its facts by id), when the pickle is one;
    each fact is checked for its class only: a build at x100 reads hundreds of thousands."""
    found = pickled.loads(data)
    ok = isinstance(found, tuple) and len(found) == 2 and isinstance(found[0], str) \
        and isinstance(found[1], dict) and all(isinstance(fact, Fact) for fact in found[1].values())
    return found if ok else None
