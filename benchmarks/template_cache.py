"""What the kept compiled templates save: a build of the real project after a one-word edit, on
one core, with the theme's templates taken from the user's cache (sealed, pipeline/render/site/
mkdocs_adapter.py) and with them compiled on every build; the MkDocs stage and the whole build,
medians of N rounds each, alternating.

    .venv/bin/python benchmarks/template_cache.py [N]

The figure decides whether a persistent cache of compiled templates is worth keeping
(issue 23: it is, the comment on mkdocs_adapter._CompiledTemplates quotes it).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import pipeline.render.site.mkdocs_adapter as adapter  # noqa: E402
from hostile_support import make_project  # noqa: E402
from pipeline.build import build  # noqa: E402

SOURCE = "corpus/sources/vq-spring-deployment-action-phase.ru.txt"
WORDS = ("В виде исключения", "В виде исключенья")


def main() -> int:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    with tempfile.TemporaryDirectory(prefix="folio-templates-") as tmp:
        os.environ["FOLIO_CACHE_DIR"] = str(Path(tmp) / "cache")
        root = make_project(Path(tmp) / "project")
        build(root, jobs=1)
        kept = adapter._CompiledTemplates.on_env
        results: dict[str, list[tuple[float, float]]] = {"kept": [], "compiled": []}
        for _ in range(rounds):
            for mode in results:
                adapter._CompiledTemplates.on_env = kept if mode == "kept" else (lambda self, env, config, files: env)
                source = root / SOURCE
                text = source.read_text("utf-8")
                old, new = WORDS if WORDS[0] in text else WORDS[::-1]
                source.write_text(text.replace(old, new, 1), "utf-8")
                start = time.perf_counter()
                result = build(root, jobs=1)
                results[mode].append((result.timings.get("mkdocs", 0.0), time.perf_counter() - start))
        adapter._CompiledTemplates.on_env = kept
    for mode, rows in results.items():
        print(f"{mode:>9}: mkdocs {statistics.median(r[0] for r in rows):.3f} s, "
              f"build {statistics.median(r[1] for r in rows):.2f} s (medians of {rounds})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
