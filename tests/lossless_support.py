"""A source rebuilt from its parsed units: every unit's own text laid back on its lines, then
encoded as the source was (newlines, final newline, byte-order mark, encoding). What the lossless
tests (tests/parse/test_lossless.py) and the invisible-character tests compare with the source."""

from __future__ import annotations

from pipeline.core.model import Unit


def rebuild(units: list[Unit], line_count: int) -> tuple[list[str], dict[int, str]]:
    """Lay every unit's own text back on its lines; return the lines and who owns each."""
    lines = [""] * line_count
    owner: dict[int, str] = {}
    for unit in units:
        for side in unit.sides.values():
            if not side.text:
                continue
            for offset, text in enumerate(side.text.split("\n")):
                number = side.line_start + offset
                if text.strip():
                    assert number not in owner, f"line {number}: {owner.get(number)} and {unit.id}"
                    owner[number] = unit.id
                lines[number - 1] = text
    return lines, owner


def encode(units: list[Unit], lines: list[str]) -> bytes:
    attrs = units[0].attrs
    newline = {"mixed": "\n"}.get(attrs["newline"], attrs["newline"])
    text = newline.join(lines) + (newline if attrs["final_newline"] else "")
    bom = "\ufeff" if attrs["bom"] else ""
    return (bom + text).encode(attrs["encoding"])
