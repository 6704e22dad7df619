"""Offline play through the service worker, and the site served from a sub-path; a cache
lost while playing is filled again, and a storage quota too small is said."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.browser.conftest import Traffic, wait_ready
from tools import site
from tools.devserver import serve_in_background

CODE = "KL1-D1N-AAAAAAG"


def wait_for_offline_cache(page: Page) -> None:
    """Wait until the service worker has pre-cached everything and controls the page."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)


def offline_state(page: Page) -> str:
    """What the page knows of offline play, once its service worker answered: "ready",
    "offline-quota" or "offline-incomplete" (``#update``'s ``data-offline``)."""
    state = page.wait_for_function(
        "document.getElementById('update').dataset.offline || null", timeout=120_000
    ).json_value()
    return str(state)


def delete_the_game_caches(page: Page) -> None:
    """What clearing the site's storage does to the game's files (the browser's settings,
    or an eviction under storage pressure), with the page and its worker left running."""
    page.evaluate(
        "caches.keys().then(names => Promise.all("
        "names.filter(name => name.startsWith('solitaire:')).map(name => caches.delete(name))))"
    )


def tap_stock_and_check(page: Page) -> None:
    moves_before = page.inner_text("[data-moves]")
    page.click("[data-pile='s']")
    page.wait_for_function(
        "before => document.querySelector('[data-moves]').textContent.trim() !== before", arg=moves_before.strip()
    )
    assert page.locator("[data-pile='w'] [data-face='up']").count() >= 1


def test_every_file_fetched_during_boot_is_precached(new_context: Callable[..., BrowserContext], site_url: str) -> None:
    context = new_context(service_workers="allow")
    page = context.new_page()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(site_url + "#" + CODE)
    wait_ready(page)
    wait_for_offline_cache(page)
    sw = page.evaluate("fetch('./sw.js').then(r => r.text())")
    found = re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S)
    assert found, "sw.js has no pre-cache list"
    precache = json.loads(found.group(1))
    wanted = {site_url + url.removeprefix("./") for url in precache}
    boot_files = {url.split("#")[0].split("?")[0] for url in fetched if url.startswith(site_url)}
    boot_files.discard(site_url + "sw.js")
    assert boot_files - wanted == set()


def reload_offline(context: BrowserContext, page: Page) -> None:
    """The page reloaded with the network gone, until it is playable."""
    context.set_offline(True)
    page.reload()
    wait_ready(page)


def reopened_offline(new_context: Callable[..., BrowserContext], site_url: str) -> Page:
    """The page visited once online, then reloaded with the network gone."""
    context = new_context(service_workers="allow")
    page = context.new_page()
    page.goto(site_url + "#" + CODE)
    wait_ready(page)
    wait_for_offline_cache(page)
    reload_offline(context, page)
    return page


def test_plays_offline_after_one_visit(new_context: Callable[..., BrowserContext], site_url: str) -> None:
    page = reopened_offline(new_context, site_url)
    tap_stock_and_check(page)


@pytest.fixture(scope="module")
def sub_path_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root: Path = tmp_path_factory.mktemp("pages")
    site.build(root / "solitaire")
    server, url = serve_in_background(root)
    yield url + "solitaire/"
    server.shutdown()


def test_built_site_plays_from_a_sub_path(
    new_context: Callable[..., BrowserContext], sub_path_url: str, traffic: Traffic
) -> None:
    traffic.also_allowed.append(sub_path_url.split("/solitaire/")[0])
    context = new_context(service_workers="allow")
    fetched: list[str] = []
    context.on("request", lambda request: fetched.append(request.url))
    page = context.new_page()
    page.goto(sub_path_url + "#" + CODE)
    wait_ready(page)
    tap_stock_and_check(page)
    origin = sub_path_url.split("/solitaire/")[0]
    outside = [url for url in fetched if url.startswith(origin) and "/solitaire/" not in url]
    assert outside == [], "every URL must be relative to the page"
    wait_for_offline_cache(page)


