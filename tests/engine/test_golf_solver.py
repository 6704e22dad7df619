"""Golf's solver: its verdicts agree with a brute-force search through the engine on
small positions and endgames, every winning line replays to a win, and each loss it
reports is one no line escapes."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.cards import RANKS
from engine.golf import COLUMNS, Golf
from engine.solver import proof_search, rules_for, solve
from engine.solver.core import run
from engine.solver.golf import STOCK, GolfRules, pack, unpack
from engine.solver.golf import rules_for as golf_rules_for

DECK = [f"{rank}{suit}" for suit in "shdc" for rank in RANKS]


def brute_force(game: Golf) -> bool:
    """Whether any line of legal actions wins, by trying them all through the engine."""

    # The engine's own position as the memo key: lines that meet are searched once.
    seen: dict[object, bool] = {}

    def search(g: Golf) -> bool:
        key = g.position()
        if key in seen:
            return seen[key]
        result = g.won
        if not result:
            for move in g.legal_moves():
                g.play(move)
                result = search(g)
                g.undo()
                if result:
                    break
        seen[key] = result
        return result

    return search(game.copy())


def position(rng: random.Random, columns: int, height: int, stock: int, wrap: bool) -> Golf:
    cards = rng.sample(DECK, columns * height + stock + 1)
    piles: dict[str, str] = {}
    for i in range(columns):
        depth = rng.randint(0, height)
        piles[COLUMNS[i]] = " ".join(cards[:depth])
        cards = cards[depth:]
    piles["w"] = cards.pop()
    piles["s"] = " ".join(cards[:stock])
    return Golf.from_piles("GF1-W-AAAAAAA" if wrap else "GF1-N-AAAAAAA", piles)


def check(game: Golf) -> str:
    result = solve(game, seconds=None)
    assert result.status in ("winnable", "unwinnable")
    assert (result.status == "winnable") == brute_force(game), game.to_json()
    if result.status == "winnable":
        copy = game.copy()
        for move in result.moves:
            copy.play(move)
        assert copy.won
    return result.status


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    columns=st.integers(1, 7),
    height=st.integers(1, 3),
    stock=st.integers(0, 5),
    wrap=st.booleans(),
)
def test_verdicts_agree_with_brute_force_on_small_positions(
    seed: int, columns: int, height: int, stock: int, wrap: bool
) -> None:
    check(position(random.Random(seed), columns, height, stock, wrap))


def test_both_verdicts_occur_among_small_positions() -> None:
    rng = random.Random(7)
    verdicts = [check(position(rng, 5, 3, 4, wrap)) for wrap in (False, True) for _ in range(40)]
    assert {"winnable", "unwinnable"} <= set(verdicts)


@pytest.mark.parametrize("code", ["GF1-N-AAAAAAC", "GF1-W-AAAAAAB", "GF1-N-AAAAAAI"])
def test_endgames_of_real_deals_agree_with_brute_force(code: str) -> None:
    # The deal played along one random line until few column cards are left.
    rng = random.Random(code)
    for _ in range(6):
        game = engine.new_game(code)
        assert isinstance(game, Golf)
        while game.column_cards > 12 and game.legal_moves():
            game.play(rng.choice(game.legal_moves()))
        check(game)


def test_a_whole_deal_is_decided_and_its_line_wins() -> None:
    for code in ("GF1-N-AAAAAAA", "GF1-N-AAAAAAB", "GF1-W-AAAAAAA"):
        game = engine.new_game(code)
        result = run(proof_search(game), seconds=None, max_nodes=3_000_000)
        assert result.status in ("winnable", "unwinnable"), code
        if result.status == "winnable":
            for move in result.moves:
                game.play(move)
            assert game.won, code


def test_a_lost_position_is_unwinnable_at_once() -> None:
    game = Golf.from_piles("GF1-N-AAAAAAA", {"t1": "9h", "w": "5d"})
    assert game.lost
    assert solve(game, seconds=None).status == "unwinnable"
    won = Golf.from_piles("GF1-N-AAAAAAA", {"w": "5d", "s": "Kc"})
    result = solve(won, seconds=None)
    assert (result.status, result.moves) == ("winnable", ())


def test_a_card_without_neighbours_left_is_a_dead_position() -> None:
    # Every 8 and 6 is gone (neither left nor on top): the 7 can never go.
    game = Golf.from_piles("GF1-N-AAAAAAA", {"t1": "7h", "t2": "2c 3c", "w": "4d", "s": "Kc Qc"})
    rules = rules_for(game)
    assert isinstance(rules, GolfRules)
    assert rules.dead(rules.start([]), None)
    # Three 7s but only two cards of a neighbour rank: one 7 has nothing to go on.
    crowded = Golf.from_piles("GF1-N-AAAAAAA", {"t1": "7h 7c", "t2": "7s", "t3": "6d", "w": "8d"})
    crowded_rules = rules_for(crowded)
    assert crowded_rules.dead(crowded_rules.start([]), None)
    assert not brute_force(crowded)


def test_the_packed_position() -> None:
    game = engine.new_game("GF1-N-AAAAAAI")
    rules = rules_for(game)
    heights, stock, top = unpack(rules.start([]))
    assert heights == (5,) * 7
    assert stock == 16
    assert top == 4
    assert pack(heights, stock, top) == rules.start([])
    out: list[str] = []
    after = rules.play(rules.start([]), STOCK, out)
    assert out == ["s"]
    assert unpack(after)[1:] == (15, game.pile("s")[-1].rank)
    with pytest.raises(TypeError):
        golf_rules_for(engine.new_game("KL1-D1N-AAAAAAA"))
