"""What a build must redo, decided once at its start from the digests it already makes.

Sphinx's ``env.get_outdated_files`` compares each document with the pickled environment and
answers added, changed, removed; its builder prints "updating environment: N added, M changed,
K removed" and reads those documents alone. A Folio build does the same from its fingerprint
(pipeline/incremental/fingerprint.py): each document's digest (its source, translations,
manifest entry, the word lists and the code) against the one the build in place recorded, and
the project's shared files (glossary, checks.yaml, the rule facts, the site's configuration)
against theirs. From that one comparison follows what each stage must redo: the documents to
read, parse, translate and link, the fact files to read again, the rulebooks whose check shard
runs, the documents whose pages render again, the site's pages over the whole corpus, the aids.

The plan names the work its inputs decide; what only the read texts can tell (a page that
shows a changed document through a cross-reference, a word every English text shares) is
found by the store's keys, which cover it: the build reports such work beside the plan's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..core.model import Document
from .fingerprint import TRANSLATIONS, WORDLISTS, Fingerprint

GLOSSARY = "corpus/glossary.yaml"
CHECKS = "corpus/checks.yaml"
MANIFEST = "corpus/manifest.yaml"
#: the rule facts of each rulebook: corpus/rules/<rulebook>.yaml (pipeline/rules/facts.py)
FACTS = "corpus/rules/"
#: the coverage of each document by the facts: corpus/rules/coverage/<file>.yaml (pipeline/rules/coverage.py)
COVERAGE = "corpus/rules/coverage/"


@dataclass(frozen=True)
class Plan:
    """Per document: added, changed, removed or unchanged since the build in place, and the
    project's shared files that changed; what each stage must redo follows from them."""

    #: document key -> its digest now (:meth:`Fingerprint.document`): every stage's entries of
    #: the document are named by it (pipeline/incremental/store.py)
    digests: dict[str, str]
    #: document key -> its rulebook, of the documents now and of those removed
    rulebooks: dict[str, str]
    added: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    unchanged: tuple[str, ...] = ()
    #: the project's files outside any one document that were added, changed or removed
    inputs: tuple[str, ...] = ()
    #: no build in place to update (a first build, ``--clean``, an unreadable cache) or
    #: Folio's code, templates or tools changed since it: everything is made
    everything: bool = False
    #: why, when everything is made
    reason: str = ""
    #: the build in place is current: nothing is read, checked or rendered
    current: bool = False
    #: the rule fact files (corpus/rules/<rulebook>.yaml) and coverage files
    #: (corpus/rules/coverage/*.yaml) there are now
    rule_files: tuple[str, ...] = ()
    #: the rulebooks a changed document moved out of (their shards lose it)
    left: tuple[str, ...] = ()
    #: the documents now, in manifest order
    order: tuple[str, ...] = field(default=(), repr=False)

    # what each stage must redo

    @property
    def documents(self) -> tuple[str, ...]:
        """The documents read, parsed, translated and linked again (the rest come from the
        build in place whole), in manifest order."""
        todo = set(self.added) | set(self.changed)
        return tuple(key for key in self.order if key in todo)

    @property
    def translations(self) -> tuple[str, ...]:
        """The documents whose stored translations are attached again: those read again."""
        return self.documents

    @property
    def facts(self) -> tuple[str, ...]:
        """The fact files read again (the others' facts come from the build in place)."""
        return self._read_again(_fact_file)

    @property
    def coverage(self) -> tuple[str, ...]:
        """The coverage files read again (the others' entries come from the build in place)."""
        return self._read_again(_coverage_file)

    @property
    def checks(self) -> tuple[str, ...]:
        """The rulebooks whose check shard runs: those of a document added, changed or removed,
        or whose facts changed; every one when the glossary or the word lists did."""
        rulebooks = self._rulebooks_now()
        if self.everything or any(path == GLOSSARY or path.startswith(WORDLISTS) for path in self.inputs):
            return rulebooks
        touched = {self.rulebooks[key] for key in (*self.added, *self.changed, *self.removed)}
        touched |= self._fact_rulebooks() | set(self.left)
        return tuple(rulebook for rulebook in rulebooks if rulebook in touched)

    @property
    def pages(self) -> tuple[str, ...]:
        """The documents whose pages render again, in both languages: those read again, those
        of a rulebook whose facts changed (each unit's box), and every one when the glossary
        did (its abbreviations). The pages of their neighbours by cross-reference follow (the
        site's keys find them once the references are resolved)."""
        if self.everything or GLOSSARY in self.inputs:
            return self.order
        facts = self._fact_rulebooks()
        read = set(self.documents)
        return tuple(key for key in self.order if key in read or self.rulebooks[key] in facts)

    @property
    def reports(self) -> tuple[str, ...]:
        """The site's pages over the whole corpus whose inputs changed, so that they may render
        again (their keys tell): the home page, the status page (coverage, rule clauses), the
        findings' report, the glossary, the aids page; "menu": every page's frame, which MkDocs
        makes again (the manifest's titles, mkdocs.yml, the theme)."""
        if self.everything:
            return ("home", "status", "report", "glossary", "aids", "menu")
        documents = bool(self.documents or self.removed)
        facts = any(path.startswith(FACTS) for path in self.inputs)
        menu = any(not path.startswith("corpus/") for path in self.inputs)  # mkdocs.yml, the theme
        found = {"home": documents or MANIFEST in self.inputs,
                 "status": documents or facts or MANIFEST in self.inputs,
                 "report": bool(self.checks) or CHECKS in self.inputs or facts,
                 "glossary": GLOSSARY in self.inputs,
                 "aids": documents or facts or MANIFEST in self.inputs,
                 "menu": menu or MANIFEST in self.inputs}
        return tuple(name for name, redo in found.items() if redo)

    @property
    def aids(self) -> tuple[str, ...]:
        """The rulebooks whose aids are laid out again: an aid prints its rulebook's documents
        and rule facts."""
        if self.everything:
            return self._rulebooks_now()
        touched = {self.rulebooks[key] for key in self.documents} | self._fact_rulebooks()
        return tuple(rulebook for rulebook in self._rulebooks_now() if rulebook in touched)

    # what a person reads

    def line(self) -> str:
        """One line, as Sphinx's "updating environment: …": what this build is about to do."""
        if self.current:
            return "updating: nothing, the build in place is current"
        counts = (f"{len(self.added)} added, {len(self.changed)} changed, {len(self.removed)} removed "
                  f"documents ({len(self.unchanged)} unchanged)")
        shared = [path.removeprefix("corpus/") for path in self.inputs if not _own(path)]
        tail = f"; {self.reason}" if self.everything and self.reason else ""
        if shared and not self.everything:
            tail += "; changed: " + ", ".join(shared[:4]) + (f" and {len(shared) - 4} more" if len(shared) > 4 else "")
        return f"updating: {counts}{tail}"

    def to_json(self) -> dict:
        """The plan as `folio build --dry-run --format json` prints it."""
        return {"current": self.current, "everything": self.everything, "reason": self.reason,
                "added": list(self.added), "changed": list(self.changed), "removed": list(self.removed),
                "unchanged": list(self.unchanged), "inputs": list(self.inputs),
                "redo": {"read": list(self.documents), "facts": list(self.facts), "checks": list(self.checks),
                         "pages": list(self.pages),
                         "reports": list(self.reports), "aids": list(self.aids)}}

    def _fact_rulebooks(self) -> set[str]:
        """The rulebooks whose fact file changed."""
        return {path.removeprefix(FACTS).removesuffix(".yaml") for path in self.inputs if _fact_file(path)}

    def _read_again(self, kind: Callable[[str], bool]) -> tuple[str, ...]:
        """The rule files of ``kind`` there are now that changed, or all of them when everything is made."""
        return tuple(path for path in self.rule_files if kind(path) and (self.everything or path in self.inputs))

    def _rulebooks_now(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.rulebooks[key] for key in self.order))


