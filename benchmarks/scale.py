"""How Folio's cost grows with the corpus: the real corpus scaled to xN, measured stage by stage.

    .venv/bin/python benchmarks/scale.py --scales 10 100 1000

For each scale, in a temporary directory: the corpus copied N times (benchmarks/scaled_corpus.py),
then, each in a process of its own (benchmarks/stages.py),

- every stage on its own, on one core, reusing nothing: wall and CPU seconds, peak memory, and
  the checks' throughput in words per second (of CPU time: per core);
- `folio build` from nothing on every core, then again with no change (the no-op rebuild), then
  after one word of one unit was edited;
- a bare `mkdocs build` of the very pages and configuration Folio generated (plain MkDocs, the
  same Material theme, one language after the other), against Folio's whole build, aids aside.

Scales above --full (default: all of them) are measured in part: Folio's own stages (its pages
rendered but not wrapped by MkDocs nor indexed), with the rest fitted, each figure on its own
power law through the two largest full scales, and marked "≈" -- for a machine without the time
or disk for a whole build at x1000. Scales named by --fit are not built at all: every figure
is fitted (what a session short of the hour x1000's own stages take can still report). Results go to stdout
as Markdown and to --json (default:
benchmarks/results/latest.json).
"""

from __future__ import annotations

import argparse
import compileall
import json
import math
import os
import platform
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from scaled_corpus import generate  # noqa: E402

PYTHON = sys.executable
STAGES = ("read", "parse", "link", "check", "render corpus", "render site", "search index", "aids")


def run_json(*args: str, timeout: float, aids_cache: Path) -> dict:
    with Elsewhere() as others:
        done = subprocess.run([PYTHON, str(HERE / "stages.py"), *args], capture_output=True,
                              text=True, timeout=timeout, env=_env(aids_cache))
    if done.returncode != 0:
        raise RuntimeError(f"stages.py {' '.join(args)} failed:\n{done.stderr[-3000:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    result["other_load"] = others.load
    return result


def timed(command: list[str], timeout: float, aids_cache: Path, expect: str = "") -> float:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=_env(aids_cache))
    if done.returncode not in (0, 1):  # 1: the checks found errors, as they do in the real corpus
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr[-3000:]}")
    if expect and not done.stdout.startswith(expect):
        raise Disturbed(f"{' '.join(command)}: expected {expect!r}, got {done.stdout[:80]!r}")
    return time.perf_counter() - start


class Disturbed(RuntimeError):
    """Folio's code changed under the measurement (a shared checkout): the rebuild that was to
    reuse the cold build did not, and the pair is measured again."""


class Elsewhere:
    """How busy the machine was with other work while a measurement ran, in cores: the CPU
    time the kernel counted for everyone, less what the measured process tree used. A shared
    machine makes timings noisy; the figures say when they were taken on a busy one."""

    def __enter__(self) -> Elsewhere:
        self.started, self.busy, self.ours = time.perf_counter(), _busy(), _children()
        return self

    def __exit__(self, *exc) -> None:
        wall = time.perf_counter() - self.started
        other = (_busy() - self.busy) - (_children() - self.ours)
        self.load = max(0.0, other / wall) if wall > 0 else 0.0


