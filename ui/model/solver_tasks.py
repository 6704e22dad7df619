"""The solver's work for the page, cut into slices: hints, looking back, where a game
was lost, winnable deals.

The page never runs the solver itself: these tasks run in a worker (see
``ui.solver_worker``), and the page asks for one slice at a time, so it can
show progress and stop whenever the player wants. Each task's ``step(seconds)``
searches for about that long and answers plain data (what the worker sends
back as JSON):

- ``status``: None while searching, then ``"winnable"``, ``"unwinnable"`` or
  ``"unknown"`` (looking back: some positions could not be decided);
- ``nodes``: positions searched so far, over the whole task;
- ``moves``: a winning line in notation, from the position the answer is about.

Looking back (``RewindTask``) and where the win was lost (``TurningTask``) are the
engine's one scan of earlier positions (``engine.solver.lookback``); the verdicts
they prove are kept between tasks (``kept_verdicts``), so asking both in a game
searches each position once.

Pure Python, tested in CPython; the searches are the engine's
(``engine.solver.search_for``), which sees the face-down cards.

>>> import engine
>>> task = HintTask(engine.new_game("KL1-D1N-AAAAAAC"))
>>> reply = task.step(5.0)
>>> reply["status"], engine.replay(" ".join(["KL1-D1N-AAAAAAC", *reply["moves"]])).won
('winnable', True)
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Hashable
from typing import Any, Protocol

import engine
from engine import Game
from engine.solver import Search, search_for, without_loops
from engine.solver.lookback import LookBack, TurningSearch, Verdict, Verdicts

__all__ = [
    "CHUNK",
    "DealTask",
    "HintTask",
    "Proof",
    "RewindTask",
    "Task",
    "TurningTask",
    "kept_verdicts",
    "open_task",
    "position_back",
]

CHUNK = 256
"""Positions searched between two looks at the clock."""

Reply = dict[str, Any]


def position_back(game: Game, back: int) -> Game:
    """A copy of ``game`` as it was ``back`` actions ago (through its undo history).

    >>> import engine
    >>> g = engine.replay("KL1-D1N-AAAAAAG s t5>t4")
    >>> position_back(g, 1).record(), g.record()
    ('KL1-D1N-AAAAAAG s', 'KL1-D1N-AAAAAAG s t5>t4')
    """
    copy = game.copy()
    for _ in range(back):
        copy.undo()
    return copy


class Proof:
    """A search whose answer is a proof either way.

    A game's default search may leave out a few moves that hardly ever
    matter (``Game.fast_search_proves_losses`` is False: Klondike's): a win
    it finds is a real win (its line replays), but a loss it reports might
    not be one. So such a loss is searched again with every legal move
    (``complete=True``) before the page may say "No win is possible". The
    other games' searches prove their losses themselves. With
    ``losses=False`` a loss is not checked again (only wins matter).
    """

    def __init__(self, game: Game, losses: bool = True) -> None:
        self.game = game
        self.search: Search[Any, Any] = search_for(game)
        self.complete = not losses or game.fast_search_proves_losses
        self._spent = 0

    @property
    def nodes(self) -> int:
        """Positions searched, by both searches."""
        return self._spent + self.search.nodes

    def step(self, budget: int) -> str | None:
        status = self.search.step(budget)
        if status == "unwinnable" and not self.complete:
            self._spent += self.search.nodes
            self.search = search_for(self.game, complete=True)
            self.complete = True
            return None
        return status

    def line(self) -> tuple[str, ...]:
        return self.search.line()


class _Stepped(Protocol):
    """A search that runs in steps of a number of positions."""

    @property
    def nodes(self) -> int: ...

    def step(self, budget: int) -> str | None: ...


def _slice(search: _Stepped, seconds: float, clock: Callable[[], float], limit: int | None = None) -> str | None:
    """Search for about ``seconds`` (and at most up to ``limit`` positions in all)."""
    deadline = clock() + seconds
    while True:
        chunk = CHUNK if limit is None else min(CHUNK, limit - search.nodes)
        if chunk <= 0:
            return None
        status = search.step(chunk)
        if status is not None or clock() >= deadline:
            return status


class Task:
    """One sliced job for the solver."""

    kind = ""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock

    def step(self, seconds: float) -> Reply:
        raise NotImplementedError


class HintTask(Task):
    """Is this position winnable, and how: the search behind a hint."""

    kind = "hint"

    def __init__(self, game: Game, clock: Callable[[], float] = time.perf_counter) -> None:
        super().__init__(clock)
        self.search = Proof(game)
        self.result: Reply | None = None

    def step(self, seconds: float) -> Reply:
        if self.result is not None:
            return self.result
        status = _slice(self.search, seconds, self.clock)
        reply: Reply = {"kind": self.kind, "status": status, "nodes": self.search.nodes, "moves": []}
        if status == "winnable":
            # A hint follows the line move by move: it must never come back to a position.
            reply["moves"] = list(without_loops(self.search.game, self.search.line()))
        if status is not None:
            self.result = reply
        return reply


class RewindTask(Task):
    """How many actions back the game could still be won.

    Solves the positions of the undo history newest first: one action back,
    two, and so on, each within ``per_position`` positions (the engine's
    ``LookBack``, which ``TurningTask`` shares). The answer is the newest
    position proven winnable (``back`` actions ago, with a winning line from
    there); ``undecided`` lists the newer ones the budget could not decide.
    ``unwinnable`` means every position the history holds is lost;
    ``unknown`` that none was proven winnable but some could not be decided.
    """

    kind = "rewind"

    def __init__(
        self,
        game: Game,
        per_position: int = 200_000,
        clock: Callable[[], float] = time.perf_counter,
        verdicts: Verdicts | None = None,
    ) -> None:
        super().__init__(clock)
        self.game = game
        self.per_position = per_position
        self.depth = len(game.history)
        earlier = [position_back(game, back) for back in range(self.depth, 0, -1)]
        self.scan = LookBack(earlier, per_position, verdicts)
        self.result: Reply | None = None

    def _back(self, index: int) -> int:
        return self.depth - index

    def _reply(self, status: str | None, moves: list[str] | None = None) -> Reply:
        scan = self.scan
        at = scan.found if scan.found is not None else scan.index
        return {
            "kind": self.kind,
            "status": status,
            "nodes": scan.nodes,
            "back": self._back(at) if 0 <= at < self.depth else None,
            "of": self.depth,
            "undecided": [self._back(index) for index in scan.undecided],
            "moves": moves or [],
        }

    def step(self, seconds: float) -> Reply:
        if self.result is not None:
            return self.result
        status = _slice(self.scan, seconds, self.clock)
        if status is None:
            return self._reply(None)
        self.result = self._reply(status, list(self.scan.line))
        return self.result


class TurningTask(Task):
    """Where the game's win was lost (the engine's ``TurningSearch``): the first
    move after which no win existed, and a move at that place that kept one.

    Solves the positions along the game's record newest first, each within
    ``per_position`` positions. Its answer: ``status`` ``"found"`` with
    ``index`` (the move's place in the record), ``played`` (that move),
    ``better`` (a move that kept a win) and ``moves`` (a winning line from the
    position before the move, ``better`` first); ``"winnable"`` (the game can still be
    won), ``"unwinnable"`` (not even the deal could be won) or ``"unknown"``
    (a verdict it needed was not decided: ``undecided`` lists those positions).
    While looking, ``at`` is the position being searched and ``of`` how many
    moves the record holds.
    """

    kind = "turning"

    def __init__(
        self,
        game: Game,
        per_position: int | None = 200_000,
        clock: Callable[[], float] = time.perf_counter,
        verdicts: Verdicts | None = None,
    ) -> None:
        super().__init__(clock)
        self.per_position = per_position
        self.search = TurningSearch(game, per_position, verdicts)
        self.result: Reply | None = None

    def step(self, seconds: float) -> Reply:
        if self.result is not None:
            return self.result
        search = self.search
        status = _slice(search, seconds, self.clock)
        reply: Reply = {
            "kind": self.kind,
            "status": status,
            "nodes": search.nodes,
            "at": search.looking_at,
            "of": len(search.played),
            "undecided": list(search.undecided),
        }
        turn = search.result
        if turn is not None:
            line = list(search.scan.line)
            reply.update(index=turn.index, played=search.played[turn.index], better=turn.better, moves=line)
        if status is not None:
            self.result = reply
        return reply


class DealTask(Task):
    """A deal of the given variant that the solver proves winnable.

    Tries random deals, each within ``per_deal`` positions, until one is won;
    ``code`` in the answer is that deal, ``tried`` how many were looked at.
    """

    kind = "deal"

    def __init__(
        self,
        variant: str,
        seed: int,
        per_deal: int = 150_000,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        super().__init__(clock)
        self.option_set = engine.option_set(variant)
        self.rng = random.Random(seed)
        self.per_deal = per_deal
        self.tried = 0
        self.nodes = 0
        self.code = ""
        self.search = self._next()
        self.result: Reply | None = None

    def _next(self) -> Proof:
        seeds = self.option_set.seeds
        # randrange(start, stop), not len(): a range of 26^7 seeds is past a 32-bit
        # ssize_t, as in the browser's WebAssembly build.
        self.code = self.option_set.code(self.rng.randrange(seeds.start, seeds.stop))
        self.tried += 1
        return Proof(engine.new_game(self.code), losses=False)

    def _reply(self, status: str | None, moves: list[str] | None = None) -> Reply:
        return {
            "kind": self.kind,
            "status": status,
            "nodes": self.nodes + self.search.nodes,
            "tried": self.tried,
            "code": self.code if status == "winnable" else "",
            "moves": moves or [],
        }

    def step(self, seconds: float) -> Reply:
        if self.result is not None:
            return self.result
        deadline = self.clock() + seconds
        while True:
            search = self.search
            status = _slice(search, max(0.0, deadline - self.clock()), self.clock, self.per_deal)
            if status == "winnable":
                moves = list(without_loops(search.game, search.line()))
                if _wins(self.code, moves):
                    self.result = self._reply("winnable", moves)
                    return self.result
            if status is not None or search.nodes >= self.per_deal:
                self.nodes += search.nodes
                self.search = self._next()
            if self.clock() >= deadline:
                return self._reply(None)


def _wins(code: str, moves: list[str]) -> bool:
    """True when the line, played through the engine, wins the deal."""
    game = engine.new_game(code)
    try:
        for move in moves:
            game.play(move)
    except engine.IllegalMove:
        return False
    return game.won


VERDICTS_KEPT = 20_000
"""Proven verdicts the worker keeps between two tasks (then it starts afresh)."""

_verdicts: dict[Hashable, Verdict] = {}


def kept_verdicts() -> dict[Hashable, Verdict]:
    """The verdicts the worker's tasks share: looking back twice in a game (undo to
    the last winnable position, then where it was lost) searches each position once."""
    if len(_verdicts) > VERDICTS_KEPT:
        _verdicts.clear()
    return _verdicts


def open_task(request: str, clock: Callable[[], float] = time.perf_counter) -> Task:
    """The task a JSON request names: ``{"task": "hint", "game": <to_json()>}``,
    ``{"task": "rewind", "game": ..., "per_position": n}``,
    ``{"task": "turning", "game": ..., "per_position": n}`` or
    ``{"task": "deal", "variant": "SP1-S4", "seed": n, "per_deal": n}``.

    Raises ValueError (a bad save, an unknown task) with a message for the player.
    """
    data = json.loads(request)
    kind = data.get("task")
    if kind == "hint":
        return HintTask(engine.from_json(data["game"]), clock)
    if kind == "rewind":
        per_position = int(data.get("per_position", 200_000))
        return RewindTask(engine.from_json(data["game"]), per_position, clock, kept_verdicts())
    if kind == "turning":
        per_position = int(data.get("per_position", 200_000))
        return TurningTask(engine.from_json(data["game"]), per_position, clock, kept_verdicts())
    if kind == "deal":
        return DealTask(str(data["variant"]), int(data.get("seed", 0)), int(data.get("per_deal", 150_000)), clock)
    raise ValueError(f"Unknown solver task {kind!r}.")
