"""The check families, in the order they run: the explicit list, so that a test or a user can
run one family alone (``folio check --only typography``)."""

from __future__ import annotations

from types import ModuleType

from ..incremental import entries
from ..read import reader
from . import (
    agreement,
    consistency,
    names,
    numbering,
    parity,
    punctuation,
    references,
    rules_coverage,
    rules_drift,
    script,
    spelling,
    tables,
    terminology,
    typography,
)
from .base import Code

FAMILIES: dict[str, ModuleType] = {
    "references": references,  # cross-references the link stage could not resolve
    "numbering": numbering,
    "terminology": terminology,  # against corpus/glossary.yaml, by lemma
    "script": script,  # Latin/Cyrillic look-alikes
    "typography": typography,
    "style": consistency,  # one notation written two ways in a document or an edition
    "spelling": spelling,  # Hunspell plus corpus/wordlists/
    "punctuation": punctuation,  # the commas Russian requires before a clause
    "names": names,  # against corpus/gazetteer.yaml and the termbase's names
    "agreement": agreement,  # Russian adjective/numeral and noun, English subject and verb
    "tables": tables,
    "parity": parity,  # a unit's two language sides, and stale translations
    "rules": rules_drift,  # corpus/rules facts and worked examples against the text
    "coverage": rules_coverage,  # every clause of a rulebook with rules: executable, prose only, not a rule
}


def all_codes() -> list[Code]:
    """Every code Folio can report: the reader's notes, the caches' and each family's, in order."""
    return [*reader.CODES, *entries.CODES, *(code for family in FAMILIES.values() for code in family.CODES)]
