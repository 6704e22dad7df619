"""Hints in words and on the table, remembered lines, the wording of lost
positions, and the shipped winnable deals the New game option picks from."""

from __future__ import annotations

import random

import pytest

import engine
from engine.codes import DealCode, parse_code
from engine.spider import Spiderette
from engine.winnable_seeds import WINNABLE
from tests.engine.players import position
from ui.model.hints import (
    FEW_SEEDS,
    SOLVER_NOTE,
    LineMemory,
    describe_hint,
    legal_hint,
    lost_text,
    next_winnable_code,
    positions,
    rewind_text,
    variant_of,
    winnable_note,
)
from ui.model.persist import preferences_from, preferences_to
from ui.model.session import Preferences


def test_the_solver_note_says_it_sees_the_face_down_cards() -> None:
    assert "sees the face-down cards" in SOLVER_NOTE


def test_a_card_onto_a_card() -> None:
    game = engine.new_game("KL1-D1N-AAAAAAG")
    hint = describe_hint(game, "t5>t4")
    assert (hint.move, hint.src, hint.count, hint.dst, hint.cards) == ("t5>t4", "t5", 1, "t4", ("9d",))
    assert hint.text == "Hint: 9 of diamonds onto 10 of clubs."


def test_a_group_onto_a_card_and_to_an_empty_column() -> None:
    game = position({"t1": "#2s Kh Qs Jh", "t2": "Kd", "t3": "#3s", "t4": "#4s 9c"})
    hint = describe_hint(game, "t1:2>t2")
    assert (hint.src, hint.count, hint.dst, hint.cards) == ("t1", 2, "t2", ("Qs", "Jh"))
    assert hint.text == "Hint: Queen of spades and 1 card onto King of diamonds."
    empty = describe_hint(game, "t1:3>t5")
    assert (empty.count, empty.dst, empty.cards) == (3, "t5", ("Kh", "Qs", "Jh"))
    assert empty.text == "Hint: King of hearts and 2 cards to empty column 5."


def test_a_card_to_its_foundation_names_the_real_slot() -> None:
    game = position({"w": "Ah", "t1": "#2s 5c"})
    hint = describe_hint(game, "w>f")
    assert (hint.move, hint.src, hint.count, hint.dst) == ("w>f", "w", 1, "f2")
    assert hint.text == "Hint: Ace of hearts to the hearts foundation."


def test_taps_on_the_stock() -> None:
    game = engine.new_game("KL1-D1N-AAAAAAG")
    draw = describe_hint(game, "s")
    assert (draw.src, draw.count, draw.dst, draw.cards, draw.text) == ("s", 0, "s", (), "Hint: tap the stock.")
    recycle = position({"w": "5c 9d", "t1": "#2s Kc"})
    assert describe_hint(recycle, "s").text == "Hint: tap the stock to turn the waste back over."
    spider = engine.new_game("SD1-S1-AAAAAAA")
    assert describe_hint(spider, "s").text == "Hint: tap the stock to deal a row."


def test_a_spider_group_move() -> None:
    game = Spiderette.from_piles("SD1-S1-AAAAAAA", {"t1": "#Ks 9s 8s 7s", "t2": "#Qs Ts", "s": "#As"})
    hint = describe_hint(game, "t1:3>t2")
    assert (hint.src, hint.count, hint.dst, hint.cards) == ("t1", 3, "t2", ("9s", "8s", "7s"))
    assert hint.text == "Hint: 9 of spades and 2 cards onto 10 of spades."


def test_an_illegal_move_is_no_hint() -> None:
    game = engine.new_game("KL1-D1N-AAAAAAG")
    with pytest.raises(engine.IllegalMove):
        describe_hint(game, "t2>t1")
    assert legal_hint(game, "t2>t1") is None
    assert legal_hint(game, "t5>t4") is not None


def test_a_line_is_followed_without_a_new_search() -> None:
    memory = LineMemory()
    memory.remember("KL1-D1N-AAAAAAG", ["s", "t5:1>t4", "t1>f"])
    assert memory.line_for("KL1-D1N-AAAAAAG") == ("s", "t5>t4", "t1>f")
    assert memory.line_for("KL1-D1N-AAAAAAG s") == ("t5>t4", "t1>f")
    assert memory.line_for("KL1-D1N-AAAAAAG s t5>t4 t1>f") == ()
    # Off the line, or another deal whose code starts alike: nothing remembered.
    assert memory.line_for("KL1-D1N-AAAAAAG t5>t4") is None
    assert memory.line_for("KL1-D1N-AAAAAAGX") is None
    memory.forget()
    assert memory.line_for("KL1-D1N-AAAAAAG") is None


