"""Table geometry: where every pile and every card goes, for any table size.

Pure Python (no browser imports), so it is tested in CPython. The renderer
turns a ``Layout`` into DOM positions; the pointer code hit-tests against it.

All games share one grid: ``cols`` columns of cards (7, or 10 for Spider) with
the top row above them (stock, waste, foundations or removed-run slots). Card
size follows the narrower of the width and the height; a long column
compresses its offsets, face-down gaps first, so that its last card always
ends on the table.

>>> from engine.cards import Card
>>> columns = tuple((f"t{i}", ()) for i in range(2, 8))
>>> table = Table("KL", (("s", ()), ("w", ()), ("t1", (Card(13, "s"),)), *columns))
>>> lay = compute(table, 360, 560)
>>> lay.card_w, lay.card_h
(47, 66)
>>> lay.cards[0].pid, lay.cards[0].card_id
('t1', 'Ks')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from engine import Game, variant_of
from engine.cards import SUITS, Card
from engine.spider import RUN_LENGTH
from engine.variants import PileKind, pile_kind

__all__ = [
    "CARD_RATIO",
    "CardBox",
    "Layout",
    "PileBox",
    "Rect",
    "Table",
    "compute",
    "drop_pile",
    "hit_card",
    "hit_pile",
    "is_side",
    "pile_kind",
    "squeezed_index",
    "table_of",
]

CARD_RATIO = 1.4
"""Card height over width (a poker card is 63 x 88 mm)."""

MAX_CARD_W = 150
"""Cards stop growing past this width on very large screens."""

LARGE_SCALE = 1.25
"""The large-card option: how much more height share and width cards may take."""

INDEX_STRIP = 1.85
"""The strip of a covered face-up card that shows its whole corner index (rank over suit,
1.63 times the index size tall in ``static/css/table.css``) with a little room below it,
in index sizes."""

MIN_INDEX_PX = 8
"""The smallest corner index a squeezed column gives its covered cards."""

MIN_FULL_INDEX_PX = 10
"""Below this size a squeezed column shows one-line indices (rank, suit beside it), larger
for the same strip than rank over suit."""

LINE_STRIP = 1.12
"""The strip a one-line index needs, in index sizes (the rank's capital height and the
room above it, and a little below)."""

SHRINK_FLOOR = 0.5
"""Cards shrink to fit a game's longest column (its variant's ``design_column``) down to this share of
their usual width at most."""

SIDE_MAX_HEIGHT = 520
"""A table at most this tall and wider than tall (a phone held sideways) puts the stock,
waste, foundations and completed runs beside the columns, which then use the full height."""

SIDE_SHARE = 0.42
"""In that arrangement a card is at most this share of the table's height."""


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle in table pixels."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    def overlap(self, other: Rect) -> float:
        """The area both rectangles cover."""
        dx = min(self.right, other.right) - max(self.x, other.x)
        dy = min(self.bottom, other.bottom) - max(self.y, other.y)
        return dx * dy if dx > 0 and dy > 0 else 0.0


@dataclass(frozen=True, slots=True)
class Table:
    """What the table shows, read from a game: the layout's only input besides size.

    ``piles`` lists ``(pile id, cards bottom to top)`` in display order; removed
    Spider runs appear as piles ``r1``, ``r2``... ``waste_fan`` is how many top
    waste cards are fanned; ``deal_size`` groups the Spider stock by deal;
    ``stock_mark`` is drawn on an empty stock (``"recycle"``, ``"none"`` or ``""``).
    """

    game: str
    piles: tuple[tuple[str, tuple[Card, ...]], ...]
    waste_fan: int = 0
    deal_size: int = 0
    stock_mark: str = ""

    def cards_of(self, pid: str) -> tuple[Card, ...]:
        for key, cards in self.piles:
            if key == pid:
                return cards
        return ()


@dataclass(frozen=True, slots=True)
class PileBox:
    """One pile on the table: its empty outline (``slot``, card sized) and the
    area it covers with its cards (``zone``: drop target and hit area)."""

    pid: str
    kind: PileKind
    slot: Rect
    zone: Rect
    mark: str = ""


@dataclass(frozen=True, slots=True)
class CardBox:
    """One card on the table: its pile, index (0 = bottom) and top-left corner."""

    pid: str
    index: int
    card: Card
    x: float
    y: float
    z: int
    ix: int = 0
    """A smaller corner index for a covered card of a squeezed column (0: the table's)."""
    line: bool = False
    """The strip is too thin for rank over suit: the index shows as one line, the rank with
    the suit beside it (the suit under the rank is hidden, not left half covered)."""

    @property
    def card_id(self) -> str:
        """The card's notation (``"Ts"``), whatever its face."""
        return str(self.card)


