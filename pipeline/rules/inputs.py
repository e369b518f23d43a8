"""Typed inputs of the executable rules: what a player knows, checked before a rule runs.

A rule takes one frozen dataclass derived from :class:`Inputs`. Its fields are annotated with
plain types (``int``, ``bool``, an enum, ``tuple[X, ...]``, ``dict[K, V]``, ``X | None``), and
bounds ride along in ``Annotated``. The same conversion serves Python callers, the command line
(``die=3``) and the example scenarios (YAML values), so all three refuse a die roll of 7 with
the same sentence.
"""

from __future__ import annotations

import difflib
import enum
import functools
import re
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Annotated, Any, get_args, get_origin, get_type_hints


class RuleError(Exception):
    """Anything an executable rule cannot do; the CLI prints it on one line, exit status 2."""


class RuleInputError(RuleError, ValueError):
    """An input a rule cannot take: a die roll of 7, an unknown power, a negative CP."""


@dataclass(frozen=True)
class Bounds:
    low: int | None = None
    high: int | None = None
    what: str = "a number"

    def check(self, name: str, value: int) -> int:
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise RuleInputError(f"{name}={value}: {self.what} is {self.describe()}")
        return value

    def describe(self) -> str:
        if self.high is None:
            return f"{self.low} or more"
        return f"{self.low}..{self.high}"


# A six-sided die: every die range in the texts (1 – 3 and 4 – 6, 3-6, "two dice") assumes one.
Die = Annotated[int, Bounds(1, 6, "a die roll")]
Count = Annotated[int, Bounds(0, None, "a count")]
CP = Annotated[int, Bounds(0, None, "a number of command points")]
Turn = Annotated[int, Bounds(1, None, "a turn number")]


def arg(doc: str, default: Any = MISSING, *, cases: tuple[str, ...] | None = None) -> Any:
    """A documented input field; mutable defaults become factories. ``cases``: the facts (ids,
    or groups as ``prefix.*``) whose numbers cut an integer input into the pieces the rule
    decides by, for its decision table (:mod:`pipeline.rules.decision_tables`)."""
    metadata = {"doc": doc, **({"cases": tuple(cases)} if cases else {})}
    if isinstance(default, dict):
        return field(default_factory=dict, metadata=metadata)
    return field(default=default, metadata=metadata)


@dataclass(frozen=True)
class InputSpec:
    name: str
    type: str
    doc: str
    required: bool
    default: Any = None


class Inputs:
    """Base of every rule's input dataclass: converts and validates each field on creation."""

    def __post_init__(self) -> None:
        # mypy takes a class object for an instance of it when hashing (python/mypy#11470)
        for name, convert_one in hints(type(self)):  # type: ignore[arg-type]
            object.__setattr__(self, name, convert_one(getattr(self, name), name))

    @classmethod
    def from_raw(cls, raw: Mapping[str, Any]) -> Inputs:
        """Build from ``name -> value`` (strings from the CLI, YAML values from a scenario)."""
        known, required = _names(cls)  # type: ignore[arg-type]  # python/mypy#11470, as above
        for name in raw:
            if name not in known:
                close = difflib.get_close_matches(name, list(known), n=1)
                raise RuleInputError(f"unknown input {name!r}" + (f"; did you mean {close[0]}?" if close
                                     else f"; the inputs are {', '.join(known) or 'none'}"))
        for name, doc in required:
            if name not in raw:
                raise RuleInputError(f"missing input {name} ({doc})")
        return cls(**raw)

    @classmethod
    def describe(cls) -> list[InputSpec]:
        types = types_of(cls)
        specs = []
        for f in fields(cls):  # type: ignore[arg-type]  # each rule's subclass is a dataclass, this base is not
            factory = f.default_factory
            required = f.default is MISSING and factory is MISSING
            default = f.default if f.default is not MISSING else factory() if callable(factory) else None
            specs.append(InputSpec(f.name, describe(types[f.name]), f.metadata.get("doc", ""),
                                   required, plain(default)))
        return specs


@functools.cache
def _names(cls: type) -> tuple[frozenset[str], tuple[tuple[str, str], ...]]:
    """The input names of a class, and the required ones with their docs: made once per class."""
    found = fields(cls)
    return (frozenset(f.name for f in found),
            tuple((f.name, f.metadata.get("doc", "")) for f in found
                  if f.default is MISSING and f.default_factory is MISSING))


@functools.cache
def _spellings(tp: type[enum.Enum]) -> dict[str, enum.Enum]:
    """Each member by its value and by its name, lower case, ``_`` as ``-``."""
    found: dict[str, enum.Enum] = {}
    for member in tp:
        found.setdefault(str(member.value).lower(), member)
        found.setdefault(member.name.lower().replace("_", "-"), member)
    return found


@functools.cache
def hints(cls: type) -> tuple[tuple[str, Any], ...]:
    """Each field's converter, in field order. Resolving the annotations (strings under ``from
    __future__ import annotations``) and walking them took most of a rule's run when done on
    every input; a dataclass's fields do not change once it is defined."""
    resolved = get_type_hints(cls, include_extras=True)
    return tuple((f.name, converter(resolved[f.name])) for f in fields(cls))


def types_of(cls: type) -> dict[str, Any]:
    return get_type_hints(cls, include_extras=True)


def convert(tp: Any, value: Any, name: str) -> Any:
    """``value`` as the type ``tp`` says, checked; :class:`RuleInputError` naming ``name`` if not."""
    return converter(tp)(value, name)


