"""FreeCell (RULES.md section 3): Microsoft's deals, codes, every rule and its
refusal, the run limit, automatic safe moves, and random playouts that check the
invariants on every step (Hypothesis)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine import CodeError, Game, Move
from engine.cards import Card
from engine.codes import parse_code
from engine.freecell import MAX_DEAL, SLOT, FreeCell, microsoft_deal, most_movable

# Deal 617 (the one Microsoft's help used) whole, row by row, and the first rows of
# deal 1 and of 11982 (the classic set's unwinnable one), as published with the game.
KNOWN = {
    617: [
        "7d Ad 5c 3s 5s 8c 2d Ah",
        "Td 7s Qd Ac 6d 8h As Kh",
        "Th Qc 3h 9d 6s 8d 3d Tc",
        "Kd 5h 9s 3c 8s 7h 4d Js",
        "4c Qs 9c 9h 7c 6h 2c 2s",
        "4s Ts 2h 5d Jc 6c Jh Qh",
        "Jd Ks Kc 4h",
    ],
    1: ["Jd 2d 9h Jc 5d 7h 7c 5h"],
    11982: ["Ah As 4h Ac 2d 6s Ts Js"],
}


def test_microsoft_deals_are_dealt_as_the_original_game() -> None:
    for number, rows in KNOWN.items():
        game = FreeCell(f"FC1-F4-{number}")
        for r, row in enumerate(rows):
            assert " ".join(str(game.pile(t)[r]) for t in game.columns if len(game.pile(t)) > r) == row, (number, r)
        assert [len(game.pile(t)) for t in game.columns] == [7, 7, 7, 7, 6, 6, 6, 6]
        assert all(c.face_up for t in game.columns for c in game.pile(t))


def test_every_deal_holds_the_whole_pack_once() -> None:
    for number in (1, 2, 1000, 32000, MAX_DEAL):
        cards = microsoft_deal(number)
        assert Counter((c.rank, c.suit) for c in cards) == Counter((r, s) for r in range(1, 14) for s in "shdc")


@pytest.mark.parametrize(
    ("text", "code", "cells", "seed"),
    [
        ("FC1-F4-1", "FC1-F4-1", 4, 1),
        ("fc1-f2-11982", "FC1-F2-11982", 2, 11982),
        ("FC1-F1-2147483647", None, 1, MAX_DEAL),
    ],
)
def test_codes_carry_the_deal_number_in_decimal_and_the_cells(
    text: str, code: str | None, cells: int, seed: int
) -> None:
    game = engine.new_game(text)
    assert game.code == (code or text)
    assert isinstance(game, FreeCell)
    assert game.cells == ("c1", "c2", "c3", "c4")[:cells]
    assert game.pile_ids == (*game.cells, "f1", "f2", "f3", "f4", *game.columns)
    assert game.deal_number == seed
    assert engine.format_code(parse_code(game.code)) == game.code


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("FC1-F4-0", "bad_seed"),
        ("FC1-F4-2147483648", "bad_seed"),
        ("FC1-F4-AAAAAAB", "bad_seed"),
        ("FC1-F5-1", "bad_options"),
        ("FC1-F0-1", "bad_options"),
        ("FC1-S4-1", "bad_options"),
        ("FC1-F4-99999999999", "bad_seed"),
    ],
)
def test_bad_codes_say_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(CodeError) as caught:
        engine.new_game(text)
    assert caught.value.reason == reason


def test_a_random_deal_is_one_of_the_classic_thirty_two_thousand() -> None:
    import random

    rng = random.Random(5)
    for _ in range(50):
        code = engine.random_code("FC", rng=rng, cells=3)
        settings = parse_code(code)
        assert 1 <= settings.seed <= 32000
        assert settings.option("cells") == 3


def test_the_run_limit_counts_cells_and_empty_columns_but_not_the_destination() -> None:
    assert [most_movable(c, 0) for c in range(5)] == [1, 2, 3, 4, 5]
    assert most_movable(4, 2) == 20
    assert most_movable(0, 3) == 8
    full = {f"t{i}": "Ks" for i in range(3, 9)}  # t2 empty: one empty column
    game = FreeCell.from_piles("FC1-F2-1", {**full, "t1": "Th 9s 8h 7c 6d 5s", "c1": "2c"})
    # One empty cell and one empty column: 4 onto a card, 2 into the empty column.
    assert game.most_movable("t3") == 4
    assert game.most_movable("t2") == 2
    assert game.is_legal("t1:2>t2")
    assert not game.is_legal("t1:3>t2")
    error = game.refusal_error("t1:3>t2")
    assert error is not None
    assert error.reason == "supermove_limit"
    assert error.values == {"count": 3, "most": 2, "cells": 1, "columns": 0}
    assert "at most 2" in str(error)


def refusal(game: Game, move: str) -> str | None:
    error = game.refusal_error(move)
    return None if error is None else error.reason


def test_each_rule_refuses_with_its_reason() -> None:
    columns = {f"t{i}": "Kd" for i in range(4, 9)}
    game = FreeCell.from_piles(
        "FC1-F2-1",
        {
            **columns,
            "t1": "9h 8s 7d",
            "t2": "Qh 5c",
            "t3": "",
            "c1": "Jd",
            "f2": "Ah",
            "f1": "As 2s",
            "f3": "Ad 2d 3d 4d 5d",
        },
    )
    assert refusal(game, "s") == "no_stock"
    assert refusal(game, "w>f") == "no_stock"
    assert refusal(game, "t1>c1") == "cell_full"
    assert refusal(game, "t1:2>c2") == "cell_one_card"
    assert refusal(game, "t2:2>t3") == "run_alternating"
    assert refusal(game, "f2>c2") == "foundation_stays"
    assert refusal(game, "f2>t3") == "foundation_stays"
    assert refusal(game, "t1>t2") == "build_alternating"
    assert refusal(game, "t2>f") == "foundation_ace_first"
    assert refusal(game, "t1>f") == "foundation_sequence"
    assert refusal(game, "t3>t1") == "empty_pile"
    assert refusal(game, "c2>t3") == "empty_pile"
    assert refusal(game, "c3>t1") == "no_such_pile"
    assert refusal(game, "t1>t1") == "same_pile"
    assert refusal(game, "f1>f") == "already_on_foundation"
    # And what is allowed: any card into an empty column or cell.
    assert game.is_legal("t2>t3")
    assert game.is_legal("t1:2>t3")
    assert game.is_legal("c1>c2")
    assert refusal(game, "t1:3>t3") == "supermove_limit"


def test_a_card_on_a_foundation_never_comes_back() -> None:
    game = FreeCell.from_piles("FC1-F4-1", {"f2": "Ah 2h", "t1": "3s", "t2": ""})
    for move in ("f2>t1", "f2>t2", "f2>c1"):
        assert refusal(game, move) == "foundation_stays", move
        assert game.refusal(move) == (
            "The 2 of hearts stays on its foundation: in FreeCell a card that is home never comes back."
        )
    assert not any(m.src.startswith("f") for m in game.legal_moves())
    assert not game.can_pick("f2", 1)
    assert game.drop_targets("f2", 1) == []
    assert game.double_tap_move("f2") is None
    assert "foundation_stays" in FreeCell.reasons
    assert "take-back" not in FreeCell.advice_kinds


OLD_RECORD = "FC1-F4-8 t8>f f3>t8"
"""Deal 8 under the earlier rule: the Ace of diamonds goes home, then back onto the 2 of spades."""


def test_a_record_or_save_that_took_a_card_back_still_opens_and_plays_on() -> None:
    new = FreeCell("FC1-F4-8")
    new.play("t8>f")
    assert refusal(new, "f3>t8") == "foundation_stays"  # new play never takes it back
    game = engine.replay(OLD_RECORD)
    assert isinstance(game, FreeCell)
    assert (game.moves, str(game.top("t8")), game.pile("f3")) == (2, "Ad", ())
    assert game.record() == OLD_RECORD
    loaded = engine.from_json(game.to_json())
    assert loaded.to_json() == game.to_json()
    # Play goes on by today's rule: the card goes home again and stays there.
    for played in (game, loaded):
        played.play("t8>f")
        assert refusal(played, "f3>t8") == "foundation_stays"
        assert not any(m.src.startswith("f") for m in played.legal_moves())
        played.undo()
        played.undo()  # the old take-back is undone like any move
        assert str(played.top("f3")) == "Ad"
    # Only a take-back onto a column ever played: into a cell it never did.
    with pytest.raises(engine.IllegalMove) as refused:
        engine.replay("FC1-F4-8 t8>f f3>c1")
    assert refused.value.reason == "foundation_stays"


def test_a_card_goes_to_its_own_foundation_whatever_slot_is_named() -> None:
    game = FreeCell.from_piles("FC1-F4-1", {"t1": "Kd Ad", "t2": "Qs Ac"})
    assert game.play("t1>f4").dst == "f3"
    assert game.play("t2>f").dst == SLOT["c"]


def test_a_won_game_has_every_card_home() -> None:
    home = {slot: " ".join(str(Card(r, s)) for r in range(1, 13)) for s, slot in SLOT.items()}
    game = FreeCell.from_piles("FC1-F4-1", {**home, "t1": "Ks Kh", "c2": "Kd", "t5": "Kc"})
    assert not game.won
    for move in ("t1>f", "t1>f", "c2>f", "t5>f"):
        game.play(move)
    assert game.won
    assert game.legal_moves() == []  # and no card comes back


def test_safe_moves_go_home_lowest_first_and_stop_at_a_card_still_needed() -> None:
    game = FreeCell.from_piles(
        "FC1-F4-1",
        {"t1": "Ah", "t2": "3h 2h", "t3": "As", "t4": "2c", "f3": "Ad 2d", "c1": "Ac", "t5": "3s 4d"},
    )
    # Aces and 2s are always safe, the lowest first (cells, then columns, left to
    # right); the 3 of hearts stays: the 2 of spades is not home and may need it.
    assert [str(m) for m in game.safe_moves()] == ["c1>f", "t1>f", "t3>f", "t2>f", "t4>f"]
    actions = game.play_safe_moves()
    assert [a.dst for a in actions] == ["f4", "f2", "f1", "f2", "f4"]
    assert game.safe_move() is None
    assert game.top("t2") == Card(3, "h")
    for _ in actions:
        game.undo()
    assert game.moves == 0


def test_finish_is_ready_once_every_column_goes_down_and_then_plays_to_the_end() -> None:
    home = {"f1": "As 2s", "f2": "Ah", "f3": "Ad", "f4": "Ac"}
    rest = {"t1": "Ks Qh 9s 3h", "t2": "Kh Qs Jh 8d 4s", "t3": "Kd Qd Jd Td 9d 7d 6d 5d 4d 3d 2d", "t4": "Kc Qc Jc"}
    tail = {"t5": "Tc 9c 8c 7c 6c 5c 4c 3c 2c", "t6": "Js Ts 9h 8h 7h 6h 5h 4h 2h", "t7": "Th 8s 7s 6s 5s 3s"}
    game = FreeCell.from_piles("FC1-F4-1", {**home, **rest, **tail})
    assert game.finish_ready()
    while (move := game.finish_move()) is not None:
        game.play(move)
    assert game.won
    assert not game.finish_ready()
    # A card on a lower one is not ready: the 3 of clubs covers the 2 of hearts.
    blocked = FreeCell.from_piles("FC1-F4-1", {**home, "t1": "2h 3c", "t2": "Kd"})
    assert not blocked.finish_ready()


def test_gestures_find_the_best_place() -> None:
    columns = {f"t{i}": "Kd" for i in range(5, 9)}
    game = FreeCell.from_piles("FC1-F4-1", {**columns, "t1": "9h 8s", "t2": "Ad", "t3": "9c", "t4": "7h"})
    assert game.tap_move("t2") == Move("t2", "f", 1)
    assert game.tap_move("t1") is None
    assert game.double_tap_move("t2") == Move("t2", "f", 1)
    assert game.double_tap_move("t4") == Move("t4", "t1", 1)  # onto the 8 of spades
    assert game.double_tap_move("t1") == Move("t1", "c1", 1)  # no column takes it: a cell
    assert game.double_tap_move("t1", 2) is None  # a run goes to no cell
    assert set(game.drop_targets("t4", 1)) == {"t1", "c1", "c2", "c3", "c4"}
    assert game.drop_targets("t2", 1)[0] == "c1"
    assert "f3" in game.drop_targets("t2", 1)


def test_undo_has_no_limit() -> None:
    game = FreeCell("FC1-F4-5")
    game.play("t1>c1")
    for _ in range(150):
        game.play("c1>c2")
        game.play("c2>c1")
    assert len(game.history) == 301
    while game.can_undo:
        game.undo()
    assert game.moves == 0
    assert game.to_json() == FreeCell("FC1-F4-5").to_json()


def test_a_save_and_a_record_replay_to_the_same_game() -> None:
    game = FreeCell("FC1-F3-617")
    for move in ("t2>c1", "t1>c2", "t1>f"):
        if game.is_legal(move):
            game.play(move)
    assert game.moves >= 2
    assert engine.replay(game.record()).to_json() == game.to_json()
    assert engine.from_json(game.to_json()).record() == game.record()


# ------------------------------------------------------------------ playouts


def all_moves(game: FreeCell) -> set[Move]:
    """Every move the notation can name, kept when the rules allow it."""
    found = set()
    sources = [*game.cells, *game.columns, "f1", "f2", "f3", "f4"]
    targets = [*game.cells, *game.columns, "f"]
    for src in sources:
        size = len(game.pile(src)) if src.startswith("t") else 1
        for dst in targets:
            for n in range(1, size + 1):
                move = Move(src, dst, n)
                if game.is_legal(move):
                    found.add(move)
    return found


def check_invariants(game: FreeCell) -> None:
    pack = Counter((r, s) for r in range(1, 14) for s in "shdc")
    assert Counter((c.rank, c.suit) for pid in game.pile_ids for c in game.pile(pid)) == pack
    for suit, slot in SLOT.items():
        assert [(c.rank, c.suit) for c in game.pile(slot)] == [(r, suit) for r in range(1, len(game.pile(slot)) + 1)]
    assert all(len(game.pile(c)) <= 1 for c in game.cells)
    assert game.score == 0
    assert game.score_text == ""
    assert game.won == all(len(game.pile(f)) == 13 for f in SLOT.values())


def without_undo(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    del data["undo"]
    return data


@given(
    seed=st.integers(1, MAX_DEAL),
    cells=st.sampled_from((1, 2, 3, 4)),
    choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=60),
)
def test_random_playouts_keep_every_rule(seed: int, cells: int, choices: list[int]) -> None:
    game = FreeCell(f"FC1-F{cells}-{seed}")
    for choice in choices:
        check_invariants(game)
        legal = game.legal_moves()
        assert len(set(legal)) == len(legal), "a move is listed twice"
        assert set(legal) == all_moves(game)
        if not legal:
            break
        move = legal[choice % len(legal)]
        src_cards = game.pile(move.src)
        if move.src.startswith("t") and move.dst.startswith("t") and move.count > 1:
            assert move.count <= game.most_movable(move.dst)
        before = game.to_json()
        action = game.play(move)
        assert game.pile(action.dst)[-move.count :] == src_cards[-move.count :]
        after = game.to_json()
        assert game.undo() == action
        assert game.to_json() == before
        assert game.play(move) == action
        assert without_undo(game.to_json()) == without_undo(after)
        if choice % 7 == 0:
            game.play_safe_moves()
    check_invariants(game)
    assert engine.replay(game.record()).to_json() == game.to_json()


def test_a_hint_offers_one_free_cell_of_the_empty_ones() -> None:
    from engine.advice import suggestions

    game = FreeCell("FC1-F4-1")
    offered = [str(a.move) for a in suggestions(game)]
    assert offered, "deal 1 has moves to suggest"
    cells = [move for move in offered if ">c" in move]
    assert cells
    assert all(move.endswith(">c1") for move in cells), cells
