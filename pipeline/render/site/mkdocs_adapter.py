"""The one module that knows MkDocs: pages and a configuration in, a themed site out.

For each language it writes the rendered pages into a docs directory (``<path>index.md``: front
matter with the title, then the page's HTML), writes a complete mkdocs.yml generated from the
project's base mkdocs.yml, and runs MkDocs' own build on it. The pages are HTML already, so a
small plugin hands MkDocs' Markdown stage nothing and puts the HTML back afterwards: rule text
never meets the Markdown parser, which would read its asterisks and brackets as markup.
Swapping MkDocs for another generator means replacing this module and templates/mkdocs/.
"""

from __future__ import annotations

import filecmp
import functools
import html
import logging
import os
import secrets
import shutil
import stat
from contextlib import contextmanager, suppress
from pathlib import Path

import yaml
from jinja2 import FileSystemBytecodeCache, FileSystemLoader
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import MkDocsException
from mkdocs.plugins import BasePlugin
from mkdocs.structure.toc import get_toc
from mkdocs.utils.meta import get_data

from ...core.diagnostics import _
from ...core.errors import FolioError
from ...incremental import pickled, usercache
from ...incremental.buildcache import carry
from ...incremental.entries import Damaged, opened, seal
from ...incremental.fingerprint import digest, theme_dir
from ...incremental.store import NULL, Store
from ...util import project_files, yamlio
from .. import compiled
from . import lexicon
from .fragments import RenderedPage

#: where the renderer's assets (templates/site/assets) go in each language's site
ASSETS = "assets/folio"
#: in ASSETS of a language with dictionary forms: its lexicon for the search (.lexicon)
LEXICON = "folio-lexicon.js"
#: the build cache's entries of generated configurations (pipeline/incremental/buildcache.py)
CONFIG = "mkdocs-config"
#: ... and of what they load as (:func:`_load_config`)
LOADED = "mkdocs-config-loaded"
#: Material's lunr search files, unused with its search plugin off; and the 404 page, whose
#: links assume the site is served at the host's root, which a language's site is not
_UNUSED = ("assets/javascripts/lunr", "assets/javascripts/workers", "404.html")


class _VerbatimPages(BasePlugin):
    """Keeps MkDocs' Markdown stage away from the pages, which are HTML already.

    MkDocs reads and renders every page before it writes the first: a page's HTML would be held
    from then on, every page of the language at once (the size of the language's pages, growing
    with the corpus). The HTML is read again from the page's source as the page is written, and
    let go once it is."""

    def __init__(self) -> None:
        super().__init__()
        self.pages = 0  # the pages MkDocs rendered

    def on_page_markdown(self, markdown, page, config, files):
        self.pages += 1
        # what MkDocs' own render would make of the nothing handed to it, without the Markdown
        # converter it builds for every page (0.2 ms a page: 0.2 s of a language's 4 s of
        # MkDocs at x100, measured apart; benchmarks/bare_mkdocs.py times the whole stage)
        page.render = functools.partial(_rendered_empty, page)
        return ""

    def on_page_content(self, html, page, config, files):
        # MkDocs types its tokens as a private TypedDict; these dicts have its keys
        page.toc = get_toc(_nested(page.meta.get("folio_toc") or []))  # type: ignore[arg-type]
        return ""

    def on_page_context(self, context, page, config, nav):
        # the page's HTML as MkDocs read it from its source (Page.read_source), after the front matter
        page.content = get_data(page.file.content_string)[0]
        return context

    def on_post_page(self, output, page, config):
        page.content = None
        return output


def _rendered_empty(page, config, files) -> None:
    """mkdocs.structure.pages.Page.render of an empty page: no content, no headings, no title
    and no anchors of its own (the HTML and the table of contents are put in on_page_content)."""
    page.content = ""
    page.toc = get_toc([])
    page._title_from_render = None
    page.present_anchor_ids = set()


def build(lang: str, pages: list[RenderedPage], nav: list, base_config: Path, assets: Path,
          work_dir: Path, site_dir: Path) -> Path:
    """Build one language's site into ``site_dir``; return the generated configuration."""
    config_file = work_dir / "mkdocs.yml"
    write_docs(pages, config_file, assets)
    write_config(lang, nav, base_config, config_file, site_dir)
    run(lang, config_file, site_dir)
    return config_file


