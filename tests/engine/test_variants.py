"""The variant registry says what each game really is, and bad notation has its own error."""

from __future__ import annotations

import pytest

import engine
from engine.variants import VARIANTS, pile_kind, variant_of


@pytest.mark.parametrize("game", list(VARIANTS))
def test_each_game_class_is_built_from_its_variant(game: str) -> None:
    variant = variant_of(game)
    code = engine.random_code(game, suits=1) if variant.options == "suits" else engine.random_code(game)
    g = engine.new_game(code)
    assert g.variant is variant
    assert g.game_name == variant.name
    assert g.pile_ids == variant.pile_ids
    assert [pid for pid in g.pile_ids if pile_kind(pid) == "tableau"] == list(variant.column_ids)
    assert ("w" in g.pile_ids) == variant.has_waste
    assert any(pid.startswith("f") for pid in g.pile_ids) == variant.foundations
    assert engine.new_game(code).stock_action() == ("draw" if variant.stock == "draws" else "deal")
    top = [pid for pid, _ in variant.top_row]
    assert top[0] == "s"
    assert set(top) - {"s"} == {*variant.foundation_ids, *variant.removed_ids, *(("w",) if variant.has_waste else ())}
    columns = [column for _, column in variant.top_row]
    assert columns == sorted(set(columns)), "top-row piles sit in distinct grid columns, left to right"
    assert columns[-1] == variant.columns - 1 or len(top) == 1


def test_runs_to_remove_match_the_spider_family() -> None:
    assert engine.Spiderette.runs_total == variant_of("SD").removed_runs == 4
    assert engine.Spider.runs_total == variant_of("SP").removed_runs == 8
    assert variant_of("KL").removed_runs == 0


def test_an_unknown_game_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        variant_of("XX")


@pytest.mark.parametrize("text", ["t9:0>t1", "garbage", "t3:2>w>", "s>t1", "w:2>t1"])
def test_bad_notation_is_a_notation_error_and_an_illegal_move(text: str) -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    with pytest.raises(engine.NotationError) as caught:
        g.play(text)
    assert isinstance(caught.value, engine.IllegalMove)
    assert g.record() == "KL1-D1N-AAAAAAG"


def test_a_legal_looking_move_that_breaks_a_rule_is_not_a_notation_error() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    with pytest.raises(engine.IllegalMove) as caught:
        g.play("t2>t1")
    assert not isinstance(caught.value, engine.NotationError)
