"""Move latency in the page: from pointerup to the DOM showing the move, over
scripted play with real pointer events, and the longest task during play.

Two series:

- **drags**: a CPython copy of the same deal chooses each move (at random among
  the legal ones, preferring moves between piles to stock taps); the page is
  driven with the mouse exactly as a player would.
- **taps**: Klondike played by the hint's move ranking; every card that can go
  to its foundation is sent there with a single click (a tap), and only those
  taps are measured. A tap that waited to see whether a second one follows
  shows here as the wait.

Usage: .venv/bin/python -m bench.latency [--moves 200] [--taps 100]
"""

from __future__ import annotations

import argparse
import random
from functools import partial
from typing import Any

import engine
from bench.common import browser, median, percentile, print_table, save, served
from engine.advice import suggestions
from tests.browser.conftest import wait_ready
from tests.browser.helpers import card_at, cards_in, play_with_mouse, wait_idle

DEALS = ("KL1-D1N-AAAAAAB", "SD1-S2-AAAAAAB", "SP1-S2-AAAAAAB")
TAP_DEALS = tuple(f"KL1-D1N-AAAAAA{letter}" for letter in "BCDEFGHIJKLMNOPQRSTUVWXYZ")
TAPS = "Klondike taps"
"""The key of the tap series in the results (beside the deals of the drag series)."""
TAP_GAP_S = 0.4
"""Pause after a tap, so that the next tap on the same spot is not a double tap."""

PROBE = """
window.__latency = []; window.__longest = 0; window.__pressed = null;
addEventListener("pointerup", () => { window.__pressed = performance.now(); }, true);
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
}).observe({type: "longtask"});
addEventListener("DOMContentLoaded", () => {
  const watch = () => {
    const moves = document.querySelector("[data-moves]");
    if (!moves) { setTimeout(watch, 50); return; }
    new MutationObserver(() => {
      if (window.__pressed !== null) {
        window.__latency.push(performance.now() - window.__pressed);
        window.__pressed = null;
      }
    }).observe(moves, {attributes: true, childList: true, characterData: true, subtree: true});
  };
  watch();
});
"""


def choose(game: engine.Game, rng: random.Random) -> engine.Move | None:
    moves = game.legal_moves()
    if not moves:
        return None
    between = [m for m in moves if m.src != "s"]
    return rng.choice(between if between and rng.random() < 0.8 else moves)


def opened(chromium: Any, base: str, code: str) -> tuple[Any, Any]:
    """A new context (no saved game to resume) with the probe, its page ready on
    ``code``, the longest task counted from now."""
    context = chromium.new_context(viewport={"width": 1440, "height": 900}, service_workers="block")
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(f"{base}#{code}")
    wait_ready(page)
    page.evaluate("window.__longest = 0")
    return context, page


def measured(page: Any, action: Any, what: str) -> None:
    """Do ``action`` and wait until the page has drawn the move it makes."""
    before = len(page.evaluate("window.__latency"))
    action()
    try:
        page.wait_for_function("n => window.__latency.length > n", arg=before, timeout=10_000)
    except Exception as error:
        status = page.inner_text("[role=status]")
        raise SystemExit(f"the page did not play {what}: {status!r}") from error


def tap_series(chromium: Any, base: str, count: int) -> dict[str, Any]:
    """Single taps that send a card home, over Klondike deals played by the hint ranking."""
    taps: list[float] = []
    longest = 0.0
    for code in TAP_DEALS:
        if len(taps) >= count:
            break
        # A fresh context for each deal: no saved game in progress to resume or ask about.
        context, page = opened(chromium, base, code)
        game = engine.new_game(code)
        for _ in range(400):
            if len(taps) >= count or game.won:
                break
            ranked = suggestions(game)
            if not ranked:
                break
            home = [a.move for a in ranked if a.move.dst == "f" and (a.move.src == "w" or a.move.src.startswith("t"))]
            move = home[0] if home else ranked[0].move
            if home:
                wait_idle(page)
                size = len(cards_in(page, move.src))
                card = card_at(page, move.src, size - 1)
                start = len(page.evaluate("window.__latency"))
                measured(page, partial(page.mouse.click, card.x + card.w / 2, card.y + 12), f"{code} {move}")
                taps.append(float(page.evaluate("window.__latency")[start]))
                page.wait_for_timeout(TAP_GAP_S * 1000)
            else:
                measured(page, partial(play_with_mouse, page, game, move), f"{code} {move}")
            game.play(move)
        wait_idle(page)
        longest = max(longest, float(page.evaluate("window.__longest")))
        context.close()
    return {"moves": len(taps), "latency_ms": taps, "longest_task_ms": longest, "series": "taps"}


def play(chromium: Any, base: str, code: str, count: int, seed: int) -> dict[str, Any]:
    context, page = opened(chromium, base, code)
    game = engine.new_game(code)
    rng = random.Random(seed)
    played = 0
    while played < count:
        move = choose(game, rng)
        if move is None or game.won:
            break
        before = len(page.evaluate("window.__latency"))
        play_with_mouse(page, game, move)
        try:
            page.wait_for_function("n => window.__latency.length > n", arg=before, timeout=10_000)
        except Exception as error:
            status = page.inner_text("[role=status]")
            raise SystemExit(f"{code}: the page did not play {move} (move {played + 1}): {status!r}") from error
        game.play(move)
        played += 1
    wait_idle(page)
    latency = [float(x) for x in page.evaluate("window.__latency")]
    longest = float(page.evaluate("window.__longest"))
    context.close()
    return {"moves": played, "latency_ms": latency, "longest_task_ms": longest}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--taps", type=int, default=100, help="taps measured in the tap series (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    results = {}
    with served() as base, browser() as chromium:
        for code in DEALS:
            results[code] = play(chromium, base, code, args.moves, args.seed)
        if args.taps:
            results[TAPS] = tap_series(chromium, base, args.taps)
    rows = []
    for code, result in results.items():
        latency = result["latency_ms"]
        rows.append(
            [
                code,
                result["moves"],
                f"{median(latency):.1f} ms",
                f"{percentile(latency, 0.95):.1f} ms",
                f"{max(latency):.1f} ms",
                f"{result['longest_task_ms']:.0f} ms",
            ]
        )
    print("Move latency: pointerup to the DOM showing the move (headless Chromium, 1440x900)")
    print("Drags for each deal; taps: a single click sending a card to its foundation")
    print_table(["series", "moves", "median", "p95", "max", "longest task"], rows)
    save("latency", results)


if __name__ == "__main__":
    main()
