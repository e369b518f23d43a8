"""Read corpus/manifest.yaml into :class:`Document` entries, refusing anything doubtful.

The manifest is hand-edited, so every error names the line of the entry (or field) at fault.
Values and the node tree (whose marks give the lines, since plain Python values carry no
position) come from one read by :mod:`pipeline.util.yamlio`, which refuses what no manifest needs.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from yaml.nodes import MappingNode, Node, SequenceNode

from ..core.errors import FolioError
from ..core.model import LANGUAGES, Document
from ..core.site_names import RESERVED
from ..util import project_files, yamlio

MANIFEST = "corpus/manifest.yaml"
REQUIRED = ("key", "game", "rulebook", "title", "edition", "language", "parser", "source")
#: title_<lang>, edition_<lang>: the title and the edition note as a reader of that language sees
#: them, where they differ from `title` and `edition` (written once, in any language)
OPTIONAL = ("continues", *(f"{name}_{lang}" for name in ("title", "edition") for lang in LANGUAGES))
TOP_LEVEL = ("version", "documents", "changes_since")
SUPPORTED_VERSION = 1
NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def load_manifest(root: Path, parsers: Collection[str]) -> list[Document]:
    root = Path(root)
    text = _read(root)
    data, lines = _load(text)
    if not isinstance(data, dict):
        raise FolioError("the manifest must be a mapping with a 'documents' list", MANIFEST, 1)
    unknown = sorted(set(data) - set(TOP_LEVEL), key=str)
    if unknown:
        raise FolioError(f"unknown top-level field {unknown[0]!r} (known: {', '.join(TOP_LEVEL)})",
                         MANIFEST, lines.top.get(str(unknown[0]), 1))
    if data.get("version", SUPPORTED_VERSION) != SUPPORTED_VERSION:
        raise FolioError(f"unsupported manifest version {data['version']!r} (this Folio reads "
                         f"version {SUPPORTED_VERSION})", MANIFEST, lines.top.get("version", 1))
    _changes_since(data, lines)
    entries = data.get("documents")
    if not isinstance(entries, list) or not entries:
        raise FolioError("the manifest has no 'documents' list, or the list is empty",
                         MANIFEST, lines.top.get("documents", 1))

    documents: list[Document] = []
    seen: dict[str, int] = {}
    for index, entry in enumerate(entries):
        at = lines.entry(index)
        doc = _document(root, entry, at, parsers)
        if doc.key in seen:
            raise FolioError(f"key {doc.key!r} is used twice (first at line {seen[doc.key]})",
                             MANIFEST, at.field("key"))
        seen[doc.key] = at.line
        documents.append(doc)
    return documents


@dataclass(frozen=True)
class Baseline:
    """``changes_since``: the earlier edition the website's "what changed" pages compare with."""

    revision: str  # a git revision of the project: a tag (the published edition), a commit
    line: int  # where the manifest names it, for errors about the revision itself


def load_baseline(root: Path) -> Baseline | None:
    """The manifest's ``changes_since``, or None: then the website has no "what changed" pages."""
    data, lines = _load(_read(Path(root)))
    if not isinstance(data, dict):
        return None
    revision = _changes_since(data, lines)
    return Baseline(revision, lines.top.get("changes_since", 1)) if revision is not None else None


def _changes_since(data: dict, lines: _Lines) -> str | None:
    value = data.get("changes_since")
    if value is None:
        return None
    line = lines.top.get("changes_since", 1)
    if not isinstance(value, str) or not value.strip():
        raise FolioError("changes_since must be a git revision in quotes, such as a tag: "
                         "changes_since: \"v1.0\"", MANIFEST, line)
    if value.startswith("-") or any(c.isspace() or not c.isprintable() for c in value):
        raise FolioError(f"changes_since {value!r} is not a git revision name", MANIFEST, line)
    return value


def _read(root: Path) -> str:
    try:
        return yamlio.read_file(root, MANIFEST)
    except FileNotFoundError:
        raise FolioError(f"the manifest does not exist (looked in {root.resolve()}; "
                         "give the repository with --root DIR)", MANIFEST) from None
    except OSError as exc:
        raise FolioError(f"cannot read the manifest: {exc.strerror}", MANIFEST) from None


