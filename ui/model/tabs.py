"""Two tabs, one saved game: the tab that saved last is the one that plays.

The browser keeps one saved game for the site, and every open tab of the game
would write it. So each tab has an id, and every save names the tab that wrote
it. When another tab saves (the browser's ``storage`` event), this tab steps
aside: it stops saving and counting statistics, covers its table, and offers
to play here -- which reopens the saved game, the other tab's, now the latest.
A game is therefore played, saved and counted by one tab at a time: none is
counted twice (its id makes counting it idempotent besides, see ``ui.model.stats``),
and none is recorded lost while it is still being played. Pure Python.

>>> on_storage("solitaire.v1.game", me="a1", saved_by="b2")
'step-aside'
>>> on_storage("solitaire.v1.game", me="a1", saved_by="a1")
'keep'
>>> on_storage("solitaire.v1.stats", me="a1", saved_by="b2")
'statistics'
"""

from __future__ import annotations

import os
from typing import Literal

from ui.model.storage import GAME_KEY, STATS_KEY

__all__ = ["Reaction", "new_tab_id", "on_storage"]

Reaction = Literal["keep", "step-aside", "statistics"]


def new_tab_id() -> str:
    """A fresh id for this tab (letters and digits, as saves keep them)."""
    return os.urandom(6).hex()  # not secrets: it pulls in hashlib, which the browser's Python lacks in part


def on_storage(key: str | None, me: str, saved_by: str) -> Reaction:
    """What this tab does when another tab changed the storage.

    ``key`` is the key that changed (None when the other tab cleared the
    storage); ``saved_by`` is the tab named by the save as it is *now* (read when
    the event arrives, so that of two tabs saving at once, the later one keeps
    playing). A save naming no tab (nothing saved, or cleared) changes nothing.
    """
    if key == GAME_KEY:
        return "step-aside" if saved_by and saved_by != me else "keep"
    if key == STATS_KEY:
        return "statistics"
    return "keep"
