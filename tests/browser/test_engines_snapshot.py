"""A damaged interpreter snapshot in Firefox and in WebKit (the engine of every iPhone
browser), as each ships: the start checks the snapshot's bytes before it runs them, drops
a damaged one, starts the normal way and makes it again (tools/pyodide-game.mjs).

The bytes are damaged where an adversarial review found every kind of failure: a restore
that seemed to succeed before Python died, a MemoryError, a tab frozen for good.
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
    RESTORED,
    SCHEDULED,
    snapshot_url,
)
from tools import vendor
from tools.devserver import serve_in_background

CODE = "KL1-D1N-AAAAAAG"
BOOT_S = 240
"""A cold boot of WebKit on a loaded 2-core machine takes a minute; well past that, it is stuck."""
SNAPSHOT_S = 240
"""Making a snapshot starts a second interpreter in a worker: slow in WebKit on a busy machine."""


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
