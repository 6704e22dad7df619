"""The game in Firefox and in WebKit (the engine of every iPhone browser), as each ships.

One test per engine, all in one visit so that each boots as few times as it can:
boot, a drag, a tap that sends a card to its foundation, a reload that resumes the
game, the page's word that offline play is ready (its worker checked its cache), then
the server stopped and the page reloaded in Thai: it plays offline from the service
worker's cache, and its Thai text is shaped. An engine that is missing
fails its test with the command that installs it (``.ci/run`` installs both): a
suite that passes without them has not tested them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.browser.engines import Engine, running, wait_for
from tools import vendor
from tools.devserver import serve_in_background
from ui.model.i18n import in_language

CODE = "KL1-D1N-AAAAAAG"
GOLF = "GF1-N-AAAAAAI"
"""Golf's deal whose third column ends with the 5 of clubs, on the waste's 4 of diamonds."""
TRIPEAKS = "TP1-W-AAAAAAB"
"""TriPeaks' deal whose bottom row holds the free King of spades, on the waste's Queen of spades."""
PYRAMID = "PY1-P3-AAAAAAG"
"""Pyramid's deal whose bottom row is 7s 9d Kc Qs 3s 4d Ah."""
"""Deals Ad Jc Kd Tc 9d 3s Ah face up on columns 1-7 (tests/browser/test_klondike_play.py)."""
BOOT_S = 240
"""A cold boot of WebKit on a loaded 2-core machine takes a minute; well past that, it is stuck."""

CARD_POINT = """(card => {
  const r = document.querySelector(`[data-card='${card}']`).getBoundingClientRect();
  return [r.x + r.width / 2, r.y + Math.min(6, r.height / 4)];
})"""
PILE_POINT = """(pile => {
  const el = document.querySelector(`[data-pile='${pile}']`);
  const cards = [...el.querySelectorAll('.card')].sort((a, b) => (+a.style.zIndex) - (+b.style.zIndex));
  const r = (cards.length ? cards[cards.length - 1] : el).getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height * 0.45];
})"""
PILE_OF = "document.querySelector(\"[data-card='{card}']\")?.closest('[data-pile]')?.dataset.pile"
MOVES = "+document.querySelector('[data-moves]').textContent.trim()"
IDLE = (
    "document.getAnimations().filter(a => a.playState === 'running' && a.id !== 'cascade' && "
    "!a.effect?.target?.closest?.('.celebration')).length === 0"
)
TABLE_NOW = """(names => ({
  moves: document.querySelector('[data-moves]')?.textContent,
  running: document.getAnimations().filter(a => a.playState === 'running')
    .map(a => `${a.id || a.animationName || a.transitionProperty || '?'} on `
      + (a.effect?.target?.className || a.effect?.target?.tagName)),
  status: document.getElementById('status')?.textContent,
  boot: document.getElementById('boot')?.hidden,
  dialogs: [...document.querySelectorAll('dialog[open]')].map(d => d.id),
  pointer: window.pointerSeen,
  cards: Object.fromEntries(names.map(c => {
    const card = document.querySelector(`[data-card='${c}']`);
    const r = card?.getBoundingClientRect();
    return [c, `${card?.closest('[data-pile]')?.dataset.pile} at ${Math.round(r?.x)},${Math.round(r?.y)}`];
  })),
}))"""
"""What the table shows now, with where the cards named are, said when a wait for it fails."""
RECORD_POINTER = """(() => {
  window.pointerSeen = [];
  for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'lostpointercapture']) {
    const seen = (e) => window.pointerSeen.push(`${type} ${Math.round(e.clientX)},${Math.round(e.clientY)}`);
    addEventListener(type, seen, true);
  }
  return true;
})()"""
"""The pointer's events as the page gets them, for a failure's message."""
THAI_SHAPED = """(async () => {
  await document.fonts.load('48px "Noto Sans Thai"', 'กี่');
  const context = document.createElement('canvas').getContext('2d');
  context.font = '48px "Noto Sans Thai"';
  const ascent = (text) => context.measureText(text).actualBoundingBoxAscent;
  // Shaped, the tone mark climbs over the upper vowel (mark-to-mark positioning);
  // unshaped, it sits where it would on the bare consonant, through the vowel.
  const loaded = [...document.fonts].some((face) => face.family.includes('Noto Sans Thai') && face.status === 'loaded');
  return { stacked: ascent('กี่'), alone: ascent('ก่'), loaded };
})()"""
OWN_ORIGIN_ONLY = (
    "performance.getEntriesByType('resource').map(e => e.name)"
    ".filter(n => !n.startsWith(location.origin) && !n.startsWith('data:') && !n.startsWith('blob:'))"
)
RUNTIME_FETCHES = (
    "performance.getEntriesByType('resource').map(e => e.name.split('?')[0])"
    ".filter(n => n.includes('/static/vendor/pyodide/') || n.includes('/game.zip.'))"
)

