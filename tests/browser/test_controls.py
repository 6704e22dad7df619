"""The header and the URL: new game dialog, restart, copy and share, links, the win."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.browser.conftest import screenshot, wait_ready
from tests.browser.helpers import (
    CASCADE_UNDER_WAY,
    box,
    card_at,
    card_selector,
    cards_in,
    click_card,
    drag,
    moves,
    pile_of,
    score,
    status,
    tap_stock,
    wait_drawn,
    wait_idle,
    wait_moves,
    wait_status,
)
from tests.browser.records import WIN_RECORD
from ui.model.hashlink import record_hash

CODE_RE = re.compile(r"^(KL1-D[13][NVC]|SD1-S[124]|SP1-S[124])-[A-Z]{7}$")


def test_no_hash_deals_a_random_klondike_game(open_game: Callable[..., Page]) -> None:
    page = open_game()
    code = page.get_attribute("[data-code]", "data-code") or ""
    assert code.startswith("KL1-D1N-")
    assert page.evaluate("location.hash") == "#" + code
    assert page.inner_text("#code") == code


def test_new_game_dialog_options_and_code_validation(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG", width=360, height=640)
    page.click("#btn-new")
    assert page.is_visible("#dlg-new")
    assert page.is_checked("#dlg-new input[name=game][value=KL]")
    assert page.is_visible("#opt-draw")
    assert not page.is_visible("#opt-suits")
    # Spiderette, 2 suits: the draw and scoring options give way to suits.
    page.check("#dlg-new input[name=game][value=SD]")
    assert page.is_visible("#opt-suits")
    assert not page.is_visible("#opt-draw")
    page.check("#dlg-new input[name=suits][value='2']")
    screenshot(page, "new-game-dialog-phone")
    page.click("#new-deal")
    page.wait_for_function("document.body.dataset.game === 'SD'")
    code = page.get_attribute("[data-code]", "data-code") or ""
    assert code.startswith("SD1-S2-")
    assert CODE_RE.match(code)
    assert page.evaluate("location.hash") == "#" + code
    assert page.locator("[data-pile^='t']").count() == 7
    assert score(page) == "500"
    assert not page.is_visible("#dlg-new")

    # A bad code is refused inline and the dialog stays open.
    page.click("#btn-new")
    page.fill("#new-code", "KL1-D9N-AAAAAAG")
    assert page.get_attribute("#new-code", "aria-invalid") == "true"
    assert "Bad options" in page.inner_text("#new-code-msg")
    page.click("#new-deal")
    assert page.is_visible("#dlg-new")
    # A good code (any case) is accepted; the options follow it.
    page.fill("#new-code", "sp1-s4-aaaaaab")
    assert page.get_attribute("#new-code", "aria-invalid") is None
    assert "Spider, 4 suits" in page.inner_text("#new-code-msg")
    assert page.is_checked("#dlg-new input[name=game][value=SP]")
    assert page.is_checked("#dlg-new input[name=suits][value='4']")
    page.click("#new-deal")
    page.wait_for_function("document.querySelector('[data-code]').dataset.code === 'SP1-S4-AAAAAAB'")
    assert page.locator("[data-pile^='t']").count() == 10
    assert page.locator("[data-pile='w']").count() == 0, "Klondike's piles are gone"

    # Klondike, draw 3, Vegas: dollars.
    page.click("#btn-new")
    page.check("#dlg-new input[name=game][value=KL]")
    page.check("#dlg-new input[name=draw][value='3']")
    page.check("#dlg-new input[name=scoring][value=V]")
    page.click("#new-deal")
    page.wait_for_function("document.querySelector('[data-code]').dataset.code.startsWith('KL1-D3V-')")
    assert score(page) == "-$52"
    assert page.inner_text("[data-score]") == "-$52"
    assert page.locator("[data-pile='f1'] .mark svg").count() == 1
    # Cancel leaves the game alone.
    code = page.get_attribute("[data-code]", "data-code") or ""
    page.click("#btn-new")
    page.click("#new-cancel")
    assert page.get_attribute("[data-code]", "data-code") == code


def test_restart_copy_share_and_open_the_shared_link(
    open_game: Callable[..., Page], new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    page = open_game("#KL1-D1N-AAAAAAG")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    click_card(page, "Ad")
    wait_moves(page, 1)
    tap_stock(page)
    wait_moves(page, 2)
    drag(page, "9d", "t4")
    wait_moves(page, 3)

    page.click("#btn-copy")
    wait_status(page, "copied")
    assert page.evaluate("navigator.clipboard.readText()") == "KL1-D1N-AAAAAAG"

    page.click("#btn-share")
    wait_status(page, "Link to this game copied")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.endswith("#KL1-D1N-AAAAAAG%20t1%3Ef%20s%20t5%3Et4")
    assert link.startswith(site_url)

    # The link opens the game at that point, with its undo history, in another browser
    # (in another tab of this one, that tab would play the saved game from then on).
    other = new_context().new_page()
    other.goto(link)
    wait_ready(other)
    assert moves(other) == 3
    assert score(other) == score(page)
    assert pile_of(other, "9d") == "t4"
    assert other.evaluate("location.hash") == "#KL1-D1N-AAAAAAG"
    other.click("#btn-undo")
    wait_moves(other, 2)
    assert pile_of(other, "9d") == "t5"
    other.close()

    # Restart: the same deal from the start.
    page.click("#btn-restart")
    wait_moves(page, 0)
    wait_idle(page)
    assert page.get_attribute("[data-code]", "data-code") == "KL1-D1N-AAAAAAG"
    assert cards_in(page, "t1") == ["Ad"]
    assert score(page) == "0"
    # Nothing to undo in the new deal: Undo brings the game before the restart back.
    assert page.is_enabled("#btn-undo")


def test_a_bad_code_or_record_in_the_hash_says_so_and_deals_a_random_game(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D9N-AAAAAAG")
    assert "deal code is not valid" in status(page)
    assert "random game" in status(page)
    code = page.get_attribute("[data-code]", "data-code") or ""
    assert CODE_RE.match(code)
    assert code != "KL1-D9N-AAAAAAG"
    assert page.evaluate("location.hash") == "#" + code

    # Once a game is on the table, a record whose moves do not replay changes nothing.
    page.evaluate("location.hash = '#KL1-D1N-AAAAAAG%20t3%3Et1'")
    wait_status(page, "doesn't replay")
    assert "Move 1 (t3>t1)" in status(page)
    assert "The game on the table stays." in status(page)
    assert moves(page) == 0
    assert page.get_attribute("[data-code]", "data-code") == code
    page.wait_for_function("h => location.hash === h", arg="#" + code)

    # A good hash typed into the address bar opens that deal.
    page.evaluate("location.hash = '#SD1-S4-AAAAAAH'")
    page.wait_for_function("document.querySelector('[data-code]').dataset.code === 'SD1-S4-AAAAAAH'")
    assert moves(page) == 0


def test_a_huge_move_in_a_link_is_quoted_shortened(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG")
    page.evaluate("location.hash = '#KL1-D1N-AAAAAAG%20s%20' + 'x'.repeat(99000)")
    wait_status(page, "doesn't replay")
    said = status(page)
    assert "Move 2 (xxxxxxxxxxxxxxxxxxxx…)" in said
    assert len(said) < 300, "the live status never repeats bad input whole"
    assert moves(page) == 0


def test_share_of_a_game_longer_than_a_link_copies_its_deal(
    open_game: Callable[..., Page], new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    # Links hold at most 5,000 moves: one more, and Share offers the deal, and says so.
    page = open_game(record_hash("KL1-D1N-AAAAAAG" + " s" * 5000))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    assert moves(page) == 5000
    tap_stock(page)
    wait_moves(page, 5001)
    page.click("#btn-share")
    wait_status(page, "Link to this deal copied: a link holds at most 5000 moves")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(site_url)
    assert link.endswith("/#KL1-D1N-AAAAAAG")
    other = new_context().new_page()
    other.goto(link)
    wait_ready(other)
    assert moves(other) == 0
    assert other.get_attribute("[data-code]", "data-code") == "KL1-D1N-AAAAAAG"
    assert "link" not in status(other).lower(), "the receiver takes what was shared"
    other.close()


@pytest.mark.parametrize("link", ["#kl1-d1n-aaaaaag", "#KL1-D1N-AAAAAAG" + "%20" * 3000])
def test_a_link_to_the_game_on_the_table_says_so(open_game: Callable[..., Page], link: str) -> None:
    page = open_game("#KL1-D1N-AAAAAAG")
    tap_stock(page)
    wait_moves(page, 1)
    assert "Drew" in status(page)
    page.evaluate("h => { location.hash = h; }", link)
    wait_status(page, "This link opens the game already on the table: it goes on.")
    assert moves(page) == 1
    page.wait_for_function("h => location.hash === h", arg="#KL1-D1N-AAAAAAG")


def test_a_win_plays_the_cascade_then_shows_a_summary(open_game: Callable[..., Page]) -> None:
    page = open_game(record_hash(WIN_RECORD), width=1440, height=900)
    assert moves(page) == 101
    wait_idle(page)
    last = cards_in(page, "t4")[-1]
    click_card(page, last)
    wait_moves(page, 102)
    # The cards leave the foundations one by one and bounce: one animation per card, the
    # summary waiting until they are gone.
    flying = "document.getAnimations().filter(a => a.id === 'cascade').length"
    # Handed to the browser a few cards per task; some are soon on their way across the table.
    page.wait_for_function(CASCADE_UNDER_WAY)
    assert not page.is_visible("#dlg-win")
    screenshot(page, "win-cascade-desktop")
    # A tap skips to the summary; the cards are back on the foundations under it.
    page.click("#celebration")
    page.wait_for_selector("#dlg-win[open]")
    assert page.evaluate(flying) == 0
    assert page.inner_text("#win-score") == "685"
    assert page.inner_text("#win-moves") == "102"
    assert re.match(r"^\d+:\d\d$", page.inner_text("#win-time"))
    assert page.evaluate("document.body.dataset.won") == "true"
    assert all(len(cards_in(page, f"f{i}")) == 13 for i in range(1, 5))
    wait_drawn(page)
    screenshot(page, "win-desktop")
    page.click("#win-new")
    wait_moves(page, 0)
    assert not page.is_visible("#dlg-win")
    assert (page.get_attribute("[data-code]", "data-code") or "").startswith("KL1-D1N-")


def test_animations_run_and_stop_for_reduced_motion(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG")
    wait_idle(page)
    page.mouse.click(*box(page, "[data-pile='s']").center)
    page.wait_for_function("document.getAnimations().length > 0")
    wait_idle(page)

    # The player asks for reduced motion: the same page stops animating.
    calm = page
    calm.emulate_media(reduced_motion="reduce")
    calm.click("#btn-restart")
    wait_moves(calm, 0)
    assert calm.evaluate("document.getAnimations().length") == 0
    calm.evaluate(
        """() => { window.__animations = 0;
            const original = Element.prototype.animate;
            Element.prototype.animate = function (...args) {
                window.__animations++;
                return original.apply(this, args);
            };
        }"""
    )
    calm.mouse.click(*box(calm, "[data-pile='s']").center)
    wait_moves(calm, 1)
    drag(calm, "9d", "t4")
    wait_moves(calm, 2)
    assert calm.evaluate("window.__animations") == 0
    assert pile_of(calm, "9d") == "t4"


def test_dragging_a_group_moves_every_card_of_it(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG%20t5%3Et4")
    assert cards_in(page, "t4")[-2:] == ["Tc", "9d"]
    # Drag the 10 with the 9 on it: refused on the King of diamonds (t3 accepts a black Queen only).
    drag(page, "Tc", "t3")
    assert "can't go on the King of diamonds" in status(page)
    assert cards_in(page, "t4")[-2:] == ["Tc", "9d"]
    # A drag that starts on a covered card picks up that card and all above it.
    start = card_at(page, "t4", len(cards_in(page, "t4")) - 2).grab
    assert (
        page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('.card').dataset.card", list(start)) == "Tc"
    )
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + 30, start[1] + 60, steps=4)
    lifted = page.eval_on_selector_all(".card.lifted", "els => els.map(e => e.dataset.card).sort()")
    page.mouse.up()
    assert lifted == ["9d", "Tc"]
    wait_idle(page)
    assert box(page, card_selector("Tc")).x == box(page, "[data-pile='t4']").x


def test_actions_in_one_task_are_drawn_in_one_frame(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG")
    wait_idle(page)
    requested = page.evaluate(
        """async () => {
            const stock = document.querySelector("[data-pile='s']").getBoundingClientRect();
            const board = document.querySelector('#board');
            let frames = 0;
            const original = window.requestAnimationFrame;
            window.requestAnimationFrame = callback => { frames++; return original.call(window, callback); };
            for (let i = 0; i < 3; i++) {
                const at = {bubbles: true, clientX: stock.x + 10, clientY: stock.y + 10, pointerId: 7,
                            isPrimary: true, pointerType: 'mouse', button: 0};
                board.dispatchEvent(new PointerEvent('pointerdown', at));
                board.dispatchEvent(new PointerEvent('pointerup', at));
            }
            const asked = frames;
            window.requestAnimationFrame = original;
            await new Promise(done => original.call(window, () => original.call(window, done)));
            return asked;
        }"""
    )
    assert requested == 1
    assert moves(page) == 3
    assert len(cards_in(page, "w")) == 3
