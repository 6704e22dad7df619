"""The win cascade's paths: every card leaves, bounces on the bottom edge, and leaves the table."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from ui.model.cascade import GAP_MS, MAX_MS, STEP_MS, TOTAL_GAP_MS, duration, flights, launch_order


def foundation_starts(width: float, card_w: float, decks: int = 1) -> list[tuple[str, float, float]]:
    """Klondike's four foundations at the top right, 13 cards each (Spider's runs: twice as many)."""
    piles = [[f"{rank}{suit}" for rank in range(1, 14)] * decks for suit in "shdc"]
    xs = [width - (4 - i) * (card_w + 8) for i in range(4)]
    return [(f"f{pile + 1}", xs[pile], 10.0) for pile, _ in launch_order(piles)]


def test_launch_order_takes_every_top_card_before_the_ones_under_them() -> None:
    order = launch_order([["Ks", "Qs", "Js"], ["Kh"], [], ["Kc", "Qc"]])
    assert order == [(0, 0), (1, 0), (3, 0), (0, 1), (3, 1), (0, 2)]
    assert launch_order([]) == []


sizes = st.tuples(st.integers(320, 1920), st.integers(260, 1080), st.integers(24, 150))


@settings(max_examples=40, deadline=None)
@given(sizes, st.integers(0, 2**32), st.sampled_from([1, 2]))
def test_every_card_bounces_along_the_bottom_and_leaves_the_table(
    size: tuple[int, int, int], seed: int, decks: int
) -> None:
    width, height, card_w = size
    card_w = min(card_w, width // 8)
    card_h = card_w * 1.4
    starts = foundation_starts(width, card_w, decks)
    paths = list(flights(starts, width, height, card_w, card_h, seed=seed))
    assert len(paths) == len(starts)
    delays = [path.delay for path in paths]
    assert delays == sorted(delays)
    assert len(set(delays)) == len(delays), "one card at a time"
    assert delays[-1] <= TOTAL_GAP_MS
    for path, (_, x0, y0) in zip(paths, starts, strict=True):
        assert path.points[0] == (0, 0.0, 0.0)
        times = [t for t, _, _ in path.points]
        assert all(b - a == STEP_MS for a, b in itertools.pairwise(times))
        for _, _, dy in path.points:
            assert y0 + dy <= height - card_h + 0.5, "never below the bottom edge"
        _, dx, _ = path.points[-1]
        left_table = x0 + dx + card_w <= 0.1 or x0 + dx >= width - 0.1
        assert left_table or path.duration >= MAX_MS
    assert duration(paths) == max(p.delay + p.duration for p in paths)


def test_bounces_lose_height() -> None:
    starts = [("f1", 1460.0, 10.0)]  # the middle of a wide table: room for several bounces
    (path,) = flights(starts, 3000, 800, 80, 112, seed=3)
    ys = [dy for _, _, dy in path.points]
    # The highest points between bounces (local minima of y) come lower each time.
    peaks = [ys[i] for i in range(1, len(ys) - 1) if ys[i] <= ys[i - 1] and ys[i] < ys[i + 1]]
    assert len(peaks) >= 2
    assert peaks == sorted(peaks)


def test_the_same_win_gives_the_same_cascade() -> None:
    starts = foundation_starts(1440, 120)
    assert list(flights(starts, 1440, 820, 120, 168, seed=7)) == list(flights(starts, 1440, 820, 120, 168, seed=7))
    assert list(flights(starts, 1440, 820, 120, 168, seed=7)) != list(flights(starts, 1440, 820, 120, 168, seed=8))


def test_one_deck_leaves_at_the_classic_pace_and_two_decks_faster() -> None:
    one = list(flights(foundation_starts(1440, 120), 1440, 820, 120, 168))
    assert one[1].delay - one[0].delay == GAP_MS
    two = list(flights(foundation_starts(1440, 120, decks=2), 1440, 820, 120, 168))
    assert two[1].delay - two[0].delay < GAP_MS
    assert two[-1].delay <= TOTAL_GAP_MS
