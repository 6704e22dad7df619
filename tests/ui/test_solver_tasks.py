"""The solver's work for the page, in CPython: sliced hint searches, looking back
through the undo history for the last winnable position, live winnable deals,
and the worker's JSON functions."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import engine
from engine.solver import solve
from ui import solver_worker
from ui.model import solver_tasks
from ui.model.solver_tasks import (
    DealTask,
    HintTask,
    Proof,
    RewindTask,
    Task,
    TurningTask,
    kept_verdicts,
    open_task,
    position_back,
)

QUICK = "KL1-D1N-AAAAAAC"
HARD = "KL1-D3N-AAAAAAB"
"""A deal the solver does not decide within 10 s (draw 3 seed 1; not in 120 s either)."""
# Vegas draw 1 (one pass through the stock): after "t7:2>t2" the game can still be
# won; the next move loses it, and three more follow.
LOST = "KL1-D1V-AAAAAAF t4>t7 t7:2>t3 s t3>t7 s t7:2>t2 t2:3>t7 t7>t3 t3>t7 w>t2"
LOST_BACK = 4


def counting_clock(step: float = 0.001) -> Iterator[float]:
    now = 0.0
    while True:
        now += step
        yield now


def fake_clock(step: float = 0.001) -> Callable[[], float]:
    ticks = counting_clock(step)
    return lambda: next(ticks)


def run_to_end(task: Task, seconds: float = 0.05, limit: int = 100_000) -> tuple[dict[str, Any], int]:
    for slices in range(1, limit):
        reply = task.step(seconds)
        if reply["status"] is not None:
            return reply, slices
    raise AssertionError("the task never answered")


def test_a_hint_search_runs_in_slices_and_its_line_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    # One position per look at the clock, and the clock runs out at every look: one position per slice.
    monkeypatch.setattr(solver_tasks, "CHUNK", 1)
    game = engine.new_game("KL1-D3N-AAAAAAD")
    task = HintTask(game, clock=fake_clock(1.0))
    reply, slices = run_to_end(task, seconds=0.5)
    assert slices > 1
    assert reply["status"] == "winnable"
    assert engine.replay(" ".join([game.record(), *reply["moves"]])).won
    assert task.step(0.02) is reply, "the answer stays once found"


def test_progress_while_searching() -> None:
    task = HintTask(engine.new_game(HARD), clock=fake_clock(0.01))
    first = task.step(0.02)
    second = task.step(0.02)
    assert first["status"] is None
    assert second["status"] is None
    assert 0 < first["nodes"] < second["nodes"]
    assert first["moves"] == []


def test_a_lost_position_is_proved_lost_with_every_move() -> None:
    game = engine.replay(LOST)
    reply, _ = run_to_end(HintTask(game), seconds=1.0)
    assert reply["status"] == "unwinnable"
    assert solve(game, seconds=30, complete=True).status == "unwinnable"


def test_proof_checks_a_klondike_loss_again_with_every_move() -> None:
    proof = Proof(engine.replay(LOST))
    assert not proof.complete
    status = None
    while status is None:
        status = proof.step(256)
        if proof.complete:
            break
    assert proof.complete, "a loss of the quick search is searched again"
    spent = proof.nodes
    while status is None:
        status = proof.step(256)
    assert status == "unwinnable"
    assert proof.nodes >= spent
    assert Proof(engine.new_game("SD1-S1-AAAAAAA")).complete, "the Spider family's search leaves nothing out"
    assert Proof(engine.new_game(QUICK), losses=False).complete


def test_looking_back_finds_the_last_winnable_position() -> None:
    game = engine.replay(LOST)
    reply, _ = run_to_end(RewindTask(game, clock=fake_clock(0.01)), seconds=0.05)
    assert reply["status"] == "winnable"
    assert reply["back"] == LOST_BACK
    assert reply["of"] == len(game.history) == 10
    assert reply["undecided"] == []
    earlier = position_back(game, LOST_BACK)
    assert earlier.record() == engine.replay(LOST).record().rsplit(" ", LOST_BACK)[0]
    assert engine.replay(" ".join([earlier.record(), *reply["moves"]])).won
    for back in range(1, LOST_BACK):
        assert solve(position_back(game, back), seconds=30, complete=True).status == "unwinnable"
    assert game.record() == LOST, "the game itself is not changed"


def test_looking_back_reports_progress_position_by_position() -> None:
    task = RewindTask(engine.replay(LOST), clock=fake_clock(0.01))
    first = task.step(0.0)
    assert first["status"] is None
    assert first["back"] == 1
    assert first["of"] == 10


def test_looking_back_with_nothing_to_undo() -> None:
    reply, _ = run_to_end(RewindTask(engine.new_game(QUICK)))
    assert (reply["status"], reply["back"], reply["of"]) == ("unwinnable", None, 0)


def test_looking_back_says_which_positions_it_could_not_decide() -> None:
    # A budget of 50 positions per position: too few to prove the newest ones lost.
    game = engine.replay(LOST)
    reply, _ = run_to_end(RewindTask(game, per_position=50))
    assert reply["status"] in ("winnable", "unknown")
    assert reply["undecided"], "positions the budget could not decide are listed"
    if reply["status"] == "winnable":
        assert reply["back"] > max(reply["undecided"])
        assert engine.replay(" ".join([position_back(game, reply["back"]).record(), *reply["moves"]])).won


def test_where_it_was_lost() -> None:
    game = engine.replay(LOST)
    task = TurningTask(game, clock=fake_clock(0.01))
    first = task.step(0.0)
    assert first["status"] is None
    assert (first["at"], first["of"]) == (10, 10), "the newest position first"
    reply, _ = run_to_end(task, seconds=0.05)
    turn = len(game.played) - LOST_BACK
    assert reply["status"] == "found"
    assert (reply["index"], reply["played"]) == (turn, str(game.played[turn]))
    assert reply["undecided"] == []
    before = position_back(game, LOST_BACK)
    better = before.copy()
    better.play(reply["better"])
    assert solve(better, seconds=30).status == "winnable", "the better move keeps a win"
    assert task.step(0.05) is reply, "the answer stays once found"


def test_where_it_was_lost_in_a_game_that_can_still_be_won() -> None:
    reply, _ = run_to_end(TurningTask(engine.replay(f"{QUICK} s")))
    assert reply["status"] == "winnable"
    assert "index" not in reply


def test_where_it_was_lost_says_when_it_cannot_decide() -> None:
    reply, _ = run_to_end(TurningTask(engine.replay(f"{HARD} s s"), per_position=50))
    assert reply["status"] == "unknown"
    assert reply["undecided"] == [2, 1, 0]


def test_the_worker_keeps_verdicts_between_tasks() -> None:
    kept_verdicts().clear()
    request = json.dumps({"task": "turning", "game": engine.replay(LOST).to_json()})
    first, _ = run_to_end(open_task(request))
    assert first["status"] == "found"
    assert first["nodes"] > 0
    again, _ = run_to_end(open_task(request))
    assert again["nodes"] == 0, "every verdict it needs is known"
    assert again["index"] == first["index"]
    rewind, _ = run_to_end(open_task(json.dumps({"task": "rewind", "game": engine.replay(LOST).to_json()})))
    assert (rewind["status"], rewind["back"], rewind["nodes"]) == ("winnable", LOST_BACK, 0)
    kept_verdicts().clear()


def test_a_live_winnable_deal() -> None:
    reply, _ = run_to_end(DealTask("SD1-S1", seed=5, clock=fake_clock(0.01)), seconds=0.05)
    assert reply["status"] == "winnable"
    assert reply["code"].startswith("SD1-S1-")
    assert reply["tried"] >= 1
    assert engine.replay(" ".join([reply["code"], *reply["moves"]])).won


def test_a_live_deal_moves_on_from_deals_it_cannot_decide() -> None:
    task = DealTask("KL1-D1N", seed=3, per_deal=40)
    reply, _ = run_to_end(task, seconds=0.05)
    assert reply["status"] == "winnable"
    assert engine.replay(" ".join([reply["code"], *reply["moves"]])).won
    assert solve(engine.new_game(reply["code"]), max_nodes=40, seconds=None).status == "winnable"


def test_open_task_reads_json_requests() -> None:
    game = engine.new_game(QUICK)
    assert isinstance(open_task(json.dumps({"task": "hint", "game": game.to_json()})), HintTask)
    rewind = open_task(json.dumps({"task": "rewind", "game": game.to_json(), "per_position": 7}))
    assert isinstance(rewind, RewindTask)
    assert rewind.per_position == 7
    turning = open_task(json.dumps({"task": "turning", "game": game.to_json(), "per_position": 9}))
    assert isinstance(turning, TurningTask)
    assert turning.per_position == 9
    deal = open_task(json.dumps({"task": "deal", "variant": "SP1-S2", "seed": 1}))
    assert isinstance(deal, DealTask)
    assert deal.code.startswith("SP1-S2-")
    with pytest.raises(ValueError, match="Unknown solver task"):
        open_task(json.dumps({"task": "nap"}))
    with pytest.raises(engine.SaveError):
        open_task(json.dumps({"task": "hint", "game": "{"}))


def test_the_worker_functions_speak_json() -> None:
    assert json.loads(solver_worker.step(50))["status"] == "error", "no task yet"
    game = engine.new_game(QUICK)
    assert json.loads(solver_worker.start(json.dumps({"task": "hint", "game": game.to_json()}))) == {"ok": True}
    reply = json.loads(solver_worker.step(100))
    while reply["status"] is None:
        reply = json.loads(solver_worker.step(100))
    assert reply["status"] == "winnable"
    assert engine.replay(" ".join([QUICK, *reply["moves"]])).won
    assert json.loads(solver_worker.stop()) == {"ok": True}
    assert json.loads(solver_worker.step(50))["status"] == "error"
    bad = json.loads(solver_worker.start(json.dumps({"task": "hint", "game": "not a save"})))
    assert bad["ok"] is False
    assert bad["error"]
    assert solver_worker.__export__ == ["start", "step", "stop"]
