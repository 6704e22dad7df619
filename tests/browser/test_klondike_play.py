"""Klondike in the browser: real pointer events on a known deal.

KL1-D1N-AAAAAAG deals Ad Jc Kd Tc 9d 3s Ah face up on columns 1-7.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from tests.browser.conftest import Traffic
from tests.browser.helpers import (
    box,
    card_selector,
    cards_in,
    click_card,
    drag,
    follow_link,
    moves,
    pile_of,
    score,
    status,
    tap_stock,
    wait_idle,
    wait_moves,
    wait_status,
)

CODE = "KL1-D1N-AAAAAAG"


def test_drag_refusal_stock_and_undo(open_game: Callable[..., Page], traffic: Traffic) -> None:
    page = open_game("#" + CODE)
    assert page.get_attribute("[data-code]", "data-code") == CODE
    assert page.evaluate("location.hash") == "#" + CODE
    # Face-down cards keep their secret: no name in the DOM.
    assert page.locator("[data-face='down'][data-card]").count() == 0
    assert page.locator("[data-pile='t7'] [data-face='down']").count() == 6
    assert cards_in(page, "t5") == ["#", "#", "#", "#", "9d"]

    # A legal drag: 9d onto the 10 of clubs; the column below turns its card up.
    node_before = page.evaluate("document.querySelector(\"[data-card='9d']\").__probe = 1")
    highlighted = drag(page, "9d", "t4")
    assert highlighted == ["t4"]
    assert pile_of(page, "9d") == "t4"
    assert cards_in(page, "t4")[-2:] == ["Tc", "9d"]
    assert cards_in(page, "t5") == ["#", "#", "#", "7d"]
    assert moves(page) == 1
    assert score(page) == "5"
    assert page.inner_text("[data-score]") == "5"
    assert page.evaluate("document.querySelector(\"[data-card='9d']\").__probe") == 1, "the card's node was reused"
    del node_before

    # A refused drag: the King of diamonds onto the Ace: the rule shows, the King slides back.
    drag(page, "Kd", "t1")
    assert pile_of(page, "Kd") == "t3"
    assert "can't go on the Ace of diamonds" in status(page)
    assert moves(page) == 1
    kd = box(page, card_selector("Kd"))
    kd_pile = box(page, "[data-pile='t3']")
    assert abs(kd.x - kd_pile.x) < 1

    # Tap the stock: one card turns onto the waste.
    tap_stock(page)
    wait_moves(page, 2)
    assert cards_in(page, "w") == ["Qh"]
    assert len(cards_in(page, "s")) == 23

    # Undo with the button, then with Ctrl+Z: score and cards come back.
    page.click("#btn-undo")
    wait_moves(page, 1)
    assert cards_in(page, "w") == []
    page.keyboard.press("Control+z")
    wait_moves(page, 0)
    wait_idle(page)
    assert score(page) == "0"
    assert cards_in(page, "t5") == ["#", "#", "#", "#", "9d"]
    assert cards_in(page, "t4")[-1] == "Tc"
    assert page.is_disabled("#btn-undo")
    assert traffic.errors == [], traffic.errors


def test_taps_foundation_drops_and_take_back(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + CODE)
    # A single tap sends the Ace of diamonds to its foundation (slot 3).
    click_card(page, "Ad")
    wait_moves(page, 1)
    assert pile_of(page, "Ad") == "f3"
    assert score(page) == "10"
    # A double tap finds a tableau place: the 9 of diamonds onto the 10 of clubs.
    wait_idle(page)
    page.mouse.dblclick(*box(page, card_selector("9d")).grab)
    wait_moves(page, 2)
    assert pile_of(page, "9d") == "t4"
    # A double tap on a King looks for an empty column.
    wait_idle(page)
    page.mouse.dblclick(*box(page, card_selector("Kd")).grab)
    wait_moves(page, 3)
    assert pile_of(page, "Kd") == "t1"
    # A card dropped on any foundation goes to its own slot: the Ace of hearts dropped on f4.
    drag(page, "Ah", "f4")
    wait_moves(page, 4)
    assert pile_of(page, "Ah") == "f2"
    # A tap on a card with nowhere to go does nothing and says nothing.
    click_card(page, "3s")
    wait_idle(page)  # a tap is answered as it ends: the frames after it show what it did
    assert moves(page) == 4


def test_touch_taps_on_a_phone(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + CODE, width=360, height=640, has_touch=True, is_mobile=True)
    wait_idle(page)
    page.touchscreen.tap(*box(page, card_selector("Ah")).grab)
    wait_moves(page, 1)
    assert pile_of(page, "Ah") == "f2"
    wait_idle(page)
    x, y = box(page, card_selector("9d")).grab
    page.touchscreen.tap(x, y)
    page.touchscreen.tap(x, y)
    wait_moves(page, 2)
    assert pile_of(page, "9d") == "t4"
    wait_idle(page)
    page.touchscreen.tap(*box(page, "[data-pile='s']").center)
    wait_moves(page, 3)
    assert len(cards_in(page, "w")) == 1


def test_foundation_cards_drag_back_except_in_classic(open_game: Callable[..., Page]) -> None:
    # KL1-D1N-AAAAAAK: after t1>f the Ace of spades is on f1 and column 7 ends in a red 2.
    page = open_game("#KL1-D1N-AAAAAAK%20t1%3Ef")
    assert pile_of(page, "As") == "f1"
    assert "at move 1" in status(page)
    assert moves(page) == 1
    highlighted = drag(page, "As", "t7")
    assert highlighted == ["t7"]
    wait_moves(page, 2)
    assert pile_of(page, "As") == "t7"
    assert score(page) == "10", "a take-back scores 0"

    # Classic rules (opened on the same page through the hash).
    classic = page
    follow_link(classic, "#KL1-D1C-AAAAAAK%20t1%3Ef")
    assert pile_of(classic, "As") == "f1"
    wait_idle(classic)
    start = box(classic, card_selector("As")).grab
    classic.mouse.move(*start)
    classic.mouse.down()
    classic.mouse.move(start[0] + 40, start[1] + 120, steps=6)
    lifted = classic.locator(".card.lifted").count()
    classic.mouse.up()
    assert lifted == 0, "Classic rules: foundation cards never come back"
    assert pile_of(classic, "As") == "f1"


def test_draw_three_fan_and_recycle(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D3N-AAAAAAG")
    tap_stock(page)
    wait_moves(page, 1)
    wait_idle(page)
    waste = cards_in(page, "w")
    assert len(waste) == 3
    xs = [box(page, card_selector(card, "w")).x for card in waste]
    assert xs[0] < xs[1] < xs[2], "the three drawn cards fan out, the top one rightmost"
    # Eight draws empty the stock; the next tap turns the waste back over.
    for n in range(2, 9):
        tap_stock(page)
        wait_moves(page, n)
    assert cards_in(page, "s") == []
    assert page.locator("[data-pile='s'] .mark svg").count() == 1
    tap_stock(page)
    wait_moves(page, 9)
    wait_status(page, "turned back into the stock")
    assert len(cards_in(page, "s")) == 24
    assert cards_in(page, "w") == []
    assert score(page) == "0"


def test_vegas_refuses_a_second_pass_and_shows_dollars(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D3V-AAAAAAG")
    assert score(page) == "-$52"
    for n in range(1, 9):
        tap_stock(page)
        wait_moves(page, n)
    tap_stock(page)
    wait_status(page, "Vegas scoring goes through the stock once only")
    assert moves(page) == 8
    click_card(page, "Ad")
    wait_moves(page, 9)
    assert score(page) == "-$47"
