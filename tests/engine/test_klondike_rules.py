"""One test per rule of RULES.md section 1 (Klondike)."""

from __future__ import annotations

import pytest

import engine
from engine import IllegalMove, Move
from engine.klondike import Klondike
from tests.engine.players import position


def tops(game: Klondike) -> dict[str, str]:
    return {pid: " ".join(str(c) if c.face_up else "#" + str(c) for c in game.pile(pid)) for pid in game.pile_ids}


# ---------------------------------------------------------------- the deal


def test_deal_layout() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAB")
    assert g.pile_ids == ("s", "w", "f1", "f2", "f3", "f4", "t1", "t2", "t3", "t4", "t5", "t6", "t7")
    for i in range(1, 8):
        column = g.pile(f"t{i}")
        assert len(column) == i
        assert column[-1].face_up
        assert not any(c.face_up for c in column[:-1])
    assert len(g.pile("s")) == 24
    assert not any(c.face_up for c in g.pile("s"))
    assert g.pile("w") == ()
    assert all(g.pile(f) == () for f in ("f1", "f2", "f3", "f4"))
    assert g.score == 0
    assert g.moves == 0
    assert not g.won
    assert g.game_name == "Klondike"


# ---------------------------------------------------------- tableau builds


def test_build_down_in_alternating_colours() -> None:
    g = position({"t1": "8s", "t2": "7h", "t3": "7c", "t4": "6d"})
    assert g.is_legal("t2>t1")
    with pytest.raises(IllegalMove, match="alternating colours"):
        g.play("t3>t1")  # black on black
    with pytest.raises(IllegalMove, match="can't go on the 7 of hearts"):
        g.play("t4>t2")  # red on red
    with pytest.raises(IllegalMove, match="one rank lower"):
        g.play("t4>t1")  # two ranks lower
    g.play("t2>t1")
    assert tops(g)["t1"] == "8s 7h"


def test_nothing_goes_up_or_on_an_ace() -> None:
    g = position({"t1": "Ah", "t2": "2s", "t3": "9h", "t4": "8c"})
    with pytest.raises(IllegalMove, match="alternating colours"):
        g.play("t2>t1")
    with pytest.raises(IllegalMove, match="alternating colours"):
        g.play("t3>t4")  # higher card onto a lower one


def test_sequence_move_of_any_length_only_first_card_must_fit() -> None:
    g = position({"t1": "#Kd #5c 9h 8s 7d 6c", "t2": "Tc", "t3": "Qs"})
    assert g.is_legal("t1:4>t2")
    for count in (1, 2, 3):
        with pytest.raises(IllegalMove, match="alternating colours"):
            g.play(Move("t1", "t2", count))
    action = g.play("t1:4>t2")
    assert tops(g)["t2"] == "Tc 9h 8s 7d 6c"
    assert tops(g)["t1"] == "#Kd 5c"
    assert action.flipped == ("t1",)


def test_only_face_up_cards_move() -> None:
    g = position({"t1": "#Kd #5c 9h", "t2": "Tc", "t3": ""})
    with pytest.raises(IllegalMove, match="Only face-up cards can be moved: column t1 has 1 face-up card"):
        g.play("t1:2>t3")
    with pytest.raises(IllegalMove, match="empty"):
        g.play("t3>t2")


def test_empty_column_takes_only_a_king() -> None:
    g = position({"t1": "#3h Qd", "t2": "", "t3": "#4c Kc Qh Jc", "t4": "#2h Kh"})
    with pytest.raises(IllegalMove) as info:
        g.play("t1>t2")
    assert str(info.value) == "Only a King can go to an empty column."
    # Not even to uncover a face-down card, and not a group that is not headed by a King.
    with pytest.raises(IllegalMove, match="Only a King can go to an empty column"):
        g.play("t3:2>t2")
    g.play("t3:3>t2")  # a King with the cards on top of it
    assert tops(g)["t2"] == "Kc Qh Jc"
    assert tops(g)["t3"] == "4c"
    with pytest.raises(IllegalMove, match="Only a King can go to an empty column"):
        g.play("t3>t5")


def test_a_king_alone_goes_to_an_empty_column() -> None:
    g = position({"t1": "#3h Kd", "t2": ""})
    g.play("t1>t2")
    assert tops(g)["t2"] == "Kd"
    assert tops(g)["t1"] == "3h"


