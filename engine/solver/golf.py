"""Golf's solver rules: an exhaustive depth-first search with memo (``core.Search``).

A Golf position is fixed by three things: how many cards each column still holds,
how many cards the stock still holds, and the rank of the waste's top card (no
other waste card ever matters again, nor any suit). The solver packs them into one
int, which is also the position's key: as ``core.Search`` keeps an int key
whole (``core.digest``), two positions share a key only when they are the same, and the memo of
``core.Search`` is exact. Every move removes a card from a column or the stock,
so no line comes back to a position: the search is a walk over a finite graph
without cycles, and "every reachable position visited, none won" is a proof
that the deal is lost.

The search leaves out no move. It passes over one kind of position only: one
that is certainly lost (``GolfRules.dead``): a card still in a column whose two
neighbour ranks (and King-Ace with Turn the corner) are neither on the waste's
top nor anywhere left in the columns or the stock can never go onto the waste,
since the card under it when it goes must be one of those. Such a position is
lost without searching it.

Bits of a position (``pack``): the height of column ``i`` (0-5) at bits
``3i``-``3i+2``, the cards left in the stock (0-16) at bits 21-25, the waste's
top rank (1-13) at bits 26-29.

>>> import engine
>>> from engine.solver.core import run
>>> run(search_for(engine.new_game("GF1-N-AAAAAAB")), seconds=None).status
'unwinnable'
>>> g = engine.new_game("GF1-N-AAAAAAC")
>>> result = run(search_for(g), seconds=None)
>>> result.status, len(result.moves) > 0
('winnable', True)
>>> for move in result.moves:
...     _ = g.play(move)
>>> g.won
True
"""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.golf import Golf, neighbours
from engine.solver.core import Search

__all__ = ["GolfRules", "pack", "proof_search", "rules_for", "search_for", "unpack"]

GolfState = int
"""A packed position (see the module notes)."""
GolfMove = int
"""A column index 0-6, or ``STOCK`` for a tap on the stock."""
STOCK = -1

_STOCK_SHIFT = 21
_TOP_SHIFT = 26
_FIELD = 3
"""Bits per rank in a packed count of cards by rank (at most 4 cards a rank, plus the top)."""
_LOW = sum(1 << (_FIELD * r) for r in range(1, 14))
"""Bit 0 of each rank's field (ranks 1-13; field 0 is unused)."""


def pack(heights: tuple[int, ...], stock: int, top: int) -> GolfState:
    """One int for a position: column heights, cards left in the stock, the top rank.

    >>> unpack(pack((5, 4, 3, 2, 1, 0, 5), 16, 13))
    ((5, 4, 3, 2, 1, 0, 5), 16, 13)
    """
    state = 0
    for i, h in enumerate(heights):
        state |= h << (_FIELD * i)
    return state | stock << _STOCK_SHIFT | top << _TOP_SHIFT


def unpack(state: GolfState) -> tuple[tuple[int, ...], int, int]:
    """The column heights, the cards left in the stock and the top rank of a position."""
    heights = tuple((state >> (_FIELD * i)) & 7 for i in range(7))
    return heights, (state >> _STOCK_SHIFT) & 31, state >> _TOP_SHIFT


def _nonzero(counts: int) -> int:
    """The ranks whose field of a packed count is not 0, as bit 0 of each field."""
    return (counts | counts >> 1 | counts >> 2) & _LOW


