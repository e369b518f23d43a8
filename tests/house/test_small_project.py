"""The small project (tests/projects/four-games) stands for the real corpus in the unit-level
tests: its texts are the real texts' openings and its translations the real ones of the units it
keeps. A committed copy drifts silently when the corpus changes; this test says so at once."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conftest import REPO

SMALL = REPO / "tests" / "projects" / "four-games" / "corpus"


def _real(small: Path, folder: str) -> Path:
    return REPO / "corpus" / folder / small.name.replace("-x1.", ".")


@pytest.mark.parametrize("source", sorted((SMALL / "sources").iterdir()), ids=lambda p: p.name)
def test_each_small_source_is_the_opening_of_its_real_text(source):
    assert _real(source, "sources").read_bytes().startswith(source.read_bytes()), (
        f"{source.name} is no longer the opening of the real text: make it again from the corpus")


@pytest.mark.parametrize("translation", sorted((SMALL / "translations").iterdir()), ids=lambda p: p.name)
def test_each_small_translation_says_what_the_real_one_says_of_the_units_kept(translation):
    small = yaml.safe_load(translation.read_text("utf-8"))["units"]
    real = yaml.safe_load(_real(translation, "translations").read_text("utf-8"))["units"]
    assert small
    for unit, entry in small.items():
        head, colon, rest = unit.partition(":")  # the rulebook's or the document's key, then the rest
        kept = real.get(f"{head.removesuffix('-x1')}{colon}{rest}")
        assert kept is not None, f"{unit}: the real translation has no such unit"
        assert (entry.get("source"), entry.get("text")) == (kept.get("source"), kept.get("text")), unit
