"""Card sounds: none before the player's first touch, one per action after it, none
when muted; the mute button and the volume are remembered."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext

from tests.browser.conftest import wait_ready
from tests.browser.helpers import click_card, tap_stock, wait_moves

CODE = "KL1-D1N-AAAAAAG"
COUNT_CONTEXTS = """
window.__contexts = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  constructor(...args) { super(...args); window.__contexts += 1; }
};
"""
PLAYED = (
    "(() => { const b = document.getElementById('btn-sound');"
    " return [b.dataset.played ?? null, b.dataset.lastSound ?? null]; })()"
)


def test_sounds_start_at_the_first_touch_and_the_mute_button_silences_them(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = new_context(viewport={"width": 360, "height": 640})
    context.add_init_script(COUNT_CONTEXTS)
    page = context.new_page()
    page.goto(site_url + "#" + CODE)
    wait_ready(page)
    assert page.evaluate("window.__contexts") == 0, "no AudioContext before the player's first touch"
    assert page.evaluate(PLAYED) == [None, None]
    button = page.locator("#btn-sound")
    assert button.get_attribute("aria-pressed") == "false", "sound is on at first"
    assert button.get_attribute("aria-label") == "Sound: mute the card sounds"
    click_card(page, "Ad")  # the first touch: the Ace goes home
    wait_moves(page, 1)
    assert page.evaluate(PLAYED) == ["1", "put"]
    assert page.evaluate("window.__contexts") == 1
    tap_stock(page)
    wait_moves(page, 2)
    assert page.evaluate(PLAYED) == ["2", "flip"]
    page.click("#btn-sound")
    assert button.get_attribute("aria-pressed") == "true"
    tap_stock(page)
    wait_moves(page, 3)
    assert page.evaluate(PLAYED) == ["2", "flip"], "muted: nothing is played"
    # Both remembered with the settings.
    page.click("#btn-settings")
    assert page.input_value("#set-volume") == "40", "a modest level at first"
    page.eval_on_selector("#set-volume", "e => { e.value = '70'; e.dispatchEvent(new Event('change')); }")
    page.keyboard.press("Escape")
    page.reload()
    wait_ready(page)
    assert button.get_attribute("aria-pressed") == "true"
    page.click("#btn-settings")
    assert page.input_value("#set-volume") == "70"
    page.keyboard.press("Escape")
    page.click("#btn-sound")  # on again, in this touch
    assert button.get_attribute("aria-pressed") == "false"
    tap_stock(page)
    wait_moves(page, 4)
    assert page.evaluate(PLAYED) == ["1", "flip"]
    assert page.evaluate("window.__contexts") == 1
