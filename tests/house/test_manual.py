"""The manual (docs/) builds with MkDocs Material, strictly: a warning fails the build, and the
reference pages generated from the code name every diagnostic code, unit kind and command."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest

from conftest import REPO

CONFIG = REPO / "docs" / "mkdocs.yml"


def _pages():
    spec = importlib.util.spec_from_file_location("reference_pages", REPO / "docs" / "reference_pages.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _mkdocs(config: Path, site: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO), "NO_MKDOCS_2_WARNING": "1", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)],
                          cwd=config.parent, env=env, capture_output=True, text=True, encoding="utf-8", timeout=300)


def _text(html_file: Path) -> str:
    """The page's text with its markup dropped, as a reader (or a search) sees it."""
    return unescape(re.sub(r"<[^>]+>", "", html_file.read_text("utf-8")))


@pytest.fixture(scope="module")
def manual(tmp_path_factory) -> Path:
    corpus_site = sorted(p.name for p in (REPO / "site").iterdir()) if (REPO / "site").is_dir() else None
    site = tmp_path_factory.mktemp("manual")
    done = _mkdocs(CONFIG, site)
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    assert (sorted(p.name for p in (REPO / "site").iterdir()) if (REPO / "site").is_dir() else None) == corpus_site
    return site


def test_the_manual_builds_strictly_with_every_page_of_its_nav(manual):
    for page in ("index", "getting-started/command-line", "translators/translations", "editors/checks",
                 "players/website", "rules/rules-as-data", "reference/output-contract", "architecture/index",
                 "architecture/performance"):
        assert (manual / f"{page}.html").is_file(), page
    assert "The driver" in _text(manual / "architecture" / "index.html")  # docs/ARCHITECTURE.md, as it is
    assert (manual / "players" / "site-ru-search-phone.png").is_file()  # screenshots beside their pages
    assert (manual / "search" / "search_index.json").is_file()


def test_the_codes_page_lists_every_code_from_the_code(manual):
    pages = _pages()
    markdown = pages.codes_page()
    start, end = markdown.index(pages.CODES_START) + len(pages.CODES_START), markdown.index(pages.CODES_END)
    assert markdown[start:end] == pages.codes_table()  # what `folio codes` prints
    html = (manual / "reference" / "codes.html").read_text("utf-8")
    rows = re.findall(r"<tr>\s*<td><code>([a-z-]+)</code></td>\s*<td>(\w+)</td>", html)
    codes = pages.all_codes()
    assert len(codes) > 80
    assert rows == [(code.code, str(code.severity)) for code in codes]  # every code, in order, once


def test_the_kinds_page_lists_every_kind_its_attrs_fields_and_the_schema(manual):
    pages = _pages()
    html = (manual / "reference" / "kinds.html").read_text("utf-8")
    for kind, spec in pages.KINDS.items():
        assert f'<h2 id="{kind}"><code>{kind}</code>' in html, kind
        for name in (*spec.attrs, *spec.fields):
            assert f"<code>{name}</code>" in html, (kind, name)
        assert f"&quot;side-{kind}&quot;" in html  # the JSON Schema's definition of its sides
    assert "&quot;$defs&quot;" in html


def test_the_commands_page_lists_every_command_and_option(manual):
    pages = _pages()
    text = _text(manual / "reference" / "commands.html")
    found = 0
    for path, parser in pages.commands(pages.folio_parser()):
        assert f"folio {' '.join(path)}".strip() in text
        for action in parser._actions:
            for option in action.option_strings:
                if option not in ("-h", "--help"):
                    assert option in text, (path, option)
        found += 1
    assert found >= 20  # build, check, status, po export, ..., rules run, aids, diff
    for usage in ("usage: folio po import [-h] [--prune] DIR", "usage: folio diff [-h]"):
        assert usage in text


def test_a_warning_fails_the_build(tmp_path):
    docs = tmp_path / "docs"
    shutil.copytree(REPO / "docs", docs, ignore=shutil.ignore_patterns("site"))
    page = docs / "manual" / "editors" / "checks.md"
    page.write_text(page.read_text("utf-8") + "\nSee [the old table](codes-table.md).\n", "utf-8")
    done = _mkdocs(docs / "mkdocs.yml", tmp_path / "site")
    assert done.returncode != 0
    assert "editors/checks.md" in done.stderr and "codes-table.md" in done.stderr


def test_the_readme_is_short_and_links_to_every_page_of_the_manual():
    readme = (REPO / "README.md").read_text("utf-8")
    assert len(readme.splitlines()) <= 150
    assert readme.startswith("# Folio\n\n```sh\n./scripts/setup ")
    assert "\n./scripts/test " in readme[:400]
    linked = set(re.findall(r"\]\((docs/[^)#]+)\)", readme))
    assert {p for p in linked if not (REPO / p).exists()} == set()
    pages = {p.relative_to(REPO).as_posix() for p in (REPO / "docs" / "manual").rglob("*.md")}
    assert pages - linked == set()
    assert "docs/ARCHITECTURE.md" in linked