@dataclass(slots=True)
class Layout:
    """Everything the renderer needs to place the table."""

    width: float
    height: float
    card_w: int
    card_h: int
    index_px: int
    piles: dict[str, PileBox] = field(default_factory=dict)
    cards: list[CardBox] = field(default_factory=list)
    by_pile: dict[str, list[CardBox]] = field(default_factory=dict)


def table_of(game: Game) -> Table:
    """Read a ``Table`` from an engine game (Klondike or the Spider family)."""
    variant = game.variant
    piles: list[tuple[str, tuple[Card, ...]]] = [(pid, game.pile(pid)) for pid in game.pile_ids]
    fan = game.waste_fan()
    deal_size = 0
    if variant.stock == "deals":
        deal_size = variant.columns  # one card onto every column
    runs = game.removed_runs
    for slot, pid in enumerate(variant.removed_ids):
        suit = runs[slot] if slot < len(runs) else ""
        cards = tuple(Card(rank, suit) for rank in range(1, RUN_LENGTH + 1)) if suit else ()
        piles.append((pid, cards))
    mark = ""
    if variant.has_stock and not game.pile("s"):
        mark = "recycle" if game.stock_action() == "recycle" else "none"
    return Table(variant.game, tuple(piles), waste_fan=fan, deal_size=deal_size, stock_mark=mark)


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


def _metrics(
    cols: int, width: float, height: float, share: float, large: bool = False, cap: float = math.inf
) -> tuple[float, float, int, int, int]:
    """Margin, gap, card width, card height and corner-index size in pixels.

    ``large`` (the large-card option): the columns nearly edge to edge (a phone's
    Klondike uses nearly its whole width), a larger share of the height, and corner
    indices about half as large again, so that a phone shows the difference even where
    its width leaves the cards hardly any room to grow."""
    if large:
        margin = _clamp(width * 0.004, 1.5, 10)
        gap = _clamp(width * 0.003, 1, 8)
        share *= LARGE_SCALE
    else:
        margin = _clamp(width * 0.012, 4, 18)
        gap = _clamp(width * 0.008, 3, 16)
    by_width = (width - 2 * margin - (cols - 1) * gap) / cols
    by_height = height * share / CARD_RATIO
    widest = MAX_CARD_W * LARGE_SCALE if large else MAX_CARD_W
    card_w = max(16, math.floor(min(by_width, by_height, widest, cap)))
    card_h = round(card_w * CARD_RATIO)
    if large:
        index_px = round(max(14.0, min(card_w * 0.44, 16 + card_w * 0.18)))
    else:
        index_px = round(max(11.0, min(card_w * 0.3, 12 + card_w * 0.12)))
    # The grid is centred: the margin takes up what the cards leave.
    used = cols * card_w + (cols - 1) * gap
    margin = max(margin, (width - used) / 2)
    return margin, gap, card_w, card_h, index_px


def fan_step(card_w: int, index_px: int) -> float:
    """How far apart the fanned waste cards are: enough to read each index."""
    return round(min(card_w * 0.36, index_px * 1.5 + 4))


def nominal_offsets(card_h: int, index_px: int) -> tuple[float, float]:
    """The (face-down, face-up) offsets of a column that has room."""
    return float(max(4, round(card_h * 0.1))), float(max(round(card_h * 0.24), math.ceil(index_px * INDEX_STRIP)))


def column_offsets(faces: Sequence[bool], room: float, card_h: int, index_px: int) -> tuple[float, float]:
    """The (face-down, face-up) offsets between the cards of one column.

    ``faces`` tells which cards are face up, bottom to top; ``room`` is the
    height the column may take below its first card's top edge minus one card.
    Nominal offsets apply when they fit; otherwise face-down gaps shrink first
    (to a sliver), then face-up gaps, until the column fits exactly.

    >>> column_offsets([False] * 6 + [True] * 13, 1000, 66, 14)
    (7.0, 26.0)
    >>> down, up = column_offsets([False] * 6 + [True] * 13, 200, 66, 14)
    >>> round(6 * down + 12 * up, 6) <= 200
    True
    """
    down, up = nominal_offsets(card_h, index_px)
    gaps = faces[:-1]
    n_down = sum(1 for face in gaps if not face)
    n_up = len(gaps) - n_down
    if n_down * down + n_up * up <= room:
        return down, up
    down_min = max(2.0, card_h * 0.04)
    if n_down * down_min + n_up * up <= room:
        return (room - n_up * up) / n_down, up
    if n_up:
        left = room - n_down * down_min
        if left >= 0:
            return down_min, left / n_up
        return max(0.0, room) / (n_down + n_up), 0.0
    return max(0.0, room) / max(1, n_down), up


