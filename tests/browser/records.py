"""Game records and deal codes the browser tests open: each names what it reaches."""

from __future__ import annotations

import engine
from tests.engine.spider_players import play_greedy
from ui.model.hashlink import record_hash
from ui.model.storage import GAME_KEY, MemoryBackend, SavedGame, Store

# A greedy player wins this deal in 102 moves; the record stops one move short.
WIN_RECORD = (
    "KL1-D1N-AAAAALK t6>f t6>t3 t3:2>t1 s s w>t3 t2>t3 s s s s w>f t7>f t7>t1 s w>f s s s w>t2 w>t2 s w>t3 "
    "t2:3>t3 w>t2 t6>t2 t6>t3 s w>f s w>f t5>f t3>f t3>f w>f t5>t1 t5>f t5>f t7>t5 t7>f t6>t1 t6>f w>f w>t6 "
    "w>t6 s w>t7 s s w>t2 t1:6>t2 s w>f t2>f s w>t7 s w>t4 s w>f t3>f t2>f t3>f t2>f t3>f s w>t5 t4:2>t5 "
    "t4>f t7:3>t4 t7>f t7>t6 s w>f t4>f t4>f t3>f t4>f t3>f t4>f t3>f t3>f t2>f t2>f t2>f t2>f w>f t5>f "
    "t5>f t5>f t6>f t5>f t6>f t5>f t6>f s w>f s w>f t2>f t2>f"
)


# Column 7 ends up holding 15 cards (Klondike), a column of 26 cards (Spider, one suit).
KLONDIKE_LONG = (
    "KL1-D1N-AAAAABD t5>f t1>t3 s w>t4 s s w>t3 t2>t3 t6>t2 t6>t5 t5:2>t6 t5>f t6:3>t2 t3:4>t6 t4:2>t3 "
    "t4>f t6:5>t3 t6>f t3:8>t6 t3>f s w>f s s w>t1 t7>t1 s w>t5 s w>t3 s s w>t1 t7>t1 s w>t7 t6:9>t7"
)


SPIDER_LONG = (
    "SP1-S1-AAAAAAM s t6:2>t9 t10>t8 t9:3>t3 s t6:2>t10 t8>t1 s t3:2>t2 t5>t10 t4>t1 t5>t8 t5:2>t2 t8:2>t6 "
    "t1:2>t6 t7>t3 t10:2>t3 t10:3>t9 t6:5>t10 t6>t3 t3:8>t6 t4>t3 t6:9>t4 t9:4>t6 t6:5>t9 t5>t6 s t4>t10 "
    "t7>t6 t10:2>t8 t3>t10 t3:2>t10 t3>t6 t1>t6 t6:4>t3 t8:3>t9 s t3>t4 t3:5>t5 t3>t4 t3>t8 t10>t4 t4:4>t9 t5:6>t9"
)


HARD = "SP1-S4-AAAAAAM"
"""Spider with 4 suits: the solver does not decide this deal within a minute
(undecided after 150 s in CPython, which searches faster than the page's Python)."""


LOST = "KL1-D1V-AAAAAAF t4>t7 t7:2>t3 s t3>t7 s t7:2>t2 t2:3>t7 t7>t3 t3>t7 w>t2"
"""Vegas draw 1: lost since the 4th action from the end (see tests/ui/test_solver_tasks.py)."""


RECENT_RESULTS = {
    "version": 1,
    "variants": {"SD-S1": {"played": 6, "won": 3, "recent": [[index % 2, 100 * index] for index in range(6)]}},
}
"""Statistics of the near win's variant (``near_win``) with recent results, so that the
Stats dialog draws its chart."""


WIN_CODE = "SD1-S1-AAAAAAM"  # a deal the engine tests' greedy player wins


def near_win() -> tuple[str, str]:
    """A link to the winning game one move before the win, and that last move."""
    game = engine.new_game(WIN_CODE)
    assert play_greedy(game)  # type: ignore[arg-type]
    *record, last = game.record().split()
    return record_hash(" ".join(record)), last


def stored_game(game: engine.Game, elapsed: float, game_id: str) -> str:
    """What the page stores of ``game`` in progress, played from its deal and counted as
    played (``GAME_KEY``'s text), to put in a page's storage before it starts."""
    backend = MemoryBackend()
    Store(backend).save_game(SavedGame(game, elapsed=elapsed, counted=True, game_id=game_id, played=True))
    return backend.items[GAME_KEY]