DECODES_BROTLI = "(() => { try { new DecompressionStream('brotli'); return true } catch { return false } })()"


@pytest.fixture
def served_site() -> Iterator[tuple[str, Callable[[], None]]]:
    """The game on a server of its own, and a way to stop it (the network gone)."""
    vendor.ensure()
    server, url = serve_in_background(site_only=True)
    running = [True]

    def stop() -> None:
        if running[0]:
            server.shutdown()
            server.server_close()
            running[0] = False

    yield url, stop
    stop()


def ready(engine: Engine) -> None:
    state = wait_for(engine, "document.body.dataset.ready", BOOT_S)
    if state != "true":
        message = engine.evaluate("document.querySelector('.boot-error-text')?.textContent")
        raise AssertionError(f"{engine.name} did not boot: {message}")


def point(engine: Engine, function: str, name: str) -> tuple[float, float]:
    x, y = engine.evaluate(f"{function}({name!r})")
    return float(x), float(y)


def moves_reach(engine: Engine, count: int, gesture: list[tuple[float, float]], cards: tuple[str, ...]) -> None:
    """Wait for the move counter to reach ``count`` after the pointer's ``gesture`` on
    ``cards``; if it does not, say what the table shows."""
    # A limit, not a pause: on a busy machine WebKit's first moves wait behind its offline
    # copy being written and checked (30 s was once not enough there).
    try:
        wait_for(engine, f"{MOVES} >= {count} && {IDLE}", 90)
    except RuntimeError as timed_out:
        try:
            now = engine.evaluate(f"({TABLE_NOW})({json.dumps(cards)})")
        except RuntimeError as unreadable:
            now = f"unreadable ({unreadable})"
        raise AssertionError(
            f"{engine.name}: {count} moves not reached after {gesture} on {cards}: {now}"
        ) from timed_out
    assert engine.evaluate(MOVES) == count


def tap(engine: Engine, card: str) -> list[tuple[float, float]]:
    """A tap on ``card``: where it landed."""
    path = [point(engine, CARD_POINT, card)]
    engine.pointer(path)
    return path


