"""Golf (RULES.md section 4): seven columns of five face-up cards, one waste.

The top card of any column goes onto the waste when it is one rank higher or
lower than the waste's top card, whatever its suit; with Turn the corner
(``GF1-W-…``) King and Ace are neighbours too. Nothing builds on the columns.
A tap on the stock turns its top card onto the waste, once through, no redeal.
The game is won when all 35 column cards are on the waste. The score counts
strokes: the cards left in the columns, and a win scores minus the cards left
in the stock (lower is better). Every action can be undone.

>>> g = Golf("GF1-N-AAAAAAI")
>>> [len(g.pile(t)) for t in g.columns], len(g.pile("s")), str(g.top("w")), g.score
([5, 5, 5, 5, 5, 5, 5], 16, '4d', 35)
>>> " ".join(str(g.top(t)) for t in g.columns)
'Qs 9h 5c 5s 8d 9s 4c'
>>> [str(m) for m in g.legal_moves()]
['t3>w', 't4>w', 's']
>>> g.play("t3>w").dst, g.score, str(g.top("w"))
('w', 34, '5c')
>>> g.play("t2>w")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.moves.IllegalMove: The 9 of hearts can't go on the 5 of clubs: ...
>>> g.play("s").kind, g.moves, g.score
('draw', 2, 34)
>>> _ = g.undo(); _ = g.undo(); g.moves, g.score, g.can_undo
(0, 35, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, TypeVar

from engine.cards import Card, neighbours, parse_card
from engine.codes import Deal, DealCode, deal_rows, shuffle, suit_blocks
from engine.game import Effect
from engine.moves import REASONS, STOCK_TAP, IllegalMove, Move
from engine.variants import GOLF, StockAction
from engine.waste_by_rank import WasteByRankGame, line_through, not_a_neighbour

__all__ = ["COLUMNS", "FINISH_CARDS", "KINDS", "REASONS_OWN", "Golf", "neighbours"]

COLUMNS: tuple[str, ...] = GOLF.column_ids
_COLUMN_SET = frozenset(COLUMNS)
COLUMN_CARDS = 35
"""Cards dealt to the columns: seven columns of five."""
FINISH_CARDS = 12
"""Finish is offered when at most this many column cards are left and they can all
go onto the waste in a row (a search of a few hundred positions at most)."""


_ROWS = tuple(tuple(range(7)) for _ in range(5))
_FACES = tuple(tuple(True for _ in range(7)) for _ in range(5))

G = TypeVar("G", bound="Golf")

REASONS_OWN: tuple[str, ...] = (
    "not_a_neighbour",
    "nothing_on_columns",
    "waste_stays",
    "top_card_only",
    "stock_used_up",
    "golf_won",
)
"""The refusals only Golf makes (beside the shared ones of ``engine.moves``)."""

KINDS: tuple[str, ...] = ("run", "play", "stock")
"""The kinds of move a hint tells apart, best first:

1. ``run``: a column card onto the waste after which another column card can follow
   (the tallest column first);
