"""Undo to the last winnable position, in the page, at a mid-range phone's speed.

The games: proven-winnable deals played by the careless player of ``bench.turning``
for ``--moves`` moves, kept when the solver (in CPython, briefly) cannot find a win from
their end. Each is opened in Chromium; once the table is playable the processor is
slowed ``CPU_SLOWDOWN`` times (as ``bench.network`` slows a phone), a hint is asked,
and when its check says the position is lost, its "Undo to the last winnable position"
is taken. The time is the page's own, from the press to the answer: actions undone, or
the plain word that it could not decide.

Usage:
    .venv/bin/python -m bench.rewind                 # 6 lost Klondike draw 1 games of 100 moves
    .venv/bin/python -m bench.rewind --variant KL1-D3N --games 4

Results: bench/results/rewind.json.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from bench.common import browser, median, print_table, save, served
from bench.network import CPU_SLOWDOWN, throttle
from bench.turning import careless_game
from engine.winnable_seeds import seeds_for
from ui.model.hashlink import record_hash

HINT_ANSWERED = (
    "document.body.dataset.hintVerdict === 'proven' || "
    "['lost', 'unknown', 'error'].includes(document.getElementById('solver-panel').dataset.state) || "
    "document.getElementById('status-rewind') !== null"
)
ANSWERED = "window.__rewindAnswered !== undefined"
TIMEOUT_MS = 300_000


def lost_games(variant: str, games: int, moves: int, seed: int) -> list[engine.Game]:
    """The first ``games`` careless games of ``variant`` whose end the solver finds no win from."""
    option_set = engine.option_set(variant)
    rng = random.Random(seed)
    found: list[engine.Game] = []
    for deal in seeds_for(option_set.prefix):
        if len(found) >= games:
            break
        game = careless_game(option_set.code(deal), moves, rng)
        if game.won or engine.solve(game, seconds=5).status == "winnable":
            continue
        found.append(game)
    return found


def measure(chromium: Any, url: str, game: engine.Game) -> dict[str, Any]:
    context = chromium.new_context(viewport={"width": 360, "height": 640}, has_touch=True, service_workers="block")
    page = context.new_page()
    try:
        page.goto(url + record_hash(game.record()))
        page.wait_for_function("document.body.dataset.ready === 'true'", timeout=TIMEOUT_MS)
        throttle(context, page)  # the processor only: the table is already loaded
        page.keyboard.press("h")
        page.wait_for_function(HINT_ANSWERED, timeout=TIMEOUT_MS)
        if page.locator("#status-rewind").count() == 0:
            return {"code": game.code, "moves": len(game.played), "result": "not offered", "seconds": None}
        page.evaluate(
            """() => {
              const panel = document.getElementById('solver-panel');
              let searched = false;
              new MutationObserver(() => {
                if (panel.dataset.state === 'searching') searched = true;
                else if (searched && window.__rewindAnswered === undefined) window.__rewindAnswered = performance.now();
              }).observe(panel, { attributes: true, attributeFilter: ['data-state'] });
              window.__rewindPressed = performance.now();
              document.getElementById('status-rewind').click();
            }"""
        )
        page.wait_for_function(ANSWERED, timeout=TIMEOUT_MS)
        seconds = page.evaluate("(window.__rewindAnswered - window.__rewindPressed) / 1000")
        state = page.evaluate("document.getElementById('solver-panel').dataset.state")
        moves = int(page.get_attribute("[data-moves]", "data-moves") or "0")
        return {
            "code": game.code,
            "moves": len(game.played),
            "result": f"back to move {moves}" if state in ("rewound", "closed") else state,
            "seconds": round(float(seconds), 2),
        }
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="KL1-D1N", help="the deal codes' start (default KL1-D1N)")
    parser.add_argument("--games", type=int, default=6, help="lost games to measure (default 6)")
    parser.add_argument("--moves", type=int, default=100, help="moves the player plays (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="the player's random seed")
    args = parser.parse_args()

    games = lost_games(args.variant, args.games, args.moves, args.seed)
    rows = []
    with served() as url, browser() as chromium:
        for game in games:
            row = measure(chromium, url, game)
            rows.append(row)
            print(f"{row['code']}: {row['result']} in {row['seconds']} s", flush=True)
    print_table(
        ["deal", "moves", "answer", "s"], [[r["code"], r["moves"], r["result"], r["seconds"] or "–"] for r in rows]
    )
    times = [r["seconds"] for r in rows if r["seconds"] is not None]
    summary = {
        "variant": args.variant,
        "cpu_slowdown": CPU_SLOWDOWN,
        "games": len(rows),
        "median_s": round(median(times), 2) if times else None,
        "max_s": max(times, default=None),
    }
    print(summary)
    save("rewind", {"summary": summary, "rows": rows})


if __name__ == "__main__":
    main()