def play_one_visit(engine: Engine, url: str, stop_server: Callable[[], None]) -> dict[str, Any]:
    engine.goto(f"{url}#{CODE}")
    ready(engine)
    assert engine.evaluate("document.querySelector('[data-code]').dataset.code") == CODE
    fetched = engine.evaluate(RUNTIME_FETCHES)
    assert len(fetched) == len(set(fetched)), f"{engine.name} fetched a runtime file twice: {sorted(fetched)}"
    # The runtime's big files in the format this engine decodes, never both: brotli where
    # its DecompressionStream takes it (Safari 18.4+), else gzip (Firefox
    # ESR 140 and WebKitGTK here).
    decodes = engine.evaluate(DECODES_BROTLI)
    assert engine.evaluate("window.solitaireBoot.format") == ("br" if decodes else "gz")
    suffix, other = (".br", ".gz") if decodes else (".gz", ".br")
    for name in vendor.COMPRESSED:
        assert [url for url in fetched if url.endswith(f"/{name}{suffix}")], f"{engine.name}: no {name}{suffix}"
    assert not [url for url in fetched if url.endswith(other)], f"{engine.name} fetched {other}: {fetched}"
    assert engine.evaluate("performance.getEntriesByName('solitaire-gzip-fallback').length") == 0

    # A drag: the 9 of diamonds onto the 10 of clubs.
    wait_for(engine, IDLE, 30)
    engine.evaluate(RECORD_POINTER)
    start = point(engine, CARD_POINT, "9d")
    end = point(engine, PILE_POINT, "t4")
    path = [start, (start[0] + 12, start[1] + 12)]
    path += [(start[0] + (end[0] - start[0]) * i / 6, start[1] + (end[1] - start[1]) * i / 6) for i in range(1, 7)]
    engine.pointer(path)
    moves_reach(engine, 1, path, ("9d", "Tc"))
    assert engine.evaluate(PILE_OF.format(card="9d")) == "t4"

    # A tap: the Ace of diamonds to its foundation.
    moves_reach(engine, 2, tap(engine, "Ad"), ("Ad",))
    assert engine.evaluate(PILE_OF.format(card="Ad")) == "f3"

    # A reload resumes the game where it was.
    engine.reload()
    ready(engine)
    assert engine.evaluate(MOVES) == 2
    assert engine.evaluate(PILE_OF.format(card="9d")) == "t4"

    # Offline after one visit: the service worker holds the whole game.
    wait_for(engine, "navigator.serviceWorker.controller !== null", 120)
    engine.evaluate("navigator.serviceWorker.ready.then(() => true)")
    # The page asked its worker, which checked its cache: offline play is ready, said by
    # nothing on the table.
    offline = wait_for(engine, "document.getElementById('update').dataset.offline", 120)
    assert offline == "ready", f"{engine.name}: offline play is {offline}"
    assert engine.evaluate("document.getElementById('update').hidden")
    engine.evaluate("(localStorage.setItem('solitaire.language', 'th'), true)")
    stop_server()
    engine.reload()
    ready(engine)
    assert engine.evaluate(MOVES) == 2
    assert engine.evaluate("document.documentElement.lang") == "th"
    # The game's own words too: its Thai catalog came from the offline copy, decompressed.
    assert engine.evaluate("document.body.dataset.speaks") == "th"
    stock = engine.evaluate("document.querySelector(\"[data-pile='s']\").getAttribute('aria-label')")
    assert in_language("th", "Stock") in stock, stock
    label = engine.evaluate("document.querySelector('.stat-label').textContent")
    assert any("\u0e00" <= ch <= "\u0e7f" for ch in label), label
    shaped: dict[str, Any] = engine.evaluate(THAI_SHAPED)
    assert shaped["loaded"], f"{engine.name} did not load Noto Sans Thai offline"
    assert shaped["stacked"] > shaped["alone"] + 2, f"{engine.name} did not shape Thai: {shaped}"
    assert engine.evaluate(OWN_ORIGIN_ONLY) == []

    # Golf, still offline: a link over the game asks first, then a tap plays a column's
    # last card onto the waste.
    engine.evaluate(f"(location.hash = '#{GOLF}', true)")
    wait_for(engine, "document.querySelector('#dlg-link[open]') !== null", 30)
    engine.evaluate("(document.getElementById('link-open').click(), true)")
    wait_for(engine, f"document.querySelector('[data-code]').dataset.code === '{GOLF}' && {IDLE}", 60)
    moves_reach(engine, 1, tap(engine, "5c"), ("5c",))
    assert engine.evaluate(PILE_OF.format(card="5c")) == "w"

    # TriPeaks: overlapping cards; a tap sends the free King of spades onto the Queen.
    open_link(engine, TRIPEAKS)
    assert engine.evaluate("document.querySelectorAll(\"[data-pile^='p'] .card\").length") == 28
    moves_reach(engine, 1, tap(engine, "Ks"), ("Ks",))
    assert engine.evaluate(PILE_OF.format(card="Ks")) == "w"

    # Pyramid: a King goes with one tap; a tap lifts the Queen, a tap on the Ace removes both.
    open_link(engine, PYRAMID)
    moves_reach(engine, 1, tap(engine, "Kc"), ("Kc",))
    tap(engine, "Qs")
    wait_for(engine, "document.querySelector(\"[data-card='Qs']\").classList.contains('held')", 90)
    moves_reach(engine, 2, tap(engine, "Ah"), ("Qs", "Ah"))
    assert engine.evaluate(PILE_OF.format(card="Ah")) == "x"
    return shaped


def open_link(engine: Engine, code: str) -> None:
    """Follow a link to deal ``code`` over a game in progress: the page asks first."""
    engine.evaluate(f"(location.hash = '#{code}', true)")
    wait_for(engine, "document.querySelector('#dlg-link[open]') !== null", 30)
    engine.evaluate("(document.getElementById('link-open').click(), true)")
    wait_for(engine, f"document.querySelector('[data-code]').dataset.code === '{code}' && {IDLE}", 60)


def test_firefox_plays_resumes_offline_and_in_thai(served_site: tuple[str, Callable[[], None]]) -> None:
    with running("Firefox") as engine:
        play_one_visit(engine, *served_site)


def test_webkit_plays_resumes_offline_and_in_thai(served_site: tuple[str, Callable[[], None]]) -> None:
    with running("WebKit") as engine:
        play_one_visit(engine, *served_site)
