"""The manual's example of the Python API (docs/manual/rules/rules-as-data.md) runs as written and
prints what the manual says."""

from __future__ import annotations

import contextlib
import io
import os

from rules_support import MANUAL_PAGE, manual_example
from site_support import REPO


def test_the_manual_example_prints_what_the_manual_says():
    code, expected = manual_example()
    printed = io.StringIO()
    here = os.getcwd()
    os.chdir(REPO)  # from the repository root too (tests/rules/test_rules_api.py runs it from elsewhere)
    try:
        with contextlib.redirect_stdout(printed):
            exec(compile(code, MANUAL_PAGE, "exec"), {"__name__": "manual"})
    finally:
        os.chdir(here)
    assert printed.getvalue() == expected
