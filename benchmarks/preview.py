"""Edit to preview (issue 25, part 2): the time from saving a one-word edit to the page in
Chromium showing the new word, under `folio serve`, on the real corpus and at x100.

    .venv/bin/python benchmarks/preview.py [--scales 1 100] [--runs 3] [--json FILE]

For each scale, a project made by benchmarks/scaled_corpus.py (copy 0 keeps the real keys, so the
page and the texts edited are the real ones) is built once; `folio serve` runs on it (its own
loop, in this process, on a free port); Chromium opens the page of 5.5 Military Actions at the
unit "• Undock", and then, ``--runs`` times each, a one-word edit of that unit is saved, in the
English source and in the Russian translation. Timed: from the save (the file renamed into
place, as an editor saves) to the reloaded page showing the new word; and, of that, the
rebuild, with its stages. The machine is shared; its load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from scale import machine  # noqa: E402
from scaled_corpus import generate  # noqa: E402

from pipeline.build import BuildResult, build  # noqa: E402
from pipeline.serve.loop import serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
SOURCE = "corpus/sources/pop-military-actions.en.txt"
TRANSLATION = "corpus/translations/pop-military-actions.ru.yaml"
#: (the file, the page, the unit's words, the edited word's place in the unit, and the words it
#: becomes in turn, the first the text's own)
EDITS = {
    "en": (SOURCE, "en/pop/pop-military-actions/", "Undock", "into {} non-Hostile",
           ["adjacent", "neighbouring", "bordering", "adjoining", "nearby", "abutting", "contiguous"]),
    "ru": (TRANSLATION, "ru/pop/pop-military-actions/", "Выход из порта", "в {} морские",
           ["соседние", "смежные", "ближние", "прилежащие", "окрестные", "граничащие", "примыкающие"]),
}
TARGETS = {1: 1.0, 100: 3.0}  # seconds, edit to preview (issue 25)


class Terminal(io.TextIOBase):
    """What `folio serve` prints, kept for the benchmark to wait on."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.grew = threading.Condition()

    def write(self, text: str) -> int:
        with self.grew:
            self.text += text
            self.grew.notify_all()
        sys.stderr.write(text)
        return len(text)

    def wait_for(self, words: str, since: int, timeout: float) -> None:
        with self.grew:
            if not self.grew.wait_for(lambda: words in self.text[since:], timeout):
                raise TimeoutError(f"{words!r} not printed in {timeout} s")


