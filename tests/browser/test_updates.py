"""Updates through the service worker, with two built versions of the site on one
server: an open page keeps its version, the new one is announced and used when the
player asks, offline play survives the update, and the worker leaves alone what is
not the game's (other pages, another copy of the game on the same origin)."""

from __future__ import annotations

import hashlib
import os
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.browser.conftest import Traffic, wait_ready
from tools import site
from tools.devserver import GameServer, serve_in_background

CODE = "KL1-D1N-AAAAAAG"
OTHER_PAGE = "<!doctype html><title>Another page</title><p id='other'>Not the game.</p>"


@dataclass
class Deployments:
    """Built sites in a folder served on one origin; ``publish`` swaps what a path serves."""

    root: Path
    builds: Path
    url: str
    server: GameServer
    published: int = 0

    def publish(self, version: str, path: str = "solitaire") -> str:
        target = self.root / path
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(self.builds / version, target)
        # Newer times than anything published before: the server answers by date.
        self.published += 1
        stamp = time.time() + 100 * self.published
        for file in target.rglob("*"):
            os.utime(file, (stamp, stamp))
        return f"{self.url}{path}/"


@pytest.fixture(scope="module")
def deployments(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployments]:
    builds = tmp_path_factory.mktemp("builds")
    site.build(builds / "v1")
    (builds / "v1" / "other.html").write_text(OTHER_PAGE)
    # Version 2: another page and another service worker, as any change to a file makes.
    shutil.copytree(builds / "v1", builds / "v2")
    index = builds / "v2" / "index.html"
    page_digest = hashlib.sha256(index.read_bytes()).hexdigest()
    index.write_text(index.read_text().replace('<html lang="en">', '<html lang="en" data-build="v2">', 1))
    sw = builds / "v2" / "sw.js"
    text = sw.read_text()
    version = text.split('const VERSION = "', 1)[1].split('"', 1)[0]
    # As tools/site.py writes it: the new page's digest (the worker keeps no file whose
    # bytes are not its version's, and takes version 1's other files from its cache).
    text = text.replace(page_digest, hashlib.sha256(index.read_bytes()).hexdigest())
    sw.write_text(text.replace(version, "v2-" + version[3:]))
    root = tmp_path_factory.mktemp("origin")
    server, url = serve_in_background(root)
    yield Deployments(root, builds, url, server)
    server.shutdown()


def build_of(page: Page) -> str | None:
    build = page.evaluate("document.documentElement.dataset.build ?? null")
    return None if build is None else str(build)


def wait_controlled(page: Page) -> None:
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)


