"""`folio serve`: the built site/ on a local port, as a reader's browser will see it."""

from __future__ import annotations

import contextlib
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


def serve(site_dir: Path, host: str = "127.0.0.1", port: int = 8000) -> None:
    with make_server(site_dir, host, port) as server:
        bound_host, bound_port = server.server_address[:2]
        if isinstance(bound_host, bytes):  # the socket layer's type; an IPv4 server gives str
            bound_host = bound_host.decode()
        print(f"serving {site_dir} at http://{bound_host}:{bound_port}/ (Ctrl-C stops)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
