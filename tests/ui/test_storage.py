"""Saving and loading never breaks the game: every bad-storage case keeps what it can."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from ui.model.storage import (
    BACKUP_PREFIX,
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
