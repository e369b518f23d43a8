"""The x10 figures in a few minutes: the real corpus copied ten times, measured as
benchmarks/scale.py measures every scale (each stage on one core, the cold build on every core
and on one, the no-op rebuild, a one-word edit, a bare `mkdocs build` of the same pages), then
issue 16's targets and the build table printed.

    .venv/bin/python benchmarks/quick.py [--json benchmarks/results/x10.json]

For a change's effect before the whole run (benchmarks/scale.py, about an hour); the manual's
tables come from the whole run only.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from report import builds, targets  # noqa: E402
from report import machine as described  # noqa: E402
from scale import machine, measure  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=int, default=10)
    parser.add_argument("--json", type=Path, default=HERE / "results" / "x10.json")
    parser.add_argument("--timeout", type=float, default=1200.0, help="per measured step")
    args = parser.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="folio-quick-") as work:
        result = measure(args.scale, Path(work), args.timeout, serial=True)
    data = {"machine": machine(), "results": [result]}
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    print(targets([result]), builds([result]), sep="\n\n")
    print(f"\n{described(data)} Measured in {time.perf_counter() - started:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
