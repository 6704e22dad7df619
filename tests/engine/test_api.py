"""The public names the UI relies on (DESIGN.md section 4 and the engine API)."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

import engine
from engine import Action, Card, CodeError, Game, IllegalMove, Move, SaveError
from engine.klondike import Klondike


def test_public_names() -> None:
    for name in (
        "new_game",
        "random_code",
        "replay",
        "from_json",
        "CodeError",
        "IllegalMove",
        "SaveError",
        "Card",
        "Move",
        "Game",
        "Action",
        "format_dollars",
        "game_class",
    ):
        assert hasattr(engine, name), name
        assert name in engine.__all__
    # Each game's class by its name, found through the registry rather than listed.
    for game in engine.VARIANTS:
        rules = engine.game_class(game)
        assert getattr(engine, rules.__name__) is rules
    for error in (CodeError, IllegalMove, SaveError):
        assert issubclass(error, ValueError)


def test_values_are_frozen_dataclasses() -> None:
    for cls in (Card, Move, Action):
        assert dataclasses.is_dataclass(cls)
        assert vars(cls)["__dataclass_params__"].frozen
    fields = {f.name for f in dataclasses.fields(Action)}
    assert {"move", "flipped", "removed", "score_before", "score_after"} <= fields


def test_game_surface() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    assert isinstance(g, Game)
    assert isinstance(g, Klondike)
    assert g.code == "KL1-D1N-AAAAAAG"
    assert g.settings.seed == 6
    assert g.game_name == "Klondike"
    assert isinstance(g.pile("t3"), tuple)
    card = g.pile("t3")[-1]
    assert (card.rank, card.suit, card.face_up, str(card)) == (13, "d", True, "Kd")
    assert all(isinstance(m, Move) for m in g.legal_moves())
    assert isinstance(g.play("s"), Action)
    assert (g.score, g.moves, g.won) == (0, 1, False)
    assert g.score_text == "0"
    assert g.can_undo
    assert len(g.history) == 1
    assert g.record() == "KL1-D1N-AAAAAAG s"
    assert isinstance(g.to_json(), str)
    assert g.waste_fan() == 1
    assert g.passes_left is None
    assert g.stock_action() == "draw"
    assert g.stock_refusal() is None
    for name in ("can_pick", "drop_targets", "move_for_drop", "tap_move", "double_tap_move"):
        assert callable(getattr(g, name))


def test_pile_of_unknown_id() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    with pytest.raises(KeyError, match="t9"):
        g.pile("t9")


def test_public_functions_are_fully_annotated() -> None:
    for name in engine.__all__:
        obj = getattr(engine, name)
        functions = []
        if inspect.isfunction(obj):
            functions.append(obj)
        elif inspect.isclass(obj):
            functions += [f for n, f in vars(obj).items() if inspect.isfunction(f) and not n.startswith("__")]
        for function in functions:
            annotations = function.__annotations__
            assert "return" in annotations, f"{name}.{function.__name__}"
            params = [p for p in inspect.signature(function).parameters if p not in ("self", "cls")]
            assert all(p in annotations for p in params), f"{name}.{function.__name__}"


def test_copy_is_independent() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    g.play("s")
    other = g.copy()
    other.play("t1>f")
    other.undo()
    other.undo()
    assert g.to_json() != other.to_json()
    assert g.record() == "KL1-D1N-AAAAAAG s"
    assert other.record() == "KL1-D1N-AAAAAAG"
