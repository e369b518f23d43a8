"""The edition diff: what changed between two editions of a corpus, unit by unit.

Rules diffs usually compare numbered texts line by line or rule number by rule number, so one
inserted rule makes every rule after it look rewritten. Here the units of each document are
matched by their text first (pipeline/editions/align.py: list markers and white space aside), so the
old ``pre-2`` that became ``pre-3`` is *renumbered*, not removed and re-added; ids are still
what the report speaks in, because they are what links and translations hang on.

Documents are matched by their manifest key; a document only one edition has is added or
removed whole. Within one, only units with text of their own in the document's language are
compared (a bare list holds nothing but its items), and only units of one kind with each other.
"""

from __future__ import annotations

import dataclasses
import difflib
from dataclasses import dataclass, field

from ..core.errors import FolioError
from ..core.model import Corpus, Document, Translation, Unit
from .align import Alignment, How, Pair, Piece, align, without_marker
from .worddiff import Chunk, Misspellings, correction, word_changes

ADDED, REMOVED, CHANGED, UNCHANGED = "added", "removed", "changed", "unchanged"


@dataclass
class Move:
    """A unit under a new id: renumbered (``moved``), perhaps edited too (``moved+changed``);
    moved to another place when its place (``old_place``, ``new_place``) is another."""

    old: str
    new: str
    kind: str
    how: str
    similarity: float
    old_number: str | None
    new_number: str | None
    #: the words that changed, the number aside (it is in the ids); empty when only renumbered
    diff: list[Chunk] = field(default_factory=list)
    corrected: bool = False  # the words that changed only corrected its spelling or punctuation
    #: the unit it stood in and the unit it stands in now, both as the new edition names them
    #: (``old_place`` None: the old one is gone)
    old_place: str | None = None
    new_place: str | None = None

    @property
    def relocated(self) -> bool:
        """Moved to another place (another event, another rule), not only renumbered in its own."""
        return self.old_place != self.new_place


@dataclass
class Change:
    """A unit that kept its id and whose text changed (other than in white space); listed as
    corrected when the change only corrected its spelling, punctuation or quote marks
    (pipeline/editions/worddiff.py:correction)."""

    id: str
    kind: str
    similarity: float
    diff: list[Chunk]


@dataclass
class Present:
    """A unit only one edition has: its own text in each language it has there."""

    id: str
    kind: str
    number: str | None
    texts: dict[str, str]  # the document's language first; current translations only
    #: for a removed unit, the unit of the new edition it stood in: its old parent (or the
    #: nearest ancestor the new edition still has), under its new id
    within: str | None = None


@dataclass
class FollowedTranslation:
    """A translation of the old edition whose unit was renumbered: it belongs to the new id."""

    old: str
    new: str
    lang: str
    how: str  # the unit's: moved, or moved+changed (then the translation needs a review)
    #: where the new edition shows it: ``new`` (it followed), ``old`` (its file keeps it under
    #: the old id, which now names another sentence) or None (nowhere)
    attached_to: str | None


@dataclass
class StaleTranslation:
    """A translation current in the old edition and stale in the new one: its unit's source
    was edited between the two."""

    unit: str  # its unit in the new edition
    lang: str
    #: from the source it was made from to its unit's source now
    diff: list[Chunk]


@dataclass
class LostTranslation:
    """A translation of the old edition whose unit the new one no longer has."""

    unit: str
    lang: str
    text: str
    #: the unit that now has its id, if the new edition still shows the translation there
    attached_to: str | None = None


