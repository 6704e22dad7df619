"""Card sounds: none before the player's first touch, one per action after it, none
when muted; the mute button and the volume are remembered. Each action has its own
sound (pick up, put down, flip, deal, a refused move, a win), and the volume is the
gain the sounds go through."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page

from tests.browser.conftest import wait_ready
from tests.browser.helpers import (
    box,
    card_selector,
    click_card,
    follow_link,
    moves,
    on_the_site,
    play_last_move,
    tap_stock,
    top_box,
    wait_dialogs_closed,
    wait_idle,
    wait_moves,
)
from tests.browser.records import near_win

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
    wait_dialogs_closed(page)  # its history entry taken back before the reload
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


LOG_SOUNDS = """
window.__sounds = [];
Object.defineProperty(window, 'solitaireSound', {
  configurable: true,
  get() { return this.__solitaireSound; },
  set(player) {
    const play = player.play;
    player.play = (name, delay) => {
      const button = document.getElementById('btn-sound');
      const before = button?.dataset.played;
      play(name, delay);
      if (button?.dataset.played !== before) window.__sounds.push(name);
    };
    this.__solitaireSound = player;
  },
});
"""
"""Every sound the page plays, in order (``window.__sounds``): ``static/sound.js``'s
``play`` wrapped, counting only the calls that played (its ``data-played`` went up)."""

GAIN = "document.getElementById('btn-sound').dataset.gain ?? null"


def sounds_since(page: Page, start: int, count: int) -> list[str]:
    """The ``count`` sounds played since the first ``start``, once they were."""
    page.wait_for_function("n => window.__sounds.length >= n", arg=start + count)
    played: list[str] = page.evaluate("start => window.__sounds.slice(start)", start)
    return played


def test_a_refusal_a_pick_up_a_deal_and_a_win_each_sound_and_the_volume_sets_the_gain(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = new_context(viewport={"width": 1440, "height": 900})
    context.add_init_script(on_the_site(LOG_SOUNDS))
    page = context.new_page()
    page.goto(site_url + "#" + CODE)
    wait_ready(page)
    assert page.evaluate(GAIN) is None, "no gain before the first touch"
    # A drag: the cards picked up sound at once; dropped where they may not go, refused.
    wait_idle(page)
    start = box(page, card_selector("3s")).grab
    target = top_box(page, "t2").center  # the Jack of clubs: no place for a 3
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + 12, start[1] + 12, steps=2)
    assert sounds_since(page, 0, 1) == ["pick"]
    page.mouse.move(*target, steps=8)
    page.mouse.up()
    assert sounds_since(page, 0, 2) == ["pick", "refused"]
    assert moves(page) == 0
    assert page.evaluate(GAIN) == "0.4", "the sounds go through the volume's gain, 40% at first"
    # A new deal.
    page.click("#btn-new")
    page.click("#dlg-new button[type=submit]")
    page.wait_for_function(f"document.querySelector('[data-code]').dataset.code !== '{CODE}'")
    assert sounds_since(page, 2, 1) == ["deal"]
    # The volume sets the gain at once.
    page.click("#btn-settings")
    page.eval_on_selector("#set-volume", "e => { e.value = '70'; e.dispatchEvent(new Event('change')); }")
    page.wait_for_function(f"{GAIN} === '0.7'")
    page.eval_on_selector("#set-volume", "e => { e.value = '0'; e.dispatchEvent(new Event('change')); }")
    page.wait_for_function(f"{GAIN} === '0'")
    page.eval_on_selector("#set-volume", "e => { e.value = '55'; e.dispatchEvent(new Event('change')); }")
    page.wait_for_function(f"{GAIN} === '0.55'")
    page.keyboard.press("Escape")
    # A game one move from its win: opening it makes no sound; the winning move ends with the win's.
    link, last = near_win()
    follow_link(page, link)
    wait_idle(page)
    assert page.evaluate("window.__sounds.length") == 3, "a game opened from a link makes no sound"
    play_last_move(page, last)
    played = page.evaluate("window.__sounds.slice(3)")
    assert played[:2] == ["pick", "put"], played
    assert played[-1] == "win", played
