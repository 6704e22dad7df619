"""Every refusal carries a machine-readable reason, so a translated UI can word it.

The English ``str()`` of each error stays the rule in player words; ``reason``
names the rule and ``values`` what the sentence speaks of (cards, piles, counts).
"""

from __future__ import annotations

import ast
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine import CodeError, Game, IllegalMove, Move
from engine.cards import parse_card
from engine.codes import CODE_REASONS, DealCode, make_deck, parse_code, random_code
from engine.game import all_reasons
from engine.moves import REASONS, STOCK_TAP, parse_move
from engine.spider import Spider, Spiderette
from tests.engine.refusal_examples import KL_START, MOVE_EXAMPLES

ENGINE = Path(engine.__file__).resolve().parent

# ------------------------------------------------------------ every raise site


def _error_classes() -> dict[str, frozenset[str]]:
    """The engine's refusal errors by name (subclasses included), each with the
    reasons it may carry."""
    classes: dict[str, frozenset[str]] = {}
    reasons = frozenset(all_reasons())
    for module in (engine, engine.moves, engine.codes, engine.game, engine.klondike, engine.spider):
        for name, value in vars(module).items():
            if isinstance(value, type) and issubclass(value, IllegalMove):
                classes[name] = reasons
            elif isinstance(value, type) and issubclass(value, CodeError):
                classes[name] = frozenset(CODE_REASONS)
    return classes


def _calls_without_reason(path: Path, classes: dict[str, frozenset[str]]) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in classes):
            continue
        where = f"{path.name}:{node.lineno}"
        reason: ast.expr | None = node.args[1] if len(node.args) > 1 else None
        for keyword in node.keywords:
            if keyword.arg == "reason":
                reason = keyword.value
        if reason is None:
            bad.append(f"{where}: {node.func.id}(...) has no reason")
        elif isinstance(reason, ast.Constant) and reason.value not in classes[node.func.id]:
            bad.append(f"{where}: {reason.value!r} is not a reason of {node.func.id}")
        elif isinstance(reason, ast.Constant) and reason.value is None:
            bad.append(f"{where}: {node.func.id}(...) has reason None")
    return bad


