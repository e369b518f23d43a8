"""`folio serve`'s rebuild loop: a save Folio cannot use prints its one line and the last good
site stays served until the next good save; a burst of saves builds once; the watched files are
the build's own inputs."""

from __future__ import annotations

import io
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from pipeline.core.diagnostics import Diagnostic
from pipeline.outcome import BuildResult
from pipeline.serve.loop import Loop, changed_findings
from pipeline.serve.watch import Saves
from pipeline.util.atomic import atomic_dirs
from serve_support import (  # noqa: F401 - the `project` fixture
    SOURCE,
    TRANSLATION,
    edited_project,
    folio_serve,
    removals_settled,
)

PAGE = "en/pop/pop-military-actions/"
RU_PAGE = "ru/pop/pop-military-actions/"
#: the translation's entry of "• Undock: ...", as the file has it
UNDOCK_RU = "    text: '• Выход из порта: Переместите любое число своих кораблей из портов в соседние морские зоны,"


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        assert response.status == 200
        return response.read().decode("utf-8")


def test_a_half_saved_translation_keeps_the_last_good_site_until_the_next_good_save(project):
    with folio_serve(project) as served:
        # the YAML broken where the editor stopped typing: an unclosed quote
        broken = UNDOCK_RU.replace("соседние", "смежные").rsplit("'", 1)[0] + "\n  pop:5.5/x: ['"
        mark = served.save(TRANSLATION, UNDOCK_RU, broken)
        report = served.terminal.wait_for("the last good site stays served", mark)
        error = [line for line in report.splitlines() if ": error: " in line]
        assert len(error) == 1 and error[0].startswith(f"{TRANSLATION}:"), report
        assert int(error[0].split(":")[1]) > 1  # the line the YAML broke at
        assert "Traceback" not in report
        page = _get(served.url + RU_PAGE)
        assert "в соседние морские зоны" in page and "смежные" not in page  # the last good site
        mark = served.save(TRANSLATION, broken, UNDOCK_RU.replace("соседние", "смежные"))
        served.terminal.wait_for("rebuilt in", mark)
        assert "в смежные морские зоны" in _get(served.url + RU_PAGE)


def test_a_source_that_no_longer_parses_names_its_line_and_the_site_stays(project):
    with folio_serve(project) as served:
        text = (project / SOURCE).read_text("utf-8")
        # saved in the middle of moving a section: its heading is there twice
        mark = served.save(SOURCE, "Optional Rule 2:", "5.5 Military Actions #\n\nOptional Rule 2:")
        report = served.terminal.wait_for("the last good site stays served", mark)
        line = text[:text.index("Optional Rule 2:")].count("\n") + 1
        assert f"{SOURCE}:{line}: error: two units would get the id 'pop:5.5'" in report, report
        assert "Undock" in _get(served.url + PAGE)
        mark = served.save(SOURCE, "5.5 Military Actions #\n\nOptional Rule 2:", "Optional Rule 2:")
        report = served.terminal.wait_for("unchanged in", mark)  # the site in place is of this very text
        mark = served.save(SOURCE, "adjacent", "neighbouring")
        served.terminal.wait_for("rebuilt in", mark)
        assert "neighbouring non-Hostile" in _get(served.url + PAGE)


def test_a_burst_of_saves_builds_once_with_the_last_one(project):
    with folio_serve(project) as served:
        mark = served.terminal.mark()
        path = project / SOURCE
        text = path.read_text("utf-8")
        for word in ("nearby", "bordering", "touching", "contiguous", "neighbouring"):
            path.write_text(text.replace("adjacent", word), "utf-8")  # one save every few milliseconds
        served.terminal.wait_for("rebuilt in", mark)
        time.sleep(2)  # a second rebuild, if the burst had made one, would have started by now
        report = served.terminal.text[mark:]
        assert report.count("rebuilt in") == 1 and "Traceback" not in report, report
        assert "neighbouring non-Hostile" in _get(served.url + PAGE)


def test_what_is_watched_is_what_the_build_reads(project):
    saves = Saves(project)
    saves.watch()
    try:
        assert saves.names == ("corpus", "mkdocs.yml", "templates/mkdocs")
        assert saves.watched(str(project / TRANSLATION)) == TRANSLATION
        assert saves.watched(str(project / "mkdocs.yml")) == "mkdocs.yml"
        assert saves.watched(str(project / "templates/mkdocs/partials/nav.html")) == "templates/mkdocs/partials/nav.html"
        # what a build writes is never an input: a rebuild cannot trigger the next
        assert saves.watched(str(project / "site/en/index.html")) is None
        assert saves.watched(str(project / "build/corpus.json")) is None
    finally:
        saves.stop()