def record(plan: Plan) -> dict:
    """What the build's manifest keeps of its documents for the next build's plan."""
    return {key: {"digest": plan.digests[key], "rulebook": plan.rulebooks[key]} for key in plan.order}


def outdated(fingerprint: Fingerprint, documents: Iterable[Document], previous: dict | None,
             *, current: bool = False) -> Plan:
    """The plan of a build of ``documents`` (the manifest's, in its order) with ``fingerprint``,
    against the manifest of the build in place (``previous``; None: there is none to update,
    or it is not to be used). ``current``: that build is of these very inputs."""
    documents = list(documents)
    order = tuple(d.key for d in documents)
    rulebooks = {d.key: d.rulebook for d in documents}
    rule_files = tuple(path for path in fingerprint.files if _fact_file(path) or _coverage_file(path))
    if current:  # nothing is keyed: a no-op rebuild digests no document (the manifest's entries alone)
        return Plan({}, rulebooks, unchanged=order, current=True, rule_files=rule_files, order=order)
    digests = {d.key: fingerprint.document(d) for d in documents}
    kept = _documents(previous)
    if previous is None or kept is None:
        return Plan(digests, rulebooks, added=order, everything=True,
                    reason="no build to update" if previous is None else "the build in place is from an older Folio",
                    rule_files=rule_files, order=order)
    rulebooks.update({key: entry["rulebook"] for key, entry in kept.items() if key not in rulebooks})
    before = previous.get("inputs")
    if not isinstance(before, dict):
        before = {}  # every file taken for changed: a plan says too much rather than too little
    inputs = tuple(sorted(path for path in {*before, *fingerprint.files}
                          if before.get(path) != fingerprint.files.get(path)))
    code = previous.get("code") != fingerprint.code
    left = {kept[key]["rulebook"] for key in order if key in kept and kept[key]["rulebook"] != rulebooks[key]}
    return Plan(digests, rulebooks,
                added=tuple(key for key in order if key not in kept),
                changed=tuple(key for key in order if key in kept and kept[key]["digest"] != digests[key]),
                removed=tuple(key for key in kept if key not in digests),
                unchanged=tuple(key for key in order if key in kept and kept[key]["digest"] == digests[key]),
                inputs=inputs, everything=code, reason="Folio's code or tools changed" if code else "",
                rule_files=rule_files, left=tuple(sorted(left)), order=order)


def _documents(manifest: dict | None) -> dict[str, dict] | None:
    """The documents the build in place recorded, or None when it recorded none well-formed."""
    found = (manifest or {}).get("documents")
    if not isinstance(found, dict):
        return None
    if not all(isinstance(entry, dict) and isinstance(entry.get("digest"), str)
               and isinstance(entry.get("rulebook"), str) for entry in found.values()):
        return None
    return found


def _fact_file(path: str) -> bool:
    return path.startswith(FACTS) and path.count("/") == 2 and path.endswith(".yaml")


def _coverage_file(path: str) -> bool:
    return path.startswith(COVERAGE) and path.count("/") == 3 and path.endswith(".yaml")


def _own(path: str) -> bool:
    """A file one document owns (its source, its translations), counted with the documents."""
    return path.startswith(("corpus/sources/", TRANSLATIONS))
