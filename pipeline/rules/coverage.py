"""Every clause of a source accounted for: executable, prose only (and why), or not a rule.

A sentence of a document's original text (split by :mod:`pipeline.language.sentences`) is
classified from what the project already says where that can be derived honestly:

- a sentence holding the words of a rule fact is **executable** (the fact is read by a rule:
  `tests/rules/test_rules_coverage.py` proves every fact is), or **prose only** for the reason the
  fact's ``prose_only`` gives;
- a sentence of a worked example (a unit of kind ``example`` or inside one) is **not a rule**;
- a heading (a unit's own title or rule number) is **not a rule**.

The rest is recorded by a person, per document, in ``corpus/rules/coverage/<document>.yaml``:
each entry names a unit and quotes the opening words of one of its sentences (or of a clause,
where a sentence holds several), and says what that clause is. The quote is what ties an entry
to the text: when the source changes and the words are gone, the check says the entry is stale.
The schema is written at the top of every coverage file; the manual ("Rules coverage") explains
how to classify a new clause.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Protocol

from ..core.kinds import Kind
from ..core.model import Corpus, Document, Side, Unit
from ..language.sentences import Sentence, sentences
from ..util import yamlio
from .ahead import parsed_ahead
from .facts import Fact, Facts
from .source import Checker, Node, parse
from .wording import find

DIRECTORY = "corpus/rules/coverage"


class Class(StrEnum):
    EXECUTABLE = "executable"
    PROSE = "prose-only"
    NOT_A_RULE = "not-a-rule"


#: the classes a document's tally counts, in its order
TALLIED = (Class.EXECUTABLE, Class.PROSE, Class.NOT_A_RULE)


#: why a clause with rule content is not executed: the key an entry's ``prose`` names
PROSE_REASONS = {
    "map": "needs the map: areas, spaces, routes, sea zones, what borders what",
    "deck": "needs the card deck or the text of a card the corpus does not hold",
    "choice": "a player's choice or permission: there is no outcome to compute",
    "board": "follows from the board (units present, control, wars, alliances) and is carried out "
             "by the players: markers placed, units moved or removed",
    "basic-rules": "applies the basic rules, which the corpus does not hold",
    "sequence": "orders play (go to a step, when a phase happens) and decides no outcome",
    "other": "another reason, given in `why`",
}
#: what a clause that is not a rule is: the key an entry's ``not`` names
NOT_A_RULE_KINDS = {
    "heading": "a title or a rule number",
    "example": "a worked example",
    "history": "a historical note",
    "flavour": "colour or the designer's intent",
    "intro": "introduces what follows (a list, a procedure) and states no rule itself",
    "reference": "points to another rule and states none",
    "restates": "says again what another sentence states as a rule",
}
#: the unit kinds whose own text is their heading
HEADED = {Kind.DOCUMENT, Kind.SECTION, Kind.EVENT, Kind.OCCURRENCE, Kind.PHASE, Kind.PROCEDURE, Kind.ACTION}


@dataclass(frozen=True)
class Entry:
    """One classified clause as a coverage file records it."""

    document: str
    unit: str
    says: str  # the opening words of the sentence (or clause), as the original writes them
    cls: Class
    reason: str | None  # a key of PROSE_REASONS or NOT_A_RULE_KINDS; None when executable
    why: str | None
    facts: tuple[str, ...]  # executable: the facts whose words stand elsewhere
    path: str
    line: int


@dataclass(frozen=True)
class Clause:
    """A classified clause of a document's original text."""

    unit: str
    sentence: int  # 1-based, in the unit's own text
    text: str
    cls: Class
    reason: str | None
    source: str  # "fact", "kind" (derived) or "entry" (recorded)
    facts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Unclassified:
    unit: Unit
    side: Side
    sentence: int
    span: Sentence