def _busy() -> float:
    """CPU seconds the whole machine spent busy since boot (/proc/stat)."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle and iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def _children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _env(aids_cache: Path) -> dict:
    env = dict(os.environ)
    env["FOLIO_QUIET"] = "1"  # no progress line in captured output
    # Python's bytecode cache as a user's installation has it: a shell that switches it off
    # (this machine's does) makes every measured process compile Folio's ~220 modules again,
    # about 0.3 CPU-s each, a seventh of a one-word edit at x10 (:func:`main` warms it first)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    # the aids keep printed PDFs in a cache of their own (pipeline/render/aids/cache.py): an empty one
    # for each cold build, the cold build's for the rebuilds that follow it
    env["FOLIO_CACHE_DIR"] = str(aids_cache)
    return env


def measure(scale: int, work: Path, timeout: float, serial: bool) -> dict:
    root = work / f"x{scale}"
    started = time.perf_counter()
    generate(root, scale)
    result: dict = {"scale": scale, "generate": time.perf_counter() - started}
    caches = work / f"aids-caches-x{scale}"
    result.update(run_json(str(root), "--stages", timeout=timeout, aids_cache=caches / "stages"))
    if serial:
        result["cold serial"] = run_json(str(root), "--build", "--clean", "--jobs", "1",
                                         timeout=timeout, aids_cache=caches / "serial")
    for _attempt in range(3):
        try:
            result["cold"] = run_json(str(root), "--build", "--clean", timeout=timeout,
                                      aids_cache=caches / "cold")
            result["no-op"] = timed([str(Path(PYTHON).parent / "folio"), "--root", str(root), "build"],
                                    timeout, caches / "cold", expect="up to date")
            edit_one_unit(root)
            result["edit"] = run_json(str(root), "--build", timeout=timeout, aids_cache=caches / "cold")
            if result["edit"]["stats"].get("checks reused", 0) == 0:
                raise Disturbed("the edited build reused nothing")
            break
        except Disturbed as disturbed:
            print(f"x{scale}: {disturbed}; measuring again", file=sys.stderr)
            edit_one_unit(root, undo=True)
    result["bare mkdocs"], result["bare mkdocs cpu"] = bare_mkdocs(root, work / "bare", timeout, caches / "cold")
    shutil.rmtree(root, ignore_errors=True)
    return result


def measure_builds(scale: int, work: Path, timeout: float) -> dict:
    """The builds alone, as a user runs them: `folio build` from nothing on every core (with the
    peak memory of all its processes), the no-op rebuild and the one-word edit; no stage on
    its own, no bare `mkdocs build` (those are fitted): x1000 built whole in well under an hour.
    The words are fitted too, exactly: every copy holds the real corpus's words."""
    root = work / f"x{scale}"
    started = time.perf_counter()
    generate(root, scale)
    result: dict = {"scale": scale, "generate": time.perf_counter() - started, "partial": True}
    caches = work / f"aids-caches-x{scale}"
    result["cold"] = run_json(str(root), "--build", "--clean", timeout=timeout, aids_cache=caches / "cold")
    result["no-op"] = timed([str(Path(PYTHON).parent / "folio"), "--root", str(root), "build"],
                            timeout, caches / "cold", expect="up to date")
    edit_one_unit(root)
    result["edit"] = run_json(str(root), "--build", timeout=timeout, aids_cache=caches / "cold")
    shutil.rmtree(root, ignore_errors=True)
    return result


def measure_own(scale: int, work: Path, timeout: float) -> dict:
    """Folio's own stages only: its pages rendered, not wrapped by MkDocs nor indexed."""
    root = work / f"x{scale}"
    started = time.perf_counter()
    generate(root, scale)
    result: dict = {"scale": scale, "generate": time.perf_counter() - started, "partial": True}
    result.update(run_json(str(root), "--stages", "--pages-only", timeout=timeout,
                           aids_cache=work / f"aids-caches-x{scale}" / "stages"))
    shutil.rmtree(root, ignore_errors=True)
    return result


def edit_one_unit(root: Path, undo: bool = False) -> None:
    """One word of one paragraph of copy 0, as a translator's fix would change it."""
    source = root / "corpus" / "sources" / "vq-spring-deployment-action-phase.ru.txt"
    text = source.read_text("utf-8")
    old, new = ("В виде исключения", "В виде исключенья")[::-1 if undo else 1]
    source.write_text(text.replace(old, new, 1), "utf-8")


def bare_mkdocs(root: Path, out: Path, timeout: float, aids_cache: Path) -> tuple[float, float]:
    """Plain `mkdocs build` of the configuration and pages Folio generated, language after
    language: its wall and its CPU seconds (on a machine shared with other work, the CPU time
    is the steadier of the two)."""
    total, cpu = 0.0, _children()
    for config in sorted((root / "build" / ".cache" / "site").glob("*/mkdocs.yml")):
        total += timed([str(Path(PYTHON).parent / "mkdocs"), "build", "-q", "-f", str(config),
                        "-d", str(out / config.parent.name)], timeout, aids_cache)
    shutil.rmtree(out, ignore_errors=True)
    return total, _children() - cpu


def fit(points: list[tuple[float, float]], scale: int) -> float:
    """A power law through the two largest measured points, ``q = a * n**k``, at ``scale``:
    k = 1 is linear growth; the nav on every page makes the website's k larger."""
    (n1, q1), (n2, q2) = points[-2:]
    k = math.log(q2 / q1) / math.log(n2 / n1) if q1 > 0 and q2 > 0 and n2 != n1 else 1.0
    return q2 * (scale / n2) ** k


