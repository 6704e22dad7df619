"""Table geometry: every card on the table at every size, compression, the fan, hit tests."""

from __future__ import annotations

import itertools

import pytest

import engine
from engine.cards import Card
from ui.model.layout import Rect, Table, column_offsets, compute, drop_pile, hit_card, hit_pile, table_of

# Board sizes: the viewport minus the header and the status line (phone headers take two rows).
SIZES = [(360, 540), (412, 800), (640, 280), (768, 930), (1440, 820), (1920, 1000), (320, 460)]


def klondike_worst() -> Table:
    """Column 7 with 6 face-down cards under a King-to-Ace run: the longest Klondike column."""
    run = tuple(Card(rank, "s" if rank % 2 else "h") for rank in range(13, 0, -1))
    column7 = tuple(Card(r, "d", False) for r in range(1, 7)) + run
    piles = [("s", tuple(Card(r, "c", False) for r in range(1, 11))), ("w", (Card(2, "c"), Card(3, "c"), Card(4, "c")))]
    piles += [(f"f{i}", ()) for i in range(1, 5)]
    piles += [(f"t{i}", (Card(i, "c", False), Card(9, "h"))) for i in range(1, 7)]
    piles.append(("t7", column7))
    return Table("KL", tuple(piles), waste_fan=3)


def spider_long(columns: int = 10, down: int = 5, up: int = 30) -> Table:
    long = tuple(Card(1, "s", False) for _ in range(down)) + tuple(Card(1 + n % 13, "s") for n in range(up))
    piles = [("s", tuple(Card(1, "s", False) for _ in range(20)))]
    piles += [(f"t{i}", long) for i in range(1, columns + 1)]
    runs = 8 if columns == 10 else 4
    piles += [(f"r{i}", tuple(Card(r, "h") for r in range(1, 14)) if i == 1 else ()) for i in range(1, runs + 1)]
    return Table("SP" if columns == 10 else "SD", tuple(piles), deal_size=columns)


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("table", [klondike_worst(), spider_long(), spider_long(7, 6, 26)], ids=["kl", "sp", "sd"])
def test_every_card_stays_on_the_table(table: Table, width: int, height: int) -> None:
    layout = compute(table, width, height)
    assert layout.card_w >= 16
    for box in layout.cards:
        assert box.x >= 0, box
        assert box.x + layout.card_w <= width + 0.01, box
        assert box.y >= 0, box
        assert box.y + layout.card_h <= height + 0.01, box
    for pile in layout.piles.values():
        assert pile.zone.bottom <= height + 0.01


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_columns_do_not_overlap_and_fit_the_width(width: int, height: int) -> None:
    layout = compute(spider_long(), width, height)
    xs = sorted(layout.piles[f"t{i}"].slot.x for i in range(1, 11))
    for left, right in itertools.pairwise(xs):
        assert right - left >= layout.card_w
    assert xs[-1] + layout.card_w <= width


def test_phone_cards_are_readable_and_desktop_cards_are_large() -> None:
    phone = compute(klondike_worst(), 360, 540)
    assert phone.card_w >= 44
    assert phone.index_px >= 13
    desktop = compute(klondike_worst(), 1440, 820)
    assert 110 <= desktop.card_w <= 150
    spider_phone = compute(spider_long(), 360, 540)
    assert spider_phone.card_w >= 30
    assert spider_phone.index_px >= 11


def test_face_down_cards_stack_tighter_than_face_up_ones() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    layout = compute(table_of(g), 1440, 820)
    t7 = layout.by_pile["t7"]
    down_gap = t7[1].y - t7[0].y
    layout = compute(table_of(engine.replay("KL1-D1N-AAAAAAG t1>f t5>t4")), 1440, 820)
    t4 = layout.by_pile["t4"]
    up_gap = t4[-1].y - t4[-2].y
    assert 0 < down_gap < up_gap


def test_column_offsets_compress_face_down_first_then_face_up() -> None:
    faces = [False] * 6 + [True] * 13
    down, up = column_offsets(faces, 10_000, 100, 20)
    assert (down, up) == (10.0, 29.0)
    down2, up2 = column_offsets(faces, 6 * 5 + 12 * 29, 100, 20)
    assert up2 == up
    assert down2 == pytest.approx(5)
    down3, up3 = column_offsets(faces, 200, 100, 20)
    assert down3 == 4.0
    assert up3 < up
    assert 6 * down3 + 12 * up3 == pytest.approx(200)
    assert column_offsets([True], 0, 100, 20) == (10.0, 29.0)


