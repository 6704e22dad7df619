"""Pyramid (RULES.md section 6): the deal, codes, pairs and Kings, the passes through the
stock, every rule and its refusal, gestures, hints, Finish, records and saves, and random
playouts that check the invariants and exact undo on every step (Hypothesis)."""

from __future__ import annotations

import json
from collections import Counter
from itertools import permutations
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine import CodeError, Move, finish
from engine.codes import MAX_SEED, parse_code, shuffle
from engine.moves import STOCK_TAP, parse_move
from engine.pyramid import FINISH_CARDS, KINDS, PEAKS, Pyramid, canonical

START = "PY1-P3-AAAAAAG"
"""A deal whose bottom row is 7s 9d Kc Qs 3s 4d Ah, the stock's top the Queen of hearts."""


def pyramid(piles: dict[str, str], recycles: int = 0) -> Pyramid:
    return Pyramid.from_piles("PY1-P3-AAAAAAA", piles, recycles=recycles)


def full(bottom: str = "", filler: str = "5s", **piles: str) -> dict[str, str]:
    """A whole pyramid: the bottom row's cards as given from the left, every other place
    a filler card (the cards are not checked against the deck), then ``piles``."""
    cards = dict.fromkeys(PEAKS, filler)
    for p, card in zip(PEAKS[21:], bottom.split(), strict=False):
        cards[p] = card
    cards.update(piles)
    return cards


# ------------------------------------------------------------- deal and codes


def test_the_deal_fills_the_pyramid_in_order_and_the_rest_is_the_stock() -> None:
    for code in ("PY1-P3-AAAAAAA", START, "PY1-P3-ZZZZZZZ"):
        game = Pyramid(code)
        deck = [(r, s) for s in "shdc" for r in range(1, 14)]
        cards = shuffle(deck, parse_code(code).seed)
        assert [(game.pile(p)[0].rank, game.pile(p)[0].suit) for p in PEAKS] == cards[:28]
        assert all(len(game.pile(p)) == 1 and game.pile(p)[0].face_up for p in PEAKS)
        stock = game.pile("s")
        assert [(c.rank, c.suit) for c in reversed(stock)] == cards[28:]
        assert not any(c.face_up for c in stock)
        assert game.pile("w") == game.pile("x") == ()
        assert game.pile_ids == ("s", "w", "x", *PEAKS)
        assert game.variant.peak_ids == PEAKS


@pytest.mark.parametrize(("text", "code"), [("PY1-P3-AAAAAAG", START), ("py1-p3-abcdefg", "PY1-P3-ABCDEFG")])
def test_codes_carry_three_passes(text: str, code: str) -> None:
    game = engine.new_game(text)
    assert isinstance(game, Pyramid)
    assert game.code == code
    assert game.passes == 3
    assert engine.option_set_of(code).key == "PY-P3"


def test_the_one_option_set_and_the_daily_deal() -> None:
    assert [o.prefix for o in engine.option_sets_of(engine.variant_of("PY"))] == ["PY1-P3"]
    assert engine.option_set("PY-P3").label == "Pyramid, three passes"
    assert Pyramid.daily_options == "PY1-P3"
    assert engine.DAILY_GAMES["Pyramid"] == "PY1-P3"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("PY1-X-AAAAAAA", "bad_options"),
        ("PY1-P2-AAAAAAA", "bad_options"),
        ("PY1-P-AAAAAAA", "bad_options"),
        ("PY1-P3-AAAAA1A", "bad_format"),
    ],
)
def test_bad_codes_say_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(CodeError) as caught:
        engine.new_game(text)
    assert caught.value.reason == reason


def test_the_options_leave_room_for_another_pass_count() -> None:
    assert Pyramid.parse_options("P1", "PY1-P1-AAAAAAA") == {"extra": (("passes", 1),)}
    with pytest.raises(CodeError):
        engine.new_game("PY1-P1-AAAAAAA")


def test_a_random_deal_has_three_passes() -> None:
    import random

    settings = Pyramid.random_settings(random.Random(3))
    assert settings.option("passes") == 3
    assert 0 <= settings.seed <= MAX_SEED


# ------------------------------------------------------------------- rules


def refusal(game: Pyramid, move: str | Move) -> str | None:
    error = game.refusal_error(move)
    return None if error is None else error.reason


