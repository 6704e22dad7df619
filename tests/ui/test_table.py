"""The table state decides every mark the renderer writes: held and dragged cards,
the piles that take them, the hint, and the keyboard's tab stops."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from ui.model.hints import describe_hint
from ui.model.keyboard import Held, Spot
from ui.model.layout import compute, table_of
from ui.model.table import Drag, TableState, marks

CODE = "KL1-D1N-AAAAAAG"


def test_a_fresh_table_marks_nothing_but_its_two_tab_stops() -> None:
    game = engine.new_game(CODE)
    m = marks(TableState(), game)
    marked = [m.held, m.lifted, m.targets, m.hint_from, m.hint_from_piles, m.hint_to, m.hint_onto]
    assert [len(part) for part in marked] == [0] * 7
    assert m.stops == (Spot("s"), Spot("t1", 0))
    assert not m.holding
    assert not m.dragging


def test_held_cards_are_marked_with_the_piles_that_take_them() -> None:
    game = engine.new_game(CODE)
    state = TableState()
    state.keyboard.go(game, Spot("t5"))
    command = state.keyboard.press(game, "Enter")
    assert command.kind == "pick"
    m = marks(state, game)
    assert m.held == frozenset({("t5", 4)})
    assert m.targets == frozenset({"t4"})
    assert m.holding
    assert Spot("t5", 4) in m.stops


def test_held_cards_that_can_no_longer_be_picked_are_not_marked() -> None:
    game = engine.new_game(CODE)
    state = TableState()
    state.keyboard.held = Held("t5", 5)  # the column's face-down cards too
    m = marks(state, game)
    assert not m.held
    assert not m.targets


def test_dragged_cards_are_lifted_bottom_first_and_their_targets_lit() -> None:
    game = engine.replay(f"{CODE} t5>t4")
    state = TableState()
    state.drag = Drag("t4", 2, ("t1",), 30.0, 40.0)
    m = marks(state, game)
    size = len(game.pile("t4"))
    assert m.lifted == (("t4", size - 2), ("t4", size - 1))
    assert m.targets == frozenset({"t1"})
    assert m.dragging


def test_held_cards_decide_the_targets_over_a_drag() -> None:
    game = engine.new_game(CODE)
    state = TableState()
    state.keyboard.go(game, Spot("t5"))
    state.keyboard.press(game, "Enter")
    state.drag = Drag("t1", 1, ("f3",))
    assert marks(state, game).targets == frozenset({"t4"})


def test_a_hint_marks_the_cards_to_move_their_pile_and_the_card_they_go_onto() -> None:
    game = engine.new_game(CODE)
    state = TableState(hint=describe_hint(game, "t5>t4"))
    m = marks(state, game)
    assert m.hint_from == frozenset({("t5", 4)})
    assert m.hint_to == frozenset({"t4"})
    assert m.hint_onto == frozenset({("t4", 3)})
    assert m.hint_move == "t5>t4"


def test_a_stock_hint_marks_the_top_of_the_stock_or_the_empty_stock() -> None:
    game = engine.new_game(CODE)
    m = marks(TableState(hint=describe_hint(game, "s")), game)
    assert m.hint_from == frozenset({("s", 23)})
    assert not m.hint_from_piles
    for _ in range(24):
        game.play("s")
    m = marks(TableState(hint=describe_hint(game, "s")), game)
    assert not m.hint_from
    assert m.hint_from_piles == frozenset({"s"})


def test_keys_of_reads_the_node_keys_of_the_last_layout() -> None:
    game = engine.new_game(CODE)
    state = TableState()
    layout = compute(table_of(game), 1000, 700)
    state.layout = layout
    state.node_keys = state.nodes.assign([(box.pid, box.index, box.card_id) for box in layout.cards])
    keys = state.keys_of("t7", 5)
    assert len(keys) == 2
    assert [state.node_keys[i] for i, box in enumerate(layout.cards) if box.pid == "t7" and box.index >= 5] == keys
    assert TableState().keys_of("t7", 0) == []


@settings(max_examples=40, deadline=None)
@given(
    code=st.sampled_from([CODE, "SD1-S2-AAAAABC", "SP1-S1-AAAAAAB"]),
    steps=st.integers(0, 40),
    seed=st.integers(0, 10_000),
)
def test_marks_name_only_cards_and_piles_on_the_table(code: str, steps: int, seed: int) -> None:
    game = engine.new_game(code)
    rng = random.Random(seed)
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    state = TableState()
    legal = [m for m in game.legal_moves() if not m.is_stock_tap]
    if legal:
        move = legal[seed % len(legal)]
        state.hint = describe_hint(game, str(move))
        state.drag = Drag(move.src, move.count, tuple(game.drop_targets(move.src, move.count)))
    state.keyboard.current(game)
    m = marks(state, game)
    places = {(pid, i) for pid in game.pile_ids for i in range(len(game.pile(pid)))}
    assert m.held | m.hint_from | m.hint_onto | set(m.lifted) <= places
    assert m.targets | m.hint_to | m.hint_from_piles <= set(game.pile_ids)
    for spot in m.stops:
        assert spot.pid in game.pile_ids
        assert spot.index < len(game.pile(spot.pid))
