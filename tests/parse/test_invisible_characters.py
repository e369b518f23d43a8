"""Invisible characters never change the structure (issue 23, case 4), on copies of the real
texts: a zero-width space inside `21.5` or a no-break space after it (as text pasted from a word
processor brings) leaves rule 21.5 and its units where they are; a zero-width space inside
`см. 18.1` leaves the reference leading where it did. Every zero-width or bidi control
character is reported at its line and column: an error inside a number, an id or a reference,
a warning elsewhere. The stored text keeps every character (lossless, tests/parse/test_lossless.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from check_support import crafted, lines, real_findings, run
from conftest import REPO, copy_corpus
from hostile_support import folio
from linear_support import cpu_seconds, ratio
from lossless_support import encode, rebuild
from pipeline.build import load_corpus
from pipeline.check import invisible, script
from pipeline.core.characters import INVISIBLE, SPACES, structural
from pipeline.core.model import Unit
from pipeline.parse import PARSERS, translated_side
from pipeline.read.manifest import load_manifest
from pipeline.read.reader import decode_source

DOCUMENTS = {d.key: d for d in load_manifest(REPO, PARSERS)}
POWER = DOCUMENTS["his-power-rules"]
POWER_PATH = POWER.source
ZWSP, NBSP = "\u200b", "\u00a0"


def source(document=POWER) -> str:
    return (REPO / document.source).read_text("utf-8")


def parse(text: str, document=POWER) -> dict[str, Unit]:
    return {u.id: u for u in PARSERS[document.parser](document, decode_source(text.encode(), document.source))}


def edited(old: str, new: str, document=POWER) -> str:
    text = source(document)
    assert text.count(old) == 1, old
    return text.replace(old, new)


def under(units: dict[str, Unit], rule: str) -> list[str]:
    return [uid for uid in units if uid == rule or uid.startswith(rule + "/")]


# -- the parsers -----------------------------------------------------------------------------

@pytest.mark.parametrize("written", ["21.\u200b5. Папство", "21.5.\u00a0Папство", "21.5.\u202fПапство",
                                     "\u200e21.5. Папство", "21\u00ad.5. Папство", "21.5.\u3000Папство"],
                         ids=["zero-width-inside", "no-break-after", "narrow-no-break", "mark-before",
                              "soft-hyphen", "ideographic-space"])
def test_rule_21_5_keeps_its_25_units_whatever_invisible_or_space_its_heading_holds(written):
    before, after = parse(source()), parse(edited("21.5. Папство", written))
    assert len(under(before, "his:21.5")) == 25
    assert under(after, "his:21.5") == under(before, "his:21.5")
    assert under(after, "his:21.4") == under(before, "his:21.4")
    assert list(after) == list(before)
    rule = after["his:21.5"].side()
    assert rule.text == written  # stored as written, every character kept
    assert rule.fields["title"] == "Папство"


def test_a_title_and_a_body_keep_the_characters_they_were_written_with():
    """The site finds a field in the text it came from (pipeline/render/site/inline.py): a field read
    from the structural form is given back as the text writes it."""
    line = ("1. Открытие карты: Английский игрок открывает карту, которую он хочет разыграть,")
    written = "1.\u00a0Открытие\u00a0карты: Английский\u200b игрок открывает карту, которую он хочет разыграть,"
    step = parse(edited(line, written))["his:21.3/sec-1/proc-1/step-1"].side()
    assert step.fields["title"] == "Открытие\u00a0карты"
    assert step.fields["body"].startswith("Английский\u200b игрок")
    assert step.text.endswith(step.fields["body"]) and step.fields["title"] in step.text
    assert step.marker == "1."


def test_a_translation_with_a_no_break_space_after_its_number_is_read_as_its_step():
    unit = parse(source())["his:21.3/sec-1/proc-1/step-1"]
    english = "1.\u00a0Card\u00a0reveal: The\u200b English player reveals a card."
    side = translated_side(POWER, unit, english, "corpus/translations/his-power-rules.en.yaml", 3, 3)
    assert side.marker == "1."
    assert side.fields == {"title": "Card\u00a0reveal", "body": "The\u200b English player reveals a card."}
    assert side.text == english


def test_a_line_of_nothing_but_invisible_characters_is_blank_to_the_parser_and_kept():
    text = edited("21.5. Папство\n", "21.5. Папство\n\u200b\u200e\n")
    units = parse(text)
    assert list(units) == list(parse(source()))
    raw = text.encode()
    lines_, owner = rebuild(list(units.values()), len(decode_source(raw, POWER.source).lines))
    assert encode(list(units.values()), lines_) == raw
    assert owner[17] == "his:21.5"  # the unit before it owns it: the check can point at it


def test_a_source_of_nothing_but_spaces_and_invisible_characters_is_refused_as_empty():
    from pipeline.core.errors import FolioError

    with pytest.raises(FolioError, match="the file is empty"):
        decode_source("\u200b\n\u00a0\ufeff\n".encode(), POWER.source)


@st.composite
def disguised(draw) -> tuple[str, str]:
    """A real text (its key) with spaces turned into other Unicode spaces and invisible
    characters put anywhere, even into blank lines and between a number's digits."""
    key = draw(st.sampled_from(sorted(DOCUMENTS)))
    text = list(source(DOCUMENTS[key]))
    for _ in range(draw(st.integers(1, 12))):
        at = draw(st.integers(0, len(text) - 1))
        if draw(st.booleans()) and text[at] == " ":
            text[at] = draw(st.sampled_from(SPACES.replace("\x85", "").replace("\u2028", "").replace("\u2029", "")))
        else:
            text.insert(at, draw(st.sampled_from(INVISIBLE)))
    return key, "".join(text)


