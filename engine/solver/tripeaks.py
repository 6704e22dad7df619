"""TriPeaks' solver rules: an exhaustive depth-first search with memo (``core.Search``).

The solver sees the face-down cards (as Klondike's does): it plays a deal whose every
card is known, and a face-down card turns up only for the rules, never for it.

A TriPeaks position is fixed by three things: which of the 28 peak cards are still in
the peaks, how many cards the stock still holds, and the rank of the waste's top card
(no other waste card ever matters again, nor any suit, nor whether a card is face up:
a card is face up exactly when it is free). The solver packs them into one int, which
is also the position's key: as ``core.Search`` keeps an int key whole (``core.digest``), two positions
share a key only when they are the same, and the memo of ``core.Search`` is exact.
Every move removes a card from the peaks or the stock, so no line comes back to a
position: the search is a walk over a finite graph without cycles, and "every
reachable position visited, none won" is a proof that the deal is lost.

The search leaves out no move. It passes over one kind of position only: one that is
certainly lost (``TriPeaksRules.dead``): a card still in the peaks whose two neighbour
ranks (and King-Ace with Turn the corner) are neither on the waste's top nor anywhere
left in the peaks or the stock can never go onto the waste, since the card under it
when it goes must be one of those. Such a position is lost without searching it.

Bits of a position (``pack``): peak card ``p{i+1}`` still there at bit ``i`` (0-27),
the cards left in the stock (0-23) at bits 28-32, the waste's top rank (1-13) at bits
33-36.

>>> import engine
>>> from engine.solver.core import run
>>> g = engine.new_game("TP1-W-AAAAAAB")
>>> result = run(search_for(g), seconds=None)
>>> result.status, len(result.moves) > 0
('winnable', True)
>>> for move in result.moves:
...     _ = g.play(move)
>>> g.won
True
>>> run(search_for(engine.new_game("TP1-N-AAAAAAI")), seconds=None).status
'unwinnable'
"""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.solver.core import Search
from engine.tripeaks import PEAKS, SHAPE, TriPeaks, neighbours

__all__ = ["STOCK", "TriPeaksRules", "pack", "proof_search", "rules_for", "search_for", "unpack"]

TriPeaksState = int
"""A packed position (see the module notes)."""
TriPeaksMove = int
"""A peak card's index 0-27 (``p1`` is 0), or ``STOCK`` for a tap on the stock."""
STOCK = -1

_CARDS = len(PEAKS)
_PRESENT = (1 << _CARDS) - 1
_STOCK_SHIFT = 28
_TOP_SHIFT = 33
_NOTATION = tuple(f"{pid}>w" for pid in PEAKS)
_COVERED_BY = tuple(sum(1 << PEAKS.index(other) for other in SHAPE.place(pid).covered_by) for pid in PEAKS)
"""For each peak card, the bits of the cards that overlap it."""
_ORDER = tuple(sorted(range(_CARDS), key=lambda i: (SHAPE.place(PEAKS[i]).row, i)))
"""The order moves are tried in: the higher cards first (they free nothing, but nearer the
peaks' tops), each row left to right."""


def pack(present: int, stock: int, top: int) -> TriPeaksState:
    """One int for a position: the peak cards still there, cards left in the stock, the top rank.

    >>> unpack(pack(0b101, 23, 13))
    (5, 23, 13)
    """
    return present | stock << _STOCK_SHIFT | top << _TOP_SHIFT


def unpack(state: TriPeaksState) -> tuple[int, int, int]:
    """The peak cards still there (bits), the cards left in the stock and the top rank."""
    return state & _PRESENT, (state >> _STOCK_SHIFT) & 31, state >> _TOP_SHIFT


