"""No text nests deeper than its format allows (issue 23, case 5): about a hundred short lines in
a row without final punctuation each opened a caption inside the one before, and the player aids
crashed on the nesting (RecursionError); at about a thousand so did the model's walk. Now such
lines are sibling captions, and the walk keeps its own stack. Their time is in
tests/parse/test_parsers_linear.py.
"""

from __future__ import annotations

from conftest import REPO, copy_corpus
from hostile_support import folio
from pipeline.core.model import Corpus, Kind, Side, Unit
from pipeline.parse import PARSERS
from pipeline.read.manifest import load_manifest

POP = "corpus/sources/pop-military-actions.en.txt"


def test_the_pop_aid_prints_from_a_text_with_150_short_lines_in_a_row(tmp_path):
    root = copy_corpus(tmp_path / "project")
    text = (root / POP).read_text("utf-8")
    captions = "".join(f"Cost of item {n}\n" for n in range(150))
    assert text.count("Cost to Recruit/build\n") == 1
    (root / POP).write_text(text.replace("Cost to Recruit/build\n", "Cost to Recruit/build\n" + captions), "utf-8")
    done = folio(root, "aids", "pop-military-actions", "--lang", "en", "--paper", "a4",
                 "--out", str(tmp_path / "aids"), cpu_seconds=120)
    assert "Traceback" not in done.stderr and done.returncode == 0, done.stderr
    assert (tmp_path / "aids" / "en" / "pop-military-actions-a4.pdf").stat().st_size > 0
    shown = folio(root, "show", "pop:5.5/action-3/sec-150")  # a sibling of the first caption
    assert shown.returncode == 0 and "Cost of item 148" in shown.stdout, shown.stdout + shown.stderr


def test_the_model_walks_a_tree_deeper_than_python_s_stack():
    document = load_manifest(REPO, PARSERS)[0]
    corpus = Corpus(documents=[document])
    units, parent = [], None
    for depth in range(5000):
        unit = Unit(f"{document.key}/{depth}" if depth else document.key,
                    Kind.DOCUMENT if not depth else Kind.SECTION, parent, document.key,
                    sides={"en": Side("x", document.source, depth + 1, depth + 1)})
        if units:
            units[-1].children.append(unit.id)
        units.append(unit)
        parent = unit.id
    corpus.add_document_units(units)
    assert [u.id for u in corpus.walk(units[0])] == [u.id for u in units]
