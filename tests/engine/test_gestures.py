"""The helpers the UI calls for taps, double taps, drags and the stock."""

from __future__ import annotations

import engine
from engine import Move
from tests.engine.players import position


def test_can_pick() -> None:
    g = position({"t1": "#Kd 9h 8s 7d", "w": "2c 3c", "f2": "Ah", "s": "#4d", "t2": ""})
    assert g.can_pick("t1", 1)
    assert g.can_pick("t1", 3)
    assert not g.can_pick("t1", 4)  # face-down card
    assert not g.can_pick("t1", 0)
    assert g.can_pick("w", 1)
    assert not g.can_pick("w", 2)
    assert g.can_pick("f2", 1)
    assert not g.can_pick("f1", 1)  # empty
    assert not g.can_pick("s", 1)
    assert not g.can_pick("t2", 1)
    assert not g.can_pick("t9", 1)
    classic = position({"f2": "Ah"}, code="KL1-D1C-AAAAAAA")
    assert not classic.can_pick("f2", 1)


def test_drop_targets_name_the_cards_own_foundation_slot() -> None:
    g = position({"t1": "#Kd 2h", "f2": "Ah", "t2": "3s", "t3": "3c", "t4": "", "t5": "3d"})
    assert g.drop_targets("t1", 1) == ["f2", "t2", "t3"]
    assert g.drop_targets("t1", 2) == []
    assert g.drop_targets("t4", 1) == []
    k = position({"t1": "#2c Kd Qs", "t2": "", "t3": "", "t4": "Kc", "t5": "9c", "t6": "9d", "t7": "8h"})
    assert k.drop_targets("t1", 2) == ["t2", "t3"]
    assert k.drop_targets("t1", 1) == []


def test_move_for_drop() -> None:
    g = position({"t1": "Ah"})
    for slot in ("f1", "f2", "f3", "f4", "f"):
        assert g.move_for_drop("t1", 1, slot) == Move("t1", "f")
    assert g.move_for_drop("t1", 2, "t3") == Move("t1", "t3", 2)
    assert g.move_for_drop("w", 1, "t3") == Move("w", "t3")


def test_tap_sends_a_card_to_its_foundation_when_legal() -> None:
    g = position({"t1": "Ah", "t2": "3h", "w": "As", "f1": "", "t3": ""})
    assert g.tap_move("t1") == Move("t1", "f")
    assert g.tap_move("w") == Move("w", "f")
    assert g.tap_move("t2") is None
    assert g.tap_move("t3") is None
    assert g.tap_move("s") is None
    assert g.tap_move("f1") is None
    g.play(g.tap_move("t1") or "")
    assert str(g.top("f2")) == "Ah"


def test_double_tap_prefers_the_longest_legal_column() -> None:
    g = position({"w": "7h", "t2": "8c", "t5": "#4d #5d #Qs 8s", "t6": ""})
    assert g.double_tap_move("w") == Move("w", "t5")


def test_double_tap_tie_goes_to_the_leftmost() -> None:
    g = position({"w": "7h", "t3": "#2d 8c", "t6": "#4d 8s", "t1": ""})
    assert g.double_tap_move("w") == Move("w", "t3")


def test_double_tap_groups_and_then_an_empty_column_for_a_king() -> None:
    g = position({"t1": "#2c Kd Qs Jh", "t2": "9c", "t3": "", "t4": "", "t5": "Kh", "t6": "Qc", "t7": "9d"})
    assert g.double_tap_move("t1", 1) == Move("t1", "t6")
    assert g.double_tap_move("t1", 2) == Move("t1", "t5", 2)
    assert g.double_tap_move("t1", 3) == Move("t1", "t3", 3)  # the leftmost empty column
    assert g.double_tap_move("t1", 4) is None


def test_double_tap_does_not_shuffle_a_bare_king_between_empty_columns() -> None:
    g = position({"t1": "Kd", "t2": "", "w": "Kc"})
    assert g.double_tap_move("t1") is None
    assert g.double_tap_move("w") == Move("w", "t2")


def test_double_tap_looks_only_at_columns() -> None:
    g = position({"t1": "Ah", "f1": ""})
    assert g.double_tap_move("t1") is None
    assert g.double_tap_move("s") is None
    assert g.double_tap_move("t1", 5) is None


def test_double_tap_from_a_foundation() -> None:
    g = position({"f2": "Ah 2h 3h", "t1": "4c", "t4": "#Kc #Jd 4s"})
    assert g.double_tap_move("f2") == Move("f2", "t4")


def test_stock_action_and_refusal() -> None:
    g = engine.new_game("KL1-D1V-AAAAAAG")
    assert g.stock_action() == "draw"
    assert g.stock_refusal() is None
    normal = position({"w": "2c"})
    assert normal.stock_action() == "recycle"
    assert normal.stock_refusal() is None
    empty = position({})
    assert empty.stock_action() is None
    assert empty.stock_refusal() == "The stock and the waste are both empty."