def test_waste_only_its_top_card_is_playable() -> None:
    g = position({"w": "7h 4c", "t1": "8s", "f4": "Ac 2c 3c"})
    with pytest.raises(IllegalMove, match="alternating colours"):
        g.play("w>t1")  # the 4c is on top; the 7h under it cannot be reached
    with pytest.raises(IllegalMove, match="Only a column can move several cards"):
        g.play("w:2>t1")
    with pytest.raises(IllegalMove, match="Only the top card of the waste"):
        g.play(Move("w", "t1", 2))
    g.play("w>f")  # onto its foundation
    g.play("w>t1")  # now the 7h is on top
    assert tops(g)["t1"] == "8s 7h"
    assert g.pile("w") == ()
    with pytest.raises(IllegalMove, match="The waste is empty"):
        g.play("w>f")


def test_no_card_can_be_put_on_waste_or_stock() -> None:
    g = position({"t1": "8s", "w": "9h", "s": "#2c"})
    with pytest.raises(IllegalMove, match="Only the stock turns cards onto the waste"):
        g.play(Move("t1", "w"))
    with pytest.raises(IllegalMove, match="back into the stock"):
        g.play(Move("t1", "s"))
    with pytest.raises(IllegalMove, match="only by tapping it"):
        g.play(Move("s", "t1"))


# -------------------------------------------------------------- foundations


def test_foundations_fixed_slots_by_suit() -> None:
    g = position({"t1": "As", "t2": "Ah", "t3": "Ad", "t4": "Ac"})
    for i, slot in enumerate(("f1", "f2", "f3", "f4"), 1):
        action = g.play(f"t{i}>f")
        assert action.dst == slot
        assert tops(g)[slot] == str(g.top(slot))
    assert [str(g.top(f)) for f in ("f1", "f2", "f3", "f4")] == ["As", "Ah", "Ad", "Ac"]


def test_any_foundation_slot_means_the_cards_own_slot() -> None:
    g = position({"t1": "Ah", "w": "Ad"})
    action = g.play("t1>f4")  # dropped on the clubs slot, lands on hearts
    assert action.dst == "f2"
    assert action.move == Move("t1", "f")
    assert str(action.move) == "t1>f"
    g.play("w>f1")
    assert str(g.top("f3")) == "Ad"
    assert g.record().endswith(" t1>f w>f")


def test_foundation_starts_with_ace_and_builds_up_by_suit() -> None:
    g = position({"t1": "2h", "t2": "Ah", "t3": "3h", "t4": "2d", "t5": "Ah"})
    with pytest.raises(IllegalMove, match="A foundation starts with an Ace"):
        g.play("t1>f")
    g.play("t2>f")
    with pytest.raises(IllegalMove, match="needs the 2 of hearts there first"):
        g.play("t3>f")
    with pytest.raises(IllegalMove, match="starts with an Ace"):
        g.play("t4>f2")  # a diamond on the hearts slot goes to the diamonds slot
    g.play("t1>f")
    g.play("t3>f")
    assert [str(c) for c in g.pile("f2")] == ["Ah", "2h", "3h"]
    with pytest.raises(IllegalMove, match="already on its foundation"):
        g.play("t5>f")  # a second Ace of hearts can only come from a built test position


def test_foundations_take_one_card_at_a_time() -> None:
    g = position({"t1": "2s Ah", "f1": "As"})
    with pytest.raises(IllegalMove, match="one card at a time"):
        g.play("t1:2>f")


def test_auto_flip() -> None:
    g = position({"t1": "#Qc #5d 9h", "t2": "Ts"})
    action = g.play("t1>t2")
    assert action.flipped == ("t1",)
    assert g.pile("t1")[-1].face_up
    assert str(g.top("t1")) == "5d"
    assert not g.pile("t1")[0].face_up
    assert g.can_pick("t1", 1)  # the turned card is playable at once


