"""Parsing loses nothing: every non-blank line lands in exactly one unit, and the source can be
rebuilt byte for byte from the model. Ids come from the rules' numbering, not from lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from lossless_support import encode, rebuild
from pipeline.core.model import Document, Unit
from pipeline.parse import PARSERS
from pipeline.read.manifest import load_manifest
from pipeline.read.reader import decode_source

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = load_manifest(ROOT, PARSERS)


def parse_bytes(document: Document, raw: bytes) -> list[Unit]:
    return PARSERS[document.parser](document, decode_source(raw, document.source))


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda d: d.key)
def test_every_line_in_exactly_one_unit_and_source_rebuilt(document):
    raw = (ROOT / document.source).read_bytes()
    units = parse_bytes(document, raw)
    source_lines = decode_source(raw, document.source).lines
    lines, owner = rebuild(units, len(source_lines))
    non_blank = {n for n, text in enumerate(source_lines, 1) if text.strip()}
    assert set(owner) == non_blank
    assert encode(units, lines) == raw


@pytest.mark.parametrize("variant", ["crlf", "bom", "cp1251"])
def test_rebuilt_byte_for_byte_whatever_the_encoding(variant):
    document = next(d for d in DOCUMENTS if d.key == "his-winter-new-world")
    text = (ROOT / document.source).read_text("utf-8")
    raw = {"crlf": text.replace("\n", "\r\n").encode("utf-8"),
           "bom": ("\ufeff" + text).encode("utf-8"),
           "cp1251": text.encode("cp1251")}[variant]
    units = parse_bytes(document, raw)
    lines, _ = rebuild(units, len(decode_source(raw, document.source).lines))
    assert encode(units, lines) == raw
    assert [u.id for u in units] == [u.id for u in parse_bytes(document, text.encode())]


def spans(units: list[Unit]) -> dict[str, int]:
    return {u.id: u.side().line_start for u in units}


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda d: d.key)
def test_ids_survive_edits_that_move_lines(document):
    """Reflowing blank lines and rewording a sentence moves lines but changes no id."""
    text = (ROOT / document.source).read_text("utf-8")
    lines = text.split("\n")
    edited = [lines[0], ""] + [line.replace(" the ", " the  ").replace(" и ", " и\u00a0")
                               for line in lines[1:]]
    before = parse_bytes(document, text.encode())
    after = parse_bytes(document, "\n".join(edited).encode())
    assert [u.id for u in before] == [u.id for u in after]
    moved = [uid for uid, line in spans(after).items() if line != spans(before)[uid]]
    assert moved, "the edit should have moved lines; the test would prove nothing"


def test_ids_are_readable_and_carry_the_rule_numbers():
    units = {u.id for d in DOCUMENTS for u in parse_bytes(d, (ROOT / d.source).read_bytes())}
    for expected in ["eu-risto:8:I", "eu-risto:1:I/lasting-effects/4/c", "his:21.5", "his:19.8",
                     "vq:11.1", "pop:5.5", "pop:5.5/action-1/proc-1/step-3/a"]:
        assert expected in units
    assert all(" " not in uid and "\n" not in uid for uid in units)


def test_parsers_never_crash_on_scrambled_real_lines():
    """Lines of the real texts in the wrong order, or from the wrong document: each parser
    either builds a lossless tree or stops with a FolioError naming the file, nothing else."""
    import random

    from pipeline.core.errors import FolioError

    pool = [line for d in DOCUMENTS for line in (ROOT / d.source).read_text("utf-8").split("\n")]
    outcomes = {"parsed": 0, "refused": 0}
    for seed in range(400):
        rnd = random.Random(seed)
        document = DOCUMENTS[seed % len(DOCUMENTS)]
        own = (ROOT / document.source).read_text("utf-8").split("\n")
        start = rnd.randrange(len(own))
        sample = own[start:start + rnd.randint(1, 40)] if seed % 2 else \
            [rnd.choice(pool) for _ in range(rnd.randint(1, 40))]
        rnd.shuffle(sample)
        raw = "\n".join(sample).encode()
        try:
            units = parse_bytes(document, raw)
        except FolioError as error:
            assert error.path == document.source
            outcomes["refused"] += 1
            continue
        line_count = len(decode_source(raw, document.source).lines)
        lines, owner = rebuild(units, line_count)
        assert set(owner) == {n for n, text in enumerate(sample, 1) if text.strip()}
        assert encode(units, lines) == raw
        outcomes["parsed"] += 1
    assert outcomes["parsed"] > 200  # most scrambles are still readable text