def test_a_language_chosen_offline_comes_from_the_offline_copy(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    page = reopened_offline(new_context, site_url)
    page.click("#btn-settings")
    page.wait_for_selector("#dlg-settings[open]")
    page.check("#set-language input[value='km']")
    page.wait_for_function("document.body.dataset.speaks === 'km'")
    assert page.evaluate("document.documentElement.lang") == "km"
    assert page.inner_text("#language-msg") == ""


def test_hints_work_offline(new_context: Callable[..., BrowserContext], site_url: str) -> None:
    """The solver's worker starts from the pre-cache too: its script, the runtime it loads, the engine."""
    page = reopened_offline(new_context, site_url)
    page.keyboard.press("h")
    # The hint shows at once; the solver's word on it needs the worker.
    page.wait_for_function(
        "document.body.dataset.hintVerdict === 'proven' || "
        "document.getElementById('solver-panel').dataset.state === 'error'",
        timeout=120_000,
    )
    assert page.evaluate("document.body.dataset.hintVerdict") == "proven", page.inner_text("#solver-panel")
    assert re.match(r"Hint( \d+ of \d+)?: ", page.inner_text("[role=status]"))


def offline_ready(new_context: Callable[..., BrowserContext], site_url: str) -> tuple[BrowserContext, Page]:
    """A page of the game whose service worker has said offline play is ready."""
    context = new_context(service_workers="allow")
    page = context.new_page()
    page.goto(site_url + "#" + CODE)
    wait_ready(page)
    wait_for_offline_cache(page)
    assert offline_state(page) == "ready"
    return context, page


def test_a_cache_deleted_while_playing_is_filled_again(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context, page = offline_ready(new_context, site_url)
    assert page.is_hidden("#update")

    delete_the_game_caches(page)
    tap_stock_and_check(page)
    # The next start of the game (online) finds the cache empty, and its worker fills it
    # again once the table is playable.
    page.reload()
    wait_ready(page)
    assert offline_state(page) == "ready"
    assert page.is_hidden("#update"), "offline play is ready again: nothing to say"

    reload_offline(context, page)
    tap_stock_and_check(page)


def opened_with_a_small_quota(new_context: Callable[..., BrowserContext], site_url: str, **options: Any) -> Page:
    """The game, its table playable, in a Chromium whose storage quota for the site is
    smaller than the game's files: its worker's install cannot keep them."""
    context = new_context(service_workers="allow", **options)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": site_url.rstrip("/"), "quotaSize": 3_000_000})
    page.goto(site_url + "#" + CODE)
    wait_ready(page)
    return page


def test_a_storage_quota_too_small_says_offline_play_is_not_available(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    """Chromium's storage quota for the site, set smaller than the game's files: the
    install cannot keep them, and the page says offline play is not available."""
    page = opened_with_a_small_quota(new_context, site_url)
    assert offline_state(page) == "offline-quota"
    assert page.inner_text("#update-text") == (
        "Offline play is not available: the browser's storage for this site is full."
    )
    assert page.is_hidden("#update-reload")
    assert page.evaluate("navigator.serviceWorker.controller") is None
    tap_stock_and_check(page)
    # In the language chosen since, as the Settings control changes it.
    page.evaluate(
        "() => { window.solitaireBoot.setLanguage('th'); "
        "dispatchEvent(new CustomEvent('solitaire:language', { detail: 'th' })); }"
    )
    page.wait_for_function(
        "document.getElementById('update-text').textContent === "
        "'ตอนนี้เล่นออฟไลน์ไม่ได้: พื้นที่จัดเก็บของเบราว์เซอร์สำหรับเว็บไซต์นี้เต็มแล้ว'"
    )


NOTICE_AND_NEIGHBOURS = """(() => {
  const notice = document.getElementById('update');
  if (notice.hidden || !notice.dataset.offline) return null;
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = (el) => el.getClientRects().length > 0;
  return {
    notice: box(notice),
    others: [...document.querySelectorAll('#app .tool'), document.getElementById('status')]
      .filter(shown).map((el) => [el.id, box(el)]),
    screen: [innerWidth, innerHeight],
  };
})()"""
"""The notice's box and those of the tools and the status line, read in the frame it is shown."""


@pytest.mark.parametrize("size", [(360, 640), (640, 360), (1440, 900)], ids=lambda size: "x".join(map(str, size)))
def test_the_notice_of_offline_play_covers_no_tool_and_no_status_line(
    new_context: Callable[..., BrowserContext], site_url: str, size: tuple[int, int]
) -> None:
    """A notice that may stay a while (a new version's stays until the player reloads) floats
    above the status line, and above an upright phone's tools, beside a sideways one's."""
    width, height = size
    page = opened_with_a_small_quota(new_context, site_url, viewport={"width": width, "height": height})
    found = page.wait_for_function(NOTICE_AND_NEIGHBOURS, timeout=120_000).json_value()
    left, top, right, bottom = found["notice"]
    assert left >= 0, f"off the screen: {found}"
    assert top >= 0, f"off the screen: {found}"
    assert right <= width, f"off the screen: {found}"
    assert bottom <= height, f"off the screen: {found}"
    assert len(found["others"]) >= 6, f"the tools were not found: {found}"
    for name, (x0, y0, x1, y1) in found["others"]:
        overlap = min(right, x1) > max(left, x0) and min(bottom, y1) > max(top, y0)
        assert not overlap, f"the notice covers #{name} at {width}x{height}: {found}"


def test_a_worker_started_again_fills_a_cache_deleted_while_playing(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    """The browser stops an idle service worker and starts it again for the page's next
    request (here a court card's artwork): it finds its cache emptied, and fills it."""
    context, page = offline_ready(new_context, site_url)

    delete_the_game_caches(page)
    page.evaluate("document.getElementById('update').removeAttribute('data-offline')")
    cdp = context.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    cdp.send("ServiceWorker.stopAllWorkers")
    assert page.evaluate("fetch('./static/vendor/cards/KH.svg').then(response => response.ok)")
    # The worker tells the game's pages how its refill went.
    assert offline_state(page) == "ready"
    assert page.is_hidden("#update")

    reload_offline(context, page)
    tap_stock_and_check(page)


def test_a_cache_deleted_while_offline_is_said_and_filled_at_the_next_start_online(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context, page = offline_ready(new_context, site_url)

    context.set_offline(True)
    delete_the_game_caches(page)
    # The player comes back to the tab (a headless page never hides, so the event is
    # sent): the page asks its worker, which cannot fetch the files again.
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("document.getElementById('update').dataset.offline === 'offline-incomplete'")
    assert page.inner_text("#update-text") == (
        "Offline play is not available: the game's files could not be saved on this device."
    )

    # The network is back at the next start of the game: the worker fills its cache.
    context.set_offline(False)
    page.reload()
    wait_ready(page)
    assert offline_state(page) == "ready"
    assert page.is_hidden("#update")

    reload_offline(context, page)
    tap_stock_and_check(page)


NO_PAGE_COPIES = """async () => {
  // Offline play settled, then no copy of the page's downloads left (static/boot.js keepCopy).
  await window.solitaireBoot.offlineSettled;
  const deadline = performance.now() + 30000;
  while (performance.now() < deadline) {
    const names = await caches.keys();
    if (!names.some(name => name.endsWith(':page'))) return true;
    await new Promise(done => setTimeout(done, 100));
  }
  return false;
}"""


def test_a_hard_reload_leaves_no_copies_of_its_downloads(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    """A reload that bypasses the worker (Shift and reload) downloads the game again and
    keeps copies for an install; with the version already installed none comes, so the
    page drops them instead of leaving megabytes in storage."""
    context, page = offline_ready(new_context, site_url)
    context.new_cdp_session(page).send("Page.reload", {"ignoreCache": True})
    wait_ready(page)
    assert page.evaluate("navigator.serviceWorker.controller") is None, "the reload bypassed the worker"
    assert page.evaluate(NO_PAGE_COPIES)
