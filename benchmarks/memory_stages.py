"""Where a build's memory is: one clean `folio build` of ROOT, every process's proportional set
size sampled every 0.1 s with the stage the build's own process is in, printed per stage (the
largest total seen in it, the build's process's share, and each process then, by name).

    memory_stages.py ROOT

benchmarks/memory.py gives the peak alone; this says which stage holds it and whether the
build's process or a forked worker (pages, MkDocs, checks) or Pagefind does.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from memory import pss_kb, tree

from pipeline import build as pipeline
from pipeline.util import progress

HERE = os.getpid()
_stack: list[str] = []
_enter, _exit = progress.Progress.__enter__, progress.Progress.__exit__


def _entered(self):
    if os.getpid() == HERE:
        _stack.append(self.stage)
    return _enter(self)


def _left(self, *exc):
    if os.getpid() == HERE and _stack:
        _stack.pop()
    return _exit(self, *exc)


def _name(pid: int) -> str:
    if pid == HERE:
        return "build"
    try:
        return f"{Path(f'/proc/{pid}/comm').read_text().strip()}:{pid}"
    except OSError:
        return f"?:{pid}"


def main() -> None:
    progress.Progress.__enter__, progress.Progress.__exit__ = _entered, _left
    peaks: dict[str, tuple[float, dict[str, float]]] = {}
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(0.1):
            held = {_name(pid): pss_kb(pid) / 1024 for pid in tree(HERE)}
            stage = "/".join(_stack) or "(between stages)"
            if sum(held.values()) > peaks.get(stage, (0.0, {}))[0]:
                peaks[stage] = (sum(held.values()), held)

    sampler = threading.Thread(target=sample, daemon=True)
    start = time.perf_counter()
    sampler.start()
    pipeline.build(Path(sys.argv[1]), clean=True)
    stop.set()
    sampler.join()
    print(f"built in {time.perf_counter() - start:.1f} s")
    for stage, (total, held) in peaks.items():
        others = ", ".join(f"{name} {mb:.0f}" for name, mb in held.items() if name != "build")
        print(f"{stage:40s} all {total:7.0f} MB  build {held.get('build', 0):6.0f} MB  {others}")


if __name__ == "__main__":
    main()
