"""Regenerate engine/winnable_seeds.py: deal seeds the solver proved winnable.

For each variant it walks a fixed, pseudo-random list of seeds (the same list
on every run), solves each deal within a budget of processor time, and keeps
the deals whose winning line, replayed move by move through the engine, wins
the game. The proof is the replay: it does not depend on how the solver found
the line. Deals it cannot decide within the budget are skipped, so variants
where the solver is slow (Spider with 4 suits) get fewer seeds, and the page
looks for more with the solver when it runs out.

Usage:
    python3 tools/winnable_seeds.py                      # every variant, defaults below
    python3 tools/winnable_seeds.py --count 40 --seconds 20 --jobs 2 --variants SP1-S4
    python3 tools/winnable_seeds.py --check              # replay a sample of the shipped seeds
    python3 tools/winnable_seeds.py --resume --variants SD1-S4 --count 25 --seconds 60 --tries 120
                                                         # keep SD1-S4's seeds, try further candidates

Variants not named keep the seeds they have in the current module.
"""

from __future__ import annotations

import argparse
import importlib
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

MODULE = ROOT / "engine" / "winnable_seeds.py"
VARIANTS = tuple(o.prefix for o in OPTION_SETS)
"""Every option set the New game dialog offers, as the start of its deal codes
(``"KL1-D3V"``: the keys of ``engine.winnable_seeds``)."""


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


def current() -> tuple[dict[str, tuple[tuple[int, int], ...]], dict[str, str]]:
    """The seeds and notes of the module on disk (empty when there is none)."""
    try:
        module = importlib.import_module("engine.winnable_seeds")
    except ImportError:
        return {}, {}
    return dict(module.WINNABLE), dict(getattr(module, "NOTES", {}))


def write(seeds: dict[str, tuple[tuple[int, int], ...]], notes: dict[str, str]) -> None:
    lines = [
        '"""Deal seeds proven winnable, per variant: the "Winnable deals only" option deals these.',
        "",
        "Generated by tools/winnable_seeds.py (do not edit by hand): each seed's deal was",
        "solved and the winning line replayed through the engine to a win.",
        "``WINNABLE[variant]`` holds ``(seed, nodes)`` pairs, fewest solver positions first;",
        "``NOTES`` says how each list was made. A variant with few seeds is one the solver",
        "finds slow: the page then looks for more winnable deals itself.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        '__all__ = ["NOTES", "WINNABLE", "seeds_for"]',
        "",
        "WINNABLE: dict[str, tuple[tuple[int, int], ...]] = {",
    ]
    for variant in VARIANTS:
        pairs = seeds.get(variant, ())
        if not pairs:
            lines.append(f'    "{variant}": (),')
            continue
        lines.append(f'    "{variant}": (')
        lines += [f"        ({seed}, {nodes})," for seed, nodes in pairs]
        lines.append("    ),")
    lines.append("}")
    lines.append("")
    lines.append("NOTES: dict[str, str] = {")
    for variant in VARIANTS:
        if variant in notes:
            lines.append(f'    "{variant}": "{notes[variant]}",')
    lines.append("}")
    lines += [
        "",
        "",
        "def seeds_for(variant: str) -> tuple[int, ...]:",
        '    """The proven seeds of a variant (``"KL1-D3V"``, ``"SP1-S4"``); empty when none are known."""',
        "    return tuple(seed for seed, _ in WINNABLE.get(variant, ()))",
        "",
    ]
    MODULE.write_text("\n".join(lines), encoding="utf-8")
    print(f"Wrote {MODULE.relative_to(ROOT)}.")


def check(sample: int) -> None:
    """Replay the solver's line for the cheapest ``sample`` seeds of every variant."""
    seeds, _ = current()
    for variant in VARIANTS:
        for seed, nodes in seeds.get(variant, ())[:sample]:
            _, _, status, used, spent = prove((variant, seed, 60.0))
            print(f"{code_of(variant, seed)}  {status:<11} {used:>9} nodes (was {nodes}) {spent:6.2f} s")
            if status != "winnable":
                raise SystemExit(f"{code_of(variant, seed)} is not proven winnable now.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="+", choices=VARIANTS, default=list(VARIANTS))
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
    seeds, notes = current()
    for variant in args.variants:
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
            write(seeds, notes)

        found, tried = generate(variant, wanted, args.seconds, max(args.tries, skip), args.jobs, skip, keep)
        keep(found, tried)  # after every variant too, with every deal it tried


if __name__ == "__main__":
    main()