def docs_dir(config_file: Path) -> Path:
    """Where the pages of a generated configuration live: beside it."""
    return config_file.parent / "docs"


def write_docs(pages: list[RenderedPage], config_file: Path, assets: Path | None = None) -> None:
    """Write pages (all of them, or the changed ones into a kept docs directory) and the assets."""
    docs = docs_dir(config_file)
    for page in pages:
        write_source(config_file, page.path, page_source(page))
    if assets is not None:
        shutil.copytree(assets, docs / ASSETS, dirs_exist_ok=True)


def write_source(config_file: Path, path: str, source: str) -> None:
    """One page's source (:func:`page_source`) at its path in the docs of ``config_file``."""
    target = docs_dir(config_file) / path / "index.md"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.unlink(missing_ok=True)  # a kept page may be a hard link into the last build
    target.write_text(source, encoding="utf-8")


def page_source(page: RenderedPage) -> str:
    # MkDocs' templates print titles unescaped (Markdown hands them HTML): escape ours.
    meta = {"title": html.escape(page.title),
            "folio_toc": [[level, anchor, html.escape(name)] for level, anchor, name in page.toc]}
    return "---\n" + yaml.dump(meta, Dumper=_DUMPER, allow_unicode=True, sort_keys=False) + "---\n" + page.html


#: libyaml's safe dumper where PyYAML has it: YAML that reads back as the Python dumper's does
#: (MkDocs reads it with libyaml's loader; on the corpus the bytes are the same), five times
#: faster, for a front matter that holds the table of contents of every page
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_FAST = getattr(yaml, "CSafeLoader", None)  # libyaml, when PyYAML was built with it


def write_config(lang: str, nav: list, base_config: Path, config_file: Path, site_dir: Path,
                 gettext=None, store: Store = NULL) -> None:
    """The generated mkdocs.yml, its paths relative to itself: the same bytes wherever the
    project lies, and `mkdocs build -f` runs it as it is (the benchmark's bare build does).
    The YAML of a configuration the last build wrote is taken as it was, when the ``store``
    holds it: dumping the menu of every page took seconds at x100."""
    config = _config(lang, nav, base_config, config_file.parent, site_dir, gettext)
    # the repr of what safe YAML loads and dumps (dicts in their order, lists, str, numbers,
    # dates ...) tells any two configurations apart, as a JSON dump would not ({1: x}, {"1": x})
    key = digest(CONFIG, repr(config))
    text = store.get(CONFIG, key)
    if text is None:
        text = yaml.safe_dump(config, allow_unicode=True, sort_keys=False).encode("utf-8")
        store.put(CONFIG, key, text)
    config_file.parent.mkdir(parents=True, exist_ok=True)
    config_file.write_bytes(text)


def run(lang: str, config_file: Path, site_dir: Path, *, changed: set[str] | None = None,
        previous: Path | None = None, store: Store = NULL) -> int:
    """MkDocs' own build of one language into ``site_dir``; return the pages it rendered.

    With ``previous`` (this language's site from the build in place, made from the same
    navigation and theme), only the pages in ``changed`` (their paths) are rendered, and every
    other file is carried over from ``previous`` unchanged: MkDocs' "dirty" build, told exactly
    what changed instead of guessing from modification times. The configuration as loaded from
    its YAML is taken from the ``store`` when a build loaded the same bytes before."""
    # absolute: MkDocs reads a relative site_dir as relative to the configuration file
    config = _load_config(config_file, site_dir, store)
    config.plugins["folio-verbatim-pages"] = verbatim = _VerbatimPages()
    _list_theme_files_unhidden(config.theme)
    config.plugins["folio-compiled-templates"] = _CompiledTemplates()
    # the 404 page is deleted below (_UNUSED): not rendered in the first place
    config.theme.static_templates.discard("404.html")
    dirty = previous is not None and changed is not None
    if previous is not None and changed is not None:
        config.plugins["folio-carry"] = _Carry(previous, {f"{path}index.md" for path in changed})
    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    try:
        with _quiet_dirty_warning():
            mkdocs_build(config, dirty=dirty)
    except (MkDocsException, SystemExit) as exc:  # strict mode ends a build with SystemExit
        raise FolioError(f"MkDocs could not build the {lang} site: {exc}",
                         path=str(config_file)) from exc
    for unused in _UNUSED:
        path = site_dir / unused
        shutil.rmtree(path) if path.is_dir() else path.unlink(missing_ok=True)
    return verbatim.pages


