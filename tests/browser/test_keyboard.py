"""Playing with the keyboard alone, as a screen-reader user would, on the real page.

Each game plays a scripted sequence of keys (the same as tests/ui/test_keyboard.py)
and checks, after every step, what the live status line announced; then the
cards on the table. Other tests cover focus, the tab stops, the dialogs'
focus trap and return, the card options and reduced motion.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import screenshot
from tests.browser.helpers import box, card_selector, cards_in, moves, score, wait_idle
from tests.ui.keyboard_scripts import (
    KLONDIKE_CODE,
    KLONDIKE_KEYS,
    SPIDER_CODE,
    SPIDER_KEYS,
    SPIDERETTE_CODE,
    SPIDERETTE_KEYS,
)

Script = Sequence[tuple[tuple[str, ...], str | None]]


STATUS_TEXT = """(() => { const status = document.querySelector('[role=status]').cloneNode(true);
    // What a screen reader reads: without a refusal's "Why?" link or the short form shown of a long message.
    status.querySelectorAll('.why, [aria-hidden=true]').forEach(el => el.remove());
    return status.textContent; })()"""
"""The status line's words, without the "Why?" button a refused move adds."""


def said(page: Page) -> str:
    text: str = page.evaluate(STATUS_TEXT)
    return text.strip().rstrip("\u00a0")


def focused(page: Page) -> str:
    """The focused element's pile and accessible name: "t4 9 of diamonds"."""
    name: str = page.evaluate(
        """(() => { const a = document.activeElement;
            const pile = a.closest('[data-pile]')?.dataset.pile ?? '';
            return (pile + ' ' + (a.getAttribute('aria-label') ?? a.tagName)).trim(); })()"""
    )
    return name


def play_keys(page: Page, script: Script) -> list[str]:
    """Press each step's keys and wait for its announcement; returns what was said."""
    heard = []
    for keys, expected in script:
        before = page.evaluate(STATUS_TEXT)
        for key in keys:
            page.keyboard.press(key)
        if expected is not None:
            page.wait_for_function(
                f"text => {STATUS_TEXT}.replace(/\\u00a0$/, '') === text",
                arg=expected,
            )
        else:
            page.wait_for_function(f"before => {STATUS_TEXT} !== before", arg=before)
        heard.append(said(page))
    return heard


def test_klondike_played_with_the_keyboard_alone(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + KLONDIKE_CODE)
    heard = play_keys(page, KLONDIKE_KEYS)
    assert heard == [text for _, text in KLONDIKE_KEYS]
    wait_idle(page)
    # The engine's state, as the table shows it: 5 actions left after two undos.
    assert moves(page) == 5
    assert score(page) == "35"
    assert cards_in(page, "w") == []
    assert cards_in(page, "f2") == ["Ah"]
    assert cards_in(page, "f3") == ["Ad"]
    assert cards_in(page, "t1") == []
    assert cards_in(page, "t6") == ["#", "#", "#", "#", "Kc", "Qh"]
    assert cards_in(page, "t7")[-2:] == ["4d", "3s"]
    assert len(cards_in(page, "s")) == 23
    assert focused(page) == "s Stock: 23 cards"
    label = page.get_attribute("[data-pile='t6']", "aria-label")
    assert label == "Column 6: 4 face-down cards, King of clubs, Queen of hearts"
    assert_every_pile_and_card_is_named(page)


