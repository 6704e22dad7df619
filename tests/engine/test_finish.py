"""Finishing a game by itself (engine/finish.py): when it may, and that the
moves it plays are ordinary ones (score, move count and undo as by hand)."""

from __future__ import annotations

import dataclasses
import functools
import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import engine
from engine.advice import rank_moves
from engine.finish import FinishSearch, finish_line, ready
from engine.game import Game
from engine.klondike import Klondike
from engine.spider import Spider, Spiderette
from engine.winnable_seeds import seeds_for
from tests.engine.players import position

KLONDIKE = ["KL1-D1N", "KL1-D3N", "KL1-D1V", "KL1-D3V", "KL1-D1C", "KL1-D3C"]
SPIDERS = ["SD1-S1", "SD1-S2", "SD1-S4", "SP1-S1", "SP1-S2"]


def code_of(variant: str, seed: int) -> str:
    return engine.format_code(dataclasses.replace(engine.parse_code(variant + "-AAAAAAA"), seed=seed))


@functools.cache
def solved(code: str) -> tuple[str, ...]:
    result = engine.solve(engine.new_game(code), seconds=None, max_nodes=400_000)
    assert result.status == "winnable", code
    return result.moves


def ready_point(code: str) -> Game:
    """The game played along a winning line up to the first position that is ready to finish."""
    game = engine.new_game(code)
    for move in solved(code):
        if ready(game):
            break
        assert finish_line(game) is None
        game.play(move)
    assert ready(game)
    return game


def check_ordinary_moves(game: Game, line: tuple[engine.Move, ...]) -> Game:
    """Play the line by hand on a copy and compare; then undo it all."""
    before = game.to_json()
    copy = game.copy()
    for move in line:
        copy.play(move)
    assert copy.won
    assert copy.moves == game.moves + len(line)
    assert copy.record() == " ".join([game.record(), *(str(m) for m in line)])
    if len(game.history) + len(line) <= engine.UNDO_LIMIT:
        for _ in line:
            copy.undo()
        assert copy.to_json() == before
    return engine.replay(" ".join([game.record(), *(str(m) for m in line)]))


@pytest.mark.parametrize("variant", KLONDIKE)
def test_klondike_finish_from_the_first_ready_position_scores_as_by_hand(variant: str) -> None:
    for seed in seeds_for(variant)[:4]:
        game = ready_point(code_of(variant, seed))
        assert isinstance(game, Klondike)
        line = finish_line(game)
        assert line is not None
        won = check_ordinary_moves(game, line)
        if game.scoring == "V":
            assert won.score == -52 + 5 * 52, "every card's dollars, paid once"
        else:
            # The rules' table, step by step: +10 home (once per card), +5 waste to column,
            # -100 a recycle (never below 0).
            expected, copy = game.score, game.copy()
            for move in line:
                if move.is_stock_tap and not copy.pile("s"):
                    expected = max(0, expected - 100)
                elif move.dst == "f":
                    expected += 0 if copy.been_home(copy.pile(move.src)[-1]) else 10
                elif move.src == "w":
                    expected += 5
                copy.play(move)
            assert won.score == expected
        # Only draw 1 with unlimited passes finishes with cards left in the stock or waste.
        if game.pile("s") or game.pile("w"):
            assert game.draw == 1
            assert game.scoring == "N"


def test_a_face_up_klondike_game_finishes_with_the_right_score() -> None:
    game = position(
        {
            "f1": "As 2s 3s 4s 5s 6s 7s 8s 9s",
            "f2": "Ah 2h 3h 4h 5h 6h 7h 8h 9h",
            "f3": "Ad 2d 3d 4d 5d 6d 7d 8d 9d",
            "f4": "Ac 2c 3c 4c 5c 6c 7c 8c 9c",
            "t1": "Ks Qh Jc Td",
            "t2": "Kh Qs Jd Tc",
            "t3": "Kd Qc Jh Ts",
            "t5": "Kc Qd Js Th",
        },
        score=480,
    )
    assert ready(game)
    line = finish_line(game)
    assert line is not None
    assert len(line) == 16
    assert all(m.dst == "f" for m in line)
    for move in line:
        game.play(move)
    assert game.won
    assert game.score == 480 + 16 * 10
    assert game.moves == 16
    game.undo()
    assert game.score == 630
    assert not game.won


def test_draw_one_normal_finishes_through_the_stock() -> None:
    piles = {
        "f1": "As 2s 3s 4s 5s 6s 7s 8s 9s Ts",
        "f2": "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th",
        "f3": "Ad 2d 3d 4d 5d 6d 7d 8d 9d Td",
        "f4": "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc",
        "t1": "Ks",
        "t2": "Kh Qc",
        "s": "#Jh #Qs #Js",
        "w": "Qh Jc Kc Qd Jd Kd",
    }
    game = position(piles, score=200)
    assert ready(game)
    line = finish_line(game)
    assert line is not None
    for move in line:
        game.play(move)
    assert game.won
    # Every card home pays 10; a waste card onto a column pays 5; a recycle costs 100.
    expected = 200 + 12 * 10 + 5 * sum(m.src == "w" and m.dst.startswith("t") for m in line)
    expected -= 100 * game.recycles
    assert game.score == expected


