"""Looking back along a game: the last winnable position, and where the win was lost.

Two questions about a game that can no longer be won share one search:

- **How far back can it still be won?** (Undo to the last winnable position.)
- **Which move lost it?** (``turning_point``: the first move after which no win
  existed, and a move at that place that kept one.)

Both solve earlier positions of the game, newest first, until one is proven
winnable (``LookBack``). Along one game the answers can change only once: a
position from which a move leads to a winnable one is winnable itself (play
that move, then win), and every position after a lost one is lost (no move
can bring a win back). So the positions of a game that was once winnable and
is now lost are winnable up to some move and lost after it; the first winnable
position met going back is the last one, and the move played from it is the
one that lost the win. A position that a budget could not decide is passed over:
an older lost one proves it lost too, and only the position right after the
winnable one must be proven lost by its own search.

Verdicts are kept (``Verdicts``: by deal and position), so a position met
twice, in the same game or in a later question about it, is searched once.

>>> import engine
>>> record = "KL1-D1V-AAAAAAF t4>t7 t7:2>t3 s t3>t7 s t7:2>t2 t2:3>t7 t7>t3 t3>t7 w>t2"
>>> game = engine.replay(record)
>>> turn = turning_point(game, seconds=60)
>>> turn
TurningPoint(index=6, better='s')
>>> str(game.played[turn.index])  # the move that lost the win
't2:3>t7'
>>> turning_point(engine.new_game("KL1-D1N-AAAAAAC"), seconds=60) is None  # still winnable
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, MutableMapping, Sequence
from typing import Any, Literal, NamedTuple

from engine.game import Game, new_game
from engine.solver.core import CHECK_EVERY, Search

__all__ = [
    "LookBack",
    "TurningPoint",
    "TurningSearch",
    "Verdict",
    "Verdicts",
    "game_positions",
    "turning_point",
    "verdict_key",
]


class Verdict(NamedTuple):
    """A proven answer about one position: ``status`` ``"winnable"`` (``line``:
    a winning line from it, without loops) or ``"unwinnable"``."""

    status: str
    line: tuple[str, ...] = ()


Verdicts = MutableMapping[Hashable, Verdict]
"""Proven verdicts by ``verdict_key``: a plain dict, or any mapping that may forget."""


def verdict_key(game: Game) -> Hashable:
    """What a verdict is kept under: the deal code (its rules: draw, scoring,
    cells) and the position (``Game.position``).

    >>> import engine
    >>> g = engine.replay("KL1-D1N-AAAAAAG t7>f")
    >>> verdict_key(g) == verdict_key(g.copy())
    True
    >>> verdict_key(g) == verdict_key(engine.replay("KL1-D1V-AAAAAAG t7>f"))  # other rules
    False
    """
    return (game.code, game.position())


def _prove(game: Game) -> Search[Any, Any]:
    from engine.solver import proof_search

    return proof_search(game)


class LookBack:
    """Solve ``positions`` (oldest first) from the newest back, until one is proven winnable.

    Each position is searched by a search whose every answer is a proof
    (``engine.solver.proof_search``), within ``per_position`` positions when
    given (else until it decides); one it could not decide is listed in
    ``undecided`` and the scan goes on to the one before. ``step(budget)``
    searches at most about ``budget`` positions and answers None while looking,
    then ``"winnable"`` (``found`` is that position's index, ``line`` a winning
    line from it), ``"unwinnable"`` (every position is lost) or ``"unknown"``
    (none was proven winnable, some were not decided).

    >>> import engine
    >>> g = engine.replay("KL1-D1V-AAAAAAF t4>t7 t7:2>t3 s t3>t7 s t7:2>t2 t2:3>t7 t7>t3 t3>t7 w>t2")
    >>> scan = LookBack(game_positions(g))
    >>> while scan.step(256) is None:
    ...     pass
    >>> scan.status, scan.found, scan.lost
    ('winnable', 6, [10, 9, 8, 7])
    """

    def __init__(
        self,
        positions: Sequence[Game],
        per_position: int | None = None,
        verdicts: Verdicts | None = None,
        prove: Callable[[Game], Search[Any, Any]] = _prove,
    ) -> None:
        self.positions = positions
        self.per_position = per_position
        self.verdicts: Verdicts = {} if verdicts is None else verdicts
        self.prove = prove
        self.index = len(positions)
        """The position being searched (``len(positions)`` before the first step, -1 after the last)."""
        self.found: int | None = None
        self.line: tuple[str, ...] = ()
        self.lost: list[int] = []
        """The positions proven lost, newest first."""
        self.undecided: list[int] = []
        """The positions the budget could not decide, newest first."""
        self.status: str | None = None
        self._spent = 0
        self.search: Search[Any, Any] | None = None
        self._next()

    @property
    def nodes(self) -> int:
        """Positions searched so far, over every position looked at."""
        return self._spent + (self.search.nodes if self.search is not None else 0)

    def _next(self) -> None:
        """Go to the position before; take its verdict when it is known."""
        if self.search is not None:
            self._spent += self.search.nodes
            self.search = None
        while self.status is None:
            self.index -= 1
            if self.index < 0:
                self.status = "unknown" if self.undecided else "unwinnable"
                return
            known = self.verdicts.get(verdict_key(self.positions[self.index]))
            if known is None:
                self.search = self.prove(self.positions[self.index])
                return
            self._decided(known)

    def _decided(self, verdict: Verdict) -> None:
        if verdict.status == "winnable":
            self.found = self.index
            self.line = verdict.line
            self.status = "winnable"
        else:
            self.lost.append(self.index)

    def step(self, budget: int) -> str | None:
        """Search about ``budget`` more positions; the scan's status once known."""
        while self.status is None and budget > 0:
            search = self.search
            assert search is not None
            chunk = budget if self.per_position is None else min(budget, self.per_position - search.nodes)
            before = search.nodes
            status = search.step(max(1, chunk))
            budget -= max(1, search.nodes - before)
            position = self.positions[self.index]
            if status is not None:
                verdict = Verdict(status, _line(position, search) if status == "winnable" else ())
                self.verdicts[verdict_key(position)] = verdict
                self._decided(verdict)
                if self.status is None:
                    self._next()
                else:
                    self._spent += search.nodes
                    self.search = None
            elif search.stuck or (self.per_position is not None and search.nodes >= self.per_position):
                self.undecided.append(self.index)
                self._next()
            else:
                break  # the search took no more than its budget
        return self.status


