"""House style, majority wins: the same notation written two ways in one document or one edition.

Each notation (a range's dash, an abbreviation's inner space, a page number's space) is counted
by variant, first per document, then per edition (the source documents of one edition in one
language; every translation into one language is one edition, Folio's own). Where one variant
holds the majority, every other one is reported at its line with the majority's form as the
suggestion; a tie says nothing, since there is no convention to hold a text to.

A range mixed inside one document is typography's (``typo-range-dash``, held to the typeset en
dash); this family adds what typography cannot see: a document consistent in itself that
dashes its ranges unlike the rest of its edition. A heading marker unlike its siblings' is
numbering's (``num-heading-style``); a numbered list inside a procedure that restarts at the
procedure's own step markers is :mod:`.consistency_lists`.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Lang, Side, Unit
from . import consistency_lists
from .base import CheckContext, Code, Word, _, at, text
from .typography import RANGE, _range_form

IN_DOCUMENT = Code("style-variant", Severity.WARNING,
                   "a notation written unlike most of its document (`т.е.` where the document writes `т. е.`)")
IN_EDITION = Code("style-edition-variant", Severity.WARNING,
                  "a document writing a notation unlike the rest of its edition (its ranges `1-3`, the "
                  "edition's `1–3`)")
CODES = [IN_DOCUMENT, IN_EDITION, *consistency_lists.CODES]

SPACED, TIGHT = "spaced", "tight"


@dataclass(frozen=True)
class Notation:
    name: str  # message word: what is written two ways
    pattern: re.Pattern[str]
    variant: Callable[[re.Match[str]], str]
    form: Callable[[re.Match[str], str], str]  # the match rewritten in another variant
    lang: str | None = None  # None: both languages
    in_document: bool = True  # False: typography holds the document's own mix
    #: what every match holds one of: a text holding none is not searched (most hold none)
    literals: tuple[str, ...] = ()


def _spacing(match: re.Match[str]) -> str:
    return SPACED if match.group("gap") else TIGHT


def _respaced(match: re.Match[str], variant: str) -> str:
    gap = " " if variant == SPACED else ""
    return f"{match.group('a')}.{gap}{match.group('b')}"


def _range_variant(match: re.Match[str]) -> str:
    return _range_form(match.group("dash"))


def _redashed(match: re.Match[str], variant: str) -> str:
    dash = {"a hyphen": "-", "an en dash": "–", "an em dash": "—"}[variant.removesuffix(" with spaces")]
    spaced = variant.endswith(" with spaces")
    return f"{match.group('a')}{f' {dash} ' if spaced else dash}{match.group('b')}"


NOTATIONS = (
    Notation(_("a range of numbers"), RANGE, _range_variant, _redashed, in_document=False,
             literals=("-", "–", "—")),
    # т. е., т. д., т. п., т. к., т. н.: one convention for all of them
    Notation(_("an abbreviation"), re.compile(r"\b(?P<a>[тТ])\.(?P<gap>\s?)(?P<b>[епдкн])\.", re.U),
             _spacing, lambda m, v: _respaced(m, v) + ".", Lang.RU, literals=("т.", "Т.")),
    Notation(_("an abbreviation"), re.compile(r"\b(?P<a>[eEiI])\.(?P<gap>\s?)(?P<b>[eg])\."),
             _spacing, lambda m, v: _respaced(m, v) + ".", Lang.EN, literals=("e.", "E.", "i.", "I.")),
    Notation(_("a page number"), re.compile(r"\b(?P<a>pp?|с|стр)\.(?P<gap> ?)(?P<b>\d+)"), _spacing,
             _respaced, literals=("p.", "с.", "р.")),
)
VARIANT_WORDS = {SPACED: _("with a space"), TIGHT: _("without a space")}


class Seen:
    """A match of a notation, from its offset in the side's text (kept with the document's
    :func:`notations`, or found in this run): the match itself is found again only when a
    finding names it (most are counted, never shown)."""

    __slots__ = ("_match", "notation", "side", "start", "unit", "variant")

    def __init__(self, unit: Unit, side: Side, notation: Notation, start: int, variant: str) -> None:
        self.unit, self.side, self.notation, self.start, self.variant = unit, side, notation, start, variant
        self._match: re.Match[str] | None = None

    @property
    def match(self) -> re.Match[str]:
        if self._match is None:  # the pattern at the same offset of the same text: the same match
            found = self.notation.pattern.match(self.side.text, self.start)
            assert found is not None, (self.side.path, self.start)
            self._match = found
        return self._match


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Each document's own mix, from the same :func:`notations` its edition is judged from."""
    yield from consistency_lists.check(ctx)
    for notation, by_document, _editions in _reduced(ctx, _own_shares(ctx)):
        for seen in by_document.values():
            yield from _in_document(notation, seen)


def check_whole(ctx: CheckContext) -> Iterable[Diagnostic]:
    """An edition may span rulebooks (a game's several books), so it is judged on the whole
    corpus, once, not in the one-rulebook shards :func:`check` runs in: from each document's
    :func:`notations` (a build keeps them with the document, pipeline/check/shards.py)."""
    shares = ctx.cache.get(NOTATIONS_SEEN)
    for notation, by_document, edition_of in _reduced(ctx, shares if shares is not None else _shares(ctx)):
        yield from _in_edition(notation, by_document, edition_of)


