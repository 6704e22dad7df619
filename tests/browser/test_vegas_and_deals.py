"""The Stats dialog's Vegas bankroll counts the game on the table, and says what it
counts; a Vegas amount is labelled Amount, not Score; "Winnable deals only" deals
every proven deal once before any repeats."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from engine.winnable_seeds import seeds_for
from tests.browser.conftest import wait_ready
from tests.browser.helpers import tap_stock, wait_moves
from ui.model.stats_chart import BANKROLL_NOTE


def bankroll(page: Page) -> str:
    return str(
        page.evaluate(
            "[...document.querySelectorAll('#stats-table tr')].find(r => r.querySelector('th').textContent"
            " === 'Bankroll').querySelector('td').textContent"
        )
    )


def test_the_bankroll_counts_the_open_vegas_game_and_says_so(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1V-AAAAAAG")
    tap_stock(page)  # the first move: the game counts as played, at -$52
    wait_moves(page, 1)
    page.click("#btn-stats")
    page.wait_for_selector("#dlg-stats[open]")
    rows = page.evaluate("[...document.querySelectorAll('#stats-table tr')].map(r => r.textContent)")
    assert "Games played1" in rows
    assert bankroll(page) == "-$52"
    assert page.inner_text("#stats-note") == BANKROLL_NOTE
    page.keyboard.press("Escape")
    # Left for another game, it is recorded at that amount: the bankroll stays.
    page.click("#btn-new")
    page.click("#dlg-new button[type=submit]")
    page.wait_for_function("document.querySelector('[data-code]').dataset.code !== 'KL1-D1V-AAAAAAG'")
    page.click("#btn-stats")
    page.wait_for_selector("#dlg-stats[open]")
    assert bankroll(page) == "-$52"
    # A variant without money has no such line.
    page.select_option("#stats-picker select[name=scoring]", "N")
    assert page.is_hidden("#stats-note")


LABELS = """id => [...document.getElementById(id).parentElement.querySelectorAll('[data-i18n]')]
    .filter(word => getComputedStyle(word).display !== 'none').map(word => word.textContent)"""
"""The words shown beside a figure (the win summary's too, while its dialog is closed)."""


def test_the_header_and_the_win_summary_label_a_vegas_amount_amount(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1V-AAAAAAG")
    assert page.inner_text("#score") == "-$52"
    assert page.evaluate(LABELS, "score") == page.evaluate(LABELS, "win-score") == ["Amount"]
    # A new game with Normal scoring: the same places say Score again.
    page.click("#btn-new")
    page.wait_for_selector("#dlg-new[open]")
    page.check("input[name=scoring][value=N]")
    page.click("#new-deal")
    page.wait_for_function("document.querySelector('[data-code]').dataset.code.startsWith('KL1-D1N-')")
    assert page.inner_text("#score") == "0"
    assert page.evaluate(LABELS, "score") == page.evaluate(LABELS, "win-score") == ["Score"]


def deal_winnable(page: Page) -> str:
    before = page.get_attribute("[data-code]", "data-code")
    page.click("#btn-new")
    page.wait_for_selector("#dlg-new[open]")
    page.check("#new-winnable")
    page.click("#new-deal")
    page.wait_for_function("code => document.querySelector('[data-code]').dataset.code !== code", arg=before)
    return str(page.get_attribute("[data-code]", "data-code"))


def test_winnable_deals_only_deals_each_proven_deal_once_before_any_repeats(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D3V-AAAAAAB")
    shipped = len(seeds_for("KL1-D3V"))
    dealt = [deal_winnable(page) for _ in range(shipped // 2)]
    page.reload()  # the order is kept with the settings
    wait_ready(page)
    dealt += [deal_winnable(page) for _ in range(shipped - len(dealt))]
    assert all(code.startswith("KL1-D3V-") for code in dealt)
    assert len(set(dealt)) == shipped, "a proven deal came again before every other one was dealt"
    assert deal_winnable(page) != dealt[-1]