def test_two_free_cards_adding_up_to_13_go_together_and_a_king_alone() -> None:
    game = pyramid(full("6h 7c Kd Qs Ac 2d Jd", w="3c Tc", s="9s"))
    moves = [str(m) for m in game.legal_moves()]
    assert moves == ["p22+p23>x", "p24>x", "p25+p26>x", "p27+p28>x", "s"]
    assert "w+p22>x" not in moves  # a 10 pairs with a 3: none free
    game.play("p23+p22>x")
    assert [str(c) for c in game.pile("x")] == ["6h", "7c"]
    assert game.is_available("p16")  # uncovered by p22 and p23
    game.play("p24>x")
    assert game.pile("p24") == ()
    assert [str(c) for c in game.pile("x")] == ["6h", "7c", "Kd"]


def test_every_pair_of_values_adding_up_to_13() -> None:
    for low in range(1, 7):
        high = 13 - low
        names = "A23456789TJQK"
        game = pyramid(full(f"{names[low - 1]}s {names[high - 1]}h"))
        assert game.is_legal("p22+p23>x"), (low, high)
        other = pyramid(full(f"{names[low - 1]}s {names[low - 1]}h"))
        assert refusal(other, "p22+p23>x") == ("not_thirteen" if low * 2 != 13 else None)


def test_the_waste_top_pairs_with_a_pyramid_card() -> None:
    game = pyramid(full("8h 2c", w="9d 5c", s="Jc"))
    assert game.is_legal("w+p22>x")
    assert game.is_legal("p22+w>x")
    action = game.play("p22+w>x")
    assert str(action.move) == "w+p22>x"
    assert [str(c) for c in game.pile("w")] == ["9d"]
    # Only the waste's top: the 9 under it was not available before.
    assert refusal(pyramid(full("4h", w="9d 5c")), "w+p22>x") == "not_thirteen"


def test_a_king_on_the_waste_goes_alone() -> None:
    game = pyramid(full("8h", "9s", w="5c Kd"))
    assert [str(m) for m in game.legal_moves()] == ["w>x", "s"]  # the waste goes back: a pass is left
    assert game.tap_move("w") == Move("w", "x")
    game.play("w>x")
    assert [str(m) for m in game.legal_moves()] == ["w+p22>x", "s"]


def test_the_canonical_order_of_a_pair() -> None:
    assert canonical(("p12", "p7")) == ("p7", "p12")
    assert canonical(("p28", "w")) == ("w", "p28")
    game = pyramid(full("6h 7c"))
    for text in ("p22+p23>x", "p23+p22>x"):
        assert str(game.copy().play(text).move) == "p22+p23>x"
    for a, b in permutations(("w", "p22")):
        g = pyramid(full("6h", w="7c"))
        assert str(g.play(Move(a, "x", also=(b,))).move) == "w+p22>x"


def test_each_rule_refuses_with_its_reason() -> None:
    game = pyramid(full("6h 7c Kd Qs Ac 2d 5d", w="3c 9c", s="9s"))
    cases: dict[str, str] = {
        "p16+p22>x": "covered",
        "p1>x": "covered",
        "p22+p24>x": "king_alone",
        "p24+p25>x": "king_alone",
        "p22+p27>x": "not_thirteen",
        "p22>x": "needs_partner",
        "w>x": "waste_stays",
        "p22>w": "nothing_builds",
        "w>p22": "notation",  # pyramid cards are no destination in notation
        "p22+p23+p24>x": "pair_of_two",
        "p22:2>x": "group_from_column_only",
        "x>w": "notation",
        "s>x": "stock_tap_only",
        "p22+p22>x": "notation",
        "t1>x": "no_such_pile",
        "p22>f": "no_such_pile",
    }
    for text, reason in cases.items():
        assert refusal(game, text) == reason, text
    assert refusal(game, Move("x", "w")) == "discard_stays"
    assert refusal(game, Move("p22", "x", 2)) == "one_card_each"
    assert refusal(game, Move("p24", "x", also=("p24",))) == "same_pile"
    assert refusal(game, Move("p22", "x", also=("s",))) == "stock_tap_only"
    assert refusal(game, Move("p22", "x", also=("t3",))) == "no_such_pile"
    gone = pyramid(full("", p22="", p23="6h"))
    assert refusal(gone, "p22+p23>x") == "empty_pile"
    assert refusal(pyramid(full("6h")), "w+p22>x") == "empty_pile"
    assert set(Pyramid.reasons) >= {"covered", "not_thirteen", "king_alone", "no_passes_left", "pyramid_won"}


