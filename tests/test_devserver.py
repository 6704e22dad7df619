"""The development server serves the game's files and nothing else of the machine."""

from __future__ import annotations

import http.client
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.devserver import serve_in_background

pytestmark = pytest.mark.vendored  # reads the runtime, fonts and artwork in static/vendor/


def get(url: str, path: str, host: str | None = None) -> int:
    return ask(url, path, host)[0]


def ask(url: str, path: str, host: str | None = None, method: str = "GET") -> tuple[int, str | None, bytes]:
    """The status, Content-Length and body of one request."""
    address = url.removeprefix("http://").rstrip("/")
    connection = http.client.HTTPConnection(address, timeout=30)
    try:
        connection.request(method, path, headers={"Host": host or address})
        response = connection.getresponse()
        return response.status, response.getheader("Content-Length"), response.read()
    finally:
        connection.close()


@pytest.fixture(scope="module")
def dev_url() -> Iterator[str]:
    server, url = serve_in_background(site_only=True)
    yield url
    server.shutdown()


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/index.html",
        "/sw.js",
        "/game.zip.gz",
        "/game.zip.br",
        "/ui/main.py",
        "/static/boot.js",
        "/static/vendor/pyodide/pyodide.mjs",
    ],
)
def test_the_site_is_served(dev_url: str, path: str) -> None:
    assert get(dev_url, path) == 200


@pytest.mark.parametrize("path", ["/sw.js", "/game.zip.gz", "/locale/th/LC_MESSAGES/game.mo.br"])
def test_a_head_request_of_a_built_file_says_what_its_get_sends(dev_url: str, path: str) -> None:
    status, length, body = ask(dev_url, path)
    assert (status, length) == (200, str(len(body)))
    assert ask(dev_url, path, method="HEAD") == (200, length, b"")


@pytest.mark.parametrize(
    "path",
    [
        "/.git/config",
        "/.git/HEAD",
        "/.venv/pyvenv.cfg",
        "/node_modules/pyodide/package.json",
        "/package.json",
        "/README.md",
        "/tools/site.py",
        "/tests/test_devserver.py",
        "/engine/codes.py",  # the Python code travels in game.zip
        "/game.zip",  # which the site holds compressed only
        "/static/vendor/pyodide/python_stdlib_game.zip",
        "/static/",
        "/static/sw-template.js",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/../../etc/passwd",
        "/static/%2e%2e/.git/config",
    ],
)
def test_nothing_else_of_the_repository_is_served(dev_url: str, path: str) -> None:
    assert get(dev_url, path) == 404


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "192.168.1.9"])
def test_requests_for_another_host_name_are_refused(dev_url: str, host: str) -> None:
    assert get(dev_url, "/index.html", host=host) == 421


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "LOCALHOST:8000"])
def test_the_loopback_names_are_served(dev_url: str, host: str) -> None:
    assert get(dev_url, "/index.html", host=host) == 200


def test_symlinks_out_of_the_folder_are_refused(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<!doctype html>")
    (tmp_path / "secret.txt").write_text("secret")
    os.symlink(tmp_path / "secret.txt", site / "secret.txt")
    os.symlink(tmp_path, site / "up")
    os.symlink(site / "index.html", site / "same.html")
    server, url = serve_in_background(site)
    try:
        assert get(url, "/index.html") == 200
        assert get(url, "/same.html") == 200  # a link that stays inside is fine
        assert get(url, "/secret.txt") == 404
        assert get(url, "/up/secret.txt") == 404
    finally:
        server.shutdown()
