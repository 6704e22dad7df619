"""What the screen reader hears: pile names and every kind of action, in CPython."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from ui.model import i18n
from ui.model.announce import PileLabels, card_label, describe_play, describe_undo, pile_label, pile_name

# One suit: after these moves, t5:12>t6 lays Queen-to-Ace on a King and completes a run.
RUN_RECORD = (
    "SD1-S1-AAAAAAB t2>t1 t7>t2 t7>t6 t2:2>t7 t1:2>t7 t3>t2 t3>t6 t7:5>t1 s t3>t4 t3>t6 t6:2>t4 "
    "t6:3>t1 t6>t3 s t4>t1 t7>t4 s t2>t4 t1>t3 t4:7>t5 t4>t7 t4>t1 t6>t4 t6>t4 t5:8>t4 t4:11>t5 s "
    "t6>t3 t6>t4 t4:2>t2"
)


def test_names_of_piles_and_cards() -> None:
    assert [pile_name(p) for p in ("s", "w", "f1", "f4", "t3", "r2")] == [
        "Stock",
        "Waste",
        "Spades foundation",
        "Clubs foundation",
        "Column 3",
        "Completed run 2",
    ]
    assert card_label(engine.Card(13, "h")) == "King of hearts"
    assert card_label(engine.Card(13, "h", False)) == "face-down card"


def test_a_column_is_named_by_what_it_shows() -> None:
    game = engine.replay("KL1-D1N-AAAAAAG t5>t4 t1>f")
    assert pile_label(game, "t4") == "Column 4: 3 face-down cards, 10 of clubs, 9 of diamonds"
    assert pile_label(game, "t1") == "Column 1: empty, takes a King"
    assert pile_label(game, "f3") == "Diamonds foundation: Ace of diamonds"
    game.play("s")
    assert pile_label(game, "w") == "Waste: 1 card, Queen of hearts on top"
    assert pile_label(game, "s") == "Stock: 23 cards"
    spider = engine.new_game("SD1-S2-AAAAABC")
    assert pile_label(spider, "t1") == "Column 1: Queen of spades"
    assert pile_label(spider, "t1") != pile_label(engine.new_game("SD1-S2-AAAAABD"), "t1")


def test_a_card_put_into_a_free_cell_names_the_free_cell() -> None:
    said = {"en": "to free cell 1.", "th": "ไปที่ช่องพัก 1", "km": "ទៅក្រឡាទំនេរទី 1។"}
    try:
        for language, words in said.items():
            assert i18n.use_language(language)
            game = engine.new_game("FC1-F4-1")
            text = describe_play(game, game.play("t1>c1"))
            assert text.endswith(words), text
    finally:
        i18n.use_language("en")


def test_draw_three_recycle_and_their_undo() -> None:
    game = engine.new_game("KL1-D3N-AAAAAAG")
    said = describe_play(game, game.play("s"))
    assert said == "Drew 3 cards: Queen of hearts, Jack of hearts, and Ace of spades on top."
    assert describe_undo(game, game.undo()) == "Undone: 3 cards are back in the stock."
    for _ in range(8):
        game.play("s")
    assert pile_label(game, "s") == "Stock: empty, the waste can be turned back"
    assert describe_play(game, game.play("s")) == "The waste is turned back into the stock."
    assert describe_undo(game, game.undo()) == "Undone: the waste is back."


def test_vegas_scores_in_dollars_and_take_backs() -> None:
    vegas = engine.new_game("KL1-D1V-AAAAAAG")
    said = describe_play(vegas, vegas.play("t1>f"))
    assert said == "Ace of diamonds to the diamonds foundation. Column 1 is empty. Amount -$47."
    game = engine.replay("KL1-D1N-AAAAAAK t1>f")
    assert describe_play(game, game.play("f1>t7")) == "Ace of spades onto 2 of diamonds."
    assert describe_undo(game, game.undo()) == "Undone: Ace of spades is back on the spades foundation."


def test_a_completed_run_is_announced_and_comes_back_with_undo() -> None:
    game = engine.replay(RUN_RECORD)
    said = describe_play(game, game.play("t5:12>t6"))
    assert said == (
        "Queen of spades and 11 cards onto King of spades. A run is complete and removed: spades. "
        "5 of spades turned up. Score 568."
    )
    assert pile_label(game, "s") == "Stock: no deals left. 1 of 4 runs completed"
    assert pile_label(game, "r1") == "Completed run 1: King to Ace of spades"
    assert pile_label(game, "r2") == "Completed run 2: not yet"
    assert describe_undo(game, game.undo()) == "Undone: Queen of spades and 11 cards are back on column 5. Score 469."


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["KL1-D1N-AAAAAAG", "KL1-D3V-AAAAAAC", "SD1-S1-AAAAAAB", "SP1-S2-AAAAAAB"]), st.randoms())
def test_pile_labels_made_again_only_on_change_read_as_made_afresh(code: str, rng: random.Random) -> None:
    """The renderer's kept names equal ``pile_label`` after every move, undo and change of language."""
    game = engine.new_game(code)
    labels = PileLabels()
    piles = [*game.pile_ids, *(f"r{n}" for n in range(1, 9) if code.startswith("SP"))]
    try:
        for _ in range(150):
            for pid in piles:
                assert labels.label(game, pid) == pile_label(game, pid), (game.record(), pid)
            roll = rng.random()
            if roll < 0.1:
                i18n.use_language(rng.choice(["en", "th", "km"]))
            elif roll < 0.25 and game.can_undo:
                game.undo()
            else:
                moves = game.legal_moves()
                if not moves:
                    break
                # The stock often, so that it empties and turns over; moves off the
                # waste often, so that an empty stock's waste empties too.
                stock = [m for m in moves if m.src == "s"]
                waste = [m for m in moves if m.src == "w"]
                pool = waste if waste and roll < 0.6 else stock if stock and roll < 0.8 else moves
                game.play(rng.choice(pool))
    finally:
        i18n.use_language("en")