def squeezed_index(up: float, index_px: int) -> tuple[int, bool]:
    """The corner index of the covered face-up cards of a column whose face-up offset is
    ``up``: ``(size, one line)``, size 0 for the table's own. A squeezed column first makes
    its indices smaller, rank still over suit; below ``MIN_FULL_INDEX_PX`` they turn into
    one line, as large as the strip allows.

    >>> squeezed_index(30, 14), squeezed_index(20, 14), squeezed_index(14, 14), squeezed_index(5, 14)
    ((0, False), (10, False), (12, True), (8, True))
    """
    if up >= index_px * INDEX_STRIP:
        return 0, False
    full = math.floor(up / INDEX_STRIP)
    if full >= MIN_FULL_INDEX_PX:
        return min(index_px, full), False
    return max(MIN_INDEX_PX, min(index_px, math.floor(up / LINE_STRIP))), True


def _top_row_columns(table: Table, cols: int) -> dict[str, int]:
    """Which grid column holds each top-row pile: the stock at the left, the waste
    beside it (or the free cells from the left edge), the foundations or the
    completed runs at the right."""
    kinds = [(pid, pile_kind(pid)) for pid, _ in table.piles]
    left = [pid for pid, kind in kinds if kind in ("stock", "waste", "cell")]
    right = [pid for pid, kind in kinds if kind in ("foundation", "removed", "discard")]
    slots = {pid: i for i, pid in enumerate(left)}
    for i, pid in enumerate(right):
        slots[pid] = cols - len(right) + i
    return slots


def is_side(width: float, height: float) -> bool:
    """Whether a table of this size puts the top row's piles at the sides (phones held sideways)."""
    return height <= SIDE_MAX_HEIGHT and width > height * 1.2


def _side_columns(table: Table) -> tuple[int, int]:
    """Grid columns left and right of the tableau in the side arrangement: the stock (and the
    waste) on the left, or the free cells two by two; Klondike's and FreeCell's foundations
    two by two, or Spider's runs, on the right."""
    cells = sum(1 for pid, _ in table.piles if pile_kind(pid) == "cell")
    left = 2 if cells > 1 else 1
    if _has_foundations(table):
        return left, 2
    # Completed runs or a discard pile take one column at the right; a game with nothing
    # there (Golf, TriPeaks) none.
    right = any(pile_kind(pid) in ("removed", "discard") for pid, _ in table.piles)
    return (left, 1) if right else (left, 0)


def _has_foundations(table: Table) -> bool:
    return any(pile_kind(pid) == "foundation" for pid, _ in table.piles)


