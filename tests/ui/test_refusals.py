"""Every reason a game refuses with has words and a rules section in that game: each
reason of ``engine.game.all_reasons()`` is worded in the player's language and its "Why?"
opens a section of the rules of every game that can raise it (pure Python, CPython).

Which game can raise which reason is read from the engine's source: the reasons
written at the raise sites of ``engine/moves.py`` and ``engine/game.py`` (shared by
every game), of each game's own module and of the engine modules it imports."""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine
from engine import IllegalMove
from engine.freecell import FreeCell
from engine.game import all_reasons, game_class
from engine.variants import VARIANTS
from tests.ui.words import english_words
from ui.model import i18n
from ui.model.games import page_of
from ui.model.refusals import refusal_text, rule_anchor
from ui.model.rules import rules_for, rules_tab, rules_title

ENGINE = Path(engine.__file__).resolve().parent
SHARED = ("engine.moves", "engine.game")
"""The modules whose refusals every game can make."""
ERRORS = frozenset({"IllegalMove", "NotationError"})
SCRIPT = {"th": ("\u0e00", "\u0e7f"), "km": ("\u1780", "\u17ff")}
SENTENCE = "The engine's own English sentence."
"""What a refusal's text falls back to when the model has no words for its reason."""
VALUES: dict[str, str | int] = {
    "pile": "t3",
    "card": "7h",
    "top": "8s",
    "needed": "6h",
    "up": 2,
    "text": "zz",
    "count": 7,
    "most": 6,
    "cells": 2,
    "columns": 1,
    "run": 3,
}
"""Values for every sentence (each reason reads the ones it speaks of)."""


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use_language("en")


def _reasons_raised(module: str) -> set[str]:
    """The reasons written at the raise sites of ``module`` (``IllegalMove(text, reason, …)``)."""
    path = Path(importlib.import_module(module).__file__ or "")
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ERRORS:
            reason = node.args[1] if len(node.args) > 1 else None
            for keyword in node.keywords:
                if keyword.arg == "reason":
                    reason = keyword.value
            if isinstance(reason, ast.Attribute) and reason.attr == "reason":
                continue  # an error raised again with its own reason (a record's refused move)
            assert isinstance(reason, ast.Constant), f"{path.name}:{node.lineno}: a reason the scan cannot read"
            found.add(str(reason.value))
    return found


def _engine_imports(module: str) -> set[str]:
    """The engine modules ``module`` imports from (``from engine.x import …``)."""
    path = Path(importlib.import_module(module).__file__ or "")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("engine.")
    }


def raised_by(game: str) -> set[str]:
    """The reasons ``game`` can refuse with: the shared modules', its own module's and
    those of the engine modules its module imports (``engine.foundations``)."""
    own = VARIANTS[game].module
    modules = {*SHARED, own, *_engine_imports(own)}
    return set().union(*(_reasons_raised(module) for module in modules))


GAMES = tuple(VARIANTS)
PAIRS = [(game, reason) for game in GAMES for reason in sorted(raised_by(game))]


def test_the_scan_finds_every_reason_of_every_game() -> None:
    found = set().union(*(raised_by(game) for game in GAMES))
    assert found == set(all_reasons())
    for game in GAMES:
        assert raised_by(game) <= set(game_class(game).reasons), game
    assert {"supermove_limit", "cell_full", "no_stock"} <= raised_by("FC")
    assert "supermove_limit" not in raised_by("KL")
    assert "group_one_suit" in raised_by("SP")


def test_every_game_has_rules_anchors_and_a_tab() -> None:
    for game in GAMES:
        assert page_of(game).game == game
        assert rules_tab(game) in GAMES
        assert rules_for(rules_tab(game)) == rules_for(game)
        assert rule_anchor(game, None) == rules_for(game)[0].anchor
        assert rules_title(game)


def test_an_unknown_game_has_no_rules_instead_of_another_games() -> None:
    for ask in (rules_for, rules_title, lambda game: rule_anchor(game, "same_pile")):
        with pytest.raises(KeyError, match="XX"):
            ask("XX")


