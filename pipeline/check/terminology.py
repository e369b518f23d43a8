"""Terminology: the texts against the termbase (corpus/glossary.yaml).

Every match is by lemma, so an inflected form counts as the term (see :mod:`pipeline.language`).
An *edition* is one rulebook in one language (a Russian rulebook kept as two documents is one edition):
decisions and consistency are judged per edition, definitions of abbreviations per document.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Lang
from ..language import Matcher, compile_term, lemmas
from ..language.termbase import GLOSSARY, Abbreviation, Termbase, bracket_pairs, load_termbase
from ..util import project_files
from . import terminology_abbr as abbr
from . import terminology_glossary as glossary
from .base import CheckContext, Code, Count, Phrase, Text, Word, _, at, locate, ngettext, text
from .script import is_lookalike, latin_lookalike
from .terminology_terms import FORBIDDEN, TERM, UNAPPROVED, Analysis, Entry, Occurrence, analyse

FORBIDDEN_CODE = Code("term-forbidden", Severity.ERROR,
                      "a rendering the termbase forbids (a look-alike, a mistranslation)")
UNAPPROVED_CODE = Code("term-unapproved", Severity.WARNING,
                       "a rendering this edition's termbase decision does not approve")
INCONSISTENT = Code("term-inconsistent", Severity.WARNING,
                    "one concept rendered two ways inside one edition")
CASE = Code("term-case", Severity.INFO,
            "a term whose capitals are part of it (a proper name) written otherwise")
ABBR_UNDEFINED = Code("term-abbr-undefined", Severity.WARNING,
                      "an abbreviation that neither the corpus nor the glossary defines for this game")
ABBR_EARLY = Code("term-abbr-before-definition", Severity.WARNING,
                  "an abbreviation used before the document defines it")
BRACKET_MISMATCH = Code("term-bracket-mismatch", Severity.WARNING,
                        "an English original in square brackets that contradicts the termbase")

CODES = [FORBIDDEN_CODE, UNAPPROVED_CODE, INCONSISTENT, CASE, ABBR_UNDEFINED, ABBR_EARLY,
         BRACKET_MISMATCH, glossary.ONE_LANGUAGE]


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    analysis = analyse(ctx)
    yield from renderings(analysis)
    yield from abbreviations(ctx, analysis)
    yield from brackets(ctx, analysis)


def check_whole(ctx: CheckContext) -> Iterable[Diagnostic]:
    """The termbase itself, once per run: every field its readers see in both languages."""
    if project_files.present(ctx.root, GLOSSARY):
        yield from glossary.one_language(ctx.shared("termbase", lambda: load_termbase(ctx.root)))


def _where(occ: Occurrence) -> str:
    line, col = locate(occ.side, occ.start)
    return f"{occ.side.path}:{line}:{col}"


def renderings(analysis: Analysis) -> Iterator[Diagnostic]:
    """Forbidden and unapproved renderings, capitals of proper names, and editions that use
    two of a concept's terms where the termbase has not decided between them."""
    settled: dict[tuple, list[Occurrence]] = defaultdict(list)
    ruled = _Ruled()
    for occ in analysis.occurrences:
        entry = occ.entry
        if entry is None:
            continue
        if entry.status == TERM and ruled.approved(entry, occ):  # most occurrences
            yield from _settle(occ, entry, settled)
            continue
        concept, game, lang = entry.concept, occ.game, occ.lang
        ruling = entry.ruling  # set for every forbidden or unapproved term
        if entry.status == FORBIDDEN and ruling is not None:
            use = ruling.use or concept.preferred(game, lang, entry.term)
            if is_lookalike(occ.found, use):
                continue  # `СР` for `CP`: the script family reports it, with the letters named
            label = _label(concept, lang)
            yield at(FORBIDDEN_CODE, occ.unit, occ.side, occ.start,
                     text(_("«%(found)s» is a forbidden rendering of %(concept)s: %(why)s"), found=occ.found,
                          concept=label, why=_why(ruling)) if ruling.why else
                     text(_("«%(found)s» is a forbidden rendering of %(concept)s"), found=occ.found,
                          concept=label), suggestion=use)
        elif entry.status == UNAPPROVED and ruling is not None:
            use = ruling.use or concept.preferred(game, lang, entry.term)
            label = _label(concept, lang)
            yield at(UNAPPROVED_CODE, occ.unit, occ.side, occ.start,
                     text(_("«%(found)s» is not an approved rendering of %(concept)s (%(why)s)"),
                          found=occ.found, concept=label, why=_why(ruling)) if ruling.why else
                     text(_("«%(found)s» is not an approved rendering of %(concept)s"), found=occ.found,
                          concept=label), suggestion=use)
        elif not ruled.approved(entry, occ):
            use = concept.preferred(game, lang, entry.term)
            yield at(UNAPPROVED_CODE, occ.unit, occ.side, occ.start,
                     text(_("«%(found)s» for %(concept)s: the %(rulebook)s edition writes «%(use)s» (%(why)s)"),
                          found=occ.found, concept=_label(concept, lang), rulebook=game, use=use or "",
                          why=(Phrase.of(**{"en": concept.why[game], **concept.whys.get(game, {})})
                               if concept.why.get(game) else Word(_("termbase decision")))), suggestion=use)
        else:
            yield from _settle(occ, entry, settled)
    for occurrences in settled.values():
        yield from _mixed(occurrences)


