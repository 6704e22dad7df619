"""Which card sound an action makes: pure Python, tested in CPython.

The page plays the names this answers (``ui.dom.sound``, synthesized in
``static/sound.js``): ``pick`` (cards picked up), ``put`` (cards put down),
``flip`` (a card turned up, or drawn from the stock), ``deal`` (a new deal, a row
dealt, the waste turned back), ``refused`` (a refused move or a tap that plays
nothing) and ``win``. Each sound is a name and a delay in milliseconds, so that
a move that turns a card up sounds as a card put down, then one turned over.

>>> import engine
>>> from ui.model.session import Session
>>> session = Session(engine.new_game("KL1-D1N-AAAAAAG"), clock=lambda: 0.0)
>>> sounds_of(session.play("t6>f"))
[('refused', 0)]
>>> sounds_of(session.play("t1>f"))
[('put', 0)]
>>> sounds_of(session.play("t3>t1"))
[('put', 0), ('flip', 90)]
>>> sounds_of(session.play("s")), sounds_of(session.undo())
([('flip', 0)], [('flip', 0)])
"""

from __future__ import annotations

from typing import Literal

from ui.model.session import Event, Preferences

__all__ = ["DEFAULT_VOLUME", "FLIP_AFTER_MS", "Sound", "sounds_of", "volume_level"]

Sound = Literal["pick", "put", "flip", "deal", "refused", "win"]

FLIP_AFTER_MS = 90
"""A card turned up by a move sounds this long after the move's own card lands."""

DEFAULT_VOLUME = Preferences().volume
"""Sound on, at a modest level (percent of the full level)."""


def sounds_of(event: Event) -> list[tuple[Sound, int]]:
    """The sounds of one action of the session, each with its delay (ms)."""
    if event.kind == "refused":
        return [("refused", 0)] if event.message else []
    if event.kind in ("new", "restart"):
        return [("deal", 0)]
    if event.kind == "load":
        return []  # a link opened or a game come back: no cards were moved by hand
    action = event.action
    if action is None:
        return []
    sounds: list[tuple[Sound, int]]
    if action.kind == "draw":
        sounds = [("flip", 0)]
    elif action.kind in ("deal", "recycle"):
        sounds = [("deal", 0)]
    else:
        sounds = [("put", 0)]
    if action.flipped and action.kind == "move":
        sounds.append(("flip", FLIP_AFTER_MS))
    if event.won:
        sounds.append(("win", 250))
    return sounds


def volume_level(volume: object) -> float:
    """The gain for a volume setting (0 to 100; anything else is the default).

    >>> volume_level(40), volume_level(250), volume_level("loud")
    (0.4, 1.0, 0.4)
    """
    if isinstance(volume, bool) or not isinstance(volume, int | float):
        volume = DEFAULT_VOLUME
    return max(0.0, min(100.0, float(volume))) / 100.0