def _line(game: Game, search: Search[Any, Any]) -> tuple[str, ...]:
    from engine.solver import without_loops

    return without_loops(game, search.line())


def game_positions(game: Game) -> list[Game]:
    """Every position of ``game`` along its record, from the deal (``[0]``) to now
    (``[len(game.played)]``): position ``i + 1`` is position ``i`` after move
    ``game.played[i]``. The game itself is not changed.

    >>> import engine
    >>> [p.moves for p in game_positions(engine.replay("KL1-D1N-AAAAAAG s t5>t4"))]
    [0, 1, 2]
    """
    walk = new_game(game.code)
    positions = [walk.copy()]
    for move in game.played:
        walk.play_recorded(move)
        positions.append(walk.copy())
    return positions


class TurningPoint(NamedTuple):
    """Where a game's win was lost: ``index``, the place in the game's record
    (``Game.played``) of the first move after which no win existed, and
    ``better``, a move from the same position that kept one (notation).
    The field ``index`` stands for the tuple's ``index()`` method, which a pair
    of answers has no use for."""

    index: int  # type: ignore[assignment]
    better: str


TurningStatus = Literal["found", "winnable", "unwinnable", "unknown"]


class TurningSearch:
    """``turning_point`` in slices, for a worker: ``step(budget)`` as ``LookBack``'s.

    Its answer (``status``): ``"found"`` (``result`` is the ``TurningPoint``),
    ``"winnable"`` (the game can still be won: nothing was lost),
    ``"unwinnable"`` (no position of the game, the deal included, could be
    won: no move lost it) or ``"unknown"`` (a verdict that was needed could
    not be decided: ``undecided`` lists the positions, by their index along
    the record).
    """

    def __init__(self, game: Game, per_position: int | None = None, verdicts: Verdicts | None = None) -> None:
        self.game = game
        self.played = tuple(str(m) for m in game.played)
        self.scan = LookBack(game_positions(game), per_position, verdicts)
        self.status: TurningStatus | None = None
        self.result: TurningPoint | None = None

    @property
    def nodes(self) -> int:
        return self.scan.nodes

    @property
    def looking_at(self) -> int:
        """The index (along the record) of the position being searched."""
        return max(0, self.scan.index)

    @property
    def undecided(self) -> list[int]:
        return self.scan.undecided

    def step(self, budget: int) -> TurningStatus | None:
        if self.status is not None:
            return self.status
        status = self.scan.step(budget)
        if status is None:
            return None
        found = self.scan.found
        if status != "winnable" or found is None:
            self.status = "unknown" if status == "unknown" else "unwinnable"
        elif found == len(self.played):
            self.status = "winnable"
        elif found + 1 in self.scan.undecided or not self.scan.line:
            self.status = "unknown"  # the position after it may be winnable too
        else:
            self.status = "found"
            self.result = TurningPoint(found, self.scan.line[0])
        return self.status


def turning_point(
    game: Game,
    seconds: float | None = 10.0,
    per_position: int | None = None,
    verdicts: Verdicts | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> TurningPoint | None:
    """Where ``game``'s win was lost: the first move of its record after which no
    win existed, and a move from the same place that kept one (``TurningPoint``).

    None while the game can still be won, when it never could (the deal is lost),
    or when a verdict that was needed was not decided within ``seconds`` (in all;
    None: no limit) or ``per_position`` positions for one position. The solver
    sees the face-down cards. The game itself is not changed.

    >>> import engine
    >>> g = engine.replay("KL1-D1V-AAAAAAF t4>t7 t7:2>t3 s t3>t7 s t7:2>t2 t2:3>t7 t7>t3 t3>t7 w>t2")
    >>> turning_point(g, seconds=0.0) is None  # no time to decide anything
    True
    """
    search = TurningSearch(game, per_position, verdicts)
    deadline = None if seconds is None else clock() + seconds
    while deadline is None or clock() < deadline:
        if search.step(CHECK_EVERY) is not None:
            return search.result
    return None