class GolfRules:
    """The solver's view of a Golf game's position (read from it; the game is not changed)."""

    def __init__(self, game: Golf) -> None:
        piles = game._piles
        self.columns: tuple[tuple[int, ...], ...] = tuple(tuple(c.rank for c in piles[t]) for t in game.columns)
        """Each column's ranks, bottom to top."""
        self.stock: tuple[int, ...] = tuple(c.rank for c in reversed(piles["s"]))
        """The stock's ranks in the order they are turned (the top first)."""
        self.wrap = game.wrap
        top = piles["w"][-1].rank if piles["w"] else 0
        self.root = pack(tuple(len(c) for c in self.columns), len(self.stock), top)
        # Packed counts by rank: of the first h cards of each column, of the last k
        # cards of the stock (those still in it when k are left).
        self._column_counts = tuple(
            tuple(sum(1 << (_FIELD * r) for r in column[:h]) for h in range(len(column) + 1)) for column in self.columns
        )
        n = len(self.stock)
        self._stock_counts = tuple(sum(1 << (_FIELD * r) for r in self.stock[n - k :]) for k in range(n + 1))
        self._ace_king = (1 << _FIELD) | (1 << (_FIELD * 13))

    # ---------------------------------------------------------- the Rules

    def start(self, out: list[str]) -> GolfState:
        return self.root

    def key(self, state: GolfState) -> int:
        return state

    def won(self, state: GolfState) -> bool:
        return state & ((1 << _STOCK_SHIFT) - 1) == 0

    def moves(self, state: GolfState) -> list[GolfMove]:
        """The columns whose top card goes onto the waste (tallest first), then the stock."""
        top = state >> _TOP_SHIFT
        wrap = self.wrap
        found: list[tuple[int, int]] = []
        for i, column in enumerate(self.columns):
            h = (state >> (_FIELD * i)) & 7
            if h and neighbours(column[h - 1], top, wrap):
                found.append((-h, i))
        found.sort()
        moves = [i for _, i in found]
        if (state >> _STOCK_SHIFT) & 31:
            moves.append(STOCK)
        return moves

    def play(self, state: GolfState, move: GolfMove, out: list[str] | None) -> GolfState:
        body = state & ((1 << _TOP_SHIFT) - 1)
        if move == STOCK:
            left = (state >> _STOCK_SHIFT) & 31
            if out is not None:
                out.append("s")
            return (body - (1 << _STOCK_SHIFT)) | self.stock[len(self.stock) - left] << _TOP_SHIFT
        h = (state >> (_FIELD * move)) & 7
        if out is not None:
            out.append(f"t{move + 1}>w")
        return (body - (1 << (_FIELD * move))) | self.columns[move][h - 1] << _TOP_SHIFT

    def finish(self, state: GolfState, out: list[str]) -> None:
        return None

    def dead(self, state: GolfState, move: GolfMove | None) -> bool:
        """True when a column card can never go onto the waste (see the module notes)."""
        in_columns = 0
        for i, counts in enumerate(self._column_counts):
            in_columns += counts[(state >> (_FIELD * i)) & 7]
        if not in_columns:
            return False
        left = self._stock_counts[(state >> _STOCK_SHIFT) & 31]
        present = _nonzero(in_columns + left) | 1 << (_FIELD * (state >> _TOP_SHIFT))
        reach = present << _FIELD | present >> _FIELD
        if self.wrap:
            if present & (1 << _FIELD):  # an Ace reaches the King
                reach |= 1 << (_FIELD * 13)
            if present & (1 << (_FIELD * 13)):
                reach |= 1 << _FIELD
        if _nonzero(in_columns) & ~reach:
            return True
        if self.wrap:
            return False
        # Every column card needs a card of a neighbour rank right under it on the
        # waste, and each card is right under one card at most: a matching of the
        # column cards to distinct neighbours among the cards left and the top.
        # Split by parity (a card's neighbours have the other parity), each demand
        # covers two supplies next to each other, so taking the lower first is best.
        supply = in_columns + left + (1 << (_FIELD * (state >> _TOP_SHIFT)))
        spare = [(supply >> (_FIELD * r)) & 7 for r in range(15)]
        for r in range(1, 14):
            need = (in_columns >> (_FIELD * r)) & 7
            if need:
                low = min(need, spare[r - 1])
                spare[r - 1] -= low
                need -= low
                if need > spare[r + 1]:
                    return True
                spare[r + 1] -= need
        return False

    def score(self, state: GolfState) -> int:
        """Cards left in the columns (lower looks closer to a win)."""
        return sum(unpack(state)[0])


# ------------------------------------------------------------------ searches


def rules_for(game: Game, complete: bool = False) -> GolfRules:
    """The solver's rules for a Golf game: they leave out no move (``complete`` changes nothing)."""
    if not isinstance(game, Golf):
        raise TypeError("Golf's solver rules need a Golf game.")
    return GolfRules(game)


def search_for(game: Game, complete: bool = False) -> Search[Any, Any]:
    """The exhaustive depth-first search: its every answer is a proof."""
    return Search(rules_for(game), ordered=False)


def proof_search(game: Game) -> Search[Any, Any]:
    """``search_for``: the search leaves out no move, so its losses are proofs."""
    return search_for(game)
