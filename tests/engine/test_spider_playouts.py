"""Random playouts (Hypothesis) of Spiderette and Spider for each suit count, and
whole games won by a simple player.

On every step: the card multiset (table + stock + removed runs) is the deck's;
score == 500 - moves + 100 x runs removed; undo gives back exactly the previous
save; playing the move again gives the same action and position.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import UNDO_LIMIT, Move
from engine.codes import MAX_SEED, DealCode, format_code, make_deck, seed_letters
from engine.moves import STOCK_TAP
from engine.spider import REMOVED, Spider, Spiderette
from tests.engine.spider_players import play_greedy

GAMES = [(game, suits) for game in ("SD", "SP") for suits in (1, 2, 4)]


def without_undo(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    del data["undo"]
    return data


def check_invariants(game: Spiderette) -> None:
    deck = Counter((c.rank, c.suit) for c in make_deck(game.settings.game, game.suits))
    have = Counter((c.rank, c.suit) for pid in (*game.pile_ids, REMOVED) for c in game.pile(pid))
    assert have == deck
    runs = len(game.removed_runs)
    assert game.score == 500 - game.moves + 100 * runs
    assert len(game.pile(REMOVED)) == 13 * runs
    assert all(not c.face_up for c in game.pile("s"))
    for t in game.columns:
        faces = [c.face_up for c in game.pile(t)]
        # Face-down cards lie under face-up ones, and a column never ends face down.
        assert faces == sorted(faces)
        assert not faces or faces[-1]
        assert not game.can_pick(t, 13), "a completed run was left on the table"
    assert game.won == (runs == game.runs_total)


def step_and_check(game: Spiderette, move: Move) -> engine.Action:
    before = game.to_json()
    full = len(game.history) == UNDO_LIMIT
    runs = len(game.removed_runs)
    action = game.play(move)
    after = game.to_json()
    assert game.removed_runs[runs:] == tuple(suit for _, suit in action.removed)
    assert action.score_after - action.score_before == 100 * len(action.removed) - 1
    assert game.undo() == action
    if full:
        assert without_undo(game.to_json()) == without_undo(before)
    else:
        assert game.to_json() == before
    assert game.play(move) == action
    assert game.to_json() == after
    check_invariants(game)
    return action


def check_legal_moves(game: Spiderette) -> None:
    """legal_moves() lists each legal move once, and agrees with the gesture helpers."""
    listed = game.legal_moves()
    assert len(set(listed)) == len(listed)
    brute = [
        Move(src, dst, n)
        for src in game.columns
        for dst in game.columns
        for n in range(1, len(game.pile(src)) + 1)
        if game.is_legal(Move(src, dst, n))
    ]
    assert set(listed) == set(brute) | ({STOCK_TAP} if game.stock_action() == "deal" else set())
    for src in game.columns:
        for n in range(1, len(game.pile(src)) + 1):
            targets = [m.dst for m in brute if m.src == src and m.count == n]
            assert game.drop_targets(src, n) == targets
            if targets:
                assert game.can_pick(src, n)
            tap = game.double_tap_move(src, n)
            assert tap is None or tap in listed


def hopeful(game: Spiderette, moves: list[Move]) -> list[Move]:
    """Moves that put cards on their own suit, or deal."""
    chosen = []
    for move in moves:
        if move == STOCK_TAP:
            chosen.append(move)
            continue
        card = game.pile(move.src)[-move.count]
        top = game.top(move.dst)
        if top is not None and top.suit == card.suit:
            chosen.append(move)
    return chosen


@pytest.mark.parametrize(("game_id", "suits"), GAMES)
@settings(max_examples=40)
@given(seed=st.integers(0, MAX_SEED), steps=st.integers(1, 150), data=st.data())
def test_random_playout(game_id: str, suits: int, seed: int, steps: int, data: st.DataObject) -> None:
    game = engine.new_game(format_code(DealCode(game_id, suits=suits, seed=seed)))
    assert isinstance(game, Spider if game_id == "SP" else Spiderette)
    check_invariants(game)
    for _ in range(steps):
        choice = data.draw(st.integers(0, 9), label="choice")
        if choice == 9 and game.can_undo:
            moves = game.moves
            game.undo()
            assert game.moves == moves - 1
            check_invariants(game)
            continue
        moves_now = game.legal_moves()
        if not moves_now:
            break
        pool = hopeful(game, moves_now) if choice < 6 else []
        pool = pool or moves_now
        move = pool[data.draw(st.integers(0, len(pool) - 1), label="move")]
        step_and_check(game, move)
    check_legal_moves(game)
    text = game.to_json()
    assert engine.from_json(text).to_json() == text
    rebuilt = engine.replay(game.record())
    assert without_undo(rebuilt.to_json()) == without_undo(text)


# A simple greedy player wins these one-suit deals (found by trying seeds 0-39).
WON = [("SD1-S1-" + seed_letters(8), 92), ("SD1-S1-" + seed_letters(12), 61), ("SP1-S1-" + seed_letters(11), 109)]


@pytest.mark.parametrize(("code", "moves"), WON)
def test_won_games_score_500_minus_moves_plus_100_per_run(code: str, moves: int) -> None:
    game = engine.new_game(code)
    assert isinstance(game, Spiderette)
    assert play_greedy(game, step=step_and_check)
    assert game.won
    assert game.moves == moves
    assert game.score == 500 - moves + 100 * game.runs_total
    assert not any(game.pile(pid) for pid in game.pile_ids)
    assert game.legal_moves() == []
    # The record and the save give the won game back; undo takes the win away.
    assert engine.replay(game.record()).won
    assert engine.from_json(game.to_json()).to_json() == game.to_json()
    last = game.undo()
    assert last.removed
    assert not game.won
