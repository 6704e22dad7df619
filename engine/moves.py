"""Moves: small immutable values that print as notation and parse back.

>>> move = parse_move("t3:2>t5")
>>> move
Move(src='t3', dst='t5', count=2)
>>> str(move), str(parse_move("W>F")), str(parse_move("t3:1>t5")), str(STOCK_TAP)
('t3:2>t5', 'w>f', 't3>t5', 's')
>>> parse_move("t3:0>t5")
Traceback (most recent call last):
...
engine.moves.NotationError: A move takes at least one card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["STOCK_TAP", "IllegalMove", "Move", "NotationError", "parse_move"]


class IllegalMove(ValueError):
    """A refused move or action; ``str()`` is the rule in player words."""


class NotationError(IllegalMove):
    """Text that is not a move in notation; ``str()`` says how to write one.

    A subclass of ``IllegalMove``: whoever plays text catches both alike.
    """


@dataclass(frozen=True, slots=True)
class Move:
    """A move from pile ``src`` to pile ``dst`` of the top ``count`` cards.

    Pile ids: ``s`` stock, ``w`` waste, ``f1``-``f4`` foundations, ``t1``-``t10``
    columns. ``dst == "f"`` means the card's own foundation. Tapping the stock
    (draw, recycle or deal) is ``STOCK_TAP``, which prints as ``s``.
    """

    src: str
    dst: str
    count: int = 1

    @property
    def is_stock_tap(self) -> bool:
        """True for a tap on the stock."""
        return self.src == "s" and self.dst == "s"

    def __str__(self) -> str:
        if self.src == "s" and self.dst == "s":
            return "s"
        if self.count != 1:
            return f"{self.src}:{self.count}>{self.dst}"
        return f"{self.src}>{self.dst}"


STOCK_TAP = Move("s", "s", 0)
"""Tapping the stock: draw, recycle or deal, whichever the game does now."""

_MOVE_RE = re.compile(r"(w|f[1-4]|t(?:10|[1-9]))(?::(\d{1,3}))?>(w|f[1-4]?|t(?:10|[1-9]))")


def parse_move(text: str) -> Move:
    """Read one move in notation (any case); raises ``NotationError`` (an
    ``IllegalMove``) on garbage.

    Only columns take a count (``t3:2>t5``); ``:1`` is the same as no count.

    >>> parse_move("s") == STOCK_TAP
    True
    >>> parse_move("f2>t1")
    Move(src='f2', dst='t1', count=1)
    """
    if not isinstance(text, str):
        raise NotationError("A move must be written like t3:2>t5, w>f or s.")
    t = text.strip().lower()
    if t == "s":
        return STOCK_TAP
    m = _MOVE_RE.fullmatch(t)
    if m is None:
        if t.startswith("s>"):
            raise NotationError("Cards leave the stock only by tapping it (s).")
        raise NotationError(f"{text!r} is not a move: write it like t3:2>t5, w>f or s.")
    src, count_text, dst = m.groups()
    count = 1
    if count_text is not None:
        if not src.startswith("t"):
            raise NotationError("Only a column can move several cards at once.")
        count = int(count_text)
        if count < 1:
            raise NotationError("A move takes at least one card.")
    return Move(src, dst, count)