def test_draw_three_fan_shows_the_last_draw_with_the_top_card_rightmost() -> None:
    layout = compute(klondike_worst(), 360, 540)
    waste = layout.by_pile["w"]
    xs = [box.x for box in waste]
    assert xs[0] < xs[1] < xs[2]
    assert xs[1] - xs[0] >= layout.index_px  # each index stays readable
    # The fan stays clear of the foundations.
    assert xs[2] + layout.card_w <= layout.piles["f1"].slot.x
    g = engine.replay("KL1-D3N-AAAAAAG s s")
    layout = compute(table_of(g), 1440, 820)
    waste = layout.by_pile["w"]
    assert len(waste) == 6
    assert len({box.x for box in waste[:4]}) == 1
    assert waste[3].x < waste[4].x < waste[5].x


def test_foundation_marks_and_king_marks() -> None:
    layout = compute(table_of(engine.new_game("KL1-D1N-AAAAAAG")), 800, 600)
    assert [layout.piles[f"f{i}"].mark for i in range(1, 5)] == ["s", "h", "d", "c"]
    assert layout.piles["t1"].mark == "K"
    assert layout.piles["s"].mark == ""
    g = engine.new_game("KL1-D1V-AAAAAAG")
    for _ in range(24):
        g.play("s")
    assert compute(table_of(g), 800, 600).piles["s"].mark == "none"
    n = engine.new_game("KL1-D1N-AAAAAAG")
    for _ in range(24):
        n.play("s")
    assert compute(table_of(n), 800, 600).piles["s"].mark == "recycle"


def test_hit_tests_find_the_top_card_and_the_pile() -> None:
    g = engine.replay("KL1-D1N-AAAAAAG t5>t4")
    layout = compute(table_of(g), 1440, 820)
    t4 = layout.by_pile["t4"]
    nine = t4[-1]
    hit = hit_card(layout, nine.x + 5, nine.y + 5)
    assert hit is not None
    assert (hit.pid, hit.index, hit.card_id) == ("t4", 4, "9d")
    ten = t4[-2]
    hit = hit_card(layout, ten.x + 5, ten.y + 5)
    assert hit is not None
    assert hit.card_id == "Tc"
    assert hit_pile(layout, layout.piles["f2"].slot.x + 3, layout.piles["f2"].slot.y + 3) == "f2"
    assert hit_card(layout, 1, 1) is None


def test_a_drop_prefers_the_accepting_pile_it_overlaps() -> None:
    layout = compute(table_of(engine.new_game("KL1-D1N-AAAAAAG")), 1440, 820)
    t4 = layout.piles["t4"].slot
    t5 = layout.piles["t5"].slot
    # Mostly over t5 but touching t4: t4 accepts, so the card lands there.
    rect = Rect(t5.x - layout.card_w * 0.2, t5.y + 40, layout.card_w, layout.card_h)
    assert drop_pile(layout, rect, ["t4"], "t1") == "t4"
    assert drop_pile(layout, rect, [], "t1") == "t5"
    assert drop_pile(layout, Rect(-500, -500, 10, 10), ["t4"], "t1") is None
    assert drop_pile(layout, Rect(t4.x, t4.y, layout.card_w, layout.card_h), [], "t4") is None


def test_table_of_reads_a_klondike_game() -> None:
    table = table_of(engine.new_game("KL1-D3N-AAAAAAG"))
    assert table.game == "KL"
    assert [pid for pid, _ in table.piles] == ["s", "w", "f1", "f2", "f3", "f4", *(f"t{i}" for i in range(1, 8))]
    assert len(table.cards_of("s")) == 24
    assert table.waste_fan == 0


def test_a_removed_run_shows_its_king_on_top() -> None:
    layout = compute(spider_long(), 1440, 820)
    run = layout.by_pile["r1"]
    assert len(run) == 13
    top = max(run, key=lambda box: box.z)
    assert top.card_id == "Kh"
    assert layout.by_pile["r2"] == []
