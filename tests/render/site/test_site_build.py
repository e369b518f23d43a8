"""`folio build` writes the website into site/ for a project with a mkdocs.yml, atomically,
with rule text escaped on its way through MkDocs; `folio serve` serves it."""

from __future__ import annotations

import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
import yaml

import pipeline.render.site.search
from pipeline.build import build
from site_support import REPO, broken_links

TEXT = """1.1 Basics #

Attack (1c) #

Watch out: <script>alert(1)</script> **bold** {{ x }} {% raw %} [link](x) &amp; CB.

1. First <i>step</i>.
"""
MANIFEST = """version: 1
documents:
  - key: mini-rules
    game: Mini <Game>
    rulebook: mini
    title: "Mini <b>rules</b> & more"
    edition: test
    language: en
    parser: pop-rulebook
    source: sources/mini.en.txt
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """A project of its own: a corpus of one small text, the termbase, and the site config."""
    root = tmp_path_factory.mktemp("project")
    (root / "corpus" / "sources").mkdir(parents=True)
    (root / "corpus" / "manifest.yaml").write_text(MANIFEST, encoding="utf-8")
    (root / "corpus" / "sources" / "mini.en.txt").write_text(TEXT, encoding="utf-8")
    shutil.copy(REPO / "corpus" / "glossary.yaml", root / "corpus" / "glossary.yaml")
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copytree(REPO / "templates" / "mkdocs", root / "templates" / "mkdocs")
    result = build(root)
    assert result.site == root / "site"
    return root


def test_rule_text_shows_literally_in_the_built_pages(project):
    for lang in ("en", "ru"):
        html = (project / "site" / lang / "mini" / "mini-rules" / "index.html").read_text("utf-8")
        assert "<script>alert(1)</script>" not in html and "<i>step</i>" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt; **bold" in html
        assert "{{ x }} {% raw %} [link](x) &amp;amp;" in html
        assert "First &lt;i&gt;step&lt;/i&gt;." in html
        assert "<b>rules</b>" not in html and "Mini &lt;b&gt;rules&lt;/b&gt; &amp; more" in html


def test_a_failed_site_build_leaves_the_previous_site(project, monkeypatch, tree_bytes):
    before, build_before = tree_bytes(project / "site"), tree_bytes(project / "build")
    source = project / "corpus" / "sources" / "mini.en.txt"
    # an input changes, or the build has nothing to do (pipeline/incremental/session.py)
    source.write_text(TEXT.replace("First", "Initial"), encoding="utf-8")

    def broken(site_dir, *pages):
        raise OSError("disk full")

    monkeypatch.setattr(pipeline.render.site.search, "index", broken)  # one core
    monkeypatch.setattr(pipeline.render.site.search, "start", broken)  # more: it indexes beside MkDocs
    try:
        with pytest.raises(OSError):
            build(project)
    finally:
        source.write_text(TEXT, encoding="utf-8")
    assert tree_bytes(project / "site") == before
    assert tree_bytes(project / "build") == build_before, "build/ and site/ are swapped in together"
    assert not [p for p in project.iterdir() if p.name.startswith((".site.", ".build."))]


def test_a_project_without_mkdocs_yml_gets_no_site(corpus_copy):
    result = build(corpus_copy)
    assert result.site is None and not (corpus_copy / "site").exists()


def test_a_site_of_many_games_shows_only_the_readers_game_in_the_sidebar(corpus_copy):
    """Past `extra.sidebar_games` games the sidebar of a page holds the page's own game only (a
    sidebar of every game on every page grows the site with the square of the games); the home
    page still leads to every game and no link breaks."""
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text("utf-8"))
    config["extra"]["sidebar_games"] = 2  # the real corpus has four games
    (corpus_copy / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), "utf-8")
    shutil.copytree(REPO / "templates" / "mkdocs", corpus_copy / "templates" / "mkdocs")
    build(corpus_copy)
    site = corpus_copy / "site"

    def sidebar(path: str) -> str:
        html = (site / path).read_text("utf-8")
        return html[html.index("md-nav--primary"):html.index("md-sidebar--secondary")]

    his = sidebar("en/his/his-power-rules/index.html")
    assert 'href="../his-winter-new-world/"' in his
    assert "vq-deployment-actions" not in his and "pop-military-actions" not in his
    assert 'href="../../glossary/"' in his  # the pages beside the games stay
    home = (site / "ru" / "index.html").read_text("utf-8")
    assert all(f'href="{game}/"' in home for game in ("eu-risto", "his", "vq", "pop"))
    assert "vq-deployment-actions" not in sidebar("ru/index.html")
    assert broken_links(site) == []


def test_folio_serve_serves_the_site_on_localhost(project):
    server = subprocess.Popen([sys.executable, "-m", "pipeline", "--root", str(project), "serve",
                               "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        url = line.split(" at ")[1].split()[0]
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url + "en/mini/mini-rules/", timeout=10) as response:
            assert response.status == 200 and b"Mini &lt;b&gt;rules" in response.read()
    finally:
        server.terminate()
        server.wait(timeout=10)
