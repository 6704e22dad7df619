"""Lines without loops (``engine.solver.without_loops``): what hints follow never
comes back to a position, and still ends where the line ended."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.codes import MAX_SEED
from engine.solver import without_loops

PREFIXES = ["KL1-D1N", "KL1-D3V", "SD1-S2", "SP1-S1", "FC1-F2"]


def wander(game: engine.Game, steps: int, rng: random.Random) -> list[str]:
    """Random legal moves, half of them straight back where the last one came from
    when that is legal: lines full of loops."""
    copy = game.copy()
    moves: list[str] = []
    for _ in range(steps):
        legal = copy.legal_moves()
        if not legal or copy.won:
            break
        last = copy.history[-1] if copy.history else None
        back = engine.Move(last.dst, last.move.src, last.move.count) if last and last.kind == "move" else None
        move = back if back is not None and rng.random() < 0.5 and copy.is_legal(back) else rng.choice(legal)
        copy.play(move)
        moves.append(str(move))
    return moves


@settings(max_examples=40)
@given(prefix=st.sampled_from(PREFIXES), seed=st.integers(1, MAX_SEED), steps=st.integers(0, 80), mix=st.integers())
def test_a_line_without_loops_never_comes_back_and_ends_in_the_same_place(
    prefix: str, seed: int, steps: int, mix: int
) -> None:
    option_set = engine.option_set(prefix)
    game = engine.new_game(option_set.code(seed % option_set.seeds.stop or 1))
    moves = wander(game, steps, random.Random(mix))
    kept = without_loops(game, moves)
    assert len(kept) <= len(moves)
    whole, short = game.copy(), game.copy()
    for move in moves:
        whole.play(move)
    positions = [short.position()]
    for move in kept:
        short.play(move)
        positions.append(short.position())
    assert len(set(positions)) == len(positions), "the line still comes back to a position"
    assert short.position() == whole.position()
    assert without_loops(game, kept) == kept


def test_a_line_with_no_loop_is_kept_whole() -> None:
    game = engine.new_game("KL1-D1N-AAAAAAG")
    assert without_loops(game, ["t1>f", "t7>f", "t5>t4"]) == ("t1>f", "t7>f", "t5>t4")
