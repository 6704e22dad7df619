"""axe-core finds no accessibility violation on the tables, the dialogs and the win screen.

axe-core comes from npm (a dev dependency); the test injects it into the page.
The page never loads it by itself.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page

from tests.browser.axe import AXE, assert_clean
from tests.browser.helpers import cards_in, click_card, wait_dialogs_closed, wait_drawn, wait_idle, wait_moves
from tests.browser.records import WIN_RECORD
from ui.model.games import pages
from ui.model.hashlink import record_hash

ROOT = Path(__file__).resolve().parent.parent.parent


STATS_BUTTON = "#btn-stats"
"""The header button that opens the statistics dialog."""
STATS_DIALOG = "#dlg-stats"


def test_axe_is_injected_by_the_test_not_loaded_by_the_page(open_game: Callable[..., Page]) -> None:
    assert AXE.exists(), "run npm ci: axe-core is a dev dependency"
    page = open_game("#KL1-D1N-AAAAAAG")
    assert page.evaluate("typeof window.axe") == "undefined"
    assert "axe" not in (ROOT / "index.html").read_text(encoding="utf-8")


def test_tables_and_dialogs_have_no_violations(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG%20t1%3Ef%20t5%3Et4%20s")
    wait_idle(page)
    assert_clean(page, "Klondike table")
    # With the keyboard in use: a focused card and a picked-up group.
    page.keyboard.press("4")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    page.wait_for_selector(".card.held")
    assert_clean(page, "Klondike table, cards held")
    page.keyboard.press("Escape")

    page.click("#btn-new")
    page.wait_for_selector("#dlg-new[open]")
    assert_clean(page, "New game dialog")
    page.keyboard.press("Escape")

    page.click("#btn-settings")
    page.wait_for_selector("#dlg-settings[open]")
    assert_clean(page, "Settings dialog")
    page.keyboard.press("Escape")

    page.click("#btn-daily")
    page.wait_for_selector("#dlg-daily[open]")
    assert_clean(page, "Daily deal calendar")
    page.keyboard.press("Escape")

    page.keyboard.press("?")
    page.wait_for_selector("#dlg-help[open]")
    assert_clean(page, "Keyboard help dialog")
    page.keyboard.press("Escape")
    wait_dialogs_closed(page)

    # A link over the game in progress asks first.
    page.evaluate("hash => { location.hash = hash; }", "#SD1-S2-AAAAABC")
    page.wait_for_selector("#dlg-link[open]")
    assert_clean(page, "Open-the-link question")
    page.click("#link-open")

    # Every game's table (the deals How to play draws, from the registry), and Spider's.
    for code in ("SD1-S2-AAAAABC", "SP1-S4-AAAAAAB", *dict.fromkeys(page.diagram_code for page in pages())):
        page.evaluate("hash => { location.hash = hash; }", "#" + code)
        page.wait_for_function("code => document.querySelector('[data-code]').dataset.code === code", arg=code)
        wait_idle(page)
        assert_clean(page, f"{code} table")


def test_statistics_dialog_has_no_violations(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG%20t1%3Ef")
    page.click(STATS_BUTTON)
    page.wait_for_selector(f"{STATS_DIALOG}[open]")
    assert_clean(page, "Statistics dialog")


def test_win_screen_has_no_violations(open_game: Callable[..., Page]) -> None:
    page = open_game(record_hash(WIN_RECORD))
    wait_idle(page)
    click_card(page, cards_in(page, "t4")[-1])
    wait_moves(page, 102)
    page.click("#celebration")  # a tap skips the cascade
    page.wait_for_selector("#dlg-win[open]")
    wait_drawn(page)
    assert_clean(page, "Win screen")
