"""Folio's own templates (the site's pages, the aids) compiled once per process, not once per build.

Each build makes its Jinja2 environments afresh (one per language, with that language's
catalog), and an environment compiles every template it loads: on `folio serve` that was a fifth
of a rebuild's CPU after a one-word edit, the same templates compiled again on every save. The
compiled code is kept here, in memory, one store per kind of environment (the options an
environment is made with decide the code: the site's and the aids' differ), and Jinja2 checks
each kept template against its source as it loads it: a template edited since is compiled again.

Nothing is written to disk, so nothing read back here can have been planted (the MkDocs
theme's templates, kept on disk between processes, are sealed: render/site/mkdocs_adapter.py).
A process forked by :mod:`pipeline.util.workers` inherits what its parent compiled:
:func:`warm` compiles an environment's templates before the pages are rendered on other cores.
"""

from __future__ import annotations

import threading

from jinja2 import BytecodeCache, Environment
from jinja2.bccache import Bucket

#: the compiled templates of each kind of environment, by Jinja2's key of the template
_KEPT: dict[str, dict[str, bytes]] = {}
_LOCK = threading.Lock()


class Kept(BytecodeCache):
    """The compiled templates of the environments of one ``kind``, kept for this process."""

    def __init__(self, kind: str) -> None:
        with _LOCK:
            self.code = _KEPT.setdefault(kind, {})

    def load_bytecode(self, bucket: Bucket) -> None:
        data = self.code.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)  # dropped by Jinja2 when the source changed since

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        self.code.clear()


def kept(env: Environment, kind: str) -> Environment:
    """``env``, its templates compiled once per process with every other environment of ``kind``
    (environments of one kind are made with the same options)."""
    env.bytecode_cache = Kept(kind)
    return env


def warm(env: Environment, suffix: str = ".html") -> None:
    """Compile every template of ``env`` whose name ends with ``suffix`` now (what is kept
    already is only checked against its source)."""
    for name in env.list_templates(filter_func=lambda name: name.endswith(suffix)):
        env.get_template(name)
