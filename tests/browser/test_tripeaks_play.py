"""TriPeaks in the browser: overlapping cards on a phone, a tap that plays a free card onto
the waste, a refused tap that says its rule, the keys walking the free cards, a card
turning up once both cards over it are gone, each card's name for screen readers, and a
reload that keeps the game."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from tests.browser.conftest import screenshot, wait_ready
from tests.browser.helpers import cards_in, click_card, moves, pile_of, score, status, wait_idle, wait_moves

# engine/tripeaks.py's doctest: the bottom row p19-p28 is 2s Ah 6c Ks Kd Td Tc Jc Th 8c,
# the waste starts with the Queen of spades; Turn the corner is on (a King takes an Ace).
DEAL = "TP1-W-AAAAAAB"


def _label(page: Page, pile: str) -> str:
    return page.get_attribute(f"[data-pile='{pile}']", "aria-label") or ""


def test_a_tripeaks_deal_plays_by_taps_and_keys(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + DEAL, width=360, height=640)
    assert page.get_attribute("body", "data-game") == "TP"
    assert page.locator("[data-pile^='p'] .card").count() == 28
    assert page.locator("[data-pile^='p'] .card[data-face='up']").count() == 10
    assert cards_in(page, "w") == ["Qs"]
    assert _label(page, "p19") == "TriPeaks, row 4, card 1: 2 of spades, free"
    assert _label(page, "p10") == "TriPeaks, row 3, card 1: face-down card"
    # Every card of the peaks lies inside the table, no page scroll.
    inside = page.evaluate(
        """() => {
        const board = document.querySelector('.board').getBoundingClientRect();
        return [...document.querySelectorAll("[data-pile^='p'] .card")].every(card => {
            const r = card.getBoundingClientRect();
            return r.left >= board.left && r.right <= board.right + 0.5 && r.bottom <= board.bottom + 0.5;
        }) && document.scrollingElement.scrollHeight <= innerHeight;
    }"""
    )
    assert inside

    # A tap sends a free card that fits onto the waste: the King of spades on the Queen.
    click_card(page, "Ks")
    wait_moves(page, 1)
    assert pile_of(page, "Ks") == "w"
    assert score(page) == "1"

    # A free card that does not fit says why, with Why?.
    click_card(page, "6c")
    page.wait_for_selector("[role=status] .why")
    assert "6 of clubs" in status(page)
    assert moves(page) == 1

    # The keys: a digit goes to that free card (2: the Ace of hearts), Enter plays it.
    page.keyboard.press("2")
    page.keyboard.press("Enter")
    wait_moves(page, 2)
    assert pile_of(page, "Ah") == "w"
    page.keyboard.press("1")  # the 2 of spades, now the first free card
    page.keyboard.press("Enter")
    wait_moves(page, 3)
    # Both cards over p10 are gone: it turned up by itself, and its name says it is free.
    page.wait_for_selector("[data-pile='p10'] .card[data-face='up']")
    assert _label(page, "p10").endswith(", free")
    assert "turned up" in status(page) or "onto" in status(page)
    assert score(page) == "6"  # a run of three: 1 + 2 + 3
    # The header shows the run, and the words of each move say it.
    assert page.is_visible("#figure")
    assert page.text_content("#figure-label") == "Run"
    assert page.text_content("#figure-value") == "3"
    screenshot(page, "tripeaks-phone")

    page.reload()
    wait_ready(page)
    wait_idle(page)
    assert moves(page) == 3
    assert page.locator("[data-pile='p10'] .card[data-face='up']").count() == 1
