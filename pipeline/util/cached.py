"""Values kept once made: a computed attribute on its instance, a function's value by the text
of its arguments.

Python 3.11's functools.cached_property takes a lock on every first read (removed in 3.12):
the website reads eight such attributes of every unit on every page, 54,520 first reads at x10,
a tenth of the pages' CPU. An object read by one thread needs none.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, wraps
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class cached(Generic[T]):  # used as a decorator, like the property it replaces
    """``@cached`` on a method: its value, made on the first read, stands in the instance's
    ``__dict__`` from then on (a non-data descriptor: the instance's own entry wins)."""

    def __init__(self, make: Callable[[Any], T]):
        self.make = make
        self.name = make.__name__
        self.__doc__ = make.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | cached[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.make(instance)
        return value


def by_text(make: Callable[..., T]) -> Callable[..., T]:
    """``make`` (of one or two arguments), its value made once per process for its arguments'
    text (``str`` of each): :func:`functools.cache` keys a lone ``str`` argument by itself and any
    other by a sequence holding it, so ``"en"`` and ``Lang.EN``, equal, would each make one (a
    spaCy pipeline, Hunspell's dictionaries), and a ``Path`` and its text likewise.
    ``__wrapped__`` is the cache."""
    made = cache(make)

    def one(value: object) -> T:
        return made(str(value))

    def two(first: object, second: object) -> T:  # no tuple of the arguments: asked once per word
        return made(str(first), str(second))

    arity = make.__code__.co_argcount
    if arity not in (1, 2):
        raise TypeError(f"{make.__name__}: by_text keys one or two arguments, not {arity}")
    return wraps(made)(one if arity == 1 else two)