@dataclass
class DocumentDiff:
    key: str
    title: str
    status: str  # ADDED, REMOVED, CHANGED or UNCHANGED
    units: int  # units compared: with text of their own (the old edition's, for a removed document)
    unchanged: int = 0
    moved: list[Move] = field(default_factory=list)
    changed: list[Change] = field(default_factory=list)
    corrected: list[Change] = field(default_factory=list)
    added: list[Present] = field(default_factory=list)
    removed: list[Present] = field(default_factory=list)
    stale: list[StaleTranslation] = field(default_factory=list)
    followed: list[FollowedTranslation] = field(default_factory=list)
    lost: list[LostTranslation] = field(default_factory=list)

    def aliases(self, new_ids) -> dict[str, list[str]]:
        """New id -> the old ids of the units renumbered onto it that ``new_ids`` no longer has:
        where a bookmark to the old id should land."""
        found: dict[str, list[str]] = {}
        for move in self.moved:
            if move.old not in new_ids:
                found.setdefault(move.new, []).append(move.old)
        return found


@dataclass
class EditionDiff:
    old: str  # how the editions were named: "v1 (3f2a1b7)", "working tree", a directory
    new: str
    documents: list[DocumentDiff]

    def document(self, key: str) -> DocumentDiff | None:
        return next((d for d in self.documents if d.key == key), None)

    def to_json(self) -> dict:
        return dataclasses.asdict(self)


def diff_editions(old: Corpus, new: Corpus, old_label: str, new_label: str,
                  only: str | None = None, misspellings: Misspellings | None = None) -> EditionDiff:
    """Every document of either edition, in the new edition's order, then the removed ones;
    ``only``: one document, by its key; ``misspellings`` tells a corrected slip from a changed
    word (without it, every change of a word is a change)."""
    olds = {d.key: d for d in old.documents}
    news = {d.key: d for d in new.documents}
    keys = list(news) + [key for key in olds if key not in news]
    if only is not None:
        if only not in keys:
            close = difflib.get_close_matches(only, keys, n=1)
            raise FolioError(f"neither edition has a document {only!r}"
                             + (f"; did you mean {close[0]}?" if close else f" (they have {', '.join(keys)})"))
        keys = [only]
    before, after = _Edition(old), _Edition(new)
    found = []
    for key in keys:
        if key not in olds:
            found.append(DocumentDiff(key, news[key].title, ADDED, len(after.own(news[key]))))
        elif key not in news:
            found.append(DocumentDiff(key, olds[key].title, REMOVED, len(before.own(olds[key]))))
        else:
            found.append(_document(before, after, olds[key], news[key], misspellings))
    return EditionDiff(old_label, new_label, found)


class _Edition:
    """One corpus's units and translations by document: asked once per document, found once."""

    def __init__(self, corpus: Corpus):
        self.corpus = corpus
        self._units: dict[str, list[Unit]] = {}
        for unit in corpus.units.values():
            self._units.setdefault(unit.document, []).append(unit)
        self._translations: dict[str, dict[tuple[str, str], Translation]] = {}
        for key, translation in corpus.translations.items():
            document = corpus.units[translation.unit].document
            self._translations.setdefault(document, {})[key] = translation

    def own(self, document: Document) -> list[Unit]:
        """The document's units with text of their own in its language: what is compared."""
        lang = document.language
        return [u for u in self._units.get(document.key, []) if lang in u.sides and u.sides[lang].text]

    def translations(self, document: Document) -> dict[tuple[str, str], Translation]:
        return self._translations.get(document.key, {})


