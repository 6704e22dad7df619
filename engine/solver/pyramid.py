"""Pyramid's solver rules: an exhaustive depth-first search with memo (``core.Search``).

A Pyramid position is fixed by four things: which pyramid cards are left, which cards
of the stock and waste are left, how far the current pass has turned, and which pass
it is. The stock and the waste are one sequence in the order the cards are turned (the
waste bottom to top, then the stock top first): a recycle turns the waste back over, so
the next pass turns the cards left in the same order. The waste is the cards left
before the pass's place in that sequence, its top the last of them; the stock is the
cards left after it. The place is kept as the waste top's index plus one (0: an empty
waste), so that positions that differ only by removed cards between are one.

The solver packs them into one int, which is also the position's key: as ``core.Search`` keeps
an int key whole (``core.digest``), two positions share a key only when they are the same, and
the memo of ``core.Search`` is exact. Every move removes cards, so no line comes back to a
position: the search walks a finite graph without cycles, and "every reachable position
visited, none won" proves the deal lost.

The search leaves out no line that a win could need, though it plays them in bigger steps:

- a tap on the stock is never a move of its own: a move is a pair of two pyramid cards,
  or a pair of a pyramid card with a card of the stock or waste, turned up first by as
  many taps as it takes (none for the waste's top; through the rest of the pass and the
  next one's start for a card deeper in the waste, while a pass is left), each at the
  earliest tap it can be. Taps matter only for the card they turn up, and pairs of two
  pyramid cards neither need nor change the waste, so every line is such moves in turn;
  and a card turned up a pass later than it could be leaves the same cards with fewer
  taps left, which the earlier one reaches by tapping on.
- an available King is removed at once (``play`` does it, and writes it in the line):
  a King pairs with nothing, and a position without it is the same with one card less
  that only ever covered others. Every line from the position with the King is matched
  by one from the position without it, step by step, leaving out the King's draw and
  removal: the cards available in the second are those of the first but the King, and
  a card that the King hid on the waste; the stock is empty in the second whenever it is,
  or holds only the King, in the first. So a win from the first gives a win from the
  second, and the stock's and waste's Kings are left out of the key.
- a position covers those with the same cards left that it reaches by taps alone, at a
  later place of the pass or in a later pass (``PyramidRules.covers``): each of their
  moves is one of its own moves, reaching the same cards as early or earlier.
- a position is passed over when it is certainly lost (``PyramidRules.dead``): a pyramid
  card other than a King none of whose possible partners is left (a card of the value
  that adds up to 13, in the stock or waste, or in the pyramid but neither covering it
  nor covered by it, directly or not: such a card can never be free at the same time),
  or more pyramid cards of a value than cards left of the value that pairs with it.

Bits of a position (``pack``): the pyramid's cards left at bits 0-27 (bit i: ``p{i+1}``),
the sequence's cards left at bits 28-51, the pass's place (0-24) at bits 52-56, the
recycles done (0-2) at bits 57-58.

>>> import engine
>>> from engine.solver.core import run
>>> run(search_for(engine.new_game("PY1-P3-AAAAAAA")), seconds=None).status
'unwinnable'
>>> g = engine.new_game("PY1-P3-AAAAAAB")
>>> result = run(search_for(g), seconds=None)
>>> result.status
'winnable'
>>> for move in result.moves:
...     _ = g.play(move)
>>> g.won
True
"""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.pyramid import KING, PEAKS, PYRAMID_CARDS, SHAPE, THIRTEEN, Pyramid, value
from engine.solver.core import Search

__all__ = ["STOCK", "WASTE", "PyramidRules", "pack", "proof_search", "rules_for", "search_for", "unpack"]

PyramidState = int
"""A packed position (see the module notes)."""
PyramidMove = int
"""``STOCK`` for a tap on the stock, else a removal: its first place (0-27 a pyramid
card, ``WASTE`` the waste's top) plus 32 times one more than its second (0: none)."""
STOCK = -1
WASTE = 28

_SEQ_SHIFT = 28
_PLACE_SHIFT = 52
_PASS_SHIFT = 57
_PYRAMID = (1 << PYRAMID_CARDS) - 1

