"""Resolve extracted references against every unit of the corpus.

Run after all documents are parsed (Sphinx resolves its pending_xref nodes the same way): a
target is looked up in the index of the rulebook the citing text belongs to; what is not found
is external when it lies outside what the corpus holds of that rulebook, and unresolved when
the corpus should hold it.

Resolving one reference costs the same however long the document is: what a reference is
looked up in (a scope's first footnote, a procedure's steps, a unit's place among its
siblings) is indexed once, never found by walking the document for each reference (8,000
footnote markers once took 90 s).
"""

from __future__ import annotations

import bisect
import re
from collections import defaultdict

from ...core.diagnostics import Count, Text, Word, _, ngettext, text
from ...core.model import Corpus, Document, Kind, Reference, RefKind, RefProblem, RefStatus, Unit

BLOCKS = (Kind.SECTION, Kind.PHASE, Kind.OCCURRENCE, Kind.EVENT, Kind.PROCEDURE, Kind.ACTION,
          Kind.STEP, Kind.EFFECT, Kind.PRECONDITION, Kind.ITEM)
ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4}


def _numbers(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.casefold().replace("ё", "е")))


class Index:
    """Every target the corpus offers, collected once; of the ``rulebooks`` named only, when
    only references of theirs are resolved (no reference leads out of its rulebook)."""

    def __init__(self, corpus: Corpus, rulebooks: set[str] | None = None):
        self.corpus = corpus
        self.documents = {d.key: d for d in corpus.documents}
        wanted = {key for key, d in self.documents.items() if rulebooks is None or d.rulebook in rulebooks}
        units = [unit for unit in corpus.units.values() if unit.document in wanted]
        self.order = {unit.id: n for n, unit in enumerate(units)}
        #: each unit's place among its parent's children
        self.position = {child: n for unit in units for n, child in enumerate(unit.children)}
        self._wanted = wanted
        self._footnotes: dict[str, dict[str, str]] | None = None
        #: made on first use, by the unit they are about: a scope's children by number, an
        #: event's phase blocks by their words, a procedure's steps, procedures by their words
        self._numbered: dict[str, dict[str, Unit]] = {}
        self._phases: dict[str, dict[str, str]] = {}
        self._steps: dict[str, dict[str, Unit]] = {}
        self._named: dict[str, dict[tuple[str, ...], Unit]] = {}
        self.rules: dict[tuple[str, str], str] = {}
        self.events: dict[tuple[str, int, str], str] = {}
        self.event_numbers: dict[tuple[str, str], list[int]] = defaultdict(list)
        self.coverage: dict[str, list[tuple[tuple[int, ...], tuple[int, ...], str]]] = defaultdict(list)
        numbers_by_document: dict[str, list[tuple[int, ...]]] = defaultdict(list)
        #: procedures by rulebook and by document, in corpus order: a named or a "following"
        #: procedure is looked for among these, not among every unit of the corpus
        self.procedures: dict[str, list[Unit]] = defaultdict(list)
        self.document_procedures: dict[str, list[Unit]] = defaultdict(list)
        for unit in units:
            rulebook = self.documents[unit.document].rulebook
            if unit.kind == Kind.PROCEDURE:
                self.procedures[rulebook].append(unit)
                self.document_procedures[unit.document].append(unit)
            if unit.kind == Kind.SECTION and unit.attrs.get("number"):
                self.rules[(rulebook, unit.attrs["number"])] = unit.id
                numbers_by_document[unit.document].append(_numbers(unit.attrs["number"]))
            elif unit.kind == Kind.EVENT:  # by value: "event 8" finds the event headed "08:"
                number = int(unit.attrs["number"])
                self.events[(rulebook, number, unit.attrs["period"])] = unit.id
                self.event_numbers[(rulebook, unit.attrs["period"])].append(number)
        for key, numbers in numbers_by_document.items():
            self.coverage[self.documents[key].rulebook].append((min(numbers), max(numbers), key))

    def prepare(self) -> None:
        """Make now what is otherwise made on first use and needed by most documents' references:
        before the workers fork, so that each inherits it rather than making it again."""
        if self._footnotes is None:
            self._footnotes = self._first_footnotes()

    def footnote(self, scope: Unit, marker: str) -> str | None:
        """The first footnote marked ``marker`` in ``scope`` or under it, in document order."""
        self.prepare()
        assert self._footnotes is not None
        return self._footnotes.get(scope.id, {}).get(marker)

    def _first_footnotes(self) -> dict[str, dict[str, str]]:
        """For every unit holding a footnote, the first of each marker under it: one pass from
        the last unit of each document to its first (children come after their parent)."""
        first: dict[str, dict[str, str]] = {}
        for key in self._wanted:
            if key not in self.corpus.units:
                continue
            for unit in reversed(list(self.corpus.walk(self.corpus.units[key]))):
                found: dict[str, str] = {}
                for child in reversed(unit.children):  # an earlier child's footnote wins
                    found.update(first.get(child, ()))
                if unit.kind == Kind.FOOTNOTE:
                    found[unit.attrs.get("marker", "")] = unit.id
                if found:
                    first[unit.id] = found
        return first

    def numbered(self, scope: Unit) -> dict[str, Unit]:
        """``scope``'s children by their number or letter, the first of each."""
        if scope.id not in self._numbered:
            found: dict[str, Unit] = {}
            for child in self.corpus.children(scope):
                if child.attrs.get("number") is not None:
                    found.setdefault(child.attrs["number"], child)
            self._numbered[scope.id] = found
        return self._numbered[scope.id]

    def phase(self, event: Unit, name: str) -> str | None:
        """The first phase block of ``event`` whose title has the words of ``name``."""
        if event.id not in self._phases:
            found: dict[str, str] = {}
            for unit in self.corpus.walk(event):
                if unit.kind == Kind.PHASE:
                    found.setdefault(_words(unit.field("title") or ""), unit.id)
            self._phases[event.id] = found
        return self._phases[event.id].get(_words(name))

    def steps(self, procedure: Unit) -> dict[str, Unit]:
        if procedure.id not in self._steps:
            self._steps[procedure.id] = {s.attrs["number"]: s for s in self.corpus.children(procedure, Kind.STEP)}
        return self._steps[procedure.id]

    def named_procedure(self, rulebook: str, words: tuple[str, ...]) -> Unit | None:
        """The first procedure of ``rulebook`` whose title, past its first word, is ``words``."""
        if rulebook not in self._named:
            found: dict[tuple[str, ...], Unit] = {}
            for candidate in self.procedures[rulebook]:
                found.setdefault(tuple(_words(candidate.field("title") or "").split()[1:]), candidate)
            self._named[rulebook] = found
        return self._named[rulebook].get(words)

    def next_procedure(self, unit: Unit) -> Unit | None:
        """The procedure a "following procedure" in ``unit`` means: the outermost procedure
        holding it, else the first of its document after it."""
        holding = [a for a in self.corpus.ancestors(unit) if a.kind == Kind.PROCEDURE]
        if holding:
            return holding[-1]
        procedures = self.document_procedures[unit.document]  # in document order
        at = bisect.bisect_right(procedures, self.order[unit.id], key=lambda p: self.order[p.id])
        return procedures[at] if at < len(procedures) else None

    def covering(self, rulebook: str, number: str) -> str | None:
        """The document whose run of rule numbers ``number`` falls in, if any."""
        wanted = _numbers(number)
        return next((key for low, high, key in self.coverage[rulebook] if low <= wanted <= high), None)


