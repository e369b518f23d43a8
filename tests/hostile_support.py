"""Helpers of the hostile-input tests: a built copy of the real project, `folio` run in this
process under a CPU budget, and hostile inputs made from the real texts.

The CLI runs in-process (pipeline.cli.main, as `python -m pipeline` runs it) so that a case costs
what Folio spends on it rather than a fresh interpreter loading spaCy; what escapes main() is
reported as the traceback a user would have seen. A CPU budget turns a regression into a billion
laughs or a quadratic parse into a failed test instead of a machine that swaps.
"""

from __future__ import annotations

import io
import re
import shutil
import signal
import traceback
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from conftest import REPO, Run, copy_corpus, tree_bytes
from pipeline.cli import main
from pipeline.core.model import Document
from pipeline.parse import gmt_rulebook

#: what a refused command must leave exactly as it was
KEPT = ("build", "site", "corpus/translations")


class OverBudget(BaseException):
    """Out of CPU time: a BaseException, so that no `except Exception` in Folio swallows it."""


def make_project(dest: Path) -> Path:
    """A copy of the real corpus with the website's configuration: `folio build` makes build/
    and site/ from it, as in the repository."""
    copy_corpus(dest)
    shutil.copy(REPO / "mkdocs.yml", dest / "mkdocs.yml")
    shutil.copytree(REPO / "templates" / "mkdocs", dest / "templates" / "mkdocs")
    return dest


_BUILT: list[tuple[Path, object]] = []


def shared_built_project(tmp_path_factory) -> tuple[Path, object]:
    """``make_project`` built once per session (whichever module asks first), and its
    BuildResult: the modules that only copy it or read it share one full build of the real
    project. Never edit it in place: ``copy_of`` it first."""
    from pipeline.build import build

    if not _BUILT:
        root = make_project(tmp_path_factory.mktemp("built") / "project")
        result = build(root)
        assert result.site == root / "site"
        _BUILT.append((root, result))
    return _BUILT[0]


def copy_of(built: Path, tmp_path: Path) -> Path:
    """A copy of a built project, its symlinks kept as links (a case may plant one)."""
    return Path(shutil.copytree(built, tmp_path / "project", symlinks=True))


def snapshot(root: Path) -> dict[str, dict[str, bytes]]:
    """Every byte of build/, site/ and corpus/translations/, and the names at the top of the
    project (a leftover `.build.tmp-*` shows there)."""
    found = {name: tree_bytes(root / name) for name in KEPT}
    found["."] = {path.name: b"" for path in root.iterdir()}
    return found


def folio(root: Path, *args: str, cpu_seconds: float = 30) -> Run:
    """`folio --root ROOT ARGS...` in this process; a traceback lands in stderr, as it would."""
    out, err = io.StringIO(), io.StringIO()

    def over(signum, frame):
        raise OverBudget(f"folio {' '.join(args)} used more than {cpu_seconds} s of CPU")

    previous = signal.signal(signal.SIGPROF, over)
    signal.setitimer(signal.ITIMER_PROF, cpu_seconds)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(["--root", str(root), *args])
    except SystemExit as exc:  # argparse refusing an argument
        code = exc.code
    except OverBudget:
        raise
    except BaseException:
        err.write(traceback.format_exc())
        code = 1
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
    return Run(code, out.getvalue(), err.getvalue())


def billion_laughs(as_list: bool, levels: int = 9) -> tuple[str, int]:
    """The classic alias bomb, as mapping entries or list items to append to a file, and the
    line (of the appended text, 1-based) of its first alias."""
    lines = ['&a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"&a{n} [" + ",".join([f"*a{n - 1}"] * 9) + "]" for n in range(1, levels)]
    lines = [("- " if as_list else f"lol{n}: ") + line for n, line in enumerate(lines)]
    return "\n".join(lines) + "\n", 2


def scaled_source(document: Document, megabytes: float) -> bytes:
    """The document's real text repeated to ``megabytes``, each copy renumbered so that every
    unit id stays unique: a period, a rule number of its own."""
    lines = (REPO / document.source).read_text("utf-8").split("\n")
    copies = int(megabytes * 2**20 / len("\n".join(lines).encode())) + 1
    if document.parser == "risto-events":
        renumbered = {n: line for n, line in enumerate(lines) if re.match(r"Period I\b", line)}
        numbered = lambda line, n: re.sub(r"^Period I\b", f"Period {_period(n)}", line)  # noqa: E731
    elif document.parser == "pop-rulebook":
        renumbered = {n: line for n, line in enumerate(lines) if line.startswith("5.5 ")}
        numbered = lambda line, n: f"{_rule(n)} {line[4:]}"  # noqa: E731
    else:  # gmt-rulebook: its numbered rules under a rule of the copy's own
        lines = ["0. ПРОДОЛЖЕНИЕ", *lines]
        renumbered = {n: line for n, line in enumerate(lines) if gmt_rulebook._numbered_heading(line)}
        numbered = lambda line, n: (f"{_rule(n)}{line[1:]}" if line.startswith("0. ")  # noqa: E731
                                    else f"{_rule(n)}.{line}")
    out: list[str] = []
    for n in range(copies):
        copy = list(lines)
        for index, line in renumbered.items():
            copy[index] = numbered(line, n)
        out += copy
    return ("\n".join(out) + "\n").encode()


def _rule(n: int) -> str:
    return f"{n // 999 + 1}.{n % 999 + 1}"


def _period(n: int) -> str:
    """A distinct period name for every copy, in the letters a period heading may use."""
    letters, name, n = "IVXL", "", n + 1
    while n:
        name, n = letters[n % 4] + name, n // 4
    return name


def line_of(data: bytes, offset: int, encoding: str = "utf-8") -> tuple[int, int]:
    """The 1-based line and column (in characters) of byte ``offset``."""
    start = data.rfind(b"\n", 0, offset) + 1
    return data.count(b"\n", 0, offset) + 1, len(data[start:offset].decode(encoding)) + 1


@pytest.fixture(name="folio", scope="module")
def folio_in_process():
    """`folio --root ROOT ARGS...` run in this process (:func:`folio`), under a CPU budget: a
    case costs what the command does, not an interpreter's start. A test module imports it to
    have its `folio` fixture (tests/conftest.py's runs a subprocess) run in this process."""
    return folio
