"""Shapes of overlapping cards: where each card of a pyramid or of peaks lies, and
which cards cover it.

A game whose cards overlap (TriPeaks' three peaks, Pyramid's pyramid) deals them to
piles of one card each, ``p1``-``p28``, numbered row by row from the top, left to
right (DESIGN.md). A card is *free* once every card covering it is gone. The
engine asks a ``Shape`` which cards are free; the page places the cards from the
same facts (``Place.row`` and ``Place.x``), walks them with the arrow keys by row and
place, and names them by row and place.

>>> tri = peaks(3, 4)
>>> len(tri.places), tri.width, tri.rows
(28, 10.0, 4)
>>> tri.place("p1").covered_by, tri.place("p4").covered_by, tri.place("p10").covered_by
(('p4', 'p5'), ('p10', 'p11'), ('p19', 'p20'))
>>> [tri.place(pid).x for pid in ("p1", "p2", "p4", "p5", "p10", "p19")]
[1.5, 4.5, 1.0, 2.0, 0.5, 0.0]
>>> pyr = pyramid(7)
>>> len(pyr.places), pyr.width, pyr.place("p1").x, pyr.place("p2").covered_by
(28, 7.0, 3.0, ('p4', 'p5'))
>>> cards = {f"p{i}": (1,) for i in range(1, 29)}
>>> pyr.free_ids(cards) == tuple(f"p{i}" for i in range(22, 29))
True
>>> cards["p22"] = cards["p23"] = ()
>>> pyr.free_ids(cards)
('p24', 'p25', 'p26', 'p27', 'p28', 'p16')
>>> pyr.freed_by(cards, "p23"), pyr.number("p16"), pyr.covers("p23")
(('p16',), 1, ('p16', 'p17'))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

__all__ = ["Place", "Shape", "peaks", "pyramid"]


@dataclass(frozen=True, slots=True)
class Place:
    """One card's place: its pile id, its row (1 at the top), its left edge in card
    widths from the shape's left edge, and the piles whose cards cover it."""

    pid: str
    row: int
    x: float
    covered_by: tuple[str, ...] = ()


@dataclass(frozen=True)
class Shape:
    """Cards laid out in overlapping rows, each row a step lower than the one above
    (``row_step``: the share of a card's height between two rows)."""

    places: tuple[Place, ...]
    row_step: float = 0.5

    @cached_property
    def _by_pid(self) -> dict[str, Place]:
        return {place.pid: place for place in self.places}

    @cached_property
    def _covers(self) -> dict[str, tuple[str, ...]]:
        covers: dict[str, list[str]] = {place.pid: [] for place in self.places}
        for place in self.places:
            for pid in place.covered_by:
                covers[pid].append(place.pid)
        return {pid: tuple(above) for pid, above in covers.items()}

    @property
    def pile_ids(self) -> tuple[str, ...]:
        """Every place's pile, top row first, left to right."""
        return tuple(place.pid for place in self.places)

    @property
    def width(self) -> float:
        """The shape's width in card widths."""
        return max(place.x for place in self.places) + 1.0

    @property
    def rows(self) -> int:
        return max(place.row for place in self.places)

    def place(self, pid: str) -> Place:
        """The place of pile ``pid``; raises ``KeyError`` for a pile not in the shape."""
        return self._by_pid[pid]

    def row_of(self, row: int) -> tuple[Place, ...]:
        """The places of a row (1 at the top), left to right."""
        return tuple(place for place in self.places if place.row == row)

    def number(self, pid: str) -> int:
        """A card's place in its row, counted from 1 at the left."""
        place = self._by_pid[pid]
        return self.row_of(place.row).index(place) + 1

    def covers(self, pid: str) -> tuple[str, ...]:
        """The piles that pile ``pid``'s card covers (the row above it)."""
        return self._covers[pid]

    def is_free(self, piles: Mapping[str, Sequence[object]], pid: str) -> bool:
        """True when pile ``pid`` holds a card and no card covers it."""
        return bool(piles[pid]) and not any(piles[above] for above in self._by_pid[pid].covered_by)

    def free_ids(self, piles: Mapping[str, Sequence[object]]) -> tuple[str, ...]:
        """The piles whose card is free, bottom row first, each row left to right
        (the order in which the player meets them)."""
        rows = sorted(self.places, key=lambda place: (-place.row, place.x))
        return tuple(place.pid for place in rows if self.is_free(piles, place.pid))

    def freed_by(self, piles: Mapping[str, Sequence[object]], pid: str) -> tuple[str, ...]:
        """The piles whose card became free when pile ``pid`` was emptied (``piles``
        as they are after it)."""
        return tuple(above for above in self._covers[pid] if self.is_free(piles, above))


def pyramid(rows: int) -> Shape:
    """A pyramid of ``rows`` rows (1, 2, … cards): card k of row r is covered by cards
    k and k+1 of row r+1, and each row is centred under the one above."""
    places: list[Place] = []
    for r in range(1, rows + 1):
        first = r * (r - 1) // 2
        for k in range(r):
            below = (f"p{first + r + k + 1}", f"p{first + r + k + 2}") if r < rows else ()
            places.append(Place(f"p{first + k + 1}", r, (rows - r) / 2 + k, below))
    return Shape(tuple(places))


def peaks(count: int, height: int) -> Shape:
    """``count`` peaks of ``height`` rows side by side, their bottom rows joined into
    one shared row of ``count * (height - 1) + 1`` cards (TriPeaks: 3 peaks of 4 rows,
    rows of 3, 6, 9 and 10 cards). Each card above the bottom row is covered by the two
    cards below it that overlap it."""
    span = height - 1  # the bottom-row cards one peak's base spans, less the shared one
    # Each peak is a small pyramid of ``height`` rows whose left edge is ``q * span``.
    rows: list[list[tuple[float, int]]] = []
    for r in range(1, height + 1):
        if r < height:
            row = [(q * span + (height - r) / 2 + k, q) for q in range(count) for k in range(r)]
        else:
            row = [(float(k), 0) for k in range(count * span + 1)]
        rows.append(row)
    ids: list[list[str]] = []
    n = 0
    for row in rows:
        ids.append([f"p{n + i + 1}" for i in range(len(row))])
        n += len(row)
    places: list[Place] = []
    for r, row in enumerate(rows):
        for i, (x, _peak) in enumerate(row):
            covered: tuple[str, ...] = ()
            if r + 1 < len(rows):
                # The two cards of the next row whose left edges lie half a card either side.
                below = rows[r + 1]
                covered = tuple(ids[r + 1][j] for j, (bx, _q) in enumerate(below) if abs(bx - x) == 0.5)
            places.append(Place(ids[r][i], r + 1, x, covered))
    return Shape(tuple(places))
