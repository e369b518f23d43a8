"""Cache entries: sealed when written, opened whole and well-formed or not at all.

A build keeps work where it does not fully control the files: build/.cache/ (left truncated by
a crash or a full disk, edited by hand, restored from another machine) and the user's cache
directory (printed aids, card measurements, compiled templates: any process that can write
there may replace a file). Every entry is written as a seal (a magic line and an HMAC-SHA256 of
the entry's name and bytes) and then its bytes, and read back by :func:`opened` alone: bytes
whose seal does not match, and a value its kind's decoder refuses, raise :class:`Damaged`, which
the caches turn into a miss: the value is computed again, and the build says so in one line
(:data:`CACHE_DAMAGED`), never a traceback.

The build cache seals with a fixed key: it guards against damage, not against someone who can
write build/ (they could write the outputs themselves; its pickles resolve nothing but the
model's classes, :mod:`pipeline.incremental.pickled`). The user's cache seals with a secret key of its own
(:mod:`pipeline.incremental.usercache`): an entry someone else planted there is refused, never published or
run.
"""

from __future__ import annotations

import dataclasses
import hmac
import operator
import types
import typing
from collections.abc import Callable
from enum import Enum
from functools import cache
from hashlib import sha256
from typing import Any

from ..core.diagnostics import Code, Diagnostic, Severity, Text

MAGIC = b"folio-entry 1 "
_SEAL = len(MAGIC) + 64 + 1  # the magic, the HMAC in hex, a newline

CACHE_DAMAGED = Code("cache-damaged", Severity.INFO, "a kept cache entry did not read back whole and "
                     "well-formed (a crash, a full disk, a hand's edit, a planted file): it was computed again")
CODES = [CACHE_DAMAGED]


class Damaged(ValueError):
    """An entry that is not what a build wrote under its name."""


def seal(data: bytes, name: tuple[str, ...], key: bytes) -> bytes:
    return MAGIC + _mac(data, name, key).encode("ascii") + b"\n" + data


def opened(blob: bytes, name: tuple[str, ...], key: bytes,
           decode: Callable[[bytes], Any] | None = None) -> Any:
    """The value sealed in ``blob`` under ``name``: its bytes, or what ``decode`` makes of them.
    Raises :class:`Damaged` when the seal does not match (truncated, replaced, renamed) or when
    ``decode`` refuses the bytes (raises, or returns None)."""
    if len(blob) < _SEAL or not blob.startswith(MAGIC) or blob[_SEAL - 1:_SEAL] != b"\n":
        raise Damaged("not a sealed entry")
    data = blob[_SEAL:]
    if not hmac.compare_digest(blob[len(MAGIC):_SEAL - 1], _mac(data, name, key).encode("ascii")):
        raise Damaged("its seal does not match its bytes")
    if decode is None:
        return data
    try:
        value = decode(data)
    except Exception as exc:  # a decoder of plain data: whatever it raises, the entry is bad
        raise Damaged(f"{type(exc).__name__}: {exc}") from exc
    if value is None:
        raise Damaged("not of its kind's shape")
    return value


def _mac(data: bytes, name: tuple[str, ...], key: bytes) -> str:
    mac = hmac.new(key, digestmod=sha256)
    for part in (*(n.encode("utf-8") for n in name), data):  # length-prefixed: ("ab", "c") != ("a", "bc")
        mac.update(len(part).to_bytes(8, "little"))
        mac.update(part)
    return mac.hexdigest()


def conforms(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the type ``hint``: a class (a dataclass field by field, by its
    annotations), ``X | None``, ``list[X]``, ``dict[K, V]``, ``tuple[X, ...]`` and ``tuple[A,
    B]`` (a JSON array is accepted for a tuple: the JSON caches hold tuples as arrays), Any.
    What a decoder of a kept entry checks before the build uses it."""
    return _checker(hint)(value)


@cache
def _checker(hint: Any) -> Callable[[Any], bool]:
    """``hint`` made once into a function that checks a value (a build asks for the same few
    types over and over)."""
    if hint in _pending:
        return _pending[hint]
    if hint is Any or hint is object:
        return lambda value: True
    if hint is None or hint is type(None):
        return lambda value: value is None
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        options = tuple(_checker(arg) for arg in args)
        return lambda value: any(option(value) for option in options)
    if origin is list:
        item = _checker(args[0])
        return lambda value: type(value) is list and all(map(item, value))
    if origin is dict:  # keys, then values, each in one C loop (map): a cache entry holds thousands
        key, item = _checker(args[0]), _checker(args[1])
        return lambda value: type(value) is dict and all(map(key, value.keys())) and all(map(item, value.values()))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _checker(args[0])
            return lambda value: type(value) in (tuple, list) and all(map(item, value))
        items = tuple(_checker(arg) for arg in args)
        return lambda value: (type(value) in (tuple, list) and len(value) == len(items)
                              and all(map(operator.call, items, value)))
    if not isinstance(hint, type):
        raise TypeError(f"conforms() does not know {hint!r}")
    if hint is int:  # True is no number
        return lambda value: isinstance(value, int) and not isinstance(value, bool)
    if hint is float:  # JSON writes a whole float as it likes
        return lambda value: isinstance(value, (int, float)) and not isinstance(value, bool)
    if dataclasses.is_dataclass(hint) and not issubclass(hint, Enum):
        fields: list[tuple[str, Callable[[Any], bool]]] = []

        def check(value: Any) -> bool:
            return isinstance(value, hint) and all(field(getattr(value, name)) for name, field in fields)

        _pending[hint] = check  # a field may be of this very class: its checker is this one
        try:
            fields += [(name, _checker(field)) for name, field in _fields(hint)]
        finally:
            del _pending[hint]
        return check
    return hint.__instancecheck__  # isinstance(value, hint), called from C


#: dataclasses whose checker is being made: a field of the same class (Text in Text) refers back
_pending: dict[type, Callable[[Any], bool]] = {}


@cache
def _fields(cls: type) -> tuple[tuple[str, Any], ...]:
    from ..core import diagnostics, model  # they name each other's classes for type checkers only

    hints = typing.get_type_hints(cls, localns={**vars(model), **vars(diagnostics)})
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


def is_finding(d: Diagnostic) -> bool:
    """Whether a finding read back from JSON has the types a build sorts, prints and renders
    by: written out, since a warm build at x100 reads tens of thousands (:func:`conforms` over
    every field costs as much again as reading them)."""
    return (type(d.path) is str and type(d.line) is int and type(d.col) is int and type(d.code) is str
            and type(d.message) is str and type(d.severity) is Severity
            and all(v is None or type(v) is str for v in (d.unit, d.suggestion, d.suppressed))
            and all(t is None or _is_text(t) for t in (d.words, d.advice)))


def _is_text(words: Text) -> bool:
    return type(words.template) is str and all(type(name) is str for name, _value in words.params)
