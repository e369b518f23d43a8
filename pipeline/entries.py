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
model's classes, :mod:`pipeline.pickled`). The user's cache seals with a secret key of its own
(:mod:`pipeline.usercache`): an entry someone else planted there is refused, never published or
run.
"""

from __future__ import annotations

import dataclasses
import hmac
import types
import typing
from enum import Enum
from functools import cache
from hashlib import sha256
from typing import Any, Callable

from .diagnostics import Code, Severity

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
    if hint is Any or hint is object:
        return True
    if hint is None or hint is type(None):
        return value is None
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(conforms(value, arg) for arg in args)
    if origin is list:
        return isinstance(value, list) and all(conforms(item, args[0]) for item in value)
    if origin is dict:
        return isinstance(value, dict) and all(conforms(k, args[0]) and conforms(v, args[1])
                                               for k, v in value.items())
    if origin is tuple:
        if not isinstance(value, (tuple, list)):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(conforms(item, args[0]) for item in value)
        return len(value) == len(args) and all(conforms(item, arg) for item, arg in zip(value, args))
    if not isinstance(hint, type):
        raise TypeError(f"conforms() does not know {hint!r}")
    if hint is int or hint is float:  # JSON writes 2.0 as 2.0, and True is no number
        return isinstance(value, (int, float) if hint is float else int) and not isinstance(value, bool)
    if not isinstance(value, hint):
        return False
    if dataclasses.is_dataclass(hint) and not issubclass(hint, Enum):
        return all(conforms(getattr(value, name), field) for name, field in _fields(hint))
    return True


@cache
def _fields(cls: type) -> tuple[tuple[str, Any], ...]:
    from . import diagnostics, model  # they name each other's classes for type checkers only

    hints = typing.get_type_hints(cls, localns={**vars(model), **vars(diagnostics)})
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))
