"""The solver's soundness, at scale: random endgames against an exhaustive search.

The same check as the test suite's (``tests/engine/endgames.py``), on as many
random positions as asked for, new ones on every run unless ``--seed`` is
given: Klondike (every draw mode and rule set; ``klondike-full`` with every
column taken) and the Spider family (1, 2 and 4 suits). Each winning line
must replay to a win; every other answer must equal the exhaustive search's. A disagreement stops the run and prints
the position (as the game's JSON) to reproduce it.

Usage:
    .venv/bin/python -m bench.solver_soundness --examples 20000
    .venv/bin/python -m bench.solver_soundness --games spider --examples 3000 --seed 1

Results: bench/results/solver_soundness.json (cases per variant and verdict).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis.errors import UnsatisfiedAssumption

from bench.common import print_table, save
from engine import Game
from tests.engine.endgames import check_verdict, klondike_endgames, klondike_full_tables, spider_endgames

FAMILIES = {"klondike": klondike_endgames, "klondike-full": klondike_full_tables, "spider": spider_endgames}
LIMITS = {"klondike-full": 60_000}
"""Positions the exhaustive search may visit per case, where not the suite's default."""


def check_many(family: str, examples: int, chosen_seed: int | None) -> Counter[tuple[str, str, str]]:
    """Run ``examples`` random cases of one family; count them by variant,
    the solver's answer and the exhaustive verdict (``-`` when a replayed
    win settled it, ``too big`` when the exhaustive search could not finish)."""
    counts: Counter[tuple[str, str, str]] = Counter()

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=(Phase.generate, Phase.shrink),
        suppress_health_check=list(HealthCheck),
    )
    @given(FAMILIES[family]())
    def case(game: Game) -> None:
        variant = game.code.rsplit("-", 1)[0]
        try:
            result, expected = check_verdict(game, limit=LIMITS.get(family, 20_000))
        except UnsatisfiedAssumption:
            counts[(variant, "-", "too big")] += 1
            raise
        counts[(variant, result.status, expected)] += 1

    if chosen_seed is not None:
        case = seed(chosen_seed)(case)
    case()
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", choices=sorted(FAMILIES), default=sorted(FAMILIES))
    parser.add_argument("--examples", type=int, default=5000, help="random positions per family (default 5000)")
    parser.add_argument("--seed", type=int, help="the same positions on every run with the same seed")
    args = parser.parse_args()
    rows = []
    report: dict[str, object] = {"examples": args.examples, "seed": args.seed, "families": {}}
    for family in args.games:
        started = time.perf_counter()
        counts = check_many(family, args.examples, args.seed)
        elapsed = time.perf_counter() - started
        for (variant, status, expected), n in sorted(counts.items()):
            rows.append([family, variant, status, expected, n])
        families = report["families"]
        assert isinstance(families, dict)
        families[family] = {
            "seconds": round(elapsed, 1),
            "cases": [
                {"variant": v, "solver": s, "exhaustive": e, "count": n} for (v, s, e), n in sorted(counts.items())
            ],
        }
        print(f"{family}: {sum(counts.values())} positions in {elapsed:.0f} s, no disagreement", flush=True)
    print_table(["family", "variant", "solver", "exhaustive", "positions"], rows)
    save("solver_soundness", report)


if __name__ == "__main__":
    main()
