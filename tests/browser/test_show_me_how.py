"""Show me how: a hint the solver proved offers its winning line, which the player steps
through (Next, Back), plays to the win (Play) or takes over with a move of their own."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

import engine
from tests.browser.axe import assert_clean
from tests.browser.helpers import ask_hint, moves, play_with_mouse, status, wait_moves
from tests.browser.records import WIN_CODE
from tests.engine.spider_players import play_greedy
from ui.model.hashlink import record_hash
from ui.model.storage import GAME_KEY

pytestmark = pytest.mark.browser

BEFORE_THE_END = 4
"""How many moves before the win the game opens: a line short enough to play to the end."""


def _near_the_end() -> tuple[str, int, str]:
    """A link to a won game ``BEFORE_THE_END`` moves before its win, its move count and
    its record."""
    game = engine.new_game(WIN_CODE)
    assert play_greedy(game)  # type: ignore[arg-type]
    record = " ".join(game.record().split()[:-BEFORE_THE_END])
    return record_hash(record), len(record.split()) - 1, record


def _count(page: Page) -> str:
    return page.inner_text("#show-count")


def _start(page: Page) -> None:
    """Ask for a hint, wait for the solver's proof, take its "Show me how"."""
    answer = ask_hint(page)
    assert not answer.startswith("verdict:"), answer
    page.wait_for_selector("#status-show", state="visible")
    page.click("#status-show")
    page.wait_for_selector("#show-bar", state="visible")


def test_a_proven_hint_shows_its_line_step_by_step_and_plays_it_to_the_win(open_game: Callable[..., Page]) -> None:
    link, played, _record = _near_the_end()
    page = open_game(link, width=360, height=640, has_touch=True)
    assert moves(page) == played
    _start(page)
    total = int(_count(page).rsplit(" ", 1)[-1])
    assert total >= 1
    assert _count(page) == f"Move 0 of {total}"
    assert page.evaluate("document.activeElement.id") == "show-next", "the keys start on Next"
    assert page.is_disabled("#show-back"), "nothing of the line to take back yet"
    # The game is won with help from now on (its save says which).
    page.wait_for_function(
        "key => (JSON.parse(localStorage.getItem(key) || '{}').helped || '').split(' ').includes('show')", arg=GAME_KEY
    )
    assert_clean(page, "Show me how's bar")

    page.click("#show-next")
    wait_moves(page, played + 1)
    page.wait_for_function("() => document.getElementById('show-count').textContent.startsWith('Move 1 ')")
    page.click("#show-back")
    wait_moves(page, played)
    page.wait_for_function("() => document.getElementById('show-count').textContent.startsWith('Move 0 ')")

    # Play: the rest of the line plays by itself, to the win, and the bar goes.
    page.click("#show-play")
    page.wait_for_function("document.body.dataset.won === 'true'", timeout=60_000)
    page.wait_for_selector("#show-bar", state="hidden")
    assert moves(page) == played + total
    assert page.get_attribute("body", "data-showing") is None


def test_a_move_of_the_players_own_takes_over(open_game: Callable[..., Page]) -> None:
    link, played, _record = _near_the_end()
    page = open_game(link, width=640, height=360, has_touch=True)
    _start(page)
    page.click("#show-next")
    wait_moves(page, played + 1)
    # Undo twice: the game goes back past where the line began, which is the player's own.
    page.click("#btn-undo")
    wait_moves(page, played)
    assert page.is_visible("#show-bar"), "back to the line's start is still on the line"
    page.click("#btn-undo")
    wait_moves(page, played - 1)
    page.wait_for_selector("#show-bar", state="hidden")
    assert status(page) == "You took over: play on from here."


def test_a_move_off_the_line_takes_over(open_game: Callable[..., Page]) -> None:
    link, played, record = _near_the_end()
    page = open_game(link)
    _start(page)
    game = engine.replay(record)
    line_move = page.evaluate("document.body.dataset.hint")
    other = next(move for move in game.legal_moves() if str(move) != line_move)
    play_with_mouse(page, game, other)
    wait_moves(page, played + 1)
    page.wait_for_selector("#show-bar", state="hidden")
    assert status(page).endswith("You took over: play on from here.")


def test_escape_puts_the_bar_away_and_the_game_stays(open_game: Callable[..., Page]) -> None:
    link, played, _record = _near_the_end()
    page = open_game(link)
    _start(page)
    page.click("#show-next")
    wait_moves(page, played + 1)
    page.keyboard.press("Escape")
    page.wait_for_selector("#show-bar", state="hidden")
    assert moves(page) == played + 1


def test_another_game_even_the_same_deal_restarted_puts_the_bar_away(open_game: Callable[..., Page]) -> None:
    """A line shown from the deal: the restarted deal is its start again, but a game of its
    own, with no help taken in it yet."""
    page = open_game("#" + WIN_CODE)
    _start(page)
    page.click("#show-next")
    wait_moves(page, 1)
    page.click("#btn-restart")
    wait_moves(page, 0)
    page.wait_for_selector("#show-bar", state="hidden")
    assert page.get_attribute("body", "data-showing") is None


def test_a_dialog_pauses_the_line_playing_by_itself(open_game: Callable[..., Page]) -> None:
    link, played, _record = _near_the_end()
    page = open_game(link)
    _start(page)
    page.click("#show-play")
    page.wait_for_function("document.body.dataset.showing === 'playing'")
    page.click("#btn-settings")
    page.wait_for_selector("#dlg-settings[open]")
    assert page.get_attribute("body", "data-showing") == "paused"
    at = moves(page)
    assert at < played + BEFORE_THE_END, "the line had not reached the win"
    page.keyboard.press("Escape")
    assert page.is_visible("#show-bar")
