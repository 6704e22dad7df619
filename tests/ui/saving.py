"""A session, its store and keeper on an in-memory backend with a clock the test sets:
what the saving and statistics tests start from."""

from __future__ import annotations

import engine
from ui.model.persist import Keeper
from ui.model.session import Session
from ui.model.stats import VariantStats
from ui.model.storage import MemoryBackend, Store

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