@pytest.mark.parametrize(("game", "reason"), PAIRS, ids=[f"{g}-{r}" for g, r in PAIRS])
def test_each_reason_has_words_and_a_section_in_each_game_that_raises_it(game: str, reason: str) -> None:
    sections = {section.anchor for section in rules_for(game)}
    assert reason in page_of(game).anchors, f"{game} refuses with {reason} but has no rules section for it"
    assert rule_anchor(game, reason) in sections
    # The values the engine gives: only a game with free cells counts them.
    values = {key: value for key, value in VALUES.items() if key != "cells" or VARIANTS[game].cells}
    error = IllegalMove(SENTENCE, reason, **values)
    english = refusal_text(game, error)
    assert english != SENTENCE, f"{game} has no words for {reason}"
    assert "{" not in english
    for language, (low, high) in SCRIPT.items():
        i18n.use_language(language)
        text = refusal_text(game, error)
        assert any(low <= letter <= high for letter in text), (language, text)
        assert english_words(text) == [], (language, text)
        assert "{" not in text


FREECELL = {
    **{f"t{i}": "Kd" for i in range(4, 9)},
    "t1": "9h 8s 7d",
    "t2": "Qh 5c",
    "t3": "",
    "c1": "Jd",
    "f2": "Ah",
    "f1": "As 2s",
    "f3": "Ad 2d 3d 4d 5d",
}
"""A FreeCell position (two free cells, one empty column) where every FreeCell rule refuses something."""
FREECELL_MOVES = {
    "no_stock": "s",
    "stock_tap_only": "s>t1",
    "cell_full": "t1>c1",
    "cell_one_card": "t1:2>c2",
    "run_alternating": "t2:2>t3",
    "supermove_limit": "t1:3>t3",
    "foundation_stays": "f2>c2",
    "build_alternating": "t1>t2",
    "foundation_ace_first": "t2>f",
    "foundation_sequence": "t1>f",
    "empty_pile": "c2>t3",
    "no_such_pile": "c3>t1",
    "same_pile": "c1>c1",
    "already_on_foundation": "f1>f",
}
SAID_AS_THE_ENGINE_SAYS = (
    "no_stock",
    "cell_full",
    "cell_one_card",
    "foundation_stays",
    "build_alternating",
    "foundation_ace_first",
    "foundation_sequence",
    "empty_pile",
    "same_pile",
)


@pytest.mark.parametrize(("reason", "move"), FREECELL_MOVES.items(), ids=list(FREECELL_MOVES))
def test_freecell_refusals_in_each_language(reason: str, move: str) -> None:
    game = FreeCell.from_piles("FC1-F2-1", FREECELL)
    error = game.refusal_error(move) if reason != "stock_tap_only" else _parse_refusal(move)
    assert error is not None
    assert error.reason == reason
    english = refusal_text("FC", error)
    if reason in SAID_AS_THE_ENGINE_SAYS:
        assert english == str(error)
    for language, (low, high) in SCRIPT.items():
        i18n.use_language(language)
        text = refusal_text("FC", error)
        assert any(low <= letter <= high for letter in text), (language, text)
        assert english_words(text) == [], (language, text)


def _parse_refusal(move: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        engine.parse_move(move)
    return info.value


def test_the_run_limit_says_how_many_could_move_and_why() -> None:
    game = FreeCell.from_piles("FC1-F2-1", FREECELL)
    error = game.refusal_error("t1:3>t3")
    assert error is not None
    assert refusal_text("FC", error) == (
        "3 cards can't move at once: with 1 empty free cell and 0 empty columns to spare, at most 2 can."
    )
    one = IllegalMove(SENTENCE, "supermove_limit", count=12, most=6, cells=2, columns=1)
    assert refusal_text("FC", one) == (
        "12 cards can't move at once: with 2 empty free cells and 1 empty column to spare, at most 6 can."
    )
    i18n.use_language("th")
    assert "12" in refusal_text("FC", one)
    assert "6" in refusal_text("FC", one)
    run = IllegalMove(SENTENCE, "run_alternating", pile="t2", run=1)
    i18n.use_language("en")
    assert refusal_text("FC", run).endswith("only the last card of Column 2 does.")
    cells = IllegalMove(SENTENCE, "no_such_pile", pile="c3", cells=2)
    assert refusal_text("FC", cells) == "There is no such pile in this deal: it has 2 free cells."


def test_a_free_cells_refusal_opens_the_free_cells_rule() -> None:
    game = FreeCell.from_piles("FC1-F2-1", FREECELL)
    for move, anchor in (("t1>c1", "fc-cells"), ("t1:3>t3", "fc-runs"), ("s", "fc-deal"), ("f2>c2", "fc-foundations")):
        error = game.refusal_error(move)
        assert error is not None
        assert rule_anchor("FC", error.reason) == anchor
