"""A small static file server for the game, shared by tools/serve.py and the tests.

The standard library server is enough for a static page, but it must send the
right types for ES modules and WebAssembly, and it must not let a browser keep a
stale copy of our own files while someone is developing.
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path
from typing import Any

from tools import pyfiles

ROOT = Path(__file__).resolve().parent.parent

EXTRA_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".toml": "text/plain",
    ".py": "text/plain",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
}


class GameRequestHandler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Set before the base class handles the request (it does so inside __init__).
        self.extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **EXTRA_TYPES}
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:
        # The development server makes sw.js and the Python archive from the files on
        # disk, so they always match them; a built site has real files.
        if Path(self.directory) == ROOT:
            path = self.path.split("?")[0].split("#")[0]
            if path == "/sw.js":
                from tools.site import service_worker

                self.send_built(service_worker().encode(), "text/javascript")
                return
            if path == f"/{pyfiles.ARCHIVE}":
                self.send_built(pyfiles.current_archive(), "application/zip")
                return
        super().do_GET()

    def send_built(self, body: bytes, content_type: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        if self.server.quiet:  # type: ignore[attr-defined]
            return
        super().log_message(format, *args)


class GameServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    quiet = False


def make_server(host: str = "127.0.0.1", port: int = 8000, root: Path = ROOT, quiet: bool = False) -> GameServer:
    handler = functools.partial(GameRequestHandler, directory=str(root))
    server = GameServer((host, port), handler)
    server.quiet = quiet
    return server


def serve_in_background(root: Path = ROOT) -> tuple[GameServer, str]:
    """Start a quiet server on a free loopback port; return it and its base URL."""
    server = make_server(port=0, root=root, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host!s}:{port}/"
