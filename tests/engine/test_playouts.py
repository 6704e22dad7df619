"""Random playouts (Hypothesis) for every draw mode and rule set, and won games.

On every step: 52 distinct cards; play, undo, compare, play again; the score
formulas of RULES.md for games without take-backs.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import UNDO_LIMIT, Action
from engine.codes import MAX_SEED, DealCode, format_code
from engine.klondike import FOUNDATIONS, Klondike
from tests.engine.players import greedy_move, play_greedy

MODES = [(draw, scoring) for draw in (1, 3) for scoring in ("N", "V", "C")]


def all_cards_once(game: Klondike) -> None:
    cards = [(c.rank, c.suit) for pid in game.pile_ids for c in game.pile(pid)]
    assert len(cards) == 52
    assert len(set(cards)) == 52


def on_foundations(game: Klondike) -> int:
    return sum(len(game.pile(f)) for f in FOUNDATIONS)


class Tally:
    """Score ingredients of the actions played so far (undone ones removed)."""

    def __init__(self) -> None:
        self.actions: list[Action] = []

    @property
    def took_back(self) -> bool:
        return any(a.move.src.startswith("f") for a in self.actions)

    @property
    def waste_to_tableau(self) -> int:
        return sum(a.move.src == "w" and a.dst.startswith("t") for a in self.actions)

    @property
    def flips(self) -> int:
        return sum(len(a.flipped) for a in self.actions)

    @property
    def deductions(self) -> int:
        return sum(a.score_before - a.score_after for a in self.actions if a.kind == "recycle")


def check_score(game: Klondike, tally: Tally) -> None:
    if game.scoring == "V":
        if not tally.took_back:
            assert game.score == -52 + 5 * on_foundations(game)
            if game.won:
                assert game.score == 208
                assert game.score_text == "+$208"
        return
    assert game.score >= 0
    if not tally.took_back:
        expected = 10 * on_foundations(game) + 5 * tally.flips + 5 * tally.waste_to_tableau - tally.deductions
        assert game.score == expected
        if game.won:
            assert tally.flips == 21
            assert game.score == 625 + 5 * tally.waste_to_tableau - tally.deductions


def without_undo(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    del data["undo"]
    return data


def step_and_check(game: Klondike, move: engine.Move, tally: Tally) -> None:
    before = game.to_json()
    full = len(game.history) == UNDO_LIMIT
    extras = (game.waste_fan(), game.passes_left, game.stock_action())
    action = game.play(move)
    after = game.to_json()
    assert game.undo() == action
    if full:
        # The oldest action was forgotten when this one was played.
        assert without_undo(game.to_json()) == without_undo(before)
        assert len(game.history) == UNDO_LIMIT - 1
    else:
        assert game.to_json() == before
    assert (game.waste_fan(), game.passes_left, game.stock_action()) == extras
    again = game.play(move)
    assert again == action
    assert game.to_json() == after
    tally.actions.append(action)
    all_cards_once(game)
    check_score(game, tally)
    assert game.moves == len(tally.actions)


def playout(game: Klondike, data: st.DataObject, steps: int) -> Tally:
    tally = Tally()
    for _ in range(steps):
        choice = data.draw(st.integers(0, 9), label="choice")
        if choice == 9 and game.can_undo:
            game.undo()
            tally.actions.pop()
            check_score(game, tally)
            continue
        moves = game.legal_moves()
        if not moves:
            break
        move = greedy_move(game) if choice < 5 else None
        if move is None:
            move = moves[data.draw(st.integers(0, len(moves) - 1), label="move")]
        assert move in moves
        step_and_check(game, move, tally)
    return tally


@pytest.mark.parametrize(("draw", "scoring"), MODES)
@settings(max_examples=40)
@given(seed=st.integers(0, MAX_SEED), steps=st.integers(1, 170), data=st.data())
def test_random_playout(draw: int, scoring: str, seed: int, steps: int, data: st.DataObject) -> None:
    game = engine.new_game(format_code(DealCode("KL", draw, scoring, 4, seed)))  # type: ignore[arg-type]
    assert isinstance(game, Klondike)
    all_cards_once(game)
    check_score(game, Tally())
    playout(game, data, steps)
    # Saves and records give the same game back.
    text = game.to_json()
    assert engine.from_json(text).to_json() == text
    rebuilt = engine.replay(game.record())
    assert without_undo(rebuilt.to_json()) == without_undo(text)


WINNING_SEEDS = {
    "D1N": [2, 3, 5],
    "D3N": [5, 6, 16],
    "D1C": [79, 172],
    "D3C": [6, 16],
    "D1V": [79, 172],
    "D3V": [745],
}


@pytest.mark.parametrize(
    ("options", "seed"), [(options, seed) for options, seeds in WINNING_SEEDS.items() for seed in seeds]
)
def test_won_games_score_as_the_rules_say(options: str, seed: int) -> None:
    game = engine.new_game(f"KL1-{options}-{engine.codes.seed_letters(seed)}")
    assert isinstance(game, Klondike)
    tally = Tally()
    while not game.won:
        move = greedy_move(game)
        assert move is not None, "this deal is known to be won by the greedy player"
        step_and_check(game, move, tally)
    assert not tally.took_back
    assert on_foundations(game) == 52
    if game.scoring == "V":
        assert game.score == 208
    else:
        assert game.score == 625 + 5 * tally.waste_to_tableau - tally.deductions
    # Undo brings the last card back and the win goes away.
    game.undo()
    assert not game.won
    assert on_foundations(game) == 51


def test_a_won_record_replays_to_a_won_game() -> None:
    game = engine.new_game("KL1-D1N-AAAAAAC")
    assert isinstance(game, Klondike)
    assert play_greedy(game)
    assert game.score == 625 + 5 * 15 - 100
    rebuilt = engine.replay(game.record())
    assert rebuilt.won
    assert rebuilt.to_json() == game.to_json()
    assert engine.from_json(game.to_json()).won