def test_the_refusals_say_the_rule_with_the_cards() -> None:
    game = pyramid(full("6h 9c Kd", w="5s"))
    assert game.refusal("p22+p23>x") == (
        "The 6 of hearts and the 9 of clubs add up to 15, not 13: a pair's values must add up to 13 "
        "(an Ace is 1, a Jack 11, a Queen 12)."
    )
    error = game.refusal_error("p23+p22>x")
    assert error is not None
    assert error.values == {"card": "6h", "other": "9c", "total": 15}
    assert (
        game.refusal("p22>x") == "The 6 of hearts leaves only with a card adding up to 13: a 7. Only a King goes alone."
    )
    assert game.refusal("w>x") == (
        "The 5 of spades stays on the waste until it leaves with a free card adding up to 13 (here an 8)."
    )
    assert game.refusal("p16+p22>x") == "The 5 of spades is covered: a pyramid card is free once no card lies on it."
    assert game.refusal("p24+p22>x") == "A King is removed alone: tap the King of diamonds."


def test_a_move_from_several_piles_is_notation_in_other_games_also_in_a_record() -> None:
    golf = engine.new_game("GF1-N-AAAAAAI")
    assert golf.refusal_error("t3+t4>w") is not None
    with pytest.raises(engine.IllegalMove) as caught:
        engine.replay("GF1-N-AAAAAAI t3+t4>w")
    assert caught.value.reason == "notation"


# ------------------------------------------------------------- the stock


def test_three_passes_through_the_stock() -> None:
    game = pyramid(full("8h", "9s", s="2c 3c"))
    assert game.stock_action() == "draw"
    assert game.passes_left == 2
    for pass_ in range(3):
        assert game.play("s").kind == "draw"
        assert game.play("s").kind == "draw"
        assert [str(c) for c in game.pile("w")] == ["3c", "2c"]
        assert game.pile("s") == ()
        if pass_ < 2:
            assert game.stock_action() == "recycle"
            action = game.play("s")
            assert (action.kind, action.dst) == ("recycle", "s")
            assert [str(c) for c in game.pile("s")] == ["2c", "3c"]
            assert not any(c.face_up for c in game.pile("s"))
            assert game.passes_left == 1 - pass_
    assert game.stock_action() is None
    assert refusal(game, "s") == "no_passes_left"
    assert game.lost
    for _ in range(8):
        game.undo()
    assert (game.recycles, game.moves, len(game.pile("s"))) == (0, 0, 2)


def test_an_empty_stock_and_waste_turn_nothing() -> None:
    game = pyramid(full("8h 5c", "9s"))
    assert refusal(game, "s") == "stock_empty"
    assert game.lost is False  # 8 and 5 pair
    assert game.legal_moves() == [Move("p22", "x", also=("p23",))]


def test_won_when_the_pyramid_is_cleared_even_with_cards_in_the_stock() -> None:
    game = pyramid({"p28": "Kd", "s": "2c", "w": "5h"})
    assert not game.won
    game.play("p28>x")
    assert game.won
    assert not game.lost
    assert game.legal_moves() == []
    assert refusal(game, "s") == "pyramid_won"
    assert refusal(game, "w>x") == "pyramid_won"
    assert game.stock_action() is None


def test_lost_when_nothing_pairs_and_no_pass_is_left() -> None:
    game = pyramid(full("8h 9c", "9s", w="2c"), recycles=2)
    assert game.lost
    assert not pyramid(full("8h 9c", "9s", w="2c"), recycles=1).lost  # the waste goes back once more


def test_no_score_and_undo_has_no_limit() -> None:
    game = Pyramid(START)
    assert not game.has_score
    assert Pyramid.undo_limit is None
    while game.stock_action() is not None:  # three passes: 24 + 1 + 24 + 1 + 24 taps
        game.play("s")
    game.play("p24>x")
    assert game.moves == 75
    assert game.score == 0
    assert game.score_text == ""
    while game.can_undo:
        game.undo()
    assert game.to_json() == Pyramid(START).to_json()


