"""A small static file server for the game, shared by tools/serve.py and the tests.

The standard library server is enough for a static page, but it must send the
right types for ES modules and WebAssembly, it must not let a browser keep a
stale copy of our own files while someone is developing, and it must serve the
game and nothing else of the machine it runs on.
"""

from __future__ import annotations

import functools
import http.server
import os
import posixpath
import threading
import time
from http import HTTPStatus
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

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


LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
BUILT = "sw.js"
"""Made by the development server from the files on disk, as the compressed files of
``tools/site.py``'s ``packed_files`` are (a built site has them as files)."""


def host_name(header: str | None) -> str | None:
    """The name in a Host header, without its port (``[::1]:8000`` -> ``::1``).

    >>> host_name("127.0.0.1:8000"), host_name("[::1]:80"), host_name("Example.org")
    ('127.0.0.1', '::1', 'example.org')
    """
    if not header:
        return None
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].partition("]")[0]
    return header.rpartition(":")[0] if header.count(":") == 1 else header


_published: dict[tuple[str, int], frozenset[str]] = {}


def published_files(root: Path) -> frozenset[str]:
    """``tools/site.py``'s list of the site's files, listed again at most once a
    second (a page load asks for about twenty files; a new file shows up at once)."""
    from tools.site import site_files

    stamp = (str(root), int(time.monotonic()))
    if stamp not in _published:
        _published.clear()
        _published[stamp] = frozenset(site_files(root))
    return _published[stamp]


class GameRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the game's files and nothing else.

    A page on another site can make the browser ask for ``http://127.0.0.1:8000/``
    (by DNS rebinding, under a name that resolves to this machine): the Host header
    must be a name of the server. Paths leaving the folder through a symlink, hidden
    files (``.git``) and folder listings are refused; with ``site_only`` (the
    development server) so is every file that is not part of the published site
    (``tools/site.py``'s list), so ``.venv`` or ``node_modules`` are never served.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Set before the base class handles the request (it does so inside __init__).
        self.extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **EXTRA_TYPES}
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:
        if self.host_allowed() and not self.answered_built(head=False):
            super().do_GET()

    def do_HEAD(self) -> None:
        if self.host_allowed() and not self.answered_built(head=True):
            super().do_HEAD()

    def answered_built(self, head: bool) -> bool:
        """Answer a file the development server makes from the files on disk, so that it
        always matches them (a built site has real files): sw.js, and the compressed
        files of ``tools/site.py`` (the Python archive, the catalogs). True if answered."""
        if Path(self.directory) != ROOT:
            return False
        from tools.site import file_bytes, packed_files, service_worker

        path = self.path.split("?")[0].split("#")[0]
        if path == "/sw.js":
            self.send_built(service_worker().encode(), "text/javascript", head)
        elif path.lstrip("/") in packed_files():
            self.send_built(file_bytes(path.lstrip("/")), self.guess_type(path), head)
        else:
            return False
        return True

    def host_allowed(self) -> bool:
        name = host_name(self.headers.get("Host"))
        if name in self.server.hosts:  # type: ignore[attr-defined]
            return True
        self.send_error(HTTPStatus.MISDIRECTED_REQUEST, "This server answers only to its own address.")
        return False

    def send_head(self) -> Any:
        if not self.path_allowed():
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        return super().send_head()

    def path_allowed(self) -> bool:
        name = posixpath.normpath(unquote(urlsplit(self.path).path)).lstrip("/")
        name = "" if name == "." else name
        if any(part.startswith(".") for part in name.split("/")):
            return False
        root = os.path.realpath(self.directory)
        real = os.path.realpath(self.translate_path(self.path))
        if real != root and not real.startswith(root + os.sep):
            return False  # a symlink out of the folder
        if self.server.site_only:  # type: ignore[attr-defined]
            return name in ("", "index.html", BUILT) or name in published_files(Path(self.directory))
        return True

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")

    def send_built(self, body: bytes, content_type: str, head: bool = False) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        answered = self.server.answered  # type: ignore[attr-defined]
        if answered is not None:
            answered.append((self.command, urlsplit(self.path).path, int(code)))
        super().log_request(code, size)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        if self.server.quiet:  # type: ignore[attr-defined]
            return
        super().log_message(format, *args)


class GameServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    quiet = False
    site_only = True
    hosts: frozenset[str] = LOOPBACK_NAMES
    answered: list[tuple[str, str, int]] | None = None
    """Every request answered, as (method, path, status), when a test asks for the log."""


def make_server(
    host: str = "127.0.0.1", port: int = 8000, root: Path = ROOT, quiet: bool = False, site_only: bool = True
) -> GameServer:
    """A server of ``root`` on ``host``; ``site_only``: only the published site's files."""
    handler = functools.partial(GameRequestHandler, directory=str(root))
    server = GameServer((host, port), handler)
    server.quiet = quiet
    server.site_only = site_only and root == ROOT
    server.hosts = LOOPBACK_NAMES | ({host.lower()} if host not in ("", "0.0.0.0", "::") else set())
    return server


def serve_in_background(root: Path = ROOT, site_only: bool = False) -> tuple[GameServer, str]:
    """Start a quiet server on a free loopback port; return it and its base URL.

    Benchmarks serve pages of their own from the repository, so serving only the
    site's files is asked for (the tests do). The game's archive is compiled, and its
    compressed files made, before the server answers: compiling takes Pyodide under
    Node, a minute on a loaded machine, longer than the loading screen waits for a
    download that sends nothing (and brotli takes seconds more)."""
    if root == ROOT:
        from tools.site import file_bytes, packed_files

        for name in packed_files():
            file_bytes(name)
    server = make_server(port=0, root=root, quiet=True, site_only=site_only)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host!s}:{port}/"