@settings(max_examples=60, deadline=None)
@given(disguised())
def test_spaces_and_invisible_characters_anywhere_change_no_unit_and_lose_no_byte(case):
    key, text = case
    document = DOCUMENTS[key]
    raw = text.encode()
    units = PARSERS[document.parser](document, decode_source(raw, document.source))
    plain = parse(source(document), document)
    assert [(u.id, u.kind, u.parent) for u in units] == [(u.id, u.kind, u.parent) for u in plain.values()]
    lines_, owner = rebuild(units, len(decode_source(raw, document.source).lines))
    assert encode(units, lines_) == raw
    assert set(owner) == {n for n, line in enumerate(text.split("\n"), 1) if line.strip()}


def test_the_structural_form_keeps_offsets_for_spaces_and_drops_only_invisible_characters():
    # every character str.isspace() calls a space is read as one, but the four patterns name
    assert set(SPACES) == {chr(n) for n in range(0x110000) if chr(n).isspace()} - set(" \t\n\r")
    assert structural("21.\u200b5.\u00a0Папство\tи\u2009т.\u00a0д.") == "21.5. Папство\tи т. д."


# -- the references --------------------------------------------------------------------------

def references_at(root: Path, line: int) -> list[tuple]:
    corpus = load_corpus(root)[0]
    return [(r.kind, r.target, r.status, r.target_id) for r in corpus.references
            if r.path == POWER_PATH and r.line == line]


def test_a_reference_is_read_past_spaces_and_invisible_characters_and_placed_as_written():
    from pipeline.link.references.mentions import extract

    written = "строительство (см.\u00a018.\u200b1) и см. 18.2"
    first, second = extract(written, "ru")
    assert (first.target, first.text) == ("18.1", "см.\u00a018.\u200b1")
    assert written[first.start:first.end] == first.text  # where the site links it
    assert (second.target, written[second.start:second.end]) == ("18.2", "см. 18.2")


def test_a_zero_width_space_inside_a_reference_leaves_it_leading_where_it_did(tmp_path):
    root = copy_corpus(tmp_path)
    before = references_at(root, 21)
    assert [(kind, target) for kind, target, *_ in before] == [("rule", "18.1")]
    (root / POWER_PATH).write_text(edited("(см. 18.1)", f"(см. 18.{ZWSP}1)"), "utf-8")
    assert references_at(root, 21) == before


# -- the check, as a user runs it ------------------------------------------------------------