def _load_config(config_file: Path, site_dir: Path, store: Store = NULL) -> MkDocsConfig:
    """MkDocs' load_config on the configuration this module wrote, its YAML read by libyaml:
    MkDocs reads it in pure Python, 25 ms a language on every rebuild of the preview. The file
    is safe_dump's (no tags: nothing of MkDocs' loader is needed) unless the base configuration
    asks MkDocs to INHERIT another, and the schema's checks run as load_config runs them. What
    the YAML loads as is kept in the ``store`` by the file's bytes, pickled (plain data): the
    menu of every page, which libyaml's loader still builds in Python (0.6 s a language at
    x100, on every edit)."""
    config_path = str(config_file.resolve())
    text = config_file.read_bytes()
    key = digest(LOADED, text)
    loaded = store.get(LOADED, key, pickled.loads)
    if loaded is None and _FAST:
        loaded = yaml.load(text, Loader=_FAST)
        data = pickled.dumps(loaded)
        # plain data only: a date, say, the model's reader refuses (then it is loaded each time)
        if isinstance(loaded, dict) and pickled.loads(data) == loaded:
            store.put(LOADED, key, data)
    if not isinstance(loaded, dict) or "INHERIT" in loaded:
        return load_config(config_file=config_path, site_dir=str(site_dir.resolve()))
    config = MkDocsConfig(config_file_path=config_path)
    config.load_dict(loaded)
    config.load_dict({"site_dir": str(site_dir.resolve())})
    errors, warnings = config.validate()
    if errors or (config.strict and warnings):
        said = "; ".join(f"{name}: {problem}" for name, problem in [*errors, *warnings])
        raise FolioError(f"MkDocs could not read the generated configuration: {said}", path=str(config_file))
    for name, warning in warnings:
        logging.getLogger("mkdocs").warning(f"Config value '{name}': {warning}")
    return config


def _list_theme_files_unhidden(theme) -> None:
    """The theme's templates loaded as MkDocs loads them, but listed without walking hidden
    directories. MkDocs lists every file of the theme to copy its static files, and leaves out
    every path with a part that starts with a dot (its patterns '.*' and '*/.*'); Material's
    .icons/ holds 14,348 of its 14,509 files, walked and matched one by one: a second of CPU
    per language and build, whatever changed."""
    make_env = theme.get_env

    def get_env():
        env = make_env()
        env.loader = _UnhiddenFiles(theme.dirs)
        return env

    theme.get_env = get_env


class _UnhiddenFiles(FileSystemLoader):
    """jinja2.FileSystemLoader.list_templates, not descending into hidden directories."""

    def list_templates(self) -> list[str]:
        found = set()
        for searchpath in self.searchpath:
            for directory, subdirectories, names in os.walk(searchpath, followlinks=self.followlinks):
                subdirectories[:] = [d for d in subdirectories if not d.startswith(".")]
                for name in names:
                    template = os.path.join(directory, name)[len(searchpath):].strip(os.path.sep)
                    template = template.replace(os.path.sep, "/")
                    found.add(template[2:] if template[:2] == "./" else template)
        return sorted(found)


