"""The README's example of the Python API runs as written and prints what the README says."""

from __future__ import annotations

import contextlib
import io
import os
import re

from site_support import REPO


def _example() -> tuple[str, str]:
    text = (REPO / "README.md").read_text("utf-8")
    section = text[text.index("**The Python API**"):text.index("**Decision tables**")]
    code, output = re.findall(r"```(?:python|text)\n(.*?)```", section, re.S)
    return code, output


def test_the_readme_example_prints_what_the_readme_says():
    code, expected = _example()
    printed = io.StringIO()
    here = os.getcwd()
    os.chdir(REPO)  # the example runs from the repository root, as the README says
    try:
        with contextlib.redirect_stdout(printed):
            exec(compile(code, "README.md", "exec"), {"__name__": "readme"})
    finally:
        os.chdir(here)
    assert printed.getvalue() == expected
