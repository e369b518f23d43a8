"""Every command gets its corpus, facts and findings one way (pipeline.build.Project): `folio
check` reports what `folio build` records, notes of the reader included, and one family alone
is that family's share of it. On the small project of tests/projects/four-games/ (the real
documents under new ids), `folio` run in this process."""

from __future__ import annotations

import json

from hostile_support import folio
from pipeline.check import FAMILIES
from projects_support import small_project

SOURCE = "corpus/sources/pop-military-actions-x1.en.txt"


def test_folio_check_reports_what_folio_build_records(tmp_path):
    root = small_project("four-games", tmp_path / "project")
    source = root / SOURCE
    source.write_bytes(source.read_bytes().replace(b"\n", b"\r\n"))  # a note of the reader
    built = folio(root, "build")
    assert built.returncode == 0, built.stderr
    recorded = (root / "build" / "checks.json").read_text("utf-8")
    checked = folio(root, "check", "--format", "json")
    assert checked.stdout == recorded
    found = json.loads(recorded)
    assert any(d["path"] == SOURCE and d["code"] == "read-newline" for d in found), \
        "the reader's note on the line endings"
    codes = {code.code for code in FAMILIES["parity"].CODES}
    alone = json.loads(folio(root, "check", "--only", "parity", "--format", "json").stdout)
    assert alone == [d for d in found if d["code"] in codes] and alone
