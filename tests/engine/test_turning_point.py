"""Where a game's win was lost: ``engine.turning_point`` and the look back it shares
with "Undo to the last winnable position" (``engine.solver.lookback``)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import OPTION_SETS, Game, OptionSet, game_class, solve
from engine.solver.lookback import LookBack, TurningPoint, TurningSearch, Verdict, game_positions, verdict_key

QUICK = "KL1-D1N-AAAAAAC"
"""A deal the solver wins at once."""
HARD = "KL1-D3N-AAAAAAB"
"""A deal the solver does not decide within 120 s."""
# Vegas draw 1: the game can be won until "t2:3>t7" (move 6), which loses it.
LOST = "KL1-D1V-AAAAAAF t4>t7 t7:2>t3 s t3>t7 s t7:2>t2 t2:3>t7 t7>t3 t3>t7 w>t2"
LOST_INDEX = 6
PER_POSITION = 5_000
"""Positions searched at most for each position of a random game (deterministic, unlike time)."""
MOVES = 200
"""Random moves played from a winnable deal."""


def with_solver() -> list[OptionSet]:
    """The first option set of every game of the registry that has a solver."""
    firsts: dict[str, OptionSet] = {}
    for option_set in OPTION_SETS:
        if game_class(option_set.game).solver_module is not None:
            firsts.setdefault(option_set.game, option_set)
    return list(firsts.values())


def fake_clock(step: float) -> Callable[[], float]:
    def ticks() -> Iterator[float]:
        now = 0.0
        while True:
            now += step
            yield now

    clock = ticks()
    return lambda: next(clock)


def proven(game: Game) -> str:
    return solve(game, seconds=None, max_nodes=2_000_000).status


def check_turning_point(game: Game, turn: TurningPoint) -> None:
    """``turn`` is where ``game``'s win was lost: the position before its move can be
    won, the one after cannot, and the better move keeps a win."""
    positions = game_positions(game)
    before, after = positions[turn.index], positions[turn.index + 1]
    assert 0 <= turn.index < len(game.played)
    assert str(game.played[turn.index]) != turn.better
    kept = before.copy()
    kept.play(turn.better)
    assert proven(kept) == "winnable", "the better move keeps a win"
    assert proven(before) == "winnable"
    assert proven(after) == "unwinnable", "the move played lost the win"


def test_engine_exports_turning_point() -> None:
    assert engine.turning_point is engine.solver.turning_point
    assert "turning_point" in engine.__all__
    assert TurningPoint(3, "s") == (3, "s"), "a pair: (index, better)"


def test_a_winnable_game_has_no_turning_point() -> None:
    game = engine.new_game(QUICK)
    assert engine.turning_point(game, seconds=30) is None
    line = solve(game, seconds=30).moves
    for move in line[:5]:
        game.play(move)
    record = game.record()
    assert engine.turning_point(game, seconds=30) is None, "still winnable after five moves of the line"
    assert game.record() == record, "the game itself is not changed"


def test_the_move_that_lost_a_winnable_deal() -> None:
    game = engine.replay(LOST)
    turn = engine.turning_point(game, seconds=60)
    assert turn is not None
    assert turn.index == LOST_INDEX
    assert str(game.played[turn.index]) == "t2:3>t7"
    check_turning_point(game, turn)
    assert game.record() == LOST, "the game itself is not changed"


def test_every_position_after_the_turning_point_is_proven_lost() -> None:
    search = TurningSearch(engine.replay(LOST))
    while search.step(256) is None:
        pass
    assert search.status == "found"
    assert search.scan.lost == list(range(len(search.played), LOST_INDEX, -1))
    assert search.undecided == []


def test_an_unwinnable_deal_has_no_turning_point() -> None:
    code = next(c for c in golf_codes() if proven(engine.new_game(c)) == "unwinnable")
    game = engine.new_game(code)
    rng = random.Random(1)
    while game.legal_moves() and len(game.played) < 8:
        game.play(rng.choice(game.legal_moves()))
    search = TurningSearch(game)
    while search.step(256) is None:
        pass
    assert search.status == "unwinnable"
    assert search.result is None
    assert engine.turning_point(game, seconds=30) is None


def golf_codes() -> Iterator[str]:
    option_set = next(o for o in OPTION_SETS if o.game == "GF")
    for seed in range(200):
        yield option_set.code(seed)


def test_the_time_budget_is_kept_and_undecided_is_none() -> None:
    game = engine.replay(f"{HARD} s s")
    started = time.perf_counter()
    assert engine.turning_point(game, seconds=0.3) is None
    assert time.perf_counter() - started < 2.0, "the budget is the whole search's"
    # On a clock that jumps: the search stops at the first look past the budget.
    looks = 0

    def clock() -> float:
        nonlocal looks
        looks += 1
        return looks * 0.1

    assert engine.turning_point(engine.replay(LOST), seconds=0.35, clock=clock) is None
    assert looks <= 5


def test_a_position_left_undecided_is_reported() -> None:
    # Too few positions for the newest positions: none is decided, so neither is the answer.
    search = TurningSearch(engine.replay(f"{HARD} s s"), per_position=50)
    while search.step(256) is None:
        pass
    assert search.status == "unknown"
    assert search.undecided == [2, 1, 0]
    assert engine.turning_point(engine.replay(f"{HARD} s s"), seconds=None, per_position=50) is None


def test_the_position_after_the_winnable_one_must_be_proven_lost() -> None:
    # Every position after the turning point undecided but the last: the last is lost, the
    # ones between cannot be told apart from the turning point's, so it is not named.
    game = engine.replay(LOST)
    positions = game_positions(game)
    verdicts = {verdict_key(positions[LOST_INDEX]): Verdict("winnable", ("s",))}
    search = TurningSearch(game, per_position=1, verdicts=verdicts)
    while search.step(256) is None:
        pass
    assert search.status == "unknown"
    assert LOST_INDEX + 1 in search.undecided


def test_verdicts_are_kept_and_reused() -> None:
    verdicts: dict[object, Verdict] = {}
    first = TurningSearch(engine.replay(LOST), verdicts=verdicts)
    while first.step(256) is None:
        pass
    positions = game_positions(engine.replay(LOST))[LOST_INDEX:]
    keys = {verdict_key(position) for position in positions}
    assert len(keys) < len(positions), "the game comes back to a position: it is searched once"
    assert set(verdicts) == keys
    again = TurningSearch(engine.replay(LOST), verdicts=verdicts)
    assert again.step(1) == "found", "known verdicts need no search"
    assert again.nodes == 0
    assert again.result == first.result


def test_looking_back_stops_at_the_newest_winnable_position() -> None:
    positions = game_positions(engine.replay(LOST))
    scan = LookBack(positions)
    while scan.step(256) is None:
        pass
    assert (scan.status, scan.found) == ("winnable", LOST_INDEX)
    won = positions[LOST_INDEX].copy()
    for move in scan.line:
        won.play(move)
    assert won.won
    empty = LookBack([])
    assert (empty.status, empty.found) == ("unwinnable", None)


@pytest.mark.parametrize("option_set", with_solver(), ids=str)
def test_each_game_with_a_solver(option_set: OptionSet) -> None:
    """A winnable deal of each game, played at random until lost: its turning point holds."""
    seeds = option_set.seeds
    for seed in range(seeds.start, seeds.start + 30):
        game = engine.new_game(option_set.code(seed))
        if solve(game, seconds=None, max_nodes=PER_POSITION).status != "winnable":
            continue
        rng = random.Random(seed)
        while not game.won and len(game.played) < MOVES and (moves := game.legal_moves()):
            game.play(rng.choice(moves))
        search = TurningSearch(game, per_position=PER_POSITION)
        # A scan that meets positions its budget cannot decide is dropped (the next deal is quicker).
        while search.step(1024) is None and len(search.undecided) < 3:
            pass
        if search.status == "found":
            assert search.result is not None
            check_turning_point(game, search.result)
            return
    pytest.fail(f"no lost game of {option_set} within 30 deals")


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.integers(1, 20))
def test_random_lost_games_turn_where_the_verdict_changes(seed: int, moves: int) -> None:
    option_set = next(o for o in OPTION_SETS if o.game == "TP")
    game = engine.new_game(option_set.code(seed))
    rng = random.Random(seed)
    while not game.won and len(game.played) < moves and (legal := game.legal_moves()):
        game.play(rng.choice(legal))
    search = TurningSearch(game)
    while search.step(4096) is None:
        pass
    positions = game_positions(game)
    if search.status == "found":
        assert search.result is not None
        index = search.result.index
        assert [proven(positions[index]), proven(positions[index + 1])] == ["winnable", "unwinnable"]
        assert proven(positions[-1]) == "unwinnable"
    elif search.status == "winnable":
        assert proven(positions[-1]) == "winnable"
    else:
        assert search.status == "unwinnable"
        assert proven(positions[0]) == "unwinnable", "not even the deal could be won"
