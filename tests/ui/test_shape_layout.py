"""The table's geometry for cards that overlap in a shape (``engine.shapes``: peaks, a
pyramid): every card on the table at a phone's and a desktop's sizes, each row a step
below the one above, a card half over each card it covers, cards gone leave nothing to
tap, and a tap on an overlap finds the card on top.

The shapes are drawn through test-only registry entries (Golf's facts with a shape), so
that the geometry is checked for each shape whatever game uses it."""

from __future__ import annotations

import dataclasses
from itertools import pairwise

import pytest

from engine.cards import Card
from engine.shapes import Shape, peaks, pyramid
from engine.variants import GOLF, VARIANTS
from ui.model.layout import Table, compute, hit_card, hit_pile

SIZES = ((360, 560), (640, 300), (1440, 800), (320, 480))
"""Tables of a phone upright and sideways (the toolbar and header taken off), a desktop, a small phone."""

SHAPES = {"peaks": (peaks(3, 4), False), "pyramid": (pyramid(7), True)}


@pytest.fixture(params=sorted(SHAPES))
def shaped(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> tuple[str, Shape]:
    shape, discard = SHAPES[request.param]
    variant = dataclasses.replace(GOLF, game="ZS", name="Shape", columns=0, shape=shape, discard=discard)
    monkeypatch.setitem(VARIANTS, variant.game, variant)
    return variant.game, shape


def _table(game: str, shape: Shape, gone: frozenset[str] = frozenset()) -> Table:
    piles: list[tuple[str, tuple[Card, ...]]] = [("s", (Card(1, "s", False),) * 20), ("w", (Card(2, "h"),))]
    if VARIANTS[game].discard:
        piles.append(("x", ()))
    for i, pid in enumerate(shape.pile_ids):
        piles.append((pid, () if pid in gone else (Card(i % 13 + 1, "hdcs"[i % 4]),)))
    return Table(game, tuple(piles))


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_card_is_on_the_table_and_clear_of_the_top_row(
    shaped: tuple[str, Shape], width: int, height: int
) -> None:
    game, shape = shaped
    lay = compute(_table(game, shape), width, height)
    cards = [box for box in lay.cards if box.pid.startswith("p")]
    assert len(cards) == len(shape.places)
    for box in cards:
        assert box.x >= 0, box
        assert box.x + lay.card_w <= width, box
        assert box.y >= 0, box
        assert box.y + lay.card_h <= height, box
    others = [pile for pid, pile in lay.piles.items() if not pid.startswith("p")]
    for box in cards:
        for pile in others:
            overlap_x = min(box.x + lay.card_w, pile.slot.right) - max(box.x, pile.slot.x)
            overlap_y = min(box.y + lay.card_h, pile.slot.bottom) - max(box.y, pile.slot.y)
            assert overlap_x <= 0 or overlap_y <= 0, (box, pile)
    # Cards as large as the width allows: at least a third of a grid column's share.
    assert lay.card_w >= min(width, 1.2 * height) / (shape.width + 2) * 0.7


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_rows_step_down_and_a_card_lies_half_over_each_card_it_covers(
    shaped: tuple[str, Shape], width: int, height: int
) -> None:
    game, shape = shaped
    lay = compute(_table(game, shape), width, height)
    at = {box.pid: box for box in lay.cards}
    step = shape.row_step * lay.card_h
    for place in shape.places:
        box = at[place.pid]
        for pid in place.covered_by:
            over = at[pid]
            assert over.y - box.y == pytest.approx(step, abs=1.01)
            # Half a grid step to the side: half a card and half the gap between two cards.
            assert abs(over.x - box.x) == pytest.approx(lay.card_w / 2, abs=lay.card_w * 0.2)
            assert over.z > box.z
    # The same row is one line, left to right, cards not overlapping.
    for row in range(1, shape.rows + 1):
        xs = [at[place.pid].x for place in shape.row_of(row)]
        assert len({at[place.pid].y for place in shape.row_of(row)}) == 1
        assert all(b - a >= lay.card_w for a, b in pairwise(xs))


def test_a_card_gone_leaves_nothing_to_tap_and_a_tap_finds_the_card_on_top(shaped: tuple[str, Shape]) -> None:
    game, shape = shaped
    first = shape.places[0]
    lay = compute(_table(game, shape, gone=frozenset({first.pid})), 360, 560)
    assert lay.piles[first.pid].zone.w == 0
    assert lay.piles[first.pid].slot.w == 0
    assert lay.by_pile[first.pid] == []
    covered = shape.row_of(shape.rows - 1)[0]
    lower = lay.by_pile[covered.covered_by[1]][0]  # the right one: its left edge lies on the covered card
    upper = lay.by_pile[covered.pid][0]
    # Where the lower card overlaps the one it covers, the lower card answers.
    x, y = lower.x + 2, lower.y + 2
    assert upper.x <= x < upper.x + lay.card_w
    assert upper.y <= y < upper.y + lay.card_h
    hit = hit_card(lay, x, y)
    assert hit is not None
    assert hit.pid == lower.pid
    # The strip of the covered card that shows still answers for it.
    hit = hit_card(lay, upper.x + lay.card_w / 2, upper.y + 2)
    assert hit is not None
    assert hit.pid == covered.pid
    assert hit_pile(lay, lay.piles[first.pid].slot.x + 1, lay.piles[first.pid].slot.y + 1) != first.pid