def test_undo_of_a_pair_puts_each_card_back() -> None:
    game = pyramid(full("6h", w="3c 7c", s="9s"))
    before = game.to_json()
    action = game.play("w+p22>x")
    assert [step.src for step in action.steps] == ["w", "p22"]
    game.undo()
    assert game.to_json() == before
    assert str(game.top("w")) == "7c"
    assert str(game.top("p22")) == "6h"


# ------------------------------------------------------------------ gestures


def test_gestures() -> None:
    game = pyramid(full("6h 7c Kd 7s", w="6d", s="9s"))
    # A King goes with one tap; a free card waits for its partner.
    assert game.tap_move("p24") == Move("p24", "x")
    assert game.double_tap_move("p24") == Move("p24", "x")
    assert game.tap_move("p22") is None
    assert game.tap_intent("p22") is None
    assert game.tap_intent("p24") == Move("p24", "x")
    assert game.tap_intent("p16") == Move("p16", "x")  # covered: the refusal says so
    assert refusal(game, game.tap_intent("p16") or "") == "covered"
    assert game.tap_intent("s") is None
    assert game.tap_intent("x") is None
    # Partners, and the pair a drag or two taps mean.
    assert game.partners("p22") == ("p23", "p25")
    assert game.partners("w") == ("p23", "p25")
    assert game.partners("p16") == ()
    assert game.partners("p24") == ()
    assert game.move_for_drop("p23", 1, "p22") == Move("p22", "x", also=("p23",))
    assert game.move_for_drop("p25", 1, "w") == Move("w", "x", also=("p25",))
    assert game.move_for_drop("p24", 1, "x") == Move("p24", "x")
    assert game.pair_move("p25", "w") == Move("w", "x", also=("p25",))
    assert game.pair_move("p22", "p22") is None
    assert game.pair_move("p22", "s") is None
    assert refusal(game, game.pair_move("p22", "p16") or "") == "covered"
    assert all(game.can_pick(pid, 1) for pid in ("p22", "w", "p24"))
    assert not any(game.can_pick(pid, n) for pid, n in (("p16", 1), ("p22", 2), ("s", 1)))
    assert game.drop_targets("p22", 1) == ["p23", "p25"]
    assert game.drop_targets("w", 1) == ["p23", "p25"]
    assert game.drop_targets("p24", 1) == ["x"]
    assert game.drop_targets("p16", 1) == []
    for pid in game.pile_ids:
        for dst in game.drop_targets(pid, 1):
            partner = game.move_for_drop(pid, 1, dst)
            assert game.is_legal(partner)
        if game.can_pick(pid, 1) and pid != "p24":
            assert set(game.drop_targets(pid, 1)) == set(game.partners(pid))


def test_a_hint_prefers_pairs_that_free_cards_then_kings_then_pyramid_pairs() -> None:
    from engine.advice import suggestions

    game = pyramid({"p16": "5h", "p22": "6h", "p23": "7c", "p24": "Kd", "w": "7d", "s": "9s"})
    kinds = {str(m): game.advice_kind(m)[0] for m in game.legal_moves()}
    assert kinds == {"p22+p23>x": "opens", "p24>x": "king", "w+p22>x": "waste", "s": "stock"}
    assert set(KINDS) == set(Pyramid.advice_kinds)
    assert next(str(a.move) for a in suggestions(game)) == "p22+p23>x"
    king = pyramid({"p28": "Kd", "p22": "6h", "p23": "7c", "w": "7s", "s": "9s"})
    kinds = {str(m): king.advice_kind(m)[0] for m in king.legal_moves()}
    assert kinds == {"p28>x": "king", "p22+p23>x": "pair", "w+p22>x": "waste", "s": "stock"}
    assert [str(a.move) for a in suggestions(king)][:3] == ["p28>x", "p22+p23>x", "w+p22>x"]


def test_finish_clears_the_rest_of_the_pyramid_in_a_row() -> None:
    game = pyramid({"p16": "5h", "p22": "Kd", "p23": "6c", "p27": "7c", "w": "8s", "s": "Qc"})
    assert finish.ready(game)
    line = finish.finish_line(game)
    assert line is not None
    for move in line:
        game.play(move)
    assert game.won
    stuck = pyramid({"p22": "2c", "p23": "9h", "w": "Td"})
    assert not stuck.finish_ready()
    assert stuck.finish_move() is None
    many = Pyramid(START)
    assert many.pyramid_cards > FINISH_CARDS
    assert not many.finish_ready()


