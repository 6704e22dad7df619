"""Hints that say only as much as asked (issue #47), on the page: H once lights the pile
to look at, twice the cards to move, three times the whole move, which a tap on its
cards then plays; the setting "Hint shows the whole move at once" shows it whole at
the first press, and survives a reload."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page

import engine
from tests.browser.conftest import screenshot, wait_ready
from tests.browser.helpers import (
    LOCALES,
    SOLVE_TIMEOUT_MS,
    click_card,
    pile_of,
    status,
    wait_idle,
)
from ui.model.hints import choose_hint, describe_hint, hint_words
from ui.model.i18n import use_language

CODE = "FC1-F4-1"
"""A deal whose solver's line starts with a card move (a stock tap is shown whole at once)."""

MARKS = """() => ({
    stage: document.body.dataset.hintStage ?? null,
    move: document.body.dataset.hint ?? null,
    verdict: document.body.dataset.hintVerdict ?? null,
    piles: [...document.querySelectorAll('.pile.hint-pile')].map(e => e.dataset.pile),
    pileCards: document.querySelectorAll('.card.hint-pile').length,
    from: [...document.querySelectorAll('.card.hint-from')].map(c => c.dataset.card),
    to: [...document.querySelectorAll('.hint-to, .hint-onto')].length,
    offer: Boolean(document.getElementById('status-show')),
})"""


def press(page: Page, stage: str) -> dict[str, Any]:
    """Press H and wait for ``stage`` on show, with the solver's word on the move in
    (proven: the move no longer changes under the test); the marks on the table."""
    page.keyboard.press("h")
    page.wait_for_function(
        "stage => document.body.dataset.hintStage === stage && document.body.dataset.hintVerdict === 'proven'",
        arg=stage,
        timeout=SOLVE_TIMEOUT_MS,
    )
    wait_idle(page)
    words = status(page)  # the status line is drawn in the next frame: read after it
    shown: dict[str, Any] = page.evaluate(MARKS)
    shown["words"] = words
    return shown


def three_presses(page: Page, language: str, name: str = "") -> tuple[str, str]:
    """Press H three times at the deal's start and check each stage's marks and words in
    ``language``; returns the move and the card shown."""
    pile = press(page, "pile")
    if name:
        screenshot(page, f"graded-hint-pile-{name}")
    assert len(pile["piles"]) == 1, pile
    src = pile["piles"][0]
    assert pile["pileCards"] == len(engine.new_game(CODE).pile(src)), "the whole pile glows"
    assert (pile["move"], pile["from"], pile["to"], pile["offer"]) == (None, [], 0, False), pile
    pile_words = pile["words"]
    card = press(page, "card")
    if name:
        screenshot(page, f"graded-hint-card-{name}")
    assert (card["move"], card["piles"], card["pileCards"], card["to"], card["offer"]) == (None, [], 0, 0, False)
    assert len(card["from"]) == 1, card
    card_words = card["words"]
    move = press(page, "move")
    assert move["move"] is not None
    assert move["move"].startswith(src), "the move from the pile first shown"
    assert move["from"] == card["from"]
    assert move["to"] >= 1, "where the card goes"
    assert move["offer"], "Show me how comes with the whole move"
    game = engine.new_game(CODE)
    use_language(language)
    try:
        hint = describe_hint(game, move["move"])
        choice = choose_hint(game, 0, [move["move"]])
        assert choice is not None
        assert pile_words == hint.look
        assert card_words == hint.take
        assert move["words"] == hint_words(choice, "proven")
    finally:
        use_language("en")
    return move["move"], card["from"][0]


def test_three_presses_show_the_pile_the_card_then_the_move_which_a_tap_plays(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + CODE)
    move, card = three_presses(page, "en")
    assert status(page).startswith("Hint 1 of ")
    # A tap on the hinted card plays the hint's move.
    click_card(page, card)
    page.wait_for_function("document.querySelector('[data-moves]').dataset.moves !== '0'")
    wait_idle(page)
    dst = move.split(">")[1]
    where = pile_of(page, card)
    assert where is not None
    assert where == dst or where.startswith("f"), (move, where)  # home by itself, maybe, after it
    assert page.evaluate("document.body.dataset.hintStage ?? null") is None, "the hint goes with the move"


@pytest.mark.parametrize("language", ["th", "km"])
def test_the_stages_on_a_phone_in_thai_and_khmer(open_game: Callable[..., Page], language: str) -> None:
    page = open_game("#" + CODE, width=360, height=640, locale=LOCALES[language])
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=language)
    three_presses(page, language, f"{language}-phone")


def test_the_setting_shows_the_whole_move_at_the_first_press_and_survives_a_reload(
    open_game: Callable[..., Page],
) -> None:
    page = open_game("#" + CODE)
    page.click("#btn-settings")
    page.wait_for_selector("#dlg-settings[open]")
    assert not page.is_checked("#set-wholehints"), "off for a new player"
    page.check("#set-wholehints")
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-settings[open]", state="detached")
    page.keyboard.press("h")
    page.wait_for_function("document.body.dataset.hintStage === 'move'")
    assert page.evaluate("document.body.dataset.hint")
    page.reload()
    wait_ready(page)
    page.keyboard.press("h")
    page.wait_for_function("document.body.dataset.hintStage === 'move'")
    assert page.evaluate("document.body.dataset.hint")
    page.click("#btn-settings")
    page.wait_for_selector("#dlg-settings[open]")
    assert page.is_checked("#set-wholehints")


def test_enter_on_the_focused_hinted_card_plays_the_hint(open_game: Callable[..., Page]) -> None:
    page = open_game("#" + CODE)
    press(page, "pile")
    press(page, "card")
    move = press(page, "move")
    card, src = move["from"][0], move["move"].split(">")[0]
    assert src.startswith("t"), move  # a column: its digit puts the focus on its top card
    page.keyboard.press(src[1:])
    page.wait_for_function("card => document.activeElement?.dataset.card === card", arg=card)
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('[data-moves]').dataset.moves !== '0'")
    wait_idle(page)
    where = pile_of(page, card)
    assert where is not None
    assert where == move["move"].split(">")[1] or where.startswith("f"), (move, where)
