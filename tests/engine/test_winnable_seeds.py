"""The shipped winnable deals: a sample of each variant is solved again and its
line replayed to a win, and every seed is one the generating script tries."""

from __future__ import annotations

import random
import re

import pytest

import engine
from engine.options import option_set
from engine.solver import solve
from engine.winnable_seeds import NOTES, WINNABLE, seeds_for
from tools import winnable_seeds as script


def code_of(variant: str, seed: int) -> str:
    return option_set(variant).code(seed)


def test_every_variant_of_the_new_game_dialog_is_listed() -> None:
    assert tuple(o.prefix for o in engine.OPTION_SETS) == script.VARIANTS
    assert set(WINNABLE) <= set(script.VARIANTS)
    for variant, pairs in WINNABLE.items():
        seeds = [seed for seed, _ in pairs]
        assert len(seeds) == len(set(seeds)), variant
        assert all(seed in option_set(variant).seeds for seed in seeds)
        assert [nodes for _, nodes in pairs] == sorted(nodes for _, nodes in pairs), "cheapest first"
        assert seeds_for(variant) == tuple(seeds)
    assert seeds_for("XX1-S9") == ()


SHIPPED = [variant for variant in script.VARIANTS if WINNABLE.get(variant)]


def test_every_variant_ships_seeds() -> None:
    # A game added since the table was made is missing from it until the
    # script runs for it; every variant the table lists has seeds.
    assert set(SHIPPED) == set(WINNABLE)
    assert len(SHIPPED) >= 12


MIN_SEEDS = 20
"""Proven seeds each variant should ship, so "Winnable deals only" rarely repeats a deal."""


@pytest.mark.parametrize("variant", SHIPPED)
def test_every_variant_ships_enough_seeds(variant: str) -> None:
    assert len(WINNABLE[variant]) >= MIN_SEEDS, variant


@pytest.mark.parametrize("variant", SHIPPED)
def test_seeds_come_from_the_scripts_candidates(variant: str) -> None:
    """The script walks the same candidate list on every run, so it can make the list again."""
    tried = int(re.search(r"of (\d+) deals tried", NOTES[variant]).group(1))  # type: ignore[union-attr]
    assert set(seeds_for(variant)) <= set(script.candidates(variant, tried))
    assert script.candidates(variant, 5) == script.candidates(variant, 5)


# Variants whose deals the solver proves in a moment: two cheapest seeds and one
# drawn at random among the quick ones are solved again; slower variants one seed.
@pytest.mark.parametrize("variant", SHIPPED)
def test_a_sample_of_shipped_seeds_is_winnable(variant: str) -> None:
    pairs = WINNABLE[variant]
    quick = [pair for pair in pairs if pair[1] <= 20_000]
    sample = list(pairs[:2]) + ([random.Random(variant).choice(quick)] if quick else [])
    if pairs[0][1] > 20_000:
        sample = [pairs[0]]
    for seed, nodes in dict.fromkeys(sample):
        code = code_of(variant, seed)
        game = engine.new_game(code)
        # A node budget, not a clock: the same answer on a busy machine as on a quiet one.
        result = solve(game, seconds=None, max_nodes=max(200_000, 50 * nodes))
        assert result.status == "winnable", code
        for move in result.moves:
            game.play(move)
        assert game.won, code
