"""Replace output directories all at once, or not at all, and clear what killed builds left.

A reader of build/ (or site/) must never see half of one build and half of the next, a failed
build must leave the last good output where it was, and build/ and site/ must never come from
two different builds. So everything is written into fresh sibling directories, which replace
their targets together: each target is renamed aside, then each new directory renamed into
place, and a rename that fails undoes those before it. Renames within one directory are atomic
on POSIX file systems; copying is not.

A build that is killed leaves its siblings behind (``.build.tmp-*``, ``.build.old-*``, ...). So
the process that makes or moves a sibling holds it under flock(2) for as long as it needs it;
the kernel drops the lock when the process ends, however it ends, and the next build removes
every sibling that nobody holds.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import os
import re
import secrets
import shutil
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from ..core.errors import FolioError

_KINDS = ("tmp", "old")  # a new tree being written, a replaced one being removed
_FULL = (errno.ENOSPC, errno.EDQUOT)

#: set while the threads of ``remove_later`` may go on removing; cleared by :func:`removals_held`
_MAY_REMOVE = threading.Event()
_MAY_REMOVE.set()


@contextmanager
def atomic_dirs(*targets: Path, remove_later: bool = False, detach: bool = False) -> Iterator[list[Path]]:
    """Yield an empty directory per target; on a clean exit they replace their targets, all of
    them or (on an error, raised as FolioError) none; else they are removed. The trees replaced
    are removed before this returns, or, ``remove_later``, by a thread that holds them while it
    does (the process waits for it before it exits): at x100 removing the previous build/ and
    site/ is seconds a preview's reader need not wait for; or, ``detach``, by a process of their
    own that outlives this one (:func:`_remove_detached`), which `folio build` need not wait
    for either. They are siblings by then, never the target: a reader of the target sees the
    new tree whole."""
    targets = tuple(Path(target) for target in targets)
    for target in targets:
        check_target(target)
    clear_stale(*targets)
    with ExitStack() as held:
        made = [claim_sibling(target, "tmp", held) for target in targets]
        try:
            yield made
            replaced = _swap(made, targets, held)
        except OSError as exc:
            for tmp in made:
                shutil.rmtree(tmp, ignore_errors=True)
            if exc.errno in _FULL and not exc.filename:  # a write names no file: its directory
                written = " and ".join(f"{target.name}/" for target in targets)
                raise FolioError(f"{exc.strerror} while writing {written} here: nothing was replaced",
                                 path=str(targets[0].parent)) from None
            raise
        except BaseException:
            for tmp in made:
                shutil.rmtree(tmp, ignore_errors=True)
            raise
    # the lock on each replaced tree is let go here; a thread takes it again before removing
    if detach and not remove_later and replaced and _remove_detached(replaced):
        return
    for old in replaced:
        if remove_later:
            remove_in_background(old)
        else:
            shutil.rmtree(old, ignore_errors=True)


def check_target(target: Path) -> None:
    """Refuse a target that cannot be replaced by a directory written beside it."""
    if target.exists() and not target.is_dir():
        raise FolioError("exists and is not a directory: refusing to replace it", path=str(target))
    if not target.parent.is_dir():  # never create a project (or its parents) by writing into it
        raise FolioError("the directory to write into does not exist", path=str(target.parent))


def remove_in_background(old: Path) -> None:
    """Remove a sibling no longer wanted by a thread that holds it meanwhile (the process waits
    for it before it exits)."""
    threading.Thread(target=_remove_held, args=(old,), name=f"remove {old.name}").start()


@contextmanager
def removals_held() -> Iterator[None]:
    """Within it, the replaced trees wait to be removed (`folio serve`'s rebuilds). At x100 a
    build/ and site/ replaced are ~18,000 files and ~5,600 directories: their removal, in this
    process, took 0.7 to 0.8 s of CPU and, on a loaded machine, 10 to 15 s of wall time, so it
    ran on into the next save's rebuild, sharing its interpreter (the GIL) and its cores until
    that rebuild's pages were published. It goes on once the rebuild is over."""
    _MAY_REMOVE.clear()
    try:
        yield
    finally:
        _MAY_REMOVE.set()


def _remove_held(old: Path) -> None:
    """Remove a replaced tree, holding it meanwhile so that another build's clean-up leaves it
    be; one another process holds already is that process's to remove."""
    with ExitStack() as held:
        if hold(old, held, wait=60) is not False:
            _remove_between_builds(old)


def _remove_between_builds(old: Path) -> None:
    """``shutil.rmtree(old, ignore_errors=True)``, one directory at a time, each once no
    rebuild holds the removals (:func:`removals_held`)."""
    for top, dirs, files in os.walk(old, topdown=False):
        _MAY_REMOVE.wait()
        for name in files:
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(top, name))
        for name in dirs:  # emptied already (walked bottom-up), or a link to a directory
            path = os.path.join(top, name)
            with contextlib.suppress(OSError):
                os.unlink(path) if os.path.islink(path) else os.rmdir(path)
    _MAY_REMOVE.wait()
    shutil.rmtree(old, ignore_errors=True)  # what is left: the top, or what the walk could not list


