"""The one runner of the checks: one shard per rulebook, each cached, and run on any free core.

No family judges a unit against more than its own rulebook (numbering and abbreviations per
document, terms per edition, spelling per file, references inside the rulebook), so a
rulebook's findings follow from its documents, their translations, the facts bound to their
units and the shared configuration (glossary, word lists), plus what :data:`WHOLE` gathers from
the whole corpus, which every shard receives as it is. A family's ``check(ctx)`` runs on each
shard; what spans rulebooks is its ``check_whole(ctx)``, when it has one, run once over the
whole corpus (the rules family's executable rules, worked examples, and facts bound to a unit
no document has). tests/test_check_shards.py holds a corpus of two copies of the real one to
the findings of each copy.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from .. import language, pickled, workers
from ..buildcache import BuildCache
from ..diagnostics import Diagnostic, Severity
from ..fingerprint import Fingerprint, digest
from ..lookup import Lookup
from ..model import LANGUAGES, Corpus
from ..rules import load_facts
from ..rules.facts import Fact, Facts
from ..termbase import GLOSSARY, load_termbase
from . import script
from .base import CheckContext
from .config import CheckConfig, load_config
from .families import FAMILIES, all_codes
from .wordlists import dictionaries

#: corpus-wide values some family reads, by their key among a run's shared values: computed
#: once over the whole corpus and handed to every shard as they are
WHOLE: dict[str, Callable[[CheckContext], object]] = {
    script.LATIN_WORDS: script.latin_abbreviations,  # Latin capitals of every English text
}


@dataclass
class Shard:
    rulebook: str
    documents: list[str]  # keys, in manifest order
    facts: list[Fact] = field(default_factory=list)  # the facts bound to the shard's units


def run_checks(corpus: Corpus, root: Path, *, only: Iterable[str] | None = None,
               config: CheckConfig | None = None, facts: Facts | None = None,
               fingerprint: Fingerprint | None = None, cache: BuildCache | None = None, jobs: int = 1,
               ran: list[str] | None = None) -> list[Diagnostic]:
    """Every finding of the families ``only`` names (default: all), severities and suppressions
    from corpus/checks.yaml (or ``config``) applied, sorted. With a build's ``fingerprint`` and
    ``cache`` a shard whose inputs did not change is taken from the last build; ``ran`` is given
    the rulebooks whose shard was checked (not taken from the cache)."""
    names = list(only) if only else list(FAMILIES)
    codes = {code.code for code in all_codes()}
    config = config or load_config(root, codes)
    cache = cache or BuildCache.disabled()
    whole = CheckContext(corpus, Path(root))
    lookup = whole.lookup()
    shared: dict[str, object] = {key: compute(whole) for key, compute in WHOLE.items()}
    if (Path(root) / GLOSSARY).is_file():  # parsed once, not once per shard
        shared["termbase"] = load_termbase(root)
    if facts is None:
        facts = load_facts(root, fact_reader(cache, fingerprint), missing_ok=True)
    shared["rules.facts"] = whole.cache["rules.facts"] = facts
    shards = _shards(corpus, lookup, facts)
    keys = [_key(shard, names, lookup, fingerprint, shared) for shard in shards]
    found: list[list[dict] | None] = [cache.get_json("checks", key) if key else None for key in keys]
    todo = [n for n, value in enumerate(found) if value is None]
    translations: dict[str, dict] = {shard.rulebook: {} for shard in shards}
    for (unit_id, lang), translation in corpus.translations.items():  # in the corpus's order
        rulebook = lookup.document_of(corpus.units[unit_id]).rulebook
        translations[rulebook][(unit_id, lang)] = translation

    kept: dict[str, object] = {}  # what the shards of this process compile from the configuration

    def run(n: int) -> list[dict]:
        sub = _subcorpus(shards[n].documents, translations[shards[n].rulebook], lookup)
        ctx = CheckContext(sub, Path(root), cache=dict(shared), run=kept)
        return [d.to_json() for name in names for d in _declared(name, FAMILIES[name].check(ctx), codes)]

    if todo and jobs > 1:  # loaded once here, shared by every worker forked below
        language.load()
        for lang in LANGUAGES:
            dictionaries(lang)
    for n, result in zip(todo, workers.run(run, todo, jobs=jobs, stage="check")):
        found[n] = result
        if ran is not None:
            ran.append(shards[n].rulebook)
        if keys[n]:
            cache.put_json("checks", keys[n], result)
    diagnostics = [_diagnostic(data) for shard in found for data in shard]
    for name in names:
        spanning = getattr(FAMILIES[name], "check_whole", None)
        if spanning is not None:
            diagnostics += _declared(name, spanning(whole), codes)
    return sorted({config.apply(d) for d in diagnostics}, key=Diagnostic.sort_key)


def _declared(family: str, diagnostics: Iterable[Diagnostic], codes: set[str]) -> Iterable[Diagnostic]:
    """The family's findings, refusing a code it never declared: README's table of codes and
    checks.yaml's keys come from the declarations."""
    for diagnostic in diagnostics:
        if diagnostic.code not in codes:
            raise AssertionError(f"{family} emitted undeclared code {diagnostic.code}")
        yield diagnostic


def fact_reader(cache: BuildCache, fingerprint: Fingerprint | None):
    """A reader of rule fact files that keeps what it read in the build's cache, by file digest:
    a large corpus's facts take seconds to parse, and most builds change none of them."""
    if fingerprint is None:
        return None

    def read(root: Path, rel: str, load):
        if rel not in fingerprint.files:  # written since the build began: not what it fingerprinted
            return load(root, rel)
        key = digest("facts", fingerprint.code, fingerprint.files[rel])
        kept = cache.get("facts", key)
        found = pickled.loads(kept) if kept is not None else None
        if found is not None:
            return found
        found = load(root, rel)
        cache.put("facts", key, pickled.dumps(found))
        return found

    return read


def _shards(corpus: Corpus, lookup: Lookup, facts) -> list[Shard]:
    shards: dict[str, Shard] = {}
    for document in corpus.documents:
        shards.setdefault(document.rulebook, Shard(document.rulebook, [])).documents.append(document.key)
    for fact in facts:
        unit = corpus.units.get(fact.unit)
        if unit is not None:
            shards[lookup.document_of(unit).rulebook].facts.append(fact)
    return list(shards.values())


def _key(shard: Shard, names: list[str], lookup: Lookup, fingerprint: Fingerprint | None,
          shared: dict) -> str | None:
    """Everything the shard's findings follow from; None (never cached) without a fingerprint."""
    if fingerprint is None:
        return None
    return digest("checks", fingerprint.code, ",".join(names),
                  *(fingerprint.document(lookup.documents[key]) for key in shard.documents),
                  fingerprint.of(GLOSSARY), fingerprint.under("corpus/wordlists/"),
                  repr(shard.facts), json.dumps(sorted(shared[script.LATIN_WORDS])))


def _subcorpus(keys: list[str], translations: dict, lookup: Lookup) -> Corpus:
    """The documents ``keys`` as a corpus of their own, every list in the corpus's order."""
    units = {unit.id: unit for key in keys for unit in lookup.units_of(key)}
    references = [ref for unit_id in units for ref in lookup.references_from(unit_id)]
    orphaned = {key: lookup.corpus.orphaned[key] for key in keys if key in lookup.corpus.orphaned}
    return Corpus([lookup.documents[key] for key in keys], units, references, translations,
                  orphaned)


def _diagnostic(data: dict) -> Diagnostic:
    return Diagnostic.from_json(data)
