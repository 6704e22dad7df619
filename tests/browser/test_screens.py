"""Screenshots of the games at phone and desktop size, for a person to look at.

Each one also checks that the whole table fits: every card inside the window,
no page scrolling, the header on one screen width.

At each size: a fresh table, the longest Klondike and Spider columns the records below
reach, a drag in progress and the win's cascade mid-way (with ``SOLITAIRE_EVIDENCE`` set,
as ``tools/screens.py`` runs it, exactly those), and a few more tables.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import screenshot
from tests.browser.helpers import (
    CASCADE_UNDER_WAY,
    box,
    card_selector,
    cards_in,
    click_card,
    follow_link,
    tap_stock,
    top_box,
    wait_idle,
    wait_moves,
)
from tests.browser.records import KLONDIKE_LONG, SPIDER_LONG, WIN_RECORD
from ui.model.games import pages
from ui.model.hashlink import record_hash

SPIDERETTE = "SD1-S2-AAAAABC t6>t5 t3>t4 s"

EVIDENCE = {
    "fresh": ("#KL1-D1N-AAAAAAG", 0),
    "klondike-long": (record_hash(KLONDIKE_LONG), 0),
    "spider-long": (record_hash(SPIDER_LONG), 0),
}
"""The tables looked at for the cards' readability (with the drag and the cascade below)."""
MORE = {
    "klondike": ("#KL1-D1N-AAAAAAG%20t1%3Ef%20t5%3Et4%20s%20s", 0),
    "klondike-draw3": ("#KL1-D3V-AAAAAAG", 2),
    "spiderette": (record_hash(SPIDERETTE), 0),
    "spider": ("#SP1-S4-AAAAAAB", 1),
    # Every game's deal How to play draws, from the registry: each fits without scrolling.
    **{f"deal-{page.game.lower()}": ("#" + page.diagram_code, 0) for page in pages()},
}
SCENES = EVIDENCE if os.environ.get("SOLITAIRE_EVIDENCE") else {**EVIDENCE, **MORE}
SIZES = {
    "phone": (360, 640),
    "desktop": (1440, 900),
    "landscape": (640, 360),
    "tablet": (768, 1024),
    "large": (1920, 1080),
}


def check_fits(page: Page) -> None:
    width, height = page.evaluate("[innerWidth, innerHeight]")
    scroll = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert scroll[0] <= width
    assert scroll[1] <= height
    off = page.evaluate(
        """([w, h]) => [...document.querySelectorAll('.card')].map(c => c.getBoundingClientRect())
            .filter(r => r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5).length""",
        [width, height],
    )
    assert off == 0, "every card stays on screen"
    header = page.evaluate(
        "(() => { const b = document.querySelector('.bar'); return [b.scrollWidth, b.clientWidth]; })()"
    )
    assert header[0] <= header[1], "the header fits the width"


def open_scene(page: Page, hash_: str, stock_taps: int) -> None:
    """Open a scene on a running page through the hash (no reload)."""
    played = hash_.count("%20")
    follow_link(page, hash_, moves=played)
    for n in range(stock_taps):
        tap_stock(page)
        wait_moves(page, played + n + 1)


@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots(open_game: Callable[..., Page], size: str) -> None:
    width, height = SIZES[size]
    page = open_game("#KL1-D1N-AAAAAAA", width=width, height=height)
    large = bool(os.environ.get("SOLITAIRE_LARGE_CARDS"))
    if large:
        page.click("#btn-settings")
        page.check("#set-large")
        page.keyboard.press("Escape")
    size = f"{width}x{height}" + ("-large" if large else "")
    for scene, (hash_, stock_taps) in SCENES.items():
        open_scene(page, hash_, stock_taps)
        page.evaluate("document.querySelector('#status').textContent = ''")
        wait_idle(page)
        check_fits(page)
        deck = 104 if hash_.startswith("#SP") else 52
        assert page.locator(".card").count() == deck, "one element per card, none left from the last game"
        screenshot(page, f"{size}-{scene}")
    # A drag in progress: the lifted card and the pile that accepts it.
    open_scene(page, "#KL1-D1N-AAAAAAG", 0)
    wait_idle(page)
    start = box(page, card_selector("9d")).grab
    target = top_box(page, "t4")
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(target.x + target.w * 0.6, target.y + target.h * 0.5, steps=6)
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert page.eval_on_selector_all(".pile.target", "els => els.map(e => e.dataset.pile)") == ["t4"]
    # The dragged card lifts: larger, with a deeper shadow.
    page.wait_for_function(
        "sel => { const el = document.querySelector(sel); "
        "return el.classList.contains('lifted') && getComputedStyle(el).scale === '1.06'; }",
        arg=card_selector("9d"),
    )
    screenshot(page, f"{size}-dragging")
    page.mouse.up()
    wait_moves(page, 1)
    # The win cascade, mid-way.
    open_scene(page, record_hash(WIN_RECORD), 0)
    wait_idle(page)
    click_card(page, cards_in(page, "t4")[-1])
    page.wait_for_function(CASCADE_UNDER_WAY)
    screenshot(page, f"{size}-win-cascade")
    page.click("#celebration")
    page.wait_for_selector("#dlg-win[open]")
