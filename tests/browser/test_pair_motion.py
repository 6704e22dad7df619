"""A pair leaves the pyramid as a move does: both cards slide to the discard with a sound,
and with reduced motion they go at once, still with the sound."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from tests.browser.helpers import click_card, pile_of, wait_idle, wait_moves

pytestmark = pytest.mark.browser

# The bottom row, p22-p28: 2d 6h Ts As Js 6d 3s; the 2 and the Jack make 13.
DEAL = "PY1-P3-RHJHOBM"

LOG_SLIDES = """
window.__slid = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  const moves = Array.isArray(frames) && frames.some(frame => 'transform' in frame && 'zIndex' in frame);
  if (moves && this.dataset.card) window.__slid.push(this.dataset.card);
  return animate.call(this, frames, options);
};
"""
"""Notes every card that slides (a move's animation changes its place and its stacking)."""

SOUND = "() => { const b = document.getElementById('btn-sound'); return [b.dataset.played, b.dataset.lastSound]; }"


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_pair_slides_to_the_discard_with_a_sound_unless_motion_is_reduced(
    open_game: Callable[..., Page], motion: str
) -> None:
    page = open_game("#" + DEAL, width=360, height=640, has_touch=True, reduced_motion=motion)
    page.add_init_script(LOG_SLIDES)
    page.reload()
    page.wait_for_function("document.body.dataset.ready === 'true'")
    wait_idle(page)
    page.evaluate("window.__slid = []")

    click_card(page, "2d")
    page.wait_for_function("() => document.querySelector(\"[data-card='2d']\").classList.contains('held')")
    click_card(page, "Js")
    wait_moves(page, 1)
    wait_idle(page)

    assert pile_of(page, "2d") == "x"
    assert pile_of(page, "Js") == "x"
    slid = page.evaluate("window.__slid")
    if motion == "reduce":
        assert slid == []
    else:
        assert sorted(slid) == ["2d", "Js"]
    played, last = page.evaluate(SOUND)
    assert int(played) >= 1
    assert last == "put"
