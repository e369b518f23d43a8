"""What a build's outputs depend on, as digests: the input files, Folio's own code, its tools.

A build records these in build/.cache/manifest.json; the next build compares. Equal digests
mean equal outputs, so nothing is read, parsed or rendered again; any difference, down to a
template or an installed version of MkDocs, is a new build. Files are hashed whole: a stale
website is a bug a translator cannot see. Within one process (`folio serve`, which builds after
every save) a file whose status (inode, size, modification and change times) is what it was
when it was last hashed is not read again: at x100 re-reading corpus/ on every save costs
seconds. Folio's own code is digested once per process: the code that runs is the code that
was loaded, whatever is saved over its files meanwhile.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
import sys
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import yaml

from ..core.errors import FolioError
from ..core.model import Document
from ..core.version import folio_version
from ..link.translations.store import DIRECTORY
from ..util import project_files, resources, yamlio

#: Folio's own files whose change changes the outputs: the package's code and catalogs, and
#: its templates (package data, pipeline/util/resources.py)
CODE = ("**/*.py", "**/*.po", "games/*/templates/**/*")  # a game's aid templates live in its package
#: the project's files and directories: the corpus, the website's base configuration and the
#: theme's overrides
PROJECT = ("corpus", "mkdocs.yml", "templates/mkdocs")
#: the tools whose output lands in build/ or site/, by distribution name
TOOLS = ("mkdocs", "mkdocs-material", "pagefind", "pagefind-bin-extended", "jinja2", "markupsafe",
         "babel", "pyyaml", "spacy", "spacy-lookups-data", "pymorphy3", "pymorphy3-dicts-ru",
         "pyenchant", "weasyprint", "pydyf")
TRANSLATIONS = DIRECTORY + "/"
#: the spelling check's word lists (pipeline/check/wordlists.py), which linking reads too
WORDLISTS = "corpus/wordlists/"
#: the system data the checks and the aids read: Hunspell dictionaries, the aids' fonts
SYSTEM = ("/usr/share/hunspell", "/usr/share/fonts/truetype/dejavu")


def digest(*parts: str | bytes) -> str:
    """One digest of several values, each length-prefixed so that ("ab", "c") != ("a", "bc")."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()[:32]


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:32]


def tree(base: Path, patterns: tuple[str, ...]) -> dict[str, str]:
    """The digest of every file under ``base`` matching ``patterns``, by relative path."""
    found: dict[str, str] = {}
    for pattern in patterns:
        for path in sorted(base.glob(pattern)):
            if path.is_file() and "__pycache__" not in path.parts:
                found[path.relative_to(base).as_posix()] = file_digest(path)
    return dict(sorted(found.items()))


#: real path -> (its status when hashed, its digest): the files hashed by this process
_HASHED: dict[Path, tuple[tuple[int, ...], str]] = {}
#: a file changed less than this long before it was hashed may change again with the same
#: status (the clock's tick is coarser than a nanosecond): it is hashed again next time
_SETTLED_NS = 2_000_000_000


def _under(root: Path, name: str) -> dict[str, str]:
    """The digest of every file under the project's directory ``name``, reading only the files
    whose status changed since this process hashed them."""
    found: dict[str, str] = {}
    settled = time.time_ns() - _SETTLED_NS
    for rel, real in project_files.walk_under(root, name):
        if "__pycache__" in rel.split("/"):
            continue
        try:
            st = os.stat(real, follow_symlinks=False)
        except OSError:  # gone since the listing: reading it says so, as a build would
            st = None
        status = (st.st_ino, st.st_dev, st.st_size, st.st_mtime_ns, st.st_ctime_ns) if st else ()
        kept = _HASHED.get(real)
        if st is not None and kept is not None and kept[0] == status:
            found[rel] = kept[1]
            continue
        found[rel] = hashlib.sha256(project_files.read_real(real, rel)).hexdigest()[:32]
        if st is not None and max(st.st_mtime_ns, st.st_ctime_ns) < settled:
            _HASHED[real] = (status, found[rel])
    return found


def project_tree(root: Path, names: tuple[str, ...]) -> dict[str, str]:
    """The digest of every file of the project the ``names`` (files, directories) hold, each
    read as a build reads it: one that leads outside the project is refused, never hashed."""
    found: dict[str, str] = {}
    for name in names:
        if (Path(root) / name).is_dir():
            found.update(_under(root, name))
            continue
        try:
            files = [(name, project_files.read_bytes(root, name))]
        except FileNotFoundError:  # none, or a symlink inside the project to nothing
            files = []
        for rel, data in files:
            if "__pycache__" not in rel.split("/"):
                found[rel] = hashlib.sha256(data).hexdigest()[:32]
    return dict(sorted(found.items()))


