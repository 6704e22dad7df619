"""Return visits start the interpreter from a memory snapshot (tools/pyodide-game.mjs).

The snapshot is made in a worker once the page is playable and the player has left it
alone for a moment: on the second visit, or already on the first when Python's start
took longer than ``slowStartMs`` (as in WebKit); the visit after starts from it. The tests set the threshold so that
each start counts as fast or as slow, whatever the machine's load. A restored start must still deal new random games
and run the solver's worker, and a snapshot that does not load must leave the
game booting the normal way.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.browser.conftest import BOOT_TIMEOUT_MS, Traffic, wait_ready
from tests.browser.helpers import ask_hint, tap_stock
from tests.browser.snapshots import (
    CACHE,
    DAMAGE,
    DAMAGED_RANGES,
    DROPPED,
    MADE_OR_FAILED,
    MAKING_STARTED,
    PRESSES,
    QUIET_MS,
    RECORD_PRESSES,
    RESTORED,
    SCHEDULED,
    SNAPSHOT_DIGEST,
    STARTED,
    build,
    snapshot_url,
    waited_for_quiet,
)

ROOT = Path(__file__).resolve().parent.parent.parent
SNAPSHOT_WAIT_S = 120.0
"""Making a snapshot starts a second interpreter in a worker: slow on a busy machine."""
KEYS = f"async () => (await (await caches.open('{CACHE}')).keys()).map(r => r.url.split('/').pop())"
PYTHON_START = "performance.getEntriesByName('pyodide-python-start').map(m => m.duration)"
STALE = "performance.getEntriesByName('pyodide-snapshot-game-stale').length"
KEPT_MODULES = "performance.getEntriesByName('pyodide-snapshot-game-kept')[0]?.detail.modules ?? 0"
SNAPSHOT_GAME = "async ([cache, key]) => (await (await caches.open(cache)).match(key)).headers.get('X-Game-Digest')"
GAME_DIGEST = """async () => Array.from(
  new Uint8Array(await crypto.subtle.digest('SHA-256', await (await fetch('game.zip')).arrayBuffer())),
  (byte) => byte.toString(16).padStart(2, '0')).join('')"""
FAST_START = "window.solitaireBootOptions = { slowStartMs: 1e9 };"
"""Every start counts as fast: a first visit makes no snapshot, as in Chromium."""
SLOW_START = "window.solitaireBootOptions = { slowStartMs: 0 };"
"""Every start counts as slow: a first visit makes the snapshot, as in WebKit."""
SNAPSHOT_INTACT = """async ([cache, key, header]) => {
  const hit = await (await caches.open(cache)).match(key);
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", await hit.arrayBuffer()));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("") === hit.headers.get(header);
}"""
SNAPSHOT_GONE = """([cache, key, timeoutMs]) => new Promise((resolve) => {
  const until = performance.now() + timeoutMs;
  const check = async () => {
    if (!(await (await caches.open(cache)).match(key))) resolve("gone");
    else if (performance.now() > until) resolve("still there");
    else setTimeout(check, 50);
  };
  check();
})"""
"""Waits in the page, checking at every 50 ms, until the snapshot is gone from the cache."""
AFTER_THE_RESTORE = """
if (location.protocol === 'http:') sessionStorage.setItem('loads', String(+sessionStorage.getItem('loads') + 1));
Object.defineProperty(window, 'solitaireBoot', {
  configurable: true,
  set(boot) {
    const step = boot.step;
    boot.step = (name) => {
      if (name === 'game' && performance.getEntriesByName('pyodide-snapshot-restored').length) { ACTION; }
      return step(name);
    };
    Object.defineProperty(window, 'solitaireBoot', { value: boot, writable: true, configurable: true });
  },
});
"""
"""An init script: Python's first step after a start from the snapshot does ACTION."""


def visit(page: Page, url: str) -> None:
    page.goto("about:blank")  # a new document each time, even for the same URL
    page.goto(url)
    wait_ready(page)