@pytest.mark.parametrize("code", ["KL1-D3N-AAAAAAA", "KL1-D1V-AAAAAAA", "KL1-D1C-AAAAAAA"])
def test_a_stock_in_draw_three_or_with_limited_passes_waits(code: str) -> None:
    piles = {
        "f1": "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs",
        "f2": "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh",
        "f3": "Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd",
        "f4": "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc",
        "t1": "Ks",
        "s": "#Qc #Kh",
        "w": "Kc Kd",
    }
    game = position(piles, code=code)
    assert not ready(game)
    assert finish_line(game) is None
    assert ready(position({**piles, "s": "", "w": "", "t2": "Kc Kd Kh Qc"}, code=code))


def test_a_face_down_card_or_a_won_game_is_not_finished() -> None:
    game = engine.new_game("KL1-D1N-AAAAAAG")
    assert not ready(game)
    assert finish_line(game) is None


@pytest.mark.parametrize("variant", SPIDERS)
def test_spider_family_finish_is_a_short_proven_line(variant: str) -> None:
    for seed in seeds_for(variant)[:3]:
        game = ready_point(code_of(variant, seed))
        assert isinstance(game, Spiderette)
        assert not game.pile("s")
        line = finish_line(game)
        assert line is not None
        won = check_ordinary_moves(game, line)
        assert isinstance(won, Spiderette)
        runs = won.runs_total - len(game.removed_runs)
        assert won.score == game.score - len(line) + 100 * runs
        assert len(line) <= 60


RUN = "Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"


def test_spider_stock_left_is_not_finished() -> None:
    removed = " ".join([RUN + " As"] * 2)
    game = Spiderette.from_piles("SD1-S1-AAAAAAA", {"t1": RUN, "t2": "As", "t3": "As", "s": "#Ks", "r": removed})
    assert not ready(game)
    assert finish_line(game) is None
    piles = {"t1": RUN, "t2": "As", "r": " ".join([RUN + " As"] * 3)}
    open_game = Spiderette.from_piles("SD1-S1-AAAAAAA", piles)
    assert ready(open_game)
    line = finish_line(open_game)
    assert line is not None
    assert [str(m) for m in line] == ["t2>t1"]


def sliced(search: FinishSearch, size: int) -> int:
    """Run ``search`` to its end ``size`` positions at a time, checking that no slice
    goes over its budget; the number of slices it took."""
    slices = 0
    while True:
        slices += 1
        done = search.step(size)
        assert search.nodes <= size * slices
        if done:
            return slices


def test_klondike_finish_in_slices_plays_a_few_moves_per_slice_and_gives_the_same_line() -> None:
    """A page looks for Klondike's finish a few moves at a time between frames: no
    slice plays more than it was given, and the line is the one worked out at once."""
    for variant in ("KL1-D1N", "KL1-D3N"):
        for seed in seeds_for(variant)[:2]:
            game = ready_point(code_of(variant, seed))
            search = FinishSearch(game)
            slices = sliced(search, 3)
            line = finish_line(game)
            assert line is not None
            assert search.line == line
            assert slices > len(line) // 3 >= 1, "the line came in many slices, not at once"
            assert not game.won, "the game itself is not played"


def test_the_search_in_slices_gives_the_same_line_and_keeps_its_budget() -> None:
    variant = "SD1-S2"
    for seed in seeds_for(variant)[:3]:
        game = ready_point(code_of(variant, seed))
        search = FinishSearch(game)
        sliced(search, 5)
        assert search.line == finish_line(game)
    # A whole Spider deal face up in its columns: far too crowded for a short search.
    deal = engine.new_game("SP1-S4-AAAAAAB")
    cards = [str(card) for pid in deal.pile_ids for card in deal.pile(pid)]
    columns = {t: " ".join(cards[i :: len(Spider.columns)]) for i, t in enumerate(Spider.columns)}
    crowded = FinishSearch(Spider.from_piles("SP1-S4-AAAAAAB", columns), max_nodes=50)
    assert not crowded.step(7)
    while not crowded.step(7):
        pass
    assert crowded.line is None
    assert crowded.nodes == 50


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(["KL1-D1N", "KL1-D3N", "KL1-D1V", "KL1-D3C", "SD1-S1"]),
    seed=st.integers(0, 26**7 - 1),
    play=st.randoms(use_true_random=False),
)
def test_a_finish_offered_anywhere_is_legal_and_wins(variant: str, seed: int, play: random.Random) -> None:
    """Play mostly the best-ranked move, sometimes the second: whenever a finish is
    offered (it may not be), its moves are legal, ordinary and win; none is offered
    before the game is ready."""
    game = engine.new_game(code_of(variant, seed))
    for _ in range(300):
        line = finish_line(game)
        if not ready(game):
            assert line is None
        if line is not None:
            event("a finish was offered")
            check_ordinary_moves(game, line)
            return
        moves = [advice.move for advice in rank_moves(game)][:2]
        if not moves or game.won:
            return
        game.play(moves[1] if len(moves) > 1 and play.random() < 0.15 else moves[0])