def _remove_detached(trees: list[Path]) -> bool:
    """Remove the replaced ``trees`` in a process that outlives this one: at x100 the previous
    build/ and site/ are 5,670 directories, seconds of a one-word edit's rebuild that the user
    would wait for, and whose names are siblings already. The remover is forked twice (init
    reaps it, this process waits for the first fork only), in a session of its own (a Ctrl-C
    at the terminal is this command's), with none of this process's files open (a reader of
    its output until the end, as a pipe, does not wait for it, and it holds none of its locks);
    it holds each tree while it removes it, so another build's :func:`clear_stale` leaves it
    be, and one killed before it is done leaves an unheld sibling the next build removes.
    False when no process can be forked: the caller removes them."""
    try:
        pid = os.fork()
    except OSError:
        return False
    if pid:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)
        return True
    try:  # the first fork: only forks the remover, or removes them itself (the caller waits)
        os.setsid()
        if os.fork():
            os._exit(0)
    except OSError:
        pass
    try:
        blank = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(blank, fd)
        os.closerange(3, os.sysconf("SC_OPEN_MAX"))  # forked: POSIX
        for old in trees:
            _remove_held(old)
    finally:
        os._exit(0)  # nothing of the parent's: no atexit handler, no flush of its buffers


@contextmanager
def atomic_dir(target: Path) -> Iterator[Path]:
    """Yield an empty directory; on a clean exit it becomes ``target``, else it is removed."""
    with atomic_dirs(target) as (made,):
        yield made


def clear_stale(*targets: Path) -> None:
    """Remove the siblings of ``targets`` that a build left and no living process holds."""
    for target in targets:
        target = Path(target)
        if not target.parent.is_dir():
            continue
        prefixes = tuple(f".{target.name}.{kind}-" for kind in _KINDS)
        for path in target.parent.iterdir():
            if path.name.startswith(prefixes) and path.is_dir() and not path.is_symlink():
                with ExitStack() as held:
                    if hold(path, held) is True:
                        shutil.rmtree(path, ignore_errors=True)


def claim_sibling(target: Path, kind: str, held: ExitStack) -> Path:
    """A new empty sibling of ``target`` (``kind``: "tmp" or "old"), held until ``held`` closes."""
    # A sibling, not a child: the new tree must sit on the same file system as the target
    # for rename to be atomic, and must not be inside the directory it replaces.
    for _ in range(100):
        candidate = target.parent / f".{target.name}.{kind}-{secrets.token_hex(4)}"
        try:
            candidate.mkdir()  # honours the umask, unlike tempfile.mkdtemp's 0700
        except FileExistsError:
            continue
        except OSError as exc:
            raise FolioError(f"cannot write beside it: {exc.strerror}", path=str(target)) from None
        if hold(candidate, held) is not False:
            return candidate
        # another build's clean-up took it for stale in the instant before the lock: it
        # removes it, and this build takes another name
    raise FolioError("cannot hold a directory to write into", path=str(target))


def hold(path: Path, held: ExitStack, wait: float = 0, *, directory: bool = True) -> bool | None:
    """Hold an exclusive flock on the directory (or, not ``directory``, the file) at ``path``
    until ``held`` closes, waiting up to ``wait`` seconds for another process to let go. False:
    another process holds it, or ``path`` is no longer what was locked; None: the file system
    has no flock, so no process can be told to keep off."""
    try:
        fd = os.open(path, os.O_RDONLY | (os.O_DIRECTORY if directory else os.O_NOFOLLOW))
    except OSError:
        return False
    held.callback(os.close, fd)
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)
        except OSError:
            return None
    try:  # the lock is on what was opened; the name may have been taken away meanwhile
        return os.stat(path).st_ino == os.fstat(fd).st_ino
    except OSError:
        return False


