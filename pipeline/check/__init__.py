"""The consistency checks: the families in the order they run (:mod:`.families`), and the one
runner of them all, :func:`run_checks` (:mod:`.shards`: one shard per rulebook, cached, on any
free core), which `folio check`, `folio build` and the tests share.
"""

from __future__ import annotations

from .families import FAMILIES, all_codes
from .shards import fact_reader, run_checks

__all__ = ["FAMILIES", "all_codes", "fact_reader", "run_checks"]