_COVER: tuple[int, ...] = tuple(sum(1 << PEAKS.index(q) for q in SHAPE.place(p).covered_by) for p in PEAKS)
"""For each place, the places whose cards cover it (as bits)."""


def _conflicts() -> tuple[int, ...]:
    """For each place, the places that cover it or that it covers, directly or not (as
    bits): cards that can never be free together with it."""
    above: list[int] = [0] * PYRAMID_CARDS  # every place covering it, directly or not
    for i in reversed(range(PYRAMID_CARDS)):
        bits = _COVER[i]
        for j in range(PYRAMID_CARDS):
            if _COVER[i] >> j & 1:
                bits |= above[j]
        above[i] = bits
    below = [sum(1 << j for j in range(PYRAMID_CARDS) if above[j] >> i & 1) for i in range(PYRAMID_CARDS)]
    return tuple(above[i] | below[i] for i in range(PYRAMID_CARDS))


_CONFLICT = _conflicts()


def pack(pyramid: int, left: int, place: int, recycles: int) -> PyramidState:
    """One int for a position: the pyramid's cards left and the sequence's (as bits), the
    pass's place and the recycles done.

    >>> unpack(pack(_PYRAMID, (1 << 24) - 1, 3, 2)) == (_PYRAMID, (1 << 24) - 1, 3, 2)
    True
    """
    return pyramid | left << _SEQ_SHIFT | place << _PLACE_SHIFT | recycles << _PASS_SHIFT


def unpack(state: PyramidState) -> tuple[int, int, int, int]:
    """The pyramid's cards left, the sequence's cards left, the pass's place and the
    recycles done of a position."""
    return (
        state & _PYRAMID,
        (state >> _SEQ_SHIFT) & ((1 << 24) - 1),
        (state >> _PLACE_SHIFT) & 31,
        state >> _PASS_SHIFT,
    )


def _name(place: int) -> str:
    return "w" if place == WASTE else PEAKS[place]


def _notation(first: int, second: int) -> str:
    """A removal in notation, its sources in the engine's order (the waste first)."""
    if second < 0:
        return f"{_name(first)}>x"
    a, b = (first, second) if first == WASTE or (second != WASTE and first < second) else (second, first)
    return f"{_name(a)}+{_name(b)}>x"