def open_page(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.goto(url + "#" + CODE)
    wait_ready(page)
    return page


def open_controlled(context: BrowserContext, url: str) -> Page:
    """A tab of the game at ``url``, once its service worker controls it."""
    page = open_page(context, url)
    wait_controlled(page)
    return page


@pytest.fixture
def workers_context(
    new_context: Callable[..., BrowserContext], deployments: Deployments, traffic: Traffic
) -> BrowserContext:
    """A browser context with service workers, allowed to reach the deployments' server."""
    traffic.also_allowed.append(deployments.url.rstrip("/"))
    return new_context(service_workers="allow")


def test_an_update_is_announced_and_used_when_the_player_asks(
    workers_context: BrowserContext, deployments: Deployments
) -> None:
    url = deployments.publish("v1")
    first = open_controlled(workers_context, url)
    assert first.is_hidden("#update")

    deployments.publish("v2")
    first.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    first.wait_for_selector("#update:not([hidden])", timeout=60_000)
    assert "A new version is ready" in first.inner_text("#update")
    assert build_of(first) is None, "the open page keeps its version"
    # Its later requests get its own version's files, not the new ones.
    assert "data-build" not in first.evaluate("fetch('./index.html').then(r => r.text())")

    second = open_page(workers_context, url)
    assert build_of(second) is None, "while a tab runs version 1, a new tab opens version 1 too"
    second.reload()
    wait_ready(second)
    assert build_of(second) is None, "and so does a reload of one of the two tabs"
    second.wait_for_selector("#update:not([hidden])")
    second.click("#update-reload")
    second.wait_for_function("document.querySelector('#update-text').textContent.includes('other tabs')")
    assert build_of(first) is None

    first.close()
    # A tab closed a moment ago may still be counted by the service worker: the
    # notice then asks again to close the other tabs, and another press (as a
    # player would make) goes on. Each press waits for its answer, one way or the other.
    for _ in range(50):
        second.evaluate("document.querySelector('#update-text').textContent = ''")
        second.click("#update-reload")
        second.wait_for_function(
            "document.documentElement.dataset.build === 'v2' || "
            "(document.querySelector('#update-text') || {textContent: ''}).textContent.includes('other tabs')",
            timeout=60_000,
        )
        if build_of(second) == "v2" or "other tabs" not in second.inner_text("#update-text"):
            break
    second.wait_for_function("document.documentElement.dataset.build === 'v2'", timeout=60_000)
    wait_ready(second)
    assert second.is_hidden("#update")
    names = second.evaluate("caches.keys()")
    assert len([name for name in names if name.startswith("solitaire:/solitaire/:")]) == 1, names

    workers_context.set_offline(True)
    second.reload()
    wait_ready(second)
    assert build_of(second) == "v2", "offline after the update, the new version"


def test_only_the_game_page_falls_back_to_the_game(
    workers_context: BrowserContext, deployments: Deployments, traffic: Traffic
) -> None:
    # The missing page's 404 is what this asks for; the other page has no icon (a favicon.ico 404).
    traffic.expect_error(r"status of 404 \(File not found\)")
    url = deployments.publish("v1")
    page = open_controlled(workers_context, url)
    page.goto(url + "other.html")
    assert page.inner_text("#other") == "Not the game."
    response = page.goto(url + "missing/page.html")
    assert response is not None
    assert response.status == 404, "a page that is not the game is the server's answer, not the game"


def test_two_copies_on_one_origin_keep_their_caches(workers_context: BrowserContext, deployments: Deployments) -> None:
    main = deployments.publish("v1")
    copy = deployments.publish("v2", "copy")
    page = open_controlled(workers_context, main)
    other = open_controlled(workers_context, copy)
    # The interpreter's snapshots are one cache per origin, keyed by the runtime's build
    # and standard library, which both copies may share; the game's files are per copy.
    names = [name for name in other.evaluate("caches.keys()") if name != "pyodide-snapshots"]
    assert len(names) == 2, f"each copy keeps its own cache: {names}"
    other.close()
    workers_context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert build_of(page) is None


def test_a_reload_of_the_only_tab_opens_the_new_version(
    workers_context: BrowserContext, deployments: Deployments
) -> None:
    url = deployments.publish("v1")
    page = open_controlled(workers_context, url)

    deployments.publish("v2")
    # The reload that follows a deployment still runs version 1 (the browser looks for the
    # new one while it loads, and installs it in the background), and announces version 2.
    page.reload()
    wait_ready(page)
    assert build_of(page) is None
    if page.is_hidden("#update"):
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_selector("#update:not([hidden])", timeout=60_000)
    assert build_of(page) is None, "the open page keeps its version"

    # The next plain reload (F5) of the only tab: version 2, without closing anything.
    page.reload()
    page.wait_for_function("document.documentElement.dataset.build === 'v2'", timeout=60_000)
    wait_ready(page)
    assert page.is_hidden("#update")
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.waiting === null)")
    names = page.evaluate("caches.keys()")
    assert len([name for name in names if name.startswith("solitaire:/solitaire/:")]) == 1, names
    # Version 2's own files, not version 1's under version 2's page.
    assert "data-build" in page.evaluate("fetch('./index.html').then(r => r.text())")

    workers_context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert build_of(page) == "v2", "offline after the update, the new version"
