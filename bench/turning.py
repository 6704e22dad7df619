"""Where the win was lost: how long ``engine.turning_point``'s search takes on lost games.

The games: proven-winnable deals (the shipped seeds, ``engine.winnable_seeds``) played
by a careless player, who plays the fast ranking's best move (``engine.advice``) most
of the time and a random legal move otherwise, up to ``--moves`` moves. A game the
player won, or that can still be won at its end, is left out; the first ``--games``
others are the sample. Each one's turning point is searched as the page's worker does
(``TurningSearch``, at most ``--per-position`` positions for each position), within
``--seconds`` of this process's processor time.

For each game: its moves, the move that lost the win, how many positions the scan
solved (from the end back to the turning point), the positions searched and the time;
then the median, 90th percentile and longest time, and how many were decided.

Usage:
    .venv/bin/python -m bench.turning                         # 20 lost Klondike draw 1 games
    .venv/bin/python -m bench.turning --variant KL1-D3N --games 10 --seconds 30

Results: bench/results/turning.json.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from bench.common import median, percentile, print_table, save
from engine.advice import suggestions
from engine.solver.lookback import TurningSearch
from engine.winnable_seeds import seeds_for

CARELESS = 0.3
"""How often the player plays a random legal move instead of the ranking's best."""


def careless_game(code: str, moves: int, rng: random.Random) -> engine.Game:
    """``code`` played by the careless player for at most ``moves`` moves."""
    game = engine.new_game(code)
    while not game.won and len(game.played) < moves:
        legal = game.legal_moves()
        if not legal:
            break
        ranked = suggestions(game)
        move = ranked[0].move if ranked and rng.random() >= CARELESS else rng.choice(legal)
        game.play(move)
    return game


def measure(game: engine.Game, per_position: int, seconds: float) -> dict[str, Any]:
    """Search ``game``'s turning point within ``seconds`` of processor time."""
    search = TurningSearch(game, per_position)
    started = time.process_time()
    status = None
    while status is None and time.process_time() - started < seconds:
        status = search.step(2048)
    spent = time.process_time() - started
    turn = search.result
    return {
        "code": game.code,
        "record": game.record(),
        "moves": len(game.played),
        "status": status or "time",
        "index": turn.index if turn is not None else None,
        "played": str(game.played[turn.index]) if turn is not None else None,
        "better": turn.better if turn is not None else None,
        "solved": len(search.scan.lost) + len(search.undecided) + (1 if search.scan.found is not None else 0),
        "undecided": len(search.undecided),
        "nodes": search.nodes,
        "seconds": round(spent, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="KL1-D1N", help="the deal codes' start (default KL1-D1N)")
    parser.add_argument("--games", type=int, default=20, help="lost games to measure (default 20)")
    parser.add_argument("--moves", type=int, default=120, help="moves the player plays at most (default 120)")
    parser.add_argument("--per-position", type=int, default=150_000, help="as the page: 150,000 positions")
    parser.add_argument("--seconds", type=float, default=60.0, help="the whole search's budget (default 60)")
    parser.add_argument("--seed", type=int, default=1, help="the player's random seed")
    args = parser.parse_args()

    option_set = engine.option_set(args.variant)
    rng = random.Random(args.seed)
    rows: list[dict[str, Any]] = []
    skipped = 0
    for seed in seeds_for(option_set.prefix):
        if len(rows) >= args.games:
            break
        game = careless_game(option_set.code(seed), args.moves, rng)
        if game.won:
            skipped += 1
            continue
        row = measure(game, args.per_position, args.seconds)
        if row["status"] == "winnable":
            skipped += 1  # not lost: the player could still win it
            continue
        rows.append(row)
        print(
            f"{row['code']}: {row['status']} at move {row['index']} of {row['moves']}, "
            f"{row['solved']} positions solved, {row['nodes']:,} searched, {row['seconds']:.2f} s",
            flush=True,
        )

    times = [row["seconds"] for row in rows]
    decided = [row for row in rows if row["status"] in ("found", "unwinnable")]
    print()
    print_table(
        ["deal", "moves", "lost at", "played", "better", "solved", "searched", "s"],
        [
            [
                row["code"],
                row["moves"],
                row["index"] + 1 if row["index"] is not None else row["status"],
                row["played"] or "",
                row["better"] or "",
                row["solved"],
                f"{row['nodes']:,}",
                f"{row['seconds']:.2f}",
            ]
            for row in rows
        ],
    )
    summary = {
        "variant": option_set.prefix,
        "games": len(rows),
        "left_out": skipped,
        "decided": len(decided),
        "median_s": round(median(times), 3),
        "p90_s": round(percentile(times, 0.9), 3),
        "max_s": round(max(times, default=float("nan")), 3),
        "median_solved": median([row["solved"] for row in rows]),
    }
    print()
    print_table(list(summary), [list(summary.values())])
    save("turning", {"args": vars(args), "summary": summary, "rows": rows})


if __name__ == "__main__":
    main()
