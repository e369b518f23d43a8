"""Hostile and careless input (issue 13): every case is refused with one line naming the file
and the line, exit status 2, and build/, site/ and corpus/translations/ exactly as they were;
or, where the input is fine, it is read as meant. Each case runs on a copy of the real project,
built once with its website.

The parsers' linearity is in test_parsers_linear.py, the property-based tests of the reader,
the YAML loader and the PO reader in test_hostile_properties.py.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

import pipeline.util.atomic
from hostile_support import billion_laughs, copy_of, folio, line_of, shared_built_project, snapshot

RISTO = "corpus/sources/eu-ristos-events-period-1.en.txt"
HIS_WINTER = "corpus/sources/his-winter-phase-new-world.ru.txt"
POP = "corpus/sources/pop-military-actions.en.txt"
CHECKS = "corpus/checks.yaml"
MANIFEST = "corpus/manifest.yaml"


@dataclass
class Project:
    root: Path
    before: dict

    def write(self, rel: str, data: bytes | str) -> None:
        data = data if isinstance(data, bytes) else data.encode("utf-8")
        (self.root / rel).write_bytes(data)
        for kept, files in self.before.items():  # the input itself is the one change expected
            if rel.startswith(kept + "/"):
                files[rel[len(kept) + 1:]] = data

    def read(self, rel: str) -> bytes:
        return (self.root / rel).read_bytes()

    def refused(self, run, where: str, *words: str) -> None:
        """Exit 2, one line that starts with ``where`` (path:line) and holds ``words``, and
        nothing the project had changed, nor anything left beside it."""
        assert "Traceback" not in run.stderr, run.stderr
        assert run.returncode == 2, (run.returncode, run.stderr)
        assert len(run.stderr.splitlines()) == 1, run.stderr
        assert run.stderr.startswith(where), (where, run.stderr)
        for word in words:
            assert word in run.stderr, (word, run.stderr)
        self.unchanged()

    def unchanged(self) -> None:
        after = snapshot(self.root)
        assert after["."] == self.before["."], "something was left beside build/ and site/"
        for name in self.before:
            assert after[name] == self.before[name], f"{name} changed"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return shared_built_project(tmp_path_factory)[0]  # one build per session: cases copy it


@pytest.fixture
def project(built, tmp_path) -> Project:
    root = copy_of(built, tmp_path)
    return Project(root, snapshot(root))


# -- 1. an encoding is never guessed over valid UTF-8 ------------------------------------------

def test_one_latin1_byte_in_an_english_utf8_text_is_refused_at_its_line_and_column(project):
    data = project.read(RISTO)
    at = data.index("”America”".encode())
    project.write(RISTO, data[:at] + b"\xe9" + data[at:])
    line, col = line_of(data, at)
    project.refused(folio(project.root, "build"), f"{RISTO}:{line}:{col}: error: byte 0xe9 is "
                    "not UTF-8", "the file is UTF-8 elsewhere")


def test_a_russian_text_cut_inside_a_character_is_refused_at_its_end(project):
    data = project.read(HIS_WINTER)
    text = data.decode("utf-8")
    letter = max(n for n, ch in enumerate(text) if not ch.isascii())  # the last Cyrillic one
    last = len(text[:letter].encode())
    project.write(HIS_WINTER, data[:last + 1])  # the first of its two bytes
    line, col = line_of(data, last)
    project.refused(folio(project.root, "build"), f"{HIS_WINTER}:{line}:{col}: error: the file "
                    "ends inside a character")


def test_an_english_text_in_windows_1252_with_an_accent_is_refused_not_read_as_cyrillic(project):
    text = project.read(RISTO).decode("utf-8").replace("Treaty", "Traité", 1)
    project.write(RISTO, text.encode("cp1252"))
    line, col = line_of(text.encode("cp1252"), text.encode("cp1252").index(b"\xe9"), "cp1252")
    project.refused(folio(project.root, "build"), f"{RISTO}:{line}:{col}: error: byte 0xe9 is not "
                    "UTF-8; read as Windows-1251 it would be «й» in an English text")


def test_a_whole_russian_text_in_windows_1251_is_still_read(project):
    shown = folio(project.root, "show", "his:20.1").stdout
    project.write(HIS_WINTER, project.read(HIS_WINTER).decode("utf-8").encode("cp1251"))
    run = folio(project.root, "show", "his:20.1")
    assert run.returncode == 0, run.stderr
    assert run.stdout == shown and "Колонии" in shown


# -- 2. YAML aliases: refused at once, in every YAML file Folio reads ------------------------

YAML_FILES = [MANIFEST, "corpus/glossary.yaml", CHECKS, "corpus/rules/his.yaml",
              "corpus/rules/examples/vq-morisco-revolt.yaml",
              "corpus/translations/pop-military-actions.ru.yaml",
              "corpus/wordlists/confusables.yaml", "mkdocs.yml"]


@pytest.mark.parametrize("rel", YAML_FILES)
def test_a_billion_laughs_is_refused_at_its_first_alias(project, rel):
    text = project.read(rel).decode("utf-8").rstrip("\n") + "\n"
    bomb, first_alias = billion_laughs(as_list=isinstance(yaml.safe_load(text), list))
    project.write(rel, text + bomb)
    run = folio(project.root, "build", cpu_seconds=20)  # expanded, it costs minutes and gigabytes
    project.refused(run, f"{rel}:{text.count(chr(10)) + first_alias}: error: refused YAML: an "
                    "alias (*a0)")


def test_a_key_given_twice_is_refused_at_the_second(project):
    text = project.read(MANIFEST).decode("utf-8")
    entry = "  - key: his-power-rules\n"
    project.write(MANIFEST, text.replace(entry, entry + "    key: his-power-rules\n"))
    line = text[:text.index(entry)].count("\n") + 2
    project.refused(folio(project.root, "build"), f"{MANIFEST}:{line}: error: refused YAML: "
                    f"`key` is given twice in one mapping (first at line {line - 1})")


def test_nesting_past_any_file_s_need_is_refused_where_it_goes_too_deep(project):
    text = project.read(MANIFEST).decode("utf-8")
    deep = "documents:\n" + "".join("  " * n + "-\n" for n in range(1, 80))
    project.write(MANIFEST, text.replace("documents:\n", deep))
    line = text[:text.index("documents:\n")].count("\n") + 1 + 64  # the 65th level
    project.refused(folio(project.root, "build"), f"{MANIFEST}:{line}: error: refused YAML: "
                    "nested more than 64 levels deep")


def test_a_line_break_only_yaml_sees_does_not_shift_the_lines_named_after_it(project):
    # U+2028, pasted with a translation from a word processor, ends a line for YAML alone
    rel = "corpus/translations/pop-military-actions.ru.yaml"
    text = project.read(rel).decode("utf-8")
    first = next(line for line in text.split("\n") if line.startswith("  pop:5.5"))
    text = text.replace("Объявить войну", "Объявить\u2028войну", 1) + first + "\n"
    project.write(rel, text)
    line = text.count("\n")
    project.refused(folio(project.root, "build"), f"{rel}:{line}: error: refused YAML: "
                    f"`{first.strip().rstrip(':')}` is given twice")


# -- 5. build/ and site/ are swapped in together, or neither is --------------------------------

def test_a_build_that_cannot_place_build_leaves_build_and_site_as_they_were(project, monkeypatch):
    # build/ can be moved aside but the new one not put in its place: by then site/ is in
    source = project.read(POP).decode("utf-8")
    project.write(POP, source.replace("Declare War (1c) #", "Declare  War (1c) #"))
    project.before = snapshot(project.root)
    rename = os.rename

    def failing(src, dst):
        if Path(dst) == project.root / "build" and ".build.tmp-" in str(src):
            raise PermissionError(1, "Operation not permitted", str(dst))
        return rename(src, dst)

    monkeypatch.setattr(pipeline.util.atomic.os, "rename", failing)
    project.refused(folio(project.root, "build", cpu_seconds=120), str(project.root / "build"),
                    "cannot replace it: Operation not permitted (nothing was replaced)")


def test_an_immutable_build_directory_is_refused_and_site_stays_as_it_was(project):
    if shutil.which("chattr") is None or os.geteuid() != 0:
        pytest.skip("chattr +i needs root and e2fsprogs")
    source = project.read(POP).decode("utf-8")
    project.write(POP, source.replace("Declare War (1c) #", "Declare  War (1c) #"))
    project.before = snapshot(project.root)
    if subprocess.run(["chattr", "+i", str(project.root / "build")]).returncode != 0:
        pytest.skip("this file system has no immutable flag")
    try:
        run = folio(project.root, "build", cpu_seconds=120)
    finally:
        subprocess.run(["chattr", "-i", str(project.root / "build")], check=True)
    project.refused(run, str(project.root / "build"), "Operation not permitted")


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))


# -- 6. what a killed build leaves is cleared by the next one ----------------------------------

def test_the_next_build_clears_what_killed_builds_left_but_not_what_a_live_one_holds(project):
    env = _env()
    for _ in range(2):
        started = subprocess.Popen([sys.executable, "-m", "pipeline", "--root", str(project.root),
                                    "build", "--clean"], env=env, start_new_session=True,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while not (list(project.root.glob(".site.tmp-*")) and list(project.root.glob(".build.tmp-*"))) \
                and time.monotonic() < deadline:
            time.sleep(0.02)
        os.killpg(started.pid, signal.SIGKILL)  # the build and any worker it forked
        started.wait()
    left = sorted(p.name for p in project.root.iterdir() if p.name.startswith("."))
    assert left and any(name.startswith(".build.tmp-") for name in left), left
    (project.root / ".site.old-9f8e7d6c").mkdir()  # one killed as it replaced the previous site/
    (project.root / ".site.old-9f8e7d6c" / "index.html").write_text("old", "utf-8")
    live = project.root / ".build.tmp-held"  # another build, writing right now
    live.mkdir()
    with ExitStack() as held:
        fd = os.open(live, os.O_RDONLY)
        held.callback(os.close, fd)
        fcntl.flock(fd, fcntl.LOCK_EX)
        run = folio(project.root, "build")  # nothing changed: up to date, and still clearing
        assert run.returncode == 0 and run.stdout.startswith("up to date"), run.stderr
    assert sorted(p.name for p in project.root.iterdir() if p.name.startswith(".")) == [
        ".build.tmp-held"]



def test_a_replaced_tree_is_removed_by_a_process_of_its_own_and_what_a_killed_one_left_by_the_next(
        tmp_path, monkeypatch):
    # `folio build` leaves the replaced build/ and site/ to a detached remover (it does not wait);
    # here the remover is stopped in its tracks, as a kill or a shutdown would stop it
    target, began = tmp_path / "build", tmp_path / "remover"
    target.mkdir()
    (target / "old.txt").write_text("old", "utf-8")

    def stuck(old):  # what the forked remover runs
        began.write_text(str(os.getpid()), "utf-8")
        time.sleep(120)

    monkeypatch.setattr(pipeline.util.atomic, "_remove_between_builds", stuck)
    started = time.monotonic()
    with pipeline.util.atomic.atomic_dirs(target, detach=True) as (made,):
        (made / "new.txt").write_text("new", "utf-8")
    assert time.monotonic() - started < 30, "the build waited for its remover"
    monkeypatch.undo()
    assert [p.name for p in target.iterdir()] == ["new.txt"]
    deadline = time.monotonic() + 30
    while not began.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    remover = int(began.read_text("utf-8"))
    assert remover != os.getpid()
    (old,) = tmp_path.glob(".build.old-*")
    assert (old / "old.txt").read_text("utf-8") == "old"
    pipeline.util.atomic.clear_stale(target)  # another build's clean-up: the remover holds it
    assert old.exists()
    os.kill(remover, signal.SIGKILL)
    freed = False
    while not freed and time.monotonic() < deadline:  # its lock goes with it (init reaps it)
        with ExitStack() as held:
            freed = pipeline.util.atomic.hold(old, held) is True
        time.sleep(0.02)
    assert freed, "a killed remover holds its tree no longer"
    assert old.exists(), "left by the remover killed"
    with pipeline.util.atomic.atomic_dirs(target, detach=True) as (made,):  # the next build
        assert not old.exists(), "the next build removes what a killed remover left"
        (made / "newer.txt").write_text("newer", "utf-8")
    assert [p.name for p in target.iterdir()] == ["newer.txt"]
    while list(tmp_path.glob(".build.old-*")) and time.monotonic() < deadline:
        time.sleep(0.02)  # its own remover, not stopped this time, removes the tree it replaced
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build", "remover"]

# -- 7. nothing is created outside an existing project -----------------------------------------

def test_a_root_that_does_not_exist_is_not_created(tmp_path):
    missing = tmp_path / "nonexistent" / "deeper"
    run = subprocess.run([sys.executable, "-m", "pipeline", "--root", str(missing), "build"],
                         cwd=tmp_path, capture_output=True, text=True, env=_env())
    assert run.returncode == 2 and run.stderr.splitlines() == [
        f"{missing}: error: no such directory: --root names an existing project (the directory "
        "holding corpus/manifest.yaml)"]
    assert list(tmp_path.iterdir()) == []


def test_a_directory_that_holds_no_project_is_left_empty(tmp_path):
    run = folio(tmp_path, "build")
    assert run.returncode == 2 and run.stderr.startswith(f"{MANIFEST}: error: the manifest does "
                                                         "not exist"), run.stderr
    assert list(tmp_path.iterdir()) == []


# -- 8. unusable arguments: one line, exit 2; exit 1 still means "errors found" --------------

def test_serve_on_a_port_in_use_is_one_line(project):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        project.refused(folio(project.root, "serve", "--port", str(port)),
                        f"error: cannot listen on 127.0.0.1:{port}:", "Address already in use")


def test_serve_on_a_port_that_cannot_be_is_one_line(project):
    project.refused(folio(project.root, "serve", "--port", "99999"),
                    "error: --port 99999: a port is 0..65535")


def test_check_output_into_a_missing_directory_is_one_line_and_exit_1_keeps_its_meaning(project):
    out = project.root.parent / "reports"
    project.refused(folio(project.root, "check", "--output", str(out / "checks.txt")),
                    f"{out}: error: --output: the directory to write the report into does not exist")
    out.mkdir()
    run = folio(project.root, "check", "--format", "json", "--output", str(out / "checks.json"))
    assert run.returncode == 1, run.stderr  # the real corpus has errors: found, and reported
    assert any(d["severity"] == "error" for d in json.loads((out / "checks.json").read_text("utf-8")))


# -- 9. corpus/checks.yaml: a suppression names its place, or says "everywhere" --------------

REAL_SUPPRESSION = "his:21.3/sec-1/proc-1/step-4"


@pytest.mark.parametrize("entry, line, words", [
    ("  - code: typo-quote-direction\n    reason: the edition's quotes\n", 1,
     "needs a place: a `unit` id, or a `path` and a `line`; to suppress it in the whole corpus say "
     "so with `scope: everywhere`"),
    (f"  - code: typo-quote-direction\n    path: {RISTO}\n    reason: the edition's quotes\n", 1,
     "needs `line` with its `path`"),
    ("  - code: typo-quote-direction\n    unit: \"*\"\n    reason: the edition's quotes\n", 2,
     "would match any unit"),
    ("  - code: typo-quote-direction\n    scope: corpus\n    reason: the edition's quotes\n", 2,
     "`scope` can only be 'everywhere'"),
    ("  - code: typo-quote-direction\n    scope: everywhere\n    unit: eu-risto:1:I\n"
     "    reason: the edition's quotes\n", 2, "contradict each other"),
    ("  - code: typo-quote-direction\n    unit: eu-risto:1:I\n    unit: eu-risto:2:I\n"
     "    reason: the edition's quotes\n", 3, "`unit` is given twice"),
    (f"  - code: typo-quote-direction\n    path: {RISTO}\n    line: \"14\"\n"
     "    reason: the edition's quotes\n", 3, "`line` must be a line number"),
], ids=["code-and-reason-only", "path-without-line", "unit-matching-all", "unknown-scope",
        "scope-and-place", "duplicate-key", "line-as-text"])
def test_a_suppression_without_a_place_is_refused_at_its_line(project, entry, line, words):
    text = project.read(CHECKS).decode("utf-8")
    project.write(CHECKS, text + entry)
    at = text.count("\n") + line
    project.refused(folio(project.root, "check"), f"{CHECKS}:{at}: error:", words)


def test_scope_everywhere_suppresses_a_code_in_every_text(project):
    def quotes() -> list[dict]:
        run = folio(project.root, "check", "--only", "typography", "--format", "json")
        return [d for d in json.loads(run.stdout) if d["code"] == "typo-quote-direction"]

    assert quotes() and not any(d["suppressed"] for d in quotes())
    text = project.read(CHECKS).decode("utf-8")
    project.write(CHECKS, text + "  - code: typo-quote-direction\n    scope: everywhere\n"
                          "    reason: the editions' own quotes\n")
    assert quotes() and all(d["suppressed"] == "the editions' own quotes" for d in quotes())


def test_the_real_suppression_names_its_unit_and_still_holds(project):
    run = folio(project.root, "check", "--only", "parity", "--format", "json")
    assert run.returncode in (0, 1), run.stderr
    held = [d for d in json.loads(run.stdout) if d["unit"] == REAL_SUPPRESSION
            and d["code"] == "parity-term-missing"]
    assert held and all(d["suppressed"] for d in held)


# -- 10. `folio rules run`: one spelling of a number and of a truth value ----------------------

@pytest.mark.parametrize("inputs, words", [
    (("his.mary-i-impulse", "card_cp=2", "die=３"), "die='３': expected a whole number in ASCII digits"),
    (("his.mary-i-impulse", "card_cp=2", "die=1_0"), "die='1_0': expected a whole number"),
    (("eu-risto.hre-election", "bids=SPA:100,FRA:160", "charles_i=yes", "electorates=saxony:FRA"),
     "charles_i='yes': expected true or false"),
    (("eu-risto.hre-election", "bids=SPA:100,,FRA:160", "charles_i=true",
      "electorates=saxony:FRA"), "an empty item between commas"),
], ids=["full-width-digit", "underscore", "yes", "empty-list-item"])
def test_a_rule_input_in_another_spelling_is_refused(project, inputs, words):
    project.refused(folio(project.root, "rules", "run", *inputs), f"error: {inputs[0]}: ", words)


def test_a_rule_input_in_the_documented_spelling_runs(project):
    run = folio(project.root, "rules", "run", "eu-risto.hre-election", "bids=SPA:100,FRA:160",
                "charles_i=true", "electorates=saxony:FRA")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["rule"] == "eu-risto.hre-election"
    run = folio(project.root, "rules", "run", "his.mary-i-impulse", "card_cp=2", "die=-1")
    assert run.returncode == 2 and "die=-1: a die roll is 1..6" in run.stderr  # read, then judged


# -- 11. a rulebook cannot take a name the website keeps for itself ----------------------------

@pytest.mark.parametrize("name", ["assets", "search", "stylesheets", "javascripts"])
def test_a_rulebook_named_like_the_sites_own_files_is_refused_at_its_line(project, name):
    text = project.read(MANIFEST).decode("utf-8")
    line = text[:text.index("rulebook: pop")].count("\n") + 1
    project.write(MANIFEST, text.replace("rulebook: pop", f"rulebook: {name}"))
    project.refused(folio(project.root, "build"), f"{MANIFEST}:{line}: error: rulebook {name!r} is "
                    "a name the website keeps for its own pages and files")
