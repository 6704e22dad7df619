"""A session, its store and keeper on an in-memory backend with a clock the test sets:
what the saving and statistics tests start from."""

from __future__ import annotations

import json

import engine
from ui.model.persist import Keeper
from ui.model.session import Session
from ui.model.stats import VariantStats
from ui.model.storage import GAME_KEY, MemoryBackend, Store

CODE = "KL1-D1N-AAAAAAG"


WON_CODE = "SD1-S1-AAAAAAI"  # a deal the engine tests' greedy player wins


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def setup(code: str = CODE) -> tuple[Session, Store, Keeper, Clock]:
    clock = Clock()
    session = Session(engine.new_game(code), clock=clock)
    store = Store(MemoryBackend())
    return session, store, Keeper(session, store), clock


def stats(store: Store, key: str = "KL-D1N") -> VariantStats:
    return VariantStats.from_dict(store.load_stats().get(key))


class Failing(MemoryBackend):
    """A storage whose writes of some keys fail, as a full quota's do."""

    def __init__(self) -> None:
        super().__init__()
        self.failing: set[str] = set()

    def setItem(self, key: str, value: str) -> None:
        if key in self.failing:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        super().setItem(key, value)


class Full(MemoryBackend):
    """A full quota: a write that needs more room than the item it replaces fails,
    as the browser's does once the quota is used up, while ``moves`` is set. The
    room of the saved game is counted in moves (``moves`` at most), since the
    digits of its clock vary from save to save."""

    def __init__(self) -> None:
        super().__init__()
        self.moves: int | None = None

    def setItem(self, key: str, value: str) -> None:
        if self.moves is not None:
            if key == GAME_KEY:
                record = json.loads(value)["record"]
                needs_more = len(record.split()) - 1 > self.moves
            else:
                needs_more = len(value) > len(self.items.get(key, ""))
            if needs_more:
                raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        super().setItem(key, value)
