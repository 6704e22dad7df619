"""The games and what each one is made of: one registry, read by the rules and the UI.

A ``Variant`` holds the facts that differ between the games and that more
than one place needs: the game's name, its columns, what its stock does (if
it has one), whether it has a waste, free cells and foundations, how many
completed runs it lays aside, what an empty column takes, which options a
deal code carries, and the module whose ``Game`` subclass plays it. Code
asks these facts of the registry, and the rules of the game's class, instead
of testing a game's id or guessing at a game's attributes. Adding a game is
one entry here and one module beside ``klondike.py``.

>>> KLONDIKE.name, KLONDIKE.column_ids[-1], KLONDIKE.top_row
('Klondike', 't7', (('s', 0), ('w', 1), ('f1', 3), ('f2', 4), ('f3', 5), ('f4', 6)))
>>> variant_of("SP").removed_ids
('r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8')
>>> [pile_kind(pid) for pid in ("s", "w", "f2", "t10", "r1", "c3", "p28", "x")]
['stock', 'waste', 'foundation', 'tableau', 'removed', 'cell', 'peak', 'discard']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.shapes import Shape, peaks, pyramid

__all__ = [
    "FREECELL",
    "GOLF",
    "KLONDIKE",
    "PYRAMID",
    "SPIDER",
    "SPIDERETTE",
    "TRIPEAKS",
    "VARIANTS",
    "EmptyColumn",
    "GameId",
    "OptionKind",
    "PileKind",
    "StockAction",
    "StockKind",
    "Variant",
    "pile_kind",
    "variant_of",
]

GameId = str
"""A game's id, two capital letters, as deal codes begin (``KL1-…``, ``SD1-…``,
``SP1-…``): the keys of ``VARIANTS``. (Plain text, so that a new game is
only a new entry of the registry.)"""

PileKind = Literal["stock", "waste", "foundation", "tableau", "removed", "cell", "peak", "discard"]
"""What a pile is; ``removed`` are the slots that show completed Spider runs (``r1``…),
``cell`` the free cells that hold one card each (``c1``…), ``peak`` the peak and pyramid
cards (``p1``-``p28``, one card each), ``discard`` where removed cards go (``x``)."""

StockKind = Literal["draws", "deals", "none"]
"""``draws``: tapping the stock turns cards onto the waste (which goes back as the
scoring allows); ``deals``: it deals one card onto every column; ``none``: the
game has no stock (every card is dealt at the start)."""

StockAction = Literal["draw", "recycle", "deal"]
"""What one tap on the stock does."""

EmptyColumn = Literal["king", "any", "none"]
"""What an empty column takes: only a King (and the cards on it), any card or run, or
nothing (Golf: nothing builds on the columns)."""

OptionKind = str
"""The options a deal code carries besides its seed, in words: ``"draw and
scoring"`` (Klondike), ``"suits"`` (the Spider family), ``"free cells"``,
``"turn the corner"`` (Golf)."""

FOUNDATION_IDS = ("f1", "f2", "f3", "f4")


@dataclass(frozen=True, slots=True)
class Variant:
    """The fixed facts of one game."""

    game: GameId
    name: str
    columns: int
    stock: StockKind
    foundations: bool
    removed_runs: int
    """Completed runs to lay aside to win (0: the game has none)."""
    empty_column: EmptyColumn
    options: OptionKind
    module: str
    """The module whose ``Game`` subclass plays this game (imported when first needed)."""
    cells: int = 0
    """Free cells at most (a deal code may ask for fewer); 0: the game has none."""
    card_share: float = 0.23
    """A card is at most this share of the table's height, so that the columns have room
    (Spider's grow longer than Klondike's)."""
    design_column: tuple[int, int] = (6, 12)
    """The long column the table's cards are sized for: its face-down cards and its
    covered face-up cards (Klondike's longest: 6 face-down cards under a King-to-Ace run)."""
    redeals: bool = True
    """False for a stock that draws but never turns the waste back (Golf: one pass)."""
    shape: Shape | None = None
    """Overlapping cards of one pile each, ``p1``-``p28``, and which cover which
    (``engine.shapes``: TriPeaks' peaks, Pyramid's pyramid); None for a game of columns."""
    discard: bool = False
    """True for a game whose removed cards go to a discard pile, ``x`` (Pyramid's pairs)."""

    @property
    def column_ids(self) -> tuple[str, ...]:
        """The columns, left to right: ``t1`` …"""
        return tuple(f"t{i}" for i in range(1, self.columns + 1))

    @property
    def has_stock(self) -> bool:
        return self.stock != "none"

    @property
    def has_waste(self) -> bool:
        return self.stock == "draws"

    @property
    def peak_ids(self) -> tuple[str, ...]:
        """The overlapping cards' piles, top row first: ``p1`` … (none for a game of columns)."""
        return self.shape.pile_ids if self.shape is not None else ()

    @property
    def cell_ids(self) -> tuple[str, ...]:
        """The free cells, left to right: ``c1`` … (all the game can have)."""
        return tuple(f"c{i}" for i in range(1, self.cells + 1))

    @property
    def foundation_ids(self) -> tuple[str, ...]:
        return FOUNDATION_IDS if self.foundations else ()

    @property
    def removed_ids(self) -> tuple[str, ...]:
        """The slots that show completed runs: ``r1`` …"""
        return tuple(f"r{i}" for i in range(1, self.removed_runs + 1))

    @property
    def grid_columns(self) -> int:
        """The table's width in card places: its columns, or for a game of overlapping
        cards without columns the shape's width (Pyramid's 7)."""
        if self.columns or self.shape is None:
            return self.columns
        return int(self.shape.width)

    @property
    def top_row(self) -> tuple[tuple[str, int], ...]:
        """The piles above the columns and the grid column of each: the stock at
        the left, the waste beside it (or the free cells from the left edge),
        foundations or completed runs at the right."""
        left = (*(("s",) if self.has_stock else ()), *(("w",) if self.has_waste else ()), *self.cell_ids)
        row: list[tuple[str, int]] = [(pid, i) for i, pid in enumerate(left)]
        right = (*self.foundation_ids, *self.removed_ids, *(("x",) if self.discard else ()))
        row.extend((pid, self.grid_columns - len(right) + i) for i, pid in enumerate(right))
        return tuple(row)

    @property
    def pile_ids(self) -> tuple[str, ...]:
        """The piles a player moves cards between, in display order (not the completed runs)."""
        left = (*(("s",) if self.has_stock else ()), *(("w",) if self.has_waste else ()), *self.cell_ids)
        discard = ("x",) if self.discard else ()
        return (*left, *self.foundation_ids, *discard, *self.column_ids, *self.peak_ids)


KLONDIKE = Variant("KL", "Klondike", 7, "draws", True, 0, "king", "draw and scoring", "engine.klondike")
SPIDERETTE = Variant("SD", "Spiderette", 7, "deals", False, 4, "any", "suits", "engine.spider", card_share=0.2)
SPIDER = Variant(
    "SP", "Spider", 10, "deals", False, 8, "any", "suits", "engine.spider", card_share=0.2, design_column=(5, 12)
)
FREECELL = Variant(
    # Every card face up: a dealt column of 7 with 9 more built on it (a longer one squeezes).
    "FC",
    "FreeCell",
    8,
    "none",
    True,
    0,
    "any",
    "free cells",
    "engine.freecell",
    cells=4,
    card_share=0.2,
    design_column=(0, 16),
)

GOLF = Variant(
    # Five face-up cards a column, never more: nothing builds on them.
    "GF",
    "Golf",
    7,
    "draws",
    False,
    0,
    "none",
    "turn the corner",
    "engine.golf",
    design_column=(0, 5),
    redeals=False,
)

TRIPEAKS = Variant(
    # 28 cards of one pile each in three overlapping peaks (no columns), one pass through the stock.
    "TP",
    "TriPeaks",
    0,
    "draws",
    False,
    0,
    "none",
    "turn the corner",
    "engine.tripeaks",
    shape=peaks(3, 4),
    redeals=False,
)

PYRAMID = Variant(
    # No columns: 28 cards of one pile each, p1-p28, in a pyramid; removed cards go to x.
    "PY",
    "Pyramid",
    0,
    "draws",
    False,
    0,
    "none",
    "passes",
    "engine.pyramid",
    shape=pyramid(7),
    discard=True,
)

VARIANTS: dict[GameId, Variant] = {v.game: v for v in (KLONDIKE, SPIDERETTE, SPIDER, FREECELL, GOLF, TRIPEAKS, PYRAMID)}
"""Every game, by id, in the order menus list them: the one registry of games."""


def variant_of(game: str) -> Variant:
    """The variant of a game id; raises ``KeyError`` for an unknown one."""
    variant = VARIANTS.get(game)
    if variant is None:
        raise KeyError(f"There is no game {game!r}: the games are {', '.join(VARIANTS)}.")
    return variant


def pile_kind(pid: str) -> PileKind:
    """What the pile ``pid`` is, from its id."""
    if pid == "s":
        return "stock"
    if pid == "w":
        return "waste"
    if pid.startswith("f"):
        return "foundation"
    if pid.startswith("r"):
        return "removed"
    if pid.startswith("c"):
        return "cell"
    if pid.startswith("p"):
        return "peak"
    if pid == "x":
        return "discard"
    return "tableau"
