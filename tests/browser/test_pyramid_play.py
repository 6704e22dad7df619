"""Pyramid in the browser: a King goes with one tap, a tap lifts a card and a tap on its
partner removes both, a drag of one card onto its partner does the same, a tap on a
card that makes no pair says the rule, Escape puts a lifted card down, a covered card
says why it can't go, the keys pair cards too, and a reload keeps the game."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from tests.browser.conftest import screenshot, wait_ready
from tests.browser.helpers import click_card, drag, moves, pile_of, status, wait_idle, wait_moves

# The bottom row, p22-p28: 7s 9d Kc Qs 3s 4d Ah; row 6, p16-p21: 6s Js Qd Tc 7d 5h.
DEAL = "PY1-P3-AAAAAAG"


def _lifted(page: Page, card: str) -> bool:
    held = "card => document.querySelector(`[data-card='${card}']`).classList.contains('held')"
    return bool(page.evaluate(held, card))


def test_a_pyramid_deal_plays_by_taps_drags_and_keys(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + DEAL, width=360, height=640)
    assert page.get_attribute("body", "data-game") == "PY"
    assert page.locator("[data-pile^='p'] .card[data-face='up']").count() == 28
    label = page.get_attribute("[data-pile='p28']", "aria-label")
    assert label == "Pyramid, row 7, card 7: Ace of hearts, free"
    assert (page.get_attribute("[data-pile='p16']", "aria-label") or "").endswith(", covered")

    # A King goes alone, with one tap.
    click_card(page, "Kc")
    wait_moves(page, 1)
    assert pile_of(page, "Kc") == "x"

    # A tap lifts the Queen; a tap on the Ace removes both (12 + 1).
    click_card(page, "Qs")
    page.wait_for_function("() => document.querySelector(\"[data-card='Qs']\").classList.contains('held')")
    click_card(page, "Ah")
    wait_moves(page, 2)
    assert pile_of(page, "Qs") == "x"
    assert pile_of(page, "Ah") == "x"
    assert "Removed" in status(page)

    # A drag of the 9 onto the 4 removes the pair.
    drag(page, "9d", "p27")
    wait_moves(page, 3)
    assert pile_of(page, "9d") == "x"
    assert pile_of(page, "4d") == "x"

    # A lifted card and a card that makes no pair with it: the rule, with Why?, and nothing moves.
    click_card(page, "7s")
    page.wait_for_function("() => document.querySelector(\"[data-card='7s']\").classList.contains('held')")
    click_card(page, "3s")
    page.wait_for_selector("[role=status] .why")
    assert "13" in status(page)
    assert moves(page) == 3
    assert not _lifted(page, "7s")

    # Escape puts a lifted card down.
    click_card(page, "7s")
    page.wait_for_function("() => document.querySelector(\"[data-card='7s']\").classList.contains('held')")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector(\"[data-card='7s']\").classList.contains('held')")

    # A covered card (the 6 of spades, under the 7) says why it can't go.
    click_card(page, "6s")
    page.wait_for_selector("[role=status] .why")
    assert "6 of spades" in status(page)
    assert moves(page) == 3
    screenshot(page, "pyramid-phone")

    page.reload()
    wait_ready(page)
    wait_idle(page)
    assert moves(page) == 3
    assert pile_of(page, "Qs") == "x"
