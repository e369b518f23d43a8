"""The manual's example of the Python API (docs/manual/rules/rules-as-data.md) runs as written and
prints what the manual says."""

from __future__ import annotations

import contextlib
import io
import os
import re

from site_support import REPO

MANUAL_PAGE = "docs/manual/rules/rules-as-data.md"


def _example() -> tuple[str, str]:
    text = (REPO / MANUAL_PAGE).read_text("utf-8")
    section = text[text.index("**The Python API**"):text.index("**Decision tables**")]
    code, output = re.findall(r"```(?:python|text)\n(.*?)```", section, re.S)
    return code, output


def test_the_manual_example_prints_what_the_manual_says():
    code, expected = _example()
    printed = io.StringIO()
    here = os.getcwd()
    os.chdir(REPO)  # from the repository root too (tests/rules/test_rules_api.py runs it from elsewhere)
    try:
        with contextlib.redirect_stdout(printed):
            exec(compile(code, MANUAL_PAGE, "exec"), {"__name__": "manual"})
    finally:
        os.chdir(here)
    assert printed.getvalue() == expected
