"""A staged search for the Spider family: plans one stock deal at a time.

Between two deals of the stock the positions reachable form a closed space
(a deal is the one move that changes the stock). The staged search runs a
bounded best-first search inside a stage, from a few start positions at
once, keeps the ``keep`` best positions it could deal from (judged by the
position right after the deal, which the solver knows card for card), deals
from each, and goes on with those as the next stage's start positions. In
the last stage (stock empty) it looks for the win.

When a round ends without a win (a stage left nothing to deal from, or the
last stage found no win within its bound), it starts again from the deal
with twice the bound and twice the positions kept (iterative widening), for
ever: it leaves positions out at every stage, so it never answers
``unwinnable``.

It also leaves moves out (``SpiderRules.staged_moves``): never part of a
run onto another suit or into an empty column, and every other round no run
moved off one card onto another of another suit. Fewer moves let a stage
see further; the two move sets take turns because a deal one of them wins
slowly the other often wins at once (Spiderette 4 suits, 108 hard deals,
7.5 s each: 29 won with every move; 77 with either set alone, 18 of them
by one set only; 82 taking turns).

Its wins are proofs all the same: the line it gives is played from the
start and wins (``Search.line`` replays it).

``WinFirst`` runs it beside a complete search (``core.Hybrid``), which alone
can decide a loss.
"""

from __future__ import annotations

import heapq
from collections.abc import Generator

from engine.solver.core import Hybrid, Search, SideBySide, digest, moves_to
from engine.solver.spider import SMove, SpiderRules, SState

__all__ = ["Staged", "WinFirst"]

DEAL: SMove = (0, 0)
"""The deal from the stock, for ``SpiderRules.play``."""

FRONTIER_LIMIT = 300_000
"""Positions a stage's frontier holds; beyond that the worst half is dropped
(the staged search leaves positions out anyway)."""


class Staged(Search[SState, SMove]):
    """The staged, iteratively widened search described in the module notes.

    ``stage_nodes`` positions are expanded per stage in the first round and
    ``keep`` positions carried over a deal; both double every round."""

    def __init__(self, rules: SpiderRules, stage_nodes: int = 600, keep: int = 12) -> None:
        self.rules = rules
        self._spider = rules
        self.nodes = 0
        self.status = None
        self.exhausted = None
        self.stage_nodes = stage_nodes
        self.keep = keep
        self.rounds = 0
        self._prefix = []
        self._root = rules.start(self._prefix)
        self._parent: dict[int, tuple[int, SMove | None]] = {}
        self._won_key: int | None = None
        self._last_depth = 0
        self._run = self._search()
        if rules.won(self._root):
            self._won_key = digest(rules.key(self._root))
            self._parent[self._won_key] = (self._won_key, None)
            self.status = "winnable"

    @property
    def depth(self) -> int:
        return self._last_depth

    @property
    def stuck(self) -> bool:
        return False

    def step(self, budget: int) -> str | None:
        if self.status is not None:
            return self.status
        run = self._run
        for _ in range(budget):
            if next(run):
                self.status = "winnable"
                return self.status
        return None

    def _search(self) -> Generator[bool, None, None]:
        width, keep = self.stage_nodes, self.keep
        while True:
            self.rounds += 1
            found = yield from self._round(width, keep)
            if found:
                while True:
                    yield True
            width *= 2
            keep *= 2

    def _round(self, width: int, keep: int) -> Generator[bool, None, bool]:
        """One pass from the deal to the end of the stock: True when won."""
        rules = self._spider
        play, key_of, won, moves_of, value = rules.play, rules.key, rules.won, rules.staged_moves, rules.value
        pack, unpack = rules.pack, rules.unpack
        push, pop = heapq.heappush, heapq.heappop
        # Rounds take turns with and without moving a run off one card onto
        # another of another suit (see ``SpiderRules.staged_moves``).
        swaps = self.rounds % 2 == 1
        root = self._root
        root_key = digest(key_of(root))
        parent: dict[int, tuple[int, SMove | None]] = {root_key: (root_key, None)}
        self._parent = parent
        # Start positions of the stage: (key, position).
        starts: list[tuple[int, SState]] = [(root_key, root)]
        self._last_depth = 0
        count = 0
        while True:
            seen: set[int] = set()
            frontier: list[tuple[int, int, int, int, SMove | None, bytes]] = []
            for k, s in starts:
                seen.add(k)
                count += 1
                # Ties go by the counter, never by the key: a hash differs
                # from one process to the next, and the search must not.
                frontier.append((value(s), -count, k, k, None, pack(s)))
            heapq.heapify(frontier)
            # The best deals found: a max-heap on value through negation.
            best: list[tuple[int, int, int, int, SState]] = []
            dealt_seen: set[int] = set()
            expanded = 0
            while frontier and expanded < width:
                _, _, k, up, move, packed = pop(frontier)
                if move is not None:
                    parent[k] = (up, move)
                state = unpack(packed)
                expanded += 1
                self.nodes += 1
                yield False
                steps, can_deal = moves_of(state, swaps)
                if can_deal:
                    # The deal leaves the stage: a candidate start of the next
                    # one, not a child here.
                    dealt = play(state, DEAL, None)
                    dk = digest(key_of(dealt))
                    if dk not in dealt_seen:
                        dealt_seen.add(dk)
                        count += 1
                        entry = (-value(dealt), count, k, dk, dealt)
                        if len(best) < keep:
                            push(best, entry)
                        elif entry[0] > best[0][0]:
                            heapq.heapreplace(best, entry)
                for m in steps:
                    child = play(state, m, None)
                    h = digest(key_of(child))
                    if h in seen:
                        continue
                    seen.add(h)
                    if won(child):
                        parent[h] = (k, m)
                        self._won_key = h
                        return True
                    count += 1
                    push(frontier, (value(child), -count, h, k, m, pack(child)))
                if len(frontier) > FRONTIER_LIMIT:
                    frontier = heapq.nsmallest(FRONTIER_LIMIT // 2, frontier)
            if not best:
                return False
            best.sort(reverse=True)
            starts = []
            for _, _, k, dk, dealt in best:
                parent[dk] = (k, DEAL)
                if won(dealt):
                    self._won_key = dk
                    return True
                starts.append((dk, dealt))
            self._last_depth += 1

    def line(self) -> tuple[str, ...]:
        if self._won_key is None:
            raise RuntimeError("No winning line has been found.")
        return self._replay(moves_to(self._parent, self._won_key))


class WinFirst(SideBySide[SState, SMove]):
    """The staged search and a complete one (``core.Hybrid``) side by side.

    The complete search runs alone for its first ``alone`` positions (most
    one-suit deals fall to them); after that each slice goes ``share`` to
    the staged search and the rest to the complete one. A win from either
    decides; only the complete search can answer ``unwinnable``, since the
    staged one never does."""

    def __init__(self, rules: SpiderRules, alone: int = 3000, share: float = 0.75) -> None:
        super().__init__(rules, Hybrid(rules), Staged(rules))
        self.alone = alone
        self.share = share

    def _parts(self, budget: int) -> tuple[int, int]:
        staged = 0 if self._first.nodes < self.alone else int(budget * self.share)
        return budget - staged, staged
