"""The cache is one concern (pipeline/incremental/store.py): a build that reuses the last one's work
and a build handed the null store, which reuses and keeps nothing, write the same bytes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pipeline.build import BuildResult, build, load_corpus
from pipeline.check import run_checks
from pipeline.incremental.buildcache import CACHE, BuildCache
from pipeline.incremental.fingerprint import fingerprint
from pipeline.incremental.session import STAMP
from pipeline.incremental.store import NULL, Store

#: a translator's fix of one word of one Russian text (benchmarks/scale.py makes the same edit)
REPO = Path(__file__).resolve().parents[2]
SOURCE = Path("corpus/sources/vq-spring-deployment-action-phase.ru.txt")
OLD, NEW = "В виде исключения", "В виде исключенья"


def outputs(root: Path, tree_bytes) -> dict:
    """build/ and site/ as a reader sees them: without the cache and the build's stamp."""
    found = {}
    for name in ("build", "site"):
        for path, data in tree_bytes(root / name).items():
            if not (path.startswith(f"{CACHE}/") or path == STAMP):
                found[f"{name}/{path}"] = data
    return found


def project(dest: Path) -> Path:
    """The real corpus with the website's configuration and theme: a project that builds a site."""
    shutil.copytree(REPO / "corpus", dest / "corpus")
    shutil.copy2(REPO / "mkdocs.yml", dest / "mkdocs.yml")
    shutil.copytree(REPO / "templates", dest / "templates")
    return dest


def edit(root: Path) -> None:
    source = root / SOURCE
    text = source.read_text("utf-8")
    assert OLD in text
    source.write_text(text.replace(OLD, NEW, 1), "utf-8")


@pytest.fixture(scope="module")
def reusing(tmp_path_factory) -> tuple[Path, BuildResult]:
    """The real project built, then built again after the edit, reusing the first build's work."""
    root = project(tmp_path_factory.mktemp("reusing"))
    build(root)
    edit(root)
    return root, build(root)


def test_a_build_with_the_null_store_writes_what_a_build_that_reuses_writes(reusing, tmp_path, tree_bytes):
    root, again = reusing
    assert again.stats["checks reused"] > 0 and again.touched["checks"] == ["vq"], "the edit reused the rest"
    fresh = project(tmp_path / "fresh")
    edit(fresh)
    null = build(fresh, reuse=False)
    assert null.stats == {} and not null.touched, "the null store records nothing"
    kept = [p.name for p in (fresh / "build" / CACHE).iterdir()]
    assert kept == ["manifest.json"], "the null store keeps nothing for the next build"
    made, reused = outputs(fresh, tree_bytes), outputs(root, tree_bytes)
    assert any(path.startswith("site/ru/") for path in made) and len(made) > 100
    assert any(NEW in data.decode("utf-8", "replace") for data in made.values())
    assert sorted(made) == sorted(reused)
    assert [path for path in made if made[path] != reused[path]] == []


def test_the_null_store_finds_nothing_keeps_nothing_and_is_shared_safely(tmp_path):
    corpus = load_corpus(REPO)[0]
    document = corpus.documents[0]
    NULL.put("yaml", "k", b"data")
    NULL.put_json("json", "k", [1])
    NULL.touch("checks", ["vq"])
    NULL.count("pages rendered", 3)
    assert NULL.get("yaml", "k") is None and NULL.get_json("json", "k") is None and not NULL.has("yaml", "k")
    assert NULL.document(document) == "" and NULL.directory("site") == (None, None)
    assert not NULL.stats and not NULL.touched and not NULL.keeps
    NULL.damaged.append(tmp_path)
    assert NULL.damaged == [], "each asker gets a list of its own"
    assert Store.null(jobs=2).jobs == 2 and NULL.jobs == 1


def test_a_build_store_names_each_document_by_the_fingerprint_once(tmp_path):
    root = REPO
    corpus = load_corpus(root)[0]
    print_ = fingerprint(root)
    store = Store(BuildCache(None, tmp_path / "1"), print_)
    keys = store.documents(corpus.documents)
    assert keys == {d.key: print_.document(d) for d in corpus.documents} and len(set(keys.values())) == len(keys)
    run_checks(corpus, root, store=store)
    assert sorted(store.touched["checks"]) == ["eu-risto", "his", "pop", "vq"]
    again = Store(BuildCache(tmp_path / "1", tmp_path / "2"), print_)
    run_checks(corpus, root, store=again)
    again.tally()
    assert again.touched["checks"] == [] and again.stats["checks reused"] == 4
