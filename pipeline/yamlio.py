"""YAML reading through libyaml when PyYAML has it, with the pure-Python reader's errors.

The corpus's YAML (translations, rule facts, the termbase) is most of what a build reads, and
the pure-Python reader spends about ten times longer on it than libyaml, which builds the same
nodes with the same line marks. The two word their errors differently, though, and Folio's
error line must not depend on which one is installed: so on any error the text is read again
by the pure-Python reader, which raises the error Folio reports.
"""

from __future__ import annotations

from typing import Any

import yaml

_FAST = getattr(yaml, "CSafeLoader", None)


def compose(text: str) -> yaml.Node | None:
    """``yaml.compose`` under the safe loader: the node tree, with line marks."""
    if _FAST is not None:
        try:
            return yaml.compose(text, Loader=_FAST)
        except yaml.YAMLError:
            pass  # the pure-Python reader below words the error
    return yaml.compose(text, Loader=yaml.SafeLoader)


def safe_load(text: str) -> Any:
    """``yaml.safe_load``: plain values."""
    if _FAST is not None:
        try:
            return yaml.load(text, Loader=_FAST)
        except yaml.YAMLError:
            pass
    return yaml.safe_load(text)


def compose_and_load(text: str) -> tuple[yaml.Node | None, Any]:
    """The node tree (for line marks) and the plain values, from one parse instead of two."""
    if "<<" in text:
        # constructing a merge key rewrites the mapping node it sits in: keep the nodes as written
        return compose(text), safe_load(text)
    for loader_class in filter(None, (_FAST, yaml.SafeLoader)):
        loader = loader_class(text)
        try:
            node = loader.get_single_node()
            return node, (loader.construct_document(node) if node is not None else None)
        except yaml.YAMLError:
            if loader_class is yaml.SafeLoader:
                raise  # the pure-Python reader's wording
        finally:
            loader.dispose()
    raise AssertionError("unreachable: the pure-Python reader returns or raises")
