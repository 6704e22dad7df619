""" "Large cards" makes a difference a player sees, on a phone as on a desktop: larger
corner indices always (and so taller strips in a column), and wider cards where the
width leaves room (a phone's Klondike uses nearly its whole width)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import screenshot
from tests.browser.helpers import box, card_selector, wait_idle

# Deal, the face-up card measured (else the first one), size, and the least the card's width and
# its index must grow with the setting, as shares.
CASES = {
    "klondike-phone": ("#KL1-D1N-AAAAAAG", "9d", (360, 640), 1.06, 1.5),
    "klondike-desktop": ("#KL1-D1N-AAAAAAG", "9d", (1440, 900), 1.2, 1.5),
    "spider-phone": ("#SP1-S4-AAAAAAB", "", (360, 640), 1.05, 1.3),
    "spider-desktop": ("#SP1-S4-AAAAAAB", "", (1440, 900), 1.05, 1.4),
}


def measure(page: Page, card: str) -> tuple[float, float]:
    """A face-up card's width and its rank's font size."""
    width = box(page, card_selector(card)).w
    rank = float(
        page.eval_on_selector(card_selector(card) + " .rank", "el => parseFloat(getComputedStyle(el).fontSize)")
    )
    return width, rank


def first_face_up(page: Page) -> str:
    card: str = page.evaluate("document.querySelector(\"[data-pile^='t'] .card[data-face='up']\").dataset.card")
    return card


def set_large(page: Page, on: bool) -> None:
    page.click("#btn-settings")
    page.set_checked("#set-large", on)
    page.keyboard.press("Escape")
    wait_idle(page)


@pytest.mark.parametrize("case", list(CASES))
def test_large_cards_are_visibly_larger(open_game: Callable[..., Page], case: str) -> None:
    hash_, card, (width, height), wider, larger_index = CASES[case]
    page = open_game(hash_, width=width, height=height)
    wait_idle(page)
    card = card or first_face_up(page)
    normal_w, normal_rank = measure(page, card)
    set_large(page, True)
    large_w, large_rank = measure(page, card)
    screenshot(page, f"large-cards-{case}")
    assert large_w >= normal_w * wider, f"cards {normal_w} -> {large_w} px wide"
    assert large_rank >= normal_rank * larger_index, f"indices {normal_rank} -> {large_rank} px"
    # "10" and the suit beside the rank stay inside the card at the larger size.
    inside = page.evaluate(
        """() => [...document.querySelectorAll(".card[data-face='up']")].every(c => {
            const r = c.getBoundingClientRect();
            return [...c.querySelectorAll('.idx, .cs')].every(e => {
                const b = e.getBoundingClientRect();
                return b.left >= r.left && b.right <= r.right + 0.5;
            });
        })"""
    )
    assert inside, "every index stays inside its card"
    set_large(page, False)
    assert measure(page, card) == (normal_w, normal_rank), "turned off, the cards are as before"
