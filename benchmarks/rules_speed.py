"""How fast the executable rules decide: 10,000 runs of a mix of rules on one core.

    python benchmarks/rules_speed.py [--runs 10000] [--root .]

Prints the time per run and for the batch, and the share of the slowest rule. A game assistant
asks a rule on every click and a decision table runs one per combination, so the goal is
10,000 runs in 0.1 s or less (README, "Rules as data"). The inputs are the typed dataclasses a
program builds once (``run`` also takes raw strings, converted on every call: measured too).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pipeline.games  # noqa: F401 - every game's rules registered, as `folio` does
from pipeline.rules import get, load, run

#: one mixed batch: a rule of every game, raw inputs as `folio rules run` would pass them
MIX = (
    ("his.mary-i-impulse", {"card_cp": "3", "die": "2"}),
    ("his.winter-return", {"power": "france", "units": "6", "space": "fortified-controlled",
                           "placed": "capital:2"}),
    ("eu-risto.hre-election", {"bids": "SPA:100,FRA:160", "electorates": "saxony:FRA"}),
    ("eu-risto.wars-in-italy-effects", {"occurrence": "2", "invaded_outside_italy": "true"}),
    ("pop.declare-war", {"targets": "Venice,Genoa", "player_realms": "Genoa", "accepting_ctas": "France"}),
    ("vq.action-phase-end", {"consecutive_passes": "6"}),
)


def measure(facts, runs: int, typed: bool) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of ``runs`` runs. The CPU time is the figure: the machine
    may be shared, and waiting for a core is not the rules' cost."""
    batch = [(rule, get(rule).inputs.from_raw(raw) if typed else raw) for rule, raw in MIX]
    start, wall = time.process_time(), time.perf_counter()
    for n in range(runs):
        rule, given = batch[n % len(batch)]
        run(rule, facts, given)
    return time.process_time() - start, time.perf_counter() - wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--root", default=None, help="a project root (default: the packaged facts)")
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    facts = load(args.root)
    measure(facts, 200, True)  # warm up: imports, the type caches
    for label, typed in (("typed inputs", True), ("raw strings", False)):
        seconds, wall = min(measure(facts, args.runs, typed) for _ in range(3))
        print(f"{label:12}: {args.runs} runs in {seconds:.3f} s of CPU ({wall:.3f} s wall), "
              f"{seconds / args.runs * 1e6:.1f} µs each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
