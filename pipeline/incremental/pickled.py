"""The build cache's pickles, read back with only the model's own classes allowed.

build/.cache/ keeps loaded documents and parsed fact files as pickles: they are the model's
objects and a build reads them back in a fraction of what parsing costs. A plain unpickler
would call whatever a pickle names, so a cache entry that was tampered with, or copied in from
someone else's tree, could run code at the next build. This reader resolves only classes
defined in the modules of the typed model (its dataclasses and enums, whose construction does
nothing but hold data); any other name refuses the entry, which the build then treats as never
made and computes again.
"""

from __future__ import annotations

import io
import pickle
import sys
from typing import Any

#: the modules whose classes a cache entry may hold: plain data, built without side effects
MODEL_MODULES = frozenset({"pipeline.core.model", "pipeline.core.kinds", "pipeline.core.diagnostics",
                           "pipeline.incremental.loaded",
                           "pipeline.rules.facts", "pipeline.rules.coverage",
                           "pipeline.language.termbase"})


class Refused(pickle.UnpicklingError):
    """A cache entry named something other than a class of the model."""


class _ModelUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        found = _allowed.get((module, name))
        if found is not None:
            return found
        found = getattr(sys.modules.get(module), name, None) if module in MODEL_MODULES else None
        # a class of that very module: not a function, not a module or class it imported
        if not isinstance(found, type) or found.__module__ != module or "." in name:
            raise Refused(f"{module}.{name}")
        _allowed[(module, name)] = found
        return found


#: the classes found allowed, by name: a pickle written without the memo names its class at
#: every object (:func:`dumps_unshared`), a build reads hundreds of thousands of them
_allowed: dict[tuple[str, str], type] = {}


def dumps(value: Any) -> bytes:
    return pickle.dumps(value, protocol=5)


def dumps_unshared(value: Any) -> bytes:
    """``value`` pickled without the memo: each object written whole wherever it stands, so that
    equal values give the same bytes whichever objects they share (findings run in this process
    share their strings with the objects they were found in, findings sent by a worker do not).
    Only for a value without cycles."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=5)
    pickler.fast = True  # no memo (deprecated, and kept by CPython for this very use)
    pickler.dump(value)
    return out.getvalue()


def loads(data: bytes) -> Any | None:
    """The value pickled in ``data``, or None when it names anything but the model's classes or
    is not a whole pickle (the caller computes the value again)."""
    for module in MODEL_MODULES:  # a class can only be resolved once its module is imported
        if module not in sys.modules:
            __import__(module)
    try:
        return _ModelUnpickler(io.BytesIO(data)).load()
    except Exception:  # a model class given arguments it refuses raises its own error
        return None
