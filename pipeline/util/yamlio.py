"""The one loader of every YAML file Folio reads: the manifest, the termbase, checks.yaml, the
rule facts and examples, the translations, the confusables and mkdocs.yml.

These files are hand-edited and, like the texts, untrusted. So the loader refuses, naming the
line, what none of them needs and what would let a few lines cost gigabytes, minutes or a
traceback: an alias (a nine-line "billion laughs" expands to 10^9 strings in whatever walks it),
a merge key (it needs an alias or rewrites the mapping it sits in), nesting deeper than
:data:`MAX_DEPTH`, a key given twice (PyYAML keeps the last one without a word), and a scalar its
tag cannot make (an integer of 5,000 digits, 30 February).

libyaml builds the same nodes with the same line marks about ten times faster than the
pure-Python reader, but it words errors its own way and cannot be told to stop at an alias. So
the text is read by libyaml and its nodes are inspected; on any error or refusal the text is read
again by the pure-Python reader below, which refuses an alias as it meets it (nothing is
expanded) and words the error Folio reports, whichever reader is installed.
"""

from __future__ import annotations

import bisect
import re
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import ConstructorError
from yaml.error import Mark
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..core.errors import FolioError
from . import project_files

#: The corpus's files nest five levels deep at most; the pure-Python reader overflows Python's
#: stack a little past 300, and libyaml refuses past 1000.
MAX_DEPTH = 64
_MERGE = "tag:yaml.org,2002:merge"
_FAST = getattr(yaml, "CSafeLoader", None)


def read_file(root: Path, rel_path: str) -> str:
    """The text of the project's YAML file at ``rel_path`` (a byte-order mark dropped), read as
    every project file is (pipeline/util/project_files.py); FileNotFoundError is the caller's."""
    raw = project_files.read_bytes(root, rel_path)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise FolioError(f"not UTF-8 text (byte 0x{raw[exc.start]:02x})", rel_path, line) from None


def load(text: str, rel_path: str) -> tuple[Node | None, Any]:
    """The node tree (for line marks) and the plain values; FolioError at the line at fault."""
    return _read(text, rel_path, construct=True)


def compose(text: str, rel_path: str) -> Node | None:
    """The node tree only, for a reader that takes every scalar as written."""
    return _read(text, rel_path, construct=False)[0]


def _read(text: str, rel_path: str, construct: bool) -> tuple[Node | None, Any]:
    node, value = _parse(text, rel_path, construct)
    if node is not None and _YAML_ONLY_BREAKS.search(text):
        _renumber(node, text)
    return node, value


def _parse(text: str, rel_path: str, construct: bool) -> tuple[Node | None, Any]:
    if _FAST is not None:
        loader = None
        try:
            loader = _FAST(text)
            node = loader.get_single_node()
            if node is None:
                return None, None
            return node, _walk(loader, node, 1, set(), construct)
        except Exception:
            pass  # raised: the pure-Python reader below finds it again and words it
        finally:
            if loader is not None:
                loader.dispose()
    try:
        loader = _Strict(text)  # which checks every character first
    except yaml.YAMLError as exc:
        raise _error(exc, text, rel_path) from None
    try:
        node = loader.get_single_node()
        return node, (loader.construct_document(node) if construct and node is not None else None)
    except yaml.YAMLError as exc:
        raise _error(exc, text, rel_path) from None
    finally:
        loader.dispose()


class _Unacceptable(Exception):
    """What :class:`_Strict` would refuse, met in libyaml's tree."""


_STR, _SEQ, _MAP = "tag:yaml.org,2002:str", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"
#: the scalar tags the corpus's files hold besides str, made by the safe constructor's own
#: methods; any other tag (a date ...) goes through its whole construction
_SCALARS = {"tag:yaml.org,2002:null": "construct_yaml_null", "tag:yaml.org,2002:bool": "construct_yaml_bool",
            "tag:yaml.org,2002:int": "construct_yaml_int", "tag:yaml.org,2002:float": "construct_yaml_float"}


def _walk(loader, node: Node, depth: int, seen: set[int], construct: bool) -> Any:
    """libyaml's tree inspected for what :class:`_Strict` refuses (a node reached twice: an
    alias; a merge key; a key given twice; nesting past MAX_DEPTH) and, with ``construct``,
    its values made in the same single walk, as the safe constructor makes them."""
    if id(node) in seen or depth > MAX_DEPTH:
        raise _Unacceptable
    seen.add(id(node))
    if isinstance(node, ScalarNode):
        if not construct:
            return None
        if node.tag == _STR:
            return node.value
        method = _SCALARS.get(node.tag)
        return getattr(loader, method)(node) if method else loader.construct_object(node, deep=True)
    if isinstance(node, SequenceNode):
        items = [_walk(loader, item, depth + 1, seen, construct) for item in node.value]
        if not construct or node.tag == _SEQ:
            return items
        return loader.construct_object(node, deep=True)  # a !!set, !!omap ...: as PyYAML makes it
    # a composed node that is neither a scalar nor a sequence is a mapping
    if not isinstance(node, MappingNode) or _duplicate(node) is not None:
        raise _Unacceptable
    mapping = {}
    for key_node, value_node in node.value:
        if key_node.tag == _MERGE:
            raise _Unacceptable
        key = _walk(loader, key_node, depth + 1, seen, construct)
        mapping[key] = _walk(loader, value_node, depth + 1, seen, construct)
    if not construct or node.tag == _MAP:
        return mapping
    return loader.construct_object(node, deep=True)


