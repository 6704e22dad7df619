"""FreeCell (RULES.md section 3): Microsoft's deals, with 1 to 4 free cells.

Every card is dealt face up into eight columns; cards build down in
alternating colours, any card may go into an empty free cell or an empty
column, and the foundations build up by suit from the Ace. A run moves as
a unit when there is room to move it one card at a time through the free
cells and the empty columns: at most (empty cells + 1) x 2^(empty columns)
cards, an empty destination column not counted. A card on a foundation
stays there, as in Microsoft's game (records and saves made when it could
come back onto a column still play: ``FreeCell._check_recorded``). There is
no stock and no score; every action can be undone.

>>> g = FreeCell("FC1-F4-1")
>>> " ".join(str(g.pile(t)[0]) for t in g.columns)      # Microsoft's deal 1, first row
'Jd 2d 9h Jc 5d 7h 7c 5h'
>>> [len(g.pile(t)) for t in g.columns], g.pile_ids[:4]
([7, 7, 7, 7, 6, 6, 6, 6], ('c1', 'c2', 'c3', 'c4'))
>>> g.play("t1>c1").dst, str(g.top("c1"))
('c1', '6s')
>>> g.play("t2>t1")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.moves.IllegalMove: The 9 of clubs can't go on the 6 of diamonds: build down in alternating colours, ...
>>> g.play("c1>c2").dst
'c2'
>>> g.play("c2>t1")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.moves.IllegalMove: The 6 of spades can't go on the 6 of diamonds: build down in alternating colours, ...
>>> _ = g.undo(); _ = g.undo(); g.moves, g.score_text, g.can_undo
(0, '', False)
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, TypeVar

from engine.cards import Card, parse_card
from engine.codes import CodeError, Deal, DealCode
from engine.foundations import BUILD_RULE, SLOT, fits, home_refusal, safe_home
from engine.game import Effect, Game
from engine.moves import REASONS, IllegalMove, Move
from engine.variants import FREECELL, StockAction

__all__ = [
    "CELL_CHOICES",
    "CLASSIC_DEALS",
    "FOUNDATIONS",
    "MAX_DEAL",
    "SLOT",
    "FreeCell",
    "microsoft_deal",
    "most_movable",
]

MAX_DEAL = 2**31 - 1
"""The largest deal number (Microsoft's generator takes any 31-bit seed)."""
CLASSIC_DEALS = range(1, 32001)
"""The deals of Microsoft's original game, the ones players look up and share;
a random deal is one of them."""
CELL_CHOICES: tuple[int, ...] = (4, 3, 2, 1)
"""The numbers of free cells a deal may have, easiest first (4 is the standard game)."""

FOUNDATIONS: tuple[str, ...] = FREECELL.foundation_ids
_FOUNDATION_SET = frozenset(FOUNDATIONS)
_COLUMNS: tuple[str, ...] = FREECELL.column_ids
_COLUMN_SET = frozenset(_COLUMNS)

_OPTIONS_RE = re.compile(r"F([1-4])")
_SEED_RE = re.compile(r"[0-9]{1,10}")

F = TypeVar("F", bound="FreeCell")

REASONS_OWN: tuple[str, ...] = (
    "no_stock",
    "cell_full",
    "cell_one_card",
    "run_alternating",
    "supermove_limit",
    "foundation_stays",
)
"""The refusals only FreeCell makes (beside the shared ones of ``engine.moves``)."""

KINDS: tuple[str, ...] = (
    "home-safe",
    "home",
    "empty",
    "free-cell",
    "uncover",
    "build",
    "to-empty",
    "to-cell",
    "pointless",
    "reverse",
)
"""The kinds of move a hint tells apart, best first:

1. ``home-safe``: a card to its foundation that no card could still need;
2. ``home``: any other card to its foundation (lowest first);
3. ``empty``: a move that empties a column onto another card;
4. ``free-cell``: a card out of a free cell onto a column;
5. ``uncover``: a column move onto another card that uncovers a card that
   can then go home (the lowest first);
6. ``build``: any other move onto a card (the longest run first);
7. ``to-empty``: a run into an empty column;
8. ``to-cell``: a card into a free cell (off the column with the fewest cards first);
9. ``pointless`` (a whole column into an empty one) and ``reverse``, as in the other games.

None of them is a stock tap: every kind but the last two makes progress. (No
kind is a take-back: a foundation card never comes back, ``FreeCell``.)"""


def microsoft_deal(number: int) -> list[Card]:
    """The 52 cards of Microsoft's FreeCell deal ``number``, in the order they
    are dealt (row by row across the eight columns), face up.

    The classic generator: ``state = state * 214013 + 2531011 (mod 2^31)``,
    each random number ``state >> 16``; the deck as card numbers 51 down to 0,
    card ``c`` being rank ``c // 4 + 1`` of suit ``"cdhs"[c % 4]``; for each
    position ``i`` from 0, swap it with position ``51 - rand % (52 - i)``.

    >>> " ".join(str(c) for c in microsoft_deal(1)[:8])
    'Jd 2d 9h Jc 5d 7h 7c 5h'
    >>> " ".join(str(c) for c in microsoft_deal(11982)[:8])
    'Ah As 4h Ac 2d 6s Ts Js'
    """
    state = number
    cards = list(range(51, -1, -1))
    for i in range(52):
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        j = 51 - (state >> 16) % (52 - i)
        cards[i], cards[j] = cards[j], cards[i]
    return [Card(c // 4 + 1, "cdhs"[c % 4]) for c in cards]


def most_movable(empty_cells: int, empty_columns: int) -> int:
    """The longest run that can move as a unit onto a card: (empty cells + 1)
    x 2^(empty columns). For a move into an empty column, count that column out.

    >>> most_movable(4, 0), most_movable(4, 1), most_movable(0, 2), most_movable(1, 0)
    (5, 10, 4, 2)
    """
    return (empty_cells + 1) << empty_columns


class FreeCell(Game):
    """FreeCell: Microsoft's deal ``N`` (1 to 2^31 - 1) with 1 to 4 free cells
    (``FC1-F4-N``; 4 is the standard game). Piles ``c1``-``c4`` (the free
    cells the deal has), ``f1``-``f4`` (spades, hearts, diamonds, clubs) and
    columns ``t1``-``t8``. No score: the page shows moves and time. Undo
    takes back every action of the game.

    An ``Action`` of kind ``"move"`` has ``dst`` the pile the cards went to
    (``"f3"`` for ``t2>f`` with a diamond).
    """

    variant = FREECELL
    daily_options: ClassVar[str | None] = "FC1-F4"
    columns: ClassVar[tuple[str, ...]] = _COLUMNS
    """The columns, left to right."""
    has_score: ClassVar[bool] = False
    same_pile_text: ClassVar[str] = "Those cards are already there."
    undo_limit: ClassVar[int | None] = None
    reasons: ClassVar[tuple[str, ...]] = (*REASONS, *REASONS_OWN)
    advice_kinds: ClassVar[tuple[str, ...]] = KINDS
    advice_progress: ClassVar[frozenset[str]] = frozenset(KINDS[: KINDS.index("pointless")])
    solver_module: ClassVar[str | None] = "engine.solver.freecell"
    automatic_moves: ClassVar[bool] = True

    # ----------------------------------------------------------- deal codes

    @classmethod
    def option_sets(cls) -> tuple[DealCode, ...]:
        """4, 3, 2 and 1 free cells."""
        return tuple(DealCode(cls.variant.game, seed=1, extra=(("cells", n),)) for n in CELL_CHOICES)

    @classmethod
    def parse_options(cls, options: str, text: str) -> dict[str, Any]:
        m = _OPTIONS_RE.fullmatch(options)
        if m is None:
            raise CodeError(
                f"Bad options {options!r} in deal code {text!r}: FreeCell expects F1, F2, F3 or F4 "
                "(the number of free cells).",
                "bad_options",
                text=text,
            )
        return {"extra": (("cells", int(m.group(1))),)}

    @classmethod
    def format_options(cls, settings: DealCode) -> str:
        return f"F{settings.option('cells')}"

    @classmethod
    def describe_options(cls, settings: DealCode) -> str:
        cells = settings.option("cells")
        return "1 free cell" if cells == 1 else f"{cells} free cells"

    @classmethod
    def check_settings(cls, settings: DealCode) -> None:
        if not 1 <= settings.seed <= MAX_DEAL:
            raise CodeError(
                f"A FreeCell deal number is a whole number from 1 to {MAX_DEAL}.",
                "bad_seed",
                seed="deal number",
                game=cls.variant.game,
            )
        if len(settings.extra) != 1 or settings.option("cells") not in CELL_CHOICES:
            raise CodeError("FreeCell is played with 1, 2, 3 or 4 free cells.", "bad_options")
        if settings.draw != 1 or settings.scoring != "N" or settings.suits != 4:
            raise CodeError("FreeCell has no draw, scoring or suits option.", "bad_options")

    @classmethod
    def parse_seed(cls, seed: str, text: str) -> int:
        """A deal number in decimal (``FC1-F4-11982``)."""
        if not _SEED_RE.fullmatch(seed) or not 1 <= int(seed) <= MAX_DEAL:
            raise CodeError(
                f"Bad deal number {seed!r} in deal code {text!r}: FreeCell deals are numbered 1 to {MAX_DEAL}.",
                "bad_seed",
                text=text,
                seed="deal number",
                game=cls.variant.game,
            )
        return int(seed)

    @classmethod
    def format_seed(cls, seed: int) -> str:
        return str(seed)

    @classmethod
    def seed_range(cls) -> range:
        return range(1, MAX_DEAL + 1)

    @classmethod
    def random_settings(cls, rng: random.Random, **options: Any) -> DealCode:
        """One of Microsoft's 32,000 classic deals, with ``cells`` free cells (4 by default)."""
        cells = options.get("cells", 4)
        return DealCode(cls.variant.game, seed=rng.choice(CLASSIC_DEALS), extra=(("cells", cells),))

    @classmethod
    def make_deck(cls, settings: DealCode) -> list[Card]:
        """One pack, suit blocks s, h, d, c, each Ace to King (Microsoft's deal
        order is ``microsoft_deal``'s)."""
        return [Card(rank, suit, False) for suit in "shdc" for rank in range(1, 14)]

    @classmethod
    def deal_layout(cls, settings: DealCode) -> Deal:
        """Microsoft's deal ``settings.seed``, row by row across the eight
        columns (columns 1-4 get 7 cards, 5-8 get 6), all face up; no stock."""
        cards = microsoft_deal(settings.seed)
        columns = tuple(tuple(cards[c::8]) for c in range(8))
        return Deal(columns, ())

    @classmethod
    def piles_for(cls, settings: DealCode) -> tuple[str, ...]:
        """The deal's free cells, then the foundations and the columns."""
        cells = FREECELL.cell_ids[: settings.option("cells")]
        return (*cells, *FOUNDATIONS, *_COLUMNS)

    # ------------------------------------------------------------- settings

    @property
    def cells(self) -> tuple[str, ...]:
        """The free cells this deal has, left to right."""
        return FREECELL.cell_ids[: self.settings.option("cells")]

    @property
    def deal_number(self) -> int:
        """Microsoft's number of this deal."""
        return self.settings.seed

    @property
    def won(self) -> bool:
        """True once all 52 cards are on the foundations."""
        return sum(len(self._piles[f]) for f in FOUNDATIONS) == 52

    def most_movable(self, dst: str) -> int:
        """The longest run that may move onto ``dst`` now (``most_movable``)."""
        piles = self._piles
        cells = sum(1 for c in self.cells if not piles[c])
        empty = sum(1 for t in _COLUMNS if not piles[t] and t != dst)
        return most_movable(cells, empty)

    # ---------------------------------------------------------------- setup

    def _setup(self, layout: Deal) -> None:
        self._piles = {c: [] for c in self.cells}
        for f in FOUNDATIONS:
            self._piles[f] = []
        for t, cards in zip(_COLUMNS, layout.columns, strict=True):
            self._piles[t] = list(cards)

    @classmethod
    def from_piles(cls: type[F], code: DealCode | str, piles: Mapping[str, str], moves: int = 0) -> F:
        """A game in a given position, for tests and puzzles: ``piles`` maps
        pile ids to cards bottom to top (``{"t1": "Kh Qs", "c1": "5d"}``);
        piles left out are empty. The cards are not checked against the deck,
        and the game has no moves behind it.

        >>> columns = {f"t{i}": "Kh" for i in range(2, 8)}         # t8 stays empty
        >>> g = FreeCell.from_piles("FC1-F2-1", {**columns, "t1": "9h 8s 7d", "c1": "Ks"})
        >>> g.most_movable("t2"), g.most_movable("t8"), g.can_pick("t1", 3), g.can_pick("c2", 1)
        (4, 2, True, False)
        """
        game = cls(code)
        for pid in piles:
            if pid not in game._piles:
                raise KeyError(f"There is no pile {pid!r} in this FreeCell deal.")
        for pid in game._piles:
            game._piles[pid] = [parse_card(token) for token in piles.get(pid, "").split()]
        game.moves = moves
        return game

    # ---------------------------------------------------------------- rules

    def _stock_refused(self) -> IllegalMove | None:
        return IllegalMove("FreeCell has no stock: every card is dealt at the start.", "no_stock")

    def stock_action(self) -> StockAction | None:
        """Always None: there is no stock."""
        return None

    def _check(self, move: Move) -> Move:
        if move.src in ("s", "w") or move.dst in ("s", "w"):
            raise self._stock_refused()  # type: ignore[misc]
        return self._check_pile_move(move)

    def _no_pile(self, pid: str) -> IllegalMove:
        cells = len(self.cells)
        have = f"{cells} free cell" if cells == 1 else f"{cells} free cells"
        return IllegalMove(
            f"There is no pile {pid!r} in this FreeCell deal ({have}, foundations f1-f4, columns t1-t8).",
            "no_such_pile",
            pile=pid,
            cells=cells,
        )

    def _check_recorded(self, move: Move) -> Move:
        """A move of a record or a save: as ``_check``, except that a card taken
        back from a foundation onto a column (the top one, as a column takes
        it) still plays. An earlier version of the game allowed it, and the
        records and saves made then open and play on; new play never offers
        or allows it (``legal_moves``, ``_check``)."""
        if move.src in ("s", "w") or move.dst in ("s", "w"):
            raise self._stock_refused()  # type: ignore[misc]
        return self._check_pile_move(move, recorded=True)

    def _check_pile_move(self, move: Move, recorded: bool = False) -> Move:
        src, dst, n = move.src, move.dst, move.count
        piles = self._piles
        self._check_ends(move, piles, piles)
        cards = self._source_cards(src)
        if src in _FOUNDATION_SET and dst != "f" and dst not in _FOUNDATION_SET:
            if not recorded or dst not in _COLUMN_SET:
                raise IllegalMove(
                    f"The {cards[-1].name} stays on its foundation: in FreeCell a card that is home never comes back.",
                    "foundation_stays",
                    card=str(cards[-1]),
                )
            if n != 1:
                raise IllegalMove("Only the top card of a foundation can be taken back.", "foundation_top_only")
        if n > 1 and n > _run_length(cards):
            raise IllegalMove(
                f"Only a run that goes down in alternating colours moves as a unit: the top {_run_length(cards)} "
                f"cards of column {src} do.",
                "run_alternating",
                pile=src,
                run=_run_length(cards),
            )
        card = cards[-n]
        if dst == "f" or dst in _FOUNDATION_SET:
            return self._check_home(src, card, n)
        self._check_other_pile(src, dst)
        target = piles[dst]
        if dst not in _COLUMN_SET:  # a free cell
            if n != 1:
                raise IllegalMove("A free cell holds one card.", "cell_one_card")
            if target:
                raise IllegalMove(
                    f"That free cell already holds the {target[-1].name}.", "cell_full", pile=dst, card=str(target[-1])
                )
            return Move(src, dst, 1)
        if target and not fits(card, target[-1]):
            top = target[-1]
            raise IllegalMove(
                f"The {card.name} can't go on the {top.name}: {BUILD_RULE}.",
                "build_alternating",
                card=str(card),
                top=str(top),
            )
        most = self.most_movable(dst)
        if n > most:
            cells = sum(1 for c in self.cells if not piles[c])
            columns = sum(1 for t in _COLUMNS if not piles[t] and t != dst)
            raise IllegalMove(
                f"{n} cards can't move at once: with {cells} empty free cells and {columns} empty columns"
                f"{' besides this one' if not target else ''}, at most {most} can.",
                "supermove_limit",
                count=n,
                most=most,
                cells=cells,
                columns=columns,
            )
        return Move(src, dst, n)

    def _check_home(self, src: str, card: Card, n: int) -> Move:
        piles = self._piles
        if src in _FOUNDATION_SET:
            raise IllegalMove("That card is already on its foundation.", "already_on_foundation", card=str(card))
        if n != 1:
            raise IllegalMove("Foundations take one card at a time.", "foundation_one_card")
        refusal = home_refusal(card, len(piles[SLOT[card.suit]]))
        if refusal is not None:
            raise refusal
        return Move(src, "f", 1)

    def _perform(self, move: Move) -> Effect:
        src = move.src
        card = self._piles[src][-move.count]
        dst = SLOT[card.suit] if move.dst == "f" else move.dst
        self._move_cards(src, dst, move.count)
        return Effect("move", dst, 0)

    def legal_moves(self) -> list[Move]:
        """Every legal move: cards home (columns, then cells), cells onto
        columns (and into another empty cell), column runs onto columns (each legal length into an empty
        one), and cards into each empty cell. Never a card from a foundation."""
        piles = self._piles
        moves: list[Move] = []
        found = {suit: len(piles[slot]) for suit, slot in SLOT.items()}
        sources = (*_COLUMNS, *self.cells)
        for src in sources:
            cards = piles[src]
            if cards and found[cards[-1].suit] == cards[-1].rank - 1:
                moves.append(Move(src, "f", 1))
        free_cells = [c for c in self.cells if not piles[c]]
        empty = [t for t in _COLUMNS if not piles[t]]
        onto = most_movable(len(free_cells), len(empty))
        into_empty = most_movable(len(free_cells), len(empty) - 1) if empty else 0
        for src in self.cells:
            cards = piles[src]
            if cards:
                moves.extend(Move(src, dst, 1) for dst in self._columns_taking(cards[-1]))
                moves.extend(Move(src, dst, 1) for dst in free_cells)
        for src in _COLUMNS:
            cards = piles[src]
            if not cards:
                continue
            run = _run_length(cards)
            for dst in _COLUMNS:
                if dst == src:
                    continue
                target = piles[dst]
                if target:
                    n = target[-1].rank - cards[-1].rank
                    if 1 <= n <= min(run, onto) and fits(cards[-n], target[-1]):
                        moves.append(Move(src, dst, n))
                else:
                    moves.extend(Move(src, dst, n) for n in range(1, min(run, into_empty) + 1))
        for src in _COLUMNS:
            if piles[src]:
                moves.extend(Move(src, dst, 1) for dst in free_cells)
        return moves

    def _columns_taking(self, card: Card) -> Iterator[str]:
        """The columns a single ``card`` may go onto: onto a card it fits, or empty."""
        piles = self._piles
        for dst in _COLUMNS:
            target = piles[dst]
            if not target or fits(card, target[-1]):
                yield dst

    # ------------------------------------------------------------- gestures

    def can_pick(self, pid: str, count: int) -> bool:
        """May the top ``count`` cards of ``pid`` be picked up? A run of a
        column that goes down in alternating colours (the drop says when it
        is longer than may move); a free cell's card. Never a foundation's card:
        it stays home."""
        if type(count) is not int or count < 1:
            return False
        cards = self._piles.get(pid)
        if not cards:
            return False
        if pid in _COLUMN_SET:
            return count <= _run_length(cards)
        return count == 1 and pid not in _FOUNDATION_SET

    def move_for_drop(self, pid: str, count: int, dst: str) -> Move:
        """The move a drop means; any foundation slot means the card's own one."""
        if dst in _FOUNDATION_SET:
            return Move(pid, "f", count)
        return Move(pid, dst, count)

    def drop_targets(self, pid: str, count: int) -> list[str]:
        """Piles where the drop is legal; a foundation is named by the card's own slot."""
        if not self.can_pick(pid, count):
            return []
        card = self._piles[pid][-count]
        targets = []
        for dst in self.pile_ids:
            if dst == pid:
                continue
            if dst in _FOUNDATION_SET and dst != SLOT[card.suit]:
                continue
            if self.is_legal(self.move_for_drop(pid, count, dst)):
                targets.append(dst)
        return targets

    def tap_move(self, pid: str) -> Move | None:
        """A single tap sends the top card of a column or a free cell to its
        foundation when that is legal; otherwise None."""
        if pid not in _COLUMN_SET and pid not in self.cells:
            return None
        move = Move(pid, "f", 1)
        return move if self.is_legal(move) else None

    def double_tap_move(self, pid: str, count: int = 1) -> Move | None:
        """The best place for the top ``count`` cards of ``pid``: its
        foundation (one card), else the legal column holding the most cards
        (a tie goes to the leftmost), else the leftmost empty column, else
        the leftmost empty free cell (one card from a column). None when
        there is no such place.

        Interpretation: a run that already fills its column is not sent to
        another empty column, and a free cell's card not to another cell;
        either would change nothing.
        """
        if not self.can_pick(pid, count):
            return None
        home = Move(pid, "f", 1)
        if count == 1 and self.is_legal(home):
            return home
        column = self._fullest_column(pid, count)
        if column is not None:
            return column
        piles = self._piles
        if count == 1 and pid in _COLUMN_SET:
            for cell in self.cells:
                if not piles[cell]:
                    return Move(pid, cell, 1)
        return None

    # ------------------------------------------------- advice, safe moves

    def safe_home(self, card: Card) -> bool:
        """True when no card could ever need ``card`` to build on
        (``engine.foundations.safe_home``)."""
        return safe_home(card, self._piles)

    def safe_move(self) -> Move | None:
        """The lowest safe card that can go home now (``safe_home``), from a
        column or a free cell, leftmost first; None when there is none."""
        piles = self._piles
        best: tuple[int, str] | None = None
        for src in (*self.cells, *_COLUMNS):
            cards = piles[src]
            if not cards:
                continue
            card = cards[-1]
            goes_home = len(piles[SLOT[card.suit]]) == card.rank - 1 and self.safe_home(card)
            if goes_home and (best is None or card.rank < best[0]):
                best = (card.rank, src)
        return None if best is None else Move(best[1], "f", 1)

    def finish_ready(self) -> bool:
        """Every column goes down from its bottom card (each card lower than the
        one under it, whatever its suit): then the lowest card not home is always
        on top of a column or in a cell, and can go home next, to the end."""
        if self.won:
            return False
        piles = self._piles
        return all(
            all(cards[i].rank < cards[i - 1].rank for i in range(1, len(cards)))
            for cards in (piles[t] for t in _COLUMNS)
        )

    def finish_move(self) -> Move | None:
        """The lowest card that can go home, from a free cell or a column."""
        piles = self._piles
        best: tuple[int, str] | None = None
        for src in (*self.cells, *_COLUMNS):
            cards = piles[src]
            if cards:
                card = cards[-1]
                if len(piles[SLOT[card.suit]]) == card.rank - 1 and (best is None or card.rank < best[0]):
                    best = (card.rank, src)
        return None if best is None else Move(best[1], "f", 1)

    def advice_kind(self, move: Move) -> tuple[str, int]:
        """The kind of a legal move (``KINDS``) and a tie-breaker (lower first)."""
        src, dst, n = move.src, move.dst, move.count
        piles = self._piles
        cards = piles[src]
        card = cards[-n]
        if dst == "f":
            return ("home-safe" if self.safe_home(card) else "home"), card.rank
        target = piles[dst]
        if dst in self.cells:
            # The free cells are alike: a hint offers only the first empty one.
            first = next(c for c in self.cells if not piles[c])
            if src in self.cells or dst != first:
                return "pointless", 1
            return "to-cell", len(cards)
        if src in self.cells:
            return "free-cell", 0 if target else 1
        rest = cards[:-n]
        if not target:
            return ("pointless", 0) if not rest else ("to-empty", -n)
        if not rest:
            return "empty", 0
        under = rest[-1]
        if len(piles[SLOT[under.suit]]) == under.rank - 1:
            return "uncover", under.rank
        return "build", -n


def _run_length(cards: list[Card]) -> int:
    """How many top cards of a pile go down in alternating colours, each one
    rank lower than the card under it (0 for an empty pile)."""
    if not cards:
        return 0
    n = 1
    for i in range(len(cards) - 1, 0, -1):
        if not fits(cards[i], cards[i - 1]):
            break
        n += 1
    return n