2. ``play``: any other column card onto the waste (the tallest column first);
3. ``stock``: a tap on the stock."""


class Golf(WasteByRankGame):
    """Golf: stock ``s``, waste ``w`` and columns ``t1``-``t7``. Code
    ``GF1-N-SEED`` (no wrapping) or ``GF1-W-SEED`` (Turn the corner: King and
    Ace are neighbours). Score: strokes (RULES.md), lower is better. Undo
    takes back every action of the game.

    An ``Action`` of kind ``"move"`` has ``dst`` ``"w"``; a stock tap is a
    ``"draw"``.
    """

    variant = GOLF
    daily_options: ClassVar[str | None] = "GF1-N"
    columns: ClassVar[tuple[str, ...]] = COLUMNS
    """The columns, left to right."""
    undo_limit: ClassVar[int | None] = None
    score_lower_is_better: ClassVar[bool] = True
    declares_loss: ClassVar[bool] = True
    reasons: ClassVar[tuple[str, ...]] = (*REASONS, *REASONS_OWN)
    advice_kinds: ClassVar[tuple[str, ...]] = KINDS
    advice_progress: ClassVar[frozenset[str]] = frozenset(("run", "play"))
    solver_module: ClassVar[str | None] = "engine.solver.golf"
    corner_by_default: ClassVar[int] = 0

    # ----------------------------------------------------------- deal codes

    @classmethod
    def make_deck(cls, settings: DealCode) -> list[Card]:
        """One deck: suit blocks s, h, d, c, each Ace to King."""
        return [Card(rank, suit, False) for suit in suit_blocks(4) for rank in range(1, 14)]

    @classmethod
    def deal_layout(cls, settings: DealCode) -> Deal:
        """Five rows across the seven columns, all face up; the other 17 are the
        stock, whose first card (its top) starts the waste (``_setup``)."""
        return deal_rows(shuffle(cls.make_deck(settings), settings.seed), _ROWS, _FACES)

    # ------------------------------------------------------------- settings

    @property
    def column_cards(self) -> int:
        """The cards left in the columns."""
        piles = self._piles
        return sum(len(piles[t]) for t in COLUMNS)

    @property
    def won(self) -> bool:
        """True once every column card is on the waste."""
        piles = self._piles
        return not any(piles[t] for t in COLUMNS)

    def waste_fan(self) -> int:
        """The waste's top card alone (0 when empty)."""
        return 1 if self._piles["w"] else 0

    def fits(self, card: Card) -> bool:
        """True when ``card`` may go onto the waste now."""
        waste = self._piles["w"]
        return bool(waste) and neighbours(card.rank, waste[-1].rank, self.wrap)

    def _playable(self) -> list[str]:
        """The columns whose top card may go onto the waste now, left to right."""
        piles = self._piles
        return [t for t in COLUMNS if piles[t] and self.fits(piles[t][-1])]

    def _strokes(self) -> int:
        """The score of the position (RULES.md)."""
        left = self.column_cards
        return left if left else -len(self._piles["s"])

    # ---------------------------------------------------------------- setup

    def _setup(self, layout: Deal) -> None:
        stock = list(layout.stock)
        self._piles = {"s": stock, "w": [stock.pop().turned()]}
        for t, cards in zip(COLUMNS, layout.columns, strict=True):
            self._piles[t] = list(cards)
        self.score = self._strokes()

    @classmethod
    def from_piles(cls: type[G], code: DealCode | str, piles: Mapping[str, str], moves: int = 0) -> G:
        """A game in a given position, for tests and puzzles: ``piles`` maps
        pile ids to cards bottom to top (``{"t1": "Kh Qs", "w": "5d"}``, every
        card face up but the stock's); piles left out are empty. The cards are
        not checked against the deck, and the game has no moves behind it.

        >>> g = Golf.from_piles("GF1-N-AAAAAAA", {"t1": "9h 6s", "t2": "4c", "w": "5d", "s": "Kc"})
        >>> [str(m) for m in g.legal_moves()], g.score
        (['t1>w', 't2>w', 's'], 3)
        """
        game = cls(code)
        for pid in piles:
            if pid not in game._piles:
                raise KeyError(f"There is no pile {pid!r} in Golf.")
        for pid in game._piles:
            up = pid != "s"
            game._piles[pid] = [parse_card(token, up) for token in piles.get(pid, "").split()]
        game.moves = moves
        game.score = game._strokes()
        return game

    # ---------------------------------------------------------------- rules

    def _stock_refused(self) -> IllegalMove | None:
        if self.won:
            return IllegalMove("The game is won: the cards left in the stock take strokes off your score.", "golf_won")
        if not self._piles["s"]:
            return IllegalMove("The stock is empty: Golf goes through it once, with no redeal.", "stock_used_up")
        return None

    def stock_action(self) -> StockAction | None:
        """``"draw"`` while the stock holds cards and the game is not won, else None."""
        return None if self._stock_refused() is not None else "draw"

    def _target_refusal(self, dst: str) -> IllegalMove | None:
        if dst == "f" or (dst.startswith("f") and dst not in self._piles):
            return IllegalMove("Golf has no foundations: a column's top card goes onto the waste.", "no_foundations")
        return None

    def _check_pile_move(self, move: Move) -> Move:
        src, dst, n = move.src, move.dst, move.count
        piles = self._piles
        self._check_ends(move, piles, piles)
        if src == "w":
            raise IllegalMove("Cards on the waste stay there: a column's top card goes onto it.", "waste_stays")
        cards = self._source_cards(src)
        if n != 1:
            raise IllegalMove("Only the top card of a column can be played.", "top_card_only")
        if dst != "w":
            raise IllegalMove(
                "Nothing builds on the columns in Golf: a column's top card goes onto the waste.",
                "nothing_on_columns",
            )
        card, top = cards[-1], piles["w"][-1]
        if not neighbours(card.rank, top.rank, self.wrap):
            raise not_a_neighbour(card, top)
        return Move(src, "w", 1)

    def _perform(self, move: Move) -> Effect:
        if move.is_stock_tap:
            self._turn_cards("s", "w", 1)
            return Effect("draw", "w", self.score)
        self._move_cards(move.src, "w", 1)
        return Effect("move", "w", self._strokes())

    def legal_moves(self) -> list[Move]:
        """Every legal move: each column's top card that goes onto the waste, left
        to right, then the stock tap while it is allowed."""
        moves = [Move(t, "w", 1) for t in self._playable()]
        if self.stock_action() is not None:
            moves.append(STOCK_TAP)
        return moves

    # ------------------------------------------------------------- gestures

    def can_pick(self, pid: str, count: int) -> bool:
        """May the top ``count`` cards of ``pid`` be picked up? A column's top card."""
        if type(count) is not int or count != 1:
            return False
        return pid in _COLUMN_SET and bool(self._piles[pid])

    def tap_move(self, pid: str) -> Move | None:
        """A single tap plays a column's top card onto the waste when that is legal."""
        if pid not in _COLUMN_SET:
            return None
        move = Move(pid, "w", 1)
        return move if self.is_legal(move) else None

    def tap_intent(self, pid: str) -> Move | None:
        """A tap on a column's top card means it onto the waste, the one place a card goes:
        when it may not go, the refusal says why."""
        return Move(pid, "w", 1) if pid in _COLUMN_SET and self._piles[pid] else None

    def double_tap_move(self, pid: str, count: int = 1) -> Move | None:
        """As a single tap: the waste is the only place a card goes."""
        return self.tap_move(pid) if count == 1 else None

    # ------------------------------------------------------ advice, finish

    def advice_kind(self, move: Move) -> tuple[str, int]:
        """The kind of a legal move (``KINDS``) and a tie-breaker (lower first)."""
        if move.is_stock_tap:
            return "stock", 0
        piles = self._piles
        cards = piles[move.src]
        card = cards[-1]
        follows = any(
            pile and neighbours(pile[-1].rank, card.rank, self.wrap)
            for pile in ((cards[:-1] if t == move.src else piles[t]) for t in COLUMNS)
        )
        return ("run" if follows else "play"), -len(cards)

    def finish_ready(self) -> bool:
        """At most ``FINISH_CARDS`` column cards are left and all of them can go
        onto the waste one after another, without the stock."""
        left = self.column_cards
        return 0 < left <= FINISH_CARDS and self._finish_line() is not None

    def finish_move(self) -> Move | None:
        """The next card of a line that plays every column card onto the waste."""
        line = self._finish_line() if 0 < self.column_cards <= FINISH_CARDS else None
        return Move(COLUMNS[line[0]], "w", 1) if line else None

    def _finish_line(self) -> tuple[int, ...] | None:
        """Column indexes whose top cards, played in turn, empty every column."""
        piles = self._piles
        columns = tuple(tuple(c.rank for c in piles[t]) for t in COLUMNS)
        return line_through(columns, piles["w"][-1].rank, self.wrap)