@dataclass(frozen=True)
class Stale:
    entry: Entry
    why: str  # "unit", "words", "fact", "executable"; "shared": a question, not a fault
    detail: str | None = None  # the fact's id, or the nearest sentence now


@dataclass
class DocumentCoverage:
    document: str
    sentences: int = 0
    clauses: list[Clause] = field(default_factory=list)
    unclassified: list[Unclassified] = field(default_factory=list)
    #: how many clauses, and of each class (:data:`TALLIED`), where ``clauses`` may not hold
    #: them: a build keeps the tally of a document, not its clauses (:class:`Memo`)
    tally: tuple[int, ...] | None = None

    def count(self, cls: Class) -> int:
        if self.tally is not None:
            return self.tally[1 + TALLIED.index(cls)]
        return sum(1 for clause in self.clauses if clause.cls == cls)

    def counted(self) -> tuple[int, ...]:
        """How many clauses, and of each class of :data:`TALLIED`."""
        if self.tally is not None:
            return self.tally
        return (len(self.clauses), *(self.count(cls) for cls in TALLIED))

    @property
    def share(self) -> float | None:
        """The executable share of the clauses that are rules (None: no rule clause at all)."""
        rules = self.count(Class.EXECUTABLE) + self.count(Class.PROSE)
        return self.count(Class.EXECUTABLE) / rules if rules else None

    def row(self) -> dict:
        share = self.share
        return {"document": self.document, "sentences": self.sentences, "clauses": self.counted()[0],
                "executable": self.count(Class.EXECUTABLE), "prose_only": self.count(Class.PROSE),
                "not_a_rule": self.count(Class.NOT_A_RULE), "unclassified": len(self.unclassified),
                "executable_share": None if share is None else round(share, 3)}


@dataclass(frozen=True)
class Classified:
    """What classifying one document's clauses found, as plain data that a build keeps under the
    document's inputs (:class:`Memo`) and turns back into its :class:`DocumentCoverage`: the
    units, sides and entries it names are the build's own again. A build keeps it without its
    ``clauses`` (their ``tally`` is what it shows): at x100 reading them back took seconds."""

    sentences: int
    clauses: tuple[Clause, ...]
    unclassified: tuple[tuple[str, int, int, int, str], ...]  # unit id, sentence, its span
    stale: tuple[tuple[str, int, str, str | None], ...]  # unit id, which of its entries, why, detail
    tally: tuple[int, ...]  # how many clauses, and of each class of TALLIED (four numbers)


class Memo(Protocol):
    """Where a build keeps what classifying took (pipeline/check/kept.py): a coverage file's
    entries by the file's digest, a document's :class:`Classified` by everything it follows
    from. An edit then parses and classifies its own document only."""

    def read(self, root: Path, rel: str, load: Callable[[Path, str], tuple[Entry, ...]]) -> tuple[Entry, ...]:
        """The entries of the coverage file ``rel`` (``load`` reads them)."""

    def classified(self, document: Document, inputs: list[str], make: Callable[[], Classified]) -> Classified:
        """The document's clauses (``make`` classifies them), kept without the clauses themselves
        (their tally stays); ``inputs``: the files they follow from besides the document's own
        (its coverage file, the files of the facts bound to it)."""


@dataclass
class Coverage:
    documents: list[DocumentCoverage]
    stale: list[Stale]

    def rows(self) -> list[dict]:
        rows = [d.row() for d in self.documents]
        tallies = [d.counted() for d in self.documents]
        total = DocumentCoverage("total", sum(d.sentences for d in self.documents), [],
                                 [u for d in self.documents for u in d.unclassified],
                                 tuple(sum(column) for column in zip(*tallies, strict=True)) if tallies
                                 else (0,) * (1 + len(TALLIED)))
        return [*rows, total.row()] if rows else rows