class TriPeaksRules:
    """The solver's view of a TriPeaks game's position (read from it; the game is not changed)."""

    def __init__(self, game: TriPeaks) -> None:
        piles = game._piles
        self.ranks: tuple[int, ...] = tuple(piles[p][-1].rank if piles[p] else 0 for p in PEAKS)
        """Each peak card's rank (0 for a place already empty), face down or not."""
        self.stock: tuple[int, ...] = tuple(c.rank for c in reversed(piles["s"]))
        """The stock's ranks in the order they are turned (the top first)."""
        self.wrap = game.wrap
        present = sum(1 << i for i, rank in enumerate(self.ranks) if rank)
        top = piles["w"][-1].rank if piles["w"] else 0
        self.root = pack(present, len(self.stock), top)
        # For each top rank, the peak cards that may go on it (wherever they are).
        self._fits = tuple(
            sum(1 << i for i, rank in enumerate(self.ranks) if rank and neighbours(rank, top, self.wrap))
            for top in range(14)
        )
        # For each top rank, the order in which its cards are tried.
        self._tries = tuple(tuple(i for i in _ORDER if fits >> i & 1) for fits in self._fits)
        # Bits of the ranks: of each peak card, of the last k cards of the stock.
        self._rank_bits = tuple(1 << rank for rank in self.ranks)
        n = len(self.stock)
        stock_bits = [0] * (n + 1)
        for k in range(1, n + 1):
            stock_bits[k] = stock_bits[k - 1] | 1 << self.stock[n - k]
        self._stock_bits = tuple(stock_bits)

    # ---------------------------------------------------------- the Rules

    def start(self, out: list[str]) -> TriPeaksState:
        return self.root

    def key(self, state: TriPeaksState) -> int:
        return state

    def won(self, state: TriPeaksState) -> bool:
        return state & _PRESENT == 0

    def moves(self, state: TriPeaksState) -> list[TriPeaksMove]:
        """The free peak cards that go onto the waste (the higher first), then the stock."""
        present = state & _PRESENT
        covered_by = _COVERED_BY
        moves = [i for i in self._tries[state >> _TOP_SHIFT] if present >> i & 1 and not present & covered_by[i]]
        if (state >> _STOCK_SHIFT) & 31:
            moves.append(STOCK)
        return moves

    def play(self, state: TriPeaksState, move: TriPeaksMove, out: list[str] | None) -> TriPeaksState:
        body = state & ((1 << _TOP_SHIFT) - 1)
        if move == STOCK:
            left = (state >> _STOCK_SHIFT) & 31
            if out is not None:
                out.append("s")
            return (body - (1 << _STOCK_SHIFT)) | self.stock[len(self.stock) - left] << _TOP_SHIFT
        if out is not None:
            out.append(_NOTATION[move])
        return (body & ~(1 << move)) | self.ranks[move] << _TOP_SHIFT

    def finish(self, state: TriPeaksState, out: list[str]) -> None:
        return None

    def dead(self, state: TriPeaksState, move: TriPeaksMove | None) -> bool:
        """True when a peak card can never go onto the waste (see the module notes)."""
        present = state & _PRESENT
        if not present:
            return False
        in_peaks = 0
        bits = self._rank_bits
        while present:
            low = present & -present
            in_peaks |= bits[low.bit_length() - 1]
            present ^= low
        have = in_peaks | self._stock_bits[(state >> _STOCK_SHIFT) & 31] | 1 << (state >> _TOP_SHIFT)
        reach = have << 1 | have >> 1
        if self.wrap:
            if have & 2:  # an Ace reaches the King
                reach |= 1 << 13
            if have & (1 << 13):
                reach |= 2
        return bool(in_peaks & ~reach)

    def score(self, state: TriPeaksState) -> int:
        """Cards left in the peaks (lower looks closer to a win)."""
        return (state & _PRESENT).bit_count()


# ------------------------------------------------------------------ searches


def rules_for(game: Game, complete: bool = False) -> TriPeaksRules:
    """The solver's rules for a TriPeaks game: they leave out no move (``complete`` changes nothing)."""
    if not isinstance(game, TriPeaks):
        raise TypeError("TriPeaks' solver rules need a TriPeaks game.")
    return TriPeaksRules(game)


def search_for(game: Game, complete: bool = False) -> Search[Any, Any]:
    """The exhaustive depth-first search: its every answer is a proof."""
    return Search(rules_for(game), ordered=False)


def proof_search(game: Game) -> Search[Any, Any]:
    """``search_for``: the search leaves out no move, so its losses are proofs."""
    return search_for(game)
