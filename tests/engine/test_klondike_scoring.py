"""One test per score row of RULES.md section 1 (Normal, Vegas, Classic)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.codes import seed_letters
from engine.game import JSON_VERSION
from engine.klondike import Klondike, format_vegas
from tests.engine.players import position

# ------------------------------------------------------------------ Normal


def test_normal_starts_at_zero() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    assert g.score == 0
    assert g.score_text == "0"


def test_normal_card_to_foundation_from_tableau_is_10() -> None:
    g = position({"t1": "Kc Ah"})
    g.play("t1>f")
    assert g.score == 10


def test_normal_card_to_foundation_from_waste_is_10() -> None:
    g = position({"w": "As"})
    g.play("w>f")
    assert g.score == 10


def test_normal_waste_to_tableau_is_5() -> None:
    g = position({"w": "7h", "t1": "8c"})
    g.play("w>t1")
    assert g.score == 5


def test_normal_face_down_turned_up_is_5_on_top_of_the_move() -> None:
    g = position({"t1": "#Kc Ah", "t2": "#Qd 6h", "t3": "7s"})
    action = g.play("t1>f")
    assert (action.score_before, action.score_after) == (0, 15)  # +10 and +5 for the turned card
    action = g.play("t2>t3")
    assert (action.score_before, action.score_after) == (15, 20)  # 0 for the move, +5 for the turned card


def test_normal_recycle_is_minus_100() -> None:
    g = position({"w": "2c 3c"}, score=250)
    action = g.play("s")
    assert action.kind == "recycle"
    assert g.score == 150


def test_normal_recycle_never_goes_below_zero() -> None:
    g = position({"w": "2c 3c"}, score=30)
    g.play("s")
    assert g.score == 0  # an early recycle costs less than 100
    g.undo()
    assert g.score == 30  # undo gives back exactly what was taken


def test_normal_column_to_column_is_0() -> None:
    g = position({"t1": "8c 7h", "t2": "8s", "t3": "9h"})
    g.play("t1>t2")
    g.play("t2:2>t3")
    assert g.score == 0


def test_normal_take_back_from_foundation_is_0() -> None:
    g = position({"f2": "Ah 2h 3h", "t1": "4c"}, score=40)
    g.play("f2>t1")
    assert g.score == 40


def test_normal_draw_is_0() -> None:
    g = engine.new_game("KL1-D3N-AAAAAAG")
    g.play("s")
    assert g.score == 0


def test_classic_is_scored_like_normal() -> None:
    g = position({"t1": "#Kc Ah", "w": "7h", "t2": "8c"}, code="KL1-D1C-AAAAAAA")
    g.play("t1>f")
    assert g.score == 15
    g.play("w>t2")
    assert g.score == 20
    g = position({"w": "2c 3c"}, code="KL1-D3C-AAAAAAA", score=130)
    g.play("s")
    assert g.score == 30


# ------------------------------------------------------------------- Vegas


def test_vegas_starts_at_minus_52() -> None:
    g = engine.new_game("KL1-D1V-AAAAAAG")
    assert g.score == -52
    assert g.score_text == "-$52"


def test_vegas_card_placed_on_a_foundation_is_5() -> None:
    g = position({"t1": "#Kc Ah", "w": "As"}, code="KL1-D1V-AAAAAAA", score=-52)
    g.play("t1>f")  # the turned-up card pays nothing in Vegas
    assert g.score == -47
    g.play("w>f")
    assert g.score == -42


def test_vegas_everything_else_is_0() -> None:
    g = position(
        {"w": "7h", "t1": "8c", "t2": "#Qd 6s", "f2": "Ah 2h 3h", "t3": "4c", "s": "#9d"},
        code="KL1-D3V-AAAAAAA",
        score=-37,
    )
    for move in ("w>t1", "t2>t1", "f2>t3", "s"):
        g.play(move)
        assert g.score == -37


def test_vegas_has_no_lower_bound() -> None:
    g = engine.new_game("KL1-D3V-AAAAAAG")
    while g.pile("s"):
        g.play("s")
    assert g.score == -52


def test_vegas_take_back_then_replace_pays_nothing_again() -> None:
    # RULES.md: a card's dollars are paid once, so no score can be pumped.
    g = position({"f2": "Ah 2h 3h", "t1": "4c"}, code="KL1-D1V-AAAAAAA", score=-37)
    g.play("f2>t1")
    assert g.score == -37
    g.play("t1>f")
    assert g.score == -37


def test_normal_take_back_then_replace_pays_nothing_again() -> None:
    g = position({"f2": "Ah 2h", "t1": "4c", "w": "3h"}, score=20)
    g.play("w>f")  # the 3 of hearts goes home for the first time: +10
    assert g.score == 30
    g.play("f2>t1")
    g.play("t1>f")
    assert g.score == 30, "a card's foundation points are paid once"
    undone = g.undo()
    assert undone.score_before == 30
    g.undo()
    g.undo()
    assert g.score == 20
    g.play("w>f")
    assert g.score == 30, "undo takes the payment back: the card is paid for again"


@settings(max_examples=30)
@given(seed=st.integers(0, 10_000), scoring=st.sampled_from("NV"), draw=st.sampled_from("13"))
def test_take_backs_never_pump_the_score(seed: int, scoring: str, draw: str) -> None:
    """Random games that take every card back they can and send it home again: the
    score never passes what sending each card home once pays."""
    g = engine.new_game(f"KL1-D{draw}{scoring}-{seed_letters(seed)}")
    rng = random.Random(seed)
    homed: set[str] = set()
    earned = 0  # Normal's other points: waste to column, cards turned up
    for _ in range(400):
        moves = g.legal_moves()
        if not moves:
            break
        backs = [m for m in moves if m.src.startswith("f")]
        move = rng.choice(backs if backs and rng.random() < 0.5 else moves)
        action = g.play(move)
        if action.dst.startswith("f"):
            homed.add(str(g.top(action.dst)))
        elif move.src == "w" and action.dst.startswith("t"):
            earned += 5
        earned += 5 * len(action.flipped)
        if scoring == "V":
            assert g.score == -52 + 5 * len(homed)
        else:
            assert g.score <= 10 * len(homed) + earned


def test_format_vegas() -> None:
    assert format_vegas(208) == "+$208"
    assert format_vegas(0) == "$0"
    assert format_vegas(-52) == "-$52"
    assert format_vegas(5) == "+$5"
    g = position({}, code="KL1-D1V-AAAAAAA", score=208)
    assert g.score_text == "+$208"
    g.score = 0
    assert g.score_text == "$0"


@pytest.mark.parametrize("code", ["KL1-D1N-AAAAAAA", "KL1-D1C-AAAAAAA"])
def test_normal_and_classic_score_text_is_the_number(code: str) -> None:
    g = position({}, code=code, score=35)
    assert g.score_text == "35"


def a_game_with_a_card_sent_home_twice() -> Klondike:
    """A real game (random legal moves from a deal) in which a card taken back from its
    foundation went home again."""
    for seed in range(200):
        g = engine.new_game(f"KL1-D1N-{seed_letters(seed)}")
        assert isinstance(g, Klondike)
        rng = random.Random(seed)
        for _ in range(300):
            moves = g.legal_moves()
            back = next((m for m in moves if m.src.startswith("f")), None)
            if back is not None:
                g.play(back)
                home = engine.Move(back.dst, "f", 1)
                if g.is_legal(home):
                    g.play(home)
                    return g
                continue
            if not moves:
                break
            g.play(rng.choice(moves))
    raise AssertionError("no game sent a card home twice")


def test_a_save_from_before_points_were_paid_once_opens_with_todays_score() -> None:
    """A game saved when going home again paid again (format 1) still opens, at today's score."""
    game = a_game_with_a_card_sent_home_twice()
    saved = json.loads(game.to_json())
    assert saved["v"] == JSON_VERSION == 2
    pumped = dict(saved, v=1, score=saved["score"] + 10)
    assert engine.from_json(json.dumps(pumped)).score == saved["score"]
    with pytest.raises(engine.SaveError, match="score"):
        engine.from_json(json.dumps(dict(saved, score=saved["score"] + 10)))