@pytest.fixture(scope="module")
def disguised_project(tmp_path_factory) -> Path:
    root = copy_corpus(tmp_path_factory.mktemp("invisible"))
    text = (edited("21.5. Папство", f"21.{ZWSP}5. Папство")
            .replace("(см. 18.1)", f"(см. 18.{ZWSP}1)")
            .replace("21.4. Франция", f"21.4.{NBSP}Франция")
            .replace("Сама ревностная", "Сама ревност\u00adная"))
    (root / POWER_PATH).write_text(text, "utf-8")
    return root


def findings(root: Path) -> list[dict]:
    done = folio(root, "check", "--only", "script", "--format", "json")
    assert "Traceback" not in done.stderr, done.stderr
    return [d for d in json.loads(done.stdout) if d["code"].startswith("script-invisible")]


def test_each_invisible_character_is_reported_at_its_line_and_column(disguised_project):
    found = {(d["line"], d["col"]): d for d in findings(disguised_project)}
    assert sorted(found) == [(2, 340), (16, 4), (21, 48)]  # nothing for the no-break space (14)
    number, reference, word = found[16, 4], found[21, 48], found[2, 340]
    assert (number["code"], number["severity"], number["unit"]) == ("script-invisible-number", "error", "his:21.5")
    assert "U+200B ZERO WIDTH SPACE" in number["message"] and "`21.5`" in number["message"]
    assert (reference["code"], reference["severity"]) == ("script-invisible-number", "error")
    assert "reference `см. 18.1`" in reference["message"]
    assert (word["code"], word["severity"]) == ("script-invisible", "warning")
    assert "U+00AD SOFT HYPHEN" in word["message"]
    assert {d["suggestion"] for d in found.values()} == {"delete the character"}


def test_the_real_texts_hold_no_invisible_character():
    assert [d for d in real_findings(script) if d.code.startswith("script-invisible")] == []


def test_invisible_characters_in_crafted_texts_each_by_their_place():
    ctx = crafted("20.1. Колонии\nСм. 19.\u202e3 и событие 8:\u2060I; сло\u200dво, \ufeffначало и "
                  "\u2066изолят\u2069.\n")
    found = run(script, ctx)
    assert lines(found) == [(2, 8, "script-invisible-number"), (2, 23, "script-invisible-number"),
                            (2, 30, "script-invisible"), (2, 35, "script-invisible"),
                            (2, 45, "script-invisible"), (2, 52, "script-invisible")]
    assert "`8:I`" in found[1].message and "RIGHT-TO-LEFT OVERRIDE" in found[0].message


def test_a_line_of_invisible_characters_is_reported_at_that_line():
    ctx = crafted("20.1. Колонии\nПервый абзац.\n\u200b\n\nВторой абзац.\n")
    assert lines(run(script, ctx)) == [(3, 1, "script-invisible")]


def test_a_line_of_thousands_of_references_and_invisible_characters_costs_linear_time():
    """Linked, checked and shown in time linear in its length (the extractor once copied the
    rest of the text for each reference it found, the website split the text for each)."""
    from markupsafe import Markup

    from pipeline.language.termbase import Abbreviation
    from pipeline.link.references import link
    from pipeline.render.site.inline import Abbreviations, SideText

    known = Abbreviations(CP=Abbreviation("CP", "Card Points", frozenset({"his"}), 1))

    def measure(count: int, budget: float) -> float:
        ctx = crafted("20.1. Колонии\n" + f"2 CP, сло{ZWSP}во (см. 1.{ZWSP}1) " * count + "\n")

        def work():
            link(ctx.corpus)
            found = list(invisible.check(ctx))
            unit = next(u for u in ctx.corpus.units.values() if u.kind == "paragraph")
            shown = SideText(unit.side(), "ru", ctx.corpus.references_from(unit.id),
                             lambda refs, inner: Markup("<a>") + inner + Markup("</a>"), known).span()
            return found, shown

        elapsed, (found, shown) = cpu_seconds(work, budget)
        assert len([d for d in found if d.code == "script-invisible-number"]) == count
        assert shown.count("<a>") == count and shown.count("<abbr") == count
        return elapsed

    ratio("link, check and show, a line of references", measure, 2_000, 16_000, 24)
