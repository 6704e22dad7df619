"""Spiderette and Spider in the browser: real pointer events on known deals and records."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from tests.browser.conftest import Traffic, screenshot
from tests.browser.helpers import (
    box,
    card_at,
    card_selector,
    cards_in,
    drag,
    drag_from,
    moves,
    pile_of,
    score,
    status,
    tap_stock,
    wait_idle,
    wait_moves,
    wait_status,
)

# SD1-S2-AAAAABC deals Qs As 2s 3s 7h 6h 6s face up on columns 1-7.
SPIDERETTE = "SD1-S2-AAAAABC"
# One suit: after these 31 moves, t5:12>t6 lays Queen-to-Ace on a King and completes a run.
RUN_RECORD = (
    "SD1-S1-AAAAAAB t2>t1 t7>t2 t7>t6 t2:2>t7 t1:2>t7 t3>t2 t3>t6 t7:5>t1 s t3>t4 t3>t6 t6:2>t4 "
    "t6:3>t1 t6>t3 s t4>t1 t7>t4 s t2>t4 t1>t3 t4:7>t5 t4>t7 t4>t1 t6>t4 t6>t4 t5:8>t4 t4:11>t5 s "
    "t6>t3 t6>t4 t4:2>t2"
)


def test_spiderette_drag_refusal_deal_and_undo(open_game: Callable[..., Page], traffic: Traffic) -> None:
    page = open_game("#" + SPIDERETTE)
    assert page.get_attribute("[data-code]", "data-code") == SPIDERETTE
    assert score(page) == "500"
    assert page.locator("[data-pile^='t']").count() == 7
    assert page.locator("[data-pile^='r']").count() == 4
    assert page.locator("[data-face='down'][data-card]").count() == 0
    assert len(cards_in(page, "s")) == 24

    # A legal drag: the 6 of hearts onto the 7 of hearts; column 6 turns its next card up.
    highlighted = drag(page, "6h", "t5")
    assert "t5" in highlighted
    wait_moves(page, 1)
    assert pile_of(page, "6h") == "t5"
    assert cards_in(page, "t5")[-2:] == ["7h", "6h"]
    assert cards_in(page, "t6")[-1] == "Jh"
    assert score(page) == "499"

    # A refused drag: the Queen of spades onto the Ace of spades.
    drag(page, "Qs", "t2")
    assert pile_of(page, "Qs") == "t1"
    assert status(page) == "Nothing can go onto an Ace."
    assert moves(page) == 1

    # Tap the stock: one card onto every column.
    tap_stock(page)
    wait_moves(page, 2)
    assert score(page) == "498"
    assert len(cards_in(page, "s")) == 17
    assert [len(cards_in(page, f"t{i}")) for i in range(1, 8)] == [2, 3, 4, 5, 7, 6, 8]

    # Undo twice: the deal and the move come back, with the score.
    page.click("#btn-undo")
    wait_moves(page, 1)
    assert len(cards_in(page, "s")) == 24
    page.keyboard.press("Control+z")
    wait_moves(page, 0)
    wait_idle(page)
    assert score(page) == "500"
    assert cards_in(page, "t6") == ["#", "#", "#", "#", "#", "6h"]
    assert cards_in(page, "t5")[-1] == "7h"
    assert traffic.errors == [], traffic.errors


def test_spiderette_double_click_and_auto_drop(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + SPIDERETTE)
    # Double click (on by default): the 6 of spades goes onto the 7 of hearts.
    wait_idle(page)
    page.mouse.dblclick(*box(page, card_selector("6s")).grab)
    wait_moves(page, 1)
    assert pile_of(page, "6s") == "t5"
    # Auto-drop (off by default): a single click does nothing until it is turned on.
    wait_idle(page)
    page.mouse.click(*box(page, card_selector("2s", "t3")).grab)
    wait_idle(page)  # a tap is answered as it ends: the frames after it show what it did
    assert moves(page) == 1
    page.click("#btn-settings")
    assert page.is_checked("#set-double")
    assert not page.is_checked("#set-autodrop")
    page.check("#set-autodrop")
    page.click("#dlg-settings button[type=submit]")
    wait_idle(page)
    page.mouse.click(*box(page, card_selector("2s", "t3")).grab)
    wait_moves(page, 2)
    assert cards_in(page, "t4")[-2:] == ["3s", "2s"]


def test_spiderette_deal_refused_by_an_empty_column(open_game: Callable[..., Page]) -> None:
    page = open_game("#SD1-S2-AAAAAAB%20t2%3Et1%20t7%3Et2%20t7%3Et6%20t1%3A2%3Et2")
    assert moves(page) == 4
    empty = [i for i in range(1, 8) if not cards_in(page, f"t{i}")]
    assert empty == [1]
    page.mouse.click(*box(page, "[data-pile='s']").center)
    wait_status(page, "Fill every empty column before dealing.")
    assert moves(page) == 4
    assert len(cards_in(page, "s")) == 24


def test_spiderette_run_removed_from_a_game_record(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + RUN_RECORD.replace(" ", "%20").replace(">", "%3E").replace(":", "%3A"))
    assert moves(page) == 31
    assert score(page) == "469"
    assert cards_in(page, "r1") == []
    wait_idle(page)
    t5 = cards_in(page, "t5")
    queen = len(t5) - 12
    drag_from(page, card_at(page, "t5", queen).grab, "t6")
    wait_moves(page, 32)
    wait_status(page, "A run is complete and removed")
    assert len(cards_in(page, "r1")) == 13
    assert score(page) == "568"
    assert cards_in(page, "t6") == ["5s"], "the card under the run turned up"
    wait_idle(page)
    screenshot(page, "spiderette-run-removed-desktop")
    # Undo brings the run back onto the column.
    page.click("#btn-undo")
    wait_moves(page, 31)
    wait_idle(page)
    assert cards_in(page, "r1") == []
    assert len(cards_in(page, "t5")) == len(t5)
    assert score(page) == "469"


def test_spider_drag_refusal_deal_and_undo(open_game: Callable[..., Page]) -> None:
    page = open_game("#SP1-S4-AAAAAAB")
    assert page.locator("[data-pile^='t']").count() == 10
    assert page.locator("[data-pile^='r']").count() == 8
    drag(page, "7s", "t2")
    wait_moves(page, 1)
    assert cards_in(page, "t2")[-2:] == ["8d", "7s"]
    assert score(page) == "499"
    drag(page, "2s", "t7")
    assert "one rank higher" in status(page)
    tap_stock(page)
    wait_moves(page, 2)
    assert len(cards_in(page, "s")) == 40
    page.click("#btn-undo")
    page.click("#btn-undo")
    wait_moves(page, 0)
    wait_idle(page)
    assert score(page) == "500"
    assert cards_in(page, "t3")[-1] == "7s"


def test_a_deal_shows_one_short_line_and_screen_readers_hear_every_card(open_game: Callable[..., Page]) -> None:
    # Spider deals ten cards: the line says it dealt them, the live region names each one.
    page = open_game("#SP1-S1-AAAAAAM", width=360, height=640)
    wait_idle(page)
    tap_stock(page)
    wait_moves(page, 1)
    page.wait_for_selector("#status .status-short")
    shown = page.locator("#status .status-short")
    assert shown.inner_text() == "Dealt a row of 10."
    assert shown.get_attribute("aria-hidden") == "true"
    heard = status(page)  # the live region's words: what a screen reader reads
    assert heard.startswith("Dealt a row of 10: ")
    assert heard.count(" of spades") == 10
    assert page.eval_on_selector("#status span", "el => el.classList.contains('sr-only')")
    line = page.eval_on_selector("#status .status-short", "el => el.getBoundingClientRect().height")
    line_height = page.eval_on_selector("#status", "el => parseFloat(getComputedStyle(el).lineHeight)")
    assert line < 1.5 * line_height, "one line"
    screenshot(page, "spider-deal-status-phone")