class _CompiledTemplates(BasePlugin):
    """The theme's templates compiled once and kept in the user's cache directory
    (``templates/``, :mod:`pipeline.incremental.usercache`; none when it is turned off or its key cannot be
    trusted). Jinja2 checks each kept template against its source, so an edited or upgraded
    theme is compiled again.

    Jinja2 unpickles and unmarshals what it reads there, so a file planted in its place would
    run as Folio: each entry is sealed with the user cache's secret key (:class:`_KeptTemplates`),
    and one that does not open is compiled again. Kept rather than dropped because it pays:
    measured on the real project, a build after a one-word edit spent 0.18 s in MkDocs with the
    kept templates against 0.57 s compiling them (1.1 s against 1.5 s for the whole build), and
    0.26 s against 0.86 s once sealed (2.1 s against 2.7 s; medians, one core, a busier machine:
    benchmarks/template_cache.py)."""

    def on_env(self, env, config, files):
        directory, key = template_cache()
        if directory is not None and key is not None:
            env.bytecode_cache = _KeptTemplates(str(directory), key)
        else:  # kept in this process at least: `folio serve` runs MkDocs here on every save
            env.bytecode_cache = compiled.Kept(_KIND)
        return env


#: Jinja2's name of a kept template's file (FileSystemBytecodeCache's default pattern)
_PATTERN = "__jinja2_%s.cache"
#: the theme's templates among those kept in memory (pipeline/render/compiled.py)
_KIND = "mkdocs-theme"


def template_cache() -> tuple[Path | None, bytes | None]:
    """Where compiled templates are kept, and the key that seals them (None, None: not kept)."""
    directory, key = usercache.directory("templates"), usercache.key()
    try:
        if directory is not None and key is not None:
            directory.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None, None
    return directory, key


def sweep_templates() -> list[Path]:
    """The kept templates that do not open with the key (damaged, or put there by someone
    else), removed before any MkDocs run reads the directory: the build names them once, and
    each is compiled again (the runs check every entry they read as well)."""
    directory, key = template_cache()
    found: list[Path] = []
    if directory is None or key is None:  # without a key nothing is sealed: nothing to check
        return found
    for path in sorted(directory.glob(_PATTERN % "*")):
        name = path.name[len(_PATTERN.split("%s")[0]):-len(_PATTERN.split("%s")[1])]
        try:
            opened(_regular_bytes(path), ("template", name), key)
        except FileNotFoundError:
            continue  # another build's, just replaced
        except (OSError, Damaged):
            found.append(path)
            with suppress(OSError):
                path.unlink()
    return found


def _regular_bytes(path: Path) -> bytes:
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)  # a link out of the cache is no entry
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise Damaged("not a file")
        return file.read()


class _KeptTemplates(FileSystemBytecodeCache):
    """Jinja2's cache of compiled templates, each entry sealed (pipeline/incremental/entries.py): only what
    a build of this user wrote is ever unpickled and unmarshalled."""

    def __init__(self, directory: str, key: bytes) -> None:
        super().__init__(directory, _PATTERN)
        self.key = key
        #: what this process compiled or opened already: not read and unsealed again per run
        self.here = compiled.Kept(_KIND)

    def load_bytecode(self, bucket) -> None:
        self.here.load_bytecode(bucket)
        if bucket.code is not None:
            if not os.path.exists(self._get_cache_filename(bucket)):  # swept (damaged) since
                self._write(bucket)  # kept on disk again, for the next process
            return
        try:
            data = opened(_regular_bytes(Path(self._get_cache_filename(bucket))), ("template", bucket.key), self.key)
        except (OSError, Damaged):
            return  # compiled again, and written over by dump_bytecode
        bucket.bytecode_from_string(data)
        if bucket.code is not None:
            self.here.dump_bytecode(bucket)

    def dump_bytecode(self, bucket) -> None:
        self.here.dump_bytecode(bucket)
        self._write(bucket)

    def _write(self, bucket) -> None:
        target = Path(self._get_cache_filename(bucket))
        tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:
            tmp.write_bytes(seal(bucket.bytecode_to_string(), ("template", bucket.key), self.key))
            os.replace(tmp, target)  # whole or not at all: builds run side by side
        except OSError:  # a full disk or a read-only cache: compiled again next time
            tmp.unlink(missing_ok=True)


