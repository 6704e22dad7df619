"""Where a game's win was lost, in words: the two moves, the note on face-down cards,
the answers that name no move, and the offers that ask for it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import engine
from ui.model import i18n
from ui.model.actions import OFFER_BUTTONS, OFFERS
from ui.model.event_words import event_words
from ui.model.hints import hides_cards, move_words, turning_text, turning_verdict_text
from ui.model.i18n import again
from ui.model.session import Event

# Vegas draw 1: the win is lost by move 7 ("t2:3>t7"); drawing instead kept it.
BEFORE = "KL1-D1V-AAAAAAF t4>t7 t7:2>t3 s t3>t7 s t7:2>t2"
GOLF_LOST = "GF1-N-AAAAAAC" + " s" * 15
"""One stock card short of a lost game (every stock card turned, none played)."""


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.use_language("en")
    yield
    i18n.use_language("en")


def test_both_moves_in_words_and_the_note_on_face_down_cards() -> None:
    game = engine.replay(BEFORE)
    text = turning_text(game, 6, "t2:3>t7", "s")
    assert text.startswith("The win was lost at move 7. ")
    assert f"Played: {move_words(game, 't2:3>t7')} " in text
    assert f"Better: {move_words(game, 's')} " in text
    assert text.endswith("The solver sees the face-down cards.")
    assert game.record() == BEFORE, "the words change nothing"


def test_no_note_where_every_card_is_face_up() -> None:
    game = engine.replay("GF1-N-AAAAAAC s s")
    assert not hides_cards(game)
    text = turning_text(game, 2, "s", "t5>w")
    assert text.startswith("The win was lost at move 3. ")
    assert "face-down" not in text


@pytest.mark.parametrize(
    ("code", "hides"),
    [
        ("KL1-D1N-AAAAAAG", True),
        ("SP1-S4-AAAAAAG", True),
        ("TP1-W-AAAAAAG", True),
        ("FC1-F4-7", False),
        ("GF1-N-AAAAAAG", False),
        ("PY1-P3-AAAAAAG", False),
    ],
)
def test_the_face_down_cards_are_asked_of_the_deal(code: str, hides: bool) -> None:
    """Cards dealt face down on the table (not the stock): the solver sees what the player cannot."""
    assert hides_cards(engine.new_game(code)) is hides


def test_the_words_follow_the_language() -> None:
    text = turning_text(engine.replay(BEFORE), 6, "t2:3>t7", "s")
    i18n.use_language("th")
    thai = again(text)
    assert thai != text
    assert "ตาที่ 7" in thai
    i18n.use_language("km")
    assert "ការដើរទី 7" in again(text)


@pytest.mark.parametrize(
    ("status", "undecided", "start"),
    [
        ("winnable", 0, "No move has lost this game"),
        ("unwinnable", 0, "No move lost this game"),
        ("unknown", 1, "The solver could not tell where the win was lost: 1 position took"),
        ("unknown", 3, "The solver could not tell where the win was lost: 3 positions took"),
    ],
)
def test_answers_that_name_no_move(status: str, undecided: int, start: str) -> None:
    assert turning_verdict_text(status, undecided).startswith(start)


def test_a_lost_position_offers_the_way_back_where_it_was_lost_and_the_deals_win() -> None:
    assert OFFER_BUTTONS["rewind"] == ("rewind", "turning", "deal")
    assert OFFER_BUTTONS["turning"] == ("turning", "deal")
    assert OFFER_BUTTONS["left"] == ("left",)
    for offer, buttons in OFFER_BUTTONS.items():
        assert offer in buttons
        assert all(button in OFFERS for button in buttons)


def test_a_game_that_says_it_is_lost_offers_where_it_was_lost() -> None:
    game = engine.replay(GOLF_LOST)
    playing = event_words(Event("play", game.play("s")), game)
    assert playing is not None
    assert game.lost
    assert playing.offer == "turning"
    opened = event_words(Event("load"), game)
    assert opened is not None
    assert opened.offer == "turning"
    game.undo()
    game.undo()
    not_yet = event_words(Event("play", game.play("s")), game)
    assert not_yet is not None
    assert not game.lost
    assert not_yet.offer is None, "only a lost game offers it"
