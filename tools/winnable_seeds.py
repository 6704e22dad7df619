"""Regenerate a game's winnable seeds (``WINNABLE`` of engine/<game module>_seeds.py).

For each variant it walks a fixed, pseudo-random list of seeds (the same list
on every run), solves each deal within a budget of processor time, and keeps
the deals whose winning line, replayed move by move through the engine, wins
the game. The proof is the replay: it does not depend on how the solver found
the line. Deals it cannot decide within the budget are skipped, so variants
where the solver is slow (Spider with 4 suits) get fewer seeds, and the page
looks for more with the solver when it runs out.

One game at a time (its id, ``--game GF``): the seeds go into the game's own
generated module (tools/seed_tables.py), beside its daily table.

Usage:
    python3 tools/winnable_seeds.py --game KL            # every variant of Klondike, defaults below
    python3 tools/winnable_seeds.py --game SP --count 40 --seconds 20 --jobs 2 --variants SP1-S4
    python3 tools/winnable_seeds.py --check 3            # replay a sample of every game's shipped seeds
    python3 tools/winnable_seeds.py --game SD --resume --variants SD1-S4 --count 25 --seconds 60 --tries 120
                                                         # keep SD1-S4's seeds, try further candidates

Variants not named keep the seeds they have in the current module.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402 - the path above makes the package importable from anywhere
from engine.options import OPTION_SETS, option_set  # noqa: E402
from engine.solver import search_for  # noqa: E402
from engine.solver.core import run  # noqa: E402
from engine.variants import VARIANTS as GAMES  # noqa: E402
from tools import seed_tables  # noqa: E402

VARIANTS = tuple(o.prefix for o in OPTION_SETS)
"""Every option set the New game dialog offers, as the start of its deal codes
(``"KL1-D3V"``: the keys of ``engine.winnable_seeds.WINNABLE``)."""


def candidates(variant: str, limit: int) -> list[int]:
    """The seeds tried for a variant, in order: the same on every run."""
    rng = random.Random(f"winnable {variant}")
    seeds = option_set(variant).seeds
    return [seeds[rng.randrange(len(seeds))] for _ in range(limit)]


def code_of(variant: str, seed: int) -> str:
    return option_set(variant).code(seed)


def prove(task: tuple[str, int, float]) -> tuple[str, int, str, int, float]:
    """Solve one deal in a worker process: ``(variant, seed, status, nodes, seconds)``.

    ``status`` is ``"winnable"`` only when the line replays to a win."""
    variant, seed, seconds = task
    game = engine.new_game(code_of(variant, seed))
    result = run(search_for(game), seconds=seconds, clock=time.process_time)
    status = result.status
    if status == "winnable":
        check = game.copy()
        for move in result.moves:
            check.play(move)
        if not check.won:
            status = "replay failed"
    return variant, seed, status, result.nodes, result.seconds


def generate(
    variant: str,
    count: int,
    seconds: float,
    tries: int,
    jobs: int,
    skip: int = 0,
    found_one: Callable[[list[tuple[int, int]], int], None] | None = None,
) -> tuple[list[tuple[int, int]], int]:
    """Up to ``count`` proven seeds of one variant, as ``(seed, nodes)``, fewest
    nodes first, and how many deals were tried (counting the first ``skip``
    candidates, tried by an earlier run and passed over). ``found_one`` gets
    the seeds so far and the deals tried after each new one, so a long run
    that is stopped keeps what it found."""
    found: list[tuple[int, int]] = []
    tasks = [(variant, seed, seconds) for seed in candidates(variant, tries)[skip:]]
    tried = skip
    with Pool(jobs) as pool:
        for _, seed, status, nodes, spent in pool.imap(prove, tasks):
            tried += 1
            print(f"{code_of(variant, seed)}  {status:<13} {nodes:>9} nodes {spent:6.2f} s", flush=True)
            if status == "replay failed":
                raise SystemExit(f"The solver's line for {code_of(variant, seed)} does not win.")
            if status == "winnable":
                found.append((seed, nodes))
                if found_one is not None:
                    found_one(found, tried)
                if len(found) >= count:
                    pool.terminate()
                    break
    print(f"{variant}: {len(found)} winnable of {tried - skip} tried", flush=True)
    return sorted(found, key=lambda pair: (pair[1], pair[0])), tried


def tried_before(note: str) -> int:
    """How many candidates a variant's note says were tried."""
    match = re.search(r"of (\d+) deals tried", note)
    return int(match.group(1)) if match else 0