@functools.cache
def converter(tp: Any) -> Callable[[Any, str], Any]:
    """A function ``(value, name) -> value`` for one annotated type, made once per type."""
    origin, args = get_origin(tp), get_args(tp)
    if origin is Annotated:
        inner, bounds = converter(args[0]), [extra for extra in args[1:] if isinstance(extra, Bounds)]

        def annotated(value: Any, name: str) -> Any:
            result = inner(value, name)
            for extra in bounds:
                if result is not None:
                    extra.check(name, result)
            return result
        return annotated
    if origin in (typing.Union, types.UnionType):
        inner = converter(next(a for a in args if a is not type(None)))

        def optional(value: Any, name: str) -> Any:
            if value is None or (isinstance(value, str) and value.strip().lower() in ("", "none")):
                return None
            return inner(value, name)
        return optional
    if origin is tuple:
        item = converter(args[0])

        def sequence(value: Any, name: str) -> tuple:
            if isinstance(value, tuple) and not value:
                return value
            items = _split(value) if isinstance(value, str) else value
            if not isinstance(items, (list, tuple)):
                raise RuleInputError(f"{name}: expected a list, got {value!r}")
            return tuple(item(one, f"{name}[{n}]") for n, one in enumerate(items))
        return sequence
    if origin is dict:
        key_of, value_of = converter(args[0]), converter(args[1])

        def mapping(value: Any, name: str) -> dict:
            pairs = (_pairs(value, name) if isinstance(value, str) else
                     list(value.items()) if isinstance(value, Mapping) else None)
            if pairs is None:
                raise RuleInputError(f"{name}: expected a mapping such as a:1,b:2, got {value!r}")
            result: dict = {}
            for key, one in pairs:
                key = key_of(key, f"{name} key")
                if key in result:
                    raise RuleInputError(f"{name}: {plain(key)} is given twice")
                result[key] = value_of(one, f"{name}[{plain(key)}]")
            return result
        return mapping
    if tp is bool:
        return _bool
    if tp is int:
        return _int
    if tp is str:
        def text(value: Any, name: str) -> str:
            if not isinstance(value, (str, int)) or isinstance(value, bool):
                raise RuleInputError(f"{name}: expected a text, got {value!r}")
            return str(value).strip()
        return text
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return lambda value, name: _enum(tp, value, name)
    if isinstance(tp, type) and hasattr(tp, "parse"):
        return lambda value, name: value if isinstance(value, tp) else tp.parse(str(value), name)
    raise TypeError(f"no conversion for {tp!r}")  # a bug in a rule's declaration


def describe(tp: Any) -> str:
    origin, args = get_origin(tp), get_args(tp)
    if origin is Annotated:
        bounds = [a for a in args[1:] if isinstance(a, Bounds)]
        return describe(args[0]) + (f" ({bounds[0].describe()})" if bounds else "")
    if origin in (typing.Union, types.UnionType):
        return describe(next(a for a in args if a is not type(None))) + " or none"
    if origin is tuple:
        return f"list of {describe(args[0])}, comma-separated"
    if origin is dict:
        return f"map {describe(args[0])} -> {describe(args[1])}, as k:v,k:v"
    if tp is bool:
        return "bool (true|false)"
    if tp is int or tp is str:
        return tp.__name__
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return "one of " + "|".join(str(m.value) for m in tp)
    return getattr(tp, "FORMAT", tp.__name__)


def plain(value: Any) -> Any:
    """JSON-ready: enums as their values, tuples as lists, dataclasses as dicts."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    return value


def _split(text: str) -> list[str]:
    if not text.strip():
        return []  # an empty list
    parts = [part.strip() for part in text.split(",")]
    if not all(parts):
        raise RuleInputError(f"{text!r}: an empty item between commas")
    return parts


def _pairs(text: str, name: str) -> list[tuple[str, str]]:
    pairs = []
    for part in _split(text):
        key, sep, value = part.partition(":")
        if not sep:
            raise RuleInputError(f"{name}: {part!r} should be key:value")
        pairs.append((key.strip(), value.strip()))
    return pairs


def _bool(value: Any, name: str) -> bool:
    # One spelling each, as `folio rules list` shows them: `yes`, `1` or `on` might mean
    # something else to the next reader of a scenario.
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip(" \t") in ("true", "false"):
        return value.strip(" \t") == "true"
    raise RuleInputError(f"{name}={value!r}: expected true or false")


#: ASCII digits with an optional sign: Python's int() would also take "３", "٣" and "1_000"
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,18}")


def _int(value: Any, name: str) -> int:
    if isinstance(value, bool):
        raise RuleInputError(f"{name}={value!r}: expected a whole number")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and WHOLE_NUMBER.fullmatch(value.strip(" \t")):
        return int(value.strip(" \t"))
    raise RuleInputError(f"{name}={value!r}: expected a whole number in ASCII digits, such as 3 "
                         "or -2")


def _enum(tp: type[enum.Enum], value: Any, name: str) -> enum.Enum:
    if isinstance(value, tp):
        return value
    text = str(value).strip().lower().replace("_", "-")
    member = _spellings(tp).get(text)
    if member is not None:
        return member
    choices = [str(m.value) for m in tp]
    close = difflib.get_close_matches(text, choices, n=1)
    raise RuleInputError(f"{name}={value!r}: unknown {tp.__doc__ or tp.__name__}; one of "
                         + ", ".join(choices) + (f" (did you mean {close[0]}?)" if close else ""))
