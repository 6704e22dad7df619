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

__all__ = ["REASONS", "STOCK_TAP", "IllegalMove", "Move", "NotationError", "Reason", "parse_move"]

REASONS: tuple[str, ...] = (
    # Notation and piles
    "notation",
    "no_such_pile",
    "no_cards",
    "group_from_column_only",
    "same_pile",
    "empty_pile",
    "face_down",
    # The stock, both games
    "stock_tap_only",
    "not_to_stock",
    "stock_empty",
    # Klondike
    "not_to_waste",
    "waste_top_only",
    "foundation_top_only",
    "foundation_one_card",
    "foundation_ace_first",
    "foundation_sequence",
    "already_on_foundation",
    "empty_needs_king",
    "build_alternating",
    "classic_no_takeback",
    "vegas_one_pass",
    "classic_one_pass",
    "classic_three_passes",
    # Spiderette and Spider
    "no_foundations",
    "group_one_suit",
    "nothing_on_ace",
    "king_needs_empty",
    "build_down",
    "fill_before_deal",
    # Undo
    "nothing_to_undo",
)
"""The reasons shared by the games and those of Klondike and the Spider family,
in the order above. A game with rules of its own lists every reason it may
refuse with in its class (``Game.reasons``; ``engine.game.all_reasons()``
gathers them)."""

Reason = str
"""Why a move or action is refused, for a UI that words the rule itself: one
of ``REASONS`` or of a game's own ``reasons``.

The English ``str()`` of the error stays as it is; a translated UI reads
``reason`` and the error's ``values`` (cards as notation such as ``"7h"``,
piles as ids such as ``"t3"``, counts as ints)."""


class IllegalMove(ValueError):
    """A refused move or action; ``str()`` is the rule in player words.

    ``reason`` names the rule (one of ``REASONS``) and ``values`` holds what
    the sentence speaks of:

    >>> error = IllegalMove("Column t3 is empty.", "empty_pile", pile="t3")
    >>> str(error), error.reason, error.values
    ('Column t3 is empty.', 'empty_pile', {'pile': 't3'})
    """

    reason: Reason | None
    values: dict[str, str | int]

    def __init__(self, message: str, reason: Reason | None = None, **values: str | int) -> None:
        super().__init__(message)
        self.reason = reason
        self.values = values


class NotationError(IllegalMove):
    """Text that is not a move in notation; ``str()`` says how to write one.

    A subclass of ``IllegalMove``: whoever plays text catches both alike.
    """


@dataclass(frozen=True, slots=True)
class Move:
    """A move from pile ``src`` to pile ``dst`` of the top ``count`` cards.

    Pile ids: ``s`` stock, ``w`` waste, ``f1``-``f4`` foundations, ``c1``-``c4``
    free cells, ``t1``-``t10`` columns. ``dst == "f"`` means the card's own foundation. Tapping the stock
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

_MOVE_RE = re.compile(r"(w|f[1-4]|c[1-9]|t(?:10|[1-9]))(?::(\d{1,3}))?>(w|f[1-4]?|c[1-9]|t(?:10|[1-9]))")


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
        raise NotationError("A move must be written like t3:2>t5, w>f or s.", "notation")
    t = text.strip().lower()
    if t == "s":
        return STOCK_TAP
    m = _MOVE_RE.fullmatch(t)
    if m is None:
        if t.startswith("s>"):
            raise NotationError("Cards leave the stock only by tapping it (s).", "stock_tap_only")
        raise NotationError(f"{text!r} is not a move: write it like t3:2>t5, w>f or s.", "notation", text=text)
    src, count_text, dst = m.groups()
    count = 1
    if count_text is not None:
        if not src.startswith("t"):
            raise NotationError("Only a column can move several cards at once.", "group_from_column_only")
        count = int(count_text)
        if count < 1:
            raise NotationError("A move takes at least one card.", "no_cards")
    return Move(src, dst, count)
