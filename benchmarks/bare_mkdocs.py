"""Is benchmarks/scale.py's bare `mkdocs build` a fair yardstick? The MkDocs stage of a built
project as Folio runs it, against plain MkDocs on the very configuration and pages, language by
language, in CPU seconds (steadier than wall time on a shared machine).

    .venv/bin/python benchmarks/bare_mkdocs.py ROOT [ROUNDS]

ROOT is a project built by `folio build` (its build/.cache/site/<lang>/ holds the generated
mkdocs.yml and the pages). Three runs per language and round:

- folio: pipeline/render/site/mkdocs_adapter.run, as a cold build calls it (every page);
- bare: `mkdocs build -f <lang>/mkdocs.yml` in a process of its own, as scale.py runs it;
- startup: that process importing MkDocs and the theme and doing nothing (in bare's figure).

What the two do differently: bare reads each page's HTML as Markdown (Python-Markdown parses
it; Folio hands MkDocs the HTML as it is), has no table of contents in the sidebar (Folio's
comes from the page's front matter), walks the theme's hidden icon folder, renders a 404 page
and compiles the theme's templates (Folio keeps them compiled). Prints one line per language
and round, then the medians.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.render.site import mkdocs_adapter  # noqa: E402

MKDOCS = str(Path(sys.executable).parent / "mkdocs")


def children_cpu() -> float:
    times = os.times()
    return times.children_user + times.children_system


def child(command: list[str]) -> float:
    """The CPU seconds of ``command`` run to its end."""
    before = children_cpu()
    subprocess.run(command, check=True, capture_output=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    return children_cpu() - before


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    project = Path(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    configs = sorted((project / "build" / ".cache" / "site").glob("*/mkdocs.yml"))
    if not configs:
        print(f"{project}: no build/.cache/site/<lang>/mkdocs.yml (build the project first)", file=sys.stderr)
        return 2
    figures: dict[str, list[float]] = {"folio": [], "bare": [], "startup": []}
    with tempfile.TemporaryDirectory(prefix="folio-bare-") as tmp:
        out = Path(tmp)
        for _ in range(rounds):
            for config in configs:
                lang = config.parent.name
                pages = sum(1 for _ in (config.parent / "docs").rglob("index.md"))
                start = time.process_time()
                mkdocs_adapter.run(lang, config, out / "folio" / lang)
                folio = time.process_time() - start
                bare = child([MKDOCS, "build", "-q", "-f", str(config), "-d", str(out / "bare" / lang)])
                startup = child([sys.executable, "-c", "import mkdocs.commands.build, material"])
                shutil.rmtree(out / "folio", ignore_errors=True)
                shutil.rmtree(out / "bare", ignore_errors=True)
                for name, value in (("folio", folio), ("bare", bare), ("startup", startup)):
                    figures[name].append(value)
                print(f"{lang}: {pages} pages; CPU s: folio's MkDocs stage {folio:.2f}, bare mkdocs build "
                      f"{bare:.2f} (of which starting {startup:.2f})", flush=True)
    medians = {name: statistics.median(values) for name, values in figures.items()}
    print(f"median per language: folio {medians['folio']:.2f}, bare {medians['bare']:.2f}, "
          f"startup {medians['startup']:.2f}; load {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
