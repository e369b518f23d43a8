"""The pieces under incremental builds: input fingerprints, the build cache, corpus.json assembled
from kept fragments, the progress line, and the benchmark's scaled corpus."""

from __future__ import annotations

import io
import json
import os
import shutil
import sys
from pathlib import Path

from pipeline.build import load_corpus
from pipeline.core.model import RefStatus
from pipeline.incremental.buildcache import BuildCache
from pipeline.incremental.fingerprint import Fingerprint, fingerprint
from pipeline.incremental.store import Store
from pipeline.render.writers.corpus_json import _assembled, corpus_to_json, dumps
from pipeline.rules import load_facts
from pipeline.util.progress import Progress

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))
from scaled_corpus import Renamer, generate  # noqa: E402


def test_any_changed_input_changes_the_build_id_and_nothing_else_does(corpus_copy, tmp_path):
    first = fingerprint(corpus_copy)
    elsewhere = shutil.copytree(corpus_copy, tmp_path / "elsewhere")
    assert fingerprint(elsewhere).build_id == first.build_id, "the id depends on where the project is"
    (corpus_copy / "corpus" / "checks.yaml").write_text("severity: {}\n", "utf-8")
    assert fingerprint(corpus_copy).build_id != first.build_id
    (corpus_copy / "corpus" / "checks.yaml").unlink()
    (corpus_copy / "corpus" / "wordlists" / "new.txt").write_text("word\n", "utf-8")
    assert fingerprint(corpus_copy).build_id != first.build_id


def test_the_cache_keeps_exactly_the_entries_a_build_used(tmp_path):
    first = BuildCache(None, tmp_path / "1")
    first.put("kind", "a", b"A")
    first.put("kind", "b", b"B")
    second = BuildCache(tmp_path / "1", tmp_path / "2")
    assert second.get("kind", "a") == b"A" and second.get("kind", "c") is None
    assert sorted(p.name for p in (tmp_path / "2" / "kind").iterdir()) == ["a"]
    assert second.hits["kind"] == 1 and second.misses["kind"] == 1
    assert BuildCache.disabled().get("kind", "a") is None


def test_entries_carried_later_are_in_the_cache_once_it_is_flushed_and_one_written_meanwhile_stays(tmp_path):
    # `folio serve`: the entries used of the last build are carried once its pages are published
    first = BuildCache(None, tmp_path / "1")
    for key in "abcd":
        first.put("kind", key, key.encode())
    second = BuildCache(tmp_path / "1", tmp_path / "2")
    second.later()
    assert second.get("kind", "a") == b"a" and second.keep("kind", "b") and second.get("kind", "c") == b"c"
    second.put("kind", "c", b"C")  # noted as used, then written anew
    assert not (tmp_path / "2" / "kind" / "a").exists(), "carried at the end, not as it is used"
    second.flush()
    assert sorted(p.name for p in (tmp_path / "2" / "kind").iterdir()) == ["a", "b", "c"]
    assert all(os.path.samefile(tmp_path / "1" / "kind" / key, tmp_path / "2" / "kind" / key) for key in "ab")
    third = BuildCache(tmp_path / "2", None)
    assert [third.get("kind", key) for key in "abcd"] == [b"a", b"b", b"C", None]


def test_corpus_json_from_kept_fragments_has_the_bytes_of_one_dump(tmp_path):
    corpus, _ = load_corpus(REPO)
    facts, files = load_facts(REPO), fingerprint(REPO).files
    print_ = Fingerprint(files, "code")
    made = _assembled(corpus, Store(BuildCache(None, tmp_path / "1"), print_), facts)
    kept = _assembled(corpus, Store(BuildCache(tmp_path / "1", tmp_path / "2"), print_), facts)
    assert made == kept == dumps(corpus_to_json(corpus, facts))
    assert all(json.loads(kept)[part] for part in ("references", "translations", "facts"))
    # a document's text unchanged, a reference of it resolved otherwise (a target elsewhere in
    # its rulebook was renumbered): its kept fragment is not the answer any more
    ref = next(r for r in corpus.references if r.status == RefStatus.RESOLVED)
    ref.status, ref.target_id, ref.note = RefStatus.UNRESOLVED, None, "renumbered"
    again = _assembled(corpus, Store(BuildCache(tmp_path / "2", tmp_path / "3"), print_), facts)
    assert again == dumps(corpus_to_json(corpus, facts)) != kept


def test_the_progress_line_is_drawn_on_a_terminal_only(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    pipe, terminal = io.StringIO(), Terminal()
    with Progress("check", 3, pipe) as bar:
        bar.advance()
    assert pipe.getvalue() == ""
    for name in ("CI", "PYTEST_CURRENT_TEST", "FOLIO_QUIET"):
        monkeypatch.delenv(name, raising=False)
    with Progress("check", 3, terminal) as bar:
        bar.advance(3)
    assert "check  0/3" in terminal.getvalue() and terminal.getvalue().endswith("\r\033[K")


def test_the_scaled_corpus_is_the_real_corpus_again_under_new_ids(tmp_path):
    real, _ = load_corpus(REPO)
    scaled, _ = load_corpus(generate(tmp_path / "three", 3))
    assert len(scaled.units) == 3 * len(real.units)
    assert len(scaled.translations) == 3 * len(real.translations)
    assert len(scaled.references) == 3 * len(real.references)
    renamed = Renamer([vars(d) for d in real.documents], 2)
    for unit in real.units.values():
        twin = scaled.units[renamed.unit(unit.id)]
        assert twin.kind == unit.kind and twin.children == [renamed.unit(c) for c in unit.children]
        assert {lang: side.text for lang, side in twin.sides.items()} == \
            {lang: side.text for lang, side in unit.sides.items()}

    def copy(unit_id: str) -> str:
        document = scaled.units[unit_id].document
        return document.rsplit("-x", 1)[1] if "-x" in document else "0"

    assert all(copy(r.source) == copy(r.target_id) for r in scaled.references if r.target_id), \
        "a reference leads into another copy"