def new_deal(page: Page) -> str:
    """Deal a new random game and return its code (the table is redrawn in the
    next frame, after the dialog closes: wait for the code to change)."""
    before = page.evaluate("document.querySelector('[data-code]').dataset.code")
    page.click("#btn-new")
    page.click("#new-deal")
    page.wait_for_function("document.querySelector('#dlg-new[open]') === null")
    page.wait_for_function("code => document.querySelector('[data-code]').dataset.code !== code", arg=before)
    return str(page.evaluate("document.querySelector('[data-code]').dataset.code"))


def wait_for_snapshot(page: Page) -> list[str]:
    """The cache's keys once the snapshot's worker has written the snapshot (or its failure)."""
    page.wait_for_function(MADE_OR_FAILED, timeout=SNAPSHOT_WAIT_S * 1000)
    keys: list[str] = page.evaluate(KEYS)
    return keys


def test_a_return_visit_starts_from_the_snapshot_made_on_the_visit_before(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    context = new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(FAST_START)
    page = context.new_page()
    visit(page, site_url)
    assert page.evaluate(RESTORED) == 0
    # A first visit with a fast start notes the visit and plans no snapshot.
    assert page.evaluate(KEYS) == [f"visited-{build()}"]
    assert page.evaluate(SCHEDULED) == 0, "a first visit with a fast start makes none"
    assert len(page.evaluate(PYTHON_START)) == 1, "Python's start is measured"
    visit(page, site_url)
    assert page.evaluate(RESTORED) == 0
    assert page.evaluate(SCHEDULED) == 1, "the second visit plans one"
    assert set(wait_for_snapshot(page)) == {f"visited-{build()}", f"snapshot-{build()}"}

    deals = []
    for _ in range(2):
        visit(page, site_url)
        assert page.evaluate(RESTORED) == 1, "the interpreter started from the snapshot"
        deals.append(new_deal(page))
    assert deals[0] != deals[1], "each restored start deals its own random games"
    visit(page, site_url + "#KL1-D1N-AAAAAAG")
    assert page.evaluate(RESTORED) == 1
    answer = ask_hint(page)  # the solver's worker starts from the snapshot too
    assert not answer.startswith("verdict:"), answer
    assert not traffic.errors, traffic.errors


def slow_first_visit(new_context: Callable[..., BrowserContext], site_url: str, options: str = "") -> Page:
    """A first visit whose start counts as slow, as in WebKit: it makes the snapshot.
    ``options``: more of window.solitaireBootOptions, set before the page's scripts run."""
    context = new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(SLOW_START + options)
    page = context.new_page()
    visit(page, site_url + "#KL1-D1N-AAAAAAG")
    return page


def test_a_slow_start_makes_the_snapshot_on_the_first_visit(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    page = slow_first_visit(new_context, site_url)
    assert page.evaluate(RESTORED) == 0
    assert page.evaluate(SCHEDULED) == 1, "a slow first start plans the snapshot at once"
    assert set(wait_for_snapshot(page)) == {f"visited-{build()}", f"snapshot-{build()}"}
    visit(page, site_url + "#KL1-D1N-AAAAAAG")
    assert page.evaluate(RESTORED) == 1, "the second visit starts from it"
    assert page.evaluate(SCHEDULED) == 0, "and makes no other"
    assert page.evaluate("document.querySelector('[data-code]').dataset.code") == "KL1-D1N-AAAAAAG"
    # The snapshot came with the game's pure modules, made from this very game.zip.
    assert page.evaluate(STALE) == 0
    assert page.evaluate(KEPT_MODULES) >= 40, "engine/ and ui/model/ come imported"
    assert page.evaluate(SNAPSHOT_GAME, [CACHE, snapshot_url(site_url)]) == page.evaluate(GAME_DIGEST)
    assert not traffic.errors, traffic.errors


PLAY_MS = 8000
"""How long the player keeps tapping from the table's first moment: past the moment the making
used to start whatever the player did (the offline copy settled, then 3 s)."""


def test_the_snapshot_waits_for_the_player_to_leave_the_table_alone(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    page = slow_first_visit(new_context, site_url, f"window.solitaireBootOptions.snapshotQuietMs = {QUIET_MS};")
    assert page.evaluate(SCHEDULED) == 1
    page.evaluate(RECORD_PRESSES)
    playable = page.evaluate("performance.getEntriesByName('solitaire-playable')[0].startTime")
    while page.evaluate("performance.now()") - playable < PLAY_MS:
        tap_stock(page)
    presses = page.evaluate(PRESSES)
    assert set(wait_for_snapshot(page)) == {f"visited-{build()}", f"snapshot-{build()}"}
    # When the browser saw the worker start (its script's request), whatever the page says.
    waited_for_quiet(page.evaluate(MAKING_STARTED), presses, page.evaluate(STARTED))
    visit(page, site_url + "#KL1-D1N-AAAAAAG")
    assert page.evaluate(RESTORED) == 1
    assert not traffic.errors, traffic.errors


def test_a_hidden_page_makes_the_snapshot_at_once(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    page = slow_first_visit(new_context, site_url)
    # The player presses, then leaves for another tab at once: nobody plays a hidden page.
    page.evaluate(
        """() => {
          document.body.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
          Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
          document.dispatchEvent(new Event("visibilitychange"));
        }"""
    )
    wait_for_snapshot(page)
    [mark] = page.evaluate(STARTED)
    assert mark["why"] == "hidden"
    assert not traffic.errors, traffic.errors


def test_a_snapshot_of_another_game_zip_imports_the_game_afresh_and_is_made_again(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    # The runtime and standard library unchanged, the game's code not: a new version deployed.
    page = slow_first_visit(new_context, site_url)
    wait_for_snapshot(page)
    page.evaluate(
        """async ([cache, key]) => {
          const store = await caches.open(cache);
          const hit = await store.match(key);
          const headers = new Headers(hit.headers);
          headers.set("X-Game-Digest", "an older game.zip");
          await store.put(key, new Response(await hit.arrayBuffer(), { headers }));
        }""",
        [CACHE, snapshot_url(site_url)],
    )
    visit(page, site_url + "#KL1-D1N-AAAAAAG")
    assert page.evaluate(RESTORED) == 1
    assert page.evaluate(STALE) == 1, "the snapshot's game modules are not this game.zip's"
    assert page.evaluate("performance.getEntriesByName('pyodide-snapshot-game-kept').length") == 0
    assert page.evaluate("document.querySelector('[data-code]').dataset.code") == "KL1-D1N-AAAAAAG"
    new_deal(page)  # the game imported afresh plays
    wait_for_snapshot(page)
    assert page.evaluate(SNAPSHOT_GAME, [CACHE, snapshot_url(site_url)]) == page.evaluate(GAME_DIGEST)
    visit(page, site_url + "#KL1-D1N-AAAAAAG")
    assert page.evaluate(STALE) == 0
    assert page.evaluate(KEPT_MODULES) >= 40
    assert not traffic.errors, traffic.errors


def test_a_snapshot_that_does_not_load_falls_back_to_the_normal_start(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    # A page that is not the game's: the browser asks the origin for /favicon.ico, which it has not.
    traffic.expect_error(r"status of 404 \(File not found\)")
    page = new_context().new_page()
    page.goto(site_url + "static/icons/icon.svg")  # the origin, without booting the game
    # Not a snapshot at all, yet carrying the digest of its bytes: the restore itself fails.
    page.evaluate(
        """async ([cache, key, header]) => {
          const bytes = new Uint8Array(4096);
          const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
          const hex = Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("");
          await (await caches.open(cache)).put(key, new Response(bytes, { headers: { [header]: hex } }));
        }""",
        [CACHE, snapshot_url(site_url), SNAPSHOT_DIGEST],
    )
    visit(page, site_url + "#KL1-D1N-AAAAAAG")
    assert page.evaluate("document.body.dataset.ready") == "true"
    assert page.evaluate(RESTORED) == 0
    # The broken snapshot is dropped, and noted as failed, once the cache has done both.
    page.wait_for_function("performance.getEntriesByName('pyodide-snapshot-dropped').length > 0")
    assert page.evaluate(DROPPED) == ["failed"]
    assert f"failed-{build()}" in page.evaluate(KEYS)
    keys = page.evaluate(KEYS)
    assert f"snapshot-{build()}" not in keys, "the broken snapshot is dropped"
    visit(page, site_url + "#KL1-D1N-AAAAAAG")
    assert page.evaluate(RESTORED) == 0


@pytest.mark.parametrize(("first", "last"), DAMAGED_RANGES)
def test_a_damaged_snapshot_is_dropped_before_it_runs_and_made_again(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic, first: int, last: int
) -> None:
    # One byte flipped every 4 KB over a few megabytes, the length kept: restored, such a
    # snapshot killed Python ("null function"), raised MemoryError or froze the tab, on
    # every start. Its digest no longer matches: it never runs.
    page = slow_first_visit(new_context, site_url)
    wait_for_snapshot(page)
    assert page.evaluate(DAMAGE, [CACHE, snapshot_url(site_url), first, last]) > 0
    visit(page, site_url + "#KL1-D1N-AAAAAAG")
    assert page.evaluate(RESTORED) == 0, "the damaged snapshot is not restored"
    assert page.evaluate(DROPPED) == ["damaged"]
    assert page.evaluate("document.querySelector('[data-code]').dataset.code") == "KL1-D1N-AAAAAAG"
    # Made again once the page is playable, whole: the next visit starts from it.
    assert f"snapshot-{build()}" in wait_for_snapshot(page)
    assert page.evaluate(SNAPSHOT_INTACT, [CACHE, snapshot_url(site_url), SNAPSHOT_DIGEST])
    visit(page, site_url + "#KL1-D1N-AAAAAAG")
    assert page.evaluate(RESTORED) == 1
    assert not traffic.errors, traffic.errors


def test_a_start_that_fails_after_the_restore_drops_the_snapshot_and_starts_afresh(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    # The restore returned, then Python died on the way to the table: every reload and
    # "Try again" used to fail the same way. Now the same visit starts again, afresh.
    traffic.expect_error("Python died after the restore")
    page = slow_first_visit(new_context, site_url)
    wait_for_snapshot(page)
    died = "throw new Error('Python died after the restore')"
    page.context.add_init_script(AFTER_THE_RESTORE.replace("ACTION", died))
    page.goto("about:blank")
    page.goto(site_url + "#KL1-D1N-AAAAAAG")
    page.wait_for_function(
        "+sessionStorage.getItem('loads') >= 2 && document.body?.dataset.ready === 'true'",
        timeout=BOOT_TIMEOUT_MS,
    )
    assert page.evaluate(RESTORED) == 0, "the second load starts the normal way"
    assert page.evaluate("document.querySelector('[data-code]').dataset.code") == "KL1-D1N-AAAAAAG"
    keys = page.evaluate(KEYS)
    assert f"snapshot-{build()}" not in keys
    assert f"failed-{build()}" in keys


def test_a_start_stuck_in_the_interpreter_is_abandoned_by_the_watchdog(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    # The restore returned, then the page's thread looped for good: no timer of the page
    # ran again, and every new tab froze the same way. The watchdog's worker drops the
    # snapshot; another tab then starts the normal way.
    traffic.expect_error(r"status of 404 \(File not found\)")  # the origin's /favicon.ico
    context = new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(SLOW_START + "window.solitaireBootOptions.snapshotWatchMs = 3000;")
    page = context.new_page()
    visit(page, site_url + "#KL1-D1N-AAAAAAG")
    wait_for_snapshot(page)
    page.close()
    context.add_init_script(AFTER_THE_RESTORE.replace("ACTION", "for (;;) {}"))
    stuck = context.new_page()
    stuck.goto(site_url + "#KL1-D1N-AAAAAAG", wait_until="commit")
    other = context.new_page()
    other.goto(site_url + "static/icons/icon.svg")  # the origin, without booting the game
    assert other.evaluate(SNAPSHOT_GONE, [CACHE, snapshot_url(site_url), BOOT_TIMEOUT_MS]) == "gone"
    # Made again once (a second time out would fail this build's snapshot for good).
    assert f"timed-out-{build()}" in other.evaluate(KEYS)
    assert f"failed-{build()}" not in other.evaluate(KEYS)
    visit(other, site_url + "#KL1-D1N-AAAAAAG")
    assert other.evaluate(RESTORED) == 0
    assert other.evaluate("document.querySelector('[data-code]').dataset.code") == "KL1-D1N-AAAAAAG"
