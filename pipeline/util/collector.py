"""Python's cyclic garbage collector, held off where it only costs.

A stretch that makes a great many objects that all live on, or die by their reference count
(YAML node trees and what is read from them, a document's tree dumped as YAML), and no cycles,
gives the collector nothing to free; yet every few hundred objects made start a collection,
and the ones they survive walk every young object again and, now and then, the whole heap,
which holds the corpus by then. Measured at x30: half the CPU of reading the rule facts, a
third of dumping build/corpus/*.yaml, a quarter of reading the translations.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """No automatic collection inside the block; the one after it finds any cycle made in it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
