"""Move values and notation; garbage notation is refused with IllegalMove."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

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


# ------------------------------------------------------ several sources at once

SOURCE = st.sampled_from(
    ["w", *(f"f{i}" for i in range(1, 5)), *(f"c{i}" for i in range(1, 10)), *(f"t{i}" for i in range(1, 11))]
    + [f"p{i}" for i in range(1, 29)]
)
DESTINATION = st.sampled_from(
    ["w", "f", "x", *(f"f{i}" for i in range(1, 5)), *(f"c{i}" for i in range(1, 10)), *(f"t{i}" for i in range(1, 11))]
)


@given(sources=st.lists(SOURCE, min_size=1, max_size=4, unique=True), dst=DESTINATION)
def test_a_move_from_several_piles_round_trips(sources: list[str], dst: str) -> None:
    move = Move(sources[0], dst, 1, tuple(sources[1:]))
    text = str(move)
    assert text == "+".join(sources) + ">" + dst
    assert parse_move(text) == move
    assert parse_move(text.upper()) == move
    assert move.sources == tuple(sources)
    assert ("also=" in repr(move)) == (len(sources) > 1)


@given(src=SOURCE, dst=DESTINATION, count=st.integers(1, 13))
def test_a_move_from_one_pile_prints_as_ever(src: str, dst: str, count: int) -> None:
    if not src.startswith("t"):
        count = 1
    move = Move(src, dst, count)
    assert str(move) == (f"{src}:{count}>{dst}" if count != 1 else f"{src}>{dst}")
    assert parse_move(str(move)) == move
    assert repr(move) == f"Move(src={src!r}, dst={dst!r}, count={count})"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("p7:2+p12>x", "without a count"),
        ("p7+p7>x", "names p7 twice"),
        ("p29>x", "not a move"),
        ("p0>x", "not a move"),
        ("p7+>x", "not a move"),
        ("x>w", "not a move"),
        ("p7>p8", "not a move"),
    ],
)
def test_bad_multi_source_notation(text: str, message: str) -> None:
    with pytest.raises(engine.NotationError, match=message):
        parse_move(text)


def test_a_game_without_such_moves_refuses_several_sources() -> None:
    for code in ("KL1-D1N-AAAAAAG", "FC1-F4-1", "SD1-S1-AAAAAAB", "GF1-N-AAAAAAI"):
        g = engine.new_game(code)
        assert not g.multi_source
        error = g.refusal_error("t1+t2>w")
        assert error is not None, code
        assert error.reason == "notation", code
        assert "several piles" in str(error)
        assert g.refusal_error(Move("t1", "f", 1, ("t2",))) is not None
    g = engine.new_game("KL1-D1N-AAAAAAG")
    assert g.refusal("p7>w") is not None
    assert g.refusal("t1>x") is not None
