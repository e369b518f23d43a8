"""The termbase as TBX, for translators' own tools (Weblate, OmegaT, Trados).

TBX 2 (`martif`), the dialect Weblate and the Translate Toolkit read. Each concept is a
``termEntry`` with a ``langSet`` per language; every term carries its administrative status:
the preferred term, admitted alternatives, unapproved variants (deprecated, with the term to
use) and forbidden ones. Weblate marks a term forbidden when that status reads ``forbidden``.
Abbreviations become entries of their own, with their expansion as the full form.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from ...language.termbase import Termbase

_XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
PREFERRED, ADMITTED = "preferredTerm-admn-sts", "admittedTerm-admn-sts"
DEPRECATED, FORBIDDEN = "deprecatedTerm-admn-sts", "forbidden"


def tbx_document(termbase: Termbase) -> ET.ElementTree:
    martif = ET.Element("martif", {"type": "TBX", _XML_LANG: "en"})
    source = ET.SubElement(ET.SubElement(ET.SubElement(martif, "martifHeader"), "fileDesc"),
                           "sourceDesc")
    ET.SubElement(source, "p").text = "Folio termbase (corpus/glossary.yaml)"
    body = ET.SubElement(ET.SubElement(martif, "text"), "body")
    for concept in termbase.concepts:
        entry = ET.SubElement(body, "termEntry", {"id": concept.id})
        if concept.games:
            _descrip(entry, "subjectField", ", ".join(termbase.games.get(g, g) for g in sorted(concept.games)))
        if concept.note:
            _descrip(entry, "definition", concept.note)
        for game, decision in sorted(concept.decisions.items()):
            chosen = "; ".join(f"{lang}: {', '.join(terms)}" for lang, terms in decision.items())
            why = concept.why.get(game)
            ET.SubElement(entry, "note").text = (f"{termbase.games.get(game, game)} uses {chosen}"
                                                 + (f" ({why})" if why else ""))
        for lang, terms in concept.terms.items():
            lang_set = ET.SubElement(entry, "langSet", {_XML_LANG: lang})
            for n, term in enumerate(terms):
                _term(lang_set, term, PREFERRED if n == 0 else ADMITTED)
            for status, rulings in ((DEPRECATED, concept.unapproved), (FORBIDDEN, concept.forbidden)):
                for ruling in rulings.get(lang, []):
                    note = "; ".join(filter(None, [f"use {ruling.use}" if ruling.use else None,
                                                   ruling.why]))
                    _term(lang_set, ruling.term, status, note)
    for abbreviation in termbase.abbreviations:
        entry = ET.SubElement(body, "termEntry", {"id": f"abbr-{abbreviation.abbr}"})
        games = ", ".join(termbase.games.get(g, g) for g in sorted(abbreviation.games))
        _descrip(entry, "subjectField", games)
        lang = "ru" if any("\u0400" <= ch <= "\u04ff" for ch in abbreviation.abbr) else "en"
        tig = _term(ET.SubElement(entry, "langSet", {_XML_LANG: lang}), abbreviation.abbr,
                    PREFERRED, abbreviation.note)
        ET.SubElement(tig, "termNote", {"type": "termType"}).text = "abbreviation"
        if abbreviation.expansion:
            ET.SubElement(tig, "termNote", {"type": "abbreviatedFormFor"}).text = abbreviation.expansion
    ET.indent(martif, space="  ")
    return ET.ElementTree(martif)


def write_tbx(termbase: Termbase, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    tree = tbx_document(termbase)
    with path.open("wb") as handle:
        handle.write(b'<?xml version="1.0" encoding="UTF-8"?>\n')
        tree.write(handle, encoding="utf-8", xml_declaration=False)
        handle.write(b"\n")
    return path


def _term(lang_set: ET.Element, term: str, status: str, note: str | None = None) -> ET.Element:
    tig = ET.SubElement(lang_set, "tig")
    ET.SubElement(tig, "term").text = term
    ET.SubElement(tig, "termNote", {"type": "administrativeStatus"}).text = status
    if note:
        ET.SubElement(tig, "note").text = note
    return tig


def _descrip(parent: ET.Element, kind: str, text: str) -> None:
    ET.SubElement(parent, "descrip", {"type": kind}).text = text
