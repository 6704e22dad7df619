"""Undo: the last 100 actions, each restoring position, score and counters exactly."""

from __future__ import annotations

import pytest

import engine
from engine import IllegalMove
from engine.klondike import Klondike
from tests.engine.players import position


def snapshot(game: Klondike) -> tuple[object, ...]:
    return (
        game.to_json(),
        game.waste_fan(),
        game.passes_left,
        game.stock_action(),
        game.stock_refusal(),
        game.recycles,
        [str(m) for m in game.legal_moves()],
    )


@pytest.mark.parametrize(
    ("code", "piles", "move"),
    [
        ("KL1-D1N-AAAAAAA", {"t1": "#Kc #Qd Ah"}, "t1>f"),
        ("KL1-D1N-AAAAAAA", {"w": "7h", "t1": "8c"}, "w>t1"),
        ("KL1-D3N-AAAAAAA", {"s": "#2c #3c #4c #5c", "w": "9d"}, "s"),
        ("KL1-D3N-AAAAAAA", {"w": "2c 3c 4c"}, "s"),
        ("KL1-D1N-AAAAAAA", {"t1": "#5h 9h 8s 7d", "t2": "Tc"}, "t1:3>t2"),
        ("KL1-D1N-AAAAAAA", {"f2": "Ah 2h", "t1": "3c"}, "f2>t1"),
        ("KL1-D1V-AAAAAAA", {"t1": "#Kc Ah"}, "t1>f"),
        ("KL1-D3C-AAAAAAA", {"w": "2c 3c 4c"}, "s"),
    ],
)
def test_undo_restores_each_kind_of_action(code: str, piles: dict[str, str], move: str) -> None:
    g = position(piles, code=code, score=40)
    before = snapshot(g)
    score, moves = g.score, g.moves
    action = g.play(move)
    assert snapshot(g) != before
    undone = g.undo()
    assert undone == action
    assert snapshot(g) == before
    assert (g.score, g.moves) == (score, moves)
    assert g.play(move) == action  # and the same action again


def test_undo_restores_the_draw_three_fan() -> None:
    g = position({"s": "#2c #3c #4c #5c #6c #7c", "t1": "6h"}, code="KL1-D3N-AAAAAAA")
    g.play("s")
    g.play("w>t1")
    assert g.waste_fan() == 2
    g.play("s")
    assert g.waste_fan() == 3
    g.undo()
    assert g.waste_fan() == 2
    g.undo()
    assert g.waste_fan() == 3


def test_undo_restores_passes_in_classic() -> None:
    g = position({"w": "2c"}, code="KL1-D3C-AAAAAAA")
    g.play("s")
    assert g.passes_left == 2
    g.undo()
    assert g.passes_left == 3


def test_nothing_to_undo() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    assert not g.can_undo
    with pytest.raises(IllegalMove) as info:
        g.undo()
    assert str(info.value) == "Nothing to undo."


def test_undo_goes_back_100_actions_and_no_further() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    states = [g.to_json()]
    for _ in range(130):
        g.play("s")
        states.append(g.to_json())
    assert len(g.history) == 100
    assert g.moves == 130
    for i in range(100):
        action = g.undo()
        assert action.kind in ("draw", "recycle")
        assert g.moves == 129 - i
    assert not g.can_undo
    with pytest.raises(IllegalMove, match="Nothing to undo"):
        g.undo()
    # Position and score are those of action 30; the 30 first actions stay in the record.
    rebuilt = engine.replay(g.record())
    assert rebuilt.pile("s") == g.pile("s")
    assert rebuilt.pile("w") == g.pile("w")
    assert g.record().count(" s") == 30


def test_undo_history_is_the_undoable_actions() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    a = g.play("s")
    b = g.play("t1>f")
    assert g.history == (a, b)
    assert g.played == (engine.STOCK_TAP, engine.Move("t1", "f"))
    assert g.undo() == b
    assert list(g.history) == [a]
    assert g.record() == "KL1-D1N-AAAAAAG s"


def test_undo_restores_a_floored_score_after_later_actions() -> None:
    g = position({"w": "Ac 3d", "t1": "#2c 5h", "t2": "6s"}, score=20)
    g.play("s")  # recycle: 20 -> 0
    g.play("t1>t2")  # 0 -> +5 for the turned card
    assert g.score == 5
    g.undo()
    g.undo()
    assert g.score == 20
