"""The whole page in Thai and Khmer: no English left on any screen, no axe violation,
no text overflowing its box at 360x640 (English too), and screenshots to look at."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.axe import assert_clean
from tests.browser.conftest import screenshot
from tests.browser.helpers import (
    cards_in,
    click_card,
    english_left,
    wait_dialogs_closed,
    wait_drawn,
    wait_idle,
    wait_moves,
)
from tests.browser.records import WIN_RECORD
from ui.model.hashlink import record_hash

OVERFLOWING = """() => [...document.querySelectorAll(
        'button, label, legend, .seg span, .stat, dt, dd, th, td, h2, h3, .tool span, .rules-toc a, .check span, '
        + '#status span'
    )].filter(el => {
        if (el.closest('[hidden], dialog:not([open])')) return false;
        const style = getComputedStyle(el);
        if (style.display === 'none' || style.visibility === 'hidden' || el.clientWidth <= 1) return false;
        const cut = el.scrollHeight > el.clientHeight + 2 && style.overflowY === 'hidden';
        return el.scrollWidth > el.clientWidth + 1 || cut;
    }).map(el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' + el.textContent.trim().slice(0, 40)
        + '" ' + el.scrollWidth + '>' + el.clientWidth)"""


def overflowing(page: Page) -> list[str]:
    found: list[str] = page.evaluate(OVERFLOWING)
    return found


def check_screen(page: Page, language: str, where: str, problems: dict[str, list[str]]) -> None:
    """Gather what is wrong with the screen as it is (checked at the end, all screens at once)."""
    if language != "en":
        problems["english"] += [f"{where}: {line}" for line in english_left(page)]
    problems["overflow"] += [f"{where}: {line}" for line in overflowing(page)]


def open_in(open_game: Callable[..., Page], language: str, hash_: str, width: int, height: int) -> Page:
    page = open_game(hash_, width=width, height=height, locale={"en": "en-US", "th": "th-TH", "km": "km-KH"}[language])
    assert page.evaluate("document.documentElement.lang") == language
    wait_idle(page)
    return page


def tour(page: Page, language: str, size: str, axe: bool) -> dict[str, list[str]]:
    """Every screen of the game: the table with a refused move, each dialog, the rules of
    both families, Spider's table and the win summary."""
    problems: dict[str, list[str]] = {"english": [], "overflow": []}
    shots = language != "en"

    def screen(where: str, shot: str = "") -> None:
        check_screen(page, language, where, problems)
        if axe:
            assert_clean(page, f"{language} {where}")
        if shot and shots:
            screenshot(page, f"{language}-{size}-{shot}")

    # A refused move: the rule, and "Why?".
    page.keyboard.press("2")
    page.keyboard.press("Enter")
    page.keyboard.press("1")
    page.keyboard.press("Enter")
    page.wait_for_selector("#status .why")
    screen("table, refused move", "table")
    page.click("#status .why")
    page.wait_for_selector("#dlg-rules[open]")
    assert page.evaluate("document.activeElement.closest('section').id") == "kl-columns"
    screen("rules at the refused rule", "rules")
    page.check("#rules-game input[value='SD']")
    screen("Spider rules")
    page.keyboard.press("Escape")
    page.focus("#board")
    page.keyboard.press("Escape")  # the held cards go back down

    for button, dialog, shot in (
        ("#btn-new", "#dlg-new", "new-game"),
        ("#btn-settings", "#dlg-settings", ""),
        ("#btn-stats", "#dlg-stats", ""),
        ("#btn-daily", "#dlg-daily", ""),
        ("?", "#dlg-help", ""),
    ):
        if button == "?":
            page.keyboard.press("?")  # the Keys button is not on phones
        else:
            page.click(button)
        page.wait_for_selector(f"{dialog}[open]")
        screen(dialog, shot)
        page.keyboard.press("Escape")
        wait_dialogs_closed(page)  # its history entry taken back: the link below is not taken for its going

    page.evaluate("hash => { location.hash = hash; }", "#SP1-S2-AAAAAAB")
    page.wait_for_function("() => document.querySelector('[data-code]').dataset.code === 'SP1-S2-AAAAAAB'")
    wait_idle(page)
    screen("Spider table", "spider")

    page.evaluate("hash => { location.hash = hash; }", record_hash(WIN_RECORD))
    page.wait_for_function("() => document.querySelector('[data-moves]').dataset.moves === '101'")
    wait_idle(page)
    click_card(page, cards_in(page, "t4")[-1])
    wait_moves(page, 102)
    page.wait_for_selector("#dlg-win[open]")
    wait_drawn(page)
    screen("win summary", "win")
    return problems


