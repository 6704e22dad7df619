"""Make and extend a game's daily table (``DAILY_SKIPS`` of engine/<game module>_seeds.py).

For each game's daily option set it walks the pinned candidate list of
``engine.daily.candidate`` in order, solves each deal within a budget of
processor time and replays the winning line through the engine to a win
(``tools/winnable_seeds.prove``). Day ``d`` gets the ``d``-th proven candidate.
The table only grows: days already shipped are kept as they are, and a run
goes on from the candidate after the last shipped day.

One game at a time (its id, ``--game GF``); a game has a daily table when its class
names its daily option set (``Game.daily_options``).

Usage:
    python3 tools/daily_seeds.py --game KL --until 2035-12-31 --jobs 2 --seconds 5
    python3 tools/daily_seeds.py --game FC --until 2030-12-31
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.daily import EPOCH, candidate  # noqa: E402
from engine.game import game_class  # noqa: E402
from engine.variants import VARIANTS  # noqa: E402
from tools import seed_tables  # noqa: E402
from tools.winnable_seeds import prove  # noqa: E402

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def current(game: str) -> tuple[dict[str, str], dict[str, str]]:
    """The game's table on disk now (read afresh: runs for different games may share a module)."""
    tables = seed_tables.read(game)
    return tables.daily_skips, tables.daily_notes


def write(game: str, skips: dict[str, str], notes: dict[str, str]) -> None:
    """Write the daily table into the game's module, its winnable seeds kept as they are on disk."""
    tables = seed_tables.read(game)
    tables.daily_skips = dict(skips)
    tables.daily_notes = dict(notes)
    seed_tables.write(game, tables)


def extend(game: str, until: datetime.date, seconds: float, jobs: int) -> None:
    prefix = game_class(game).daily_options
    if prefix is None:
        raise SystemExit(f"{VARIANTS[game].name} has no daily deals (its class names no daily_options).")
    text = current(game)[0].get(prefix, "")
    days = (until - EPOCH).days + 1
    n = sum(DIGITS.index(c) for c in text) + len(text)
    skipped = 0
    started = time.monotonic()
    added = 0
    with Pool(jobs) as pool:
        while len(text) < days:
            batch = [(prefix, candidate(prefix, k), seconds) for k in range(n, n + 64)]
            for _, seed, status, _nodes, _spent in pool.imap(prove, batch):
                n += 1
                if status == "replay failed":
                    raise SystemExit(f"The solver's line for {prefix} seed {seed} does not win.")
                if status != "winnable":
                    skipped += 1
                    if skipped >= len(DIGITS):
                        raise SystemExit(f"{prefix}: {skipped} candidates in a row not proven; raise --seconds.")
                    continue
                text += DIGITS[skipped]
                skipped = 0
                added += 1
                if len(text) >= days:
                    break
            # What was proven past the batch's last day is tried again next run.
            n = sum(DIGITS.index(c) for c in text) + len(text)
            skipped = 0
            skips, notes = current(game)
            skips[prefix] = text
            spent = time.monotonic() - started
            notes[prefix] = (
                f"{len(text)} days; last run added {added} in {spent:.0f} s wall time, "
                f"{jobs} jobs, {seconds:g} s a candidate"
            )
            write(game, skips, notes)
            print(f"{prefix}: {len(text)} days, {spent:.0f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=list(VARIANTS), help="the game's id, one of the choices")
    parser.add_argument("--until", type=datetime.date.fromisoformat, default=datetime.date(2035, 12, 31))
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    extend(args.game, args.until, args.seconds, args.jobs)


if __name__ == "__main__":
    main()
