"""The termbase's own fields against its readers: the glossary page is published in every
language, so a note, a decision's reason or a concept's terms written in one language only
leave the other language's readers a row in a foreign language, or an empty cell.

``note`` and ``why`` are the English readers' (and the translators'); ``note_ru`` and ``why_ru``
the Russian readers'. An abbreviation's expansion counts as given in a language when the entry
has it (``expansion_ru``), when it is written in that language's script, or when the concept it
names has a term in that language (what the site shows: :meth:`pipeline.render.site.fragments.Renderer._explained`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import LANGUAGES, Lang
from ..language.termbase import GLOSSARY, Termbase
from .base import Code, Word, _, text

ONE_LANGUAGE = Code("term-glossary-one-language", Severity.WARNING,
                    "a glossary field a reader sees (a note, a reason, a concept's terms) written in one "
                    "language only")

#: the language the base fields are written in: `note`, `why`, `expansion`
_BASE = Lang.EN
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def _script(value: str) -> str:
    return Lang.RU if _CYRILLIC.search(value) else Lang.EN


def one_language(termbase: Termbase) -> Iterator[Diagnostic]:
    """Every field of the termbase a reader of some language would see in another one."""
    others = [lang for lang in LANGUAGES if lang != _BASE]
    concepts = {concept.id: concept for concept in termbase.concepts}
    for concept in termbase.concepts:
        for lang in LANGUAGES:
            if not concept.terms.get(lang):
                yield _missing(concept.line, _("list of terms"), concept.id, lang)
        for lang in others:
            if concept.note and lang not in concept.notes:
                yield _missing(concept.line, _("note"), concept.id, lang)
            for game, why in concept.why.items():
                if why and lang not in concept.whys.get(game, {}):
                    yield _missing(concept.line, _("reason of a decision"), concept.id, lang)
            for kind in ("unapproved", "forbidden"):
                for rulings in getattr(concept, kind).values():
                    for ruling in rulings:
                        if ruling.why and lang not in ruling.whys:
                            yield _missing(ruling.line, _("reason of a ruling"), concept.id, lang)
    for abbr in termbase.abbreviations:
        for lang in others:
            if abbr.note and lang not in abbr.notes:
                yield _missing(abbr.line, _("note"), abbr.abbr, lang)
            named = concepts.get(abbr.concept or "")
            if abbr.expansion and lang not in abbr.expansions and _script(abbr.expansion) != lang \
                    and not (named and named.terms.get(lang)):
                yield _missing(abbr.line, _("expansion"), abbr.abbr, lang)


def _missing(line: int, field: str, entry: str, lang: str) -> Diagnostic:
    suggestion = f"note_{lang}" if field == "note" else f"why_{lang}" if field.startswith("reason") \
        else f"expansion_{lang}" if field == "expansion" else f"{lang}: [...]"
    return Diagnostic.of(GLOSSARY, line, ONE_LANGUAGE.code,
                         text(_("the %(field)s of `%(entry)s` has no %(language)s side"),
                              field=Word(field), entry=entry, language=Lang(lang)),
                         ONE_LANGUAGE.severity, suggestion=suggestion)
