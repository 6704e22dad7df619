"""The keys on a Golf table: the stock and the waste in the top row, a column's last card
picked up with Enter and put on the waste, D turning the stock, and the words a screen
reader hears."""

from __future__ import annotations

import engine
from ui.model.announce import pile_in_sentence
from ui.model.hints import describe_hint
from ui.model.keyboard import Keyboard, Spot

DEAL = "GF1-N-AAAAAAI"
"""t3 ends with the 5 of clubs, t2 with the 9 of hearts; the waste starts with the 4 of diamonds."""


def test_the_top_row_holds_the_stock_and_the_waste() -> None:
    game = engine.new_game(DEAL)
    keys = Keyboard()
    top, table = keys.stops(game)
    assert top == Spot("s")
    assert table.pid == "t1"
    keys.go(game, Spot("s"))
    moved = keys.press(game, "ArrowRight").spot
    assert moved is not None
    assert moved.pid == "w"


def test_enter_plays_a_card_onto_the_waste_its_one_place() -> None:
    game = engine.new_game(DEAL)
    keys = Keyboard()
    keys.go(game, Spot("t3", 4))
    played = keys.press(game, "Enter")
    assert played.kind == "play"
    assert played.move == engine.Move("t3", "w", 1)


def test_enter_on_a_card_that_cannot_go_says_the_rule() -> None:
    game = engine.new_game(DEAL)
    keys = Keyboard()
    keys.go(game, Spot("t2", 4))
    said = keys.press(game, "Enter")
    assert said.kind == "say"
    assert "9 of hearts" in said.message
    assert said.rule
    assert keys.held is None


def test_a_card_under_the_top_one_is_not_played() -> None:
    game = engine.new_game(DEAL)
    keys = Keyboard()
    keys.go(game, Spot("t3", 2))
    said = keys.press(game, "Enter")
    assert said.kind == "say"
    assert said.move is None


def test_d_turns_the_stock() -> None:
    game = engine.new_game(DEAL)
    keys = Keyboard()
    result = keys.press(game, "d")
    assert result.move == engine.STOCK_TAP


def test_a_hint_names_the_waste_card_it_goes_on() -> None:
    game = engine.new_game(DEAL)
    assert describe_hint(game, "t3>w").text == "Hint: 5 of clubs onto 4 of diamonds."
    assert pile_in_sentence("w") == "the waste"
