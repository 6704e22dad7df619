"""A game's solver figures, for a game whose search proves every verdict (Golf, TriPeaks,
Pyramid: their search leaves out no line a win could need): of the deals with seeds 0-199
of each of the game's option sets, how many it decides within 10 s of processor time, the
winnable share of those, the median and slowest time, the slowest decided deal and the
undecided ones.

Each deal is solved alone in one process (``--jobs N`` runs N side by side), with a
budget of ``--seconds`` of that process's processor time; every winning line is
replayed through the engine to a win.

Usage:
    .venv/bin/python -m bench.game_solver --game GF            # seeds 0-199, 10 s, 1 job
    .venv/bin/python -m bench.game_solver --game PY --seeds 50 --seconds 2 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine.solver import proof_search
from engine.solver.core import run


def solve_one(task: tuple[str, int, float]) -> tuple[str, int, str, int, float]:
    """``(option set, seed, status, positions, processor seconds)`` of one deal."""
    key, seed, seconds = task
    game = engine.new_game(engine.option_set(key).code(seed))
    result = run(proof_search(game), seconds=seconds, clock=time.process_time)
    if result.status == "winnable":
        for move in result.moves:
            game.play(move)
        if not game.won:
            raise SystemExit(f"The line for {game.code} does not win.")
    return key, seed, result.status, result.nodes, result.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200, help="seeds 0 to N-1 of each option set (default 200)")
    parser.add_argument("--seconds", type=float, default=10.0, help="processor seconds per deal (default 10)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--game", required=True, choices=tuple(engine.VARIANTS), help="the game's id (GF, TP, PY …)")
    args = parser.parse_args()
    option_sets = tuple(option.key for option in engine.option_sets_of(engine.variant_of(args.game)))
    tasks = [(key, seed, args.seconds) for key in option_sets for seed in range(args.seeds)]
    with Pool(args.jobs) as pool:
        rows = pool.map(solve_one, tasks, chunksize=4)
    name = engine.variant_of(args.game).name
    print(f"The solver of {name}, seeds 0-{args.seeds - 1}, {args.seconds:g} s of processor time a deal")
    heads = ("decided", 9), ("winnable", 10), ("share", 8), ("median s", 10), ("slowest s", 11), ("positions", 11)
    print(f"{'option set':<11}" + "".join(f"{head:>{width}}" for head, width in heads))
    for key in option_sets:
        own = [row for row in rows if row[0] == key]
        decided = [row for row in own if row[2] != "unknown"]
        won = sum(1 for row in decided if row[2] == "winnable")
        times = sorted(row[4] for row in own)
        median = (times[(len(times) - 1) // 2] + times[len(times) // 2]) / 2
        share = won / len(decided) if decided else 0.0
        most = max(row[3] for row in own)
        print(
            f"{key:<11}{len(decided):>5}/{len(own):<3}{won:>10}{share:>8.1%}{median:>10.3f}{times[-1]:>11.2f}{most:>11}"
        )
        slowest = max(decided, key=lambda row: row[4], default=None)
        if slowest is not None:
            print(f"  slowest decided: seed {slowest[1]}, {slowest[2]}, {slowest[4]:.2f} s, {slowest[3]} positions")
        print("  undecided seeds:", " ".join(str(row[1]) for row in own if row[2] == "unknown") or "none")


if __name__ == "__main__":
    main()