def _document(before: _Edition, after: _Edition, old_doc: Document, new_doc: Document,
              misspellings: Misspellings | None = None) -> DocumentDiff:
    old, new = before.corpus, after.corpus
    units = after.own(new_doc)
    alignment = align(_pieces(before.own(old_doc), old_doc.language), _pieces(units, new_doc.language))
    result = DocumentDiff(new_doc.key, new_doc.title, UNCHANGED, len(units))
    new_of = alignment.new_of()
    lang = new_doc.language
    for pair in alignment.pairs:
        a, b = old.units[pair.old], new.units[pair.new]
        text_a, text_b = a.sides[old_doc.language].text, b.sides[lang].text
        if pair.old != pair.new:
            bare_a, bare_b = without_marker(text_a), without_marker(text_b)
            diff = [] if pair.how == How.MOVED else word_changes(bare_a, bare_b)
            result.moved.append(Move(pair.old, pair.new, str(b.kind), str(pair.how), pair.similarity,
                                     _number(a), _number(b), diff,
                                     bool(diff) and correction(bare_a, bare_b, lang, misspellings),
                                     _within(old, new, a, new_of, old_doc.language), b.parent))
        elif " ".join(text_a.split()) != " ".join(text_b.split()):
            # the alignment calls a text the same whatever its marker; under one id, a marker
            # that changed is still a change a reader should see
            change = Change(pair.new, str(b.kind), pair.similarity, word_changes(text_a, text_b))
            (result.corrected if correction(text_a, text_b, lang, misspellings) else result.changed).append(change)
        else:
            result.unchanged += 1
    result.added = [_present(new, new.units[i], new_doc.language) for i in alignment.added]
    result.removed = [dataclasses.replace(_present(old, old.units[i], old_doc.language),
                                          within=_within(old, new, old.units[i], new_of, old_doc.language))
                      for i in alignment.removed]
    _translations(result, before.translations(old_doc), after.translations(new_doc), alignment,
                  new, new_doc.language)
    if result.moved or result.changed or result.corrected or result.added or result.removed or result.stale \
            or result.lost:
        result.status = CHANGED
    return result


def _translations(result: DocumentDiff, olds: dict[tuple[str, str], Translation],
                  news: dict[tuple[str, str], Translation], alignment: Alignment, new: Corpus,
                  source_lang: str) -> None:
    new_of, old_of = alignment.new_of(), alignment.old_of()
    removed = set(alignment.removed)
    moved_from = {(t.moved_from, t.lang): t.unit for t in news.values() if t.moved_from}
    for (unit_id, lang), translation in olds.items():
        pair = new_of.get(unit_id)
        kept = news.get((unit_id, lang))
        # kept under its old id, in a new edition whose translations do not follow their
        # sentence: shown on whatever unit has that id now
        left = unit_id if kept is not None and kept.moved_from is None and kept.source == translation.source \
            else None
        if unit_id in removed:
            result.lost.append(LostTranslation(unit_id, lang, translation.text, left))
        elif pair is not None and pair.new != unit_id:
            result.followed.append(FollowedTranslation(unit_id, pair.new, lang, str(pair.how),
                                                       moved_from.get((unit_id, lang)) or left))
    for (unit_id, lang), translation in news.items():
        origin = translation.moved_from or unit_id
        before = olds.get((origin, lang))
        pair = old_of.get(unit_id)
        # a translation left under an id that now names another sentence is stale too, but
        # what happened to it is that its sentence moved or went: reported as followed or lost
        if translation.stale and before is not None and not before.stale and pair is not None \
                and pair.old == origin:
            source = new.units[unit_id].sides[source_lang].text
            result.stale.append(StaleTranslation(unit_id, lang, word_changes(translation.source, source)))


def _within(old: Corpus, new: Corpus, unit: Unit, new_of: dict[str, Pair], lang: str) -> str | None:
    for ancestor in old.ancestors(unit):
        side = ancestor.sides.get(lang)
        if side is not None and side.text:  # matched by its text: its new id, unless it went too
            if ancestor.id in new_of:
                return new_of[ancestor.id].new
        elif ancestor.id in new.units:  # a bare list has no text to match by: by its id
            return ancestor.id
    return None


def _pieces(units: list[Unit], lang: str) -> list[Piece]:
    return [Piece(u.id, u.sides[lang].text, str(u.kind)) for u in units]


def _number(unit: Unit) -> str | None:
    number = unit.attrs.get("number")
    return None if number is None else str(number)


def _present(corpus: Corpus, unit: Unit, lang: str) -> Present:
    texts = {lang: unit.sides[lang].text}  # the document's own language first
    # a stale translation is of another text than this one
    texts.update((other, side.text) for other, side in unit.sides.items()
                 if other != lang and not getattr(corpus.translations.get((unit.id, other)), "stale", False))
    return Present(unit.id, str(unit.kind), _number(unit), texts)