def resolve(ref: Reference, unit: Unit, index: Index) -> None:
    document = index.documents[unit.document]
    {RefKind.EVENT: _event, RefKind.RULE: _rule, RefKind.PAGE: _page, RefKind.STEP: _step,
     RefKind.RELATIVE: _relative, RefKind.FOOTNOTE: _footnote}[ref.kind](ref, unit, document, index)


def _found(ref: Reference, target_id: str, note: str | Text | None = None) -> None:
    ref.status, ref.target_id = RefStatus.RESOLVED, target_id
    ref.note, ref.note_words = (str(note), note) if isinstance(note, Text) else (note, None)


def _external(ref: Reference, note: Text) -> None:
    ref.status, ref.note, ref.note_words = RefStatus.EXTERNAL, str(note), note


def _unresolved(ref: Reference, problem: RefProblem, note: Text, target_id: str | None = None) -> None:
    ref.status, ref.problem, ref.target_id = RefStatus.UNRESOLVED, problem, target_id
    ref.note, ref.note_words = str(note), note


def _event(ref: Reference, unit: Unit, document: Document, index: Index) -> None:
    claims = ref.claims
    if claims.deck:
        return _external(ref, text(_("%(game)s, %(deck)s events deck, event %(number)s"),
                                   game=document.game, deck=claims.deck, number=ref.target))
    number, _colon, period = ref.target.partition(":")
    if not period:
        period = _period_of(unit, index) or ""
    key = (document.rulebook, int(number), period)
    target_id = index.events.get(key)
    if target_id is None:
        present = sorted(index.event_numbers.get((document.rulebook, period), []))
        if present:
            return _unresolved(ref, RefProblem.MISSING, text(
                _("Period %(period)s has events %(first)s-%(last)s in the corpus; there is no event "
                  "%(number)s:%(period)s"), period=period, first=present[0], last=present[-1], number=number))
        return _external(ref, text(_("%(game)s (%(rulebook)s), Period %(period)s, event %(number)s: not "
                                     "in the corpus"), game=document.game, rulebook=document.rulebook,
                                   period=period or "?", number=number))
    target = index.corpus.units[target_id]
    # The name is checked against the target's title in the reference's own language; a
    # target not yet translated into it has no title to compare with.
    title = target.field("title", ref.lang) if ref.lang in target.sides else None
    if claims.title is not None and title is not None and _words(claims.title) != _words(title):
        return _unresolved(ref, RefProblem.MISMATCH, text(
            _("the text names it %(quote)s, but event %(number)s:%(period)s is %(title)s"),
            quote=repr(claims.title), number=number, period=period, title=repr(title)), target_id)
    nth = ORDINAL.get(claims.occurrence or "")
    occurrences = target.attrs.get("occurrences")
    if nth and occurrences is not None and nth > occurrences:
        return _unresolved(ref, RefProblem.MISMATCH, text(
            _("the text speaks of its %(occurrence)s occurrence, but event %(number)s:%(period)s occurs "
              "%(count)s time(s)"), occurrence=claims.occurrence or "", number=number, period=period,
            count=Count(occurrences, ngettext("%(num)d time", "%(num)d times"))), target_id)
    _found(ref, target_id)


