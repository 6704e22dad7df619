"""Move values and notation; garbage notation is refused with IllegalMove."""

from __future__ import annotations

import pytest

import engine
from engine import IllegalMove, Move
from engine.moves import STOCK_TAP, parse_move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("s", STOCK_TAP),
        ("w>f", Move("w", "f")),
        ("w>t3", Move("w", "t3")),
        ("t6>f", Move("t6", "f")),
        ("t3:2>t5", Move("t3", "t5", 2)),
        ("t7:13>t1", Move("t7", "t1", 13)),
        ("f2>t1", Move("f2", "t1")),
        ("t10>t1", Move("t10", "t1")),
        ("t1>f3", Move("t1", "f3")),
    ],
)
def test_notation_round_trip(text: str, move: Move) -> None:
    assert parse_move(text) == move
    assert str(move) == text
    assert parse_move(str(move)) == move


def test_notation_is_read_leniently_and_printed_canonically() -> None:
    assert parse_move(" T3:1>T5 ") == Move("t3", "t5")
    assert str(parse_move("t3:1>t5")) == "t3>t5"
    assert str(parse_move("S")) == "s"
    assert STOCK_TAP.is_stock_tap
    assert not Move("t1", "t2").is_stock_tap


def test_moves_are_small_frozen_values() -> None:
    move = Move("t3", "t5", 2)
    with pytest.raises(AttributeError):
        move.count = 3  # type: ignore[misc]
    assert hash(move) == hash(Move("t3", "t5", 2))
    assert {move, Move("t3", "t5", 2)} == {move}


GARBAGE = [
    "",
    " ",
    "zz",
    "t9>t1",
    "t3:0>t5",
    "t3:99>t5",
    "t0>t1",
    "t11>t1",
    "t1>",
    ">t1",
    "t1>t2>t3",
    "w:2>t1",
    "f>t1",
    "f5>t1",
    "s>w",
    "s>t1",
    "t1:-1>t2",
    "t1:x>t2",
    "t1:1000>t2",
    "t1-t2",
    "t1>s",
    "t1>w",
    "w>w",
    "f1>f2",
    "t1>t1",
    "t8>t1",
    "t1>t8",
    "ww",
    "\x00",
    "t1>f9",
    "tt>t1",
    "🂡",
]


@pytest.mark.parametrize("text", GARBAGE)
def test_garbage_notation_raises_illegal_move(text: str) -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    before = g.to_json()
    with pytest.raises(IllegalMove) as info:
        g.play(text)
    assert str(info.value)  # a message for the player
    assert g.to_json() == before
    assert not g.is_legal(text)
    assert g.refusal(text) == str(info.value)


def test_specific_garbage_messages() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    with pytest.raises(IllegalMove, match="There is no pile 't9'"):
        g.play("t9>t1")
    with pytest.raises(IllegalMove, match="at least one card"):
        g.play("t3:0>t5")
    with pytest.raises(IllegalMove, match="column t3 has 1 face-up card"):
        g.play("t3:99>t5")
    with pytest.raises(IllegalMove, match="not a move"):
        g.play("zz")
    with pytest.raises(IllegalMove, match="not a move"):
        g.play("")


@pytest.mark.parametrize(
    "move",
    [
        Move("t1", "t2", 0),
        Move("t1", "t2", -3),
        Move("x", "t2"),
        Move("t1", "zz"),
        Move("t1", 3, 1),  # type: ignore[arg-type]
        Move("t1", "t2", "2"),  # type: ignore[arg-type]
        Move("s", "w"),
    ],
)
def test_bad_move_values_raise_illegal_move(move: Move) -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    with pytest.raises(IllegalMove):
        g.play(move)


def test_non_move_objects_raise_illegal_move() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    with pytest.raises(IllegalMove):
        g.play(None)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove):
        g.play(3)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove):
        parse_move(None)  # type: ignore[arg-type]


def test_illegal_move_is_a_value_error() -> None:
    assert issubclass(IllegalMove, ValueError)


def test_refusal_and_is_legal_take_anything() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    malformed = Move("t1", 3, 1)  # type: ignore[arg-type]  # a Move built wrong on purpose
    for junk in (None, 3, malformed, Move("t1", "t2", True)):
        assert not g.is_legal(junk)  # type: ignore[arg-type]
        assert g.refusal(junk)  # type: ignore[arg-type]
    assert g.refusal("t1>f") is None
    assert g.is_legal(Move("t1", "f"))
