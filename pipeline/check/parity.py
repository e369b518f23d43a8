"""EN/RU parity: for every unit with both sides, do the two say the same checkable things?

Cross-references, structure (markers, own lines, translated children), termbase terms and
freshness (a translation made from a source text that has changed since) here; what the two
texts say side by side in the modules of :data:`SIDE_BY_SIDE`: numbers in digits and words,
sentences, verbatim tokens, brackets and final punctuation, and per sentence pair negation,
conditions, signs, ordinals, the order of verbatim tokens and text left in the other language.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Kind, Lang, RefKind, Unit
from ..editions.worddiff import word_diff
from . import parity_marks, parity_meaning, parity_numbers, parity_order, parity_sentences, parity_tokens, placement
from .base import CheckContext, Code, Text, Word, _, on_unit, text
from .terminology_terms import Occurrence, analyse

STALE = Code("tr-stale", Severity.WARNING,
             "a translation made from a source text that has changed since (the message shows "
             "the change)")
REFERENCES = Code("parity-references", Severity.WARNING,
                  "the cross-references of a unit's two sides lead to different targets")
STRUCTURE = Code("parity-structure", Severity.WARNING,
                 "a translated unit whose marker or line count differs from its source, or whose "
                 "steps, sub-steps or items are not all translated")
TERMS = Code("parity-term-missing", Severity.WARNING,
              "a termbase term on one side of a unit whose approved rendering is missing on the "
              "other (matched by lemma, so any inflection counts)")
#: the comparisons of a translated unit's two texts, in the order they run
SIDE_BY_SIDE = (parity_numbers, parity_sentences, parity_tokens, parity_marks, parity_meaning,
                parity_order)
CODES = [STALE, REFERENCES, STRUCTURE, TERMS,
         *(code for module in SIDE_BY_SIDE for code in module.CODES), *placement.CODES]

#: kinds whose children are counted parts (steps, sub-steps, items, effects, modifiers, rows):
#: translating one of them and not its parts changes what the reader counts. A section or an
#: event translated ahead of its contents is simply work in progress.
_ENUMERATING = frozenset({Kind.PROCEDURE, Kind.STEP, Kind.LIST, Kind.ITEM, Kind.EFFECT,
                          Kind.PHASE, Kind.MODIFIERS, Kind.TABLE, Kind.PRECONDITION})
_DIRECTION = {"выше": "above", "ниже": "below"}


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    corpus = ctx.corpus
    lookup = ctx.lookup()  # asked once: a unit's every comparison asks its document
    for (unit_id, lang), translation in corpus.translations.items():
        unit = corpus.units[unit_id]
        source_lang = lookup.document_of(unit).language
        source, target = unit.sides[source_lang], unit.sides[lang]
        if translation.stale:
            yield on_unit(STALE, unit, target,
                          text(_("the %(lang)s source changed since this was translated: %(change)s"),
                               lang=Lang(source_lang), change=word_diff(translation.source, source.text)),
                          suggestion=text(_("update the translation, then re-import it (%(command)s marks it "
                                            "fuzzy)"), command=f"folio po export --lang {lang}"))
        # most units refer to nothing: then neither side has targets to differ
        if lookup.references_from(unit_id) and \
                (theirs := ref_targets(ctx, unit_id, source_lang)) != (ours := ref_targets(ctx, unit_id, lang)):
            yield on_unit(REFERENCES, unit, target,
                          _delta(Lang(source_lang), theirs, ours),
                          suggestion=text(_("point at the same rules, events and steps as the source")))
        yield from _structure(ctx, unit, source_lang, lang)
        for module in SIDE_BY_SIDE:
            yield from module.compare(ctx, unit, source_lang, lang)
    yield from _terms(ctx)
    yield from placement.check(ctx)


def ref_targets(ctx: CheckContext, unit_id: str, lang: str) -> Counter[str]:
    found: Counter[str] = Counter()
    for ref in ctx.lookup().references_from(unit_id):
        if ref.lang != lang:
            continue
        target = ref.target_id or f"{ref.kind}:{_DIRECTION.get(ref.target, ref.target)}"
        if ref.kind == RefKind.RELATIVE and ref.target_id is None:
            target = f"relative:{_DIRECTION.get(ref.target, ref.target)}"
        found[target] += 1
    return found


def _structure(ctx: CheckContext, unit: Unit, source_lang: str, lang: str) -> Iterable[Diagnostic]:
    source, target = unit.sides[source_lang], unit.sides[lang]
    marker, translated = source.marker, target.marker
    if marker != translated:
        nothing = Word(_("'nothing'"))
        yield on_unit(STRUCTURE, unit, target,
                      text(_("the translation is marked %(translated)s where the source has %(marker)s"),
                           translated=repr(translated) if translated else nothing,
                           marker=repr(marker) if marker else nothing),
                      suggestion=text(_("start the translation with %(marker)s"), marker=repr(marker))
                      if marker else None)
    if source.own_line_count != target.own_line_count:
        yield on_unit(STRUCTURE, unit, target,
                      text(_("%(lines)s line(s) where the source has %(theirs)s"),
                           lines=target.own_line_count, theirs=source.own_line_count),
                      suggestion=text(_("keep one line per source line")))
    if unit.kind not in _ENUMERATING:  # most units: their parts, if any, are not counted
        return
    untranslated = [c for c in _descendants_with_text(ctx, unit, source_lang) if lang not in c.sides]
    if untranslated:
        kinds = Counter(str(c.kind) for c in untranslated)
        listed = ", ".join(f"{n} {kind}{'s' if n > 1 else ''}" for kind, n in kinds.items())
        yield on_unit(STRUCTURE, unit, target,
                      text(_("translated, but %(listed)s inside it are not: %(units)s%(more)s"), listed=listed,
                           units=", ".join(c.id for c in untranslated[:3]),
                           more=" …" if len(untranslated) > 3 else ""),
                      suggestion=text(_("translate the whole unit, or none of it")))


def _terms(ctx: CheckContext) -> Iterable[Diagnostic]:
    if not ctx.corpus.translations:
        return
    analysis = analyse(ctx)
    lookup = ctx.lookup()
    found: dict[tuple[str, str], dict[str, Occurrence]] = {}  # (unit, lang) -> concept -> first
    for occ in analysis.occurrences:
        for entry in occ.entries:  # an ambiguous form counts as present for each of its concepts
            found.setdefault((occ.unit.id, occ.lang), {}).setdefault(entry.concept.id, occ)
    for unit_id, lang in ctx.corpus.translations:
        unit = ctx.corpus.units[unit_id]
        document = lookup.document_of(unit)
        source_lang, game = document.language, document.rulebook
        for here, there in ((source_lang, lang), (lang, source_lang)):
            present, other = found.get((unit_id, here), {}), found.get((unit_id, there), {})
            for concept_id, occ in present.items():
                if occ.entry is None or concept_id in other:
                    continue
                concept = occ.entry.concept
                wanted = concept.approved(game, there)
                if not wanted:
                    continue
                yield on_unit(TERMS, unit, unit.sides[lang],
                              text(_("«%(term)s» (%(concept)s) is on the %(lang)s side; its %(lang_other)s "
                                     "rendering (%(renderings)s) is not on the %(lang_other)s side"),
                                   term=occ.found, concept=concept_id, lang=Lang(here), lang_other=Lang(there),
                                   renderings=", ".join(f"«{w}»" for w in wanted)),
                              suggestion=concept.preferred(game, there, wanted[0]))


def _descendants_with_text(ctx: CheckContext, unit: Unit, lang: str) -> list[Unit]:
    # Only the direct structure counts (steps of a procedure, items of a list, effects of a
    # phase); a translated event whose untranslated parts go deeper is reported on each level.
    found = []
    for child in ctx.corpus.children(unit):
        if child.sides[lang].text:
            found.append(child)
        elif child.kind in (Kind.LIST, Kind.PROCEDURE, Kind.MODIFIERS):
            found.extend(_descendants_with_text(ctx, child, lang))
    return found


def _delta(lang: Lang, theirs: Counter, ours: Counter) -> Text:
    missing = ", ".join(sorted((theirs - ours).elements()))
    extra = ", ".join(sorted((ours - theirs).elements()))
    if missing and extra:
        return text(_("references differ from the %(lang)s side: missing %(units_missing)s; instead "
                      "%(units_extra)s"), lang=lang, units_missing=missing, units_extra=extra)
    if missing:
        return text(_("references differ from the %(lang)s side: missing %(units_missing)s"),
                    lang=lang, units_missing=missing)
    return text(_("references differ from the %(lang)s side: extra %(units_extra)s"), lang=lang,
                units_extra=extra)
