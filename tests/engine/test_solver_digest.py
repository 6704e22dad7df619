"""The solver tells positions apart by 64 bits in every Python, the page's 32-bit one too."""

from __future__ import annotations

import builtins
import random

import pytest

import engine
from engine.solver import core, solve

N = 400_000
"""Keys enough for a 32-bit hash to repeat (about 19 pairs expected) and 64 bits never to."""


def _hash_32_bit(value: object) -> int:
    """``hash`` as the page's Python (32-bit WebAssembly) has it: 32 bits."""
    if type(value) is int:
        return value % (2**31 - 1) if value >= 0 else -((-value) % (2**31 - 1))
    return builtins.hash(value) & 0xFFFFFFFF


def test_keys_that_share_32_bit_hashes_keep_64_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core, "WIDE", False)
    monkeypatch.setattr(core, "hash", _hash_32_bit, raising=False)
    rng = random.Random(7)
    keys = {(rng.randbytes(12), rng.randbytes(6), rng.randrange(24)) for _ in range(N)}
    assert len({_hash_32_bit(key) for key in keys}) < len(keys), "32 bits repeat among this many"
    digests = {core.digest(key) for key in keys}
    assert len(digests) == len(keys)
    assert max(digests) >= 1 << 32


@pytest.mark.parametrize("code", ["KL1-D1N-AAAAAAG", "KL1-D3N-AAAAAAG", "SD1-S1-AAAAAAM", "FC1-F4-164"])
def test_a_search_with_32_bit_hashes_answers_as_with_64(monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    game = engine.new_game(code)
    wide = solve(game, seconds=20)
    monkeypatch.setattr(core, "WIDE", False)
    monkeypatch.setattr(core, "hash", _hash_32_bit, raising=False)
    narrow = solve(game, seconds=20)
    assert narrow.status == wide.status == "winnable"
    replay = game.copy()
    for move in narrow.moves:
        replay.play(move)
    assert replay.won
