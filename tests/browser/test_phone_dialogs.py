"""Dialogs on a phone, held upright (360x640) and sideways (640x360): each shows its
close control and its buttons without scrolling (the body between them scrolls), the
close control closes it, and a tap beside it closes it unless it holds a choice not
yet made."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.browser.conftest import wait_ready
from tests.browser.helpers import ANOTHER_TAB_SAVES, frame_problems, play_last_move, wait_idle
from tests.browser.records import near_win

pytestmark = pytest.mark.browser


def tap(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def open_dialog(page: Page, opener: str, dialog: str) -> None:
    if opener.startswith("#"):
        tap(page, opener)
    else:
        page.keyboard.press(opener)  # Keys: no button on a phone
    page.wait_for_selector(f"{dialog}[open]")
    wait_idle(page)
    settled(page, dialog)


STILL = """sel => new Promise(done => {
  const box = () => JSON.stringify(document.querySelector(sel).getBoundingClientRect());
  const first = box();
  requestAnimationFrame(() => requestAnimationFrame(() => done(box() === first)));
})"""


def settled(page: Page, dialog: str) -> None:
    """Wait until the dialog stands still over two frames: a tap aimed at a control of a
    dialog still opening would land beside it."""
    page.wait_for_function(STILL, arg=dialog)


def closed(page: Page, dialog: str) -> None:
    """Wait until ``dialog`` is closed and its history entry taken back (the page marks the
    body with ``data-history`` until then): a dialog opened before that Back arrives would
    be closed by it."""
    page.wait_for_selector(f"{dialog}:not([open])", state="attached")
    page.wait_for_function("!document.body.dataset.history")


def close_with_control(page: Page, dialog: str) -> None:
    """Tap the dialog's close control (Escape where it has none: the problem is told by
    ``frame_problems``), and wait until it is closed."""
    if page.locator(f"{dialog} .dialog-close").count():
        tap(page, f"{dialog} .dialog-close")
    else:
        page.keyboard.press("Escape")
    closed(page, dialog)


def tap_beside(page: Page, dialog: str) -> None:
    """A tap on the backdrop, in the screen's corner beside the dialog."""
    box = page.locator(dialog).bounding_box()
    assert box is not None
    assert box["x"] > 4 or box["y"] > 4, f"{dialog} leaves no backdrop to tap"
    page.touchscreen.tap(2, 2)


@pytest.mark.parametrize(("width", "height"), [(360, 640), (640, 360)])
def test_every_dialog_keeps_its_close_control_and_buttons_on_a_phone(
    new_context: Callable[..., BrowserContext], site_url: str, width: int, height: int
) -> None:
    link, last = near_win()
    context = new_context(viewport={"width": width, "height": height}, has_touch=True)
    page = context.new_page()
    page.goto(site_url + link)
    wait_ready(page)
    wait_idle(page)
    problems: list[str] = []
    for opener, dialog in (
        ("#btn-new", "#dlg-new"),
        ("#btn-settings", "#dlg-settings"),
        ("#btn-stats", "#dlg-stats"),
        ("#btn-daily", "#dlg-daily"),
        ("?", "#dlg-help"),
        ("#btn-rules", "#dlg-rules"),
    ):
        open_dialog(page, opener, dialog)
        found = frame_problems(page, dialog)
        problems += found
        if dialog == "#dlg-rules" and not found:
            # The rules run far below the screen: their body scrolls, the Done button stays.
            page.evaluate("document.querySelector('#dlg-rules .dialog-body').scrollTop = 1e6")
            assert page.evaluate("document.querySelector('#dlg-rules .dialog-body').scrollTop") > 1000
            problems += frame_problems(page, dialog)
        close_with_control(page, dialog)

    # A link over the game under way asks first; its close control keeps the game.
    code = page.get_attribute("[data-code]", "data-code")
    page.evaluate("hash => { location.hash = hash; }", "#KL1-D1N-AAAAAAB")
    page.wait_for_selector("#dlg-link[open]")
    wait_idle(page)
    problems += frame_problems(page, "#dlg-link")
    close_with_control(page, "#dlg-link")
    assert page.get_attribute("[data-code]", "data-code") == code

    play_last_move(page, last, keep_summary=True)
    problems += frame_problems(page, "#dlg-win")
    close_with_control(page, "#dlg-win")

    # The cover of a game played in another tab: "Play here" is its one way out.
    page.evaluate(ANOTHER_TAB_SAVES)
    page.wait_for_selector("#dlg-elsewhere[open]")
    wait_idle(page)
    problems += frame_problems(page, "#dlg-elsewhere")
    assert problems == []


