"""The daily deal: the date -> deal mapping is pinned, every shipped day is a
proven deal, and the table stays small enough for a phone download."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

import engine
from engine import daily
from engine.daily import DAILY_GAMES, EPOCH, candidate, daily_deals, daily_skips, days_shipped, last_day
from engine.game import game_class, seed_tables
from engine.options import option_set
from engine.solver import solve

# These codes may NEVER change: a changed mapping would give players a
# different deal for a day they have already played (and break every
# recorded daily result and shared score). Extend the table; never edit it.
PINNED: dict[str, dict[str, str]] = {
    "2026-01-01": {
        "Klondike": "KL1-D1N-IWRUTVZ",
        "Spiderette": "SD1-S2-MTQCWXH",
        "Spider": "SP1-S1-EGJRLDN",
        "FreeCell": "FC1-F4-271452649",
        "Golf": "GF1-N-KMAVKRY",
        "TriPeaks": "TP1-W-RQHQDNL",
        "Pyramid": "PY1-P3-LFUMSPF",
    },
    "2026-01-02": {
        "Klondike": "KL1-D1N-VOQJQGE",
        "Spiderette": "SD1-S2-FNOHZAJ",
        "Spider": "SP1-S1-YCQUVJH",
        "FreeCell": "FC1-F4-1865354617",
        "Golf": "GF1-N-DNRDQBV",
        "TriPeaks": "TP1-W-YATDMFK",
        "Pyramid": "PY1-P3-GSTFJAG",
    },
    "2026-02-28": {
        "Klondike": "KL1-D1N-PQKBVRL",
        "Spiderette": "SD1-S2-CHWFVDL",
        "Spider": "SP1-S1-UGLZBPX",
        "FreeCell": "FC1-F4-1459274468",
        "Golf": "GF1-N-EFXKVLE",
        "TriPeaks": "TP1-W-LVQIOLD",
        "Pyramid": "PY1-P3-QHXOMGU",
    },
    "2026-07-14": {
        "Klondike": "KL1-D1N-AEYOCVP",
        "Spiderette": "SD1-S2-ZVQYOBE",
        "Spider": "SP1-S1-IBUDSXC",
        "FreeCell": "FC1-F4-416628866",
        "Golf": "GF1-N-CBDPAUH",
        "TriPeaks": "TP1-W-WQDMUIV",
        "Pyramid": "PY1-P3-FWPYCFT",
    },
    "2026-12-03": {
        "Klondike": "KL1-D1N-QVNDRFK",
        "Spiderette": "SD1-S2-ZSFSYPR",
        "Spider": "SP1-S1-UTNNRHP",
        "FreeCell": "FC1-F4-461117621",
        "Golf": "GF1-N-NALKOAP",
        "TriPeaks": "TP1-W-VZQXKRS",
        "Pyramid": "PY1-P3-GNVGJUH",
    },
    "2027-01-01": {
        "Klondike": "KL1-D1N-AHLISHN",
        "Spiderette": "SD1-S2-WTDWUQK",
        "Spider": "SP1-S1-RKQDBTO",
        "FreeCell": "FC1-F4-1058330787",
        "Golf": "GF1-N-ZBHXGGT",
        "TriPeaks": "TP1-W-IKBEDEF",
        "Pyramid": "PY1-P3-YBYAOBX",
    },
    "2027-05-08": {
        "Klondike": "KL1-D1N-FUNSPZB",
        "Spiderette": "SD1-S2-IHGXYOL",
        "Spider": "SP1-S1-VDQRSEV",
        "FreeCell": "FC1-F4-1499650358",
        "Golf": "GF1-N-OLIZCUZ",
        "TriPeaks": "TP1-W-NCYMCBW",
        "Pyramid": "PY1-P3-AUTNHQP",
    },
    "2029-02-28": {
        "Klondike": "KL1-D1N-RWTDJOM",
        "Spiderette": "SD1-S2-TDCXYSK",
        "Spider": "SP1-S1-AMJSCEJ",
        "FreeCell": "FC1-F4-110618872",
        "Golf": "GF1-N-SWDQZWW",
        "TriPeaks": "TP1-W-WNBIRXE",
        "Pyramid": "PY1-P3-LPSXIRA",
    },
    "2031-12-31": {
        "Klondike": "KL1-D1N-PMXMTNO",
        "Spiderette": "SD1-S2-HECCYCW",
        "Spider": "SP1-S1-AMSXVJM",
        "FreeCell": "FC1-F4-1974439043",
        "Golf": "GF1-N-NMAXTDU",
        "TriPeaks": "TP1-W-NRKQAAV",
        "Pyramid": "PY1-P3-PWYDEFY",
    },
}


def test_the_pinned_days_give_the_pinned_deals() -> None:
    assert PINNED
    for day, codes in PINNED.items():
        assert daily_deals(datetime.date.fromisoformat(day)) == codes, day


def test_engine_exports_daily_deals() -> None:
    assert engine.daily_deals is daily_deals
    assert {"Klondike", "Spiderette", "Spider", "FreeCell", "Golf"} <= set(daily_deals(EPOCH))
    assert list(DAILY_GAMES) == [
        variant.name for game, variant in engine.VARIANTS.items() if game_class(game).daily_options is not None
    ]
    assert list(daily_deals(EPOCH)) == list(DAILY_GAMES)


def test_days_outside_the_table_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="before 2026-01-01"):
        daily_deals(EPOCH - datetime.timedelta(days=1))
    with pytest.raises(ValueError, match="after"):
        daily_deals(last_day() + datetime.timedelta(days=1))
    assert daily_deals(last_day())


def test_every_shipped_day_parses_and_uses_its_proven_candidate() -> None:
    for game, prefix in DAILY_GAMES.items():
        text = daily_skips(prefix)
        assert set(text) <= set("0123456789abcdefghijklmnopqrstuvwxyz")
        assert len(text) >= days_shipped()
        n = -1
        for day in range(days_shipped()):
            n += 1 + int(text[day], 36)
            code = daily_deals(EPOCH + datetime.timedelta(days=day))[game]
            parsed = engine.parse_code(code)
            assert code == option_set(prefix).code(candidate(prefix, n))
            assert parsed.seed in option_set(prefix).seeds


def test_the_deal_changes_with_the_date_only() -> None:
    first = daily_deals(EPOCH)
    assert daily_deals(datetime.date(2026, 1, 1)) == first
    second = daily_deals(EPOCH + datetime.timedelta(days=1))
    assert all(first[game] != second[game] for game in first)
    days = [EPOCH + datetime.timedelta(days=d) for d in range(min(days_shipped(), 400))]
    for game in DAILY_GAMES:
        codes = [daily_deals(day)[game] for day in days]
        assert len(set(codes)) == len(codes), game


def test_candidates_do_not_depend_on_random() -> None:
    # sha256-pinned: the same on every Python, every platform.
    assert candidate("FC1-F4", 0) == candidate("FC1-F4", 0)
    assert candidate("FC1-F4", 0) in option_set("FC1-F4").seeds
    assert "import random" not in Path(daily.__file__).read_text(encoding="utf-8")


@pytest.mark.parametrize("game", list(DAILY_GAMES))
def test_a_sample_of_days_replays_to_a_win(game: str) -> None:
    for offset in (0, days_shipped() // 2, days_shipped() - 1):
        code = daily_deals(EPOCH + datetime.timedelta(days=offset))[game]
        game_ = engine.new_game(code)
        solution = solve(game_, seconds=30)
        assert solution.status == "winnable", code
        for move in solution.moves:
            game_.play(move)
        assert game_.won, code


def test_the_table_is_small() -> None:
    for prefix in DAILY_GAMES.values():
        assert len(daily_skips(prefix)) < 4 * 1024, prefix


def test_each_daily_table_is_in_its_games_module() -> None:
    for game, variant in engine.VARIANTS.items():
        prefix = game_class(game).daily_options
        tables = seed_tables(game)
        if prefix is None:
            assert variant.name not in DAILY_GAMES
            continue
        assert tables is not None, game
        assert tables.__name__ == variant.module + "_seeds"
        assert prefix in tables.DAILY_SKIPS
        assert engine.option_set(prefix).game == game
