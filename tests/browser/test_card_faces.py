"""Card faces in the page: every covered card's corner index shows whole in the longest
columns, on a phone held either way (rank over suit, or in a tightly squeezed column rank
and suit on one line); court artwork loads from the site."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import screenshot
from tests.browser.helpers import follow_link, wait_idle
from tests.browser.records import KLONDIKE_LONG, SPIDER_LONG
from ui.model.hashlink import record_hash

# For each face-up card of each column, whether its index (rank over suit) is whole: inside
# the card, clear of its edges, and above the top of the card lying on it.
INDEX_CHECK = """
() => [...document.querySelectorAll('[data-pile^=t]')].flatMap(pile => {
  const cards = [...pile.querySelectorAll('.card')]
    .map(el => ({el, r: el.getBoundingClientRect()}))
    .sort((a, b) => a.r.top - b.r.top);
  return cards.flatMap(({el, r}, i) => {
    if (el.dataset.face !== 'up') return [];
    const rank = el.querySelector('.rank').getBoundingClientRect();
    const under = el.querySelector('.idx .suit');
    const line = el.classList.contains('line-index');
    // Rank over suit; in a tightly squeezed column, one line: the suit beside the rank.
    const suitEl = line ? el.querySelector('.cs .suit') : under;
    const suit = suitEl.getBoundingClientRect();
    const next = cards[i + 1];
    const cover = next ? next.r.top : Infinity;
    return [{
      card: el.dataset.card, pile: pile.dataset.pile, line,
      rankLeft: rank.left - r.left, rankRight: r.right - rank.right, rankTop: rank.top - r.top,
      suitPlaced: line ? suit.left >= rank.right : suit.top >= rank.bottom - 0.5,
      underHidden: getComputedStyle(under).visibility === 'hidden',
      clear: cover - Math.max(rank.bottom, suit.bottom),
      rankHeight: rank.height, suitHeight: suit.height,
    }];
  });
})
"""

SCENES = {"klondike": record_hash(KLONDIKE_LONG), "spider": record_hash(SPIDER_LONG)}


@pytest.mark.parametrize("size", [(360, 640), (640, 360)], ids=["portrait", "landscape"])
def test_every_index_shows_whole_in_the_longest_columns(open_game: Callable[..., Page], size: tuple[int, int]) -> None:
    width, height = size
    page = open_game(SCENES["klondike"], width=width, height=height)
    for scene, hash_ in SCENES.items():
        follow_link(page, hash_, moves=hash_.count("%20"))
        wait_idle(page)
        faces = page.evaluate(INDEX_CHECK)
        longest = max(page.evaluate("[...document.querySelectorAll('[data-pile^=t]')].map(p => p.children.length)"))
        assert longest >= (16 if scene == "klondike" else 27), "the record builds a long column"
        assert len(faces) >= (20 if scene == "klondike" else 40)
        for face in faces:
            where = f"{scene} {face['pile']} {face['card']} at {width}x{height}: {face}"
            assert face["clear"] >= -0.5, f"index covered by the next card: {where}"
            assert face["suitPlaced"], where
            assert face["underHidden"] == face["line"], f"no half-covered suit under the rank: {where}"
            # "10" and every rank keep off the card's edges.
            assert face["rankLeft"] >= 1.5, where
            assert face["rankRight"] >= 1.5, where
            assert face["rankTop"] >= 1.0, where
            assert face["rankHeight"] >= 5, where
            assert face["suitHeight"] >= 4.5, where


def test_court_artwork_is_drawn_from_the_site(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG", width=1440, height=900)
    # The first deal shows the Jack of clubs and the King of diamonds face up.
    for card in ("Jc", "Kd"):
        href = page.eval_on_selector(f"[data-card='{card}'] .court image", "el => el.getAttribute('href')")
        assert href == f"./static/vendor/cards/{card[0]}{card[1].upper()}.svg"
    page.wait_for_function(
        "() => performance.getEntriesByType('resource').filter(e => e.name.includes('/static/vendor/cards/')"
        " && e.responseEnd > 0).length >= 2",
    )
    loaded = page.evaluate(
        "performance.getEntriesByType('resource').filter(e => e.name.includes('/static/vendor/cards/'))"
        ".map(e => e.name.split('/').pop()).sort()"
    )
    assert loaded == ["JC.svg", "KD.svg"]


def test_card_backs_and_table_colours_are_chosen_in_settings_and_remembered(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG", width=1440, height=900)
    back = "el => getComputedStyle(el.querySelector('.face')).backgroundImage"
    felt = "() => getComputedStyle(document.body).backgroundImage"
    down = "[data-pile='t7'] [data-face='down']"
    blue_back, green_felt = page.eval_on_selector(down, back), page.evaluate(felt)
    page.click("#btn-settings")
    assert page.locator("#set-backs input[type=radio]").count() >= 3
    assert page.locator("#set-tables input[type=radio]").count() >= 3
    assert page.is_checked("#set-backs input[value=blue]")
    page.check("#set-backs input[value=red]")
    page.check("#set-tables input[value=contrast]")
    page.keyboard.press("Escape")
    wait_idle(page)
    assert page.evaluate("[document.documentElement.dataset.back, document.documentElement.dataset.table]") == [
        "red",
        "contrast",
    ]
    assert page.eval_on_selector(down, back) != blue_back
    assert page.evaluate(felt) != green_felt
    assert page.evaluate("getComputedStyle(document.body).getPropertyValue('--felt').trim()") == "#000000"
    screenshot(page, "contrast-table-red-backs-desktop")
    # Remembered: the next visit, even its loading screen, shows them.
    page.reload()
    assert page.evaluate("document.documentElement.dataset.table") == "contrast"
    page.wait_for_function("document.body.dataset.ready === 'true'")
    page.click("#btn-settings")
    assert page.is_checked("#set-backs input[value=red]")
    assert page.is_checked("#set-tables input[value=contrast]")
