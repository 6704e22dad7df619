"""No byte twice, in Chromium, Firefox and WebKit: a first visit (the page boots, then the
service worker saves the game for offline play) and a second visit download each file of
the game once. The pre-cache takes what the page downloaded (static/boot.js keeps it in
Cache Storage) and fetches only the rest; the second visit is served by the worker.

The server logs every answer; a file answered in full (200) twice fails the test, except
the page itself and ``sw.js`` (the browser asks for the worker's script at every
navigation). A 304 is fine: nothing but headers travelled. Each engine starts with a
fresh profile, so no earlier visit's HTTP cache takes part.

WebKit's HTTP cache answers nothing here, not even ``fetch(url, {cache: "only-if-cached"})``,
so a file the browser loads for a first visit itself (a script, a style, a module, a font,
an image: the page keeps none) is downloaded again by the
pre-cache: no worker serves that page before its table is playable and the first deal
drawn (docs/ARCHITECTURE.md, "No byte twice", says why not sooner). WebKit's test allows
exactly those files (``LOADED_BY_THE_BROWSER``: 21 files, 0.53 MB), each twice at most and
only if the first visit's page loaded it (its Resource Timing; WebKitGTK gives no
``workerStart``, so whether a worker served it cannot be read there); every other file,
above all the 5.4 MB the page downloads itself, once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import BrowserContext

from tests.browser.conftest import Traffic, wait_ready
from tests.browser.engines import Engine, running, wait_for
from tests.browser.snapshots import MADE_OR_FAILED, RESTORED, SCHEDULED
from tools import site, vendor
from tools.devserver import GameServer, serve_in_background

CODE = "KL1-D1N-AAAAAAG"
BOOT_S = 240
"""A cold boot of WebKit on a loaded 2-core machine takes a minute; well past that, it is stuck."""
TWICE_ALLOWED = {"/", "/index.html", "/sw.js"}
LOADED_BY_THE_BROWSER = {
    # index.html's scripts, styles, icon and modules.
    "/static/words.js",
    "/static/boot.js",
    "/static/sound.js",
    "/static/translate.js",
    "/static/css/fonts.css",
    "/static/css/boot.css",
    "/static/css/table.css",
    "/static/css/stats.css",
    "/static/css/rules.css",
    "/static/icons/icon.svg",
    "/static/vendor/pyscript/core.js",
    "/static/vendor/pyscript/core-C9KDLldu.js",
    "/static/vendor/pyodide/pyodide-game.mjs",
    "/static/vendor/pyodide/pyodide-unzip.mjs",
    "/static/vendor/pyodide/pyodide.mjs",
    # The fonts the styles ask for (WebKit loads the two Thai ones for a page in English too).
    "/static/vendor/fonts/noto-sans-thai-thai-400-normal.woff2",
    "/static/vendor/fonts/noto-sans-thai-thai-700-normal.woff2",
    # The two modules PyScript imports as it starts (its TOML reader, and its error plugin,
    # imported even though the page turns it off). Not its configuration nor the game's entry
    # point, which it fetches: static/boot.js downloads and keeps them.
    "/static/vendor/pyscript/toml-V4Savzlc.js",
    "/static/vendor/pyscript/error-D2315lOB.js",
    # The court artwork of CODE's first deal, drawn the moment the table is playable.
    "/static/vendor/cards/JC.svg",
    "/static/vendor/cards/KD.svg",
}
"""What WebKit loads itself for a first visit, before a worker serves the page (the test
checks that each is a file of the site: a new PyScript's modules have new names)."""
LOADED_BY_THE_PAGE = "performance.getEntriesByType('resource').map(entry => new URL(entry.name).pathname)"
"""The files the page loaded (Resource Timing)."""
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


def two_visits(engine: Engine, url: str) -> set[str]:
    """A first visit and a second, each until its offline copy is checked and the snapshot
    it plans is made; a snapshot made on the first visit (a slow start: WebKit's) is the
    one the second starts from. The files the first visit's page loaded."""
    planned = 0
    loaded: set[str] = set()
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
        if visit == "first":
            loaded = set(engine.evaluate(LOADED_BY_THE_PAGE))
        print(f"{engine.name}, {visit} visit: snapshot planned {planned}")
    assert engine.evaluate("navigator.serviceWorker.controller !== null")
    return loaded


def test_firefox_downloads_each_file_once(logged_site: tuple[str, GameServer]) -> None:
    url, server = logged_site
    with running("Firefox") as engine:
        two_visits(engine, url)
    check_once("Firefox", server)


def test_webkit_downloads_each_file_once(logged_site: tuple[str, GameServer]) -> None:
    url, server = logged_site
    published = {"/" + path for path in site.site_files()}
    assert published >= LOADED_BY_THE_BROWSER, f"no longer published: {LOADED_BY_THE_BROWSER - published}"
    with running("WebKit") as engine:
        loaded = two_visits(engine, url)
    twice = downloaded_twice(server)
    again = set(twice) & LOADED_BY_THE_BROWSER & loaded
    print(f"WebKit downloaded again {sum(map(size, again)) / 1e6:.2f} MB it loaded itself: {sorted(again)}")
    assert set(twice) == again, f"WebKit downloaded twice: {twice}\n{log_of(server)}"
    assert set(twice.values()) <= {2}, f"WebKit downloaded files three times or more: {twice}"
