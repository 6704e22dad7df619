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

A move may take the top cards of several piles at once (Pyramid's pair of cards
that add up to 13, removed together): ``also`` names the further sources, each
giving its top card, and the move prints them joined by ``+``. Peak and pyramid
cards are ``p1``-``p28``, and ``x`` is the discard, where removed cards go.

>>> pair = parse_move("p7+p12>x")
>>> pair
Move(src='p7', dst='x', count=1, also=('p12',))
>>> str(pair), pair.sources, str(Move("w", "x", also=("p28",)))
('p7+p12>x', ('p7', 'p12'), 'w+p28>x')
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
    free cells, ``t1``-``t10`` columns, ``p1``-``p28`` peak and pyramid cards, ``x``
    the discard. ``dst == "f"`` means the card's own foundation. Tapping the stock
    (draw, recycle or deal) is ``STOCK_TAP``, which prints as ``s``.

    ``also`` lists further source piles, each giving its top card, for a move that
    takes cards from several piles at once (``p7+p12>x``; ``count`` is then 1).
    Only a game that plays such moves accepts them (``Game.multi_source``).
    """

    src: str
    dst: str
    count: int = 1
    also: tuple[str, ...] = ()

    def __repr__(self) -> str:
        # A move from one pile reads as it always has.
        more = f", also={self.also!r}" if self.also else ""
        return f"Move(src={self.src!r}, dst={self.dst!r}, count={self.count!r}{more})"

    @property
    def sources(self) -> tuple[str, ...]:
        """Every source pile, ``src`` first."""
        return (self.src, *self.also)

    @property
    def is_stock_tap(self) -> bool:
        """True for a tap on the stock."""
        return self.src == "s" and self.dst == "s"

    def __str__(self) -> str:
        if self.src == "s" and self.dst == "s":
            return "s"
        if self.also:
            return f"{'+'.join(self.sources)}>{self.dst}"
        if self.count != 1:
            return f"{self.src}:{self.count}>{self.dst}"
        return f"{self.src}>{self.dst}"


STOCK_TAP = Move("s", "s", 0)
"""Tapping the stock: draw, recycle or deal, whichever the game does now."""

_SOURCE = r"(?:w|f[1-4]|c[1-9]|t(?:10|[1-9])|p(?:2[0-8]|1[0-9]|[1-9]))"
_MOVE_RE = re.compile(rf"({_SOURCE})(?::(\d{{1,3}}))?((?:\+{_SOURCE})*)>(w|f[1-4]?|c[1-9]|t(?:10|[1-9])|x)")


def parse_move(text: str) -> Move:
    """Read one move in notation (any case); raises ``NotationError`` (an
    ``IllegalMove``) on garbage.

    Only columns take a count (``t3:2>t5``); ``:1`` is the same as no count.
    Several sources joined by ``+`` take one card each (``p7+p12>x``), never a count.

    >>> parse_move("s") == STOCK_TAP
    True
    >>> parse_move("f2>t1")
    Move(src='f2', dst='t1', count=1)
    >>> parse_move("P27+W>X")
    Move(src='p27', dst='x', count=1, also=('w',))
    >>> parse_move("p3+p3>x")
    Traceback (most recent call last):
    ...
    engine.moves.NotationError: A move names each pile once: 'p3+p3>x' names p3 twice.
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
    src, count_text, more, dst = m.groups()
    also = tuple(more.split("+")[1:])
    if also:
        if count_text is not None:
            raise NotationError(
                "A move from several piles takes the top card of each: write it without a count, like p7+p12>x.",
                "notation",
                text=text,
            )
        twice = next((pid for i, pid in enumerate((src, *also)) if pid in (src, *also)[:i]), None)
        if twice is not None:
            raise NotationError(f"A move names each pile once: {text!r} names {twice} twice.", "notation", text=text)
        return Move(src, dst, 1, also)
    count = 1
    if count_text is not None:
        if not src.startswith("t"):
            raise NotationError("Only a column can move several cards at once.", "group_from_column_only")
        count = int(count_text)
        if count < 1:
            raise NotationError("A move takes at least one card.", "no_cards")
    return Move(src, dst, count)
