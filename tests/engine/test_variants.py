"""The variant registry says what each game really is, and bad notation has its own error."""

from __future__ import annotations

import pytest

import engine
from engine.spider import Spider, Spiderette
from engine.variants import VARIANTS, pile_kind, variant_of


@pytest.mark.parametrize("game", list(VARIANTS))
def test_each_game_class_is_built_from_its_variant(game: str) -> None:
    variant = variant_of(game)
    code = engine.option_sets_of(variant)[0].code(engine.option_sets_of(variant)[0].seeds[-1])
    g = engine.new_game(code)
    assert g.variant is variant
    assert g.game_name == variant.name
    assert g.pile_ids == variant.pile_ids
    assert [pid for pid in g.pile_ids if pile_kind(pid) == "tableau"] == list(variant.column_ids)
    assert ("w" in g.pile_ids) == variant.has_waste
    assert any(pid.startswith("f") for pid in g.pile_ids) == variant.foundations
    assert ("s" in g.pile_ids) == variant.has_stock
    assert engine.new_game(code).stock_action() == {"draws": "draw", "deals": "deal", "none": None}[variant.stock]
    assert [pid for pid in g.pile_ids if pile_kind(pid) == "cell"] == list(variant.cell_ids)
    top = [pid for pid, _ in variant.top_row]
    assert top[0] == ("s" if variant.has_stock else variant.cell_ids[0])
    assert set(top) - {"s"} == {
        *variant.foundation_ids,
        *variant.removed_ids,
        *variant.cell_ids,
        *(("w",) if variant.has_waste else ()),
        *(("x",) if variant.discard else ()),
    }
    columns = [column for _, column in variant.top_row]
    assert columns == sorted(set(columns)), "top-row piles sit in distinct grid columns, left to right"
    right = (*variant.foundation_ids, *variant.removed_ids, *(("x",) if variant.discard else ()))
    # The foundations, completed runs or discard end at the right edge; a game with none
    # has only its left-hand piles (Golf's stock and waste).
    assert columns[-1] == variant.grid_columns - 1 if right else top[-1] not in right


def test_runs_to_remove_match_the_spider_family() -> None:
    assert Spiderette.runs_total == variant_of("SD").removed_runs == 4
    assert Spider.runs_total == variant_of("SP").removed_runs == 8
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


def test_every_game_has_its_option_sets_in_the_one_registry() -> None:
    keys = [o.key for o in engine.OPTION_SETS]
    assert len(keys) == len(set(keys))
    for o in engine.OPTION_SETS:
        assert o.key == f"{o.game}-{o.options}"
        assert o.prefix == f"{o.game}1-{o.options}"
        code = o.code(o.seeds[0])
        assert code.startswith(o.prefix + "-")
        assert engine.option_set_of(code) == o == engine.option_set(o.key) == engine.option_set(o.prefix)
        assert engine.new_game(code).settings == o.deal(o.seeds[0])
    assert {o.game for o in engine.OPTION_SETS} == set(VARIANTS)


def test_an_unknown_game_never_falls_back_to_another() -> None:
    with pytest.raises(engine.CodeError, match="Unknown game") as info:
        engine.random_code("ZZ")
    assert info.value.reason == "unknown_game"
    with pytest.raises(engine.CodeError, match="Unknown game"):
        engine.parse_code("ZZ1-S4-AAAAAAA")