def _duplicate(node: MappingNode) -> tuple[ScalarNode, ScalarNode] | None:
    """The first key of ``node`` that repeats an earlier one, with that earlier one."""
    keys: dict[tuple[str, str], ScalarNode] = {}
    for key, _ in node.value:
        if isinstance(key, ScalarNode):
            first = keys.setdefault((key.tag, key.value), key)
            if first is not key:
                return key, first
    return None


class _Refused(yaml.MarkedYAMLError):
    """Well-formed YAML that Folio's files may not hold."""


class _Strict(yaml.SafeLoader):
    """The pure-Python safe loader, refusing at the node what :func:`_acceptable` looks for."""

    def __init__(self, text: str):
        super().__init__(text)
        self._depth = 0

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise _Refused(None, None, f"an alias (*{event.anchor}): Folio's YAML files take no "
                           "anchors or aliases; write the value out",
                           event.start_mark)  # type: ignore[arg-type]  # the C parser's Mark: the same fields
        if self._depth >= MAX_DEPTH:
            raise _Refused(None, None, f"nested more than {MAX_DEPTH} levels deep", event.start_mark)
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def compose_mapping_node(self, anchor):
        node = super().compose_mapping_node(anchor)
        for key, _ in node.value:
            if key.tag == _MERGE:
                raise _Refused(None, None, "a merge key (<<): write the fields out", key.start_mark)
        twice = _duplicate(node)
        if twice is not None:
            key, first = twice
            raise _Refused(None, None, f"`{key.value}` is given twice in one mapping (first at "
                           f"line {_line(self.buffer, first.start_mark.index)})", key.start_mark)
        return node

    def construct_object(self, node, deep=False):
        try:
            return super().construct_object(node, deep)
        except yaml.YAMLError:
            raise
        except Exception as exc:
            why = str(exc).split(";")[0]
            raise ConstructorError(None, None, f"cannot read the value {_shown(node)} as "
                                   f"{node.tag.rsplit(':', 1)[-1]} ({why})", node.start_mark) from None


def _shown(node: Node) -> str:
    value = node.value if isinstance(node, ScalarNode) else "..."
    return repr(value if len(value) <= 40 else value[:40] + "…")


#: line breaks to YAML and not to an editor, grep or Folio's reader: a mark's line counts them,
#: so after one (a U+2028 pasted into a translation) every line named would be off
_YAML_ONLY_BREAKS = re.compile("[\x85\u2028\u2029]")
_BREAKS = re.compile(r"\r\n|\r|\n")


def _line(text: str, index: int) -> int:
    """The 1-based line of character ``index`` as an editor counts lines."""
    return len(_BREAKS.findall(text, 0, index)) + 1


def _renumber(root: Node, text: str) -> None:
    """Give every node marks whose lines count only the line breaks an editor shows."""
    starts = [0] + [match.end() for match in _BREAKS.finditer(text)]

    def mark(old: Mark) -> Mark:
        line = bisect.bisect_right(starts, old.index) - 1
        # no buffer, so PyYAML never reads the pointer (its stub wants an int there)
        return Mark(old.name, old.index, line, old.index - starts[line], None, None)  # type: ignore[arg-type]

    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        node.start_mark, node.end_mark = mark(node.start_mark), mark(node.end_mark)
        if isinstance(node, MappingNode):
            stack += (part for pair in node.value for part in pair)
        elif isinstance(node, SequenceNode):
            stack += node.value


def _error(exc: yaml.YAMLError, text: str, rel_path: str) -> FolioError:
    if isinstance(exc, yaml.reader.ReaderError):  # a character YAML forbids (a control code)
        return FolioError(f"invalid YAML: character U+{exc.character:04X} is not allowed in YAML "
                          "text", rel_path, _line(text, exc.position))
    if not isinstance(exc, yaml.MarkedYAMLError):
        return FolioError(f"invalid YAML: {exc}", rel_path)
    # The problem mark is where reading failed; the context mark, if any, is where the construct
    # that failed began (an unclosed quote), often the more useful of the two.
    mark = exc.problem_mark or exc.context_mark
    context = exc.context or ""
    if context and exc.context_mark and exc.context_mark is not mark:
        context += f" (from line {_line(text, exc.context_mark.index)})"
    problem = ": ".join(part for part in (context, exc.problem or "") if part)
    prefix = "refused YAML" if isinstance(exc, _Refused) else "invalid YAML"
    return FolioError(f"{prefix}: {problem}", rel_path, _line(text, mark.index) if mark else None)

