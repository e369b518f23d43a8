"""The built site/ on a local port, as a reader's browser will see it (the tests' server;
`folio serve` adds the rebuild and the reload: pipeline/serve/)."""

from __future__ import annotations

import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass  # one line per request buries what matters in a terminal


def make_server(site_dir: Path, host: str = "127.0.0.1", port: int = 8000,
                quiet: bool = False) -> ThreadingHTTPServer:
    """A server for ``site_dir`` (port 0: any free port, see ``server.server_address``)."""
    handler = functools.partial(_Quiet if quiet else SimpleHTTPRequestHandler,
                                directory=str(site_dir))
    return ThreadingHTTPServer((host, port), handler)