# ---------------------------------------------------------- records and saves


def test_a_save_and_a_record_replay_to_the_same_game() -> None:
    game = Pyramid(START)
    for move in ("p28+p25>x", "p24>x", "s", "s"):
        game.play(move)
    assert game.record() == f"{START} p25+p28>x p24>x s s"
    assert parse_move("p25+p28>x") == game.played[0]
    assert engine.replay(game.record()).to_json() == game.to_json()
    loaded = engine.from_json(game.to_json())
    assert loaded.record() == game.record()
    assert Pyramid.from_json(game.to_json()).to_json() == game.to_json()
    assert json.loads(game.to_json())["played"] == "p25+p28>x p24>x s s"
    with pytest.raises(engine.SaveError):
        engine.Klondike.from_json(game.to_json())
    with pytest.raises(engine.IllegalMove):
        engine.replay(f"{START} p22+p23>x")


def test_the_notation_of_pairs_round_trips() -> None:
    for text in ("p7+p12>x", "w+p22>x", "p28>x", "w>x"):
        assert str(parse_move(text)) == text


# ------------------------------------------------------------------ playouts


def all_moves(game: Pyramid) -> set[Move]:
    """Every removal the notation can name, kept when the rules allow it."""
    found = {STOCK_TAP} if game.is_legal(STOCK_TAP) else set()
    sources = ("w", *PEAKS)
    for i, a in enumerate(sources):
        for move in (Move(a, "x"), *(Move(a, "x", also=(b,)) for b in sources[i + 1 :])):
            if game.is_legal(move):
                first, *more = canonical(move.sources)
                found.add(Move(first, "x", 1, tuple(more)))
    return found


def check_invariants(game: Pyramid) -> None:
    deck = Counter((r, s) for r in range(1, 14) for s in "shdc")
    assert Counter((c.rank, c.suit) for pid in game.pile_ids for c in game.pile(pid)) == deck
    assert all(len(game.pile(p)) <= 1 for p in PEAKS)
    assert game.won == (not any(game.pile(p) for p in PEAKS))
    assert all(c.face_up for pid in ("w", "x", *PEAKS) for c in game.pile(pid))
    assert not any(c.face_up for c in game.pile("s"))
    assert game.score == 0
    assert 0 <= game.recycles <= 2
    # The discard holds Kings and pairs adding up to 13, in the order removed.
    discard = list(game.pile("x"))
    groups = [a.move for a in game.history if a.kind == "move"]
    assert sum(len(m.sources) for m in groups) == len(discard)
    index = 0
    for move in groups:
        cards = discard[index : index + len(move.sources)]
        index += len(cards)
        assert sum(c.rank for c in cards) == 13
    # A pyramid card is gone only once every card covering it is.
    for p in PEAKS:
        if not game.pile(p):
            assert all(not game.pile(q) for q in game.shape.place(p).covered_by)
    assert game.lost == (not game.won and not game.legal_moves())


def without_undo(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    del data["undo"]
    return data


@given(
    seed=st.integers(0, MAX_SEED),
    choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=80),
)
def test_random_playouts_keep_every_rule(seed: int, choices: list[int]) -> None:
    game = engine.new_game(engine.option_set("PY-P3").code(seed))
    assert isinstance(game, Pyramid)
    for choice in choices:
        check_invariants(game)
        legal = game.legal_moves()
        assert len(set(legal)) == len(legal), "a move is listed twice"
        assert set(legal) == all_moves(game)
        if not legal:
            break
        move = legal[choice % len(legal)]
        before = game.to_json()
        position = game.position()
        action = game.play(move)
        assert action.move == move
        after = game.to_json()
        assert game.undo() == action
        assert game.to_json() == before
        assert game.position() == position
        assert game.play(move) == action
        assert without_undo(game.to_json()) == without_undo(after)
        for kind in (game.advice_kind(m)[0] for m in game.legal_moves()):
            assert kind in KINDS
    check_invariants(game)
    assert engine.replay(game.record()).to_json() == game.to_json()
    assert engine.from_json(game.to_json()).to_json() == game.to_json()
