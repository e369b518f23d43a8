"""Every command gets its corpus, facts and findings one way (pipeline.build.Project): `folio
check` reports what `folio build` records, notes of the reader included, and one family alone
is that family's share of it."""

from __future__ import annotations

import json

from pipeline.check import FAMILIES


def test_folio_check_reports_what_folio_build_records(corpus_copy, folio):
    source = corpus_copy / "corpus" / "sources" / "pop-military-actions.en.txt"
    source.write_bytes(source.read_bytes().replace(b"\n", b"\r\n"))  # a note of the reader
    built = folio(corpus_copy, "build")
    assert built.returncode == 0, built.stderr
    recorded = (corpus_copy / "build" / "checks.json").read_text("utf-8")
    checked = folio(corpus_copy, "check", "--format", "json")
    assert checked.stdout == recorded
    found = json.loads(recorded)
    assert any(d["path"] == "corpus/sources/pop-military-actions.en.txt" and d["code"] == "read-newline"
               for d in found), "the reader's note on the line endings"
    codes = {code.code for code in FAMILIES["parity"].CODES}
    alone = json.loads(folio(corpus_copy, "check", "--only", "parity", "--format", "json").stdout)
    assert alone == [d for d in found if d["code"] in codes] and alone