def _period_of(unit: Unit, index: Index) -> str | None:
    for ancestor in (unit, *index.corpus.ancestors(unit)):
        if ancestor.attrs.get("period"):
            return ancestor.attrs["period"]
    return None


def _rule(ref: Reference, unit: Unit, document: Document, index: Index) -> None:
    claims = ref.claims
    if claims.qual:
        return _external(ref, text(_("%(game)s basic rules (%(part)s), rule %(rule)s"),
                                   game=document.game, part=claims.qual, rule=ref.target))
    if " по " in ref.target:
        low, high = ref.target.split(" по ")
        return _external(ref, text(_("%(game)s rulebook, rules %(low)s to %(high)s"),
                                   game=document.game, low=low, high=high))
    target_id = index.rules.get((document.rulebook, ref.target))
    if target_id is None:
        holder = index.covering(document.rulebook, ref.target)
        if holder is not None:
            return _unresolved(ref, RefProblem.MISSING, text(
                _("rule %(rule)s falls within what %(unit)s holds, but the corpus has no such rule"),
                rule=ref.target, unit=holder))
        return _external(ref, text(_("%(game)s rulebook, rule %(rule)s: not in the corpus"),
                                   game=document.game, rule=ref.target))
    direction = claims.dir
    if direction and target_id in index.order and unit.document == index.corpus.units[target_id].document:
        later = index.order[target_id] > index.order[unit.id]
        if later != (direction in ("below", "ниже")):
            return _unresolved(ref, RefProblem.MISMATCH, text(
                _("the text says %(quote)s, but rule %(rule)s comes after it") if later else
                _("the text says %(quote)s, but rule %(rule)s comes before it"),
                quote=repr(direction), rule=ref.target), target_id)
    _found(ref, target_id)


def _page(ref: Reference, unit: Unit, document: Document, index: Index) -> None:
    if "-" in ref.target:
        _external(ref, text(_("%(game)s rulebook, pages %(pages)s (pages are not in the corpus)"),
                            game=document.game, pages=ref.target))
    else:
        _external(ref, text(_("%(game)s rulebook, page %(page)s (pages are not in the corpus)"),
                            game=document.game, page=ref.target))


def _step(ref: Reference, unit: Unit, document: Document, index: Index) -> None:
    claims = ref.claims
    procedure = _procedure(unit, claims.proc, document.rulebook, index)
    if procedure is None:
        name = claims.proc or ""
        return _unresolved(ref, RefProblem.MISSING, text(_("no procedure %(name)s holds this reference's step"),
                                                         name=name) if name else
                           text(_("no procedure holds this reference's step")))
    steps = index.steps(procedure)
    if ref.target in steps:
        return _found(ref, steps[ref.target].id)
    _unresolved(ref, RefProblem.MISSING, text(_("the procedure %(unit)s has steps %(steps)s; there is no step "
                                                "%(step)s"), unit=procedure.id,
                                              steps=", ".join(steps) or Word(_("none")), step=ref.target))


