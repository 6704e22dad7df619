"""The URL hash: a deal code, or a whole game record, and back.

``#KL1-D1N-AAAAAAG`` opens a deal. A game record (the code then the moves,
space-separated) travels URL-encoded, ``#SD1-S2-AAAAABC%20t1%3Et2%20s``, and
opens the game at that point with its undo history. Pure Python.

>>> parse_hash("#kl1-d1n-aaaaaag")
Link(code='KL1-D1N-AAAAAAG', moves=())
>>> parse_hash("#SD1-S2-AAAAABC%20t1%3Et2%20s").moves
('t1>t2', 's')
>>> record_hash("KL1-D1N-AAAAAAG s w>t3")
'#KL1-D1N-AAAAAAG%20s%20w%3Et3'
>>> parse_hash("")
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote, unquote_plus

import engine

__all__ = ["Link", "LinkError", "code_hash", "open_link", "parse_hash", "record_hash"]


class LinkError(ValueError):
    """A hash that holds no playable deal; ``str()`` says why, for the player.

    ``settings`` are the deal's options when its code could be read (a record
    whose moves do not replay), so that a random deal of the same game can
    stand in for it.
    """

    def __init__(self, message: str, settings: engine.DealCode | None = None) -> None:
        super().__init__(message)
        self.settings = settings


@dataclass(frozen=True, slots=True)
class Link:
    """What a hash asks for: a deal code and the moves played since the deal."""

    code: str
    moves: tuple[str, ...] = ()

    @property
    def record(self) -> str:
        return " ".join([self.code, *self.moves])


def parse_hash(text: str) -> Link | None:
    """Read a location hash (with or without its ``#``); None when it is empty.

    Raises ``LinkError`` when the deal code is not one.
    """
    body = unquote_plus(text[1:] if text.startswith("#") else text).strip()
    if not body:
        return None
    code, *moves = body.split()
    try:
        settings = engine.parse_code(code)
    except engine.CodeError as error:
        raise LinkError(f"The link's deal code is not valid. {error}") from None
    return Link(engine.format_code(settings), tuple(moves))


def open_link(text: str) -> engine.Game | None:
    """The game a hash asks for (None for an empty hash); raises ``LinkError``."""
    link = parse_hash(text)
    if link is None:
        return None
    settings = engine.parse_code(link.code)
    try:
        if not link.moves:
            return engine.new_game(link.code)
        return engine.replay(link.record)
    except engine.CodeError as error:
        raise LinkError(f"The link's deal can't be played here. {error}") from None
    except engine.IllegalMove as error:
        raise LinkError(f"The link's game record doesn't replay. {error}", settings) from None


def code_hash(code: str) -> str:
    """The hash that shows a deal code while it is played."""
    return "#" + code


def record_hash(record: str) -> str:
    """The hash of a whole game record, URL-encoded."""
    return "#" + quote(record, safe="-")
