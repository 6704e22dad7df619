"""The daily deal: one proven-winnable deal a day for every game, from the date alone.

``daily_deals(day)`` maps a calendar day to one deal code per game. The mapping
is versioned (``DAILY_VERSION``) and may never change for a day already shipped:
every player, offline, in every future version, gets the same deal on the same
day. Day 0 is ``EPOCH`` (2026-01-01).

How a day's deal is found: each game has a fixed list of candidate seeds,
candidate ``n`` being the first 8 bytes of
``sha256("daily-v1 <prefix> <n>")`` mapped into the option set's seed range (no
dependence on Python's ``random``). Day ``d``'s deal is the ``d``-th candidate
the solver proved winnable. Each game's generated module (``DAILY_SKIPS`` of
``engine.klondike_seeds`` …, ``engine.game.seed_tables``) stores only how many
candidates were skipped before each day's proven one (one base-36 digit a day),
so the table is a few KB. A game has daily deals when its class names their
option set (``Game.daily_options``).

>>> import datetime
>>> daily_deals(datetime.date(2026, 1, 1))["Klondike"][:8]
'KL1-D1N-'
>>> daily_deals(datetime.date(2025, 12, 31))
Traceback (most recent call last):
...
ValueError: No daily deal before 2026-01-01 (asked for 2025-12-31).
"""

from __future__ import annotations

import datetime
import hashlib
from functools import cache

from engine.game import game_class, seed_tables
from engine.options import option_set
from engine.variants import VARIANTS

__all__ = [
    "DAILY_GAMES",
    "DAILY_VERSION",
    "EPOCH",
    "candidate",
    "daily_day",
    "daily_deals",
    "daily_skips",
    "days_shipped",
    "last_day",
]

DAILY_VERSION = 1
EPOCH = datetime.date(2026, 1, 1)

DAILY_GAMES: dict[str, str] = {
    variant.name: prefix
    for variant in VARIANTS.values()
    if (prefix := game_class(variant.game).daily_options) is not None
}
"""Game name to the option set of its daily deal, in registry order, for every game
that has daily deals (``Game.daily_options``): the most played and most approachable
variant of each game, so a typical player can win it in one sitting."""


def candidate(prefix: str, n: int) -> int:
    """Candidate seed ``n`` of an option set: pinned by a hash, never by ``random``."""
    digest = hashlib.sha256(f"daily-v{DAILY_VERSION} {prefix} {n}".encode()).digest()
    seeds = option_set(prefix).seeds
    # The range's size by subtraction: len() of a range past 2**31 overflows in 32-bit WebAssembly.
    return seeds.start + int.from_bytes(digest[:8], "big") % (seeds.stop - seeds.start)


def daily_skips(prefix: str) -> str:
    """The daily table of an option set: one base-36 digit a day, how many candidates
    were skipped before that day's proven one (empty when it has none)."""
    tables = seed_tables(option_set(prefix).game)
    skips: dict[str, str] = {} if tables is None else tables.DAILY_SKIPS
    return skips.get(prefix, "")


@cache
def _candidate_indexes(prefix: str) -> tuple[int, ...]:
    """Per day, the index of the candidate proven winnable for that day."""
    indexes: list[int] = []
    n = 0
    for digit in daily_skips(prefix):
        n += int(digit, 36)
        indexes.append(n)
        n += 1
    return tuple(indexes)


def days_shipped() -> int:
    """How many days, from ``EPOCH``, have a daily deal for every game."""
    return min((len(_candidate_indexes(prefix)) for prefix in DAILY_GAMES.values()), default=0)


def last_day() -> datetime.date:
    """The last day with a daily deal."""
    return EPOCH + datetime.timedelta(days=days_shipped() - 1)


def daily_deals(day: datetime.date) -> dict[str, str]:
    """The daily deal code of every game for a calendar day.

    Raises ``ValueError`` for a day before ``EPOCH`` or past the shipped table."""
    index = (day - EPOCH).days
    if index < 0:
        raise ValueError(f"No daily deal before {EPOCH.isoformat()} (asked for {day.isoformat()}).")
    if index >= days_shipped():
        raise ValueError(f"No daily deal after {last_day().isoformat()} (asked for {day.isoformat()}).")
    return {
        game: option_set(prefix).code(candidate(prefix, _candidate_indexes(prefix)[index]))
        for game, prefix in DAILY_GAMES.items()
    }


@cache
def _days_of_codes(prefix: str) -> dict[str, datetime.date]:
    """Every shipped daily deal code of one option set, to its day."""
    options = option_set(prefix)
    return {
        options.code(candidate(prefix, n)): EPOCH + datetime.timedelta(days=index)
        for index, n in enumerate(_candidate_indexes(prefix)[: days_shipped()])
    }


def daily_day(code: str) -> datetime.date | None:
    """The day whose daily deal ``code`` is (None for any other deal).

    However the deal was opened (the calendar, a link, a typed code, Back), a
    daily deal is known by its code alone: no flag travels with the game.

    >>> daily_day("KL1-D1N-IWRUTVZ")
    datetime.date(2026, 1, 1)
    >>> daily_day("KL1-D3V-IWRUTVZ") is None, daily_day("KL1-D1N-AAAAAAB") is None
    (True, True)
    """
    prefix, _, _seed = code.rpartition("-")
    if prefix not in _DAILY_PREFIXES:
        return None
    return _days_of_codes(prefix).get(code)


_DAILY_PREFIXES = frozenset(DAILY_GAMES.values())