def _settle(occ: Occurrence, entry: Entry, settled: dict[tuple, list[Occurrence]]) -> Iterator[Diagnostic]:
    """An approved term: counted for its edition's consistency, and its capitals checked."""
    concept = entry.concept
    settled[concept.id, occ.game, occ.lang, abbr.base_form(entry.term, occ.lang) is None].append(occ)
    if concept.case_exact:
        yield from _case(occ, entry.term)


def _why(ruling) -> Phrase:
    """A ruling's reason, in each page's language where the termbase has it (`why_ru`)."""
    return Phrase.of(**{"en": ruling.why, **ruling.whys})


def _label(concept, lang: str) -> Text | str:
    english = concept.terms.get(Lang.EN, [concept.id])[0]
    return text(_("“%(term)s” (%(concept)s)"), term=english, concept=concept.id) if lang != Lang.EN else concept.id


def _term(occ: Occurrence) -> str:
    return occ.entry.term if occ.entry is not None else ""


def _mixed(occurrences: list[Occurrence]) -> Iterator[Diagnostic]:
    first = occurrences[0]
    if first.entry is None:  # grouped by their concept: each has its entry
        return
    concept = first.entry.concept
    if concept.decisions.get(first.game, {}).get(first.lang):
        return  # the decision names what to write; its misses are term-unapproved
    counts = Counter(_term(o) for o in occurrences)
    if len(counts) < 2:
        return
    order = concept.terms[first.lang]
    majority = max(counts, key=lambda term: (counts[term], -order.index(term)))
    where = next(o for o in occurrences if _term(o) == majority)
    for occ in occurrences:
        if _term(occ) != majority:
            yield at(INCONSISTENT, occ.unit, occ.side, occ.start,
                     text(_("«%(found)s» for %(concept)s, which the %(rulebook)s edition writes «%(usual)s» "
                            "%(count)s times (first at %(place)s)"), found=occ.found,
                          concept=_label(concept, occ.lang), rulebook=occ.game, usual=majority,
                          count=Count(counts[majority], ngettext("%(num)d time", "%(num)d times")),
                          place=_where(where)), suggestion=majority)


def _case(occ: Occurrence, term: str) -> Iterator[Diagnostic]:
    found_words = occ.found.replace("-", " ").split()
    term_words = term.replace("-", " ").split()
    if len(found_words) != len(term_words):
        return
    fixed, wrong = [], False
    for number, (word, model) in enumerate(zip(found_words, term_words, strict=False)):
        capital = model[:1].isupper()
        if word.isupper() or word[:1].isupper() == capital or (number == 0 and not capital):
            fixed.append(word)  # a heading in capitals, or a sentence that starts with the term
            continue
        wrong = True
        fixed.append((word[:1].upper() if capital else word[:1].lower()) + word[1:])
    if wrong:
        yield at(CASE, occ.unit, occ.side, occ.start,
                 text(_("«%(found)s»: the name is written «%(name)s»"), found=occ.found, name=term),
                 suggestion=" ".join(fixed))