def test_foundation_take_back_follows_tableau_rules() -> None:
    g = position({"f2": "Ah 2h 3h", "t1": "4s", "t2": "4h", "t3": ""})
    with pytest.raises(IllegalMove, match="alternating colours"):
        g.play("f2>t2")
    with pytest.raises(IllegalMove, match="Only a King"):
        g.play("f2>t3")
    with pytest.raises(IllegalMove, match="already on its foundation"):
        g.play("f2>f")
    with pytest.raises(IllegalMove, match="Only a column can move several cards"):
        g.play("f2:2>t1")
    with pytest.raises(IllegalMove, match="That foundation is empty"):
        g.play("f1>t1")
    g.play("f2>t1")
    assert str(g.top("t1")) == "3h"
    assert len(g.pile("f2")) == 2
    assert Move("f2", "t1") in position({"f2": "Ah 2h", "t1": "3c"}, "KL1-D1V-AAAAAAA").legal_moves()


def test_classic_never_takes_back_from_a_foundation() -> None:
    g = position({"f2": "Ah 2h 3h", "t1": "4s"}, code="KL1-D3C-AAAAAAA")
    with pytest.raises(IllegalMove, match="Classic rules never take a card back"):
        g.play("f2>t1")
    assert not g.can_pick("f2", 1)
    assert all(not m.src.startswith("f") for m in g.legal_moves())


# ---------------------------------------------------------- stock and waste


def test_draw_one() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    assert isinstance(g, Klondike)
    stock = g.pile("s")
    action = g.play("s")
    assert action.kind == "draw"
    assert action.dst == "w"
    assert len(g.pile("s")) == 23
    assert len(g.pile("w")) == 1
    assert g.top("w") == stock[-1].turned()
    assert g.waste_fan() == 1


def test_draw_three_fans_and_only_the_top_plays() -> None:
    g = position({"s": "#Kh #5c #9d #2s #8s", "t1": "9h", "t2": "6h", "f1": "As"}, code="KL1-D3N-AAAAAAA")
    assert g.waste_fan() == 0
    g.play("s")  # draws 8s, 2s, 9d: 9d on top
    assert [str(c) for c in g.pile("w")] == ["8s", "2s", "9d"]
    assert all(c.face_up for c in g.pile("w"))
    assert g.waste_fan() == 3
    with pytest.raises(IllegalMove):
        g.play("w>t1")  # 9d is on top, the 8s under it cannot be reached
    with pytest.raises(IllegalMove):
        g.play("w>f")
    g.play("s")  # only two left: 5c, Kh
    assert [str(c) for c in g.pile("w")] == ["8s", "2s", "9d", "5c", "Kh"]
    assert g.waste_fan() == 2
    assert g.pile("s") == ()


def test_draw_three_fan_shrinks_as_cards_are_played() -> None:
    g = position({"s": "#As #2s #Kh", "f1": "", "t1": ""}, code="KL1-D3N-AAAAAAA")
    g.play("s")
    assert [str(c) for c in g.pile("w")] == ["Kh", "2s", "As"]
    assert g.waste_fan() == 3
    g.play("w>f")
    assert g.waste_fan() == 2
    g.play("w>f")
    assert g.waste_fan() == 1
    g.play("w>t1")
    assert g.waste_fan() == 0
    assert g.pile("w") == ()


def test_draw_three_fan_is_one_when_the_last_draw_is_used_up() -> None:
    g = position({"s": "#Kh #As #2s #7c #8d #9h"}, code="KL1-D3N-AAAAAAA")
    g.play("s")
    g.play("s")
    assert [str(c) for c in g.pile("w")] == ["9h", "8d", "7c", "2s", "As", "Kh"]
    for move in ("w>t1", "w>f", "w>f"):
        g.play(move)
    assert len(g.pile("w")) == 3
    assert g.waste_fan() == 1


def test_recycle_normal_restores_the_stock_order_unlimited_times() -> None:
    g = engine.new_game("KL1-D3N-AAAAAAG")
    assert isinstance(g, Klondike)
    stock = g.pile("s")
    for _ in range(5):
        while g.pile("s"):
            assert g.stock_action() == "draw"
            g.play("s")
        assert g.stock_action() == "recycle"
        action = g.play("s")
        assert action.kind == "recycle"
        assert action.dst == "s"
        assert g.pile("s") == stock
        assert g.pile("w") == ()
    assert g.passes_left is None
    assert g.recycles == 5


