"""Each game's generated tables live in its own module (``engine/<game module>_seeds.py``),
found through the registry; moving them there changed no shipped deal, digit for digit.

The hashes below were taken from the tables as they were before they were split by
game (one module of winnable seeds, one of daily tables): every daily code of every
shipped day, per game and all together, and every winnable seed with its node count.
"""

from __future__ import annotations

import datetime
import hashlib

import pytest

import engine
from engine.daily import DAILY_GAMES, EPOCH, candidate, daily_deals, daily_skips, days_shipped
from engine.game import game_class, seed_tables
from engine.options import option_set, option_sets_of
from engine.winnable_seeds import NOTES, WINNABLE, seeds_for
from tools import seed_tables as tool

OLD_GAMES = ("Klondike", "Spiderette", "Spider", "FreeCell")
OLD_DAYS = 2191
"""Days every game had a deal for when the tables were split (2026-01-01 to 2031-12-31)."""
ALL_DAYS_SHA256 = "2aa81de8476b5c68fe1b4646f1a0d6e8a692f8ac55cdbe82be629914fc097e9d"
"""Over the lines ``f"{day} {game} {code}\\n"`` of those days, the games in that order."""
PER_PREFIX: dict[str, tuple[int, str]] = {
    "KL1-D1N": (2191, "5a8d81ba1c2205ff58671d0ca73d5d2c61805783eaf785558cdf42b0daa097d7"),
    "SD1-S2": (2191, "00a55680ae90b40fe38844beeb34a737e6e3d212649213aa808529118919054d"),
    "SP1-S1": (2191, "eacdfdcc3e1c907495024690270138c5a64e9e64a49537fafcd90ce9a44664a3"),
    "FC1-F4": (3652, "18a9997a16f699527e43c321009a7f0b06f50926cd2803b90108a0fc62ff8c33"),
}
"""Each table's days then, and the hash of its lines ``f"{index} {code}\\n"`` (every day it
held, FreeCell's past the other games' last day too)."""
WINNABLE_SHA256 = "075b8ddc8c9fd6a6b36e0983ae19e43f96444bbb0398ae4a668fba75c12a1b60"
"""Over ``f"{prefix} {pairs!r}\\n"`` for the 16 option sets of those games, sorted by prefix."""
SAMPLES: tuple[tuple[str, str, str], ...] = (
    ("2026-01-01", "Klondike", "KL1-D1N-IWRUTVZ"),
    ("2026-01-01", "FreeCell", "FC1-F4-271452649"),
    ("2027-05-08", "Spiderette", "SD1-S2-IHGXYOL"),
    ("2029-02-28", "Spider", "SP1-S1-AMJSCEJ"),
    ("2031-12-31", "FreeCell", "FC1-F4-1974439043"),
)


def test_every_shipped_daily_code_is_unchanged() -> None:
    assert days_shipped() >= OLD_DAYS
    digest = hashlib.sha256()
    for index in range(OLD_DAYS):
        day = EPOCH + datetime.timedelta(days=index)
        deals = daily_deals(day)
        for game in OLD_GAMES:
            digest.update(f"{day} {game} {deals[game]}\n".encode())
    assert digest.hexdigest() == ALL_DAYS_SHA256
    for iso, game, code in SAMPLES:
        assert daily_deals(datetime.date.fromisoformat(iso))[game] == code


@pytest.mark.parametrize("prefix", list(PER_PREFIX))
def test_every_day_of_each_old_table_is_unchanged(prefix: str) -> None:
    days, expected = PER_PREFIX[prefix]
    skips = daily_skips(prefix)
    assert len(skips) >= days
    digest = hashlib.sha256()
    n = -1
    for index in range(days):
        n += 1 + int(skips[index], 36)
        digest.update(f"{index} {option_set(prefix).code(candidate(prefix, n))}\n".encode())
    assert digest.hexdigest() == expected


def test_the_winnable_seeds_are_unchanged() -> None:
    old = sorted(o.prefix for o in engine.OPTION_SETS if o.game_name in OLD_GAMES)
    assert len(old) == 16
    digest = hashlib.sha256()
    for prefix in old:
        digest.update(f"{prefix} {WINNABLE[prefix]!r}\n".encode())
    assert digest.hexdigest() == WINNABLE_SHA256


def test_each_game_module_holds_its_own_option_sets_only() -> None:
    for game, variant in engine.VARIANTS.items():
        tables = seed_tables(game)
        if tables is None:
            continue
        assert tables.__name__ == variant.module + "_seeds"
        own = {o.prefix for g, v in engine.VARIANTS.items() if v.module == variant.module for o in option_sets_of(v)}
        for table in (tables.WINNABLE, tables.WINNABLE_NOTES, tables.DAILY_SKIPS, tables.DAILY_NOTES):
            assert set(table) <= own, (game, set(table) - own)
        for prefix, pairs in tables.WINNABLE.items():
            assert WINNABLE[prefix] == pairs
            assert NOTES[prefix] == tables.WINNABLE_NOTES[prefix]
            assert seeds_for(prefix) == tuple(seed for seed, _ in pairs)


def test_daily_games_come_from_the_registry() -> None:
    expected = {v.name: game_class(g).daily_options for g, v in engine.VARIANTS.items() if game_class(g).daily_options}
    assert expected == DAILY_GAMES
    assert list(DAILY_GAMES) == list(expected)


def test_the_tool_writes_the_module_as_it_is() -> None:
    for game in engine.VARIANTS:
        path = tool.path_of(game)
        if not path.exists():
            continue
        assert tool.render(game, tool.read(game)) == path.read_text(encoding="utf-8"), game
