"""TriPeaks (RULES.md section 5): the deal, codes, every rule and its refusal, the score
(runs, peak bonuses, the stock's cost), cards turning up by themselves, gestures, hints,
Finish, and random playouts that check the invariants and exact undo on every step
(Hypothesis)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine import CodeError, Move, finish
from engine.codes import MAX_SEED, parse_code, shuffle
from engine.moves import STOCK_TAP
from engine.tripeaks import FINISH_CARDS, KINDS, PEAKS, SHAPE, TOPS, TriPeaks, neighbours

START = "TP1-W-AAAAAAB"
"""A deal whose waste starts with the Queen of spades, bottom row 2s Ah 6c Ks Kd Td Tc Jc Th 8c."""


def tripeaks(piles: dict[str, str], wrap: bool = True, run: int = 0) -> TriPeaks:
    return TriPeaks.from_piles("TP1-W-AAAAAAA" if wrap else "TP1-N-AAAAAAA", piles, run=run)


def refusal(game: TriPeaks, move: str | Move) -> str | None:
    error = game.refusal_error(move)
    return None if error is None else error.reason


# ------------------------------------------------------------- deal and codes


def test_the_deal_fills_the_peaks_in_order_then_the_waste_then_the_stock() -> None:
    for code in ("TP1-W-AAAAAAA", START, "TP1-N-ZZZZZZZ"):
        game = TriPeaks(code)
        deck = [(r, s) for s in "shdc" for r in range(1, 14)]
        cards = shuffle(deck, parse_code(code).seed)
        assert [(game.pile(p)[0].rank, game.pile(p)[0].suit) for p in PEAKS] == cards[:28]
        assert all(len(game.pile(p)) == 1 for p in PEAKS)
        assert [game.pile(p)[0].face_up for p in PEAKS] == [False] * 18 + [True] * 10
        waste = game.pile("w")
        assert [(c.rank, c.suit) for c in waste] == [cards[28]]
        assert waste[0].face_up
        stock = game.pile("s")
        assert [(c.rank, c.suit) for c in reversed(stock)] == cards[29:]
        assert not any(c.face_up for c in stock)
        assert game.pile_ids == ("s", "w", *PEAKS)
        assert game.score == 0
        assert game.run == 0


def test_the_shape_is_three_peaks_of_four_rows() -> None:
    assert tuple(f"p{i}" for i in range(1, 29)) == PEAKS
    assert TOPS == ("p1", "p2", "p3")
    assert SHAPE.place("p1").covered_by == ("p4", "p5")
    assert SHAPE.place("p3").covered_by == ("p8", "p9")
    assert SHAPE.place("p5").covered_by == ("p11", "p12")
    assert SHAPE.place("p12").covered_by == ("p21", "p22")
    assert SHAPE.place("p19").covered_by == ()
    assert engine.variant_of("TP").column_ids == ()


@pytest.mark.parametrize(
    ("text", "code", "wrap"),
    [("TP1-W-AAAAAAB", "TP1-W-AAAAAAB", True), ("tp1-n-abcdefg", "TP1-N-ABCDEFG", False)],
)
def test_codes_carry_turn_the_corner(text: str, code: str, wrap: bool) -> None:
    game = engine.new_game(text)
    assert isinstance(game, TriPeaks)
    assert game.code == code
    assert game.wrap is wrap
    assert engine.option_set_of(code).key == ("TP-W" if wrap else "TP-N")
    assert engine.new_game(game.code).to_json() == game.to_json()


def test_the_option_sets_are_w_then_n() -> None:
    assert [o.prefix for o in engine.option_sets_of(engine.variant_of("TP"))] == ["TP1-W", "TP1-N"]
    assert engine.option_set("TP-W").label == "TriPeaks, Turn the corner"
    assert engine.option_set("TP-N").label == "TriPeaks, no wrapping"
    assert TriPeaks.daily_options == "TP1-W"
    assert engine.DAILY_GAMES["TriPeaks"] == "TP1-W"


@pytest.mark.parametrize(
    ("text", "reason"),
    [("TP1-X-AAAAAAA", "bad_options"), ("TP1-WN-AAAAAAA", "bad_options"), ("TP1-W-AAAAA1A", "bad_format")],
)
def test_bad_codes_say_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(CodeError) as caught:
        engine.new_game(text)
    assert caught.value.reason == reason


def test_a_random_deal_turns_the_corner_unless_asked_not_to() -> None:
    settings = TriPeaks.random_settings(random.Random(3))
    assert settings.option("wrap") == 1
    assert 0 <= settings.seed <= MAX_SEED
    assert TriPeaks.random_settings(random.Random(3), wrap=0).option("wrap") == 0


# --------------------------------------------------------------------- rules


def test_neighbours() -> None:
    assert neighbours(1, 2, False)
    assert neighbours(13, 12, False)
    assert not neighbours(13, 1, False)
    assert neighbours(13, 1, True)
    assert neighbours(1, 13, True)
    assert not neighbours(5, 5, True)
    assert not neighbours(2, 13, True)


def test_each_rule_refuses_with_its_reason() -> None:
    game = tripeaks({"p4": "9h", "p10": "6s", "p19": "5c", "p20": "Kd", "p21": "4h", "w": "5d", "s": "Kc"})
    expected = {
        "p10>w": "covered",
        "p4>w": "covered",
        "p20>w": "not_a_neighbour",
        "p22>w": "empty_pile",
        "p21>f": "no_foundations",
        "p21>f2": "no_foundations",
        "p21>t1": "no_such_pile",
        "t1>w": "no_such_pile",
        "s>w": "stock_tap_only",
    }
    for move, reason in expected.items():
        assert refusal(game, move) == reason, move
    assert refusal(game, Move("p19", "p21", 1)) == "nothing_on_peaks"
    assert refusal(game, Move("p19", "p19", 1)) == "nothing_on_peaks"
    assert refusal(game, Move("w", "p19", 1)) == "waste_stays"
    assert refusal(game, "w>t1") == "no_such_pile"
    assert refusal(game, Move("p29", "w", 1)) == "no_such_pile"
    assert refusal(game, Move("p21", "w", 2)) == "one_at_a_time"
    assert refusal(game, "p21:2>w") == "group_from_column_only"
    assert refusal(game, Move("p21", "w", 0)) == "no_cards"
    assert refusal(game, Move("p21", "s", 1)) == "not_to_stock"
    assert refusal(game, "p21>w") is None
    assert refusal(game, "s") is None
    assert [str(m) for m in game.legal_moves()] == ["p21>w", "s"]


def test_a_covered_card_is_named_only_when_face_up() -> None:
    game = tripeaks({"p10": "6s", "p19": "5c", "w": "7d"})
    hidden = game.refusal_error("p10>w")
    assert hidden is not None
    assert hidden.reason == "covered"
    assert "6" not in str(hidden)
    assert hidden.values == {"pile": "p10"}
    # A face-up card that something covers (a puzzle position) is named.
    game._piles["p10"][0] = game._piles["p10"][0].turned()
    named = game.refusal_error("p10>w")
    assert named is not None
    assert str(named) == "The 6 of spades is covered: a card is free once both cards overlapping it are gone."
    assert named.values == {"pile": "p10", "card": "6s"}


def test_the_neighbour_refusal_names_both_cards() -> None:
    game = tripeaks({"p19": "Kd", "p20": "9c", "w": "Ah"}, wrap=False)
    error = game.refusal_error("p20>w")
    assert error is not None
    assert str(error).startswith("The 9 of clubs can't go on the Ace of hearts: a card goes onto the waste")
    assert error.values == {"card": "9c", "top": "Ah"}
    corner = game.refusal_error("p19>w")
    assert corner is not None
    assert "Turn the corner" in str(corner)
    assert tripeaks({"p19": "Kd", "w": "Ah"}).is_legal("p19>w")
    assert tripeaks({"p19": "Ad", "w": "Kh"}).is_legal("p19>w")


def test_a_card_turns_up_once_both_cards_overlapping_it_are_gone() -> None:
    game = tripeaks({"p10": "6s", "p11": "9s", "p19": "5c", "p20": "4h", "p21": "3d", "w": "6d"})
    assert not game.pile("p10")[0].face_up
    first = game.play("p19>w")
    assert first.flipped == ()
    assert not game.pile("p10")[0].face_up
    second = game.play("p20>w")
    assert second.flipped == ("p10",)
    assert game.pile("p10")[0].face_up
    assert not game.pile("p11")[0].face_up
    third = game.play("p21>w")
    assert third.flipped == ("p11",)
    assert [str(m) for m in game.legal_moves()] == []  # 6s and 9s on a 3d, no stock
    assert game.lost
    game.undo()
    assert not game.pile("p11")[0].face_up
    game.undo()
    assert not game.pile("p10")[0].face_up
    assert game.pile("p20")[0].face_up


def test_the_stock_turns_once_and_never_comes_back() -> None:
    game = tripeaks({"p19": "9h", "w": "5d", "s": "2c Kc"})
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


def test_a_won_game_turns_no_more() -> None:
    game = tripeaks({"p19": "6h", "w": "5d", "s": "2c Kc"})
    game.play("p19>w")
    assert game.won
    assert not game.lost
    assert refusal(game, "s") == "tripeaks_won"
    assert game.stock_action() is None
    assert game.legal_moves() == []


def test_lost_when_the_stock_is_empty_and_no_card_goes() -> None:
    assert tripeaks({"p19": "9h", "w": "5d"}).lost
    assert not tripeaks({"p19": "9h", "w": "5d", "s": "Kc"}).lost
    assert not tripeaks({"p19": "6h", "w": "5d"}).lost
    assert not tripeaks({"w": "5d"}).lost
    assert TriPeaks.declares_loss


# --------------------------------------------------------------------- score


def test_a_run_scores_one_more_for_each_card_and_the_stock_ends_it() -> None:
    game = tripeaks({"p19": "6h", "p20": "7c", "p21": "8d", "p22": "2s", "w": "5d", "s": "9c 3h"})
    game.play("p19>w")
    assert (game.score, game.run) == (1, 1)
    game.play("p20>w")
    assert (game.score, game.run) == (3, 2)
    game.play("p21>w")
    assert (game.score, game.run) == (6, 3)
    action = game.play("s")
    assert (action.score_before, action.score_after) == (6, 1)
    assert (game.score, game.run) == (1, 0)
    game.play("p22>w")
    assert (game.score, game.run) == (2, 1)
    game.undo()
    assert (game.score, game.run) == (1, 0)
    game.undo()
    assert (game.score, game.run) == (6, 3)
    game.play("s")
    game.play("s")
    assert (game.score, game.run) == (-4, 0)
    assert game.score_text == "-4"


def test_clearing_a_peak_scores_15_then_15_then_30() -> None:
    game = tripeaks({"p1": "6h", "p2": "7c", "p3": "8d", "w": "5d"})
    game.play("p1>w")
    assert game.score == 1 + 15
    game.play("p2>w")
    assert game.score == 16 + 2 + 15
    game.play("p3>w")
    assert game.score == 33 + 3 + 30
    assert game.won
    while game.can_undo:
        game.undo()
    assert (game.score, game.run) == (0, 0)
    # The bonuses go by how many peaks are cleared, not by which.
    other = tripeaks({"p1": "6h", "p2": "Kc", "p3": "4d", "w": "5d"})
    other.play("p3>w")
    assert other.score == 1 + 15


def test_a_whole_game_scores_as_the_rules_say() -> None:
    game = TriPeaks(START)
    rng = random.Random(5)
    while game.legal_moves():
        game.play(rng.choice(game.legal_moves()))
    assert game.score == expected_score(game)


def expected_score(game: TriPeaks) -> int:
    """The score of a game's moves counted from the rules (RULES.md), apart from the engine's."""
    fresh = TriPeaks(game.code)
    score = run = 0
    for move in game.played:
        fresh.play(move)
        if move.is_stock_tap:
            score -= 5
            run = 0
            continue
        run += 1
        score += run
        if move.src in TOPS:
            cleared = sum(not fresh.pile(t) for t in TOPS)
            score += 30 if cleared == 3 else 15
    return score


def test_undo_has_no_limit() -> None:
    game = TriPeaks("TP1-N-AAAAAAB")
    assert TriPeaks.undo_limit is None
    while game.legal_moves():
        game.play(game.legal_moves()[0])
    assert len(game.history) == game.moves > 23
    while game.can_undo:
        game.undo()
    assert game.to_json() == TriPeaks("TP1-N-AAAAAAB").to_json()
    assert game.run == 0


# ------------------------------------------------------------------ gestures


def test_gestures_send_a_free_card_to_the_waste() -> None:
    game = tripeaks({"p10": "9h", "p19": "6s", "p20": "4c", "p21": "Jd", "w": "5d", "s": "Kc"})
    assert game.can_pick("p19", 1)
    assert game.can_pick("p21", 1)
    assert not game.can_pick("p19", 2)
    assert not game.can_pick("p10", 1)
    assert not game.can_pick("w", 1)
    assert not game.can_pick("p22", 1)
    assert not game.can_pick("s", 1)
    assert game.tap_move("p19") == Move("p19", "w", 1)
    assert game.double_tap_move("p20") == Move("p20", "w", 1)
    assert game.tap_move("p21") is None
    assert game.tap_move("p10") is None
    assert game.tap_intent("p10") == Move("p10", "w", 1)
    assert game.tap_intent("p21") == Move("p21", "w", 1)
    assert game.tap_intent("p22") is None
    assert game.tap_intent("w") is None
    assert game.double_tap_move("p21") is None
    assert game.tap_move("w") is None
    assert game.double_tap_move("p19", 2) is None
    assert game.drop_targets("p19", 1) == ["w"]
    assert game.drop_targets("p21", 1) == []
    assert game.drop_targets("p10", 1) == []
    assert game.move_for_drop("p19", 1, "w") == Move("p19", "w", 1)
    assert game.waste_fan() == 1


# ------------------------------------------------------------- hints, finish


def test_a_hint_prefers_a_card_that_turns_one_up_and_keeps_the_run_going() -> None:
    from engine.advice import suggestions

    game = tripeaks({"p10": "9h", "p20": "4c", "p21": "4d", "p22": "3h", "p23": "6s", "w": "5d", "s": "Kc"})
    assert game.advice_kind(Move("p20", "w", 1))[0] == "turn"
    assert game.advice_kind(Move("p23", "w", 1))[0] == "play"
    assert game.advice_kind(Move("p21", "w", 1))[0] == "run"
    assert game.advice_kind(STOCK_TAP) == ("stock", 0)
    assert next(str(a.move) for a in suggestions(game)) == "p20>w"
    assert set(KINDS) == set(TriPeaks.advice_kinds)


def test_finish_plays_every_peak_card_in_a_row() -> None:
    game = tripeaks({"p1": "6c", "p19": "9h", "p22": "8s", "p28": "7d", "w": "Td", "s": "Kc"})
    assert finish.ready(game)
    line = finish.finish_line(game)
    assert line is not None
    for move in line:
        game.play(move)
    assert [str(m) for m in line] == ["p19>w", "p22>w", "p28>w", "p1>w"]
    assert game.won
    stuck = tripeaks({"p19": "2c", "p20": "9h", "w": "Td"})
    assert not stuck.finish_ready()
    assert stuck.finish_move() is None
    hidden = tripeaks({"p10": "8h", "p19": "9h", "p20": "7d", "w": "Td"})
    assert not hidden.finish_ready()  # the 8 of hearts is face down: Finish does not guess it
    many = TriPeaks(START)
    assert many.peak_cards > FINISH_CARDS
    assert not many.finish_ready()


# ---------------------------------------------------------- records and saves


def test_a_save_and_a_record_replay_to_the_same_game() -> None:
    game = TriPeaks(START)
    for move in ("p22>w", "p20>w", "p19>w", "s", "s"):
        game.play(move)
    assert engine.replay(game.record()).to_json() == game.to_json()
    assert game.record() == "TP1-W-AAAAAAB p22>w p20>w p19>w s s"
    loaded = engine.from_json(game.to_json())
    assert isinstance(loaded, TriPeaks)
    assert loaded.record() == game.record()
    assert (loaded.score, loaded.run) == (game.score, game.run)
    assert TriPeaks.from_json(game.to_json()).to_json() == game.to_json()
    assert "#" in json.loads(game.to_json())["piles"]["p1"]  # face-down cards are saved as such
    with pytest.raises(engine.SaveError):
        engine.Klondike.from_json(game.to_json())


# ------------------------------------------------------------------ playouts


def all_moves(game: TriPeaks) -> set[Move]:
    """Every move the notation can name, kept when the rules allow it."""
    found = {STOCK_TAP} if game.is_legal(STOCK_TAP) else set()
    for src in ("w", *PEAKS):
        for dst in ("w", "f", "p19", "p1"):
            for n in (1, 2):
                move = Move(src, dst, n)
                if game.is_legal(move):
                    found.add(move)
    return found


def check_invariants(game: TriPeaks) -> None:
    pack = Counter((r, s) for r in range(1, 14) for s in "shdc")
    assert Counter((c.rank, c.suit) for pid in game.pile_ids for c in game.pile(pid)) == pack
    left = sum(len(game.pile(p)) for p in PEAKS)
    assert all(len(game.pile(p)) <= 1 for p in PEAKS)
    assert game.won == (left == 0)
    for p in PEAKS:
        if game.pile(p):
            assert game.pile(p)[0].face_up == game.is_free(p), p
    assert all(c.face_up for c in game.pile("w"))
    assert not any(c.face_up for c in game.pile("s"))
    assert len(game.pile("w")) == 1 + game.moves
    assert len(game.pile("s")) == 23 - (game.moves - (28 - left))
    assert game.lost == (not game.won and not game.legal_moves())
    assert game.score == expected_score(game)


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
    game = engine.new_game(engine.option_set("TP-W" if wrap else "TP-N").code(seed))
    assert isinstance(game, TriPeaks)
    for choice in choices:
        check_invariants(game)
        legal = game.legal_moves()
        assert len(set(legal)) == len(legal), "a move is listed twice"
        assert set(legal) == all_moves(game)
        if not legal:
            break
        move = legal[choice % len(legal)]
        card = game.pile("s")[-1] if move.is_stock_tap else game.pile(move.src)[-1]
        down = {p for p in PEAKS if game.pile(p) and not game.pile(p)[0].face_up}
        before = game.to_json()
        run = game.run
        action = game.play(move)
        top = game.top("w")
        assert top is not None
        assert (top.rank, top.suit) == (card.rank, card.suit)
        turned = {p for p in down if game.pile(p)[0].face_up}
        assert set(action.flipped) == turned
        assert len(action.flipped) == len(turned)
        assert game.run == (0 if move.is_stock_tap else run + 1)
        after = game.to_json()
        assert game.undo() == action
        assert game.to_json() == before
        assert game.run == run
        assert game.play(move) == action
        assert without_undo(game.to_json()) == without_undo(after)
        for kind in (game.advice_kind(m)[0] for m in game.legal_moves()):
            assert kind in KINDS
    check_invariants(game)
    assert engine.replay(game.record()).to_json() == game.to_json()
    assert engine.from_json(game.to_json()).to_json() == game.to_json()
