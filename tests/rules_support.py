"""What the rules tests share: the repository's facts, one run of any rule, the rules family's
findings on a corpus, a way to change a corpus copy the way an editor would, and the manual's
example of the Python API."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from pipeline.build import load_corpus
from pipeline.check import rules_drift
from pipeline.check.base import CheckContext
from pipeline.core.diagnostics import Diagnostic
from pipeline.rules import Facts, Outcome, load_facts, run

ROOT = Path(__file__).resolve().parents[1]
#: the manual's page whose example of the Python API must run as written
MANUAL_PAGE = "docs/manual/rules/rules-as-data.md"


@cache
def facts() -> Facts:
    return load_facts(ROOT)


def decide(rule_id: str, **inputs) -> Outcome:
    """Run ``rule_id`` on the repository's facts."""
    return run(rule_id, facts(), inputs)


def findings(root: Path) -> list[Diagnostic]:
    """The ``rules`` family's findings on the corpus at ``root``."""
    corpus, _ = load_corpus(root)
    ctx = CheckContext(corpus, Path(root))
    return sorted([*rules_drift.check(ctx), *rules_drift.check_whole(ctx)], key=Diagnostic.sort_key)


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace ``old`` by ``new`` in a copied file; the test fails if the text is not there."""
    text = path.read_text("utf-8")
    assert text.count(old) >= count, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), "utf-8")


def manual_example() -> tuple[str, str]:
    """(the code, what it prints) of the manual's example of the Python API."""
    text = (ROOT / MANUAL_PAGE).read_text("utf-8")
    section = text[text.index("**The Python API**"):text.index("**Decision tables**")]
    code, output = re.findall(r"```(?:python|text)\n(.*?)```", section, re.S)
    return code, output
