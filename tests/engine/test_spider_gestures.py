"""The gesture helpers of the Spider family: pick, drop targets, taps, the stock,
and what the UI reads (removed runs, deals left)."""

from __future__ import annotations

import engine
from engine import Move
from engine.spider import Spider, Spiderette

SPADES = "Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"


def test_can_pick_only_a_face_up_run_of_one_suit_from_the_top() -> None:
    g = Spiderette.from_piles("SD1-S4-AAAAAAA", {"t1": "#Kd 9h 8s 7s 6s", "t2": "", "s": "#4d"})
    assert g.can_pick("t1", 1)
    assert g.can_pick("t1", 3)
    assert not g.can_pick("t1", 4)  # 9h breaks the suit
    assert not g.can_pick("t1", 5)  # face down
    assert not g.can_pick("t1", 0)
    assert not g.can_pick("t2", 1)  # empty
    assert not g.can_pick("s", 1)
    assert not g.can_pick("t8", 1)
    assert not g.can_pick("w", 1)
    h = Spiderette.from_piles("SD1-S4-AAAAAAA", {"t1": "9s 7s"})  # same suit, not in sequence
    assert not h.can_pick("t1", 2)


def test_drop_targets_are_the_columns_that_accept() -> None:
    g = Spiderette.from_piles(
        "SD1-S4-AAAAAAA",
        {"t1": "#Kd 9h 8s 7s", "t2": "9d", "t3": "", "t4": "8h", "t5": "Ah", "t6": "9s", "t7": "8c"},
    )
    assert g.drop_targets("t1", 1) == ["t3", "t4", "t7"]
    assert g.drop_targets("t1", 2) == ["t2", "t3", "t6"]
    assert g.drop_targets("t1", 3) == []  # not a run of one suit
    assert g.drop_targets("t3", 1) == []
    assert g.drop_targets("s", 1) == []


def test_move_for_drop_and_tap() -> None:
    g = Spiderette.from_piles("SD1-S4-AAAAAAA", {"t1": "5h 4h", "t2": "6s"})
    assert g.move_for_drop("t1", 2, "t2") == Move("t1", "t2", 2)
    assert g.move_for_drop("t1", 1, "t3") == Move("t1", "t3")
    for pid in ("t1", "t2", "t3", "s"):
        assert g.tap_move(pid) is None


def test_double_tap_prefers_the_same_suit() -> None:
    g = Spiderette.from_piles("SD1-S4-AAAAAAA", {"t1": "", "t2": "6c", "t3": "6h", "t4": "6h", "t5": "5h"})
    assert g.double_tap_move("t5") == Move("t5", "t3")  # same suit, leftmost of two


def test_double_tap_then_another_suit_then_an_empty_column() -> None:
    g = Spiderette.from_piles(
        "SD1-S4-AAAAAAA", {"t1": "Ks", "t2": "", "t3": "6c", "t4": "6d", "t5": "#2c 5h", "t6": "", "t7": "Qd 9s"}
    )
    assert g.double_tap_move("t5") == Move("t5", "t3")  # no 6h: leftmost other suit
    assert g.double_tap_move("t7") == Move("t7", "t2")  # nothing one rank higher: leftmost empty column
    assert g.double_tap_move("t7", 2) is None  # not a run
    assert g.double_tap_move("t1") is None  # a King alone in its column stays
    assert g.double_tap_move("t2") is None
    assert g.double_tap_move("s") is None


def test_double_tap_moves_groups() -> None:
    g = Spiderette.from_piles(
        "SD1-S4-AAAAAAA",
        {"t1": "#4d Ts 9s 8s", "t2": "Jh", "t3": "Js", "t4": "9h", **{f"t{i}": "Kc" for i in (5, 6, 7)}},
    )
    assert g.double_tap_move("t1", 3) == Move("t1", "t3", 3)
    assert g.double_tap_move("t1", 2) is None  # no Ten free, no empty column
    assert g.double_tap_move("t1", 1) == Move("t1", "t4")  # another suit
    action = g.play(g.double_tap_move("t1", 3) or "")
    assert action.flipped == ("t1",)


def test_stock_action_and_refusal() -> None:
    g = engine.new_game("SD1-S2-AAAAAAH")
    assert (g.stock_action(), g.stock_refusal()) == ("deal", None)
    assert str(g.legal_moves()[0]) == "s"
    empty_column = Spiderette.from_piles("SD1-S4-AAAAAAA", {"s": "#Ah", "t1": "Kc"})
    assert empty_column.stock_action() is None
    assert empty_column.stock_refusal() == "Fill every empty column before dealing."
    no_stock = Spiderette.from_piles("SD1-S4-AAAAAAA", {f"t{i}": "Kc" for i in range(1, 8)})
    assert no_stock.stock_action() is None
    assert no_stock.stock_refusal() == "The stock is empty."


def test_removed_runs_and_deals_left() -> None:
    g = engine.new_game("SP1-S4-AAAAAAH")
    assert isinstance(g, Spider)
    assert (g.removed_runs, g.deals_left) == ((), 5)
    g.play("s")
    assert g.deals_left == 4
    h = Spiderette.from_piles(
        "SD1-S2-AAAAAAA", {"t1": SPADES, "t2": "As", "t3": SPADES.replace("s", "h"), "t4": "Ah", "s": "#2h " * 3}
    )
    assert h.deals_left == 1
    h.play("t2>t1")
    h.play("t4>t3")
    assert h.removed_runs == ("s", "h")
    assert "r" not in h.pile_ids


def test_legal_moves_are_exactly_the_legal_moves() -> None:
    g = Spiderette.from_piles(
        "SD1-S4-AAAAAAA",
        {"t1": "#Kd 9h 8s 7s", "t2": "9d", "t3": "", "t4": "8h", "t5": "Ah", "t6": "9s", "t7": "Kc Qc Jc", "s": "#2c"},
    )
    listed = [str(m) for m in g.legal_moves()]
    assert len(listed) == len(set(listed))
    brute = {
        str(Move(src, dst, n))
        for src in g.columns
        for dst in g.columns
        for n in range(1, 14)
        if g.is_legal(Move(src, dst, n))
    }
    assert set(listed) == brute
    assert "s" not in listed  # t3 is empty
    assert "t7:3>t3" in listed
    assert {"t1:2>t6", "t1:2>t2", "t1:2>t3", "t1>t3", "t1>t4"} <= set(listed)
    assert "t1:3>t3" not in listed  # 9h 8s 7s is not a run of one suit