def load_entries(root: Path, directory: str = DIRECTORY, memo: Memo | None = None, *,
                 fresh: Collection[str] = (), jobs: int = 1) -> list[Entry]:
    """Every entry of ``corpus/rules/coverage/*.yaml``; a malformed file is a FolioError at its
    line. The files ``fresh`` names (those a build's plan reads again), when the ``memo`` reads
    the others from a build's cache, are parsed ahead on up to ``jobs`` processes."""
    folder = Path(root) / directory
    if not folder.is_dir():
        return []
    found: list[Entry] = []
    rels = [path.relative_to(root).as_posix() for path in sorted(folder.glob("*.yaml"))]
    load = parsed_ahead(Path(root), rels, fresh, _load_file, jobs) if memo is not None else _load_file
    for rel in rels:
        found += memo.read(root, rel, load) if memo is not None else load(root, rel)
    return found


def _load_file(root: Path, rel: str) -> tuple[Entry, ...]:
    return _entries(rel, yamlio.read_file(root, rel))


@functools.lru_cache(maxsize=4096)
def _entries(rel: str, text: str) -> tuple[Entry, ...]:
    """The entries of the coverage file ``rel`` holding ``text``, read once per process: the
    coverage check and the status page's clause rows read every file on every build, and
    `folio serve` builds on every save (a twentieth of a rebuild's CPU on the real corpus)."""
    check = Checker(rel)
    top = parse(text, rel)
    keys = check.mapping(top, "a coverage file", {"document", "units"})
    document = check.text(keys["document"], "document")
    if Path(rel).stem != document:
        raise check.fail(keys["document"], f"the coverage of {document} is named {document}.yaml")
    units = keys["units"]
    if not isinstance(units.value, dict) or not units.value:
        raise check.fail(units, "units must map a unit id to the list of its classified clauses")
    entries = []
    for unit_id, node in units.children.items():
        if not isinstance(node.value, list) or not node.value:
            raise check.fail(node, f"{unit_id}: a non-empty list of clauses")
        for item in node.children:
            entries.append(_entry(check, item, document, str(unit_id)))
    return tuple(entries)


def _entry(check: Checker, node: Node, document: str, unit: str) -> Entry:
    keys = check.mapping(node, f"a clause of {unit}", {"says"}, {"prose", "not", "facts", "why"})
    says = check.text(keys["says"], f"{unit}: says")
    given = [k for k in ("prose", "not", "facts") if k in keys]
    if len(given) != 1:
        raise check.fail(node, f"{unit} ({says!r}): give exactly one of prose: REASON, not: KIND, facts: [ID, ...]")
    why = check.text(keys["why"], f"{unit}: why") if "why" in keys else None
    facts: tuple[str, ...] = ()
    reason: str | None = None
    if given[0] == "facts":
        value = keys["facts"]
        if not isinstance(value.value, list) or not value.value:
            raise check.fail(value, f"{unit}: facts is a non-empty list of fact ids")
        facts = tuple(check.text(n, f"{unit}: facts") for n in value.children)
        cls = Class.EXECUTABLE
    else:
        cls = Class.PROSE if given[0] == "prose" else Class.NOT_A_RULE
        known = PROSE_REASONS if cls == Class.PROSE else NOT_A_RULE_KINDS
        reason = check.text(keys[given[0]], f"{unit}: {given[0]}")
        if reason not in known:
            raise check.fail(keys[given[0]], f"{unit}: {given[0]} is one of {', '.join(known)}, not {reason!r}")
        if reason == "other" and why is None:
            raise check.fail(node, f"{unit} ({says!r}): prose: other needs its why")
    return Entry(document, unit, says, cls, reason, why, facts, check.path, node.line)


def classify_held(corpus: Corpus, facts: Facts, root: Path, memo: Memo | None = None, *,
                  fresh: Collection[str] = (), jobs: int = 1) -> Coverage:
    """The clauses of the documents of a rulebook with rule facts, classified: what the driver
    makes once per build for the coverage checks and the status page. ``memo``: where a build
    keeps the coverage files' entries and each document's clauses; ``fresh``: the coverage files
    its plan reads again, parsed ahead on up to ``jobs`` processes."""
    held = [d.key for d in corpus.documents if d.rulebook in facts.files]
    entries = load_entries(root, memo=memo, fresh=fresh, jobs=jobs) if held else ()
    return classify(corpus, facts, entries, documents=held, memo=memo)


