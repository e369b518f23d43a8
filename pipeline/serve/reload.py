"""The preview's web server: site/ as built, each HTML page with a script that shows the new page
when a rebuild succeeded (swapped in place, templates/serve/preview.js), back on the unit the
reader was on.

The script is added to a page as it is sent, by this server alone: nothing of it is ever written
into site/, so a published site carries none of it. As MkDocs' livereload does, the page asks
``/.folio/reload?since=N`` and the server answers once the site's epoch passed N (or after
``POLL`` seconds, and the page asks again): a long poll, one request per open page.

With ``findings`` (``folio serve --findings``) a page also lists, under each of its units, the
findings of that unit, read from ``/.folio/findings.json?lang=…``: a translator's view, which no
build writes either, in the page's language as the report says them (render/site/findings.py).
"""

from __future__ import annotations

import json
import os
import threading
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from ..core.diagnostics import Diagnostic
from ..core.model import LANGUAGES, Lang
from ..util import resources

#: the preview's own paths; a site's pages live under /en/ and /ru/, never here
PREFIX = "/.folio/"
#: seconds a long poll is held open before the page asks again
POLL = 30.0

#: the page's script (package data, pipeline/util/resources.py)
SCRIPT = "serve/preview.js"


class Preview(ThreadingHTTPServer):
    """Serves ``site_dir`` (its files as they are at each request: a rebuild swaps in a new
    site/ whole) and tells open pages when a newer site is in place."""

    daemon_threads = True

    def __init__(self, site_dir: Path, host: str = "127.0.0.1", port: int = 8000, *,
                 findings: bool = False) -> None:
        self.site_dir = Path(site_dir)
        self.show_findings = findings
        self.epoch = 0  # the site's version: raised after each successful rebuild
        self._diagnostics: list[Diagnostic] = []
        self._findings: dict[str, bytes] = {}  # by page language, made when a page first asks
        self._published = threading.Condition()
        self._closing = False
        super().__init__((host, port), _Handler)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host.decode() if isinstance(host, bytes) else host}:{port}/"

    def publish(self, diagnostics: list[Diagnostic]) -> None:
        """A rebuild put a new site in place: every open page reloads."""
        with self._published:
            self._diagnostics, self._findings = list(diagnostics), {}
            self.epoch += 1
            self._published.notify_all()

    def findings_json(self, lang: str = Lang.EN) -> bytes:
        """The findings under each unit, in words of ``lang`` (the page's): rendered when a
        page in that language first asks after a rebuild, not on every rebuild."""
        lang = lang if lang in LANGUAGES else Lang.EN
        with self._published:
            diagnostics, made = self._diagnostics, self._findings.get(lang)
        if made is None:
            from ..render.site.findings import preview  # the renderer's words: loaded once a page asks

            made = json.dumps(preview(diagnostics, lang), ensure_ascii=False).encode("utf-8")
            with self._published:
                if diagnostics is self._diagnostics:  # still the latest rebuild's
                    self._findings[lang] = made
        return made

    def wait_newer(self, since: int, timeout: float = POLL) -> int:
        with self._published:
            self._published.wait_for(lambda: self.epoch > since or self._closing, timeout)
            return self.epoch

    def server_close(self) -> None:
        with self._published:
            self._closing = True  # the long polls answer now, not in POLL seconds
            self._published.notify_all()
        super().server_close()


class _Handler(SimpleHTTPRequestHandler):
    server: Preview

    def __init__(self, request, client_address, server: Preview) -> None:
        super().__init__(request, client_address, server, directory=str(server.site_dir))

    def log_message(self, format, *args) -> None:
        pass  # the terminal is for the rebuilds and their findings

    def do_GET(self) -> None:
        route = urlsplit(self.path).path
        if route.startswith(PREFIX):
            return self._own(route.removeprefix(PREFIX))
        path = self.translate_path(self.path)  # inside the site: ".." and drive parts dropped
        if os.path.isdir(path) and route.endswith("/"):
            path = os.path.join(path, "index.html")
        if path.endswith(".html") and os.path.isfile(path):
            try:
                page = Path(path).read_bytes()
            except OSError:  # swapped away between the check and the read: the next one is there
                return self.send_error(HTTPStatus.NOT_FOUND)
            return self._send(with_script(page, self.server.epoch, self.server.show_findings),
                              "text/html; charset=utf-8")
        return super().do_GET()

    def _own(self, name: str) -> None:
        if name == "reload":
            since = parse_qs(urlsplit(self.path).query).get("since", ["0"])[0]
            epoch = self.server.wait_newer(int(since) if since.isdigit() else 0)
            return self._send(str(epoch).encode(), "text/plain; charset=utf-8")
        if name == "preview.js":
            return self._send((resources.templates() / SCRIPT).read_bytes(), "text/javascript; charset=utf-8")
        if name == "findings.json" and self.server.show_findings:
            lang = parse_qs(urlsplit(self.path).query).get("lang", [Lang.EN])[0]
            return self._send(self.server.findings_json(lang), "application/json")
        return self.send_error(HTTPStatus.NOT_FOUND)

    def _send(self, body: bytes, content_type: str) -> None:
        try:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")  # a reload shows the new site, never a kept page
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the page went away (closed, reloaded) while it waited: nobody left to tell


def with_script(page: bytes, epoch: int, findings: bool) -> bytes:
    """The page with the preview's script before its ``</body>``."""
    tag = (f'<script src="{PREFIX}preview.js" data-epoch="{epoch}"'
           f'{" data-findings" if findings else ""} defer></script>').encode()
    end = page.rfind(b"</body>")
    return page[:end] + tag + page[end:] if end >= 0 else page + tag
