"""Honest records in the browser: a hint makes the game's win one with help, kept over a
reload; the win summary says so, and the Stats dialog counts it apart. A win without a
hint says "Won without help". The summary's line is read with the rest of the dialog."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from tests.browser.axe import assert_clean
from tests.browser.conftest import wait_ready
from tests.browser.helpers import play_last_move, wait_idle
from tests.browser.records import near_win
from ui.model.storage import GAME_KEY


def stats_rows(page: Page) -> dict[str, str]:
    page.click("#btn-stats")
    page.wait_for_selector("#dlg-stats[open]")
    rows: dict[str, str] = dict(
        page.eval_on_selector_all(
            "#stats-table tr",
            "rows => rows.map(r => [r.querySelector('th').textContent, r.querySelector('td').textContent])",
        )
    )
    return rows


def win_summary_help(page: Page) -> str:
    """The win summary's line on help, as a screen reader finds it: shown, inside the open dialog."""
    return str(
        page.evaluate(
            """() => {
                const line = document.getElementById('win-help');
                const shown = line.closest('dialog[open]') && !line.closest('[hidden]')
                    && line.getClientRects().length > 0 && line.getAttribute('aria-hidden') !== 'true';
                return shown ? line.textContent : '(not shown)';
            }"""
        )
    )


def test_a_hint_makes_the_win_one_with_help_even_after_a_reload(open_game: Callable[..., Page]) -> None:
    link, last = near_win()
    page = open_game(link)
    page.keyboard.press("h")  # the first stage (the pile to look at) is help already
    page.wait_for_function("Boolean(document.body.dataset.hintStage)")
    # The help is saved with the game at once: a reload resumes it with its help.
    page.wait_for_function(
        "key => (JSON.parse(localStorage.getItem(key) || '{}').helped || '').includes('hint')", arg=GAME_KEY
    )
    page.reload()
    wait_ready(page)
    wait_idle(page)
    play_last_move(page, last, keep_summary=True)
    assert win_summary_help(page) == "Won with help: hints"
    assert_clean(page, "the win summary with help")
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-win", state="hidden")
    rows = stats_rows(page)
    assert (rows["Games won"], rows["Won without help"]) == ("1", "0")
    assert (rows["Best streak"], rows["Best streak without help"]) == ("1", "0")
    assert "with help or without" in page.inner_text("#stats-streaks")


def test_a_win_without_a_hint_says_so(open_game: Callable[..., Page]) -> None:
    link, last = near_win()
    page = open_game(link)
    wait_idle(page)
    play_last_move(page, last, keep_summary=True)
    assert win_summary_help(page) == "Won without help"
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-win", state="hidden")
    rows = stats_rows(page)
    assert (rows["Games won"], rows["Won without help"], rows["Best streak without help"]) == ("1", "1", "1")