def _procedure(unit: Unit, name: str | None, rulebook: str, index: Index) -> Unit | None:
    if name:  # "процедуры возвращения домой сухопутных войск": the words after the inflected noun
        wanted = tuple(_words(name).split()[1:])
        return index.named_procedure(rulebook, wanted) if wanted else None
    return next((a for a in index.corpus.ancestors(unit) if a.kind == Kind.PROCEDURE), None)


def _relative(ref: Reference, unit: Unit, document: Document, index: Index) -> None:
    claims = ref.claims
    direction = claims.dir or ""
    above = direction in ("above", "выше")
    if claims.what:  # "нижеследующая процедура": the next procedure of the document,
        # or the one whose introduction holds the words (its steps follow them)
        following = index.next_procedure(unit)
        if following is not None:
            return _found(ref, following.id)
        if unit.children:  # "decided according the following procedure:" and then a. b. c.
            return _found(ref, unit.children[0], "the items that follow it spell the procedure out")
        return _unresolved(ref, RefProblem.MISSING, text(_("no procedure follows in this document")))
    if re.fullmatch(r"\d{1,2}|[a-z]", ref.target):
        return _numbered_sibling(ref, unit, index, above)
    if ref.target not in ("above", "below", "выше", "ниже"):  # a named block: "Events Phase"
        event = next((a for a in (unit, *index.corpus.ancestors(unit)) if a.kind == Kind.EVENT), None)
        block = index.phase(event, ref.target) if event else None
        if block is not None:
            return _found(ref, block)
        return _unresolved(ref, RefProblem.MISSING, text(_("no block named %(quote)s in this event"),
                                                         quote=repr(ref.target)))
    # A bare "above": the material before it in the nearest block that has any; a bare
    # "below": what comes next ("one of the two options below:" and then the list).
    child = unit
    for ancestor in index.corpus.ancestors(unit):
        position = index.position[child.id]
        if not above and position + 1 < len(ancestor.children):
            return _found(ref, ancestor.children[position + 1],
                          "vague: the text points at no rule in particular; taken as what follows")
        if above and ancestor.kind in (*BLOCKS, Kind.DOCUMENT) and position > 0:
            previous = index.corpus.units[ancestor.children[position - 1]]
            if previous.kind == Kind.SECTION:  # a headed part just above: that is what it means
                return _found(ref, previous.id, "vague: taken as the section just above")
            return _found(ref, ancestor.id, "vague: the text points at no rule in particular; "
                                            f"taken as the material earlier in {ancestor.id}")
        child = ancestor
    _external(ref, text(_("vague: nothing precedes it in this document; it points at a part of the "
                          "rulebook the corpus does not hold") if above else
                        _("vague: nothing follows it in this document; it points at a part of the "
                          "rulebook the corpus does not hold")))


def _numbered_sibling(ref: Reference, unit: Unit, index: Index, above: bool) -> None:
    chain = [unit, *index.corpus.ancestors(unit)]
    if ref.target.isdigit():
        owner = next((u for u in chain if u.attrs.get("number", "").isdigit()), None)
        scope = index.corpus.units[owner.parent] if owner and owner.parent else None
    else:
        scope = next((u for u in chain if u.attrs.get("number", "").isdigit()), None)
    target = index.numbered(scope).get(ref.target) if scope else None
    if target is None:
        return _unresolved(ref, RefProblem.MISSING, text(_("there is no item %(item)s above it") if above else
                                                         _("there is no item %(item)s below it"), item=ref.target))
    if above != (index.order[target.id] < index.order[unit.id]):
        return _unresolved(ref, RefProblem.MISMATCH, text(_("item %(item)s is not above the reference") if above
                                                          else _("item %(item)s is not below the reference"),
                                                          item=ref.target), target.id)
    _found(ref, target.id)


def _footnote(ref: Reference, unit: Unit, document: Document, index: Index) -> None:
    scope = next((a for a in index.corpus.ancestors(unit) if a.kind in (Kind.ACTION, Kind.SECTION)), None)
    near = index.footnote(scope, ref.target) if scope else None
    if near is not None:
        return _found(ref, near)
    anywhere = index.footnote(index.corpus.units[unit.document], ref.target)
    if anywhere is not None:
        ref.problem = RefProblem.DISTANT
        return _found(ref, anywhere, text(_("no %(marker)s footnote under %(unit)s; the nearest is "
                                            "%(unit_nearest)s"), marker=ref.target,
                                          unit=scope.id if scope else unit.document,
                                          unit_nearest=anywhere))
    _unresolved(ref, RefProblem.MISSING, text(_("no footnote marked %(marker)s in %(unit)s"),
                                              marker=ref.target, unit=unit.document))
