"""Hints that say only as much as asked (issue #47): a first press of Hint shows the
pile to look at, a second the cards to move, a third the whole move, which a tap then
plays; the whole_hints setting shows the whole move at the first press, as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from ui.model.hints import STAGES, HintCycle, choose_hint, describe_hint, hint_stages, hint_words, stage_words
from ui.model.i18n import use_language
from ui.model.persist import preferences_from, preferences_to
from ui.model.session import Preferences
from ui.model.table import TableState, body_attributes, hinted_move, marks

CODE = "KL1-D1N-AAAAAAG"


def presses(game: engine.Game, n: int, whole: bool = False) -> list[tuple[str, str]]:
    """The move and stage each of ``n`` presses of Hint at ``game``'s position shows."""
    cycle = HintCycle()
    shown = []
    for _ in range(n):
        choice = choose_hint(game, cycle.press(game.record()))
        assert choice is not None
        shown.append((choice.hint.move, cycle.stage(hint_stages(choice.hint), whole)))
    return shown


def test_the_first_move_is_shown_a_stage_at_a_time_then_the_others_whole() -> None:
    game = engine.new_game(CODE)
    assert presses(game, 6) == [
        ("t1>f", "pile"),
        ("t1>f", "card"),
        ("t1>f", "move"),
        ("t7>f", "move"),
        ("t5>t4", "move"),
        ("s", "move"),
    ]


def test_the_setting_shows_every_move_whole_as_before() -> None:
    game = engine.new_game(CODE)
    assert presses(game, 5, whole=True) == [
        ("t1>f", "move"),
        ("t7>f", "move"),
        ("t5>t4", "move"),
        ("s", "move"),
        ("t1>f", "move"),
    ]


def test_a_stock_tap_is_shown_whole_at_once_and_a_pair_skips_the_card_stage() -> None:
    game = engine.new_game(CODE)
    assert hint_stages(describe_hint(game, "s")) == ("move",)
    assert hint_stages(describe_hint(game, "t5>t4")) == STAGES
    pyramid = engine.new_game("PY1-P3-AAAAAAA")
    assert hint_stages(describe_hint(pyramid, "p25+p26>x")) == ("pile", "move")


def test_another_position_starts_again_from_the_pile() -> None:
    game = engine.new_game(CODE)
    cycle = HintCycle()
    cycle.press(game.record())
    assert cycle.stage(STAGES) == "pile"
    cycle.press(game.record())
    assert cycle.stage(STAGES) == "card"
    game.play("t1>f")
    assert cycle.press(game.record()) == 0
    assert cycle.stage(STAGES) == "pile"


def test_the_solvers_line_leads_at_the_stage_reached() -> None:
    cycle = HintCycle()
    cycle.press(CODE)
    cycle.press(CODE)
    assert cycle.stage(STAGES) == "card"
    cycle.lead(CODE)  # the solver's move takes the hint's place: still the cards only
    assert cycle.stage(STAGES) == "card"
    assert (cycle.press(CODE), cycle.stage(STAGES)) == (0, "move")


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["A", "B"]), st.booleans(), st.sampled_from([STAGES, ("pile", "move"), ("move",)])),
        max_size=20,
    )
)
def test_stages_never_go_back_and_the_setting_always_shows_the_whole_move(
    steps: list[tuple[str, bool, tuple[str, ...]]],
) -> None:
    cycle = HintCycle()
    last: tuple[str, int, int] | None = None  # the record, move index and stage index shown last
    for record, whole, stages in steps:
        index = cycle.press(record)
        stage = cycle.stage(stages, whole)
        assert stage in stages
        assert cycle.stage(stages, whole) == stage, "asking again changes nothing"
        if whole:
            assert stage == "move"
        if last is not None and last[0] == record:
            # At one position: the same move a stage further, or (once whole) the next move.
            assert (index == last[1] and STAGES.index(stage) >= last[2]) or (index == last[1] + 1 and stage == "move")
        else:
            assert index == 0
        last = (record, index, STAGES.index(stage))


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=0, max_value=8))
def test_the_third_press_and_after_show_what_each_press_showed_before(extra: int) -> None:
    """The graded presses add two presses in front: the (k+2)-th shows what the k-th did."""
    game = engine.new_game(CODE)
    graded = presses(game, 3 + extra)
    whole = presses(game, 1 + extra, whole=True)
    assert graded[2:] == whole


