"""A build cache entry that was tampered with is computed again, never run.

build/.cache/ keeps each loaded document and each parsed fact file as a pickle. A plain
unpickler calls whatever a pickle names; Folio's reader (pipeline/incremental/pickled.py) resolves only the
model's classes, so a planted entry costs a rebuild of that document and nothing else.
"""

from __future__ import annotations

import dataclasses
import json
import os
import pickle
from pathlib import Path

import pytest

from pipeline.build import load_corpus
from pipeline.check.shards import fact_reader, termbase_reader
from pipeline.core.diagnostics import Diagnostic, Severity
from pipeline.incremental import pickled
from pipeline.incremental.buildcache import BuildCache
from pipeline.incremental.fingerprint import Fingerprint, file_digest, fingerprint
from pipeline.incremental.loaded import LOADED, DocumentCache, Loaded
from pipeline.incremental.store import Store
from pipeline.language.termbase import GLOSSARY, parse_termbase
from pipeline.rules import load_facts

ROOT = Path(__file__).resolve().parents[2]


class _Planted:
    """What an attacker pickles: unpickling it calls os.system."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return os.system, (f"touch {self.marker}",)


def _cache(tmp_path: Path) -> tuple[BuildCache, Fingerprint]:
    previous, current = tmp_path / "previous", tmp_path / "current"
    previous.mkdir()
    return BuildCache(previous, current), fingerprint(ROOT)


@pytest.fixture(scope="module")
def loaded():
    return load_corpus(ROOT, references=False)


@pytest.fixture(scope="module")
def corpus(loaded):
    return loaded[0]


def _document(corpus, key: str):
    return next(d for d in corpus.documents if d.key == key)


def test_every_loaded_document_and_fact_file_comes_back_whole(loaded):
    # a class the reader does not allow would make every build read every document again
    corpus, _ = loaded
    for document in corpus.documents:
        units = [u for u in corpus.units.values() if u.document == document.key]
        entry = Loaded(units, [Diagnostic(document.source, 3, "read-encoding", "a note", Severity.INFO)], [t for t in corpus.translations.values()
                                   if corpus.units[t.unit].document == document.key],
                       corpus.orphaned.get(document.key, []), "offered")
        back = pickled.loads(pickled.dumps(entry))
        assert back == entry, document.key
    facts = load_facts(ROOT, missing_ok=True)
    assert len(facts) > 100 and pickled.loads(pickled.dumps(facts)) == facts


def test_a_planted_document_entry_is_loaded_again_and_runs_nothing(corpus, tmp_path):
    cache, fingerprint = _cache(tmp_path)
    document = _document(corpus, "vq-deployment-actions")
    documents = DocumentCache(Store(cache, fingerprint))
    marker = tmp_path / "ran"
    (cache.previous / LOADED).mkdir()
    (cache.previous / LOADED / documents.key(document)).write_bytes(pickle.dumps(_Planted(marker)))
    assert documents.loaded(document) is None  # a miss: the build reads the document again
    assert not marker.exists()
    assert pickle.loads(pickle.dumps(_Planted(marker))) == 0 and marker.exists()  # what it would do


def test_a_planted_fact_entry_is_parsed_again_and_runs_nothing(tmp_path):
    cache, fingerprint = _cache(tmp_path)
    read = fact_reader(Store(cache, fingerprint))
    rel = "corpus/rules/his.yaml"
    marker = tmp_path / "ran"
    calls: list[str] = []

    def load(root, path):
        calls.append(path)
        return load_facts(root, missing_ok=True)

    read(ROOT, rel, load)  # made and kept in the new cache
    kept = next((cache.current / "facts").iterdir())
    kept.write_bytes(pickle.dumps(_Planted(marker)))
    again = read(ROOT, rel, load)
    assert calls == [rel, rel] and len(again) > 0 and not marker.exists()


def test_the_termbase_is_kept_by_the_glossary_digest_and_a_planted_entry_is_parsed_again(tmp_path):
    cache, fingerprint = _cache(tmp_path)
    read = termbase_reader(Store(cache, fingerprint))
    parsed: list[Path] = []

    def load(root: Path, rel: str):
        parsed.append(root)
        return parse_termbase((root / rel).read_text("utf-8"))

    made = read(ROOT, GLOSSARY, load)
    assert read(ROOT, GLOSSARY, load) == made and parsed == [ROOT]  # read back, not parsed again
    edited = tmp_path / "edited"
    (edited / GLOSSARY).parent.mkdir(parents=True)
    text = (ROOT / GLOSSARY).read_text("utf-8")
    (edited / GLOSSARY).write_text(text.replace("abbr: SPA, expansion: Spain,",
                                                "abbr: SPA, expansion: Kingdom of Spain,", 1), "utf-8")
    assert file_digest(edited / GLOSSARY) != fingerprint.files[GLOSSARY]
    other = Fingerprint({**fingerprint.files, GLOSSARY: file_digest(edited / GLOSSARY)}, fingerprint.code)
    found = termbase_reader(Store(cache, other))(edited, GLOSSARY, load)
    assert found.abbreviation("SPA", "eu-risto").expansion == "Kingdom of Spain"
    assert parsed == [ROOT, edited]  # another digest: its own entry
    marker = tmp_path / "ran"
    for entry in (cache.current / "termbase").iterdir():
        entry.write_bytes(pickle.dumps(_Planted(marker)))
    assert read(ROOT, GLOSSARY, load) == made and parsed == [ROOT, edited, ROOT] and not marker.exists()
    assert read(ROOT, GLOSSARY, load, made) is made and len(parsed) == 3  # held: carried unread


def test_names_outside_the_model_are_refused_even_when_a_model_module_imports_them():
    # pipeline.core.model imports dataclasses' field and others; a pickle may name them by that module
    for module, name in (("pipeline.core.model", "dataclass"), ("builtins", "eval"), ("os", "system"),
                         ("pipeline.incremental.loaded", "digest"), ("pipeline.core.model", "Corpus.walk")):
        assert pickled.loads(_global(module, name)) is None, (module, name)


def _global(module: str, name: str) -> bytes:
    """A protocol-4 pickle that only resolves ``module.name``."""
    return (b"\x80\x04" + b"\x8c" + bytes([len(module)]) + module.encode()
            + b"\x8c" + bytes([len(name)]) + name.encode() + b"\x93.")


# -- every kept entry goes through one reader: a seal, then its kind's decoder (pipeline/incremental/entries.py)

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pipeline.check import kept, shards  # noqa: E402
from pipeline.core.model import Reference  # noqa: E402
from pipeline.incremental import entries  # noqa: E402
from pipeline.incremental.buildcache import KEY  # noqa: E402
from pipeline.incremental.loaded import _loaded, _references  # noqa: E402
from pipeline.render.writers.corpus_json import REST  # noqa: E402
from pipeline.rules.coverage import Classified, Entry  # noqa: E402
from pipeline.rules.facts import Fact  # noqa: E402

#: each kind's decoder, as the build reads that kind
DECODERS = {"loaded": _loaded, "refs-found": _references, "checks": shards._findings, "facts": shards._facts,
            "coverage": kept._entries, "clauses": kept._classified}
#: what each decoder gives
KINDS = {"loaded": Loaded, "refs-found": list[Reference], "checks": tuple[list[Diagnostic], list[str]],
         "facts": tuple[str, dict[str, Fact]], "coverage": tuple[Entry, ...], "clauses": Classified}
SHAPES = {"whole": list[str], "json": REST, "lexicon": dict[str, tuple[str, str, str]]}
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
                    max_leaves=20)


def _written(tmp_path: Path, kind: str, data: bytes, sealed: bool) -> BuildCache:
    cache = BuildCache(tmp_path / "previous", None)
    (tmp_path / "previous" / kind).mkdir(parents=True, exist_ok=True)
    blob = entries.seal(data, (kind, "k"), KEY) if sealed else data
    (tmp_path / "previous" / kind / "k").write_bytes(blob)
    cache.previous = tmp_path / "previous"
    return cache


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=400) | JSON.map(lambda v: json.dumps(v).encode()), sealed=st.booleans(),
       cut=st.integers(min_value=0, max_value=500))
def test_any_bytes_in_any_entry_read_back_as_a_value_of_its_kind_or_as_damaged(tmp_path_factory, data, sealed, cut):
    tmp_path = tmp_path_factory.mktemp("entry")
    for kind, decode in DECODERS.items():
        cache = _written(tmp_path, kind, data, sealed)
        value = cache.read(kind, "k", decode)
        assert value is None or entries.conforms(value, KINDS[kind]), (kind, value)
        assert (value is None) == (cache.damaged == [tmp_path / "previous" / kind / "k"])
    for kind, shape in SHAPES.items():
        cache = _written(tmp_path, kind, data, sealed)
        value = cache.get_json(kind, "k", shape)
        assert value is None or entries.conforms(value, shape)
    # a sealed entry cut anywhere short of its end is damaged, whatever it held
    blob = entries.seal(data, ("yaml", "k"), KEY)
    cache = _written(tmp_path, "yaml", b"", False)
    (tmp_path / "previous" / "yaml" / "k").write_bytes(blob[:min(cut, len(blob) - 1)])
    assert cache.get("yaml", "k") is None and cache.damaged


def test_an_entry_opens_only_under_its_own_name_and_key():
    blob = entries.seal(b"[1]", ("checks", "a"), KEY)
    assert entries.opened(blob, ("checks", "a"), KEY) == b"[1]"
    for name, key in ((("checks", "b"), KEY), (("whole", "a"), KEY), (("checks", "a"), b"another key")):
        with pytest.raises(entries.Damaged):
            entries.opened(blob, name, key)


def test_every_field_of_the_kept_model_reads_back_in_its_place():
    # the model's classes pickle as a tuple of their fields: each field set apart from the others
    from pipeline.core.diagnostics import text
    from pipeline.core.kinds import Kind
    from pipeline.core.model import Claims, RefKind, RefProblem, RefStatus, Side, Translation, Unit

    side = Side("text", "path", 3, 4, {"title": "t"}, "3.")
    unit = Unit("id", Kind.SECTION, "parent", "doc", {"number": "3"}, {"ru": side}, ["child"])
    claims = Claims("deck", "qual", "dir", "proc", "what", "title", "occurrence")
    reference = Reference("id", "ru", RefKind.RULE, "см. 3", "3", "path", 5, 6, claims, RefStatus.EXTERNAL,
                          "target", "note", RefProblem.DISTANT, text("in %(where)s", where="x"))
    # two translations whose four flags (stale, fuzzy, set_aside, corrected) read 0110 and 1010:
    # any two of them swapped, one of the two reads back otherwise
    translations = [Translation("id", "en", "text", "source", "fp", "path", 7, "comment", a, b, "moved",
                                0.5, "closest", c, d) for a, b, c, d in ((False, True, True, False),
                                                                           (True, False, True, False))]
    values = (side, unit, claims, reference, *translations)
    import pipeline.core.model as model

    reduced = {c for c in vars(model).values()
               if isinstance(c, type) and c.__module__ == model.__name__ and "__reduce__" in vars(c)}
    assert reduced == {type(value) for value in values}  # a class given its own __reduce__ is tested here
    for value in values:
        back = pickled.loads(pickled.dumps(value))
        assert back == value and type(back) is type(value)
        # a field added to the class and not to its __reduce__ would be lost on every edit
        assert len(value.__reduce__()[1]) == len(dataclasses.fields(value)), type(value).__name__


def test_a_kept_document_writes_the_same_bytes_whichever_equal_strings_are_one_object(corpus, tmp_path):
    from pipeline.core.kinds import Kind
    from pipeline.core.model import Corpus, Side, Unit

    document = _document(corpus, "vq-deployment-actions")
    text = "Каждая держава выполняет следующие шаги"

    def kept(body: str, name: str) -> bytes:
        side = Side(text, "corpus/sources/x.ru.txt", 1, 1, {"body": body})
        units = {"u": Unit("u", Kind.PARAGRAPH, None, document.key, {}, {"ru": side})}
        cache = BuildCache(None, tmp_path / name)
        DocumentCache(Store(cache, fingerprint(ROOT))).keep(Corpus([document], units), [document], {})
        [entry] = (cache.current / LOADED).iterdir()
        return entry.read_bytes()

    apart = "".join(["Каждая держава ", "выполняет следующие шаги"])  # equal to the text, another object
    assert apart == text and apart is not text
    assert kept(text, "shared") == kept(apart, "apart")
