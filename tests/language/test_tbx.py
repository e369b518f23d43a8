"""`folio tbx export`: the termbase in the TBX dialect translators' tools read."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from pipeline.language.termbase import load_termbase

ROOT = Path(__file__).resolve().parents[2]
LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def statuses(entry: ET.Element, lang: str) -> dict[str, str]:
    lang_set = next(s for s in entry.iter("langSet") if s.get(LANG) == lang)
    return {tig.findtext("term"): tig.findtext("termNote[@type='administrativeStatus']")
            for tig in lang_set.iter("tig")}


def test_tbx_export_marks_preferred_admitted_and_forbidden_terms(folio, tmp_path):
    out = tmp_path / "glossary.tbx"
    run = folio(ROOT, "tbx", "export", "--out", str(out))
    assert run.returncode == 0, run.stderr
    tree = ET.parse(out)  # well-formed XML
    entries = {e.get("id"): e for e in tree.iter("termEntry")}
    termbase = load_termbase(ROOT)
    assert {c.id for c in termbase.concepts} <= set(entries)
    assert {f"abbr-{a.abbr}" for a in termbase.abbreviations} <= set(entries)
    command_points = statuses(entries["command-points"], "ru")
    assert command_points["командные очки"] == "preferredTerm-admn-sts"
    assert command_points["СР"] == "forbidden"
    notes = [n.text for n in entries["command-points"].iter("note")]
    assert any(n.startswith("Virgin Queen uses ru: КО") for n in notes)


def test_every_forbidden_and_unapproved_ruling_is_exported(folio, tmp_path):
    out = tmp_path / "glossary.tbx"
    folio(ROOT, "tbx", "export", "--out", str(out))
    entries = {e.get("id"): e for e in ET.parse(out).iter("termEntry")}
    for concept in load_termbase(ROOT).concepts:
        for kind, expected in ((concept.forbidden, "forbidden"),
                               (concept.unapproved, "deprecatedTerm-admn-sts")):
            for lang, rulings in kind.items():
                for ruling in rulings:
                    assert statuses(entries[concept.id], lang)[ruling.term] == expected