class _Carry(BasePlugin):
    """A build of the changed pages only: the rest of the site is the one in place.

    MkDocs' dirty build skips a file whose ``is_modified()`` is false and expects its output to
    be there already; this plugin answers that question from what Folio knows changed, and puts
    the output there, as a hard link to the previous site's file (written only ever whole)."""

    def __init__(self, previous: Path, changed: set[str]) -> None:
        super().__init__()
        self.previous, self.changed = previous, changed

    def on_files(self, files, config):
        for file in files:
            old = self.previous / file.dest_uri
            # a static file is copied as it is: carried over only while its bytes are the same
            # (the search lexicon changes with any word of the texts)
            keep = old.is_file() and (file.src_uri not in self.changed if file.is_documentation_page()
                                      else filecmp.cmp(file.abs_src_path, old, shallow=False))
            if keep:
                carry(old, Path(file.abs_dest_path))
            file.is_modified = (lambda: False) if keep else (lambda: True)
        return files


@contextmanager
def _quiet_dirty_warning():
    """MkDocs warns that a dirty build may leave the navigation stale; Folio renders every page
    the navigation changes for, and in strict mode the warning alone would fail the build."""
    logger = logging.getLogger("mkdocs.commands.build")
    drop = _DropDirtyWarning()
    logger.addFilter(drop)
    try:
        yield
    finally:
        logger.removeFilter(drop)


class _DropDirtyWarning(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return "'dirty' build" not in record.getMessage()


#: the names mkdocs.yml gives the colour scheme toggle, put in the catalogs
THEME_STRINGS = (_("Dark mode"), _("Light mode"))


def _translated_toggle(scheme: dict, gettext) -> dict:
    scheme = dict(scheme)
    if isinstance(scheme.get("toggle"), dict) and scheme["toggle"].get("name"):
        scheme["toggle"] = {**scheme["toggle"], "name": gettext(scheme["toggle"]["name"])}
    return scheme


def _config(lang: str, nav: list, base_config: Path, here: Path, site_dir: Path, gettext=None) -> dict:
    """The project's mkdocs.yml plus what this build decides; paths relative to ``here``,
    because the generated file does not sit beside the base one."""
    root = base_config.parent
    node, config = yamlio.load(yamlio.read_file(root, base_config.name), base_config.name)
    config = config or {}
    if not isinstance(config, dict):
        raise FolioError("the site's configuration must be a mapping", base_config.name, 1)
    theme = dict(config.get("theme") or {})
    if theme.get("custom_dir"):
        # MkDocs copies the overrides' files into the site: each one a file of the project
        custom = theme_dir(root, str(theme["custom_dir"]), node)
        project_files.files_under(root, custom)
        theme["custom_dir"] = os.path.relpath(root.resolve() / custom, here.resolve())
    theme["language"] = lang
    if gettext is not None:  # Material's own words follow theme.language; these are the project's
        theme["palette"] = [_translated_toggle(scheme, gettext) for scheme in theme.get("palette") or []]
    theme["font"] = False  # never web fonts from another host, whatever the base file says
    config.update(
        theme=theme, docs_dir="docs", site_dir=os.path.relpath(site_dir.resolve(), here.resolve()),
        nav=_mkdocs_nav(nav), use_directory_urls=True, strict=True,
        extra_css=[*config.get("extra_css", []), f"{ASSETS}/folio.css", f"{ASSETS}/folio-ask.css"],
        extra_javascript=[*config.get("extra_javascript", []), f"{ASSETS}/folio.js", f"{ASSETS}/folio-ask.js",
                          *([f"{ASSETS}/{LEXICON}"] if lang in lexicon.LANGUAGES else []),
                          f"{ASSETS}/folio-search.js"])
    config.setdefault("plugins", [])
    if gettext is not None:  # the header search box's words (templates/mkdocs/partials/alternate.html)
        config["extra"] = {**(config.get("extra") or {}), "folio_search": {
            "list_label": gettext("Search results"), "results": gettext("Results: [COUNT]"),
            "no_results": gettext("Nothing found")}}
    sections = [number for number, (_title, target) in enumerate(nav) if isinstance(target, list)]
    if sections and sections == list(range(sections[0], sections[0] + len(sections))):
        # where the games stand in the menu, so that a page's sidebar can show its own game
        # without going through every game (templates/mkdocs/partials/nav.html)
        config["extra"] = {**(config.get("extra") or {}),
                           "folio_games": {"first": sections[0], "count": len(sections)}}
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
