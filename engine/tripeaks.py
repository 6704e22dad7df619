"""TriPeaks (RULES.md section 5): three overlapping peaks of 28 cards, one waste.

The peak cards are ``p1``-``p28``, one card a pile, row by row from the top
(``engine.shapes.peaks(3, 4)``: rows of 3, 6, 9 and 10 cards). A card is free once
both cards overlapping it are gone; the bottom row starts face up, and a face-down
card turns up by itself as soon as it is free. A free card goes onto the waste when
it is one rank higher or lower than the waste's top card, whatever its suit; with
Turn the corner (``TP1-W-…``, the default) King and Ace are neighbours too. A tap on
the stock turns its top card onto the waste, once through, no redeal. The game is
won when all 28 peak cards are on the waste. Score: each peak card scores its place
in the current run (1, 2, 3 …), a stock card costs 5 and ends the run, and clearing
a peak's top scores 15 for the first and second peak, 30 for the third. Every
action can be undone.

>>> g = TriPeaks("TP1-W-AAAAAAB")
>>> sum(len(g.pile(p)) for p in PEAKS), len(g.pile("s")), str(g.top("w")), g.score
(28, 23, 'Qs', 0)
>>> " ".join(str(g.top(p)) for p in PEAKS[18:])
'2s Ah 6c Ks Kd Td Tc Jc Th 8c'
>>> [str(m) for m in g.legal_moves()]
['p22>w', 'p23>w', 'p26>w', 's']
>>> for move in ("p22>w", "p20>w", "p19>w"):
...     action = g.play(move)
...     print(move, str(g.top("w")), g.run, g.score, action.flipped)
p22>w Ks 1 1 ()
p20>w Ah 2 3 ()
p19>w 2s 3 6 ('p10',)
>>> g.play("p21>w")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.moves.IllegalMove: The 6 of clubs can't go on the 2 of spades: ...
>>> g.play("p11>w")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.moves.IllegalMove: That card is face down and covered: ...
>>> g.play("s").kind, g.moves, g.score, g.run
('draw', 4, 1, 0)
>>> _ = g.undo(); g.score, g.run
(6, 3)
>>> while g.can_undo:
...     _ = g.undo()
>>> g.moves, g.score, g.pile("p10")[0].face_up
(0, 0, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, TypeVar

from engine.cards import Card, neighbours, parse_card
from engine.codes import Deal, DealCode, deal_rows, shuffle, suit_blocks
from engine.game import Effect
from engine.moves import REASONS, STOCK_TAP, IllegalMove, Move
from engine.shapes import Shape
from engine.variants import TRIPEAKS, StockAction
from engine.waste_by_rank import WasteByRankGame, line_through, not_a_neighbour

__all__ = [
    "FINISH_CARDS",
    "KINDS",
    "PEAKS",
    "PEAK_CARDS",
    "REASONS_OWN",
    "SHAPE",
    "TOPS",
    "TriPeaks",
    "neighbours",
    "peak_bonus",
]

SHAPE: Shape = TRIPEAKS.shape  # type: ignore[assignment]  # the registry gives TriPeaks its peaks
PEAKS: tuple[str, ...] = TRIPEAKS.peak_ids
"""The peak cards' piles, ``p1``-``p28``, top row first, each row left to right."""
_PEAK_SET = frozenset(PEAKS)
TOPS: tuple[str, ...] = PEAKS[:3]
"""The three peaks' tops, ``p1``-``p3``."""
PEAK_CARDS = 28
FACE_DOWN = 18
"""The three upper rows, ``p1``-``p18``, are dealt face down; the bottom row face up."""
RUN_BONUS = (15, 15, 30)
"""What clearing the first, second and third peak's top scores (RULES.md)."""
STOCK_COST = 5
"""What each card turned from the stock costs (it ends the run too)."""
FINISH_CARDS = 12
"""Finish is offered when at most this many peak cards are left, all face up, and they
can all go onto the waste in a row (a search of a few thousand positions at most)."""

_ROWS = (tuple(range(PEAK_CARDS)),)
_FACES = (tuple(i >= FACE_DOWN for i in range(PEAK_CARDS)),)

G = TypeVar("G", bound="TriPeaks")

