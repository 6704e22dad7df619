"""The keys on a FreeCell table: the free cells are the top row's first spots."""

from __future__ import annotations

import engine
from ui.model.keyboard import Keyboard, Spot


def test_the_top_row_starts_at_the_first_free_cell_and_holds_only_the_deals_cells() -> None:
    game = engine.new_game("FC1-F2-1")
    keys = Keyboard()
    top, table = keys.stops(game)
    assert top == Spot("c1")
    assert table == Spot("t1", 6)
    keys.go(game, Spot("c1"))
    assert keys.press(game, "ArrowRight").spot == Spot("c2")
    # Past the two cells the next top-row pile is the first foundation.
    assert keys.press(game, "ArrowRight").spot == Spot("f1")
    assert keys.press(game, "End").spot == Spot("f4")


def test_a_card_goes_to_a_free_cell_and_home_with_the_keys() -> None:
    game = engine.new_game("FC1-F4-1")
    keys = Keyboard()
    keys.go(game, Spot("t1", 6))
    picked = keys.press(game, "Enter")
    assert picked.kind == "pick"
    keys.go(game, Spot("c1"))
    dropped = keys.press(game, "Enter")
    assert dropped.kind == "play"
    assert dropped.move == engine.Move("t1", "c1", 1)


def test_a_hint_and_an_announcement_name_a_free_cell_as_one() -> None:
    from ui.model.announce import pile_in_sentence
    from ui.model.hints import describe_hint

    game = engine.new_game("FC1-F4-1")
    assert describe_hint(game, "t5>c1").text == "Hint: 6 of clubs to free cell 1."
    assert pile_in_sentence("c3") == "free cell 3"