def classify(corpus: Corpus, facts: Facts, entries: Iterable[Entry], *,
             documents: Iterable[str] | None = None, memo: Memo | None = None) -> Coverage:
    """The clauses of every document (or of ``documents``) classified, what is left unclassified,
    and the entries that no longer match their text. With a ``memo`` (a build's) each document
    holds its clauses' ``tally``, not the clauses: what the build shows and checks."""
    by_unit: dict[str, list[Entry]] = {}
    stale: list[Stale] = []
    entries = list(entries)
    known = {d.key for d in corpus.documents}
    wanted = set(documents) if documents is not None else known
    for entry in entries:
        unit = corpus.units.get(entry.unit)
        if unit is None or unit.document != entry.document:
            if entry.document in wanted or entry.document not in known:  # a document no longer listed too
                stale.append(Stale(entry, "unit"))
            continue
        for fact_id in entry.facts:
            named = facts.expand((fact_id,))
            if not named or any(fact.prose_only for fact in named):
                stale.append(Stale(entry, "fact", fact_id))
        by_unit.setdefault(entry.unit, []).append(entry)
    found = []
    units: dict[str, list[Unit]] = {}  # by document, in the corpus's order: one pass, not one per document
    for unit in corpus.units.values():
        units.setdefault(unit.document, []).append(unit)
    for document in corpus.documents:
        if document.key not in wanted:
            continue
        own = units.get(document.key, [])

        def make(document: Document = document, own: list[Unit] = own) -> Classified:
            return _classified(corpus, document, own, facts, by_unit)

        if memo is None:
            classified = make()
        else:  # its entries come from its own coverage file alone: another file's are stale ("unit")
            bound = {fact.path for unit in own for fact in facts.bound_to(unit.id)}
            classified = memo.classified(document, [f"{DIRECTORY}/{document.key}.yaml", *sorted(bound)], make)
        covered = DocumentCoverage(document.key, classified.sentences, list(classified.clauses),
                                   tally=classified.tally)
        for unit_id, number, start, end, said in classified.unclassified:
            unit = corpus.units[unit_id]
            covered.unclassified.append(Unclassified(unit, unit.sides[document.language], number,
                                                     Sentence(start, end, said)))
        stale += [Stale(by_unit[unit_id][n], why, detail) for unit_id, n, why, detail in classified.stale]
        found.append(covered)
    return Coverage(found, stale)


def _classified(corpus: Corpus, document: Document, units: list[Unit], facts: Facts,
                by_unit: dict[str, list[Entry]]) -> Classified:
    covered = DocumentCoverage(document.key)
    stale: list[tuple[str, int, str, str | None]] = []
    for unit in units:
        if document.language not in unit.sides:
            continue
        side = unit.sides[document.language]
        entries = by_unit.get(unit.id, [])
        for found in _unit(corpus, unit, side, document.language, facts.bound_to(unit.id), entries, covered):
            n = next(n for n, entry in enumerate(entries) if entry is found.entry)
            stale.append((unit.id, n, found.why, found.detail))
    return Classified(covered.sentences, tuple(covered.clauses),
                      tuple((u.unit.id, u.sentence, *u.span) for u in covered.unclassified), tuple(stale),
                      (len(covered.clauses), *(covered.count(cls) for cls in TALLIED)))


