"""FreeCell in the browser: Microsoft's deal 1 with real pointer events, the free
cells, automatic moves home, undo, a reload, and the New game dialog's free cells
and bare deal numbers."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

import engine
from engine.solver import solve
from tests.browser.conftest import screenshot, wait_ready
from tests.browser.helpers import ask_hint, cards_in, click_card, drag, moves, pile_of, status, wait_idle, wait_moves
from ui.model.hashlink import record_hash

# Microsoft's deal 1, column by column, bottom to top (engine/freecell.py).
# t1 Jd Kd 2s 4c 3s 6d 6s    t5 5d Ad Js 4h 8h 6c
# t2 2d Kc Ks 5c Td 8s 9c    t6 7h Qc As Ac 2c 3d
# t3 9h 9s 9d Ts 4s 8d 2h    t7 7c Kh Ah 4d Jh 8c
# t4 Jc 5s Qd Qh Th Qs 6h    t8 5h 3h 3c 7s 7d Tc
DEAL_1 = "FC1-F4-1"


def test_a_freecell_deal_plays_with_its_cells_and_safe_moves_home(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + DEAL_1, width=360, height=640)
    assert page.get_attribute("[data-code]", "data-code") == DEAL_1
    assert page.get_attribute("body", "data-game") == "FC"
    assert page.locator("[data-pile^='t']").count() == 8
    assert sorted(page.eval_on_selector_all("[data-pile^='c']", "els => els.map(e => e.dataset.pile)")) == [
        "c1",
        "c2",
        "c3",
        "c4",
    ]
    assert page.locator("[data-pile='s'], [data-pile='w']").count() == 0
    assert not page.is_visible("#score")  # no score: moves and time
    assert page.is_visible("#moves")
    assert cards_in(page, "t1") == ["Jd", "Kd", "2s", "4c", "3s", "6d", "6s"]

    # Into a free cell, and a refusal that leaves everything where it was.
    drag(page, "6s", "c1")
    wait_moves(page, 1)
    assert pile_of(page, "6s") == "c1"
    drag(page, "9c", "t1")
    assert pile_of(page, "9c") == "t2"
    assert "9 of clubs" in status(page)
    assert moves(page) == 1

    # Two more cards to cells uncover the Ace of clubs: it goes home by itself, then
    # the Ace of spades under it and the 2 of clubs from its cell, each a move of its own.
    drag(page, "3d", "c2")
    wait_moves(page, 2)
    drag(page, "2c", "c3")
    wait_moves(page, 6)
    assert cards_in(page, "f4") == ["Ac", "2c"]
    assert cards_in(page, "f1") == ["As"]
    assert cards_in(page, "c3") == []
    screenshot(page, "freecell-phone")

    # Undo takes back one automatic move at a time.
    page.click("#btn-undo")
    wait_moves(page, 5)
    assert pile_of(page, "2c") == "c3"

    # A tap sends a card home when it can go: the 2 of clubs from its cell.
    click_card(page, "2c")
    wait_moves(page, 6)
    assert pile_of(page, "2c") == "f4"

    # A reload comes back to the same position.
    page.reload()
    wait_ready(page)
    wait_idle(page)
    assert moves(page) == 6
    assert cards_in(page, "c1") == ["6s"]
    assert cards_in(page, "f4") == ["Ac", "2c"]


def test_new_game_offers_free_cells_and_takes_a_bare_deal_number(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG", width=640, height=360)
    page.click("#btn-new")
    page.check("#dlg-new input[name=game][value=FC]")
    assert page.is_visible("#opt-cells")
    assert not page.is_visible("#opt-suits")
    assert not page.is_visible("#opt-draw")
    assert page.get_attribute("#new-code", "placeholder") == "FC1-F4-6"
    page.check("#dlg-new input[name=cells][value='2']")
    assert page.get_attribute("#new-code", "placeholder") == "FC1-F2-6"
    # A bare number is a FreeCell deal, with the free cells chosen.
    page.fill("#new-code", "11982")
    assert page.get_attribute("#new-code", "aria-invalid") is None
    assert "FreeCell, 2 free cells" in page.inner_text("#new-code-msg")
    page.click("#new-deal")
    page.wait_for_function("document.querySelector('[data-code]').dataset.code === 'FC1-F2-11982'")
    wait_idle(page)
    assert page.locator("[data-pile^='c']").count() == 2
    assert cards_in(page, "t1")[0] == "Ah"
    screenshot(page, "freecell-two-cells-sideways")

    # A number past Microsoft's range is refused inline and changes nothing.
    page.click("#btn-new")
    page.fill("#new-code", "99999999999")
    assert page.get_attribute("#new-code", "aria-invalid") == "true"
    page.click("#new-deal")
    assert page.is_visible("#dlg-new")
    assert page.get_attribute("[data-code]", "data-code") == "FC1-F2-11982"


def test_a_hint_on_a_freecell_deal_is_proven_by_the_solver(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + DEAL_1, width=1440, height=900)
    hinted = ask_hint(page)
    # Deal 1 is winnable: the hinted move is one of the deal's legal moves, proven to keep it so.
    assert not hinted.startswith("verdict:"), hinted
    assert page.evaluate("document.body.dataset.hintVerdict") == "proven"
    assert ">" in hinted
    screenshot(page, "freecell-hint-desktop")


def test_a_freecell_win_summary_shows_moves_and_time_and_no_empty_score(open_game: Callable[..., Page]) -> None:
    # FreeCell has no score: the summary has no Score tile at all, not an empty one.
    game = engine.new_game(DEAL_1)
    line = solve(game, seconds=30).moves
    assert line
    *record, last = line
    page = open_game(record_hash(" ".join([DEAL_1, *record])), width=360, height=640)
    wait_idle(page)
    click_card(page, cards_in(page, last.split(">")[0])[-1])  # a tap sends the last card home
    page.wait_for_function("document.body.dataset.won === 'true'")
    page.keyboard.press("Escape")  # a key skips the cascade
    page.wait_for_selector("#dlg-win[open]")
    wait_idle(page)
    assert not page.is_visible("#win-score")
    assert page.inner_text("#win-moves") == str(len(line))
    assert page.is_visible("#win-time")
    tiles = page.eval_on_selector_all(
        "#dlg-win .summary > div", "els => els.filter(e => e.getBoundingClientRect().width > 0).map(e => e.innerText)"
    )
    assert len(tiles) == 2, tiles
    assert all(tile.split("\n")[-1].strip() for tile in tiles), tiles