def _swap(made: list[Path], targets: tuple[Path, ...], held: ExitStack) -> list[Path]:
    """Rename the targets aside and ``made`` into their places; the trees replaced."""
    done: list[tuple[Path, Path]] = []  # (from, to) renames, undone in reverse on a failure
    target = targets[0]
    try:
        for target in targets:
            if target.exists():
                # held before it becomes a sibling; another build holds it only in the instant
                # it swaps in its own, and one that does not let go is given up on
                if hold(target, held, wait=30) is False:
                    raise BlockingIOError(0, "another `folio build` is replacing it right now")
                old = _unused(target, "old")
                os.rename(target, old)
                done.append((target, old))
        for new, target in zip(made, targets, strict=True):
            os.rename(new, target)
            done.append((new, target))
    except OSError as exc:
        for source, destination in reversed(done):
            # the rest are still undone; a leftover sibling is cleared by the next build
            with contextlib.suppress(OSError):
                os.rename(destination, source)
        raise FolioError(f"cannot replace it: {exc.strerror} (nothing was replaced)",
                         path=str(target)) from None
    return [old for source, old in done if source in targets]


def exchange_dirs(new: Path, target: Path, held: ExitStack) -> Path | None:
    """Put the directory ``new`` in ``target``'s place (`folio serve`'s spare site,
    pipeline/util/spare.py); the tree replaced, a sibling now, held until ``held`` closes. On
    Linux one rename(2) exchanges the two (no instant without a ``target``) and the tree replaced
    takes ``new``'s name; else ``target`` is renamed aside and ``new`` into its place, as
    :func:`atomic_dirs` swaps its trees in (a failure undoes both: nothing replaced). None:
    there was no ``target``, or another build's clean-up took the tree replaced in the instant
    before it was held."""
    if target.exists() and _renameat2 is not None and \
            _renameat2(_AT_FDCWD, os.fsencode(new), _AT_FDCWD, os.fsencode(target), _RENAME_EXCHANGE) == 0:
        return new if hold(new, held) is not False else None
    replaced = _swap([new], (target,), held)  # the target held before it was renamed aside
    return replaced[0] if replaced else None


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _libc_renameat2():
    if not sys.platform.startswith("linux"):
        return None
    try:
        function = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    function.restype = ctypes.c_int
    return function


_renameat2 = _libc_renameat2()


def _unused(target: Path, kind: str) -> Path:
    while True:
        candidate = target.parent / f".{target.name}.{kind}-{secrets.token_hex(4)}"
        if not candidate.exists():
            return candidate


def write_files_atomic(files: dict[Path, str]) -> None:
    """Write several text files so that a failure leaves every one of them as it was.

    All new contents go to temporary siblings first (``.NAME.tmp-*``, each held under flock
    while it exists); only when all are on disk are they renamed over their targets (each
    rename atomic), so a reader never sees a half file. A process killed before it renamed
    them leaves its siblings: :func:`clear_stale_files` removes them.
    """
    staged: list[tuple[Path, Path]] = []
    target, replacing = None, False
    with ExitStack() as held:
        try:
            for target, text in files.items():
                target.parent.mkdir(parents=True, exist_ok=True)
                tmp = target.parent / f".{target.name}.tmp-{secrets.token_hex(4)}"
                handle = tmp.open("x", encoding="utf-8", newline="\n")
                held.callback(handle.close)
                staged.append((tmp, target))  # before writing: a full disk leaves no sibling
                # no flock on this file system: a later clean-up may not tell it is live
                with contextlib.suppress(OSError):
                    fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                handle.write(text)
                handle.flush()
            replacing = True
            for tmp, target in staged:
                os.replace(tmp, target)
        except OSError as exc:
            raise FolioError(f"cannot write it: {exc.strerror}" + (
                "" if replacing else " (no file was replaced)"), path=str(target)) from None
        finally:
            for tmp, _ in staged:
                tmp.unlink(missing_ok=True)


def clear_stale_files(directory: Path) -> list[str]:
    """Remove the ``.NAME.tmp-*`` siblings that :func:`write_files_atomic` left in ``directory``
    when its process was killed (or the disk filled), but those a living process holds; their
    names."""
    removed: list[str] = []
    if not Path(directory).is_dir():
        return removed
    for path in sorted(Path(directory).iterdir()):
        if not _STALE_FILE.match(path.name) or path.is_symlink() or not path.is_file():
            continue
        with ExitStack() as held:
            if hold(path, held, directory=False) is True:
                path.unlink(missing_ok=True)
                removed.append(path.name)
    return removed


_STALE_FILE = re.compile(r"^\..+\.tmp-[0-9a-f]{8}$")


def write_text_atomic(target: Path, text: str) -> None:
    write_files_atomic({Path(target): text})
