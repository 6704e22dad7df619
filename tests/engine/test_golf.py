"""Golf (RULES.md section 4): the deal, codes, every rule and its refusal, the score,
gestures, hints, Finish, and random playouts that check the invariants and exact undo
on every step (Hypothesis)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine import CodeError, Golf, Move, finish
from engine.codes import MAX_SEED, SplitMix64, parse_code, shuffle
from engine.golf import COLUMNS, FINISH_CARDS, KINDS, neighbours
from engine.moves import STOCK_TAP

START = "GF1-N-AAAAAAI"
"""A deal whose waste starts with the 4 of diamonds, columns topped Qs 9h 5c 5s 8d 9s 4c."""


def golf(piles: dict[str, str], wrap: bool = False) -> Golf:
    return Golf.from_piles("GF1-W-AAAAAAA" if wrap else "GF1-N-AAAAAAA", piles)


# ------------------------------------------------------------- deal and codes


def test_the_deal_is_the_shared_shuffle_dealt_row_by_row() -> None:
    for code in ("GF1-N-AAAAAAA", START, "GF1-W-ZZZZZZZ"):
        game = Golf(code)
        deck = [(r, s) for s in "shdc" for r in range(1, 14)]
        cards = shuffle(deck, parse_code(code).seed)
        for row in range(5):
            assert [(game.pile(t)[row].rank, game.pile(t)[row].suit) for t in COLUMNS] == cards[7 * row : 7 * row + 7]
        waste = game.pile("w")
        assert [(c.rank, c.suit) for c in waste] == [cards[35]]
        stock = game.pile("s")
        assert [(c.rank, c.suit) for c in reversed(stock)] == cards[36:]
        assert all(c.face_up for t in COLUMNS for c in game.pile(t))
        assert waste[0].face_up
        assert not any(c.face_up for c in stock)
        assert game.pile_ids == ("s", "w", *COLUMNS)


def test_the_shuffle_is_seeded_as_every_game() -> None:
    assert shuffle(list(range(52)), 8) == shuffle(list(range(52)), SplitMix64(8))


@pytest.mark.parametrize(
    ("text", "code", "wrap"),
    [("GF1-N-AAAAAAI", "GF1-N-AAAAAAI", False), ("gf1-w-abcdefg", "GF1-W-ABCDEFG", True)],
)
def test_codes_carry_turn_the_corner(text: str, code: str, wrap: bool) -> None:
    game = engine.new_game(text)
    assert isinstance(game, Golf)
    assert game.code == code
    assert game.wrap is wrap
    assert engine.option_set_of(code).key == ("GF-W" if wrap else "GF-N")


def test_the_option_sets_are_n_then_w() -> None:
    assert [o.prefix for o in engine.option_sets_of(engine.variant_of("GF"))] == ["GF1-N", "GF1-W"]
    assert engine.option_set("GF-W").label == "Golf, Turn the corner"
    assert engine.option_set("GF-N").label == "Golf, no wrapping"
    assert Golf.daily_options == "GF1-N"
    assert engine.DAILY_GAMES["Golf"] == "GF1-N"


@pytest.mark.parametrize(
    ("text", "reason"),
    [("GF1-X-AAAAAAA", "bad_options"), ("GF1-NW-AAAAAAA", "bad_options"), ("GF1-N-AAAAA1A", "bad_format")],
)
def test_bad_codes_say_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(CodeError) as caught:
        engine.new_game(text)
    assert caught.value.reason == reason


def test_a_random_deal_has_the_options_asked_for() -> None:
    import random

    settings = Golf.random_settings(random.Random(3), wrap=1)
    assert settings.option("wrap") == 1
    assert 0 <= settings.seed <= MAX_SEED
    assert Golf.random_settings(random.Random(3)).option("wrap") == 0


# --------------------------------------------------------------------- rules


def test_neighbours() -> None:
    assert neighbours(1, 2, False)
    assert neighbours(13, 12, False)
    assert not neighbours(13, 1, False)
    assert not neighbours(1, 13, False)
    assert neighbours(13, 1, True)
    assert neighbours(1, 13, True)
    assert not neighbours(5, 5, True)
    assert not neighbours(2, 13, True)


def refusal(game: Golf, move: str | Move) -> str | None:
    error = game.refusal_error(move)
    return None if error is None else error.reason


def test_each_rule_refuses_with_its_reason() -> None:
    game = golf({"t1": "9h 6s", "t2": "4c", "t3": "Kd", "w": "5d", "s": "Kc"})
    expected = {
        "t3>w": "not_a_neighbour",
        "t1>t2": "nothing_on_columns",
        "t1>t1": "nothing_on_columns",
        "w>t1": "waste_stays",
        "t1:2>w": "top_card_only",
        "t4>w": "empty_pile",
        "t1>f": "no_foundations",
        "t1>f2": "no_foundations",
        "t1>c1": "no_such_pile",
        "c1>w": "no_such_pile",
        "t9>w": "no_such_pile",
        "s>w": "stock_tap_only",
    }
    for move, reason in expected.items():
        assert refusal(game, move) == reason, move
    assert refusal(game, Move("t1", "w", 0)) == "no_cards"
    assert refusal(game, Move("t1", "s", 1)) == "not_to_stock"
    assert refusal(game, "t1>w") is None
    assert refusal(game, "t2>w") is None
    assert refusal(game, "s") is None


def test_the_neighbour_refusal_names_both_cards() -> None:
    game = golf({"t1": "Kd", "t2": "9c", "w": "Ah"})
    error = game.refusal_error("t2>w")
    assert error is not None
    assert str(error).startswith("The 9 of clubs can't go on the Ace of hearts: a card goes onto the waste")
    assert error.values == {"card": "9c", "top": "Ah"}
    corner = game.refusal_error("t1>w")
    assert corner is not None
    assert "Turn the corner" in str(corner)
    assert golf({"t1": "Kd", "w": "Ah"}, wrap=True).is_legal("t1>w")
    assert golf({"t1": "Ad", "w": "Kh"}, wrap=True).is_legal("t1>w")


def test_the_stock_turns_once_and_never_comes_back() -> None:
    game = golf({"t1": "9h", "w": "5d", "s": "2c Kc"})
    assert game.stock_action() == "draw"
    action = game.play("s")
    assert (action.kind, action.dst, str(game.top("w"))) == ("draw", "w", "Kc")
    assert all(card.face_up for card in game.pile("w"))
    game.play(STOCK_TAP)
    assert game.pile("s") == ()
    assert game.stock_action() is None
    error = game.refusal_error("s")
    assert error is not None
    assert error.reason == "stock_used_up"
    assert "no redeal" in str(error)
    assert game.lost


def test_a_won_game_scores_minus_the_stock_left_and_turns_no_more() -> None:
    game = golf({"t1": "9h", "t2": "Tc", "w": "8d", "s": "2c Kc 5h"})
    assert game.score == 2
    assert refusal(game, "t2>w") == "not_a_neighbour"
    game.play("s")  # the 5 of hearts
    game.play("s")  # the King of clubs: no 9 goes on it
    assert refusal(game, "t1>w") == "not_a_neighbour"
    game.undo()
    game.undo()
    game.play("t1>w")
    assert game.score == 1
    assert not game.won
    game.play("t2>w")
    assert game.won
    assert not game.lost
    assert game.score == -3
    assert game.score_text == "-3"
    assert refusal(game, "s") == "golf_won"
    assert game.stock_action() is None
    assert game.legal_moves() == []


def test_the_score_counts_strokes() -> None:
    game = Golf(START)
    assert game.score == 35
    assert game.has_score
    game.play("t3>w")
    assert game.score == 34
    game.play("s")
    assert game.score == 34
    assert game.moves == 2


def test_lost_when_the_stock_is_empty_and_no_card_goes() -> None:
    assert golf({"t1": "9h", "w": "5d"}).lost
    assert not golf({"t1": "9h", "w": "5d", "s": "Kc"}).lost
    assert not golf({"t1": "6h", "w": "5d"}).lost
    assert not golf({"w": "5d"}).lost


def test_undo_has_no_limit() -> None:
    game = Golf("GF1-W-AAAAAAB")
    assert Golf.undo_limit is None
    while game.legal_moves():
        game.play(game.legal_moves()[0])
    assert len(game.history) == game.moves > 16
    while game.can_undo:
        game.undo()
    assert game.to_json() == Golf("GF1-W-AAAAAAB").to_json()


# ------------------------------------------------------------------ gestures


def test_gestures_send_a_column_card_to_the_waste() -> None:
    game = golf({"t1": "9h 6s", "t2": "4c", "t3": "Kd", "w": "5d", "s": "Kc"})
    assert game.can_pick("t1", 1)
    assert not game.can_pick("t1", 2)
    assert not game.can_pick("w", 1)
    assert not game.can_pick("t4", 1)
    assert not game.can_pick("s", 1)
    assert game.tap_move("t1") == Move("t1", "w", 1)
    assert game.double_tap_move("t2") == Move("t2", "w", 1)
    assert game.tap_move("t3") is None
    assert game.double_tap_move("t3") is None
    assert game.tap_move("w") is None
    assert game.double_tap_move("t1", 2) is None
    assert game.drop_targets("t1", 1) == ["w"]
    assert game.drop_targets("t3", 1) == []
    assert game.move_for_drop("t1", 1, "w") == Move("t1", "w", 1)
    assert game.waste_fan() == 1


# ------------------------------------------------------------- hints, finish


def test_a_hint_prefers_a_card_that_another_can_follow() -> None:
    from engine.advice import suggestions

    game = golf({"t1": "9h 6s", "t2": "Jc 4c", "t3": "Kd", "w": "5d", "s": "Kc"})
    assert game.advice_kind(Move("t1", "w", 1)) == ("play", -2)
    assert game.advice_kind(Move("t2", "w", 1)) == ("play", -2)
    assert game.advice_kind(STOCK_TAP) == ("stock", 0)
    run = golf({"t1": "9h 6s", "t2": "3c 4c", "w": "5d"})
    assert run.advice_kind(Move("t2", "w", 1))[0] == "run"
    assert next(str(a.move) for a in suggestions(run)) == "t2>w"
    assert set(KINDS) == set(Golf.advice_kinds)


def test_finish_plays_every_column_card_in_a_row() -> None:
    game = golf({"t1": "6c 9h", "t2": "5h 8s", "t3": "4s 7d", "w": "Td", "s": "Kc"})
    assert finish.ready(game)
    line = finish.finish_line(game)
    assert line is not None
    for move in line:
        game.play(move)
    assert [str(m) for m in line] == ["t1>w", "t2>w", "t3>w", "t1>w", "t2>w", "t3>w"]
    assert game.won
    assert game.score == -1
    stuck = golf({"t1": "2c 9h", "t2": "Qd 8s", "w": "Td"})
    assert not stuck.finish_ready()
    assert stuck.finish_move() is None
    many = Golf(START)
    assert many.column_cards > FINISH_CARDS
    assert not many.finish_ready()


# ---------------------------------------------------------- records and saves


def test_a_save_and_a_record_replay_to_the_same_game() -> None:
    game = Golf(START)
    for move in ("t3>w", "t4>w", "s", "s"):
        if game.is_legal(move):
            game.play(move)
    assert game.moves >= 3
    assert engine.replay(game.record()).to_json() == game.to_json()
    loaded = engine.from_json(game.to_json())
    assert loaded.record() == game.record()
    assert loaded.score == game.score
    assert Golf.from_json(game.to_json()).to_json() == game.to_json()
    with pytest.raises(engine.SaveError):
        engine.Klondike.from_json(game.to_json())


# ------------------------------------------------------------------ playouts


def all_moves(game: Golf) -> set[Move]:
    """Every move the notation can name, kept when the rules allow it."""
    found = {STOCK_TAP} if game.is_legal(STOCK_TAP) else set()
    for src in ("w", *COLUMNS):
        for dst in ("w", "f", *COLUMNS):
            for n in (1, 2):
                move = Move(src, dst, n)
                if game.is_legal(move):
                    found.add(move)
    return found


def check_invariants(game: Golf) -> None:
    pack = Counter((r, s) for r in range(1, 14) for s in "shdc")
    assert Counter((c.rank, c.suit) for pid in game.pile_ids for c in game.pile(pid)) == pack
    left = sum(len(game.pile(t)) for t in COLUMNS)
    assert game.won == (left == 0)
    assert game.score == (left if left else -len(game.pile("s")))
    assert all(c.face_up for pid in ("w", *COLUMNS) for c in game.pile(pid))
    assert not any(c.face_up for c in game.pile("s"))
    assert len(game.pile("w")) == 1 + game.moves
    assert game.lost == (not game.won and not game.pile("s") and not game.legal_moves())


def without_undo(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    del data["undo"]
    return data


@given(
    seed=st.integers(0, MAX_SEED),
    wrap=st.booleans(),
    choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=60),
)
def test_random_playouts_keep_every_rule(seed: int, wrap: bool, choices: list[int]) -> None:
    game = engine.new_game(engine.option_set("GF-W" if wrap else "GF-N").code(seed))
    assert isinstance(game, Golf)
    for choice in choices:
        check_invariants(game)
        legal = game.legal_moves()
        assert len(set(legal)) == len(legal), "a move is listed twice"
        assert set(legal) == all_moves(game)
        if not legal:
            break
        move = legal[choice % len(legal)]
        card = game.pile("s")[-1] if move.is_stock_tap else game.pile(move.src)[-1]
        before = game.to_json()
        action = game.play(move)
        top = game.top("w")
        assert top is not None
        assert (top.rank, top.suit) == (card.rank, card.suit)
        after = game.to_json()
        assert game.undo() == action
        assert game.to_json() == before
        assert game.play(move) == action
        assert without_undo(game.to_json()) == without_undo(after)
        for kind in (game.advice_kind(m)[0] for m in game.legal_moves()):
            assert kind in KINDS
    check_invariants(game)
    assert engine.replay(game.record()).to_json() == game.to_json()
    assert engine.from_json(game.to_json()).to_json() == game.to_json()
