"""Keyboard play in CPython: focus, tab stops, pick up and drop, shortcuts.

``Table`` drives a session with keys the way the page does (``ui.dom.focus``):
every command is carried out and every event announced with ``ui.model.announce``.
The browser tests play the same sequences on the real page.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from tests.ui.keyboard_scripts import (
    KLONDIKE_CODE,
    KLONDIKE_KEYS,
    SPIDER_CODE,
    SPIDER_KEYS,
    SPIDERETTE_CODE,
    SPIDERETTE_KEYS,
)
from ui.model.announce import describe_play, describe_undo
from ui.model.keyboard import KEYS, SHORTCUTS, Keyboard, Spot
from ui.model.session import Event, Session


class Table:
    """A session played with keys only, as the page plays it."""

    def __init__(self, code: str) -> None:
        self.session = Session(engine.new_game(code), clock=lambda: 0.0)
        self.keys = Keyboard()
        self.said: list[str] = []
        self.asked: list[str] = []
        self._by_keys = False
        self.session.subscribe(self._event)

    @property
    def game(self) -> engine.Game:
        return self.session.game

    def _event(self, event: Event) -> None:
        game = self.game
        if event.kind == "refused":
            self.said.append(event.message)
        elif event.kind == "play" and event.action is not None:
            self.said.append(describe_play(game, event.action))
            self.keys.after_play(game, event.action.move, event.action.dst, self._by_keys)
        elif event.kind == "undo" and event.action is not None:
            self.said.append(describe_undo(game, event.action))
            self.keys.forget_held()

    def press(self, *keys: str) -> str:
        """Press keys in turn; returns the last announcement."""
        for key in keys:
            command = self.keys.press(self.game, key)
            if command.kind in ("pick", "drop", "say"):
                self.said.append(command.message)
            elif command.kind == "play" and command.move is not None:
                self._by_keys = True
                self.session.play(command.move)
                self._by_keys = False
            elif command.kind == "undo":
                self.session.undo()
            elif command.kind in ("hint", "new", "help"):
                self.asked.append(command.kind)
        return self.said[-1] if self.said else ""

    @property
    def spot(self) -> Spot:
        return self.keys.current(self.game)


KLONDIKE_RECORD = "KL1-D1N-AAAAAAG s t1>f t7>f t6>t7 w>t6"

SPIDERETTE_RECORD = "SD1-S2-AAAAABC t2>t3 t3:2>t4 t6>t5"

SPIDER_RECORD = "SP1-S4-AAAAAAB t10>t4 t4:2>t7"


def play_through(code: str, script: Sequence[tuple[tuple[str, ...], str | None]]) -> Table:
    table = Table(code)
    for keys, expected in script:
        said = table.press(*keys)
        if expected is not None:
            assert said == expected, keys
    return table


def test_klondike_with_keys_only() -> None:
    table = play_through(KLONDIKE_CODE, KLONDIKE_KEYS)
    assert table.game.record() == KLONDIKE_RECORD
    assert table.game.score == 35
    assert table.spot == Spot("s")


def test_spiderette_with_keys_only() -> None:
    table = play_through(SPIDERETTE_CODE, SPIDERETTE_KEYS)
    assert table.game.record() == SPIDERETTE_RECORD
    assert table.game.score == 497


def test_spider_with_keys_only() -> None:
    table = play_through(SPIDER_CODE, SPIDER_KEYS)
    assert table.game.record() == SPIDER_RECORD
    assert table.said[7].startswith("Dealt a row of 10: ")
    assert table.said[7].endswith(" 4 deals left. Score 497.")


def test_arrows_move_between_piles_and_along_a_column() -> None:
    table = Table(KLONDIKE_CODE)
    keys = table.keys
    game = table.game
    assert keys.current(game) == Spot("t1", 0), "the focus starts on the first column"
    assert keys.press(game, "ArrowRight").spot == Spot("t2", 1)
    assert keys.press(game, "End").spot == Spot("t7", 6)
    assert keys.press(game, "ArrowRight").spot == Spot("t7", 6), "no wrapping at the end of a row"
    assert keys.press(game, "ArrowUp").spot == Spot("f4", -1), "up from a column's first face-up card"
    assert keys.press(game, "ArrowLeft").spot == Spot("f3", -1)
    assert keys.press(game, "Home").spot == Spot("s")
    assert keys.press(game, "ArrowDown").spot == Spot("t1", 0)
    # Along a column's face-up cards: t4 holds the 10 of clubs and, after t5>t4, the 9 of diamonds.
    game.play("t5>t4")
    keys.go(game, Spot("t4"))
    assert keys.current(game) == Spot("t4", 4)
    assert keys.press(game, "ArrowUp").spot == Spot("t4", 3)
    assert keys.press(game, "ArrowDown").spot == Spot("t4", 4)
    assert keys.press(game, "ArrowDown").spot == Spot("t4", 4)
    keys.go(game, Spot("t4", 3))
    assert keys.press(game, "ArrowUp").spot == Spot("f1", -1), "column 4 sits under the spades foundation"


def test_up_from_a_column_finds_the_nearest_top_pile() -> None:
    table = Table(KLONDIKE_CODE)
    keys, game = table.keys, table.game
    ups = {}
    for n in range(1, 8):
        keys.focus_column(game, n)
        spot = keys.press(game, "ArrowUp").spot
        assert spot is not None
        ups[n] = spot.pid
    assert ups == {1: "s", 2: "w", 3: "w", 4: "f1", 5: "f2", 6: "f3", 7: "f4"}
    spider = Table(SPIDER_CODE)
    spider.keys.focus_column(spider.game, 10)
    assert spider.keys.press(spider.game, "ArrowUp").spot == Spot("s")
    assert spider.keys.press(spider.game, "ArrowDown").spot == Spot("t1", 5)


def test_two_tab_stops_remember_their_last_place() -> None:
    table = Table(KLONDIKE_CODE)
    keys, game = table.keys, table.game
    assert keys.stops(game) == (Spot("s"), Spot("t1", 0))
    keys.focus_column(game, 5)
    keys.press(game, "ArrowUp")  # to the hearts foundation
    keys.press(game, "ArrowLeft")
    assert keys.stops(game) == (Spot("f1", -1), Spot("t5", 4))
    # The table changes under a stop: it stays valid.
    game.play("t5>t4")
    assert keys.stops(game) == (Spot("f1", -1), Spot("t5", 3))


def test_escape_and_other_keys_are_left_alone_when_nothing_is_held() -> None:
    table = Table(KLONDIKE_CODE)
    assert table.keys.press(table.game, "Escape").kind == "none"
    assert table.keys.press(table.game, "x").kind == "none"
    assert table.keys.press(table.game, "Tab").kind == "none"


def test_shortcuts_ask_the_page_for_hint_new_game_and_help() -> None:
    table = Table(KLONDIKE_CODE)
    table.press("h", "N", "?")
    assert table.asked == ["hint", "new", "help"]
    assert table.press("8") == "There is no column 8."


@given(st.characters().filter(lambda key: not key.isdecimal() and key != " " and key.lower() not in SHORTCUTS))
def test_keys_that_are_digits_only_to_unicode_are_ignored_quietly(key: str) -> None:
    # "²" is an unshifted key on French AZERTY; "³", "¹", "⁴" and "①" are digits to
    # str.isdigit() but not decimal: they raised ValueError in int().
    table = Table(KLONDIKE_CODE)
    before = table.spot
    assert table.keys.press(table.game, key).kind == "none"
    assert table.spot == before


def test_superscript_and_circled_digits_do_not_jump_to_columns() -> None:
    table = Table(KLONDIKE_CODE)
    for key in ("²", "³", "¹", "⁴", "①"):
        assert table.keys.press(table.game, key).kind == "none", key
    assert table.press("7") == ""
    assert table.spot == Spot("t7", 6)


@pytest.mark.parametrize("three", ["៣", "๓", "٣", "３"])
def test_a_khmer_or_thai_keyboards_digits_jump_to_columns(three: str) -> None:
    # Khmer's unshifted number row types ១-៩: they jumped before ASCII alone did, and must.
    ascii_three = Table(KLONDIKE_CODE)
    ascii_three.press("3")
    table = Table(KLONDIKE_CODE)
    table.press(three)
    assert table.spot == ascii_three.spot
    assert table.spot != Table(KLONDIKE_CODE).spot


def test_send_to_foundation_outside_klondike_says_the_rule() -> None:
    table = Table(SPIDERETTE_CODE)
    assert table.press("2", "f") == "Spiderette has no waste or foundations: completed runs leave by themselves."
    klondike = Table(KLONDIKE_CODE)
    assert klondike.press("2", "f") == "A foundation starts with an Ace: the Jack of clubs can't go there yet."
    assert klondike.press("Home", "ArrowUp", "f") == "Choose a card first: the stock's cards are face down."


def test_a_held_card_goes_to_its_own_foundation_from_any_slot() -> None:
    table = Table(KLONDIKE_CODE)
    table.press("1", "Enter", "ArrowUp")  # the Ace of diamonds; up to the stock
    table.press("ArrowRight", "ArrowRight")  # the spades foundation
    assert table.press("Enter") == "Ace of diamonds to the diamonds foundation. Column 1 is empty. Score 10."
    assert table.spot == Spot("t1"), "a card sent to a foundation leaves the focus on its column"


def test_picking_up_nothing_or_the_same_pile() -> None:
    table = Table(KLONDIKE_CODE)
    assert table.press("Home", "ArrowUp", "ArrowRight", "Enter") == "Waste is empty."
    assert table.press("5", "Enter", "Enter") == "Put down: nothing moved."
    assert table.keys.held is None


def test_a_new_deal_resets_the_focus() -> None:
    table = Table(KLONDIKE_CODE)
    table.press("5", "Enter")
    table.session.new_game("SP1-S4-AAAAAAB")
    table.keys.reset()
    assert table.keys.held is None
    assert table.spot == Spot("t1", 5)


def test_the_help_lists_every_shortcut() -> None:
    listed = " ".join(keys for keys, _ in KEYS)
    for letter in SHORTCUTS:
        assert letter.upper() in listed or letter in listed
    assert "Escape" in listed
    assert "Enter" in listed
