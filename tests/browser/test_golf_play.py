"""Golf in the browser: a real deal with taps, a refused tap that says its rule and opens
it, the stock, undo, a reload, its keys, and the New game dialog's Turn the corner."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from tests.browser.conftest import screenshot, wait_ready
from tests.browser.helpers import (
    cards_in,
    click_card,
    moves,
    pile_of,
    score,
    status,
    tap_stock,
    wait_idle,
    wait_moves,
    wait_status,
)

# The deal, column by column, bottom to top (engine/golf.py's doctest):
# t1 8h 6h Kh 3h Qs   t2 2s Ac 3c Kd 9h   t3 Ks 6d 2h 6c 5c   t4 Kc Ad 7c Ah 5s
# t5 4s 7d 7s Tc 8d   t6 5d 4h 7h 9c 9s   t7 Th Jd 3s 5h 4c   waste 4d, 16 in the stock
DEAL = "GF1-N-AAAAAAI"


def test_a_golf_deal_plays_onto_its_waste(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + DEAL, width=360, height=640)
    assert page.get_attribute("body", "data-game") == "GF"
    assert page.locator("[data-pile^='t']").count() == 7
    assert page.locator("[data-pile^='f']").count() == 0
    assert cards_in(page, "w") == ["4d"]
    assert cards_in(page, "t3") == ["Ks", "6d", "2h", "6c", "5c"]
    assert score(page) == "35"  # strokes: the cards in the columns
    assert not page.is_visible("#figure")  # no figure of its own (TriPeaks' run)

    # A tap plays a column's last card onto the waste.
    click_card(page, "5c")
    wait_moves(page, 1)
    assert pile_of(page, "5c") == "w"
    assert score(page) == "34"

    # A tap on a card that can't go says the rule, and Why? opens it.
    click_card(page, "9h")
    page.wait_for_selector("[role=status] .why")
    assert "9 of hearts" in status(page)
    assert "5 of clubs" in status(page)
    assert moves(page) == 1
    assert pile_of(page, "9h") == "t2"
    page.click("[role=status] .why")
    page.wait_for_selector("#dlg-rules[open] #gf-columns.why")
    screenshot(page, "golf-rules-why")
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-rules[open]", state="detached")

    # The stock turns a card; a chain of neighbours follows (6c on the 5c … here 4c/6c).
    tap_stock(page)
    wait_moves(page, 2)
    assert len(cards_in(page, "w")) == 3
    screenshot(page, "golf-phone")

    # Undo takes everything back, and a reload comes back to where the game was.
    page.click("#btn-undo")
    wait_moves(page, 1)
    page.reload()
    wait_ready(page)
    wait_idle(page)
    assert moves(page) == 1
    assert cards_in(page, "w") == ["4d", "5c"]


def test_new_game_offers_golf_with_turn_the_corner(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG", width=640, height=360)
    page.click("#btn-new")
    page.check("#dlg-new input[name=game][value=GF]")
    assert page.is_visible("#opt-corner")
    assert not page.is_visible("#opt-draw")
    assert page.is_visible("#new-winnable")  # the solver knows Golf
    page.check("#dlg-new input[name=corner][value=W]")
    assert (page.get_attribute("#new-code", "placeholder") or "").startswith("GF1-W-")
    page.fill("#new-code", "GF1-W-AAAAAAI")
    page.click("#dlg-new button[type=submit]")
    page.wait_for_function("document.querySelector('[data-code]').dataset.code === 'GF1-W-AAAAAAI'")
    wait_idle(page)
    assert cards_in(page, "w") == ["4d"]
    # With Turn the corner the King of spades under t3 is a neighbour of an Ace: the
    # rules tab of the game on the table is Golf's.
    page.click("#btn-rules")
    page.wait_for_selector("#dlg-rules[open]")
    assert page.is_checked("#rules-game input[value=GF]")
    assert page.locator("#gf-corner").count() == 1
    # The picture of the deal holds its top row: the stock and the waste's card sit inside it.
    inside = page.evaluate(
        """() => {
        const picture = document.querySelector('#gf-deal .diagram').getBoundingClientRect();
        return [...document.querySelectorAll('#gf-deal .diagram-top > *')].map(el => {
            const box = el.getBoundingClientRect();
            return box.top >= picture.top && box.bottom <= picture.bottom;
        });
    }"""
    )
    assert inside == [True, True]


def test_a_lost_golf_game_is_said_once_and_undo_stays(open_game: Callable[..., Page]) -> None:
    """``GF1-N-AAAAAAC``: turning all 16 stock cards without playing leaves no column card
    that can go on the last one. The status line says the game is lost; Undo still works."""
    page = open_game("#GF1-N-AAAAAAC", width=360, height=640)
    for turned in range(1, 17):
        page.keyboard.press("d")
        wait_moves(page, turned)
    wait_status(page, "this game is lost")
    assert page.is_enabled("#btn-undo")
    page.click("#btn-undo")
    wait_moves(page, 15)
    assert "lost" not in status(page)
