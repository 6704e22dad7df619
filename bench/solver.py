"""Solver figures: how many deals the solver decides within its budget, how fast,
and what fraction is winnable.

Each deal is solved alone in one process on one core, with a budget of
``--seconds`` of that process's processor time (``--clock wall`` uses the
wall clock instead; on a busy machine that budget buys less search). ``--jobs N``
runs N such processes side by side to finish sooner; each deal still has one
core. Every winning line is replayed through the engine, and every
``unwinnable`` comes from a search that left no move out (``proof_search``:
for Klondike and FreeCell only its complete depth-first half may answer it).

The winnable fraction is counted among the decided deals, with a Wilson 95%
interval; the bounds that count every undecided deal as lost, then as won,
are in the JSON.

Games are named by their option sets (``engine.OPTION_SETS``: ``KL-D1N``,
``SP-S4``, ``FC-F4`` …; any case). Seeds a game's codes cannot carry are
skipped (FreeCell's are Microsoft's deal numbers, from 1: seed 0 is skipped).

Usage:
    .venv/bin/python -m bench.solver                       # the default games, seeds 0-199, 10 s
    .venv/bin/python -m bench.solver --games KL-D1N KL-D3N --seeds 0-49 --seconds 2 --jobs 2
    .venv/bin/python -m bench.solver --games fc-f4 --seeds 1-200,11982 --jobs 2 --name solver-freecell

Results: bench/results/solver.json (one row per deal and the summary table).
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import sys
import time
from collections.abc import Iterator
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from bench.common import RESULTS, median, percentile, print_table, save
from engine.options import OPTION_SETS, OptionSet
from engine.solver import proof_search
from engine.solver.core import run

GAMES: dict[str, OptionSet] = {o.key: o for o in OPTION_SETS}
"""Every option set, by key."""
DEFAULT_GAMES = ("KL-D1N", "KL-D3N", "SD-S1", "SD-S2", "SD-S4", "SP-S1", "SP-S2", "SP-S4", "FC-F4")
"""The games benchmarked unless told otherwise."""
LABELS = {key: o.label for key, o in GAMES.items()}
Z95 = 1.959964


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def seed_list(text: str) -> list[int]:
    """``"0-199"`` or ``"1,5,9"`` or a mix, as a list of seeds."""
    seeds: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        seeds.extend(range(int(first), int(last or first) + 1))
    return seeds


def solve_one(task: tuple[str, str, float, str]) -> dict[str, Any]:
    """Solve one deal (in a worker process) and check its line."""
    game_key, code, seconds, clock_name = task
    clock = time.process_time if clock_name == "cpu" else time.perf_counter
    game = engine.new_game(code)
    wall = time.perf_counter()
    result = run(proof_search(game), seconds=seconds, clock=clock)
    wall = time.perf_counter() - wall
    # Each deal runs in a fresh worker process (maxtasksperchild=1), so this
    # is the deal's own peak resident memory (Linux reports kilobytes).
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    replayed = None
    if result.status == "winnable":
        check = engine.new_game(code)
        for move in result.moves:
            check.play(move)
        replayed = check.won
    return {
        "game": game_key,
        "code": code,
        "status": result.status,
        "reason": result.reason,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 3),
        "wall": round(wall, 3),
        "line": len(result.moves),
        "replayed": replayed,
        "peak_mb": round(peak_mb, 1),
    }


def summarize(game_key: str, rows: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    n = len(rows)
    won = sum(r["status"] == "winnable" for r in rows)
    lost = sum(r["status"] == "unwinnable" for r in rows)
    decided = won + lost
    # An undecided deal took at least the whole budget.
    times = [r["seconds"] if r["status"] != "unknown" else max(r["seconds"], seconds) for r in rows]
    low, high = wilson(won, decided)
    lost_low, lost_high = wilson(won, n)
    return {
        "game": game_key,
        "label": LABELS[game_key],
        "deals": n,
        "decided": decided,
        "decided_fraction": decided / n if n else 0.0,
        "winnable": won,
        "unwinnable": lost,
        "unknown": n - decided,
        "median_seconds": median(times),
        "p90_seconds": percentile(times, 0.9),
        "winnable_fraction": won / decided if decided else float("nan"),
        "wilson95": [low, high],
        "winnable_if_unknown_lost": won / n if n else float("nan"),
        "wilson95_if_unknown_lost": [lost_low, lost_high],
        "winnable_if_unknown_won": (n - lost) / n if n else float("nan"),
        "replay_failures": sum(r["replayed"] is False for r in rows),
        "peak_mb": max((r.get("peak_mb", 0.0) for r in rows), default=0.0),
    }


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def report(seeds: str, seconds: float, clock: str, jobs: int, summary: list[dict[str, Any]]) -> None:
    """Print the summary table (also used by ``--report``)."""
    print(
        f"Seeds {seeds}, budget {seconds:g} s of {'processor' if clock == 'cpu' else 'wall'} "
        f"time per deal, one core each ({jobs} side by side)"
    )
    rows = []
    for s in summary:
        low, high = s["wilson95"]
        lost_low, lost_high = s["wilson95_if_unknown_lost"]
        rows.append(
            [
                s["label"],
                s["deals"],
                f"{s['decided']} ({percent(s['decided_fraction'])})",
                s["winnable"],
                s["unwinnable"],
                f"{s['median_seconds']:.3f}",
                f"{s['p90_seconds']:.3f}",
                f"{percent(s['winnable_fraction'])} ({100 * low:.1f}-{100 * high:.1f})" if s["decided"] else "-",
                f"{percent(s['winnable_if_unknown_lost'])} ({100 * lost_low:.1f}-{100 * lost_high:.1f})",
                f"{s.get('peak_mb', 0.0):.0f}",
            ]
        )
    print_table(
        [
            "game",
            "deals",
            "decided",
            "winnable",
            "unwinnable",
            "median s",
            "p90 s",
            "winnable of decided (95% CI)",
            "undecided as lost (95% CI)",
            "peak MB",
        ],
        rows,
    )


def tasks(games: list[str], seeds: list[int], seconds: float, clock: str) -> Iterator[tuple[str, str, float, str]]:
    for game_key in games:
        option_set = GAMES[game_key]
        for seed in seeds:
            if seed in option_set.seeds:
                yield (game_key, option_set.code(seed), seconds, clock)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", type=str.upper, choices=list(GAMES), default=list(DEFAULT_GAMES))
    parser.add_argument("--seeds", default="0-199", help="e.g. 0-199 or 3,7,10-20 (default 0-199)")
    parser.add_argument("--seconds", type=float, default=10.0, help="budget per deal (default 10)")
    parser.add_argument("--jobs", type=int, default=1, help="single-core processes side by side (default 1)")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu", help="what the budget counts")
    parser.add_argument("--name", default="solver", help="results file name under bench/results/")
    parser.add_argument("--report", action="store_true", help="print the table of a saved run and stop")
    args = parser.parse_args()
    if args.report:
        saved = json.loads((RESULTS / f"{args.name}.json").read_text(encoding="utf-8"))
        for r in saved["deals"]:
            r["game"] = r["game"].upper()  # older runs wrote the keys in lower case
        summary = [summarize(g, [r for r in saved["deals"] if r["game"] == g], saved["seconds"]) for g in GAMES]
        summary = [s for s in summary if s["deals"]]
        report(saved["seeds"], saved["seconds"], saved["clock"], saved["jobs"], summary)
        return
    seeds = seed_list(args.seeds)
    work = list(tasks(args.games, seeds, args.seconds, args.clock))
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    with Pool(args.jobs, maxtasksperchild=1) as pool:
        for row in pool.imap_unordered(solve_one, work):
            rows.append(row)
            print(
                f"{row['code']}  {row['status']:<10}  {row['seconds']:7.2f} s  {row['nodes']:>8} nodes"
                f"  {row['peak_mb']:6.0f} MB" + ("" if row["replayed"] is not False else "  REPLAY FAILED"),
                flush=True,
            )
    rows.sort(key=lambda r: (list(GAMES).index(r["game"]), r["code"]))
    summary = [summarize(g, [r for r in rows if r["game"] == g], args.seconds) for g in args.games]

    print()
    report(args.seeds, args.seconds, args.clock, args.jobs, summary)
    save(
        args.name,
        {
            "seeds": args.seeds,
            "seconds": args.seconds,
            "clock": args.clock,
            "jobs": args.jobs,
            "python": sys.version.split()[0],
            "elapsed": round(time.perf_counter() - started, 1),
            "summary": summary,
            "deals": rows,
        },
    )


if __name__ == "__main__":
    main()