def test_every_refusal_the_engine_makes_names_its_reason() -> None:
    classes = _error_classes()
    assert {"IllegalMove", "CodeError"} <= set(classes)
    bad = []
    sites = 0
    for path in sorted(ENGINE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        sites += sum(text.count(f"{name}(") for name in classes)
        bad += _calls_without_reason(path, classes)
    assert sites > 60  # the scan really sees the raise sites
    assert bad == []


def test_the_scan_catches_a_refusal_without_reason(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'def f():\n    raise IllegalMove("No.")\n\n'
        'def g():\n    raise CodeError("Bad.", "nope")\n\n'
        'def h():\n    raise CodeError("Fine.", "bad_seed")\n'
    )
    assert len(_calls_without_reason(sample, _error_classes())) == 2


# ---------------------------------------------------- each reason, by example


@pytest.mark.parametrize(("reason", "make", "move", "values"), MOVE_EXAMPLES, ids=[e[0] for e in MOVE_EXAMPLES])
def test_each_refusal_reason_by_example(
    reason: str, make: Callable[[], Game], move: Move | str, values: dict[str, str | int]
) -> None:
    game = make()
    before = game.to_json()
    error = game.refusal_error(move)
    assert error is not None
    assert (error.reason, error.values) == (reason, values)
    assert game.refusal(move) == str(error)
    with pytest.raises(IllegalMove) as info:
        game.play(move)
    assert (info.value.reason, str(info.value)) == (reason, str(error))
    assert game.to_json() == before


def test_the_examples_cover_every_reason() -> None:
    covered = {reason for reason, *_ in MOVE_EXAMPLES} | {"nothing_to_undo"}
    assert covered == set(REASONS)
    assert len(REASONS) == len(set(REASONS))


def test_undo_with_nothing_to_undo_says_why() -> None:
    with pytest.raises(IllegalMove) as info:
        engine.new_game(KL_START).undo()
    assert (info.value.reason, info.value.values, str(info.value)) == ("nothing_to_undo", {}, "Nothing to undo.")


def test_a_refused_record_keeps_the_reason_and_names_the_move() -> None:
    with pytest.raises(IllegalMove) as info:
        engine.replay(f"{KL_START} t1>f t2>t1")
    assert info.value.reason == "empty_needs_king"
    assert info.value.values == {"card": "Jc", "index": 2, "token": "t2>t1"}
    assert str(info.value) == "Move 2 (t2>t1): Only a King can go to an empty column."


def test_stock_refusal_text_is_unchanged() -> None:
    spider = Spiderette.from_piles("SD1-S1-AAAAAAA", {"t1": "Ks"})
    assert spider.stock_refusal() == "The stock is empty."
    assert spider.refusal_error(STOCK_TAP) is not None
    assert engine.new_game(KL_START).refusal_error(STOCK_TAP) is None


CODE_EXAMPLES: list[tuple[str, Callable[[], object], dict[str, str | int]]] = [
    ("bad_format", lambda: parse_code("hello"), {"text": "hello"}),
    ("bad_format", lambda: engine.new_game(3), {}),  # type: ignore[arg-type]
    ("bad_format", lambda: engine.replay(""), {}),
    ("bad_version", lambda: parse_code("KL2-D1N-AAAAAAG"), {"text": "KL2-D1N-AAAAAAG"}),
    ("unknown_game", lambda: parse_code("XX1-D1N-AAAAAAG"), {"text": "XX1-D1N-AAAAAAG", "game": "XX"}),
    ("unknown_game", lambda: random_code("ZZ"), {"game": "ZZ"}),
    ("unknown_game", lambda: DealCode("ZZ"), {"game": "ZZ"}),
    ("bad_options", lambda: parse_code("KL1-D2N-AAAAAAG"), {"text": "KL1-D2N-AAAAAAG"}),
    ("bad_options", lambda: parse_code("SD1-S3-AAAAAAG"), {"text": "SD1-S3-AAAAAAG"}),
    ("bad_options", lambda: DealCode("KL", draw=2), {}),
    ("bad_options", lambda: DealCode("KL", scoring="X"), {}),  # type: ignore[arg-type]
    ("bad_options", lambda: DealCode("KL", suits=2), {}),
    ("bad_options", lambda: DealCode("SD", suits=3), {}),
    ("bad_options", lambda: DealCode("SD", draw=3), {}),
    ("bad_options", lambda: make_deck("SD", 3), {}),
    ("bad_seed", lambda: parse_code("KL1-D1N-AAAAAG"), {"text": "KL1-D1N-AAAAAG"}),
    ("bad_seed", lambda: DealCode("KL", seed=-1), {}),
    ("wrong_game", lambda: Spider("SD1-S1-AAAAAAA"), {"code": "SD1-S1-AAAAAAA"}),
]


@pytest.mark.parametrize(("reason", "make", "values"), CODE_EXAMPLES, ids=[e[0] for e in CODE_EXAMPLES])
def test_each_code_error_reason_by_example(reason: str, make: Callable[[], object], values: dict[str, str]) -> None:
    with pytest.raises(CodeError) as info:
        make()
    assert (info.value.reason, info.value.values) == (reason, values)
    assert str(info.value)


def test_the_code_examples_cover_every_reason() -> None:
    assert {reason for reason, *_ in CODE_EXAMPLES} == set(CODE_REASONS)


# ------------------------------------------------- refusals met in real play

CODES = ["KL1-D1N", "KL1-D3V", "KL1-D3C", "KL1-D1C", "SD1-S1", "SD1-S2", "SD1-S4", "SP1-S2", "SP1-S4"]


def _candidate_moves(game: Game, rng: random.Random) -> list[Move]:
    piles = [*game.pile_ids, "f", "w", "f2"]
    moves = [STOCK_TAP]
    for _ in range(12):
        src, dst = rng.choice(piles), rng.choice(piles)
        moves.append(Move(src, dst, rng.choice((1, 1, 2, 3, 5))))
    return moves


def _check_values(game: Game, error: IllegalMove) -> None:
    for key, value in error.values.items():
        assert isinstance(value, (str, int)), (key, value)
        if key in ("card", "top", "needed"):
            assert str(parse_card(str(value))) == value
        if key == "pile":
            assert value in (*game.pile_ids, "f", "w", "f1", "f2", "f3", "f4")


@given(st.sampled_from(CODES), st.integers(0, 10_000), st.integers(0, 2**32 - 1))
def test_every_refusal_in_play_has_a_known_reason(prefix: str, seed: int, choice: int) -> None:
    rng = random.Random(choice)
    game = engine.new_game(f"{prefix}-{engine.codes.seed_letters(seed)}")
    for _ in range(60):
        for move in _candidate_moves(game, rng):
            error = game.refusal_error(move)
            if error is None:
                assert game.is_legal(move)
                continue
            assert error.reason in REASONS, (str(move), str(error))
            assert game.refusal(move) == str(error)
            _check_values(game, error)
        legal = game.legal_moves()
        if not legal or game.won:
            break
        game.play(rng.choice(legal))


def test_parse_move_refusals_have_reasons() -> None:
    for text in ["", "zz", "s>t1", "w:2>t1", "t3:0>t5"]:
        with pytest.raises(IllegalMove) as info:
            parse_move(text)
        assert info.value.reason in REASONS
