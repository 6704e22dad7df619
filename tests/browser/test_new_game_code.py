"""New game's deal-code field shows an example code of the game and options chosen."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

import engine

pytestmark = pytest.mark.browser


def test_the_example_code_is_one_of_the_chosen_game(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D3V-AAAAAAB", width=360, height=640)
    page.click("#btn-new")
    page.wait_for_selector("#dlg-new[open]")
    examples = {"options of the deal on the table": page.get_attribute("#new-code", "placeholder")}
    for game, suits in (("SD", "2"), ("SP", "4"), ("KL", "")):
        page.check(f"#opt-game input[value='{game}']")
        if suits:
            page.check(f"#opt-suits input[value='{suits}']")
        examples[game] = page.get_attribute("#new-code", "placeholder")
    assert examples == {
        "options of the deal on the table": "KL1-D3V-AAAAAAG",
        "SD": "SD1-S2-AAAAAAG",
        "SP": "SP1-S4-AAAAAAG",
        "KL": "KL1-D3V-AAAAAAG",
    }
    for example in examples.values():
        assert example is not None
        engine.parse_code(example)  # each one a code that deals