def test_memory_keeps_the_newest_lines() -> None:
    memory = LineMemory()
    for n in range(LineMemory.KEEP + 2):
        memory.remember(f"KL1-D1N-AAAAAA{'ABCDEFGHIJKL'[n]}", ["s"])
    assert memory.line_for("KL1-D1N-AAAAAAA") is None
    assert memory.line_for(f"KL1-D1N-AAAAAA{'ABCDEFGHIJKL'[LineMemory.KEEP + 1]}") == ("s",)


def test_words_for_lost_positions_and_looking_back() -> None:
    assert lost_text(True) == "No win is possible from here."
    assert "nothing to undo" in lost_text(False)
    assert rewind_text(1, [], 5, "winnable").startswith("Undid 1 action: this position can be won.")
    assert "could not decide 2 newer positions" in rewind_text(4, [1, 2], 9, "winnable")
    assert rewind_text(None, [], 7, "unwinnable").startswith("None of the last 7 positions can be won")
    unknown = rewind_text(None, [3], 7, "unknown")
    assert "could not decide 1 of the last 7" in unknown
    assert "Nothing was undone" in unknown
    assert positions(0) == "0 positions"
    assert positions(1234567) == "1,234,567 positions"


@pytest.mark.parametrize(
    ("code", "variant"),
    [
        ("KL1-D3V-ABCDEFG", "KL1-D3V"),
        ("KL1-D1C-AAAAAAA", "KL1-D1C"),
        ("SD1-S4-AAAAAAB", "SD1-S4"),
        ("SP1-S2-ZZZZZZZ", "SP1-S2"),
    ],
)
def test_variant_of_a_code(code: str, variant: str) -> None:
    assert variant_of(parse_code(code)) == variant


def test_winnable_deals_come_from_the_shipped_seeds_each_once_before_any_repeats() -> None:
    rng = random.Random(1)
    settings = parse_code("KL1-D3N-AAAAAAA")
    shipped = {engine.format_code(DealCode("KL", 3, "N", seed=seed)) for seed, _ in WINNABLE["KL1-D3N"]}
    kept = ""
    picks = []
    for _ in range(len(shipped)):
        code, kept = next_winnable_code(settings, kept, rng)
        picks.append(code)
    assert set(picks) == shipped
    # Kept with the settings, the order goes on after a reload.
    again_kept = preferences_from(preferences_to(Preferences(winnable_order=kept))).winnable_order
    assert again_kept == kept


def test_no_shipped_seed_means_no_code(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(WINNABLE, "SP1-S4", ())
    assert next_winnable_code(parse_code("SP1-S4-AAAAAAA"), "kept") == (None, "kept")


def test_the_winnable_only_option_is_kept_with_the_settings() -> None:
    kept = preferences_from(preferences_to(Preferences(winnable_only=True)))
    assert kept.winnable_only is True
    assert Preferences().winnable_only is True, "on for a new player"
    assert preferences_from({}).winnable_only is True, "nothing stored: a new player's default"
    assert preferences_from({"winnable_only": False}).winnable_only is False, "a player's saved choice stays"
    assert preferences_from({"winnable_only": "no"}).winnable_only is True, "a value of the wrong type is dropped"


def test_the_dialog_says_when_proven_deals_are_few_or_none(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = parse_code("SP1-S4-AAAAAAA")
    monkeypatch.setitem(WINNABLE, "SP1-S4", ())
    assert "the solver looks for one when you deal" in winnable_note(settings)
    monkeypatch.setitem(WINNABLE, "SP1-S4", ((5, 100),))
    assert winnable_note(settings) == "Only 1 proven deal of this game comes with the page, so it repeats."
    monkeypatch.setitem(WINNABLE, "SP1-S4", tuple((seed, 100) for seed in range(3)))
    assert winnable_note(settings).startswith("Only 3 proven deals")
    monkeypatch.setitem(WINNABLE, "SP1-S4", tuple((seed, 100) for seed in range(FEW_SEEDS)))
    assert winnable_note(settings) == ""
