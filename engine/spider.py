"""Spiderette and Spider (RULES.md section 2): 1, 2 or 4 suits.

Cards build down by one rank in any suit, but only a run of one suit moves as a
group. A column that ends in King down to Ace of one suit loses that run by
itself, after the move or deal that completed it. The stock deals one card
onto every column, never while a column is empty.

>>> g = Spiderette("SD1-S4-AAAAAAH")
>>> " ".join(str(g.top(t)) for t in g.columns), g.deals_left, g.score
('4h 6h Jc 7c 3s 8h As', 4, 500)
>>> g.play("t5>t1").flipped, g.score, g.moves     # the 3 of spades onto the 4 of hearts
(('t5',), 499, 1)
>>> g.play("t1:2>t3")
Traceback (most recent call last):
...
engine.moves.IllegalMove: Only a run of one suit moves as a group.
>>> g.play("t7>t6")
Traceback (most recent call last):
...
engine.moves.IllegalMove: A card goes onto a card one rank higher.
>>> _ = g.undo(); g.score, g.moves
(500, 0)

Completed runs leave the table and come back with an undo:

>>> g = Spiderette.from_piles("SD1-S1-AAAAAAA", {"t1": "#5s Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s", "t2": "As"})
>>> action = g.play("t2>t1")
>>> action.removed, action.flipped, g.removed_runs, g.score, str(g.top("t1"))
((('t1', 's'),), ('t1',), ('s',), 599, '5s')
>>> _ = g.undo(); g.removed_runs, len(g.pile("t1")), g.top("t1").face_up
((), 13, True)
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar

from engine.cards import Card, parse_card
from engine.codes import MAX_SEED, CodeError, Deal, DealCode, deal_rows, shuffle, suit_blocks
from engine.game import Effect, Game
from engine.moves import STOCK_TAP, IllegalMove, Move
from engine.variants import SPIDER, SPIDERETTE, StockAction

__all__ = [
    "REMOVED",
    "RUN_LENGTH",
    "START_SCORE",
    "Spider",
    "Spiderette",
]

REMOVED = "r"
"""The internal pile that holds the removed runs, 13 cards each, oldest first.