def test_the_marks_show_the_pile_then_the_cards_then_the_whole_move() -> None:
    game = engine.new_game(CODE)
    hint = describe_hint(game, "t5>t4")
    state = TableState(hint=hint, hint_stage="pile")
    pile = marks(state, game)
    assert pile.hint_piles == {"t5"}
    assert pile.hint_pile_cards == {("t5", i) for i in range(5)}
    assert (pile.hint_from, pile.hint_to, pile.hint_onto, pile.hint_move) == (frozenset(), frozenset(), frozenset(), "")
    assert body_attributes(state)["data-hint-stage"] == "pile"
    state.hint_stage = "card"
    card = marks(state, game)
    assert card.hint_from == {("t5", 4)}
    assert [card.hint_piles, card.hint_to, card.hint_onto, card.hint_move] == [frozenset()] * 3 + [""]
    state.hint_stage = "move"
    move = marks(state, game)
    assert move.hint_from == {("t5", 4)}
    assert move.hint_to == {"t4"}
    assert move.hint_onto == {("t4", 3)}
    assert move.hint_move == "t5>t4"
    assert not move.hint_piles


def test_a_pair_lights_both_cards_once_shown() -> None:
    game = engine.new_game("PY1-P3-AAAAAAA")
    state = TableState(hint=describe_hint(game, "p25+p26>x"), hint_stage="pile")
    assert marks(state, game).hint_piles == {"p25"}
    state.hint_stage = "move"
    assert marks(state, game).hint_from == {("p25", 0), ("p26", 0)}
    assert hinted_move(state, game, "p26", 0) == "p25+p26>x"


def test_a_tap_on_the_hinted_cards_plays_the_hint_once_the_whole_move_shows() -> None:
    game = engine.new_game(CODE)
    state = TableState(hint=describe_hint(game, "t5>t4"), hint_stage="card")
    assert hinted_move(state, game, "t5", 4) is None, "the cards alone: a tap is the card's own"
    state.hint_stage = "move"
    assert hinted_move(state, game, "t5", 4) == "t5>t4"
    assert hinted_move(state, game, "t4", 3) is None, "the destination is not the hint's card"
    state.hint = describe_hint(game, "s")
    assert hinted_move(state, game, "s", 23) is None, "a tap on the stock plays it anyway"


def test_the_words_of_each_stage_say_no_more_than_it_shows() -> None:
    use_language("en")
    game = engine.new_game(CODE)
    choice = choose_hint(game, 2)
    assert choice is not None
    assert choice.hint.move == "t5>t4"
    pile = stage_words(choice, "checking", "pile")
    card = stage_words(choice, "checking", "card")
    assert pile == "Hint: look at column 5."
    assert card == "Hint: move 9 of diamonds."
    for words in (pile, card):
        assert "10 of clubs" not in words
        assert "column 4" not in words
    assert hint_words(choice, "checking").startswith("Hint 3 of 4: 9 of diamonds onto 10 of clubs.")
    assert stage_words(choice, "unknown", "card").startswith("Hint: move 9 of diamonds. Undecided:")


def test_the_stage_words_in_thai_and_khmer() -> None:
    game = engine.new_game(CODE)
    try:
        use_language("th")
        choice = choose_hint(game, 2)
        assert choice is not None
        assert stage_words(choice, "checking", "pile") == "คำใบ้: ลองดูที่คอลัมน์ 5"
        assert stage_words(choice, "checking", "card") == "คำใบ้: ย้าย 9 ข้าวหลามตัด"
        use_language("km")
        choice = choose_hint(game, 2)
        assert choice is not None
        assert stage_words(choice, "checking", "pile") == "តម្រុយ៖ សាកមើលជួរឈរទី 5។"
        assert stage_words(choice, "checking", "card").startswith("តម្រុយ៖ ផ្លាស់ទី ")
    finally:
        use_language("en")


def test_the_setting_is_off_for_a_new_player_and_kept_with_the_others() -> None:
    assert not Preferences().whole_hints
    prefs = Preferences(whole_hints=True)
    assert preferences_from(preferences_to(prefs)).whole_hints
    old = preferences_to(Preferences())
    del old["whole_hints"]
    assert not preferences_from(old).whole_hints, "a save from before the setting reads as off"