def budget_before(note: str) -> str:
    """The time budget a variant's note gives (``"30 s"``)."""
    match = re.search(r"tried, (.*) of solver time", note)
    return match.group(1) if match else ""


def current(game: str) -> tuple[dict[str, tuple[tuple[int, int], ...]], dict[str, str]]:
    """The seeds and notes of the game's module on disk (empty when there is none)."""
    tables = seed_tables.read(game)
    return tables.winnable, tables.winnable_notes


def write(game: str, seeds: dict[str, tuple[tuple[int, int], ...]], notes: dict[str, str]) -> None:
    """Write the seeds and notes into the game's module, its daily table kept as it is on disk."""
    tables = seed_tables.read(game)
    tables.winnable = {k: v for k, v in seeds.items() if v}
    tables.winnable_notes = dict(notes)
    path = seed_tables.write(game, tables)
    print(f"Wrote {path.relative_to(ROOT)}.")


def check(sample: int) -> None:
    """Replay the solver's line for the cheapest ``sample`` seeds of every variant."""
    for variant in VARIANTS:
        seeds, _ = current(option_set(variant).game)
        for seed, nodes in seeds.get(variant, ())[:sample]:
            _, _, status, used, spent = prove((variant, seed, 60.0))
            print(f"{code_of(variant, seed)}  {status:<11} {used:>9} nodes (was {nodes}) {spent:6.2f} s")
            if status != "winnable":
                raise SystemExit(f"{code_of(variant, seed)} is not proven winnable now.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(GAMES), help="the game whose seeds to make (its id, one of the choices)")
    parser.add_argument("--variants", nargs="+", choices=VARIANTS, help="only these of its option sets")
    parser.add_argument("--count", type=int, default=100, help="winnable seeds wanted per variant (default 100)")
    parser.add_argument("--seconds", type=float, default=5.0, help="processor seconds per deal (default 5)")
    parser.add_argument("--tries", type=int, default=400, help="deals tried per variant at most (default 400)")
    parser.add_argument("--jobs", type=int, default=1, help="processes side by side (default 1)")
    parser.add_argument("--check", type=int, metavar="N", help="only replay the N cheapest seeds of each variant")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="keep each variant's seeds and go on with the candidates after those already tried",
    )
    args = parser.parse_args()
    if args.check:
        check(args.check)
        return
    if args.game is None:
        parser.error("--game is required (one game at a time), unless --check")
    own = [o.prefix for o in OPTION_SETS if o.game == args.game]
    variants = args.variants or own
    strays = [v for v in variants if v not in own]
    if strays:
        parser.error(f"{', '.join(strays)} are not option sets of {args.game}")
    seeds, notes = current(args.game)
    for variant in variants:
        kept: tuple[tuple[int, int], ...] = ()
        skip = 0
        budget = f"{args.seconds:g} s"
        if args.resume and variant in notes:
            kept = seeds.get(variant, ())
            skip = tried_before(notes[variant])
            earlier = budget_before(notes[variant])
            if earlier != budget and not earlier.endswith(f"then {budget}"):
                budget = f"{earlier} (first {skip}), then {budget}"
            else:
                budget = earlier
        wanted = max(0, args.count - len(kept))

        def keep(
            found: list[tuple[int, int]],
            tried: int,
            variant: str = variant,
            kept: tuple[tuple[int, int], ...] = kept,
            budget: str = budget,
        ) -> None:
            seeds[variant] = tuple(sorted((*kept, *found), key=lambda pair: (pair[1], pair[0])))
            notes[variant] = f"{len(seeds[variant])} winnable of {tried} deals tried, {budget} of solver time each"
            write(args.game, seeds, notes)

        found, tried = generate(variant, wanted, args.seconds, max(args.tries, skip), args.jobs, skip, keep)
        keep(found, tried)  # after every variant too, with every deal it tried


if __name__ == "__main__":
    main()