def _cpu() -> float:
    """CPU seconds of this process and of its children waited for (the build's forked workers,
    MkDocs and Pagefind): a figure the machine's other load does not inflate much."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def save(path: Path, old: str, new: str) -> None:
    """As an editor saves: the new text written aside, then renamed over the file."""
    text = path.read_text("utf-8")
    assert old in text, (path, old)
    aside = path.with_name(f".{path.name}.saving")
    aside.write_text(text.replace(old, new, 1), "utf-8")
    os.replace(aside, path)


def measure(scale: int, work: Path, runs: int, timeout: float) -> dict:
    from playwright.sync_api import sync_playwright

    root = work / f"x{scale}"
    if not (root / "corpus" / "manifest.yaml").is_file():
        generate(root, scale)
    started = time.perf_counter()
    build(root)  # the build in place `folio serve` starts from (a no-op when it is current)
    first = time.perf_counter() - started
    builds: list[BuildResult] = []

    def recorded(*args, **kwargs) -> BuildResult:
        before = _cpu()
        published: dict[str, float] = {"started": time.perf_counter()}  # the save seen, its burst over
        pages = kwargs.get("on_pages")
        if pages is not None:
            def on_pages(diagnostics) -> None:  # when the new pages stand: the open pages reload now
                published.update(at=time.perf_counter(), cpu=_cpu() - before)
                pages(diagnostics)
            kwargs["on_pages"] = on_pages
        result = build(*args, **kwargs)
        result.timings["cpu"] = _cpu() - before  # of this process and the workers it forked
        result.timings["published"] = published
        builds.append(result)
        return result

    terminal, stop = Terminal(), threading.Event()
    thread = threading.Thread(target=serve, args=(root, "127.0.0.1", 0),
                              kwargs={"out": terminal, "stop": stop, "builder": recorded}, daemon=True)
    thread.start()
    terminal.wait_for("built in ", 0, timeout)
    url = terminal.text.split(" at ", 1)[1].split()[0]
    result: dict = {"scale": scale, "first_build_s": round(first, 2), "edits": {}}
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            for lang, (name, page_path, unit_words, place, words) in EDITS.items():
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(url + page_path)
                unit = page.locator(".md-content [id]", has_text=unit_words).last
                unit_id = unit.get_attribute("id")
                unit.evaluate("unit => unit.scrollIntoView()")
                measured = []
                text = (root / name).read_text("utf-8")
                at = next(i for i, word in enumerate(words) if place.format(word) in text)  # as a last run left it
                for run in range(runs):
                    old, new = words[(at + run) % len(words)], words[(at + run + 1) % len(words)]
                    mark, count = len(terminal.text), len(builds)
                    saved = time.perf_counter()
                    save(root / name, place.format(old), place.format(new))
                    page.wait_for_function("([id, word]) => document.getElementById(id) && "
                                           "document.getElementById(id).textContent.includes(word)",
                                           arg=[unit_id, new], timeout=timeout * 1000, polling="raf")
                    shown = time.perf_counter() - saved
                    terminal.wait_for("rebuilt in", mark, timeout)
                    built = builds[count]
                    cpu = built.timings.pop("cpu")
                    published = built.timings.pop("published")
                    measured.append({"preview_s": round(shown, 3), "cpu_s": round(cpu, 3),
                                     "published_s": round(published.get("at", saved) - saved, 3),
                                     # the watch and its debounce: from the save to the build's start
                                     "started_s": round(published["started"] - saved, 3),
                                     "cpu_published_s": round(published.get("cpu", 0.0), 3),
                                     "rebuild_s": round(sum(built.timings.values()), 3),
                                     "stages": {k: round(v, 3) for k, v in built.timings.items()},
                                     "load": os.getloadavg()[0]})
                    stages = ", ".join(f"{k} {v:.2f}" for k, v in measured[-1]["stages"].items() if v >= 0.01)
                    print(f"x{scale} {lang} edit {run + 1}: {old} -> {new}: page shows it after {shown:.2f} s "
                          f"(build started after {measured[-1]['started_s']:.2f} s, "
                          f"pages published after {measured[-1]['published_s']:.2f} s, "
                          f"{measured[-1]['cpu_published_s']:.2f} s of CPU; "
                          f"the build's stages {measured[-1]['rebuild_s']:.2f} s: {stages}; "
                          f"{cpu:.2f} s of CPU; load "
                          f"{measured[-1]['load']:.1f})", flush=True)
                    time.sleep(1.0)  # the page settled, the loop idle again
                page.close()
                result["edits"][lang] = {"runs": measured,
                                         "median_s": statistics.median(m["preview_s"] for m in measured)}
            browser.close()
    finally:
        stop.set()
        thread.join(120)
    return result


def table(results: list[dict]) -> str:
    lines = ["| scale | edit | save → page shows the word (median, runs) | save → pages published | "
             "of which the build's stages (the longest) | the build's CPU (to the pages published) | load | target |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for result in results:
        for lang, edit in result["edits"].items():
            runs = ", ".join(f"{m['preview_s']:.2f}" for m in edit["runs"])
            middle = sorted(edit["runs"], key=lambda m: m["preview_s"])[len(edit["runs"]) // 2]
            stages = ", ".join(f"{k} {v:.2f}" for k, v in sorted(middle["stages"].items(), key=lambda kv: -kv[1])[:4])
            target = TARGETS.get(result["scale"])
            verdict = f"≤ {target:g} s: {'met' if edit['median_s'] <= target else 'not met'}" if target else ""
            what = "English source" if lang == "en" else "Russian translation"
            lines.append(f"| x{result['scale']} | {what} | {edit['median_s']:.2f} s ({runs}) | "
                         f"{middle.get('published_s', 0):.2f} s | "
                         f"{middle['rebuild_s']:.2f} s ({stages}) | {middle['cpu_s']:.2f} s "
                         f"({middle.get('cpu_published_s', 0):.2f} s) | "
                         f"{middle['load']:.1f} | {verdict} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scales", type=int, nargs="+", default=[1, 100])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work", type=Path, help="where the projects are made (and kept, to be "
                        "measured again without a cold build); default: a temporary directory")
    parser.add_argument("--json", type=Path, default=HERE / "results" / "preview.json")
    parser.add_argument("--timeout", type=float, default=1800.0, help="per step, seconds")
    args = parser.parse_args()
    data = {"machine": machine(), "results": []}
    with tempfile.TemporaryDirectory(prefix="folio-preview-") as scratch:
        work = args.work or Path(scratch)
        for scale in args.scales:
            data["results"].append(measure(scale, work, args.runs, args.timeout))
    data["machine"]["load_after"] = [f"{x:.2f}" for x in os.getloadavg()]
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    m = data["machine"]
    print(f"\nMeasured on {m['date']}: {m['cpu']}, {m['cores']} cores, {m['ram_gb']} GB, Python "
          f"{m['python']}; load average {' '.join(m['load_before'])} before, "
          f"{' '.join(m['load_after'])} after.\n")
    print(table(data["results"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
