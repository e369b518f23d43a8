"""JSON text exactly as ``json.dumps(value, ensure_ascii=False, indent=1)`` writes it, faster.

With an indent, the standard library encodes in pure Python, one generator per container:
most of the time build/corpus.json takes (measured at x10: 2.1 s of CPU of 3.8). Here a
container is one join, the strings are encoded by the library's own C function, and anything
this module does not know is left to ``json.dumps``, so the bytes are the library's whatever
the value.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring  # the C one, where the interpreter has it
from typing import Any


def dumps(value: Any, depth: int = 0) -> str:
    """``value`` as json.dumps(indent=1) writes it, its nested lines indented as if it stood
    ``depth`` levels deep (the first line is not indented)."""
    if isinstance(value, str):
        return encode_basestring(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is int:
        return int.__repr__(value)
    if isinstance(value, dict):
        if not value:
            return "{}"
        if not all(isinstance(key, str) for key in value):  # json converts other keys: let it
            return _library(value, depth)
        inner = "\n" + " " * (depth + 1)
        return "{" + inner + ("," + inner).join(
            encode_basestring(key) + ": " + dumps(item, depth + 1) for key, item in value.items()) \
            + "\n" + " " * depth + "}"
    if isinstance(value, (list, tuple)):
        if not value:
            return "[]"
        inner = "\n" + " " * (depth + 1)
        return "[" + inner + ("," + inner).join(dumps(item, depth + 1) for item in value) \
            + "\n" + " " * depth + "]"
    return _library(value, depth)  # floats, int subclasses, and whatever json makes of the rest


def _library(value: Any, depth: int) -> str:
    text = json.dumps(value, ensure_ascii=False, indent=1)
    return text.replace("\n", "\n" + " " * depth) if depth else text