def test_stopping_during_a_rebuild_leaves_the_watch_after_it_stopped(project):
    """Ctrl-C (or a test's stop) while a rebuild runs: the loop then asks to watch again, as it
    does after every rebuild; a watcher is never started again once stopped (it raised in the
    serve thread: a thread starts only once)."""
    saves = Saves(project)
    saves.watch()
    saves.stop()
    saves.watch()
    assert not saves._observer.is_alive()
    assert saves.wait(0.01) == []


def test_a_finding_moved_by_an_edit_above_it_is_neither_new_nor_gone():
    before = [Diagnostic(SOURCE, 12, "spell-unknown", "unknown word `Zanzibar`", unit="pop:5.5/x"),
              Diagnostic(SOURCE, 20, "spell-unknown", "unknown word `Quux`", unit="pop:5.5/y")]
    after = [Diagnostic(SOURCE, 13, "spell-unknown", "unknown word `Zanzibar`", unit="pop:5.5/x"),
             Diagnostic(SOURCE, 3, "spell-unknown", "unknown word `Quuux`", unit="pop:5.5/z")]
    assert changed_findings(before, after) == ([after[1]], [before[1]])


def test_folio_serve_on_the_command_line_builds_and_serves(project):
    (project / SOURCE).write_text((project / SOURCE).read_text("utf-8").replace("adjacent", "nearby"), "utf-8")
    server = subprocess.Popen([sys.executable, "-m", "pipeline", "--root", str(project), "serve", "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        url = server.stdout.readline().split(" at ")[1].split()[0]
        assert url.startswith("http://127.0.0.1:")
        assert server.stdout.readline().startswith("built in ")  # the edit made while it was not running
        page = _get(url + PAGE)
        assert "nearby non-Hostile" in page and '<script src="/.folio/preview.js"' in page
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_preview_serves_the_site_and_nothing_beside_it(project):
    import http.client

    with folio_serve(project) as served:
        host, port = served.url.removeprefix("http://").rstrip("/").split(":")
        for path in ("/../corpus/manifest.yaml", "/en/../../corpus/manifest.yaml", "/.folio/../../mkdocs.yml",
                     "/%2e%2e/corpus/manifest.yaml", "/.folio/findings.json"):  # the last: only with --findings
            connection = http.client.HTTPConnection(host, int(port), timeout=30)
            connection.request("GET", path)
            response = connection.getresponse()
            body = response.read()
            assert b"documents:" not in body and b"site_name" not in body, path
            assert response.status == 404, (path, response.status)
            connection.close()
        script = (project / "site" / "en" / "assets" / "folio" / "folio.js").read_text("utf-8")
        assert _get(served.url + "en/assets/folio/folio.js") == script  # only pages get the preview's script


def _waiting(thread: threading.Thread) -> bool:
    """Whether ``thread`` is blocked in an event's wait, by the frames it is running."""
    frame = sys._current_frames().get(thread.ident)
    while frame is not None:
        if frame.f_code is threading.Event.wait.__code__:
            return True
        frame = frame.f_back
    return False


def test_the_trees_a_rebuild_replaced_are_removed_after_it_not_during_it(tmp_path):
    """The serve loop's rebuild replaces site/; the site replaced stays beside, whole, until the
    rebuild is over, and is gone after it."""
    root = tmp_path / "project"
    site = root / "site"
    (site / "en" / "page").mkdir(parents=True)
    (site / "en" / "page" / "index.html").write_text("old", "utf-8")
    seen: list[tuple[bool, list[str], str]] = []

    def rebuild(root: Path, **_options) -> BuildResult:  # what build() does to site/ in a serve rebuild
        with atomic_dirs(site, remove_later=True) as (made,):
            (made / "index.html").write_text("new", "utf-8")
        removal = next(thread for thread in threading.enumerate() if thread.name.startswith("remove .site.old-"))
        # a tree this small is removed at once, unless its removal waits for the rebuild to end
        for _ in range(6000):
            if not removal.is_alive() or _waiting(removal):
                break
            removal.join(0.01)
        beside = [path for path in root.iterdir() if path != site]
        old = beside[0] / "en" / "page" / "index.html" if beside else None
        seen.append((removal.is_alive(), [path.name[:len(".site.old-")] for path in beside],
                     old.read_text("utf-8") if old is not None and old.exists() else ""))
        return BuildResult(None, root / "build")

    loop = Loop(root, out=io.StringIO(), builder=rebuild)
    assert loop.rebuild() is not None
    assert seen == [(True, [".site.old-"], "old")]
    removals_settled()
    assert [path.name for path in root.iterdir()] == ["site"]
    assert (site / "index.html").read_text("utf-8") == "new"