@functools.cache
def code_digest() -> str:
    """Folio's code, templates and catalogs, the tools' versions and Python's, as this process
    loaded them: computed once (it hashes every module and asks every tool its version)."""
    tools = {name: tool_version(name) for name in TOOLS}
    system = {}
    for directory in SYSTEM:
        for path in sorted(Path(directory).glob("*")) if Path(directory).is_dir() else []:
            stat = path.stat()  # system files: their size and date say which version they are
            system[str(path)] = f"{stat.st_size}:{stat.st_mtime_ns}"
    code = {f"pipeline/{path}": value for path, value in tree(resources.package(), CODE).items()}
    code.update({f"templates/{path}": value for path, value in tree(resources.templates(), ("**/*",)).items()})
    return digest(json.dumps(code, sort_keys=True), json.dumps(tools, sort_keys=True),
                  json.dumps(system, sort_keys=True), folio_version(), sys.version)


def tool_version(name: str) -> str:
    """The installed version of the package ``name``; "-" when it is not installed."""
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "-"


@dataclass
class Fingerprint:
    """Every input of one build of the project at ``root``."""

    files: dict[str, str]  # path relative to root -> digest: corpus/ and the project's files
    code: str
    #: the commit the manifest's ``changes_since`` names now ("" when it names none): a tag
    #: moved to another commit changes every "what changed" page with the manifest unchanged
    baseline: str = ""
    build_id: str = field(init=False)
    _translations: dict[str, list[str]] | None = field(default=None, init=False, repr=False)
    _wordlists: str = field(default="", init=False, repr=False)

    def __post_init__(self) -> None:
        self.build_id = digest(self.code, json.dumps(self.files, sort_keys=True), self.baseline)
        self._wordlists = self.under(WORDLISTS)

    def document(self, document: Document) -> str:
        """Everything one document's units come from: its manifest entry (key, rulebook, parser
        ...), its source text and its translation files, the project's word lists, and the code
        that reads them."""
        if self._translations is None:
            self._translations = {}
            for path, value in self.files.items():
                name = path.removeprefix(TRANSLATIONS)
                if name != path and name.count(".") == 2:  # <document>.<lang>.yaml
                    self._translations.setdefault(name.split(".")[0], []).append(f"{name}={value}")
        # the word lists too: they decide whether a source edit only corrected a misspelling
        # (then its translation stays current, pipeline/link/translations/__init__.py)
        return digest(self.code, json.dumps(dataclasses.asdict(document), sort_keys=True),
                      self.files.get(document.source, "-"), *self._translations.get(document.key, ()),
                      self._wordlists)

    def of(self, *paths: str) -> str:
        """One digest of the named files ("-" for one that does not exist)."""
        return digest(*(f"{path}={self.files.get(path, '-')}" for path in paths))

    def under(self, prefix: str) -> str:
        """One digest of every file whose path starts with ``prefix``."""
        return digest(*(f"{p}={d}" for p, d in self.files.items() if p.startswith(prefix)))

    def project(self) -> str:
        """One digest of the project's files besides corpus/: mkdocs.yml and the theme's."""
        return digest(*(f"{p}={d}" for p, d in self.files.items() if not p.startswith("corpus/")))


def fingerprint(root: Path, baseline: str = "") -> Fingerprint:
    """``baseline``: the commit the manifest's ``changes_since`` names, as the driver found it."""
    files = project_tree(Path(root), inputs(root))
    return Fingerprint(dict(sorted(files.items())), code_digest(), baseline)


def inputs(root: Path) -> tuple[str, ...]:
    """The project's files and directories a build reads, relative to the root: corpus/,
    mkdocs.yml and the theme's overrides it names (what `folio serve` watches)."""
    theme = _theme_overrides(Path(root))
    return PROJECT if theme is None or theme in PROJECT else (*PROJECT, theme)


def _theme_overrides(root: Path) -> str | None:
    """The theme's custom_dir that mkdocs.yml names (templates/mkdocs here), relative to the
    root; one outside the project is refused (pipeline/render/site/mkdocs_adapter.py says why)."""
    try:
        node, config = yamlio.load(yamlio.read_file(root, "mkdocs.yml"), "mkdocs.yml")
        custom = ((config or {}).get("theme") or {}).get("custom_dir")
    except (OSError, AttributeError, FolioError):
        return None  # the site's build says what is wrong with the file
    return theme_dir(root, custom, node) if isinstance(custom, str) and custom else None


def theme_dir(root: Path, custom: str, node=None) -> str:
    """mkdocs.yml's ``theme.custom_dir`` as a directory of the project, relative to the root.
    MkDocs copies every file of it into the site: one outside the project would publish what
    it holds, so it is refused at its line (``node``: the file's YAML node tree)."""
    try:
        return project_files.directory(root, custom)
    except FolioError as error:
        raise FolioError(f"theme.custom_dir {custom!r} {error.message}: MkDocs would copy its "
                         "files into the site; keep the theme's overrides inside the project", "mkdocs.yml",
                         _line_of(node, "theme", "custom_dir")) from None


def _line_of(node, *keys: str) -> int | None:
    for key in keys:
        if not isinstance(node, yaml.MappingNode):
            return None
        node = next((value for name, value in node.value if name.value == key), None)
    return node.start_mark.line + 1 if node is not None else None
