"""The interpreter snapshot in Firefox and in WebKit (the engine of every iPhone browser),
as each ships (tools/pyodide-game.mjs).

WebKit's first visit makes the snapshot (Python's start there is slow) at a quiet moment,
after the player's first moves, and its second visit starts from it.

A damaged snapshot: the start checks the snapshot's bytes before it runs them, drops a
damaged one, starts the normal way and makes it again. The bytes are damaged where an
adversarial review found every kind of failure: a restore that seemed to succeed before
Python died, a MemoryError, a tab frozen for good.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from tests.browser.engines import Engine, running, wait_for
from tests.browser.snapshots import (
    CACHE,
    DAMAGE,
    DAMAGED_RANGES,
    DROPPED,
    MADE_OR_FAILED,
    MAKING_STARTED,
    PRESSES,
    RECORD_PRESSES,
    RESTORED,
    SCHEDULED,
    STARTED,
    build,
    snapshot_url,
    waited_for_quiet,
)
from tools import vendor
from tools.devserver import serve_in_background

CODE = "KL1-D1N-AAAAAAG"
BOOT_S = 240
"""A cold boot of WebKit on a loaded 2-core machine takes a minute; well past that, it is stuck."""
SNAPSHOT_S = 240
"""Making a snapshot starts a second interpreter in a worker: slow in WebKit on a busy machine."""
PLAY_S = 8
"""How long the player keeps tapping from the table's first moment: past the moment the making
used to start whatever the player did (the offline copy settled, then 3 s)."""
PLAYABLE = "performance.getEntriesByName('solitaire-playable')[0].startTime"
MOVES = "+document.querySelector('[data-moves]').textContent.trim()"
STOCK_POINT = """(() => {
  const r = document.querySelector("[data-pile='s']").getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
})()"""
KEYS = f"(async () => (await (await caches.open('{CACHE}')).keys()).map(r => r.url.split('/').pop()))()"


@pytest.fixture
def site_address() -> Iterator[str]:
    vendor.ensure()
    server, url = serve_in_background(site_only=True)
    yield url
    server.shutdown()
    server.server_close()


def ready(engine: Engine) -> None:
    state = wait_for(engine, "document.body.dataset.ready", BOOT_S)
    if state != "true":
        message = engine.evaluate("document.querySelector('.boot-error-text')?.textContent")
        raise AssertionError(f"{engine.name} did not boot: {message}")


def snapshot_made(engine: Engine) -> None:
    wait_for(engine, MADE_OR_FAILED, SNAPSHOT_S)
    assert engine.evaluate("performance.getEntriesByName('pyodide-snapshot-made').length") == 1


def start_from_damaged_snapshots(engine: Engine, url: str) -> None:
    engine.goto(f"{url}#{CODE}")
    ready(engine)
    if not engine.evaluate(SCHEDULED):  # a fast first start plans no snapshot: the second does
        engine.reload()
        ready(engine)
    snapshot_made(engine)
    for first, last in DAMAGED_RANGES:
        flipped = engine.evaluate(f"({DAMAGE})({json.dumps([CACHE, snapshot_url(url), first, last])})")
        assert flipped > 0
        engine.reload()
        ready(engine)
        assert engine.evaluate(RESTORED) == 0, f"{engine.name} restored a snapshot damaged at {first}-{last}"
        assert engine.evaluate(DROPPED) == ["damaged"]
        assert engine.evaluate("document.querySelector('[data-code]').dataset.code") == CODE
        snapshot_made(engine)  # made again, whole
    engine.reload()
    ready(engine)
    assert engine.evaluate(RESTORED) == 1, f"{engine.name} did not start from the snapshot made again"


def test_firefox_drops_a_damaged_snapshot(site_address: str) -> None:
    with running("Firefox") as engine:
        start_from_damaged_snapshots(engine, site_address)


def test_webkit_drops_a_damaged_snapshot(site_address: str) -> None:
    with running("WebKit") as engine:
        start_from_damaged_snapshots(engine, site_address)


def play_at_once(engine: Engine) -> list[float]:
    """A player's first moves: the stock tapped from the table's first moment, each tap once
    the one before has counted, for ``PLAY_S`` seconds. The presses' times in the page."""
    # One round trip from the playable table to the first tap.
    x, y, playable, _recording = engine.evaluate(f"[...{STOCK_POINT}, {PLAYABLE}, {RECORD_PRESSES}]")
    moves = int(engine.evaluate(MOVES))
    while True:
        engine.pointer([(float(x), float(y))])
        moves += 1
        wait_for(engine, f"{MOVES} >= {moves}", 60)
        if float(engine.evaluate("performance.now()")) - float(playable) > PLAY_S * 1000:
            presses: list[float] = engine.evaluate(PRESSES)
            return presses


def test_webkit_makes_the_snapshot_after_the_first_moves_and_starts_from_it_on_the_next_visit(
    site_address: str,
) -> None:
    with running("WebKit") as engine:
        engine.goto(f"{site_address}#{CODE}")
        ready(engine)
        if not engine.evaluate(SCHEDULED):
            # Python's start was fast on this first visit (it takes 1-12 s in WebKit here,
            # the threshold is 0.8 s): no snapshot is due before the second, which makes it.
            engine.reload()
            ready(engine)
            assert engine.evaluate(SCHEDULED) == 1, "the second visit plans the snapshot"
        presses = play_at_once(engine)
        snapshot_made(engine)
        # The making waited for the player: it started once the taps had stopped for QUIET_MS.
        started = engine.evaluate(MAKING_STARTED)
        assert started is not None, "the snapshot's worker was started"
        waited_for_quiet(started, presses, engine.evaluate(STARTED))
        assert f"snapshot-{build()}" in engine.evaluate(KEYS), "the snapshot is in Cache Storage"
        engine.reload()
        ready(engine)
        assert engine.evaluate(RESTORED) == 1, "the next visit started from the snapshot"
        assert engine.evaluate(SCHEDULED) == 0, "and makes no other"
