"""A simple player of Spiderette and Spider, shared by the tests that need a game won or
played a long way: it takes the move that most improves a plain evaluation."""

from __future__ import annotations

from collections.abc import Callable

from engine import Move
from engine.moves import STOCK_TAP
from engine.spider import Spiderette


def links(game: Spiderette) -> int:
    """Face-up cards lying on the next rank of their own suit."""
    n = 0
    for t in game.columns:
        cards = game.pile(t)
        for lower, upper in zip(cards[1:], cards, strict=False):
            if upper.face_up and upper.suit == lower.suit and upper.rank == lower.rank + 1:
                n += 1
    return n


def evaluate(game: Spiderette) -> int:
    down = sum(not c.face_up for t in game.columns for c in game.pile(t))
    empty = sum(not game.pile(t) for t in game.columns)
    return 1000 * len(game.removed_runs) - 20 * down + 2 * links(game) + 3 * empty


def position_key(game: Spiderette) -> str:
    return " ".join(str([str(c) if c.face_up else "#" for c in game.pile(t)]) for t in game.columns)


def greedy_move(game: Spiderette, seen: set[str]) -> Move | None:
    """The move that most improves a simple evaluation (runs, turned cards,
    same-suit links, empty columns), else a deal, else, to be allowed to deal,
    the best move to a position not seen before."""
    base = evaluate(game)
    best: tuple[int, Move] | None = None
    fallback: tuple[int, Move] | None = None
    moves = game.legal_moves()
    for move in moves:
        if move == STOCK_TAP:
            continue
        game.play(move)
        value, key = evaluate(game), position_key(game)
        game.undo()
        if key in seen:
            continue
        if value > base and (best is None or value > best[0]):
            best = (value, move)
        if fallback is None or value > fallback[0]:
            fallback = (value, move)
    if best is not None:
        return best[1]
    if STOCK_TAP in moves:
        return STOCK_TAP
    if game.pile("s") and fallback is not None:
        return fallback[1]
    return None


def play_greedy(
    game: Spiderette, step: Callable[[Spiderette, Move], object] | None = None, max_actions: int = 1000
) -> bool:
    """Play ``game`` greedily until it is won or stuck; ``step`` plays each move
    instead of ``game.play`` (to check invariants along the way)."""
    seen = {position_key(game)}
    for _ in range(max_actions):
        if game.won:
            break
        move = greedy_move(game, seen)
        if move is None:
            break
        if step is not None:
            step(game, move)
        else:
            game.play(move)
        seen.add(position_key(game))
    return game.won
