"""The preview's page-first build (build(on_pages=...), what `folio serve` reloads on): the edited
page stands in site/ before the player aids are printed and build/ is written; the outputs in the
end are a clean build's, byte for byte; a build stopped between the two leaves a whole site that
the next build does not take for up to date."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pipeline.build import build
from pipeline.core.diagnostics import Diagnostic
from pipeline.incremental.buildcache import CACHE
from pipeline.incremental.session import STAMP
from serve_support import SOURCE, built_small_project, removals_settled

PAGE = Path("site/en/pop/pop-military-actions/index.html")
OLD, NEW = "into adjacent non-Hostile", "into neighbouring non-Hostile"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return built_small_project(tmp_path_factory)


@pytest.fixture
def project(built, tmp_path) -> Path:
    root = Path(shutil.copytree(built, tmp_path / "project", symlinks=True))
    source = root / SOURCE
    text = source.read_text("utf-8")
    assert OLD in text and OLD in (root / PAGE).read_text("utf-8")
    source.write_text(text.replace(OLD, NEW, 1), "utf-8")
    return root


def outputs(root: Path, tree_bytes) -> dict[str, bytes]:
    """What a reader sees of build/ and site/ (not the cache, not the build's stamp), and what
    else stands beside them."""
    found = {f"{name}/{path}": data for name in ("build", "site") for path, data in tree_bytes(root / name).items()
             if not (path.startswith(f"{CACHE}/") or path == STAMP)}
    found["beside"] = " ".join(sorted(p.name for p in root.iterdir())).encode()
    return found


def aid_pdfs(root: Path, where: str) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in (root / where).rglob("*.pdf")}


def test_the_page_shows_the_new_word_before_the_aids_are_printed(project, tmp_path, tree_bytes):
    old_aids = aid_pdfs(project, "build/aids")
    assert old_aids, "the unit edited is printed on an aid"
    seen: dict = {}

    def on_pages(diagnostics: list[Diagnostic]) -> None:
        seen["page"] = (project / PAGE).read_text("utf-8")
        seen["corpus.json"] = (project / "build" / "corpus.json").read_text("utf-8")
        seen["site's aids"] = aid_pdfs(project, "site")
        seen["findings"] = diagnostics

    result = build(project, on_pages=on_pages)
    assert NEW in seen["page"] and OLD not in seen["page"]
    # build/ is still the last build's: its corpus.json and aids are written after the reload
    assert OLD in seen["corpus.json"] and NEW not in seen["corpus.json"]
    assert seen["site's aids"] == old_aids
    assert seen["findings"] == result.diagnostics
    # and in the end the new aids are in site/ as in build/
    new_aids = aid_pdfs(project, "build/aids")
    assert new_aids != old_aids and aid_pdfs(project, "site") == new_aids
    removals_settled()
    clean = Path(shutil.copytree(project, tmp_path / "clean", symlinks=True))
    build(clean, clean=True)
    assert outputs(project, tree_bytes) == outputs(clean, tree_bytes)
    assert build(project).corpus is None, "the page-first build is the build in place"


def test_the_pages_are_published_before_the_aids_are_planned(project, monkeypatch):
    import pipeline.build as driver

    order = []
    plan = driver.plan_aids

    def planned(*args, **kwargs):
        order.append("aids planned")
        return plan(*args, **kwargs)

    monkeypatch.setattr(driver, "plan_aids", planned)
    build(project, on_pages=lambda _diagnostics: order.append("pages published"))
    assert order == ["pages published", "aids planned"]
    removals_settled()
    order.clear()
    build(project, clean=True)  # `folio build`: an aid it cannot print is refused before anything is written
    assert order == ["aids planned"]


def test_a_build_stopped_between_its_phases_leaves_a_whole_site_and_the_next_build_finishes(
        project, tmp_path, tree_bytes):
    def stopped(_diagnostics) -> None:
        raise KeyboardInterrupt  # Ctrl-C as the reload goes out

    with pytest.raises(KeyboardInterrupt):
        build(project, on_pages=stopped)
    removals_settled()
    assert NEW in (project / PAGE).read_text("utf-8"), "the site published stays"
    assert OLD in (project / "build" / "corpus.json").read_text("utf-8"), "build/ is the last build's, whole"
    assert sorted(p.name for p in project.iterdir()) == ["build", "corpus", "mkdocs.yml", "site", "templates"]
    again = build(project)
    assert again.corpus is not None, "a site without its build's stamp is not taken for up to date"
    clean = Path(shutil.copytree(project, tmp_path / "clean", symlinks=True))
    build(clean, clean=True)
    assert outputs(project, tree_bytes) == outputs(clean, tree_bytes)