def compute(table: Table, width: float, height: float, large: bool = False) -> Layout:
    """Place every pile and card of ``table`` on a ``width`` x ``height`` table
    (``large``: the large-card option)."""
    columns = [pid for pid, _ in table.piles if pid.startswith("t")]
    shape = variant_of(table.game).shape
    cols = max(1, len(columns), math.ceil(shape.width) if shape is not None else 0)
    side = is_side(width, height)
    left, right = _side_columns(table) if side else (0, 0)
    grid = cols + left + right
    share = SIDE_SHARE if side else variant_of(table.game).card_share
    margin, gap, card_w, card_h, index_px = _metrics(grid, width, height, share, large)
    # Smaller cards, down to a floor, rather than covered indices too small to read.
    floor = max(16, round(card_w * SHRINK_FLOOR))
    while card_w > floor and not _design_fits(table.game, side, height, margin, gap, card_h):
        margin, gap, card_w, card_h, index_px = _metrics(grid, width, height, share, large, cap=card_w - 1)
    top, bottom, row_gap = _rows(height, margin, gap, card_h)
    layout = Layout(width, height, card_w, card_h, index_px)

    def col_x(index: int) -> float:
        return round(margin + index * (card_w + gap))

    column_y: float
    if side:
        column_y = round(top)
        slots = _side_slots(table, cols, col_x, top, bottom, gap, card_h)
    else:
        column_y = round(top + card_h + row_gap)
        slots = {pid: (col_x(col), float(round(top))) for pid, col in _top_row_columns(table, cols).items()}
    step = card_w + gap
    for pid, cards in table.piles:
        kind = pile_kind(pid)
        x: float
        y: float
        if kind == "tableau":
            x, y = col_x(left + columns.index(pid)), column_y
        elif kind == "peak" and shape is not None:
            place = shape.place(pid)
            # The shape is centred in the grid's columns (a pyramid narrower than its row).
            inset = (cols - shape.width) / 2
            x = round(margin + (left + inset + place.x) * step)
            y = round(column_y + (place.row - 1) * shape.row_step * card_h)
            if not cards:
                # A card gone from the shape leaves no outline, and nothing to tap or drop on.
                gone = Rect(x, y, 0, 0)
                layout.piles[pid] = PileBox(pid, kind, gone, gone)
                layout.by_pile[pid] = []
                continue
            box = CardBox(pid, 0, cards[-1], x, y, _peak_z(place.row))
            rect = Rect(x, y, card_w, card_h)
            layout.piles[pid] = PileBox(pid, kind, rect, rect)
            layout.by_pile[pid] = [box]
            layout.cards.append(box)
            continue
        else:
            x, y = slots.get(pid, (col_x(0), round(top)))
        slot = Rect(x, y, card_w, card_h)
        boxes = _place(table, pid, kind, cards, slot, bottom, card_w, card_h, index_px, side)
        if boxes:
            last_x = max(b.x for b in boxes)
            last_y = max(b.y for b in boxes)
            zone = Rect(x, y, last_x - x + card_w, last_y - y + card_h)
        else:
            zone = slot
        if kind == "tableau":
            # A column's drop area runs down to the bottom of the table.
            zone = Rect(zone.x, zone.y, zone.w, max(zone.h, bottom - y))
        layout.piles[pid] = PileBox(pid, kind, slot, zone, _mark(table, pid, kind))
        layout.by_pile[pid] = boxes
        layout.cards.extend(boxes)
    return layout


PEAK_Z = 10
"""Cards of a shape stack row above row: each lower row lies on the one above it."""


def _peak_z(row: int) -> int:
    return PEAK_Z * row


def _side_slots(
    table: Table, cols: int, col_x: Callable[[int], float], top: float, bottom: float, gap: float, card_h: int
) -> dict[str, tuple[float, float]]:
    """Where the top row's piles go in the side arrangement."""
    below = round(top + card_h + max(gap * 1.5, 4.0))
    slots: dict[str, tuple[float, float]] = {"s": (col_x(0), round(top))}
    cells = [pid for pid, _ in table.piles if pile_kind(pid) == "cell"]
    for i, pid in enumerate(cells):
        slots[pid] = (col_x(i % 2), below if i >= 2 else round(top))
    if any(pid == "w" for pid, _ in table.piles):
        slots["w"] = (col_x(0), below)
    if any(pile_kind(pid) == "discard" for pid, _ in table.piles):
        slots["x"] = (col_x(cols + 1), round(top))
    if _has_foundations(table):
        foundations = [pid for pid, _ in table.piles if pile_kind(pid) == "foundation"]
        first = cols + (2 if len(cells) > 1 else 1)
        for i, pid in enumerate(foundations):
            slots[pid] = (col_x(first + i % 2), below if i >= 2 else round(top))
        return slots
    runs = [(pid, bool(cards)) for pid, cards in table.piles if pile_kind(pid) == "removed"]
    # Completed runs overlap down the right side, each showing its King's index; the empty
    # slots wait, one outline, under the last of them.
    step = min(card_h + gap, (bottom - top - card_h) / max(1, len(runs) - 1))
    done = sum(1 for _, filled in runs if filled)
    for i, (pid, filled) in enumerate(runs):
        slots[pid] = (col_x(cols + 1), round(top + (i if filled else done) * step))
    return slots


def _rows(height: float, margin: float, gap: float, card_h: int) -> tuple[float, float, float]:
    """The table's top and bottom edges for cards, and the gap between the top row and the columns."""
    edge = max(4.0, min(margin, 12.0))
    return edge, height - edge, max(gap * 1.5, card_h * 0.12)


def _design_fits(game: str, side: bool, height: float, margin: float, gap: float, card_h: int) -> bool:
    """Whether the game's long column (its variant's ``design_column``) fits below the top row (or from the
    top, at the sides) with each covered face-up card showing an index of ``MIN_INDEX_PX``."""
    top, bottom, row_gap = _rows(height, margin, gap, card_h)
    column_y = round(top) if side else round(top + card_h + row_gap)
    room = bottom - column_y - card_h
    shape = variant_of(game).shape
    if shape is not None:
        # Every row of the shape shows, the last whole.
        return (shape.rows - 1) * shape.row_step * card_h <= room
    n_down, n_up = variant_of(game).design_column
    return n_down * max(2.0, card_h * 0.04) + n_up * MIN_INDEX_PX * INDEX_STRIP <= room


