"""benchmarks/scale.py's results as Markdown tables: `report.py [RESULTS.json]` prints them,
`report.py --page docs/manual/architecture/performance.md` writes them into the manual's
performance page."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

STAGES = ("read", "parse", "link", "check", "render corpus", "render site", "search index", "aids")


def markdown(results: list[dict]) -> str:
    return "\n\n".join([targets(results), builds(results), stages(results), growth(results), checks(results)])


def _scale(r: dict) -> str:
    if not r.get("extrapolated"):
        return f"x{r['scale']}"
    return f"x{r['scale']}" + (" (partly fitted)" if r.get("partial") else " (fitted)")


def fitted(r: dict, *keys: str) -> bool:
    """Whether any of the figures ``keys`` of the scale ``r`` was fitted rather than measured: a
    scale built whole but not staged (scale.py --builds) has its builds measured and the rest
    fitted; a result without the marks is fitted throughout."""
    if not r.get("extrapolated"):
        return False
    if not r.get("partial"):
        return True
    return any(key in r.get("fitted", ()) or not isinstance(r.get(key), dict | float | int)
               or (isinstance(r[key], dict) and r[key].get("extrapolated")) for key in keys)


def _about(r: dict, *keys: str) -> str:
    return "≈ " if fitted(r, *keys) else ""


def builds(results: list[dict]) -> str:
    rows = ["| scale | words | cold build | of it: aids | cold, one core | no-op rebuild | "
            "one-word edit | bare `mkdocs build` | build without aids / bare mkdocs | "
            "peak memory, all processes | other work on the machine |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in results:
        cold = r["cold"]["wall"]
        aids = _aids(r)
        serial = r.get("cold serial", {}).get("wall")
        noop, edit = r["no-op"], r["edit"]["wall"]
        memory = r["cold"].get("tree_peak_mb")
        c, s, b = (_about(r, key) for key in ("cold", "cold serial", "bare mkdocs"))
        n, e, ratio = (_about(r, "cold", key) for key in ("no-op", "edit", "bare mkdocs"))
        rows.append(f"| {_scale(r)} | {r['words']:,.0f} | {c}{cold:.1f} s | {c}{aids:.1f} s | "
                    f"{f'{s}{serial:.1f} s' if serial else '–'} | {n}{noop:.2f} s ({100 * noop / cold:.1f} %) | "
                    f"{e}{edit:.1f} s ({100 * edit / cold:.0f} %) | {b}{r['bare mkdocs']:.1f} s | "
                    f"{ratio}{(cold - aids) / r['bare mkdocs']:.2f} | "
                    f"{f'{c}{memory / 1024:.2f} GB' if memory else '–'} | {_others(r)} |")
    return "\n".join(rows)


def _aids(r: dict) -> float:
    """The cold build's aids: their pages planned (one process) and printed (every core); before
    2 December the one stage "aids" timed both."""
    timings = r["cold"].get("timings", {})
    return timings.get("aids", 0.0) + timings.get("aid pages", 0.0)


#: The targets (issues 16 and 25): what each figure is, how it is read from one scale's results, the bound
#: and whether the figure must stay under it (True) or reach it (False), and the scales it is
#: set for.
TARGETS = [
    ("one-word edit, rebuild / cold build", lambda r: r["edit"]["wall"] / r["cold"]["wall"],
     0.10, True, (10, 100), lambda v: f"{100 * v:.0f} %", ("cold", "edit")),
    ("build without aids / bare `mkdocs build`",
     lambda r: (r["cold"]["wall"] - _aids(r)) / r["bare mkdocs"],
     1.5, True, (100,), lambda v: f"{v:.2f}", ("cold", "bare mkdocs")),
    ("the same in CPU time: Folio's cold build less the aids' stage / bare `mkdocs build`",
     lambda r: (r["cold"]["cpu"] - r["stages"]["aids"]["cpu"]) / r["bare mkdocs cpu"],
     1.5, True, (100,), lambda v: f"{v:.2f}", ("cold", "stages", "bare mkdocs cpu")),
    ("all check families, words per second of CPU (one core)",
     lambda r: (r["words"] / r["stages"]["check"]["cpu"]
                if not r["stages"].get("check", {}).get("extrapolated") else None),
     100_000, False, (100, 1000), lambda v: f"{v:,.0f}", ("stages",)),
    ("peak memory of the cold build, all processes", lambda r: r["cold"].get("tree_peak_mb"),
     2048, True, (1000,), lambda v: f"{v / 1024:.2f} GB", ("cold",)),
    ("printing the aids of the cold build, on every core / on one core",
     lambda r: r["cold"]["timings"]["aids"] / r["cold serial"]["timings"]["aids"],
     0.75, True, (10, 100), lambda v: f"{v:.2f}", ("cold", "cold serial")),
]


def targets(results: list[dict]) -> str:
    """Each target against the figures, at the scales it is set for."""
    header = "| target | " + " | ".join(_scale(r) for r in results) + " | bound | holds |"
    rows = [header, "| --- |" + " ---: |" * len(results) + " ---: | --- |"]
    for name, value, bound, under, scales, shown, keys in TARGETS:
        cells, verdicts = [], []
        for r in results:
            try:
                v = value(r)
            except (KeyError, ZeroDivisionError, TypeError):
                v = None
            cells.append("–" if v is None else _about(r, *keys) + shown(v))
            if v is not None and r["scale"] in scales and not fitted(r, *keys):
                verdicts.append(v <= bound if under else v >= bound)
        verdict = "–" if not verdicts else "yes" if all(verdicts) else "no"
        where = ", ".join(f"x{s}" for s in scales)
        bound_at = f"{'≤' if under else '≥'} {shown(bound)} at {where}"
        rows.append(f"| {name} | " + " | ".join(cells) + f" | {bound_at} | {verdict} |")
    return "\n".join(rows)


def _others(r: dict) -> str:
    """The most other work (in cores) the machine did during one of the row's builds."""
    loads = [r[key]["other_load"] for key in ("cold", "cold serial", "edit")
             if isinstance(r.get(key), dict) and "other_load" in r[key]]
    return f"≤ {max(loads):.1f} cores" if loads else "–"


