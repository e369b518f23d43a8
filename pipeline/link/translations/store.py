"""corpus/translations/<document>.<lang>.yaml: translations kept per unit id.

Each entry holds the translated text, the source text it was made from and that text's
fingerprint, so a later change of the source marks the translation stale and can show what
changed; ``fuzzy: true`` keeps a translator's "needs review" (a PO fuzzy flag). The files are written in one
canonical form, so an export to PO and an import of the
unchanged PO give back the same bytes.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, cast

import yaml

from ...core.errors import FolioError
from ...core.model import LANGUAGES
from ...util import workers, yamlio
from ...util.collector import paused

DIRECTORY = "corpus/translations"
_NAME = re.compile(r"^(?P<document>[a-z0-9][a-z0-9-]*)\.(?P<lang>[a-z]{2})\.yaml$")
_ENTRY_KEYS = {"fingerprint", "source", "text", "comment", "fuzzy"}


def fingerprint(text: str) -> str:
    """A digest of the text that ignores white space: re-wrapping a line is not a change."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:16]


@dataclass
class Entry:
    unit: str
    text: str
    source: str
    fingerprint: str
    comment: str | None = None
    line: int = 0  # where `text` starts in the file
    fuzzy: bool = False  # the translator marked it "needs review" (a PO fuzzy flag)


@dataclass
class TranslationFile:
    document: str
    lang: str
    path: str  # relative to the repository root
    entries: dict[str, Entry] = field(default_factory=dict)
    #: translations set aside by an import because a unit they no longer translate needed
    #: their id (its text was rewritten): kept for the translator, placed nowhere
    orphaned: list[Entry] = field(default_factory=list)


def path_for(document: str, lang: str) -> str:
    return f"{DIRECTORY}/{document}.{lang}.yaml"


def load_all(root: Path, skip: frozenset[str] = frozenset(), *, jobs: int = 1) -> list[TranslationFile]:
    """Every translation file, but those of the documents ``skip`` names; read on up to ``jobs``
    processes (each file on its own), a file that cannot be read refused in the files' order."""
    directory = Path(root) / DIRECTORY
    if not directory.is_dir():
        return []
    paths = [path.relative_to(root).as_posix() for path in sorted(directory.glob("*.yaml"))
             if document_of(path.name) not in skip]

    with paused():  # YAML nodes and the entries read from them: no cycle (pipeline/util/collector.py)
        found = workers.run(workers.refusals_returned(partial(load, root)), paths, jobs=jobs, stage="translations")
    for made in found:
        if isinstance(made, FolioError):
            raise made
    return cast("list[TranslationFile]", found)


def document_of(name: str) -> str | None:
    """The document a translation file's name says it translates (None: a name not allowed)."""
    found = _NAME.match(name)
    return found["document"] if found and found["lang"] in LANGUAGES else None


def load(root: Path, rel_path: str) -> TranslationFile:
    name = _NAME.match(Path(rel_path).name)
    if not name or name["lang"] not in LANGUAGES:
        raise FolioError("a translation file is named <document>.<lang>.yaml, lang one of "
                         + ", ".join(LANGUAGES), path=rel_path)
    node = yamlio.compose(yamlio.read_file(root, rel_path), rel_path)
    data = _mapping(node, rel_path)
    if not {"document", "language", "units"} <= set(data) <= {"document", "language", "units", "orphaned"}:
        raise FolioError("expected the keys document, language, units (and orphaned)", rel_path,
                         _line(node))
    document, lang = _scalar(data["document"], rel_path), _scalar(data["language"], rel_path)
    if (document, lang) != (name["document"], name["lang"]):
        raise FolioError(f"the file says {document}/{lang} but is named {Path(rel_path).name}",
                         rel_path, _line(data["document"]))
    result = TranslationFile(document, lang, rel_path)
    units = data["units"]
    for key_node, value_node in (units.value if isinstance(units, yaml.MappingNode) else []):
        item = _entry(_scalar(key_node, rel_path), key_node, value_node, rel_path)
        if item.unit in result.entries:
            raise FolioError(f"{item.unit} is translated twice", rel_path, _line(key_node))
        result.entries[item.unit] = item
    orphaned = data.get("orphaned")
    if orphaned is not None and not isinstance(orphaned, yaml.SequenceNode):
        raise FolioError("orphaned is a list of entries, each with its unit", rel_path, _line(orphaned))
    for value_node in (orphaned.value if orphaned is not None else []):
        fields = _mapping(value_node, rel_path)
        if "unit" not in fields:
            raise FolioError("an orphaned entry names its unit", rel_path, _line(value_node))
        result.orphaned.append(_entry(_scalar(fields["unit"], rel_path), value_node, value_node,
                                      rel_path, extra={"unit"}))
    return result