def test_vegas_goes_through_the_stock_once() -> None:
    for draw in (1, 3):
        g = engine.new_game(f"KL1-D{draw}V-AAAAAAG")
        assert isinstance(g, Klondike)
        assert g.passes_left == 1
        while g.pile("s"):
            g.play("s")
        assert g.stock_action() is None
        refusal = g.stock_refusal()
        assert refusal is not None
        assert "Vegas" in refusal
        assert "once" in refusal
        with pytest.raises(IllegalMove, match="once only"):
            g.play("s")
        assert engine.STOCK_TAP not in g.legal_moves()


def test_classic_draw_one_single_pass() -> None:
    g = engine.new_game("KL1-D1C-AAAAAAG")
    assert isinstance(g, Klondike)
    assert g.passes_left == 1
    while g.pile("s"):
        g.play("s")
    with pytest.raises(IllegalMove, match="single pass"):
        g.play("s")


def test_classic_draw_three_three_passes_in_all() -> None:
    g = engine.new_game("KL1-D3C-AAAAAAG")
    assert isinstance(g, Klondike)
    stock = g.pile("s")
    for passes_left in (3, 2, 1):
        assert g.passes_left == passes_left
        while g.pile("s"):
            g.play("s")
        if passes_left > 1:
            g.play("s")
            assert g.pile("s") == stock  # never shuffled
    with pytest.raises(IllegalMove, match="three passes"):
        g.play("s")
    assert g.stock_action() is None


def test_empty_stock_and_waste() -> None:
    g = position({"t1": "Kh"})
    assert g.stock_action() is None
    assert g.stock_refusal() == "The stock and the waste are both empty."
    with pytest.raises(IllegalMove, match="both empty"):
        g.play("s")


# ------------------------------------------------------------------- end


def test_won_when_all_52_are_home() -> None:
    full = {
        f: " ".join(f"{r}{s}" for r in "A23456789TJQK") for f, s in zip(("f1", "f2", "f3", "f4"), "shdc", strict=True)
    }
    g = position({**full, "f4": full["f4"].rsplit(" ", 1)[0], "w": "Kc"})
    assert not g.won
    g.play("w>f")
    assert g.won
    g.undo()
    assert not g.won


def test_never_a_loss_and_no_auto_play() -> None:
    # A stuck Vegas game: nothing to do, yet no "lost" state; undo still works.
    columns = {"t1": "Kh", "t2": "Ks", "t3": "5c", "t4": "5s", "t5": "4c", "t6": "4s", "t7": "9c"}
    g = position({"s": "#3c", **columns}, code="KL1-D1V-AAAAAAA")
    g.play("s")
    assert g.legal_moves() == []
    assert not g.won
    assert g.can_undo
    assert not g.lost
    g.undo()
    # No card ever moves to a foundation by itself, even an Ace turned up.
    g = position({"t1": "#Ah 5c", "t2": "6d", "s": "#As"})
    g.play("t1>t2")
    g.play("s")
    assert str(g.top("t1")) == "Ah"
    assert str(g.top("w")) == "As"
    assert all(g.pile(f) == () for f in ("f1", "f2", "f3", "f4"))


def test_moves_counts_actions() -> None:
    g = position({"s": "#2c #3c", "t1": "Ah", "t2": "Kd"})
    g.play("s")
    g.play("t1>f")
    g.play("s")
    g.play("s")  # recycle
    assert g.moves == 4
    g.undo()
    assert g.moves == 3


def test_legal_moves_are_exactly_the_playable_ones() -> None:
    g = position(
        {
            "s": "#2c",
            "w": "9c 6s",
            "f1": "As 2s 3s 4s 5s",
            "f2": "Ah",
            "t1": "#Qd 7h",
            "t2": "8c 7d",
            "t3": "",
            "t4": "#4c Kd Qs Jh Tc 9h",
            "t5": "6c",
            "t6": "2h",
            "t7": "#5h 8h",
        }
    )
    candidates = [Move(src, dst, n) for src in g.pile_ids for dst in (*g.pile_ids, "f") for n in range(1, 8)]
    legal = {str(m) for m in g.legal_moves()}
    by_check = {str(g._check(m)) for m in candidates if g.is_legal(m)} | {"s"}
    assert legal == by_check
    assert {"w>f", "t6>f", "t4:5>t3", "t5>t1", "t5>t2", "t2:2>t4"} <= legal
    assert len(g.legal_moves()) == len(legal)