def extrapolate(full: list[dict], scale: int, partial: dict | None) -> dict:
    """What the fully measured scales predict for ``scale``, each figure fitted on its own;
    ``partial`` holds what was measured at ``scale`` itself (Folio's own stages)."""
    result = dict(partial or {"scale": scale})
    result["extrapolated"] = True
    if "words" not in result:
        result["words"] = fit([(r["scale"], r["words"]) for r in full], scale)
    stages = result.setdefault("stages", {})
    for name in STAGES:
        if name not in stages and all(name in r["stages"] for r in full):
            stages[name] = {key: fit([(r["scale"], r["stages"][name][key]) for r in full], scale)
                            for key in ("wall", "cpu", "peak_mb")}
            stages[name]["extrapolated"] = True
    for key in ("cold", "cold serial", "edit"):
        if key not in result and all(key in r for r in full):
            result[key] = {"wall": fit([(r["scale"], r[key]["wall"]) for r in full], scale), "extrapolated": True,
                           "timings": {name: fit([(r["scale"], r[key]["timings"].get(name, 0.0)) for r in full], scale)
                                       for name in full[-1][key]["timings"]}}
            if all(r[key].get("tree_peak_mb") for r in full):  # the memory of all processes
                result[key]["tree_peak_mb"] = fit([(r["scale"], r[key]["tree_peak_mb"]) for r in full], scale)
    for key in ("no-op", "bare mkdocs"):
        if key not in result:
            result[key] = fit([(r["scale"], r[key]) for r in full], scale)
            result.setdefault("fitted", []).append(key)
    return result


def machine() -> dict:
    cpu = re.search(r"model name\s*:\s*(.+)", Path("/proc/cpuinfo").read_text())
    memory = re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text())
    return {"cpu": cpu.group(1) if cpu else platform.processor(), "cores": os.cpu_count(),
            "ram_gb": round(int(memory.group(1)) / 1024 ** 2, 1) if memory else None,
            "python": platform.python_version(), "date": date.today().isoformat(),
            "load_before": Path("/proc/loadavg").read_text().split()[:3]}


def table(results: list[dict]) -> str:
    from report import markdown

    return markdown(results)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scales", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--full", type=int, default=1000,
                        help="the largest scale to build whole, MkDocs and Pagefind included "
                             "(default 1000); larger ones run Folio's own stages and fit the rest")
    parser.add_argument("--fit", type=int, nargs="*", default=[],
                        help="scales not built at all, every figure fitted from the measured ones")
    parser.add_argument("--builds", type=int, nargs="*", default=[],
                        help="scales at which only the builds run, whole: cold (with the peak memory "
                             "of all processes), no-op and one-word edit; the stages and the bare "
                             "`mkdocs build` are fitted (x1000 built whole, issue 25)")
    parser.add_argument("--timeout", type=float, default=7200.0, help="per measured step")
    parser.add_argument("--serial", type=int, default=100,
                        help="also build on one core at scales up to this one (default 100)")
    parser.add_argument("--json", type=Path, default=HERE / "results" / "latest.json")
    args = parser.parse_args()
    compileall.compile_dir(ROOT / "pipeline", quiet=1)  # no measured build writes the cache
    results: list[dict] = []
    report = {"machine": machine(), "results": results}
    with tempfile.TemporaryDirectory(prefix="folio-scale-") as work:
        for scale in sorted(args.scales):
            full = [r for r in results if not r.get("extrapolated")]
            if scale in args.builds and len(full) >= 2:
                print(f"x{scale}: building whole, fitting the stages ...", file=sys.stderr)
                results.append(extrapolate(full, scale, measure_builds(scale, Path(work), args.timeout)))
            elif scale <= args.full or len(full) < 2:
                print(f"x{scale}: measuring every stage and build ...", file=sys.stderr)
                results.append(measure(scale, Path(work), args.timeout, scale <= args.serial))
            else:
                # beyond --full only Folio's own stages run, the rest is fitted
                print(f"x{scale}: measuring Folio's own stages, fitting the rest ...", file=sys.stderr)
                results.append(extrapolate(full, scale, measure_own(scale, Path(work), args.timeout)))
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(report, indent=1) + "\n", "utf-8")
    full = [r for r in results if not r.get("extrapolated")]
    for scale in sorted(set(args.fit) - set(args.scales)):
        if len(full) < 2:
            parser.error("--fit needs two scales measured whole (--scales, up to --full)")
        results.append(extrapolate(full, scale, None))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(report, indent=1) + "\n", "utf-8")
    print(table(results))
    print(f"\nmachine: {report['machine']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
