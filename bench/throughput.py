"""Engine throughput on random playouts: legal-move generation, play+undo, and
the hint's move ranking (``engine.advice.rank_moves``: a hint must answer at once).

Standard library only, so the same code runs in CPython and inside Pyodide
(bench/engine.py runs it in both).
"""

from __future__ import annotations

import random
import time

import engine
from engine.advice import rank_moves

CODES = ("KL1-D1N-AAAAAAA", "KL1-D3N-AAAAAAA", "SD1-S2-AAAAAAA", "SP1-S2-AAAAAAA")
PLAYOUT_LENGTH = 200


def _codes_available() -> list[str]:
    available = []
    for code in CODES:
        try:
            engine.new_game(code)
        except engine.CodeError:
            continue  # a game this build of the engine does not have
        available.append(code)
    return available


def measure(code: str, seconds: float = 1.0, seed: int = 1) -> dict[str, float]:
    """Run random playouts of ``code`` for about ``seconds`` each way; return rates per second."""
    rng = random.Random(seed)
    generated = 0
    start = time.perf_counter()
    game = engine.new_game(code)
    while time.perf_counter() - start < seconds:
        moves = game.legal_moves()
        generated += 1
        if not moves or game.moves >= PLAYOUT_LENGTH:
            game = engine.new_game(code)
            continue
        game.play(rng.choice(moves))
    generation_rate = generated / (time.perf_counter() - start)

    cycles = 0
    start = time.perf_counter()
    game = engine.new_game(code)
    while time.perf_counter() - start < seconds:
        moves = game.legal_moves()
        if not moves or game.moves >= PLAYOUT_LENGTH:
            game = engine.new_game(code)
            continue
        for move in moves:
            game.play(move)
            game.undo()
            cycles += 1
        game.play(rng.choice(moves))
    cycle_rate = cycles / (time.perf_counter() - start)

    ranked = 0
    start = time.perf_counter()
    game = engine.new_game(code)
    while time.perf_counter() - start < seconds:
        rank_moves(game)
        ranked += 1
        moves = game.legal_moves()
        if not moves or game.moves >= PLAYOUT_LENGTH:
            game = engine.new_game(code)
            continue
        game.play(rng.choice(moves))
    rank_rate = ranked / (time.perf_counter() - start)
    return {"legal_moves_per_s": generation_rate, "play_undo_per_s": cycle_rate, "rank_moves_per_s": rank_rate}


def run_all(seconds: float = 1.0) -> dict[str, dict[str, float]]:
    return {code: measure(code, seconds) for code in _codes_available()}