#: the shared value (pipeline/check/shards.py, WHOLE) that holds every document's notations
NOTATIONS_SEEN = "consistency.notations"


def notations(units: list[Unit]) -> list:
    """One document's part of what :func:`check_whole` judges, as plain data: per notation
    (its index in :data:`NOTATIONS`) and side with a match, in the corpus's order, the side's
    path and language, its unit's document and each match (unit id, offset, variant)."""
    found: list = []
    for index, notation in enumerate(NOTATIONS):
        by_path: dict[str, list] = {}
        for unit in units:
            for lang, side in unit.sides.items():
                if not side.text or notation.lang not in (None, lang) \
                        or not any(literal in side.text for literal in notation.literals):
                    continue
                for match in notation.pattern.finditer(side.text):
                    if side.path not in by_path:
                        by_path[side.path] = [index, side.path, lang, unit.document, []]
                        found.append(by_path[side.path])
                    by_path[side.path][4].append([unit.id, lang, match.start(), notation.variant(match)])
    return found


def _own_shares(ctx: CheckContext) -> list[list]:
    """The :func:`notations` of the context's documents: those a build worked out once for the
    whole corpus (:data:`NOTATIONS_SEEN`, one share per document, each of its entries naming the
    document) when the context holds them, else found again."""
    shares = ctx.cache.get(NOTATIONS_SEEN)
    if shares is None:
        return _shares(ctx)
    keys = {document.key for document in ctx.corpus.documents}
    return [share for share in shares if share and share[0][3] in keys]


def _shares(ctx: CheckContext) -> list[list]:
    """The :func:`notations` of each of the context's documents, in the corpus's order."""
    return [notations(ctx.lookup().units_of(document.key)) for document in ctx.corpus.documents]


def _reduced(ctx: CheckContext, shares: list[list]) -> Iterator[tuple[Notation, dict[str, list[Seen]], dict]]:
    """Per notation, the matches of the documents' :func:`notations` by file (in the
    corpus's order: a document's units stand together in it), and each file's edition."""
    documents = {d.key: d for d in ctx.corpus.documents}
    units = ctx.corpus.units
    for index, notation in enumerate(NOTATIONS):
        by_document: dict[str, list[Seen]] = {}
        edition_of: dict[str, tuple[str, str, str]] = {}
        for share in shares:
            for number, path, lang, key, matches in share:
                if number != index:
                    continue
                document = documents[key]
                # a translation file is a document of its own; Folio's translations into one
                # language are one edition, whatever game they belong to
                source = lang == document.language
                edition_of[path] = (document.game, document.edition, lang) if source else ("", "folio", lang)
                by_document.setdefault(path, []).extend(
                    Seen(units[unit_id], units[unit_id].sides[side_lang], notation, start, variant)
                    for unit_id, side_lang, start, variant in matches)
        yield notation, by_document, edition_of


def _in_document(notation: Notation, seen: list[Seen]) -> Iterator[Diagnostic]:
    counts = Counter(s.variant for s in seen)
    usual = _majority(counts)
    if len(counts) < 2 or usual is None or not notation.in_document:
        return
    example = next(s for s in seen if s.variant == usual)
    for s in seen:
        if s.variant != usual:
            yield _report(IN_DOCUMENT, notation, s, usual, example, counts[usual],
                          _("%(what)s written %(variant)s (`%(found)s`), while this document "
                            "writes it %(usual)s %(count)s times (`%(example)s`, line %(line)s)"))


def _in_edition(notation: Notation, by_document: dict[str, list[Seen]],
                edition_of: dict[str, tuple]) -> Iterator[Diagnostic]:
    editions: dict[tuple, Counter] = defaultdict(Counter)
    for path, seen in by_document.items():
        editions[edition_of[path]].update(s.variant for s in seen)
    for path, seen in by_document.items():
        counts = Counter(s.variant for s in seen)
        usual = _majority(editions[edition_of[path]])
        if len(counts) > 1 or usual is None or usual in counts:
            continue  # a document's own mix is judged by the document's majority
        example = next(s for other, found in by_document.items()
                       if other != path and edition_of[other] == edition_of[path]
                       for s in found if s.variant == usual)
        for s in seen:
            yield _report(IN_EDITION, notation, s, usual, example, editions[edition_of[path]][usual],
                          _("%(what)s written %(variant)s (`%(found)s`), while the other documents "
                            "of its edition write it %(usual)s %(count)s times (`%(example)s`, %(path)s "
                            "line %(line)s)"))


def _majority(counts: Counter) -> str | None:
    ranked = counts.most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


def _label(variant: str) -> str:
    return VARIANT_WORDS.get(variant, variant)


def _line(seen: Seen) -> int:
    return seen.side.line_start + seen.side.text.count("\n", 0, seen.match.start())


def _report(code: Code, notation: Notation, seen: Seen, usual: str, example: Seen, count: int,
            template: str) -> Diagnostic:
    message = text(template,
                   what=Word(notation.name), variant=Word(_label(seen.variant)), found=seen.match.group(),
                   usual=Word(_label(usual)), count=count, example=example.match.group(),
                   line=_line(example), path=example.side.path.rsplit("/", 1)[-1])
    return at(code, seen.unit, seen.side, seen.match.start(), message,
              suggestion=notation.form(seen.match, usual))
