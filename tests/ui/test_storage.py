"""Saving and loading never breaks the game: every bad-storage case keeps what it can."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from ui.model.daily import DayResult, record
from ui.model.session import format_clock
from ui.model.stats import VariantStats
from ui.model.storage import (
    BACKUP_PREFIX,
    DAILY_KEY,
    GAME_KEY,
    SAVE_VERSION,
    SETTINGS_KEY,
    STATS_KEY,
    MemoryBackend,
    SavedGame,
    Store,
)

CODE = "KL1-D1N-AAAAAAG"


def played_game() -> engine.Game:
    return engine.replay(f"{CODE} s t1>f s s")


class Broken:
    """A storage that throws on every call, like a browser with storage disabled."""

    def getItem(self, key: str) -> str | None:
        raise RuntimeError("SecurityError: storage is disabled")

    def setItem(self, key: str, value: str) -> None:
        raise RuntimeError("SecurityError: storage is disabled")

    def removeItem(self, key: str) -> None:
        raise RuntimeError("SecurityError: storage is disabled")


def test_game_round_trip_keeps_cards_score_clock_and_undo() -> None:
    store = Store(MemoryBackend())
    game = played_game()
    assert store.save_game(SavedGame(game, elapsed=42.5, counted=True))
    loaded = store.load_game()
    assert loaded is not None
    assert loaded.game.to_json() == game.to_json()
    assert (loaded.elapsed, loaded.counted, loaded.finished) == (42.5, True, False)
    assert len(loaded.game.history) == len(game.history)
    loaded.game.undo()
    assert loaded.game.record() == f"{CODE} s t1>f s"
    assert store.take_notices() == []


def test_nothing_saved_is_no_notice() -> None:
    store = Store(MemoryBackend())
    assert store.load_game() is None
    assert store.load_settings() == {}
    assert store.load_stats() == {}
    assert store.notices == []


@pytest.mark.parametrize("raw", ["{not json", "[1, 2]", '"text"', "null"])
def test_corrupted_json_is_set_aside_with_a_notice(raw: str) -> None:
    backend = MemoryBackend({GAME_KEY: raw})
    store = Store(backend)
    assert store.load_game() is None
    assert len(store.notices) == 1
    assert "set aside" in store.notices[0]
    assert backend.items[BACKUP_PREFIX + GAME_KEY] == raw


def test_future_version_is_kept_aside_not_destroyed() -> None:
    future = json.dumps({"version": SAVE_VERSION + 1, "game": "whatever"})
    backend = MemoryBackend({GAME_KEY: future})
    store = Store(backend)
    assert store.load_game() is None
    assert "newer version" in store.notices[0]
    assert backend.items[BACKUP_PREFIX + GAME_KEY] == future


def test_tampered_game_is_rebuilt_from_its_record() -> None:
    game = played_game()
    backend = MemoryBackend()
    Store(backend).save_game(SavedGame(game, elapsed=3.0))
    data = json.loads(backend.items[GAME_KEY])
    data["game"] = data["game"].replace('"Kd"', '"Ks"', 1) if '"Kd"' in data["game"] else data["game"][:-5]
    backend.items[GAME_KEY] = json.dumps(data)
    store = Store(backend)
    loaded = store.load_game()
    assert loaded is not None
    assert loaded.game.record() == game.record()
    assert "rebuilt from its moves" in store.notices[0]


def test_a_save_that_cannot_be_restored_is_not_quoted_whole() -> None:
    data = json.loads(played_game().to_json())
    data["played"] = "s " + "x" * 50_000
    raw = json.dumps({"version": SAVE_VERSION, "game": json.dumps(data), "record": "nonsense"})
    backend = MemoryBackend({GAME_KEY: raw})
    store = Store(backend)
    assert store.load_game() is None
    assert store.notices[0].startswith("Your saved game could not be restored (Move 2 (xxxx")
    assert len(store.notices[0]) < 300
    assert backend.items[BACKUP_PREFIX + GAME_KEY] == raw


def test_tampered_record_keeps_the_valid_moves() -> None:
    backend = MemoryBackend({GAME_KEY: json.dumps({"version": SAVE_VERSION, "record": f"{CODE} s t1>f t9>t9 s"})})
    store = Store(backend)
    loaded = store.load_game()
    assert loaded is not None
    assert loaded.game.record() == f"{CODE} s t1>f"


def test_missing_keys_give_defaults() -> None:
    backend = MemoryBackend(
        {SETTINGS_KEY: json.dumps({"version": SAVE_VERSION}), STATS_KEY: json.dumps({"version": 1})}
    )
    store = Store(backend)
    assert store.load_settings() == {}
    assert store.load_stats() == {}
    assert len(store.notices) == 2


def test_full_quota_is_reported_once_and_never_raises() -> None:
    store = Store(MemoryBackend(quota=50))
    assert store.save_game(SavedGame(played_game())) is False
    assert store.save_game(SavedGame(played_game())) is False
    assert store.notices == ["Storage is full: progress is not being saved."]


def test_disabled_storage_is_reported_and_play_goes_on() -> None:
    store = Store(Broken())
    assert store.load_game() is None
    assert store.save_game(SavedGame(played_game())) is False
    assert store.load_stats() == {}
    assert len(store.notices) == 1
    assert "unavailable" in store.notices[0]


def test_stats_updates_read_fresh_so_two_tabs_both_count() -> None:
    backend = MemoryBackend()
    first, second = Store(backend), Store(backend)

    def add(variants: dict[str, Any]) -> None:
        variants["KL-D1N"] = {"played": variants.get("KL-D1N", {}).get("played", 0) + 1}

    first.update_stats(add)
    second.update_stats(add)
    first.update_stats(add)
    assert Store(backend).load_stats()["KL-D1N"]["played"] == 3


class NullBackend(MemoryBackend):
    """Returns a non-string stand-in for a missing key, as Pyodide does for JS null."""

    def getItem(self, key: str) -> str | None:
        stand_in: Any = object()  # neither a str nor None
        value: str | None = self.items.get(key, stand_in)
        return value


def test_a_null_object_for_a_missing_key_means_nothing_saved() -> None:
    store = Store(NullBackend())
    assert store.load_game() is None
    assert store.load_stats() == {}
    assert store.notices == []


# ------------------------------------------------- values that parse but are absurd

DEEP = "[" * 100_000


@pytest.mark.parametrize("key", [GAME_KEY, SETTINGS_KEY, STATS_KEY])
def test_deep_nesting_in_any_key_is_set_aside_before_parsing(key: str) -> None:
    backend = MemoryBackend({key: DEEP})
    store = Store(backend)
    assert store.load_game() is None
    assert store.load_settings() == {}
    assert store.load_stats() == {}
    assert store.notices == [store.notices[0]]
    assert "set aside" in store.notices[0]
    assert backend.items[BACKUP_PREFIX + key] == DEEP


def save_with(elapsed_json: str) -> str:
    game = played_game()
    fields = json.dumps({"version": SAVE_VERSION, "game": game.to_json(), "record": game.record()})
    return fields[:-1] + f', "elapsed": {elapsed_json}}}'


@pytest.mark.parametrize("elapsed", ["1e999", "-1e999", "1" + "0" * 400, "1e300", "-5", '"1:00"', "true"])
def test_an_absurd_clock_is_set_aside_and_the_game_kept(elapsed: str) -> None:
    backend = MemoryBackend({GAME_KEY: save_with(elapsed)})
    store = Store(backend)
    loaded = store.load_game()
    if loaded is None:  # refused as a whole (numbers no JSON reader should accept)
        assert "set aside" in store.notices[0]
    else:
        assert loaded.elapsed == 0.0
        assert loaded.game.record() == played_game().record()
        assert "clock" in store.notices[0]
    assert format_clock(loaded.elapsed if loaded else 0.0) == "0:00"
    assert backend.items[BACKUP_PREFIX + GAME_KEY] == save_with(elapsed)


def test_a_save_set_aside_twice_keeps_its_backup() -> None:
    # An absurd clock sets the save aside (it leaves its key); its damaged game then
    # sets it aside again: the backup must still hold the save, not the empty key.
    game = played_game()
    fields = {"version": SAVE_VERSION, "game": "{not a game", "record": game.record(), "elapsed": 1e300}
    text = json.dumps(fields)
    backend = MemoryBackend({GAME_KEY: text})
    store = Store(backend)
    loaded = store.load_game()
    assert loaded is not None
    assert loaded.game.record() == played_game().record()
    assert backend.items[BACKUP_PREFIX + GAME_KEY] == text
    assert [key for key in backend.items if key.startswith(BACKUP_PREFIX)] == [BACKUP_PREFIX + GAME_KEY]


def test_a_later_set_aside_never_writes_over_an_earlier_backup() -> None:
    backend = MemoryBackend({GAME_KEY: "{first"})
    assert Store(backend).load_game() is None
    backend.items[GAME_KEY] = "{second"
    assert Store(backend).load_game() is None
    backend.items[GAME_KEY] = "{first"  # the same value again: kept once
    assert Store(backend).load_game() is None
    assert GAME_KEY not in backend.items
    backups = {key: value for key, value in backend.items.items() if key.startswith(BACKUP_PREFIX)}
    assert backups == {BACKUP_PREFIX + GAME_KEY: "{first", BACKUP_PREFIX + GAME_KEY + ".2": "{second"}


def test_a_value_that_cannot_go_aside_stays_where_it_is() -> None:
    backend = MemoryBackend({GAME_KEY: "{third", BACKUP_PREFIX + GAME_KEY: "{first"}, quota=60)
    store = Store(backend)
    assert store.load_game() is None
    assert backend.items[GAME_KEY] == "{third"
    assert backend.items[BACKUP_PREFIX + GAME_KEY] == "{first"


@pytest.mark.parametrize(
    ("figure", "value"),
    [
        ("fastest_win", "1e999"),
        ("fastest_win", "1e300"),
        ("played", "1" + "0" * 400),
        ("win_moves_total", "-3"),
        ("best_score", "1" + "0" * 30),
        ("recent", "[[1, 1e999]]"),
        ("won", "7"),
    ],
)
def test_absurd_statistics_are_set_aside_and_the_rest_kept(figure: str, value: str) -> None:
    good = {"played": 5, "won": 2, "best_score": 300, "fastest_win": 120.5}
    text = json.dumps({"version": SAVE_VERSION, "variants": {"KL-D1N": good, "SD-S1": {}}})
    text = text.replace('"SD-S1": {}', f'"SD-S1": {{"{figure}": {value}}}', 1)
    backend = MemoryBackend({STATS_KEY: text})
    store = Store(backend)
    variants = store.load_stats()
    assert len(store.notices) == 1
    assert "damaged" in store.notices[0] or "set aside" in store.notices[0]
    assert backend.items[BACKUP_PREFIX + STATS_KEY] == text
    if variants:  # the sound figures are kept
        assert variants["KL-D1N"]["played"] == 5
        assert variants["KL-D1N"]["fastest_win"] == 120.5
    for figures in variants.values():
        stats = VariantStats.from_dict(figures)
        assert stats.won <= stats.played
        assert stats.fastest_win is None or format_clock(stats.fastest_win)
    # Written back clean: the next read has nothing to say.
    again = Store(backend)
    assert again.load_stats() == variants
    assert again.notices == []


def test_unknown_variants_are_set_aside() -> None:
    text = json.dumps({"version": SAVE_VERSION, "variants": {"KL-D1N": {"played": 1}, "XX-Y": {"played": 3}}})
    store = Store(MemoryBackend({STATS_KEY: text}))
    assert store.load_stats() == {"KL-D1N": VariantStats(played=1).to_dict()}
    assert len(store.notices) == 1


def test_more_wins_than_games_in_storage_are_set_aside_with_a_notice() -> None:
    text = json.dumps({"version": SAVE_VERSION, "variants": {"KL-D1N": {"played": 2, "won": 9}}})
    backend = MemoryBackend({STATS_KEY: text})
    store = Store(backend)
    stats = VariantStats.from_dict(store.load_stats()["KL-D1N"])
    assert (stats.played, stats.won, stats.average_win_moves) == (2, 0, None)
    assert store.notices == [
        "Some of your saved statistics were damaged: those figures were set aside, the rest are kept."
    ]
    assert backend.items[BACKUP_PREFIX + STATS_KEY] == text
    assert json.loads(backend.items[STATS_KEY])["variants"]["KL-D1N"]["won"] == 0


@pytest.mark.parametrize("daily", [False, True])
def test_damaged_records_with_no_room_to_go_aside_stay_where_they_are(daily: bool) -> None:
    """With storage full, the backup write failed but the smaller clean set was written
    back: the damaged part was gone with no copy, and the notices said it was set aside,
    then "Saving works again." at the next write."""
    if daily:
        key, games = DAILY_KEY, {"KL1-D1N": {"2026-03-01": [1, 300, 120], "9999-12-31": [1, 30, 12]}}
        text = json.dumps({"version": SAVE_VERSION, "games": games})
    else:
        key = STATS_KEY
        text = json.dumps({"version": SAVE_VERSION, "variants": {"KL-D1N": {"played": 5}, "XX-Y": {"played": 3}}})
    backend = MemoryBackend({key: text, SETTINGS_KEY: "{}"}, quota=len(key) + len(text) + len(SETTINGS_KEY) + 60)
    store = Store(backend)
    kept = store.load_daily() if daily else store.load_stats()
    assert kept  # the good part is used
    assert backend.items[key] == text
    assert not any(name.startswith(BACKUP_PREFIX) for name in backend.items)
    assert len(store.notices) == 1
    assert "set aside" not in store.notices[0]
    assert "stay in storage" in store.notices[0]
    assert store.save_settings({})
    assert "Saving works again." not in store.notices
    # Read again (every update does): tried again, said once.
    _ = store.load_daily() if daily else store.load_stats()
    assert len(store.notices) == 1
    assert backend.items[key] == text


@pytest.mark.parametrize("daily", [False, True])
def test_a_result_never_writes_over_damaged_records_held_in_place(daily: bool) -> None:
    """The next result written the clean set over the damaged records that had found
    no room to go aside: lost with no copy after all."""
    if daily:
        key, games = (
            DAILY_KEY,
            {"KL1-D1N": {"2026-03-01": [1, 300, 120], "9999-12-31": [1, 30, 12]}, "XX": {"x" * 900: [0]}},
        )
        text = json.dumps({"version": SAVE_VERSION, "games": games})
    else:
        key = STATS_KEY
        text = json.dumps({"version": SAVE_VERSION, "variants": {"KL-D1N": {"played": 5}, "XX-Y": {"x" * 900: 3}}})
    backend = MemoryBackend({key: text}, quota=len(key) + len(text) + 600)
    store = Store(backend)

    def change() -> bool:
        if daily:
            return store.update_daily(lambda r: record(r, "KL1-D1N", engine.last_day(), DayResult(True, 9.0, 9)))
        return store.update_stats(lambda v: v.setdefault("SD-S1", {}).update(played=1))

    assert not change()
    assert backend.items[key] == text
    assert store.unsaved(key)
    assert "Storage is full: progress is not being saved." in store.take_notices()
    backend.quota = None  # room again: set aside first, then written
    assert change()
    assert backend.items[BACKUP_PREFIX + key] == text
    assert "Saving works again." in store.take_notices()
    assert "XX-Y" not in backend.items[key]
    assert "9999" not in backend.items[key]
    assert "xxx" not in backend.items[key]
