"""The games and what each one is made of: one registry, read by the rules and the UI.

A ``Variant`` holds the facts that differ between Klondike, Spiderette and
Spider and that more than one place needs: the game's name, its columns,
what its stock does, whether it has a waste and foundations, how many
completed runs it lays aside, what an empty column takes, and which options
a deal code carries. Code asks these facts of the registry instead of
testing a game's id or guessing at a game's attributes.

>>> KLONDIKE.name, KLONDIKE.column_ids[-1], KLONDIKE.top_row
('Klondike', 't7', (('s', 0), ('w', 1), ('f1', 3), ('f2', 4), ('f3', 5), ('f4', 6)))
>>> variant_of("SP").removed_ids
('r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8')
>>> [pile_kind(pid) for pid in ("s", "w", "f2", "t10", "r1")]
['stock', 'waste', 'foundation', 'tableau', 'removed']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = [
    "KLONDIKE",
    "SPIDER",
    "SPIDERETTE",
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

GameId = Literal["KL", "SD", "SP"]
"""A game's id, as deal codes begin (``KL1-…``, ``SD1-…``, ``SP1-…``)."""

PileKind = Literal["stock", "waste", "foundation", "tableau", "removed"]
"""What a pile is; ``removed`` are the slots that show completed Spider runs (``r1``…)."""

StockKind = Literal["draws", "deals"]
"""``draws``: tapping the stock turns cards onto the waste (which goes back as the
scoring allows); ``deals``: it deals one card onto every column."""

StockAction = Literal["draw", "recycle", "deal"]
"""What one tap on the stock does."""

EmptyColumn = Literal["king", "any"]
"""What an empty column takes: only a King (and the cards on it), or any card or run."""

OptionKind = Literal["draw and scoring", "suits"]
"""The options a deal code carries besides its seed."""

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

    @property
    def column_ids(self) -> tuple[str, ...]:
        """The columns, left to right: ``t1`` …"""
        return tuple(f"t{i}" for i in range(1, self.columns + 1))

    @property
    def has_waste(self) -> bool:
        return self.stock == "draws"

    @property
    def foundation_ids(self) -> tuple[str, ...]:
        return FOUNDATION_IDS if self.foundations else ()

    @property
    def removed_ids(self) -> tuple[str, ...]:
        """The slots that show completed runs: ``r1`` …"""
        return tuple(f"r{i}" for i in range(1, self.removed_runs + 1))

    @property
    def top_row(self) -> tuple[tuple[str, int], ...]:
        """The piles above the columns and the grid column of each: the stock at
        the left, the waste beside it, foundations or completed runs at the right."""
        row: list[tuple[str, int]] = [("s", 0)]
        if self.has_waste:
            row.append(("w", 1))
        right = (*self.foundation_ids, *self.removed_ids)
        row.extend((pid, self.columns - len(right) + i) for i, pid in enumerate(right))
        return tuple(row)

    @property
    def pile_ids(self) -> tuple[str, ...]:
        """The piles a player moves cards between, in display order (not the completed runs)."""
        return ("s", *(("w",) if self.has_waste else ()), *self.foundation_ids, *self.column_ids)


KLONDIKE = Variant("KL", "Klondike", 7, "draws", True, 0, "king", "draw and scoring")
SPIDERETTE = Variant("SD", "Spiderette", 7, "deals", False, 4, "any", "suits")
SPIDER = Variant("SP", "Spider", 10, "deals", False, 8, "any", "suits")

VARIANTS: dict[GameId, Variant] = {v.game: v for v in (KLONDIKE, SPIDERETTE, SPIDER)}
"""Every game, by id, in the order menus list them."""


def variant_of(game: str) -> Variant:
    """The variant of a game id; raises ``KeyError`` for an unknown one."""
    for variant in VARIANTS.values():
        if variant.game == game:
            return variant
    raise KeyError(f"There is no game {game!r}.")


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
    return "tableau"
