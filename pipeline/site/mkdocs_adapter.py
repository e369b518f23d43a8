"""The one module that knows MkDocs: pages and a configuration in, a themed site out.

For each language it writes the rendered pages into a docs directory (``<path>index.md``: front
matter with the title, then the page's HTML), writes a complete mkdocs.yml generated from the
project's base mkdocs.yml, and runs MkDocs' own build on it. The pages are HTML already, so a
small plugin hands MkDocs' Markdown stage nothing and puts the HTML back afterwards: rule text
never meets the Markdown parser, which would read its asterisks and brackets as markup.
Swapping MkDocs for another generator means replacing this module and templates/mkdocs/.
"""

from __future__ import annotations

import html
import logging
import shutil
from pathlib import Path

import yaml
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.exceptions import MkDocsException
from mkdocs.plugins import BasePlugin
from mkdocs.structure.toc import get_toc

from ..errors import FolioError
from .render import RenderedPage

#: where the renderer's assets (templates/site/assets) go in each language's site
ASSETS = "assets/folio"
#: Material's lunr search files, unused with its search plugin off; and the 404 page, whose
#: links assume the site is served at the host's root, which a language's site is not
_UNUSED = ("assets/javascripts/lunr", "assets/javascripts/workers", "404.html")


class _VerbatimPages(BasePlugin):
    """Keeps MkDocs' Markdown stage away from the pages, which are HTML already."""

    def __init__(self) -> None:
        super().__init__()
        self.html: dict[str, str] = {}

    def on_page_markdown(self, markdown, page, config, files):
        self.html[page.file.src_uri] = markdown
        return ""

    def on_page_content(self, html, page, config, files):
        page.toc = get_toc(_nested(page.meta.get("folio_toc") or []))
        return self.html[page.file.src_uri]


def build(lang: str, pages: list[RenderedPage], nav: list, base_config: Path, assets: Path,
          work_dir: Path, site_dir: Path) -> Path:
    """Build one language's site into ``site_dir``; return the generated configuration."""
    docs = work_dir / "docs"
    for page in pages:
        target = docs / page.path / "index.md"
        target.parent.mkdir(parents=True, exist_ok=True)
        # MkDocs' templates print titles unescaped (Markdown hands them HTML): escape ours.
        meta = {"title": html.escape(page.title),
                "folio_toc": [[level, anchor, html.escape(name)] for level, anchor, name in page.toc]}
        target.write_text("---\n" + yaml.safe_dump(meta, allow_unicode=True, sort_keys=False)
                          + "---\n" + page.html, encoding="utf-8")
    shutil.copytree(assets, docs / ASSETS)
    config_file = work_dir / "mkdocs.yml"
    config_file.write_text(yaml.safe_dump(_config(lang, nav, base_config, docs, site_dir),
                                          allow_unicode=True, sort_keys=False), encoding="utf-8")
    config = load_config(config_file=str(config_file))
    config.plugins["folio-verbatim-pages"] = _VerbatimPages()
    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    try:
        mkdocs_build(config)
    except (MkDocsException, SystemExit) as exc:  # strict mode ends a build with SystemExit
        raise FolioError(f"MkDocs could not build the {lang} site: {exc}",
                         path=str(config_file)) from exc
    for unused in _UNUSED:
        path = site_dir / unused
        shutil.rmtree(path) if path.is_dir() else path.unlink(missing_ok=True)
    return config_file


def _config(lang: str, nav: list, base_config: Path, docs: Path, site_dir: Path) -> dict:
    """The project's mkdocs.yml plus what this build decides; paths made absolute, because the
    generated file does not sit beside the base one."""
    config = yaml.safe_load(base_config.read_text(encoding="utf-8")) or {}
    theme = dict(config.get("theme") or {})
    if theme.get("custom_dir"):
        theme["custom_dir"] = str((base_config.parent / theme["custom_dir"]).resolve())
    theme["language"] = lang
    theme["font"] = False  # never web fonts from another host, whatever the base file says
    config.update(
        theme=theme, docs_dir=str(docs), site_dir=str(site_dir), nav=_mkdocs_nav(nav),
        use_directory_urls=True, strict=True,
        extra_css=[*config.get("extra_css", []), f"{ASSETS}/folio.css"],
        extra_javascript=[*config.get("extra_javascript", []), f"{ASSETS}/folio.js"])
    config.setdefault("plugins", [])
    return config


def _mkdocs_nav(nav: list) -> list:
    """[(title, path or [children])] as MkDocs' nav: each path a docs file."""
    out = []
    for title, target in nav:
        out.append({html.escape(title): _mkdocs_nav(target) if isinstance(target, list)
                    else f"{target}index.md"})
    return out


def _nested(flat: list) -> list[dict]:
    """[(level, id, text)] as the nested tokens MkDocs builds a table of contents from."""
    root: list[dict] = []
    stack: list[dict] = []
    for level, anchor, name in flat:
        token = {"level": level, "id": anchor, "name": name, "children": []}
        while stack and stack[-1]["level"] >= level:
            stack.pop()
        (stack[-1]["children"] if stack else root).append(token)
        stack.append(token)
    return root
