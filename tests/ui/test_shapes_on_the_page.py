"""A game whose cards overlap in a shape, as the page plays it (TriPeaks' peaks): the
keys walk the free cards by row and place, Enter plays a card onto the waste, every card
has a name that says its place and whether it is free, and a move says what it turned
up. The same code serves any shape (``engine.shapes``); the geometry is
``test_shape_layout.py``'s."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import engine
from tests.ui.words import english_words
from ui.model import i18n
from ui.model.announce import describe_play, pile_label
from ui.model.event_words import event_words, lost_words
from ui.model.keyboard import Keyboard, Spot
from ui.model.session import Event

DEAL = "TP1-W-AAAAAAB"
"""The bottom row, p19-p28: 2s Ah 6c Ks Kd Td Tc Jc Th 8c; the waste starts with the Qs."""


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.use_language("en")
    yield
    i18n.use_language("en")


def _focus(keys: Keyboard, game: engine.Game, key: str) -> str:
    spot = keys.press(game, key).spot
    assert spot is not None
    return spot.pid


def test_the_table_stop_is_the_first_free_card_and_the_arrows_walk_the_free_cards() -> None:
    game = engine.new_game(DEAL)
    keys = Keyboard()
    top, table = keys.stops(game)
    assert top == Spot("s")
    assert table == Spot("p19", 0)
    keys.go(game, table)
    walked = [_focus(keys, game, "ArrowRight") for _ in range(10)]
    assert walked == [f"p{n}" for n in range(20, 29)] + ["p28"]  # the last stays
    assert _focus(keys, game, "Home") == "p19"
    assert _focus(keys, game, "End") == "p28"
    # Nothing free above the bottom row yet: Up goes to the top row, Down comes back.
    keys.go(game, Spot("p19", 0))
    assert _focus(keys, game, "ArrowUp") in ("s", "w")
    assert _focus(keys, game, "ArrowDown").startswith("p")
    # A digit goes to that free card; past the last, it says how many there are.
    assert _focus(keys, game, "3") == "p21"
    assert _focus(keys, game, "0") == "p28"
    game.play("p22>w")
    assert keys.press(game, "0").message == "There are 9 free cards."


def test_up_and_down_reach_a_free_card_in_another_row() -> None:
    game = engine.new_game(DEAL)
    for move in ("p22>w", "p20>w", "p19>w"):  # p10 turns up, free
        game.play(move)
    keys = Keyboard()
    keys.go(game, Spot("p21", 0))
    assert _focus(keys, game, "ArrowUp") == "p10"
    assert _focus(keys, game, "ArrowDown") == "p21"
    # Left and Right run across the rows in order of place: p10 lies between p19 and p21's places.
    keys.go(game, Spot("p10", 0))
    assert _focus(keys, game, "ArrowRight") == "p21"


def test_enter_plays_a_free_card_onto_the_waste_and_the_focus_stays_near() -> None:
    game = engine.new_game(DEAL)
    keys = Keyboard()
    keys.go(game, Spot("p22", 0))  # the King of spades, on the Queen
    command = keys.press(game, "Enter")
    assert command.kind == "play"
    assert command.move == engine.Move("p22", "w", 1)
    game.play(command.move)
    spot = keys.current(game)
    assert spot.pid in ("p21", "p23")
    refused = keys.press(game, "Enter") if spot.pid == "p21" else None
    if refused is not None:  # 6 of clubs on the King of spades: the rule, with its section
        assert refused.kind == "say"
        assert refused.rule


def test_every_card_is_named_by_its_place_and_says_whether_it_is_free() -> None:
    game = engine.new_game(DEAL)
    assert pile_label(game, "p19") == "TriPeaks, row 4, card 1: 2 of spades, free"
    assert pile_label(game, "p10") == "TriPeaks, row 3, card 1: face-down card"
    assert pile_label(game, "p1") == "TriPeaks, row 1, card 1: face-down card"
    assert pile_label(game, "p28") == "TriPeaks, row 4, card 10: 8 of clubs, free"
    for move in ("p22>w", "p20>w"):
        game.play(move)
    action = game.play("p19>w")
    assert pile_label(game, "p19") == "TriPeaks, row 4, card 1: empty"
    turned = game.pile("p10")[-1]
    assert turned.face_up
    words = describe_play(game, action)
    assert words.startswith("2 of spades onto Ace of hearts.")
    assert "turned up" in words
    assert pile_label(game, "p10").endswith(", free")


@pytest.mark.parametrize("language", ["th", "km"])
def test_the_names_and_words_are_translated(language: str) -> None:
    game = engine.new_game(DEAL)
    i18n.use_language(language)
    for pid in ("p1", "p10", "p19"):
        assert english_words(pile_label(game, pid)) == [], pile_label(game, pid)
    assert english_words(lost_words()) == []


def test_a_lost_game_is_said_once_no_move_is_left() -> None:
    assert engine.TriPeaks.from_piles(DEAL, {"p19": "9h", "w": "5d"}).lost
    played = engine.TriPeaks.from_piles(DEAL, {"p19": "9h", "w": "5d", "s": "Kc"})
    said = event_words(Event("play", played.play("s")), played)
    assert said is not None
    assert said.short == lost_words()