def stages(results: list[dict]) -> str:
    header = "| stage | " + " | ".join(_scale(r) for r in results) + " |"
    rows = [header, "| --- |" + " ---: |" * len(results),
            "| *wall s / CPU s / peak MB, one core, nothing reused* |" + " |" * len(results)]
    for stage in STAGES:
        cells = []
        for r in results:
            s = r["stages"].get(stage)
            if not s:
                cells.append("–")
                continue
            peak = f" / {s['peak_mb']:.0f}" if "peak_mb" in s else ""
            about = "≈ " if s.get("extrapolated") else ""
            cells.append(f"{about}{s['wall']:.2f} / {s['cpu']:.2f}{peak}")
        rows.append(f"| {stage} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def growth(results: list[dict]) -> str:
    """How each cost grows from one scale to the next, as the exponent k of cost ~ size**k:
    1.00 is linear, 2.00 would be the square of the corpus."""
    pairs = list(itertools.pairwise(results))
    if not pairs:
        return ""
    header = "| growth, k in cost ~ size^k | " + " | ".join(f"{_scale(a)} → {_scale(b)}" for a, b in pairs) + " |"
    rows = [header, "| --- |" + " ---: |" * len(pairs)]
    measures = [(f"{stage} (CPU)", lambda r, stage=stage: r["stages"].get(stage, {}).get("cpu")) for stage in STAGES]
    measures += [("cold build without aids (wall)",
                  lambda r: r["cold"]["wall"] - _aids(r)),
                 ("bare `mkdocs build` (wall)", lambda r: r["bare mkdocs"]),
                 ("peak memory of the stages (MB)", lambda r: max(s.get("peak_mb", 0.0) for s in r["stages"].values()))]
    for name, value in measures:
        cells = []
        for a, b in pairs:
            qa, qb = value(a), value(b)
            cells.append(f"{math.log(qb / qa) / math.log(b['words'] / a['words']):.2f}" if qa and qb else "–")
        rows.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def checks(results: list[dict]) -> str:
    rows = ["| scale | words | check stage, words/s of CPU (one core) | terminology alone (lemmas), words/s of CPU | "
            "check stage of the cold build, words/s of wall time (every core) |",
            "| --- | ---: | ---: | ---: | ---: |"]
    for r in results:
        if "check" not in r["stages"] or r["stages"]["check"].get("extrapolated"):
            continue
        check = r["stages"]["check"]["cpu"]
        terms = r.get("families_cpu", {}).get("terminology")
        lemmas = f"{r['words'] / terms:,.0f}" if terms else "–"
        built = r.get("cold", {}).get("timings", {}).get("check")
        rate = f"{r['words'] / built:,.0f}" if built else "–"
        rows.append(f"| {_scale(r)} | {r['words']:,.0f} | {r['words'] / check:,.0f} | {lemmas} | {rate} |")
    return "\n".join(rows)


def machine(data: dict) -> str:
    m = data["machine"]
    return (f"Measured on {m['date']}: {m['cpu']}, {m['cores']} cores, {m['ram_gb']} GB of memory, "
            f"Python {m['python']}.")


def readme_block(data: dict) -> str:
    """What the manual's performance page shows between its markers."""
    return f"{machine(data)}\n\n{markdown(data['results'])}\n"


START, END = "<!-- performance:start -->\n", "<!-- performance:end -->"


def update_readme(readme: Path, data: dict) -> None:
    text = readme.read_text("utf-8")
    start, end = text.index(START) + len(START), text.index(END)
    readme.write_text(text[:start] + readme_block(data) + text[end:], "utf-8")


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("results", type=Path, nargs="?", default=Path(__file__).parent / "results" / "latest.json")
    parser.add_argument("--page", "--readme", type=Path, dest="page", help="write the tables into this "
                        "page (docs/manual/architecture/performance.md), between "
                        f"{START.strip()} and {END}")
    args = parser.parse_args()
    data = json.loads(args.results.read_text("utf-8"))
    if args.page:
        update_readme(args.page, data)
    else:
        print(markdown(data["results"]))
        print(f"\n{machine(data)}")
