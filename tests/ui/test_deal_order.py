""" "Winnable deals only": each proven seed once before any repeats."""

from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

from ui.model.deal_order import next_seed, read_orders

SEEDS = st.lists(st.integers(min_value=0, max_value=26**7 - 1), min_size=1, max_size=40, unique=True)


@given(SEEDS, st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=4))
def test_every_seed_is_dealt_once_before_any_repeats(seeds: list[int], rng_seed: int, rounds: int) -> None:
    rng = random.Random(rng_seed)
    kept = "SD1-S2=7:1"  # another variant's order is kept as it is
    dealt = []
    for _ in range(rounds * len(seeds)):
        seed, kept = next_seed("KL1-D1N", seeds, kept, rng)
        dealt.append(seed)
    for start in range(0, len(dealt), len(seeds)):
        assert sorted(dealt[start : start + len(seeds)]) == sorted(seeds)
    if len(seeds) > 1:
        assert all(a != b for a, b in itertools.pairwise(dealt)), "never the same deal twice in a row"
    assert read_orders(kept)["SD1-S2"] == (7, 1)


@given(st.text(max_size=300), SEEDS)
def test_any_kept_text_gives_a_proven_seed(kept: str, seeds: list[int]) -> None:
    seed, after = next_seed("SP1-S4", seeds, kept, random.Random(0))
    assert seed in seeds
    assert read_orders(after)["SP1-S4"][1] >= 1


def test_17_of_100_deals_never_repeat() -> None:
    seeds = list(range(100))
    kept = ""
    dealt = set()
    rng = random.Random(3)
    for _ in range(100):
        seed, kept = next_seed("KL1-D1N", seeds, kept, rng)
        assert seed not in dealt
        dealt.add(seed)