def abbreviations(ctx: CheckContext, analysis: Analysis) -> Iterator[Diagnostic]:
    base = analysis.termbase
    known, expansions = ctx.configured("terminology.abbreviations", lambda: _listed(base))
    # a rendering already reported as forbidden or unapproved is not also an undefined
    # abbreviation: the fix is the approved term (КО in HIS -> CP), not a definition
    ruled = _Ruled()
    skip = {(o.side.path, o.start) for o in analysis.occurrences if ruled.out(o)}
    defined: dict[tuple[str, str], tuple] = {}  # (document, abbr) -> (line, col) of definition
    used: list[tuple] = []
    # per abbreviation, whether it is a Latin one typed in Cyrillic: a question about the form,
    # the configuration and the corpus's Latin words, answered once per run
    lookalikes: dict[str, bool] = ctx.configured("terminology.lookalikes", dict)
    for read in analysis.sides:
        unit, side = read.unit, read.side
        found = abbr.candidates(read.tokens, side.text, read.lang)
        for name, offset in abbr.definitions(read.tokens, side.text, read.lang, expansions,
                                             found).items():
            position = locate(side, offset)
            if (unit.document, name) not in defined or position < defined[unit.document, name]:
                defined[unit.document, name] = position
        for use in abbr.uses(read.tokens, side.text, read.lang, known, found):
            # `ТР` in Cyrillic for the Latin TP is script-lookalike's: the fix is the Latin
            # letters, not a definition (asked once per abbreviation)
            if use.abbr not in lookalikes:
                lookalikes[use.abbr] = latin_lookalike(ctx, use.abbr) is not None
            if (side.path, use.start) not in skip and not read.is_quoted(use.start) \
                    and not lookalikes[use.abbr]:
                used.append((unit, side, read.game, use))
    defined_in_game = {(ctx.rulebook(doc), name) for doc, name in defined}
    reported: set[tuple[str, str]] = set()
    counts = Counter((unit.document, use.abbr) for unit, _, _, use in used)
    # the glossary's entry, asked once per abbreviation and game for the run
    glossary_entries: dict[tuple[str, str], Abbreviation | None] = ctx.configured("terminology.entries", dict)
    for unit, side, game, use in used:
        definition = defined.get((unit.document, use.abbr))
        if (use.abbr, game) not in glossary_entries:
            glossary_entries[use.abbr, game] = base.abbreviation(use.abbr, game)
        entry = glossary_entries[use.abbr, game]
        if definition is not None:
            # (located only here: the line of every use, counted from its text's start, cost
            # more than the rest of the loop)
            if locate(side, use.start) < definition:
                yield at(ABBR_EARLY, unit, side, use.start,
                         text(_("«%(abbr)s» is used before the document defines it at %(place)s"),
                              abbr=use.abbr, place=f"{side.path}:{definition[0]}:{definition[1]}"),
                         suggestion=_spelled_out(entry, use.abbr))
            continue
        if (entry is not None and entry.expansion) or (game, use.abbr) in defined_in_game:
            continue
        if (unit.document, use.abbr) in reported:
            continue
        reported.add((unit.document, use.abbr))
        times = counts[unit.document, use.abbr]
        detail = text(_("; the glossary notes: %(note)s"),
                      note=Phrase.of(en=entry.note, ru=entry.notes.get(Lang.RU))) if entry is not None and entry.note \
            else "" if entry is not None else text(_("; the glossary does not list it"))
        yield at(ABBR_UNDEFINED, unit, side, use.start,
                 text(_("«%(abbr)s» is never defined for %(rulebook)s (used %(count)s time in this "
                        "document)%(detail)s") if times == 1 else
                      _("«%(abbr)s» is never defined for %(rulebook)s (used %(count)s times in this "
                        "document)%(detail)s"), abbr=use.abbr, rulebook=game,
                      count=Count(times, ngettext("%(num)d time", "%(num)d times")), detail=detail))


