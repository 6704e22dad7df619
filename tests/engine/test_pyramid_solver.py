"""Pyramid's solver: its verdicts agree with a brute-force search through the engine on
small positions and endgames, every winning line replays to a win, and each loss it
reports is one no line escapes."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.cards import RANKS
from engine.pyramid import PEAKS, Pyramid
from engine.shapes import pyramid
from engine.solver import proof_search, rules_for, solve
from engine.solver.core import run
from engine.solver.pyramid import STOCK, PyramidRules, pack, unpack
from engine.solver.pyramid import rules_for as pyramid_rules_for

DECK = [f"{rank}{suit}" for suit in "shdc" for rank in RANKS]
SHAPE = pyramid(7)


def brute_force(game: Pyramid) -> bool:
    """Whether any line of legal actions wins, by trying them all through the engine."""

    # The engine's own position as the memo key: lines that meet are searched once.
    seen: dict[object, bool] = {}

    def search(g: Pyramid) -> bool:
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


def position(rng: random.Random, rows: int, gone: int, stock: int, waste: int, recycles: int) -> Pyramid:
    """The pyramid's last ``rows`` rows (then up to ``gone`` free cards taken away), a
    stock and a waste of random cards."""
    cards = rng.sample(DECK, 28 + stock + waste)
    places = [p for p in PEAKS if SHAPE.place(p).row > 7 - rows]
    piles = {p: cards.pop() for p in places}
    left = {p: [1] if p in piles else [] for p in PEAKS}
    for _ in range(gone):
        free = SHAPE.free_ids(left)
        if not free:
            break
        p = rng.choice(free)
        left[p] = []
        del piles[p]
    piles["s"] = " ".join(cards.pop() for _ in range(stock))
    piles["w"] = " ".join(cards.pop() for _ in range(waste))
    return Pyramid.from_piles("PY1-P3-AAAAAAA", piles, recycles=recycles)


def check(game: Pyramid) -> str:
    result = solve(game, seconds=None)
    assert result.status in ("winnable", "unwinnable")
    assert (result.status == "winnable") == brute_force(game), game.to_json()
    if result.status == "winnable":
        copy = game.copy()
        for move in result.moves:
            copy.play(move)
        assert copy.won
    return result.status


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    rows=st.integers(1, 3),
    gone=st.integers(0, 8),
    stock=st.integers(0, 4),
    waste=st.integers(0, 3),
    recycles=st.integers(0, 2),
)
def test_verdicts_agree_with_brute_force_on_small_positions(
    seed: int, rows: int, gone: int, stock: int, waste: int, recycles: int
) -> None:
    check(position(random.Random(seed), rows, gone, stock, waste, recycles))


def test_both_verdicts_occur_among_small_positions() -> None:
    rng = random.Random(7)
    verdicts = [check(position(rng, 2, 8, 5, 1, rng.randint(0, 2))) for _ in range(40)]
    assert {"winnable", "unwinnable"} <= set(verdicts)


def test_kings_in_the_stock_and_waste_are_removed_on_the_way() -> None:
    # The Queen's partner lies behind two Kings, one of them buried in the waste.
    game = Pyramid.from_piles("PY1-P3-AAAAAAA", {"p28": "Qh", "s": "Ac Kd", "w": "Kc 5s"})
    result = solve(game, seconds=None)
    assert result.status == "winnable"
    for move in result.moves:
        game.play(move)
    assert game.won
    assert check(Pyramid.from_piles("PY1-P3-AAAAAAA", {"p28": "Qh", "s": "Kd", "w": "Ac Kc 5s"}, recycles=1))
    assert check(Pyramid.from_piles("PY1-P3-AAAAAAA", {"p28": "Qh", "s": "Kd", "w": "Ac Kc 5s"}, recycles=2))


@pytest.mark.parametrize("code", ["PY1-P3-AAAAAAG", "PY1-P3-AAAAAAB", "PY1-P3-AAAAAAI"])
def test_endgames_of_real_deals_agree_with_brute_force(code: str) -> None:
    # The deal played along one random line until few pyramid cards are left.
    rng = random.Random(code)
    for _ in range(4):
        game = engine.new_game(code)
        assert isinstance(game, Pyramid)
        while game.pyramid_cards > 12 and game.legal_moves():
            game.play(rng.choice(game.legal_moves()))
        if game.pyramid_cards <= 12:
            check(game)


def test_a_whole_deal_is_decided_and_its_line_wins() -> None:
    for code in ("PY1-P3-AAAAAAA", "PY1-P3-AAAAAAB", "PY1-P3-AAAAAAE", "PY1-P3-AAAAAAF"):
        game = engine.new_game(code)
        result = run(proof_search(game), seconds=None, max_nodes=3_000_000)
        assert result.status in ("winnable", "unwinnable"), code
        if result.status == "winnable":
            for move in result.moves:
                game.play(move)
            assert game.won, code


def test_a_lost_position_is_unwinnable_at_once() -> None:
    game = Pyramid.from_piles("PY1-P3-AAAAAAA", {"p28": "9h", "w": "5d"}, recycles=2)
    assert game.lost
    assert solve(game, seconds=None).status == "unwinnable"
    won = Pyramid.from_piles("PY1-P3-AAAAAAA", {"w": "5d", "s": "Kc"})
    result = solve(won, seconds=None)
    assert (result.status, result.moves) == ("winnable", ())


def test_a_card_without_a_partner_left_is_a_dead_position() -> None:
    # Every 4 is gone: the 9 can never leave.
    game = Pyramid.from_piles("PY1-P3-AAAAAAA", {"p27": "9h", "p28": "6c", "s": "7d 2c"})
    rules = rules_for(game)
    assert isinstance(rules, PyramidRules)
    assert rules.dead(rules.start([]), None)
    # The only 7 covers the 6: they are never free together.
    covering = Pyramid.from_piles("PY1-P3-AAAAAAA", {"p21": "6c", "p28": "7d", "s": "Kc"})
    covering_rules = rules_for(covering)
    assert covering_rules.dead(covering_rules.start([]), None)
    assert not brute_force(covering)
    # Two 6s and one 7: one 6 has nothing to go with.
    crowded = Pyramid.from_piles("PY1-P3-AAAAAAA", {"p26": "6c", "p27": "6h", "p28": "7d"})
    crowded_rules = rules_for(crowded)
    assert crowded_rules.dead(crowded_rules.start([]), None)


def test_the_packed_position() -> None:
    game = engine.new_game("PY1-P3-AAAAAAG")
    rules = rules_for(game)
    pyramid_left, left, place, recycles = unpack(rules.root)
    assert pyramid_left == (1 << 28) - 1
    assert left == (1 << 24) - 1
    assert (place, recycles) == (0, 0)
    assert pack(pyramid_left, left, place, recycles) == rules.root
    assert STOCK not in rules.moves(rules.start([]))  # the stock is tapped as a pair needs
    with pytest.raises(TypeError):
        pyramid_rules_for(engine.new_game("KL1-D1N-AAAAAAA"))


def test_a_position_already_won_needs_no_move() -> None:
    """Found by the randomized test: a cleared pyramid with a King on top of the waste is
    won as it stands, and the solver's line adds nothing the game would refuse."""
    check(position(random.Random(59370), 1, 6, 0, 2, 0))
