"""What taps, double taps and drops mean, asked of the game."""

from __future__ import annotations

import engine
from engine import Move
from ui.model.gestures import TAP_HELP, SecondTap, TapTracker, drop_plan, picked_count, tap_plan
from ui.model.session import Preferences

PREFS = Preferences()


def test_a_single_tap_plays_the_foundation_move_at_once_when_nothing_else_fits() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    plan = tap_plan(g, "t1", 0, 1, PREFS)
    assert plan.move == Move("t1", "f")
    assert plan.followup is None


def test_a_single_tap_plays_at_once_and_remembers_what_a_double_tap_would_do() -> None:
    # A card that could go home or onto a column goes home at once; the column move is its followup.
    g = engine.replay("KL1-D1N-AAAAAAK t1>f")
    for pid in g.pile_ids:
        if not pid.startswith("t") or not g.pile(pid):
            continue
        single = g.tap_move(pid)
        double = g.double_tap_move(pid, 1)
        plan = tap_plan(g, pid, len(g.pile(pid)) - 1, 1, PREFS)
        if single is not None:
            assert plan.move == single
            assert plan.followup == double
        else:
            assert plan.move is None


def test_quick_taps_on_neighbouring_cards_each_play_where_a_double_tap_means_the_same_move() -> None:
    """TriPeaks and Golf: a double tap plays what a tap plays, so a tap remembers no
    followup, and a quick tap next to it (the card it uncovered, a neighbour) plays too;
    it was taken for the second tap of a double tap, which undid the first move and
    played it again: the tap was lost."""
    tripeaks = "TP1-W-IWDIMEY s p27>w p20>w s p22>w p28>w p23>w p19>w s p21>w p18>w p24>w s p14>w p10>w p26>w p13>w s"
    for record, first in ((tripeaks, "p25"), ("GF1-N-AAAAAAI", "t3")):
        g = engine.replay(record)
        plan = tap_plan(g, first, len(g.pile(first)) - 1, 1, PREFS)
        assert plan.move is not None
        assert plan.move == g.tap_move(first)
        assert plan.followup is None
        second = SecondTap()
        g.play(plan.move)
        second.played(1.0, 10.0, 10.0, plan.followup, g.record(), settled=plan.settled)
        assert second.second(1.2, 12.0, 20.0, g.record()) == (False, None), "a tap of its own"


def test_a_double_tap_finds_a_tableau_place() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    assert tap_plan(g, "t5", 4, 2, PREFS).move == Move("t5", "t4")
    assert tap_plan(g, "t5", 4, 1, PREFS).move is None
    # Nowhere to go: a message, no move.
    plan = tap_plan(g, "t6", 5, 2, PREFS)
    assert plan.move is None
    assert "no place for the 3 of spades" in plan.message
    # Face-down cards: nothing at all.
    assert tap_plan(g, "t6", 0, 2, PREFS) == tap_plan(g, "t6", 0, 1, PREFS)
    assert tap_plan(g, "t6", 0, 2, PREFS).message == ""


def test_the_stock_is_always_a_tap() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    assert tap_plan(g, "s", 0, 1, PREFS).move == engine.STOCK_TAP


def test_picked_count() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    assert picked_count(g, "t7", 6) == 1
    assert picked_count(g, "t7", 2) == 5
    assert picked_count(g, "w", 0) == 0
    g.play("s")
    assert picked_count(g, "w", 0) == 1


def test_a_drop_on_any_foundation_goes_to_the_cards_own_slot() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    for slot in ("f1", "f2", "f3", "f4"):
        move, rule, section = drop_plan(g, "t1", 1, slot, PREFS)
        assert move == Move("t1", "f")
        assert (rule, section) == ("", "")


def test_a_refused_drop_names_the_rule_and_a_drop_nowhere_says_nothing() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    move, rule, section = drop_plan(g, "t3", 1, "t1", PREFS)
    assert move is None
    assert "can't go on the Ace of diamonds" in rule
    assert section == "kl-columns"
    assert drop_plan(g, "t3", 1, None, PREFS) == (None, "", "")
    assert drop_plan(g, "t5", 1, "t4", PREFS) == (Move("t5", "t4"), "", "")


def test_tap_tracker_tells_double_taps() -> None:
    taps = TapTracker(window=0.3, slop=10)
    assert taps.tap("t1", 3, 1.0, 50, 50) == 1
    assert taps.tap("t1", 3, 1.2, 55, 52) == 2
    assert taps.tap("t1", 3, 1.3, 55, 52) == 1  # a third tap starts again
    assert taps.tap("t1", 3, 1.8, 55, 52) == 1  # too late
    assert taps.tap("t2", 3, 1.9, 55, 52) == 1  # another card
    assert taps.tap("t2", 3, 2.0, 90, 52) == 1  # too far
    taps.forget()
    assert taps.tap("t2", 3, 2.05, 90, 52) == 1


def test_two_taps_403_ms_apart_are_a_double_tap() -> None:
    # A loaded phone's quick double tap; the platforms' own interval is about 500 ms.
    taps = TapTracker()
    assert taps.tap("t5", 4, 10.0, 50, 50) == 1
    assert taps.tap("t5", 4, 10.403, 52, 51) == 2
    assert taps.tap("t5", 4, 11.0, 52, 51) == 1
    assert taps.tap("t5", 4, 11.6, 52, 51) == 1  # 600 ms: two taps
    second = SecondTap()
    second.played(1.0, 10.0, 10.0, Move("t5", "t4"), "R")
    assert second.second(1.403, 10.0, 10.0, "R") == (True, Move("t5", "t4"))


def test_a_single_tap_that_plays_nothing_nudges_the_card_and_says_what_taps_do() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    plan = tap_plan(g, "t5", 4, 1, PREFS)  # 9 of diamonds: not home, a place on the table
    assert plan.move is None
    assert plan.nudge
    assert plan.message == TAP_HELP
    assert tap_plan(g, "t6", 5, 1, PREFS).nudge  # 3 of spades: nowhere at all
    assert not tap_plan(g, "t6", 0, 1, PREFS).nudge, "a face-down card is no card to play"
    assert not tap_plan(g, "t1", 0, 1, PREFS).nudge, "the Ace goes home"


def test_one_tap_plays_what_a_double_tap_would_when_the_card_cannot_go_home() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    one = Preferences(one_tap=True)
    assert tap_plan(g, "t1", 0, 1, one).move == Move("t1", "f")  # home first, as ever
    assert tap_plan(g, "t5", 4, 1, one).move == Move("t5", "t4")
    nowhere = tap_plan(g, "t6", 5, 1, one)
    assert nowhere.move is None
    assert nowhere.nudge
    assert "no place for the 3 of spades" in nowhere.message
    assert not Preferences().one_tap, "off by default"