def _load(text: str) -> tuple[Any, _Lines]:
    node, data = yamlio.load(text, MANIFEST)  # a key given twice is refused there, with its line
    return data, _Lines(node)


class _Entry:
    """Where one documents entry and its fields start (1-based lines)."""

    def __init__(self, line: int, fields: dict[str, int]):
        self.line = line
        self._fields = fields

    def field(self, name: str) -> int:
        return self._fields.get(name, self.line)


class _Lines:
    def __init__(self, root: Node | None):
        self.top = _field_lines(root)
        self._entries: list[Node] = []
        if isinstance(root, MappingNode):
            for key, value in root.value:
                if key.value == "documents" and isinstance(value, SequenceNode):
                    self._entries = value.value

    def entry(self, index: int) -> _Entry:
        if index >= len(self._entries):  # only if the two YAML passes disagree
            return _Entry(1, {})
        node = self._entries[index]
        return _Entry(node.start_mark.line + 1, _field_lines(node))


def _field_lines(node: Node | None) -> dict[str, int]:
    if not isinstance(node, MappingNode):
        return {}
    return {str(key.value): key.start_mark.line + 1 for key, _ in node.value}


def _document(root: Path, entry: Any, at: _Entry, parsers: Collection[str]) -> Document:
    if not isinstance(entry, dict):
        raise FolioError("a documents entry must be a mapping of fields", MANIFEST, at.line)
    unknown = [name for name in entry if name not in REQUIRED + OPTIONAL]
    if unknown:
        raise FolioError(f"unknown field {unknown[0]!r} (known: {', '.join(REQUIRED + OPTIONAL)})",
                         MANIFEST, at.field(str(unknown[0])))
    missing = [name for name in REQUIRED if name not in entry]
    if missing:
        raise FolioError(f"entry lacks the required field(s) {', '.join(missing)}", MANIFEST, at.line)
    for name, value in entry.items():
        if not isinstance(value, str) or not value.strip():
            raise FolioError(f"{name!r} must be a non-empty text (quote numbers: {name}: \"9\")",
                             MANIFEST, at.field(name))

    for name in ("key", "rulebook"):
        if not NAME.match(entry[name]):
            raise FolioError(f"{name} {entry[name]!r} must be lower-case letters, digits and hyphens",
                             MANIFEST, at.field(name))
    if entry["rulebook"] in RESERVED:
        raise FolioError(f"rulebook {entry['rulebook']!r} is a name the website keeps for its own "
                         f"pages and files (site/<lang>/{entry['rulebook']}/); the names kept are "
                         f"{', '.join(sorted(RESERVED))}", MANIFEST, at.field("rulebook"))
    if entry["language"] not in LANGUAGES:
        raise FolioError(f"language {entry['language']!r} is not one of {', '.join(LANGUAGES)}",
                         MANIFEST, at.field("language"))
    if entry["parser"] not in parsers:  # the driver's registry: reading comes before parsing
        raise FolioError(f"unknown parser {entry['parser']!r} (known: {', '.join(parsers)})",
                         MANIFEST, at.field("parser"))
    source = _source(root, entry["source"], at.field("source"))
    return Document(**{name: entry[name] for name in REQUIRED if name != "source"},
                    # each optional field is its string or None, which mypy cannot see through **
                    source=source, **{name: entry.get(name) for name in OPTIONAL})  # type: ignore[arg-type]


def _source(root: Path, value: str, line: int) -> str:
    """The source path relative to the repository root, once it is known to stay in corpus/."""
    if "\\" in value:
        raise FolioError(f"source {value!r}: use forward slashes", MANIFEST, line)
    if value.startswith("/") or re.match(r"^[A-Za-z]:", value):
        raise FolioError(f"source {value!r} must be relative to corpus/, not absolute", MANIFEST, line)
    relative = posixpath.normpath(value)
    if relative == ".." or relative.startswith("../"):
        raise FolioError(f"source {value!r} points outside corpus/", MANIFEST, line)
    shown = f"corpus/{relative}"
    # A symlink inside corpus/ may still lead out of it; only the resolved path tells.
    reason = project_files.refusal(root, shown, within="corpus")
    if reason is not None:
        raise FolioError(f"source {value!r} {reason}", MANIFEST, line)
    if not (root / shown).exists():
        raise FolioError(f"source file {shown} does not exist", MANIFEST, line)
    return shown
