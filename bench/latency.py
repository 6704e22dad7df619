"""Move latency in the page: from pointerup to the DOM showing the move, over
scripted play with real pointer events, and the longest task during play.

A CPython copy of the same deal chooses each move (at random among the legal
ones, preferring moves between piles to stock taps); the page is driven with
the mouse exactly as a player would.

Usage: .venv/bin/python -m bench.latency [--moves 200]
"""

from __future__ import annotations

import argparse
import random
from typing import Any

import engine
from bench.common import browser, median, percentile, print_table, save, served
from tests.browser.conftest import wait_ready
from tests.browser.helpers import card_at, cards_in, drag_from, wait_idle

DEALS = ("KL1-D1N-AAAAAAB", "SD1-S2-AAAAAAB", "SP1-S2-AAAAAAB")

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


def perform(page: Any, game: engine.Game, move: engine.Move) -> None:
    wait_idle(page)  # measure where cards are, not where an animation has them
    if move.is_stock_tap:
        stock = page.eval_on_selector(
            "[data-pile='s']",
            "e => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }",
        )
        page.mouse.click(*stock)
        return
    source = game.pile(move.src)
    target = move.dst
    if target == "f":
        target = "f" + str("shdc".index(source[-move.count].suit) + 1)
    size = len(cards_in(page, move.src))
    drag_from(page, card_at(page, move.src, size - move.count).grab, target)


def play(chromium: Any, base: str, code: str, count: int, seed: int) -> dict[str, Any]:
    context = chromium.new_context(viewport={"width": 1440, "height": 900}, service_workers="block")
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(f"{base}#{code}")
    wait_ready(page)
    page.evaluate("window.__longest = 0")
    game = engine.new_game(code)
    rng = random.Random(seed)
    played = 0
    while played < count:
        move = choose(game, rng)
        if move is None or game.won:
            break
        before = len(page.evaluate("window.__latency"))
        perform(page, game, move)
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
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    results = {}
    with served() as base, browser() as chromium:
        for code in DEALS:
            results[code] = play(chromium, base, code, args.moves, args.seed)
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
    print_table(["deal", "moves", "median", "p95", "max", "longest task"], rows)
    save("latency", results)


if __name__ == "__main__":
    main()