def assert_every_pile_and_card_is_named(page: Page) -> None:
    unnamed = page.evaluate(
        """[...document.querySelectorAll('#board [data-pile], #board .card')]
            .filter(e => !(e.getAttribute('aria-label') || '').trim() || !e.getAttribute('role'))
            .map(e => e.outerHTML.slice(0, 80))"""
    )
    assert unnamed == []
    names = page.eval_on_selector_all(
        "#board .card[data-face='up']", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert all(" of " in name for name in names)


def test_spiderette_played_with_the_keyboard_alone(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + SPIDERETTE_CODE)
    heard = play_keys(page, SPIDERETTE_KEYS)
    assert heard == [text for _, text in SPIDERETTE_KEYS]
    wait_idle(page)
    assert moves(page) == 3
    assert score(page) == "497"
    assert cards_in(page, "t4")[-3:] == ["3s", "2s", "As"]
    assert cards_in(page, "t5")[-2:] == ["7h", "6h"]
    assert len(cards_in(page, "s")) == 24


def test_spider_played_with_the_keyboard_alone(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + SPIDER_CODE)
    heard = play_keys(page, SPIDER_KEYS)
    assert heard[7].startswith("Dealt a row of 10: ")
    assert [h for h, (_, text) in zip(heard, SPIDER_KEYS, strict=True) if text is not None] == [
        text for _, text in SPIDER_KEYS if text is not None
    ]
    wait_idle(page)
    assert moves(page) == 2
    assert score(page) == "498"
    assert cards_in(page, "t7")[-3:] == ["5c", "4c", "3c"]
    assert len(cards_in(page, "s")) == 50
    assert_every_pile_and_card_is_named(page)
    assert page.get_attribute("[data-pile='s']", "aria-label") == "Stock: 5 deals left. 0 of 8 runs completed"


def test_focus_ring_tab_stops_and_held_cards(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG%20t5%3Et4", width=1440, height=900)
    wait_idle(page)
    # Tab from the header's last control reaches the top row, then the columns: two stops.
    page.focus("#btn-share")
    page.keyboard.press("Tab")
    assert focused(page) == "s Stock: 24 cards"
    page.keyboard.press("Tab")
    assert focused(page) == "t1 Ace of diamonds"
    page.keyboard.press("Shift+Tab")
    assert focused(page) == "s Stock: 24 cards"
    assert page.locator("#board [tabindex='0']").count() == 2
    assert page.locator("#board [tabindex]").count() == 2, "a roving tab stop per area, no more"
    # Arrows: along the columns, then up the face-up cards of column 4.
    page.keyboard.press("ArrowDown")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert focused(page) == "t4 9 of diamonds"
    page.keyboard.press("ArrowUp")
    assert focused(page) == "t4 10 of clubs"
    assert page.locator("#board [tabindex]").count() == 2, "the stops moved with the focus"
    ring = page.evaluate(
        """(() => { const a = document.activeElement; const s = getComputedStyle(a);
            return [a.matches(':focus-visible'), s.outlineStyle, s.outlineColor, s.outlineWidth]; })()"""
    )
    assert ring == [True, "solid", "rgb(255, 213, 79)", "3px"]
    screenshot(page, "keyboard-focus-desktop")
    # Pick up the 10 with the 9 on it: both marked and pressed; nothing takes them here.
    page.keyboard.press("Enter")
    assert said(page) == "Picked up 10 of clubs and 1 card. Choose a pile and press Enter. No pile takes it now."
    held = page.eval_on_selector_all(
        ".card.held", "els => els.map(e => [e.dataset.card, e.getAttribute('aria-pressed')])"
    )
    assert sorted(held) == [["9d", "true"], ["Tc", "true"]]
    page.keyboard.press("3")
    page.keyboard.press("Enter")
    assert said(page).startswith("The 10 of clubs can't go on the King of diamonds")
    assert page.locator(".card.held").count() == 2
    screenshot(page, "keyboard-held-group-desktop")
    page.keyboard.press("Escape")
    assert said(page) == "Put down: nothing moved."
    assert page.locator(".card.held").count() == 0
    assert page.locator("#board [aria-pressed]").count() == 0, "no card is held any more"


def test_digits_of_other_scripts_are_ignored_quietly(open_game: Callable[..., Page]) -> None:
    # "²" is an unshifted key on French AZERTY; "³", "¹", "⁴" and "①" are digits to
    # Python's str.isdigit() but not to int(). Sent as the browser sends them (a US
    # keyboard has no such key to press); the key handler runs before dispatchEvent
    # returns, and an error in it would fail the test as a console error.
    page = open_game("#KL1-D1N-AAAAAAG")
    page.keyboard.press("5")
    assert focused(page) == "t5 9 of diamonds"
    before = said(page)
    for key in ("²", "³", "¹", "⁴", "①"):
        page.evaluate(
            "key => document.activeElement.dispatchEvent("
            "new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true}))",
            key,
        )
        assert focused(page) == "t5 9 of diamonds", key
    wait_idle(page)
    assert said(page) == before
    page.keyboard.press("7")
    assert focused(page).startswith("t7 ")


def test_phone_focus_and_held_group(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG%20t5%3Et4%20s", width=360, height=640)
    wait_idle(page)
    page.keyboard.press("4")
    page.keyboard.press("ArrowUp")
    screenshot(page, "keyboard-focus-phone")
    page.keyboard.press("Enter")
    page.wait_for_selector(".card.held")
    wait_idle(page)
    screenshot(page, "keyboard-held-group-phone")
    # Arrows typed before anything has the focus start on the table.
    page.keyboard.press("Escape")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("ArrowRight")
    assert focused(page).startswith("t")


def test_dialogs_trap_the_focus_and_give_it_back(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG")
    page.keyboard.press("5")
    assert focused(page) == "t5 9 of diamonds"
    # N opens the New game dialog: Tab and Shift+Tab stay inside it.
    page.keyboard.press("n")
    page.wait_for_selector("#dlg-new[open]")
    inside = []
    for key in ["Tab"] * 12 + ["Shift+Tab"] * 12:
        page.keyboard.press(key)
        inside.append(page.evaluate("!!document.activeElement.closest('#dlg-new')"))
    assert all(inside)
    page.keyboard.press("Escape")
    assert not page.is_visible("#dlg-new")
    assert focused(page) == "t5 9 of diamonds", "the focus returns to where it was"
    # The help dialog from "?", its list of keys, then back.
    page.keyboard.press("?")
    page.wait_for_selector("#dlg-help[open]")
    keys = page.inner_text("#help-keys")
    for word in ("Enter", "Escape", "Undo", "Hint", "New game", "foundation", "Draw"):
        assert word in keys
    screenshot(page, "help-dialog-desktop")
    page.keyboard.press("Tab")  # the list of keys: it scrolls on a phone, so the keyboard can reach it
    assert page.evaluate("document.activeElement.matches('#dlg-help .dialog-body')")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('#dlg-help .actions') !== null")
    page.keyboard.press("Enter")
    assert not page.is_visible("#dlg-help")
    assert focused(page) == "t5 9 of diamonds"
    # A header button's dialog gives the focus back to the button.
    page.focus("#btn-settings")
    page.keyboard.press("Enter")
    page.wait_for_selector("#dlg-settings[open]")
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.id") == "btn-settings"
    # H asks for a hint, as the Hint button does: the status line gives it.
    page.evaluate("document.querySelector('[role=status]').textContent = ''")
    page.keyboard.press("h")
    page.wait_for_function("document.querySelector('[role=status]').textContent !== ''")
    assert re.match(r"Hint( \d+ of \d+)?: ", said(page)), said(page)


def test_help_dialog_on_a_phone(open_game: Callable[..., Page]) -> None:
    page = open_game("#SD1-S2-AAAAABC", width=360, height=640)
    page.click("#btn-settings")
    page.click("#settings-keys")
    page.wait_for_selector("#dlg-help[open]")
    screenshot(page, "help-dialog-phone")
    assert page.evaluate("document.activeElement.closest('dialog').id") == "dlg-help"


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_four_colour_deck_and_large_cards(open_game: Callable[..., Page], size: str) -> None:
    width, height = {"phone": (360, 640), "desktop": (1440, 900)}[size]
    page = open_game("#KL1-D1N-AAAAAAG%20t5%3Et4%20s%20t1%3Ef", width=width, height=height)
    wait_idle(page)
    colour = "el => getComputedStyle(el).color"
    assert page.eval_on_selector(card_selector("Jc"), colour) == "rgb(21, 23, 28)"
    assert page.eval_on_selector(card_selector("9d"), colour) == "rgb(207, 31, 46)"
    normal = box(page, card_selector("Jc"))
    rank = page.eval_on_selector(card_selector("Jc") + " .rank", "el => parseFloat(getComputedStyle(el).fontSize)")
    page.click("#btn-settings")
    page.check("#set-fourcolor")
    page.check("#set-large")
    page.keyboard.press("Escape")
    wait_idle(page)
    assert page.eval_on_selector(card_selector("Jc"), colour) == "rgb(11, 117, 50)", "clubs are green"
    assert page.eval_on_selector(card_selector("9d"), colour) == "rgb(26, 79, 196)", "diamonds are blue"
    assert page.eval_on_selector(card_selector("Qh"), colour) == "rgb(207, 31, 46)", "hearts stay red"
    large = box(page, card_selector("Jc"))
    bigger = page.eval_on_selector(card_selector("Jc") + " .rank", "el => parseFloat(getComputedStyle(el).fontSize)")
    assert large.w >= normal.w
    assert bigger >= rank * 1.25
    prefs = page.evaluate(
        "[document.body.classList.contains('four-color'), document.body.classList.contains('large-cards')]"
    )
    assert prefs == [True, True]
    screenshot(page, f"four-colour-large-cards-{size}")
    # The whole table still fits on the screen.
    off = page.evaluate(
        """([w, h]) => [...document.querySelectorAll('.card')].map(c => c.getBoundingClientRect())
            .filter(r => r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5).length""",
        [width, height],
    )
    assert off == 0


def test_keyboard_play_honours_reduced_motion(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG", reduced_motion="reduce")
    page.evaluate(
        """() => { window.__animations = 0;
            const original = Element.prototype.animate;
            Element.prototype.animate = function (...args) {
                window.__animations++;
                return original.apply(this, args);
            };
        }"""
    )
    play_keys(page, KLONDIKE_KEYS[:5])
    assert page.evaluate("window.__animations") == 0
    assert page.evaluate("document.getAnimations().length") == 0
    durations = page.evaluate("getComputedStyle(document.querySelector('.boot-steps li')).animationDuration")
    assert durations in ("0s", "1e-05s")
