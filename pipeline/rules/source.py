"""Reading corpus/rules YAML: the values and, from the node tree, the lines.

Plain values forget where they were written; the node tree (from the same read by
:mod:`pipeline.util.yamlio`, which refuses aliases, keys given twice ...) keeps the marks. :func:`read`
returns both, walked in step, so every error and every diagnostic about the data can name the
file and the line.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..core.errors import FolioError
from ..util import yamlio


@dataclass
class Node:
    """A YAML value with the line it starts on and, for mappings and lists, its children."""

    value: Any
    line: int
    children: Any = None  # dict[str, Node] | list[Node] | None


def read(root: Path, rel_path: str) -> Node:
    return parse(yamlio.read_file(root, rel_path), rel_path)


def parse(text: str, rel_path: str) -> Node:
    """The file ``rel_path``'s ``text`` as nodes that know their lines."""
    node, value = yamlio.load(text, rel_path)
    if node is None:
        raise FolioError("the file is empty", rel_path, 1)
    return _pair(value, node)


def _pair(value: Any, node: yaml.Node) -> Node:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode) and isinstance(value, dict):
        children = {}
        for key_node, value_node in node.value:
            key = _scalar_key(key_node, value)
            if key in value:
                children[key] = _pair(value[key], value_node)
        return Node(value, line, children)
    if isinstance(node, yaml.SequenceNode) and isinstance(value, list):
        return Node(value, line, [_pair(v, n) for v, n in zip(value, node.value, strict=False)])
    return Node(value, line)


def _scalar_key(key_node: yaml.Node, mapping: dict) -> Any:
    # A key's Python form (an int key stays an int), found among the loaded mapping's keys.
    for key in mapping:
        if str(key) == getattr(key_node, "value", None):
            return key
    return key_node.value


class Checker:
    """Shape checks that raise FolioError at the offending line of one file."""

    def __init__(self, path: str):
        self.path = path

    def fail(self, node: Node | None, message: str) -> FolioError:
        return FolioError(message, self.path, node.line if node else None)

    def mapping(self, node: Node, what: str, required: set[str], optional: AbstractSet[str] = frozenset()) -> dict:
        if not isinstance(node.value, dict):
            raise self.fail(node, f"{what} must be a mapping")
        keys = set(node.value)
        unknown = sorted(str(k) for k in keys - required - set(optional))
        if unknown:
            raise self.fail(node, f"{what}: unknown key(s) {', '.join(unknown)}; the keys are "
                            + ", ".join(sorted(required | set(optional))))
        missing = sorted(required - keys)
        if missing:
            raise self.fail(node, f"{what}: missing {', '.join(missing)}")
        return node.children

    def text(self, node: Node, what: str) -> str:
        if not isinstance(node.value, str) or not node.value.strip():
            raise self.fail(node, f"{what} must be a non-empty text, not {node.value!r}")
        return node.value

    def languages(self, node: Node, what: str, languages: tuple[str, ...]) -> dict[str, Node]:
        """A mapping ``lang -> value`` whose keys are known language codes."""
        if not isinstance(node.value, dict) or not node.value:
            raise self.fail(node, f"{what} must map a language ({', '.join(languages)}) to a text")
        for lang in node.value:
            if lang not in languages:
                raise self.fail(node, f"{what}: {lang!r} is not a language of the corpus "
                                f"({', '.join(languages)})")
        return node.children