def _listed(base: Termbase) -> tuple[set[str], dict[str, list[str]]]:
    """The glossary's abbreviations, and the expansions it gives each."""
    expansions: dict[str, list[str]] = defaultdict(list)
    for listed in base.abbreviations:
        if listed.expansion:
            expansions[listed.abbr].append(listed.expansion)
    return {a.abbr for a in base.abbreviations}, expansions


class _Ruled:
    """Whether an occurrence's term is among those its edition approves, and whether it is a
    rendering the termbase rules out there: questions about its entry, game and language, asked
    of every occurrence and answered once for each."""

    def __init__(self) -> None:
        self._approved: dict[tuple[int, str, str], bool] = {}

    def approved(self, entry: Entry, occ: Occurrence) -> bool:
        """Whether ``entry``, ``occ``'s, is a term ``occ``'s edition approves."""
        key = (id(entry), occ.game, occ.lang)  # the entries outlive the caller's occurrences
        found = self._approved.get(key)
        if found is None:
            found = self._approved[key] = entry.term in entry.concept.approved(occ.game, occ.lang)
        return found

    def out(self, occ: Occurrence) -> bool:
        entry = occ.entry
        return entry is not None and (entry.status != TERM or not self.approved(entry, occ))


def _spelled_out(entry, name: str) -> Text | None:
    if entry is None or not entry.expansion:
        return None
    return text(_("write «%(definition)s» here, at the first use"), definition=f"{entry.expansion} ({name})")


def brackets(ctx: CheckContext, analysis: Analysis) -> Iterator[Diagnostic]:
    """A bracketed English original must be the English of the Russian term it follows."""
    base = analysis.termbase
    # every pair of a game asks the same terms: compiled once per game and language for the run
    matchers: dict[tuple[str, str], Matcher] = ctx.configured("terminology.spanning", dict)
    for pair in bracket_pairs(ctx.corpus):
        game = ctx.rulebook(ctx.corpus.units[pair.unit].document)
        ru = _concepts_spanning(base, game, Lang.RU, pair.ru, matchers)
        en = _concepts_spanning(base, game, Lang.EN, pair.en, matchers)
        if (not ru and not en) or ru & en:
            continue
        unit = ctx.corpus.units[pair.unit]
        side = unit.sides[Lang.RU]
        if ru:
            concept = base.concept(sorted(ru)[0])
            english = concept.preferred(game, Lang.EN, pair.en) or "?"
            message = text(_("[%(en)s] after «%(ru)s»: the termbase's English for it is «%(english)s»"),
                           en=pair.en, ru=pair.ru, english=english)
            suggestion = english
        else:
            concept = base.concept(sorted(en)[0])
            russian = concept.preferred(game, Lang.RU, pair.ru) or "?"
            message = text(_("«%(ru)s» [%(en)s]: the termbase renders «%(en)s» as «%(russian)s»"),
                           en=pair.en, ru=pair.ru, russian=russian)
            suggestion = russian
        yield at(BRACKET_MISMATCH, unit, side, pair.offset, message, suggestion=suggestion)


def _concepts_spanning(base, game: str, lang: str, text: str,
                       matchers: dict[tuple[str, str], Matcher]) -> set[str]:
    """The concepts one of whose terms is the whole of ``text`` (a leading count aside);
    ``matchers``: each game's terms, compiled by the first call that asks for them."""
    tokens = [t for t in lemmas(text, lang) if t.is_word]
    if not tokens:
        return set()
    matcher = matchers.get((game, lang))
    if matcher is None:
        matcher = matchers[game, lang] = Matcher(
            compile_term(term, lang, concept.id) for concept in base.concepts
            if concept.applies(game) for term in concept.terms.get(lang, []))
    found = set()
    for match in matcher.find(tokens):
        if match.first == 0 and match.last == len(tokens) - 1:
            found |= {p.payload for p in match.patterns}
    return found
