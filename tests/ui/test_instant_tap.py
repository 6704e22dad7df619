"""A tap that sends a card home acts at once; a quick second tap on the same spot
turns it into the double-tap move (ui.model.gestures.SecondTap)."""

from __future__ import annotations

import engine
from engine import Move
from ui.model.gestures import DOUBLE_TAP_SECONDS, DOUBLE_TAP_SLOP, SecondTap, tap_plan
from ui.model.session import Preferences


def test_a_home_tap_carries_the_double_tap_move_as_its_followup() -> None:
    game, pid = game_with_a_choice()
    plan = tap_plan(game, pid, len(game.pile(pid)) - 1, 1, Preferences())
    assert plan.move == game.tap_move(pid)
    assert plan.followup is not None
    assert plan.followup == game.double_tap_move(pid, 1)
    assert tap_plan(game, "s", 0, 1, Preferences()).followup is None
    fresh = engine.new_game("KL1-D1N-AAAAAAG")  # the Ace of diamonds has nowhere else to go
    assert tap_plan(fresh, "t1", 0, 1, Preferences()).followup is None


def play_then_second(game: engine.Game, pid: str, at: float, dx: float, dy: float) -> tuple[Move | None, Move | None]:
    plan = tap_plan(game, pid, len(game.pile(pid)) - 1, 1, Preferences())
    second = SecondTap()
    assert plan.move is not None
    game.play(plan.move)
    second.played(1.0, 100.0, 100.0, plan.followup, game.record())
    return plan.followup, second.second(1.0 + at, 100.0 + dx, 100.0 + dy, game.record())[1]


def game_with_a_choice() -> tuple[engine.Game, str]:
    """A position where a card can go home or onto a column (searched among early deals)."""
    for seed in range(200):
        game = engine.new_game(f"KL1-D1N-AAAAA{chr(65 + seed // 26)}{chr(65 + seed % 26)}")
        for _ in range(60):
            for pid in ("w", *(f"t{i}" for i in range(1, 8))):
                if game.pile(pid) and game.tap_move(pid) and game.double_tap_move(pid, 1):
                    return game, pid
            home = [m for m in game.legal_moves() if m.dst == "f" and not m.src.startswith("f")]
            game.play(home[0] if home else engine.STOCK_TAP)
    raise AssertionError("no position with a choice found")


def test_a_quick_second_tap_gives_the_double_tap_move() -> None:
    game, pid = game_with_a_choice()
    before = game.record()
    followup, second = play_then_second(game, pid, DOUBLE_TAP_SECONDS / 2, 3.0, -3.0)
    assert followup is not None
    assert second == followup
    game.undo()
    assert game.record() == before
    game.play(second)
    assert game.pile(second.dst)[-1] == engine.replay(before).pile(pid)[-1]


def test_a_slow_or_distant_second_tap_is_a_new_tap() -> None:
    game, pid = game_with_a_choice()
    assert play_then_second(game.copy(), pid, DOUBLE_TAP_SECONDS + 0.05, 0.0, 0.0)[1] is None
    assert play_then_second(game.copy(), pid, 0.1, DOUBLE_TAP_SLOP + 1, 0.0)[1] is None


def test_a_second_tap_after_another_action_is_a_new_tap() -> None:
    game, pid = game_with_a_choice()
    plan = tap_plan(game, pid, len(game.pile(pid)) - 1, 1, Preferences())
    assert plan.move is not None
    game.play(plan.move)
    second = SecondTap()
    second.played(1.0, 5.0, 5.0, plan.followup, game.record())
    game.play(engine.STOCK_TAP)
    assert second.second(1.1, 5.0, 5.0, game.record()) == (False, None)


def test_without_a_followup_or_after_forget_nothing_is_remembered() -> None:
    second = SecondTap()
    second.played(1.0, 5.0, 5.0, None, "KL1-D1N-AAAAAAG t1>f")
    assert second.second(1.1, 5.0, 5.0, "KL1-D1N-AAAAAAG t1>f") == (False, None)
    second.played(1.0, 5.0, 5.0, Move("t1", "t2"), "KL1-D1N-AAAAAAG t1>f")
    second.forget()
    assert second.second(1.1, 5.0, 5.0, "KL1-D1N-AAAAAAG t1>f") == (False, None)


def test_with_one_tap_plays_the_card_a_double_tap_plays_one_card() -> None:
    # KL1-D1N-AAAAAAL: one tap sends the 6 of hearts from column 7 onto a column; the Ace
    # of hearts it uncovers would go home on a tap of its own, but not on the second tap
    # of the player's double tap.
    one = Preferences(one_tap=True)
    game = engine.new_game("KL1-D1N-AAAAAAL")
    plan = tap_plan(game, "t7", 6, 1, one)
    assert plan.move is not None
    assert plan.move.dst != "f"
    assert plan.followup is None
    assert plan.settled
    game.play(plan.move)
    assert tap_plan(game, "t7", 5, 1, one).move == Move("t7", "f")  # a tap of its own would play it
    second = SecondTap()
    second.played(1.0, 100.0, 100.0, plan.followup, game.record(), settled=plan.settled)
    assert second.second(1.2, 102.0, 110.0, game.record()) == (True, None)
    # Slower than a double tap, the next tap is a tap of its own.
    second.played(1.0, 100.0, 100.0, plan.followup, game.record(), settled=plan.settled)
    assert second.second(1.0 + DOUBLE_TAP_SECONDS + 0.05, 100.0, 100.0, game.record()) == (False, None)
    # Without the setting a tap that plays leaves no double tap to settle.
    assert not tap_plan(engine.new_game("KL1-D1N-AAAAAAG"), "t1", 0, 1, Preferences()).settled
