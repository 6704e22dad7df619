"""Two tabs, one saved game: the tab that saved last is the one that plays, unless
its copy of the game is older than another tab's.

The browser keeps one saved game for the site, and every open tab of the game
would write it. So each tab has an id, and every save names the tab that wrote
it. When another tab saves (the browser's ``storage`` event), this tab steps
aside: it stops saving and counting statistics, covers its table, and offers
to play here -- which reopens the saved game, the other tab's, now the latest.
A game is therefore played, saved and counted by one tab at a time: none is
counted twice (its id makes counting it idempotent besides, see ``ui.model.stats``),
and none is recorded lost while it is still being played.

Saves can fail (a full quota) while a tab plays on: its table then holds a newer
copy of the game than the save, and a tab opened later resumes the older save and
saves it again (a write that needs no more room than the one it replaces still
fits), or fails to. The tab with the newer copy must not yield to it. So the tabs
also tell each other which copy they hold, through messages that need no storage
(``copy_message``): a starting tab says which copy it opened, and a tab that takes
its game back says which copy it holds. A tab hearing of an older copy of its own
game, in a save or a message, takes the game back (``"take-back"``): it saves its
copy again and says so; a tab hearing of a newer copy of its game steps aside
(``on_message``). Which copy is newer is told by the game's id and its revision
(how many actions it has had). Pure Python.

>>> on_storage("solitaire.v1.game", me="a1", saved_by="b2")
'step-aside'
>>> on_storage("solitaire.v1.game", me="a1", saved_by="a1")
'keep'
>>> on_storage("solitaire.v1.stats", me="a1", saved_by="b2")
'statistics'
>>> on_storage("solitaire.v1.game", "a1", "b2", saved=Copy("g1", 2), mine=Copy("g1", 3))
'take-back'
>>> on_message(copy_message("a1", Copy("g1", 3)), me="b2", mine=Copy("g1", 2))
'step-aside'
>>> on_message(copy_message("b2", Copy("g1", 2)), me="a1", mine=Copy("g1", 3))
'take-back'
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Literal

from ui.model.storage import GAME_KEY, MAX_REVISION, STATS_KEY

__all__ = ["CHANNEL", "Copy", "Reaction", "copy_message", "new_tab_id", "on_message", "on_storage"]

Reaction = Literal["keep", "step-aside", "statistics", "take-back"]

CHANNEL = "solitaire.tabs"
"""The name of the channel the game's tabs tell each other which copy is newer on."""

_MAX_ID = 64


@dataclass(frozen=True, slots=True)
class Copy:
    """One copy of a game: which game it is and how many actions it has had."""

    game_id: str
    revision: int

    def newer_than(self, other: Copy) -> bool:
        """True when this is a later copy of the same game as ``other``."""
        return bool(self.game_id) and self.game_id == other.game_id and self.revision > other.revision


def new_tab_id() -> str:
    """A fresh id for this tab (letters and digits, as saves keep them)."""
    return os.urandom(6).hex()  # not secrets: it pulls in hashlib, which the browser's Python lacks in part


def on_storage(
    key: str | None, me: str, saved_by: str, saved: Copy | None = None, mine: Copy | None = None
) -> Reaction:
    """What this tab does when another tab changed the storage.

    ``key`` is the key that changed (None when the other tab cleared the
    storage); ``saved_by`` is the tab named by the save as it is *now* (read when
    the event arrives, so that of two tabs saving at once, the later one keeps
    playing), ``saved`` the copy of the game it holds and ``mine`` this tab's. A
    save naming no tab (nothing saved, or cleared) changes nothing; an older copy
    of this tab's game is taken back.
    """
    if key == GAME_KEY:
        if not saved_by or saved_by == me:
            return "keep"
        if saved is not None and mine is not None and mine.newer_than(saved):
            return "take-back"
        return "step-aside"
    if key == STATS_KEY:
        return "statistics"
    return "keep"


def copy_message(me: str, mine: Copy) -> str:
    """What a tab tells the other tabs of the game on its table: who it is and its copy."""
    return f"{me} {mine.game_id} {mine.revision}"


def on_message(message: object, me: str, mine: Copy) -> Reaction:
    """What this tab does when another tab says which copy of a game it holds
    (``copy_message``): it steps aside for a newer copy of the game on its table,
    and takes the game back from an older one. Anything else, a message of another
    shape included, changes nothing."""
    if not isinstance(message, str) or len(message) > 3 * _MAX_ID:
        return "keep"
    parts = message.split(" ")
    if len(parts) != 3:
        return "keep"
    tab, game_id, revision = parts
    if not all(part.isascii() and part.isalnum() for part in parts) or tab == me:
        return "keep"
    if not revision.isdigit() or len(revision) > len(str(MAX_REVISION)):  # ASCII digits: isascii() above
        return "keep"
    theirs = Copy(game_id, int(revision))
    if theirs.newer_than(mine):
        return "step-aside"
    return "take-back" if mine.newer_than(theirs) else "keep"