def test_a_tap_beside_a_dialog_closes_it_unless_it_holds_a_choice(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    page = context.new_page()
    page.goto(site_url + "#KL1-D1N-AAAAAAG")
    wait_ready(page)
    wait_idle(page)
    for opener, dialog in (("#btn-settings", "#dlg-settings"), ("#btn-stats", "#dlg-stats"), ("#btn-new", "#dlg-new")):
        open_dialog(page, opener, dialog)
        tap_beside(page, dialog)
        closed(page, dialog)
    # New game with another game chosen: a stray tap must not throw the choice away.
    open_dialog(page, "#btn-new", "#dlg-new")
    tap(page, "#opt-game label:has(input[value='SP'])")
    page.wait_for_function("document.getElementById('dlg-new').dataset.unsaved === 'true'")
    tap_beside(page, "#dlg-new")
    wait_idle(page)
    assert page.is_visible("#dlg-new[open]")
    assert page.is_checked("#opt-game input[value='SP']")
    tap(page, "#dlg-new .dialog-close")
    closed(page, "#dlg-new")
    assert page.get_attribute("[data-code]", "data-code") == "KL1-D1N-AAAAAAG"
    # A deal code typed in New game is a choice too: kept open, the code kept.
    open_dialog(page, "#btn-new", "#dlg-new")
    assert page.get_attribute("#dlg-new", "data-unsaved") == "false"
    # Seven games' buttons push the field below the fold: the player scrolls to it first.
    page.locator("#new-code").scroll_into_view_if_needed()
    settled(page, "#new-code")
    tap(page, "#new-code")
    page.keyboard.type("KL1-D3V-AAAAAAB")
    page.wait_for_function("document.getElementById('dlg-new').dataset.unsaved === 'true'")
    tap_beside(page, "#dlg-new")
    wait_idle(page)
    assert page.is_visible("#dlg-new[open]")
    assert page.input_value("#new-code") == "KL1-D3V-AAAAAAB"
    tap(page, "#dlg-new .dialog-close")
    closed(page, "#dlg-new")
    assert page.get_attribute("[data-code]", "data-code") == "KL1-D1N-AAAAAAG"
    # Keys (the ? key: no button on a phone) holds no choice: a tap beside closes it.
    open_dialog(page, "?", "#dlg-help")
    tap_beside(page, "#dlg-help")
    closed(page, "#dlg-help")
    # A press inside that ends outside (selecting text) is no tap beside it.
    open_dialog(page, "#btn-rules", "#dlg-rules")
    title = page.locator("#rules-title").bounding_box()
    assert title is not None
    page.mouse.move(title["x"] + 10, title["y"] + 10)
    page.mouse.down()
    page.mouse.move(2, 2, steps=4)
    page.mouse.up()
    wait_idle(page)
    assert page.is_visible("#dlg-rules[open]")
    tap_beside(page, "#dlg-rules")
    closed(page, "#dlg-rules")


@pytest.mark.parametrize(
    ("locale", "tap_words", "click_words"),
    [
        ("en", "Double tap", "Double click"),
        ("th-TH", "แตะสองครั้ง", "ดับเบิลคลิก"),
        ("km-KH", "ប៉ះពីរដង", "ចុចពីរដង"),
    ],
)
def test_settings_speak_of_taps_on_a_touch_screen_and_of_clicks_and_keys_beside_a_mouse(
    new_context: Callable[..., BrowserContext], site_url: str, locale: str, tap_words: str, click_words: str
) -> None:
    for touch in (True, False):
        options = {"has_touch": True, "is_mobile": True} if touch else {}
        context = new_context(viewport={"width": 360, "height": 640}, locale=locale, **options)
        page = context.new_page()
        page.goto(site_url + "#SD1-S1-AAAAAAM")
        wait_ready(page)
        wait_idle(page)
        page.click("#btn-settings")
        page.wait_for_selector("#dlg-settings[open]")
        label = page.inner_text("label:has(#set-double)")
        said, unsaid = (tap_words, click_words) if touch else (click_words, tap_words)
        assert said in label, label
        assert unsaid not in label, label
        # A touch screen has no keyboard to list shortcuts for.
        assert page.is_visible("#settings-keys") is not touch
        context.close()
