"""The tokenizer's table of pieces (pipeline/language/pieces.py) in a process that builds again
and again, as `folio serve` does on each save: it holds the corpus's pieces, not every piece it
ever saw (each half-typed word), and hands none of them back twice."""

from __future__ import annotations

from pathlib import Path

from pipeline.build import build
from pipeline.language import pieces
from projects_support import small_project

VQ = "corpus/sources/vq-spring-deployment-action-phase-x1.ru.txt"
WORD = "В виде исключения"


def test_after_builds_of_edited_text_the_process_holds_the_corpus_pieces_alone(tmp_path: Path):
    root = small_project("four-games", tmp_path / "project", site=False)
    build(root, jobs=2)
    source = root / VQ
    text = source.read_text("utf-8")
    assert WORD in text
    for typed in ("исключ", "исключенья"):  # a word typed, saved half-way and then whole
        source.write_text(text.replace(WORD, f"В виде {typed}", 1), "utf-8")
        result = build(root, jobs=2)
    texts = {(lang, side.text) for unit in result.corpus.units.values() for lang, side in unit.sides.items()}
    wanted: dict[str, set[str]] = {}
    for lang, said in texts:
        wanted.setdefault(lang, set()).update(piece for _start, piece in pieces._cut(said))
    assert "исключенья" in wanted["ru"] and "исключ" not in wanted["ru"]
    assert {lang: set(found) for lang, found in pieces._SPLIT.items()} == wanted
    assert pieces.taken() == ({}, {})  # nothing left over to hand back from a fork of this process
