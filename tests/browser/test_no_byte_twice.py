"""No byte twice, in Chromium, Firefox and WebKit: a first visit (the page boots, then the
service worker saves the game for offline play) and a second visit download each file of
the game once. The pre-cache takes what the page downloaded (static/boot.js keeps it in
Cache Storage) and fetches only the rest; the second visit is served by the worker.

The server logs every answer; a file answered in full (200) twice fails the test, except
the page itself and ``sw.js`` (the browser asks for the worker's script at every
navigation). A 304 is fine: nothing but headers travelled. Each engine starts with a
fresh profile, so no earlier visit's HTTP cache takes part.

WebKit's HTTP cache answers nothing here, not even ``fetch(url, {cache: "only-if-cached"})``:
the files the browser loads for the page's HTML and modules (its scripts, styles, fonts,
the artwork: about 0.5 MB), whose bytes no script can read, are downloaded again by the
pre-cache. Its test holds every file the page downloads itself (the runtime and the
game's archive, 5.4 MB) to once, and says what else went twice.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import BrowserContext

from tests.browser.conftest import Traffic, wait_ready
from tests.browser.engines import Engine, running, wait_for
from tests.browser.snapshots import MADE_OR_FAILED, RESTORED, SCHEDULED
from tools import site, vendor
from tools.devserver import ROOT, GameServer, serve_in_background

CODE = "KL1-D1N-AAAAAAG"
BOOT_S = 240
"""A cold boot of WebKit on a loaded 2-core machine takes a minute; well past that, it is stuck."""
TWICE_ALLOWED = {"/", "/index.html", "/sw.js"}
OFFLINE = "document.getElementById('update').dataset.offline"
"""The page's word once its worker checked the offline copy: "ready" when it is whole."""
SNAPSHOT_S = 240
"""Making a snapshot starts a second interpreter in a worker: slow in WebKit on a busy machine."""
SNAPSHOT_DONE = f"!({SCHEDULED}) || ({MADE_OR_FAILED})"
"""The interpreter snapshot a visit plans (tools/pyodide-game.mjs) is made: its worker's
downloads count too."""


@pytest.fixture
def logged_site() -> Iterator[tuple[str, GameServer]]:
    """The game on a server of its own that logs every answer."""
    vendor.ensure()
    server, url = serve_in_background(site_only=True)
    server.answered = []
    yield url, server
    server.shutdown()
    server.server_close()


def downloaded_twice(server: GameServer) -> dict[str, int]:
    """The files answered in full more than once, with how many times."""
    assert server.answered is not None
    full = Counter(path for method, path, status in server.answered if method == "GET" and status == 200)
    return {path: count for path, count in sorted(full.items()) if count > 1 and path not in TWICE_ALLOWED}


def log_of(server: GameServer) -> str:
    assert server.answered is not None
    return "\n".join(f"{method} {path} {status}" for method, path, status in server.answered)


def check_once(name: str, server: GameServer) -> None:
    print(f"{name} downloaded {answered_bytes(server) / 1e6:.2f} MB of the game's files in full")
    twice = downloaded_twice(server)
    assert twice == {}, f"{name} downloaded files in full more than once: {twice}\n{log_of(server)}"


def answered_bytes(server: GameServer) -> int:
    """The bytes of the site's files answered in full (the page as index.html; sw.js left out)."""
    assert server.answered is not None
    files = set(site.site_files())
    paths = [
        path.lstrip("/") or "index.html"
        for method, path, status in server.answered
        if method == "GET" and status == 200
    ]
    return sum(size(path) for path in paths if path in files)


def page_downloads() -> set[str]:
    """The files static/boot.js downloads itself (its DOWNLOADS), as the server sees them."""
    found = re.search(r"var DOWNLOADS = \[(.*?)\];", (ROOT / "static" / "boot.js").read_text(), re.S)
    assert found, "static/boot.js lists no DOWNLOADS"
    return {"/" + path.removeprefix("./") for path in re.findall(r'"([^"]+)"', found.group(1))}


def size(path: str) -> int:
    return len(site.file_bytes(path.lstrip("/")))


def test_chromium_downloads_each_file_once(
    new_context: Callable[..., BrowserContext], traffic: Traffic, logged_site: tuple[str, GameServer]
) -> None:
    url, server = logged_site
    traffic.also_allowed.append(url.rstrip("/"))
    context = new_context(service_workers="allow")
    page = context.new_page()
    page.goto(f"{url}#{CODE}")
    wait_ready(page)
    assert page.wait_for_function(OFFLINE, timeout=120_000).json_value() == "ready"
    page.wait_for_function(SNAPSHOT_DONE, timeout=SNAPSHOT_S * 1000)
    page.close()
    page = context.new_page()
    page.goto(f"{url}#{CODE}")
    wait_ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.wait_for_function(OFFLINE, timeout=120_000).json_value() == "ready"
    page.wait_for_function(SNAPSHOT_DONE, timeout=SNAPSHOT_S * 1000)
    check_once("Chromium", server)


def two_visits(engine: Engine, url: str) -> None:
    """A first visit and a second, each until its offline copy is checked and the snapshot
    it plans is made; a snapshot made on the first visit (a slow start: WebKit's) is the
    one the second starts from."""
    planned = 0
    for visit in ("first", "second"):
        engine.goto("about:blank")
        engine.goto(f"{url}#{CODE}")
        state = wait_for(engine, "document.body.dataset.ready", BOOT_S)
        assert state == "true", f"{engine.name} did not boot on the {visit} visit"
        if visit == "second":
            assert engine.evaluate(RESTORED) == planned, f"{engine.name}: the first visit's snapshot is not there"
        offline = wait_for(engine, OFFLINE, 120)
        assert offline == "ready", f"{engine.name}: offline play is {offline} after the {visit} visit"
        planned = engine.evaluate(SCHEDULED)
        wait_for(engine, SNAPSHOT_DONE, SNAPSHOT_S)
        print(f"{engine.name}, {visit} visit: snapshot planned {planned}")
    assert engine.evaluate("navigator.serviceWorker.controller !== null")


def test_firefox_downloads_each_file_once(logged_site: tuple[str, GameServer]) -> None:
    url, server = logged_site
    with running("Firefox") as engine:
        two_visits(engine, url)
    check_once("Firefox", server)


def test_webkit_downloads_each_file_once(logged_site: tuple[str, GameServer]) -> None:
    url, server = logged_site
    with running("WebKit") as engine:
        two_visits(engine, url)
    twice = downloaded_twice(server)
    downloads = page_downloads()
    assert twice.keys() & downloads == set(), f"WebKit downloaded twice: {twice}\n{log_of(server)}"
    loaded = {path for path, count in twice.items() if count == 2}
    print(f"WebKit downloaded again {sum(map(size, loaded)) / 1e6:.2f} MB the browser loaded itself: {sorted(loaded)}")
    assert loaded == set(twice), f"WebKit downloaded files three times or more: {twice}"
    assert sum(map(size, loaded)) < sum(map(size, downloads)) / 5, f"WebKit downloaded twice: {twice}"
