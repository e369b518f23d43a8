"""What a rule returns, declared: each result field's name, type and meaning.

A rule registers its result dataclass (``@rule(..., result=WinterResult)``); the fields' types
are the dataclass's annotations and their meanings the comment written after each field, so the
code a programmer reads and what `folio rules list --format json` prints are one text.

**One sign convention** for every rule: an amount gained, lost or paid is a count of 0 or more,
and its name says which (``vp_gained``, ``stab_lost``, ``crowns`` the action costs); no rule
returns a net of gains and losses. The one signed kind of number is a modifier added to a roll or
a total (``modifier``, ``per_die``): its meaning says "signed". tests/rules/test_rules_api.py holds
every rule's scenarios to this.
"""

from __future__ import annotations

import ast
import enum
import functools
import inspect
import io
import textwrap
import tokenize
import types
import typing
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, get_args, get_origin, get_type_hints


@dataclass(frozen=True)
class ResultField:
    name: str
    type: str
    meaning: str
    fields: tuple[ResultField, ...] = ()  # a nested record's own fields (a list of them, or one)

    @property
    def signed(self) -> bool:
        return "signed" in self.meaning

    def to_json(self) -> dict:
        data: dict[str, Any] = {"name": self.name, "type": self.type, "meaning": self.meaning}
        if self.fields:
            data["fields"] = [f.to_json() for f in self.fields]
        return data


@functools.cache
def result_fields(cls: type) -> tuple[ResultField, ...]:
    """The fields of a result dataclass, in order, with their types and meanings."""
    hints, meanings = get_type_hints(cls), _comments(cls)
    declared = []
    for f in fields(cls):
        tp = hints[f.name]
        nested = _record(tp)
        declared.append(ResultField(f.name, type_name(tp), meanings.get(f.name, ""),
                                    result_fields(nested) if nested else ()))
    return tuple(declared)


def type_name(tp: Any) -> str:
    origin, args = get_origin(tp), get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return type_name(next(a for a in args if a is not type(None))) + " or none"
    if origin is tuple:
        return f"list of {type_name(args[0])}"
    if origin is dict:
        return f"map {type_name(args[0])} -> {type_name(args[1])}"
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return "one of " + "|".join(str(m.value) for m in tp)
    return getattr(tp, "__name__", str(tp))


def _record(tp: Any) -> type | None:
    origin, args = get_origin(tp), get_args(tp)
    if origin is tuple or origin in (typing.Union, types.UnionType):
        return _record(args[0])
    return tp if isinstance(tp, type) and is_dataclass(tp) else None


def _comments(cls: type) -> dict[str, str]:
    """field -> the comment after it in the class's source (``name: int  # what it counts``)."""
    source = textwrap.dedent(inspect.getsource(cls))
    lines = {node.lineno: node.target.id for node in ast.walk(ast.parse(source))
             if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}
    found = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and token.start[0] in lines:
            found[lines[token.start[0]]] = token.string.lstrip("#").strip()
    return found