REASONS_OWN: tuple[str, ...] = (
    "covered",
    "not_a_neighbour",
    "nothing_on_peaks",
    "waste_stays",
    "one_at_a_time",
    "stock_used_up",
    "tripeaks_won",
)
"""The refusals only TriPeaks makes, or shares with Golf (beside those of ``engine.moves``)."""

KINDS: tuple[str, ...] = ("turn", "run", "play", "stock")
"""The kinds of move a hint tells apart, best first:

1. ``turn``: a peak card onto the waste that frees a card (it turns up), the one after
   which another face-up card can follow first;
2. ``run``: a peak card onto the waste after which another face-up card can follow;
3. ``play``: any other peak card onto the waste;
4. ``stock``: a tap on the stock.

Within a kind the higher card (nearer a peak's top) comes first."""


def peak_bonus(cleared: int) -> int:
    """What clearing a peak's top scores when it makes ``cleared`` peaks cleared (1-3).

    >>> [peak_bonus(n) for n in (1, 2, 3)]
    [15, 15, 30]
    """
    return RUN_BONUS[cleared - 1]


class TriPeaks(WasteByRankGame):
    """TriPeaks: stock ``s``, waste ``w`` and peak cards ``p1``-``p28``. Code
    ``TP1-W-SEED`` (Turn the corner: King and Ace are neighbours, the default) or
    ``TP1-N-SEED`` (no wrapping). Score: runs and peaks (RULES.md). Undo takes back
    every action of the game.

    An ``Action`` of kind ``"move"`` has ``dst`` ``"w"`` and ``flipped`` the piles whose
    card turned face up because the move freed it; a stock tap is a ``"draw"``.
    """

    variant = TRIPEAKS
    daily_options: ClassVar[str | None] = "TP1-W"
    peaks: ClassVar[tuple[str, ...]] = PEAKS
    """The peak cards' piles, top row first."""
    shape: ClassVar[Shape] = SHAPE
    undo_limit: ClassVar[int | None] = None
    declares_loss: ClassVar[bool] = True
    reasons: ClassVar[tuple[str, ...]] = (*REASONS, *REASONS_OWN)
    advice_kinds: ClassVar[tuple[str, ...]] = KINDS
    advice_progress: ClassVar[frozenset[str]] = frozenset(("turn", "run", "play"))
    solver_module: ClassVar[str | None] = "engine.solver.tripeaks"
    corner_by_default: ClassVar[int] = 1  # Turn the corner, as in Microsoft's game

    _run: int
    """Peak cards played since the last stock card (or the deal): the next one scores one more."""

    # ----------------------------------------------------------- deal codes

    @classmethod
    def make_deck(cls, settings: DealCode) -> list[Card]:
        """One deck: suit blocks s, h, d, c, each Ace to King."""
        return [Card(rank, suit, False) for suit in suit_blocks(4) for rank in range(1, 14)]

    @classmethod
    def deal_layout(cls, settings: DealCode) -> Deal:
        """``p1``-``p28`` in order (``p1``-``p18`` face down, the bottom row face up); the
        other 24 are the stock, whose first card (its top) starts the waste (``_setup``)."""
        return deal_rows(shuffle(cls.make_deck(settings), settings.seed), _ROWS, _FACES)

    # ------------------------------------------------------------- settings

    @property
    def peak_cards(self) -> int:
        """The cards left in the peaks."""
        piles = self._piles
        return sum(len(piles[p]) for p in PEAKS)

    @property
    def run(self) -> int:
        """Peak cards played since the last stock card: the next one scores one more."""
        return self._run

    @property
    def longest_run(self) -> int:
        """The longest run of the game so far (undo takes back what it made longer).

        >>> g = TriPeaks("TP1-W-AAAAAAB")
        >>> for move in ("p22>w", "p20>w", "s"):
        ...     _ = g.play(move)
        >>> g.run, g.longest_run
        (0, 2)
        """
        return self._longest_run

    @property
    def won(self) -> bool:
        """True once every peak card is on the waste."""
        piles = self._piles
        return not any(piles[p] for p in PEAKS)

    def waste_fan(self) -> int:
        """The waste's top card alone (0 when empty)."""
        return 1 if self._piles["w"] else 0

    def is_free(self, pid: str) -> bool:
        """True when peak pile ``pid`` holds a card that no card overlaps."""
        return SHAPE.is_free(self._piles, pid)

    def fits(self, card: Card) -> bool:
        """True when ``card`` may go onto the waste now."""
        waste = self._piles["w"]
        return bool(waste) and neighbours(card.rank, waste[-1].rank, self.wrap)

    def _playable(self) -> list[str]:
        """The free peak cards that may go onto the waste now, in ``free_places`` order."""
        piles = self._piles
        return [p for p in self.free_places() if self.fits(piles[p][-1])]

    # ---------------------------------------------------------------- setup

    def _setup(self, layout: Deal) -> None:
        stock = list(layout.stock)
        self._piles = {"s": stock, "w": [stock.pop().turned()]}
        for p, cards in zip(PEAKS, layout.columns, strict=True):
            self._piles[p] = list(cards)
        self.score = 0
        self._run = 0
        self._longest_run = 0

    @classmethod
    def from_piles(cls: type[G], code: DealCode | str, piles: Mapping[str, str], moves: int = 0, run: int = 0) -> G:
        """A game in a given position, for tests and puzzles: ``piles`` maps pile ids
        to cards (``{"p19": "Kh", "w": "5d", "s": "2c 9h"}``, the stock bottom to top);
        piles left out are empty. A peak card is face up when it is free, the waste's
        cards face up, the stock's face down. The cards are not checked against the
        deck, and the game has no moves behind it: its score is 0 and its run ``run``.

        >>> g = TriPeaks.from_piles("TP1-N-AAAAAAA", {"p1": "9h", "p4": "Tc", "p5": "6s", "w": "5d", "s": "Kc"})
        >>> [str(m) for m in g.legal_moves()], g.pile("p1")[0].face_up, g.pile("p4")[0].face_up
        (['p5>w', 's'], False, True)
        """
        game = cls(code)
        for pid in piles:
            if pid not in game._piles:
                raise KeyError(f"There is no pile {pid!r} in TriPeaks.")
        for pid in game._piles:
            game._piles[pid] = [parse_card(token, pid != "s") for token in piles.get(pid, "").split()]
        for pid in PEAKS:
            cards = game._piles[pid]
            if len(cards) > 1:
                raise ValueError(f"A peak pile holds one card at most: {pid} has {len(cards)}.")
            if cards:
                cards[0] = cards[0].with_face(game.is_free(pid))
        game.moves = moves
        game.score = 0
        game._run = run
        game._longest_run = run
        return game

    # ---------------------------------------------------------------- rules

    def _stock_refused(self) -> IllegalMove | None:
        if self.won:
            return IllegalMove(
                "The game is won: the cards left in the stock do not matter.",
                "tripeaks_won",
            )
        if not self._piles["s"]:
            return IllegalMove("The stock is empty: TriPeaks goes through it once, with no redeal.", "stock_used_up")
        return None

    def stock_action(self) -> StockAction | None:
        """``"draw"`` while the stock holds cards and the game is not won, else None."""
        return None if self._stock_refused() is not None else "draw"

    def _target_refusal(self, dst: str) -> IllegalMove | None:
        if dst == "f" or (dst.startswith("f") and dst not in self._piles):
            return IllegalMove("TriPeaks has no foundations: a free peak card goes onto the waste.", "no_foundations")
        return None

    def _check_pile_move(self, move: Move) -> Move:
        src, dst, n = move.src, move.dst, move.count
        piles = self._piles
        self._check_ends(move, piles, piles)
        if src == "w":
            raise IllegalMove("Cards on the waste stay there: a free peak card goes onto it.", "waste_stays")
        if not piles[src]:
            raise IllegalMove(
                f"The card of {src} is already on the waste: that place is empty.", "empty_pile", pile=src
            )
        if n != 1:
            raise IllegalMove("Peak cards go onto the waste one at a time.", "one_at_a_time")
        if dst != "w":
            raise IllegalMove(
                "Nothing builds on the peaks in TriPeaks: a free peak card goes onto the waste.",
                "nothing_on_peaks",
            )
        card = piles[src][-1]
        if not self.is_free(src):
            if card.face_up:
                raise IllegalMove(
                    f"The {card.name} is covered: a card is free once both cards overlapping it are gone.",
                    "covered",
                    pile=src,
                    card=str(card),
                )
            raise IllegalMove(
                "That card is face down and covered: it turns up once both cards overlapping it are gone.",
                "covered",
                pile=src,
            )
        top = piles["w"][-1]
        if not neighbours(card.rank, top.rank, self.wrap):
            raise not_a_neighbour(card, top)
        return Move(src, "w", 1)

    def _perform(self, move: Move) -> Effect:
        piles = self._piles
        if move.is_stock_tap:
            self._turn_cards("s", "w", 1)
            self._run = 0
            return Effect("draw", "w", self.score - STOCK_COST)
        src = move.src
        self._move_cards(src, "w", 1)
        self._run += 1
        self._longest_run = max(self._longest_run, self._run)
        score = self.score + self._run
        if src in TOPS:
            score += peak_bonus(sum(not piles[t] for t in TOPS))
        for pid in SHAPE.freed_by(piles, src):
            if not piles[pid][-1].face_up:
                self._flip_top(pid)
        return Effect("move", "w", score)

    def _counters(self) -> tuple[int, ...]:
        return (self._run, self._longest_run)

    def _restore_counters(self, counters: tuple[int, ...]) -> None:
        self._run, self._longest_run = counters

    def legal_moves(self) -> list[Move]:
        """Every legal move: each free peak card that goes onto the waste (bottom row
        first, each row left to right), then the stock tap while it is allowed."""
        moves = [Move(p, "w", 1) for p in self._playable()]
        if self.stock_action() is not None:
            moves.append(STOCK_TAP)
        return moves

    # ------------------------------------------------------------- gestures

    def can_pick(self, pid: str, count: int) -> bool:
        """May the top ``count`` cards of ``pid`` be picked up? A free peak card, alone."""
        if type(count) is not int or count != 1:
            return False
        return pid in _PEAK_SET and self.is_free(pid)

    def tap_move(self, pid: str) -> Move | None:
        """A single tap plays a free peak card onto the waste when that is legal."""
        if pid not in _PEAK_SET:
            return None
        move = Move(pid, "w", 1)
        return move if self.is_legal(move) else None

    def tap_intent(self, pid: str) -> Move | None:
        """A tap on a peak card means it onto the waste, the one place a card goes: when it
        may not go (covered, or not a neighbour), the refusal says why."""
        return Move(pid, "w", 1) if pid in _PEAK_SET and self._piles[pid] else None

    def double_tap_move(self, pid: str, count: int = 1) -> Move | None:
        """As a single tap: the waste is the only place a card goes."""
        return self.tap_move(pid) if count == 1 else None

    # ------------------------------------------------------ advice, finish

    def advice_kind(self, move: Move) -> tuple[str, int]:
        """The kind of a legal move (``KINDS``) and a tie-breaker (lower first)."""
        if move.is_stock_tap:
            return "stock", 0
        piles = self._piles
        card = piles[move.src][-1]
        # What the player sees: the face-up free cards left after the move (a card the
        # move turns up is not known yet).
        follows = any(neighbours(piles[p][-1].rank, card.rank, self.wrap) for p in self.free_places() if p != move.src)
        after = {**piles, move.src: []}
        freed = len(SHAPE.freed_by(after, move.src))
        row = SHAPE.place(move.src).row
        if freed:
            return "turn", (0 if follows else 10) - freed * 4 + row
        return ("run" if follows else "play"), row

    def finish_ready(self) -> bool:
        """At most ``FINISH_CARDS`` peak cards are left, every one face up, and all of
        them can go onto the waste one after another, without the stock."""
        left = self.peak_cards
        return 0 < left <= FINISH_CARDS and self._finish_line() is not None

    def finish_move(self) -> Move | None:
        """The next card of a line that plays every peak card onto the waste."""
        line = self._finish_line() if 0 < self.peak_cards <= FINISH_CARDS else None
        return Move(line[0], "w", 1) if line else None

    def _finish_line(self) -> tuple[str, ...] | None:
        """Piles whose cards, played in turn, empty the peaks (every one face up: a card
        still face down is not known to the player, and Finish does not guess it)."""
        piles = self._piles
        left = [p for p in PEAKS if piles[p]]
        if not left or not all(piles[p][-1].face_up for p in left):
            return None
        free = tuple((piles[p][-1].rank,) for p in left)  # each a column of one card
        line = line_through(free, piles["w"][-1].rank, self.wrap)
        return None if line is None else tuple(left[i] for i in line)