def _mark(table: Table, pid: str, kind: PileKind) -> str:
    if kind == "foundation":
        return SUITS[int(pid[1:]) - 1]
    if kind == "tableau" and variant_of(table.game).empty_column == "king":
        return "K"
    if kind == "stock":
        return table.stock_mark
    return ""


def _place(
    table: Table,
    pid: str,
    kind: PileKind,
    cards: Sequence[Card],
    slot: Rect,
    bottom: float,
    card_w: int,
    card_h: int,
    index_px: int,
    side: bool = False,
) -> list[CardBox]:
    n = len(cards)
    x0, y0 = slot.x, slot.y
    if kind == "tableau":
        faces = [c.face_up for c in cards]
        down, up = column_offsets(faces, bottom - y0 - card_h, card_h, index_px)
        tight, line = squeezed_index(up, index_px)
        boxes = []
        y = float(y0)
        last = n - 1
        for i, card in enumerate(cards):
            covered = card.face_up and i < last
            boxes.append(CardBox(pid, i, card, x0, round(y, 2), i + 1, tight if covered else 0, line and covered))
            y += up if card.face_up else down
        return boxes
    if kind == "waste":
        fan = min(table.waste_fan, n)
        # At the side the fan runs down, like a column; otherwise to the right.
        step = math.ceil(index_px * INDEX_STRIP) if side else fan_step(card_w, index_px)
        boxes = []
        for i, card in enumerate(cards):
            k = i - (n - fan)
            shift = step * k if k > 0 else 0
            x, y = (x0, y0 + shift) if side else (x0 + shift, y0)
            boxes.append(CardBox(pid, i, card, x, y, i + 1))
        return boxes
    if kind == "stock" and table.deal_size:
        # The Spider stock shows one small stack per deal left.
        size = table.deal_size
        groups = math.ceil(n / size) if n else 0
        step = round(card_w * 0.12)
        boxes = []
        for i, card in enumerate(cards):
            from_top = (n - 1 - i) // size
            stack = groups - 1 - from_top
            # At the side the stacks step down, clear of the first column.
            x, y = (x0, y0 + stack * step) if side else (x0 + stack * step, y0)
            boxes.append(CardBox(pid, i, card, x, y, i + 1))
        return boxes
    if kind == "stock":
        # A little thickness shows how much is left.
        return [CardBox(pid, i, card, x0 - min(i // 8, 2), y0 - min(i // 8, 2), i + 1) for i, card in enumerate(cards)]
    if kind == "removed":
        # A completed run is shown King on top.
        return [CardBox(pid, i, card, x0, y0, card.rank) for i, card in enumerate(cards)]
    return [CardBox(pid, i, card, x0, y0, i + 1) for i, card in enumerate(cards)]


# ------------------------------------------------------------------ hit tests


def hit_card(layout: Layout, px: float, py: float) -> CardBox | None:
    """The topmost card under the point, if any."""
    best: CardBox | None = None
    for box in layout.cards:
        if box.x <= px < box.x + layout.card_w and box.y <= py < box.y + layout.card_h:  # noqa: SIM102
            if best is None or box.z > best.z or (box.z == best.z and box.pid == best.pid and box.index > best.index):
                best = box
    return best


def hit_pile(layout: Layout, px: float, py: float) -> str | None:
    """The pile whose area (outline or cards) holds the point."""
    for pid, pile in layout.piles.items():
        if pile.zone.contains(px, py) or pile.slot.contains(px, py):
            return pid
    return None


def drop_pile(layout: Layout, dragged: Rect, accepting: Iterable[str], source: str) -> str | None:
    """Where a dragged card (its rectangle) lands: the accepting pile it overlaps
    most; failing that, any other pile it overlaps most (a refused drop); None
    when it is over no pile but its own."""
    accept = set(accepting)
    best_ok: tuple[float, str] | None = None
    best_any: tuple[float, str] | None = None
    for pid, pile in layout.piles.items():
        if pid == source:
            continue
        area = max(dragged.overlap(pile.zone), dragged.overlap(pile.slot))
        if area <= 0:
            continue
        if pid in accept and (best_ok is None or area > best_ok[0]):
            best_ok = (area, pid)
        if best_any is None or area > best_any[0]:
            best_any = (area, pid)
    if best_ok is not None:
        return best_ok[1]
    return best_any[1] if best_any is not None else None
