"""The large-card option: larger cards and corner indices, and the table still fits."""

from __future__ import annotations

import pytest

import engine
from ui.model.layout import compute, table_of
from ui.model.session import Preferences


@pytest.mark.parametrize("code", ["KL1-D1N-AAAAAAG", "SD1-S2-AAAAABC", "SP1-S4-AAAAAAB"])
@pytest.mark.parametrize("size", [(360, 560), (640, 300), (1440, 820), (1920, 1000)])
def test_large_cards_are_larger_and_stay_on_the_table(code: str, size: tuple[int, int]) -> None:
    width, height = size
    table = table_of(engine.new_game(code))
    normal = compute(table, width, height)
    large = compute(table, width, height, large=True)
    assert large.card_w >= normal.card_w
    assert large.index_px >= normal.index_px * 1.15
    for box in large.cards:
        assert box.x >= 0
        assert box.x + large.card_w <= width
        assert box.y >= 0
        assert box.y + large.card_h <= height


def test_the_card_options_are_preferences_off_by_default() -> None:
    prefs = Preferences()
    assert (prefs.four_color, prefs.large_cards) == (False, False)