class PyramidRules:
    """The solver's view of a Pyramid game's position (read from it; the game is not changed)."""

    def __init__(self, game: Pyramid) -> None:
        piles = game._piles
        self.pyramid: tuple[int, ...] = tuple(value(piles[p][-1]) if piles[p] else 0 for p in PEAKS)
        """Each place's value (0: gone)."""
        self.sequence: tuple[int, ...] = (
            *(value(c) for c in piles["w"]),
            *(value(c) for c in reversed(piles["s"])),
        )
        """The values of the waste (bottom to top) and the stock (top first): the order a pass turns them."""
        if len(self.sequence) > 24:
            raise ValueError("Pyramid's stock and waste hold 24 cards at most.")
        self.passes = game.passes
        mask = sum(1 << i for i, v in enumerate(self.pyramid) if v)
        left = (1 << len(self.sequence)) - 1
        self.root = pack(mask, left, len(piles["w"]), game.recycles)
        self._pyramid_by_value = tuple(
            sum(1 << i for i, v in enumerate(self.pyramid) if v == want) for want in range(14)
        )
        self._sequence_by_value = tuple(
            sum(1 << i for i, v in enumerate(self.sequence) if v == want) for want in range(14)
        )
        self._kings = self._sequence_by_value[KING]
        self._pyramid_kings = self._pyramid_by_value[KING]
        self._key_mask = ~(self._kings << _SEQ_SHIFT)

    # ------------------------------------------------------------- helpers

    def _free(self, pyramid: int) -> list[int]:
        """The free pyramid places, bottom row first (as the engine lists them)."""
        cover = _COVER
        return [i for i in _BOTTOM_FIRST if pyramid >> i & 1 and not pyramid & cover[i]]

    def _kings_gone(self, state: PyramidState, out: list[str] | None) -> PyramidState:
        """The position after every available King is removed, one after another."""
        pyramid, left, place, recycles = unpack(state)
        kings = pyramid & self._pyramid_kings
        below = left & ((1 << place) - 1)
        top = below.bit_length() - 1
        if not kings and (top < 0 or self.sequence[top] != KING):
            return state
        cover = _COVER
        while kings:
            free = [i for i in _BOTTOM_FIRST if kings >> i & 1 and not pyramid & cover[i]]
            if not free:
                break
            for i in free:
                pyramid &= ~(1 << i)
                kings &= ~(1 << i)
                if out is not None:
                    out.append(f"{PEAKS[i]}>x")
        if not pyramid & _PYRAMID:
            # The pyramid is cleared: the game is won, and nothing more may be played.
            return pack(pyramid, left, place, recycles)
        sequence = self.sequence
        while top >= 0 and sequence[top] == KING:
            left &= ~(1 << top)
            place = (left & ((1 << top) - 1)).bit_length()
            top = place - 1
            if out is not None:
                out.append("w>x")
        return pack(pyramid, left, place, recycles)

    # ---------------------------------------------------------- the Rules

    def start(self, out: list[str]) -> PyramidState:
        return self._kings_gone(self.root, out)

    def key(self, state: PyramidState) -> int:
        # The stock's and waste's Kings do not matter: each goes as soon as it is turned.
        return state & self._key_mask

    def won(self, state: PyramidState) -> bool:
        return state & _PYRAMID == 0

    def moves(self, state: PyramidState) -> list[PyramidMove]:
        """The pairs of two pyramid cards, then the pairs of a pyramid card with a card of
        the stock or waste, the waste's top first, then the stock's cards in the order they
        come, then those the next pass brings (see the module notes)."""
        pyramid, left, place, recycles = unpack(state)
        values, sequence = self.pyramid, self.sequence
        free = self._free(pyramid)
        moves: list[PyramidMove] = []
        for a, i in enumerate(free):
            want = THIRTEEN - values[i]
            for j in free[a + 1 :]:
                if values[j] == want:
                    moves.append(i + 32 * (j + 1))
        if not left:
            return moves
        wanted = 0
        for i in free:
            wanted |= self._sequence_by_value[THIRTEEN - values[i]]
        reach = left & wanted
        if not reach:
            return moves
        below = left & ((1 << place) - 1)
        top = below.bit_length() - 1
        # The waste's top, then the stock's cards in turn, then (a pass later) the waste's others.
        order = [top] if top >= 0 and reach >> top & 1 else []
        ahead = reach >> place << place
        while ahead:
            low = ahead & -ahead
            order.append(low.bit_length() - 1)
            ahead ^= low
        if recycles < self.passes - 1 and top > 0:
            back = reach & ((1 << top) - 1)
            while back:
                low = back & -back
                order.append(low.bit_length() - 1)
                back ^= low
        for k in order:
            want = THIRTEEN - sequence[k]
            moves.extend((k + 1) << 10 | i for i in free if values[i] == want)
        return moves

    def play(self, state: PyramidState, move: PyramidMove, out: list[str] | None) -> PyramidState:
        pyramid, left, place, recycles = unpack(state)
        if move < 1024:
            first, second = move & 31, (move >> 5) - 1
            if out is not None:
                out.append(_notation(first, second))
            pyramid &= ~(1 << first) & ~(1 << second)
            return self._kings_gone(pack(pyramid, left, place, recycles), out)
        k, i = (move >> 10) - 1, move & 31
        if out is not None:
            left, place, recycles = self._turn_to(left, place, recycles, k, out)
            out.append(_notation(WASTE, i))
        else:
            kings = self._kings
            top = (left & ((1 << place) - 1)).bit_length() - 1
            if k > top:  # in the stock: the cards before it are turned, their Kings go
                left &= ~(kings & ((1 << k) - 1) & ~((1 << place) - 1))
            elif k < top:  # a pass later: the rest of this pass and the next one's cards before it
                left &= ~(kings & (~((1 << place) - 1) | ((1 << k) - 1)))
                recycles += 1
        left &= ~(1 << k)
        pyramid &= ~(1 << i)
        place = (left & ((1 << k) - 1)).bit_length()
        return self._kings_gone(pack(pyramid, left, place, recycles), out)

    def _turn_to(self, left: int, place: int, recycles: int, k: int, out: list[str]) -> tuple[int, int, int]:
        """Tap the stock until the sequence's card ``k`` is the waste's top, each King
        turned on the way removed; the notation goes to ``out``."""
        sequence = self.sequence
        while (left & ((1 << place) - 1)).bit_length() - 1 != k:
            ahead = left >> place << place
            out.append("s")
            if not ahead:
                place, recycles = 0, recycles + 1
                continue
            turned = (ahead & -ahead).bit_length() - 1
            place = turned + 1
            if sequence[turned] == KING:
                out.append("w>x")
                left &= ~(1 << turned)
                place = (left & ((1 << turned) - 1)).bit_length()
        return left, place, recycles

    def covers(self, state: PyramidState) -> list[int]:
        """The keys of the positions with the same cards left that ``state`` reaches by
        tapping the stock alone: a later place in the same pass, or any place of a later
        pass (see the module notes)."""
        pyramid, left, place, recycles = unpack(state)
        left &= ~self._kings
        places = [0]
        rest = left
        while rest:
            low = rest & -rest
            places.append(low.bit_length())
            rest ^= low
        base = pyramid | left << _SEQ_SHIFT
        keys = [base | p << _PLACE_SHIFT | recycles << _PASS_SHIFT for p in places if p > place]
        for later in range(recycles + 1, self.passes):
            keys.extend(base | p << _PLACE_SHIFT | later << _PASS_SHIFT for p in places)
        return keys

    def finish(self, state: PyramidState, out: list[str]) -> None:
        return None

    def dead(self, state: PyramidState, move: PyramidMove | None) -> bool:
        """True when a pyramid card can never be removed (see the module notes)."""
        pyramid, left = state & _PYRAMID, (state >> _SEQ_SHIFT) & ((1 << 24) - 1)
        by_pyramid, by_sequence = self._pyramid_by_value, self._sequence_by_value
        for low in range(1, 7):
            high = THIRTEEN - low
            lows, highs = pyramid & by_pyramid[low], pyramid & by_pyramid[high]
            if not (lows or highs):
                continue
            low_s, high_s = (left & by_sequence[low]).bit_count(), (left & by_sequence[high]).bit_count()
            # Each pyramid card of a value needs a partner of its own of the other value.
            if lows.bit_count() > highs.bit_count() + high_s or highs.bit_count() > lows.bit_count() + low_s:
                return True
            for cards, partners, spare in ((lows, highs, high_s), (highs, lows, low_s)):
                if spare:
                    continue
                while cards:
                    bit = cards & -cards
                    cards ^= bit
                    if not partners & ~_CONFLICT[bit.bit_length() - 1]:
                        return True
        return False

    def score(self, state: PyramidState) -> int:
        """Pyramid cards left (lower looks closer to a win)."""
        return (state & _PYRAMID).bit_count()


_BOTTOM_FIRST: tuple[int, ...] = tuple(
    PEAKS.index(place.pid) for place in sorted(SHAPE.places, key=lambda place: (-place.row, place.x))
)
"""The places bottom row first, each row left to right (``Shape.free_ids``' order)."""


# ------------------------------------------------------------------ searches


def rules_for(game: Game, complete: bool = False) -> PyramidRules:
    """The solver's rules for a Pyramid game: they leave out no move a win could need
    (``complete`` changes nothing)."""
    if not isinstance(game, Pyramid):
        raise TypeError("Pyramid's solver rules need a Pyramid game.")
    return PyramidRules(game)


def search_for(game: Game, complete: bool = False) -> Search[Any, Any]:
    """The exhaustive depth-first search: its every answer is a proof."""
    return Search(rules_for(game), ordered=False)


def proof_search(game: Game) -> Search[Any, Any]:
    """``search_for``: the search leaves out no move a win could need, so its losses are proofs."""
    return search_for(game)