def _unit(corpus: Corpus, unit: Unit, side: Side, lang: str, facts: list[Fact], entries: list[Entry],
          covered: DocumentCoverage) -> Iterator[Stale]:
    spans = sentences(side.text, lang)
    quoted = [(fact, where) for fact in facts for fragment in fact.wording.get(lang, ())
              if (where := find(fragment, side.text))]
    placed: dict[int, list[Entry]] = {}
    for entry in entries:
        where = find(entry.says, side.text)
        index = _holding(where, spans)
        quoting = [f.id for f, w in quoted
                   if where and not f.prose_only and w.start < where.end and w.end > where.start]
        if index is None:
            yield Stale(entry, "words", _nearest(entry.says, spans))
        elif quoting and entry.cls != Class.EXECUTABLE:
            yield Stale(entry, "executable", quoting[0])  # a fact now states these words
        else:
            placed.setdefault(index, []).append(entry)
    example = unit.kind == Kind.EXAMPLE or any(a.kind == Kind.EXAMPLE for a in corpus.ancestors(unit))
    for n, span in enumerate(spans):
        covered.sentences += 1
        number, said = n + 1, " ".join(span.text.split())
        recorded = placed.get(n, [])
        derived = _derived(unit, side, span, quoted, example)
        if derived is not None:
            cls, reason, source, ids = derived
            covered.clauses.append(Clause(unit.id, number, said, cls, reason, source, ids))
        elif not recorded:
            covered.unclassified.append(Unclassified(unit, side, number, span))
        for entry in recorded:
            covered.clauses.append(Clause(unit.id, number, said, entry.cls, entry.reason, "entry", entry.facts))
            if derived is not None and derived[2] == "fact" and derived[0] == Class.EXECUTABLE \
                    and entry.cls != Class.EXECUTABLE and _opens(entry.says, side.text, span):
                # the entry quotes the sentence's opening, a fact states words later in it: once
                # the whole sentence, is the entry still a clause the fact does not state?
                yield Stale(entry, "shared", derived[3][0])


def _derived(unit: Unit, side: Side, span: Sentence, quoted, example: bool):
    executable = [f.id for f, where in quoted if where.start < span.end and where.end > span.start
                  and not f.prose_only]
    if executable:
        return Class.EXECUTABLE, None, "fact", tuple(dict.fromkeys(executable))
    excused = [f for f, where in quoted if where.start < span.end and where.end > span.start]
    if excused:
        return Class.PROSE, "fact", "fact", tuple(f.id for f in excused)
    if example:
        return Class.NOT_A_RULE, "example", "kind", ()
    if unit.kind in HEADED and _heading(unit, side, span.text):
        return Class.NOT_A_RULE, "heading", "kind", ()
    return None


def _heading(unit: Unit, side: Side, said: str) -> bool:
    """Whether every word of the sentence is the unit's title, number or cost (``21.4.``,
    ``EVENTS PHASE:``, ``11.1 Акции``, ``Suppress Unrest (1c per Province) #``)."""
    named = " ".join(str(v) for v in (side.fields.get("title"), side.fields.get("cost"),
                                      unit.attrs.get("number"), unit.attrs.get("title")) if v)
    known = set(_words(named))
    return all(word in known for word in _words(said))


def _words(text: str) -> list[str]:
    return [w for w in (word.strip(".:;,#()[]«»\"'") for word in text.split()) if w]


def _holding(where, spans: list[Sentence]) -> int | None:
    """The index of the sentence the quoted words (found at ``where``) begin in."""
    if where is None:
        return None
    for n, span in enumerate(spans):
        if span.start <= where.start < span.end:
            return n
    return None


def _opens(says: str, text: str, span: Sentence) -> bool:
    """Whether the quoted words are the sentence's opening (past a list marker or a bracket)."""
    where = find(says, text)
    return where is not None and not any(ch.isalnum() for ch in text[span.start:where.start])


def _nearest(says: str, spans: list[Sentence]) -> str | None:
    import difflib

    openings = [" ".join(s.text.split())[: max(len(says), 20)] for s in spans]
    close = difflib.get_close_matches(says, openings, n=1, cutoff=0.5)
    return close[0] if close else None