It is not one of ``pile_ids`` (the player sees ``removed_runs``) but it is part
of the saved position, so the card multiset of a save stays complete."""

RUN_LENGTH = 13
"""Cards in a completed run: King down to Ace of one suit."""

START_SCORE = 500
"""The score at the deal; each move or deal costs 1, each removed run pays 100."""

RUN_BONUS = 100
MOVE_COST = 1

S = TypeVar("S", bound="Spiderette")

# Player-facing rules (RULES.md section 2).
GROUP_RULE = "Only a run of one suit moves as a group."
FILL_RULE = "Fill every empty column before dealing."
ACE_RULE = "Nothing can go onto an Ace."
BUILD_RULE = "A card goes onto a card one rank higher."
KING_RULE = "A King can only go to an empty column."
EMPTY_STOCK = "The stock is empty."

_OPTIONS_RE = re.compile(r"S([124])")

KINDS: tuple[str, ...] = (
    "run", "reveal", "empty", "suit", "fill", "stock", "build", "shuffle", "pointless", "reverse",
)  # fmt: skip
"""The kinds of move a hint tells apart, best first (``engine.advice`` says what each is)."""


class Spiderette(Game):
    """Spiderette: one 52-card deck of 1, 2 or 4 suits, columns ``t1``-``t7``,
    stock ``s`` (three deals of 7 cards, then 3 onto ``t1``-``t3``).

    Scoring: 500 at the deal, -1 per move, -1 per deal, +100 per removed run,
    no lower bound. ``moves`` counts moves and deals, not removals.

    An ``Action`` of kind ``"move"`` has ``dst`` the column the cards went to;
    a deal has kind ``"deal"`` and ``dst`` ``"t1"``, the first column it fed.
    ``removed`` lists the ``(column, suit)`` of each run the action took off.
    """

    variant = SPIDERETTE
    daily_options: ClassVar[str | None] = "SD1-S2"
    columns: ClassVar[tuple[str, ...]] = SPIDERETTE.column_ids
    """The columns, left to right."""
    _column_set: ClassVar[frozenset[str]] = frozenset(columns)
    runs_total: ClassVar[int] = SPIDERETTE.removed_runs
    """Runs to remove to win."""
    decks: ClassVar[int] = 1
    """Whole packs in the deck (Spider: 2)."""
    advice_kinds: ClassVar[tuple[str, ...]] = KINDS
    advice_progress: ClassVar[frozenset[str]] = frozenset(KINDS[: KINDS.index("stock")])
    finish_by_search: ClassVar[bool] = True
    solver_module: ClassVar[str | None] = "engine.solver.spider"
    single_tap_plays: ClassVar[bool] = False

    # ----------------------------------------------------------- deal codes

    @classmethod
    def option_sets(cls) -> tuple[DealCode, ...]:
        """1, 2 and 4 suits."""
        return tuple(DealCode(cls.variant.game, suits=suits) for suits in (1, 2, 4))

    @classmethod
    def parse_options(cls, options: str, text: str) -> dict[str, Any]:
        m = _OPTIONS_RE.fullmatch(options)
        if m is None:
            raise CodeError(
                f"Bad options {options!r} in deal code {text!r}: {cls.game_name} expects S1, S2 or S4.",
                "bad_options",
                text=text,
            )
        return {"suits": int(m.group(1))}

    @classmethod
    def format_options(cls, settings: DealCode) -> str:
        return f"S{settings.suits}"

    @classmethod
    def describe_options(cls, settings: DealCode) -> str:
        return "1 suit" if settings.suits == 1 else f"{settings.suits} suits"

    @classmethod
    def check_settings(cls, settings: DealCode) -> None:
        super().check_settings(settings)
        if settings.suits not in (1, 2, 4):
            raise CodeError(f"{cls.game_name} is played with 1, 2 or 4 suits.", "bad_options")
        if settings.draw != 1 or settings.scoring != "N" or settings.extra:
            raise CodeError(f"{cls.game_name} has no draw or scoring option.", "bad_options")

    @classmethod
    def random_settings(cls, rng: random.Random, **options: Any) -> DealCode:
        seed = rng.randrange(MAX_SEED + 1)
        return DealCode(cls.variant.game, suits=options.get("suits", 4), seed=seed)

    @classmethod
    def make_deck(cls, settings: DealCode) -> list[Card]:
        """Suit blocks, each Ace to King: 4 suits s, h, d, c; 2 suits s, s, h,
        h; 1 suit four spade blocks; Spider the same twice."""
        blocks = suit_blocks(settings.suits) * cls.decks
        return [Card(rank, suit, False) for suit in blocks for rank in range(1, 14)]

    @classmethod
    def deal_layout(cls, settings: DealCode) -> Deal:
        """As Klondike: for row r in 0..6, for column c in r..6, the next card
        goes on column c, face up when r == c; the other 24 are the stock."""
        rows = tuple(tuple(range(row, 7)) for row in range(7))
        faces = tuple(tuple(col == row for col in cols) for row, cols in enumerate(rows))
        return deal_rows(shuffle(cls.make_deck(settings), settings.seed), rows, faces)

    # ------------------------------------------------------------- settings

    @property
    def suits(self) -> int:
        """Suits in the deck: 1 (easy), 2 (medium) or 4 (hard)."""
        return self.settings.suits

    @property
    def removed_runs(self) -> tuple[str, ...]:
        """The suit of each removed run, in the order they were removed."""
        cards = self._piles[REMOVED]
        return tuple(cards[i].suit for i in range(0, len(cards), RUN_LENGTH))

    @property
    def deals_left(self) -> int:
        """Deals the stock still holds (a short last deal counts as one)."""
        return -(-len(self._piles["s"]) // len(self.columns))

    @property
    def won(self) -> bool:
        """True once every run is removed and no card is left on the table."""
        piles = self._piles
        return len(piles[REMOVED]) == RUN_LENGTH * self.runs_total and not any(piles[pid] for pid in self.pile_ids)

    # ---------------------------------------------------------------- setup

    def _setup(self, layout: Deal) -> None:
        self.score = START_SCORE
        self._piles = {"s": list(layout.stock)}
        for t, cards in zip(self.columns, layout.columns, strict=True):
            self._piles[t] = list(cards)
        self._piles[REMOVED] = []

    def _counters(self) -> tuple[int, ...]:
        return ()

    def _restore_counters(self, counters: tuple[int, ...]) -> None:
        return None

    @classmethod
    def from_piles(
        cls: type[S],
        code: DealCode | str,
        piles: Mapping[str, str],
        score: int = START_SCORE,
        moves: int = 0,
    ) -> S:
        """A game in a given position, for tests and puzzles.

        ``piles`` maps pile ids (``s``, the columns, and ``r`` for removed
        runs) to cards bottom to top, written as in ``to_json``: a ``#`` marks
        a face-down card, e.g. ``{"t1": "#Kh 5s"}``. Piles left out are empty.
        The cards are not checked against the deck, and the game has no moves
        behind it: ``record()`` and saves of such a game do not replay. Play
        and undo work as usual.

        >>> g = Spider.from_piles("SP1-S2-AAAAAAA", {"t4": "#Qh 9s", "s": "#Ah"})
        >>> g.pile("t4"), g.deals_left
        ((Card(rank=12, suit='h', face_up=False), Card(rank=9, suit='s', face_up=True)), 1)
        """
        game = cls(code)
        known = set(game._piles)
        for pid in piles:
            if pid not in known:
                raise KeyError(f"There is no pile {pid!r} in {game.game_name}.")
        for pid in game._piles:
            game._piles[pid] = [
                parse_card(token.lstrip("#"), face_up=not token.startswith("#")) for token in piles.get(pid, "").split()
            ]
        if len(game._piles[REMOVED]) % RUN_LENGTH:
            raise ValueError(f"Removed runs hold {RUN_LENGTH} cards each.")
        game.score = score
        game.moves = moves
        return game

    # ---------------------------------------------------------------- rules

    def _stock_refused(self) -> IllegalMove | None:
        piles = self._piles
        if not piles["s"]:
            return IllegalMove(EMPTY_STOCK, "stock_empty")
        for t in self.columns:
            if not piles[t]:
                return IllegalMove(FILL_RULE, "fill_before_deal", pile=t)
        return None

    def stock_action(self) -> StockAction | None:
        """``"deal"``, or None when a deal is refused."""
        return None if self._stock_refused() is not None else "deal"

    def _no_pile(self, pid: str) -> IllegalMove:
        if pid == "w" or pid.startswith("f"):
            return IllegalMove(
                f"{self.game_name} has no waste or foundations: completed runs leave by themselves.",
                "no_foundations",
                pile=pid,
            )
        return IllegalMove(f"There is no pile {pid!r} in {self.game_name}.", "no_such_pile", pile=pid)

    def _check_pile_move(self, move: Move) -> Move:
        src, dst, n = move.src, move.dst, move.count
        columns = self._column_set
        self._check_ends(move, columns, columns)
        cards = self._source_cards(src)
        self._check_other_pile(src, dst)
        self._check_face_up(src, cards, n)
        if n > 1 and n > _run_length(cards):
            raise IllegalMove(GROUP_RULE, "group_one_suit")
        card = cards[-n]
        target = self._piles[dst]
        if target:
            top = target[-1]
            if top.rank == 1:
                raise IllegalMove(ACE_RULE, "nothing_on_ace", card=str(card), top=str(top))
            if card.rank == 13:
                raise IllegalMove(KING_RULE, "king_needs_empty", card=str(card), top=str(top))
            if top.rank != card.rank + 1 or not top.face_up:
                raise IllegalMove(BUILD_RULE, "build_down", card=str(card), top=str(top))
        return Move(src, dst, n)

    def _perform(self, move: Move) -> Effect:
        piles = self._piles
        score = self.score - MOVE_COST
        if move.is_stock_tap:
            fed = self.columns[: len(piles["s"])]
            for t in fed:
                self._turn_cards("s", t, 1)
            removed = self._remove_runs(fed)
            return Effect("deal", self.columns[0], score + RUN_BONUS * len(removed), removed)
        src, dst = move.src, move.dst
        self._move_cards(src, dst, move.count)
        rest = piles[src]
        if rest and not rest[-1].face_up:
            self._flip_top(src)
        removed = self._remove_runs((dst,))
        return Effect("move", dst, score + RUN_BONUS * len(removed), removed)

    def _remove_runs(self, pids: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
        """Take off every completed run ending one of ``pids``, turning up the
        card each one covered."""
        removed: list[tuple[str, str]] = []
        piles = self._piles
        for pid in pids:
            cards = piles[pid]
            if len(cards) >= RUN_LENGTH and cards[-1].rank == 1 and _run_length(cards) >= RUN_LENGTH:
                suit = cards[-1].suit
                self._move_cards(pid, REMOVED, RUN_LENGTH)
                removed.append((pid, suit))
                if cards and not cards[-1].face_up:
                    self._flip_top(pid)
        return tuple(removed)

    def legal_moves(self) -> list[Move]:
        """Every legal move: the deal when allowed, then for each column
        (left to right) each move of its movable run to each other column."""
        piles = self._piles
        moves: list[Move] = []
        if self._stock_refused() is None:
            moves.append(STOCK_TAP)
        columns = self.columns
        empty = [t for t in columns if not piles[t]]
        # The rank each non-empty column accepts (0: nothing, its top is an Ace).
        wants = [(t, piles[t][-1].rank - 1) for t in columns if piles[t]]
        for src in columns:
            cards = piles[src]
            if not cards:
                continue
            run = _run_length(cards)
            low = cards[-1].rank
            for dst, rank in wants:
                if dst != src and low <= rank < low + run:
                    moves.append(Move(src, dst, rank - low + 1))
            for dst in empty:
                moves.extend(Move(src, dst, n) for n in range(1, run + 1))
        return moves

    # ------------------------------------------------------------- gestures

    def can_pick(self, pid: str, count: int) -> bool:
        """True when the top ``count`` cards of column ``pid`` are face up and
        form a run of one suit, each card one rank lower than the one under it."""
        if type(count) is not int or count < 1 or pid not in self._column_set:
            return False
        return count <= _run_length(self._piles[pid])

    def double_tap_move(self, pid: str, count: int = 1) -> Move | None:
        """Where a double click (or auto-drop) sends the top ``count`` cards of
        ``pid``: the leftmost column whose last card is one rank higher in the
        same suit; else one rank higher in another suit (interpretation); else
        the leftmost empty column. None when there is no such place.

        Interpretation: a group that already fills its column from the bottom
        is not sent to another empty column, which would change nothing.
        """
        if not self.can_pick(pid, count):
            return None
        piles = self._piles
        cards = piles[pid]
        card = cards[-count]
        other: str | None = None
        empty: str | None = None
        for dst in self.columns:
            if dst == pid:
                continue
            target = piles[dst]
            if not target:
                if empty is None:
                    empty = dst
                continue
            top = target[-1]
            if top.face_up and top.rank == card.rank + 1:
                if top.suit == card.suit:
                    return Move(pid, dst, count)
                if other is None:
                    other = dst
        if other is not None:
            return Move(pid, other, count)
        if empty is not None and count < len(cards):
            return Move(pid, empty, count)
        return None

    # ------------------------------------------------------ advice, finish

    def advice_kind(self, move: Move) -> tuple[str, int]:
        """The kind of a legal move (``KINDS``) and a tie-breaker (lower first)."""
        if move.is_stock_tap:
            return "stock", 0
        src, dst, n = move.src, move.dst, move.count
        cards = self._piles[src]
        target = self._piles[dst]
        moving = cards[-n:]
        base = moving[0]
        rest = cards[:-n]
        same_suit = bool(target) and target[-1].suit == base.suit
        if same_suit and moving[-1].rank == 1 and n + _run_length(target) >= RUN_LENGTH:
            return "run", 0
        if rest and not rest[-1].face_up:
            # Nearest to empty first; then onto its own suit, onto any card, into an empty column.
            where = 0 if same_suit else (1 if target else 2)
            return "reveal", sum(1 for card in cards if not card.face_up) * 4 + where
        if not rest:
            return ("empty", 0 if same_suit else 1) if target else ("pointless", 0)
        on_own_suit = rest[-1].face_up and rest[-1].suit == base.suit and rest[-1].rank == base.rank + 1
        if same_suit and not on_own_suit:
            return "suit", -n
        if on_own_suit:
            return "shuffle", 0
        if not target and self._piles["s"]:
            # No deal while a column is empty: filling one is what lets the stock deal.
            return "fill", 0
        return "build", 0 if target else 1

    def finish_ready(self) -> bool:
        """The stock is empty and every card is face up (the solver then proves
        the rest in a short search)."""
        if self.won or self._piles["s"]:
            return False
        return all(card.face_up for pid in self.columns for card in self._piles[pid])

    def finish_rules(self) -> Any:
        # Imported on first use: a page that only plays never compiles the solver.
        from engine.solver.spider import SpiderRules

        return SpiderRules(self)


class Spider(Spiderette):
    """Spider: two decks (104 cards) of 1, 2 or 4 suits, columns ``t1``-``t10``
    dealt 6, 6, 6, 6, 5, 5, 5, 5, 5, 5; stock ``s`` of 5 deals of 10 cards;
    8 runs to remove. Same moves, scoring and gestures as Spiderette.

    >>> g = Spider("SP1-S2-AAAAAAG")
    >>> [len(g.pile(t)) for t in g.columns], len(g.pile("s")), g.deals_left
    ([6, 6, 6, 6, 5, 5, 5, 5, 5, 5], 50, 5)
    """

    variant = SPIDER
    daily_options: ClassVar[str | None] = "SP1-S1"
    columns: ClassVar[tuple[str, ...]] = SPIDER.column_ids
    _column_set: ClassVar[frozenset[str]] = frozenset(columns)
    runs_total: ClassVar[int] = SPIDER.removed_runs
    decks: ClassVar[int] = 2

    @classmethod
    def deal_layout(cls, settings: DealCode) -> Deal:
        """Rows of 10 until columns 1-4 hold 6 cards and 5-10 hold 5, the last
        card of each face up; the other 50 are the stock."""
        rows = (*(tuple(range(10)) for _ in range(5)), tuple(range(4)))
        faces = (*(tuple(row == 4 and col >= 4 for col in range(10)) for row in range(5)), (True,) * 4)
        return deal_rows(shuffle(cls.make_deck(settings), settings.seed), rows, faces)


def _run_length(cards: list[Card]) -> int:
    """How many top cards of a column form a movable run: face up, one suit,
    each one rank lower than the card under it (0 for an empty column)."""
    if not cards or not cards[-1].face_up:
        return 0
    top = cards[-1]
    suit, rank = top.suit, top.rank
    n = 1
    for i in range(len(cards) - 2, -1, -1):
        c = cards[i]
        rank += 1
        if not c.face_up or c.suit != suit or c.rank != rank:
            break
        n += 1
    return n