def _entry(unit_id: str, key_node: yaml.Node, value_node: yaml.Node, rel_path: str,
           extra: AbstractSet[str] = frozenset()) -> Entry:
    entry = {k: v for k, v in _mapping(value_node, rel_path).items() if k not in extra}
    if set(entry) - _ENTRY_KEYS or not {"fingerprint", "source", "text"} <= set(entry):
        raise FolioError(f"{unit_id}: an entry has fingerprint, source, text and an optional "
                         "comment and fuzzy", rel_path, _line(key_node))
    fuzzy = _scalar(entry["fuzzy"], rel_path) if "fuzzy" in entry else "false"
    if fuzzy not in ("true", "false"):
        raise FolioError(f"{unit_id}: fuzzy is true or false, not {fuzzy!r}", rel_path,
                         _line(entry["fuzzy"]))
    text_node = entry["text"]
    translated = _scalar(text_node, rel_path)
    block = isinstance(text_node, yaml.ScalarNode) and text_node.style in ("|", ">")
    item = Entry(unit_id, translated, _scalar(entry["source"], rel_path),
                 _scalar(entry["fingerprint"], rel_path),
                 _scalar(entry["comment"], rel_path) if "comment" in entry else None,
                 text_node.start_mark.line + 1 + (1 if block else 0),
                 fuzzy == "true")
    if item.fingerprint != fingerprint(item.source):
        raise FolioError(f"{unit_id}: the fingerprint does not match the recorded source text "
                         "(edit the translation, not `source` or `fingerprint`)", rel_path,
                         _line(entry["fingerprint"]))
    return item


def dump(translation: TranslationFile, order: list[str], title: str) -> str:
    """The canonical text of a translation file, entries in the corpus's unit order."""
    position = {unit_id: n for n, unit_id in enumerate(order)}
    entries = sorted(translation.entries.values(), key=lambda e: position.get(e.unit, len(order)))
    body: dict[str, Any] = {"document": translation.document, "language": translation.lang,
                            "units": {e.unit: _entry_data(e) for e in entries}}
    if translation.orphaned:
        body["orphaned"] = [{"unit": e.unit, **_entry_data(e)} for e in translation.orphaned]
    header = (f"# {title}: the {translation.lang} translation, one entry per unit id.\n"
              "# `source` is the text the translation was made from; when the source changes,\n"
              "# `folio check` reports the entry as stale with a diff. Edit `text` (or exchange\n"
              "# PO files with `folio po export` / `folio po import`), never `source`.\n")
    return header + yaml.dump(body, Dumper=_Dumper, allow_unicode=True, sort_keys=False,
                              width=100, default_flow_style=False)


def _entry_data(e: Entry) -> dict:
    return {"fingerprint": e.fingerprint, "source": e.source, "text": e.text,
            **({"comment": e.comment} if e.comment else {}), **({"fuzzy": True} if e.fuzzy else {})}


class _Dumper(yaml.SafeDumper):
    pass


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    if _YAML_BREAKS.search(value):
        # YAML reads NEL, U+2028 and U+2029 as line breaks: written raw, a NEL would read back
        # as a space; escaped in double quotes (\N, \L, \P), each reads back as itself
        style = '"'
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_YAML_BREAKS = re.compile("[\x85\u2028\u2029]")


_Dumper.add_representer(str, _represent_str)


def _mapping(node: yaml.Node | None, path: str) -> dict[str, yaml.Node]:
    if not isinstance(node, yaml.MappingNode):
        raise FolioError("expected a mapping", path, _line(node))
    return {_scalar(key, path): value for key, value in node.value}


def _scalar(node: yaml.Node, path: str) -> str:
    if not isinstance(node, yaml.ScalarNode):
        raise FolioError("expected a text value", path, _line(node))
    return node.value  # as written: a translation of "1494" stays the text "1494"


def _line(node: yaml.Node | None) -> int | None:
    return node.start_mark.line + 1 if node is not None else None