@pytest.mark.parametrize("language", ["th", "km"])
def test_phone_screens_speak_only_the_language_fit_and_pass_axe(open_game: Callable[..., Page], language: str) -> None:
    page = open_in(open_game, language, "#KL1-D1N-AAAAAAG", 360, 640)
    problems = tour(page, language, "360x640", axe=True)
    assert problems == {"english": [], "overflow": []}


@pytest.mark.parametrize("language", ["th", "km"])
def test_desktop_screens(open_game: Callable[..., Page], language: str) -> None:
    page = open_in(open_game, language, "#KL1-D1N-AAAAAAG", 1440, 900)
    problems = tour(page, language, "1440x900", axe=False)
    assert problems == {"english": [], "overflow": []}


@pytest.mark.parametrize(("language", "width", "height"), [("en", 360, 640), ("th", 640, 360), ("km", 640, 360)])
def test_no_text_overflows_its_box(open_game: Callable[..., Page], language: str, width: int, height: int) -> None:
    page = open_in(open_game, language, "#KL1-D1N-AAAAAAG", width, height)
    problems = tour(page, language, f"{width}x{height}", axe=False)
    assert problems["overflow"] == []


def test_the_english_check_finds_english(open_game: Callable[..., Page]) -> None:
    page = open_in(open_game, "th", "#KL1-D1N-AAAAAAG", 360, 640)
    assert english_left(page) == []
    page.evaluate("document.querySelector('#status').textContent = 'Only a King goes there'")
    page.evaluate("document.getElementById('btn-new').setAttribute('aria-label', 'New game')")
    found: Any = english_left(page)
    assert any("Only King goes there" in line for line in found)
    assert any("New game" in line for line in found)
    page.evaluate("document.querySelector('#btn-undo span').style.width = '4px'")
    page.evaluate("document.querySelector('#btn-undo span').style.display = 'block'")
    page.evaluate("document.querySelector('#btn-undo span').style.overflow = 'hidden'")
    assert any("btn" in line or "span" in line for line in overflowing(page))


TOOL_LABELS = """() => [...document.querySelectorAll('.bar .tool span')].filter(s => s.offsetWidth > 0).map(span => {
    const range = document.createRange();
    range.selectNodeContents(span);
    const r = range.getBoundingClientRect();
    return [span.textContent.trim(), r.left, r.right, Math.round(r.top)];
})"""
"""The toolbar's visible labels, left to right in each row: each one's words, where they
start and end, and the top of its row."""


@pytest.mark.parametrize("language", ["en", "th", "km"])
def test_the_toolbar_labels_stand_apart_on_a_phone(open_game: Callable[..., Page], language: str) -> None:
    """Nine labels share a phone's width, in two rows: the space is shared out so that no
    two neighbours in a row run together ("เริ่มใหม่ย้อนกลับ" reads as one word)."""
    page = open_in(open_game, language, "#KL1-D1N-AAAAAAG", 360, 640)
    wait_drawn(page)
    labels = page.evaluate(TOOL_LABELS)
    assert len(labels) >= 8, labels
    close = [
        f"{left[0]} | {right[0]}: {right[1] - left[2]:.1f} px"
        for left, right in pairwise(labels)
        if right[3] == left[3] and right[1] - left[2] < 4
    ]
    assert close == [], labels


@pytest.mark.parametrize("language", ["en", "th", "km"])
def test_the_toolbar_fits_the_narrowest_phone(open_game: Callable[..., Page], language: str) -> None:
    """At 320 px (the narrowest phones still sold) every tool and its label is on the screen."""
    page = open_in(open_game, language, "#KL1-D1N-AAAAAAG", 320, 568)
    wait_drawn(page)
    off = page.evaluate(
        "[...document.querySelectorAll('.bar .tool')].filter(t => t.offsetWidth > 0)"
        ".map(t => [t.getAttribute('aria-label') || t.textContent.trim(), t.getBoundingClientRect().right])"
        ".filter(([, right]) => right > innerWidth)"
    )
    assert off == [], f"tools past the screen's edge at 320 px: {off}"
    labels = page.evaluate(TOOL_LABELS)
    assert [label for label in labels if label[2] > 320] == [], labels
