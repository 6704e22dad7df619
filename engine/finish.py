"""Finishing a game by itself: when it may, and the moves that do it.

The player asks for it (a Finish button, or the "Finish automatically"
setting, off by default): the game never plays by itself otherwise. The moves
are ordinary moves, played one by one with ``game.play``, so undo, the score
and the move count are exactly what playing them by hand would give.

When a game can be finished is the game's own rule (``Game.finish_ready``),
and so is how: most games give the line move by move (``Game.finish_move``:
Klondike sends the lowest card home, or turns the stock), the Spider family
has the solver prove the rest in a short search (``Game.finish_by_search``,
at most ``FINISH_NODES`` positions of ``Game.finish_rules``).

- **Klondike**: every card of the columns is face up, and the stock and the
  waste are empty -- or, in draw 1 with unlimited passes (Normal scoring),
  whatever is left in them.
- **Spiderette and Spider**: the stock is empty and every card is face up.

>>> import engine
>>> g = engine.new_game("KL1-D1N-AAAAAAG")
>>> ready(g), finish_line(g) is None
(False, True)
"""

from __future__ import annotations

import heapq
import itertools
from typing import Any

from engine.game import Game
from engine.moves import IllegalMove, Move, parse_move

__all__ = ["FINISH_NODES", "FinishSearch", "finish_line", "ready"]

FINISH_NODES = 10_000
"""Positions a Spider-family finish may search (a face-up table near its end
needs a few dozen; a crowded one is left to the player)."""

A_STAR_WEIGHT = 2
"""How much the solver's distance estimate counts against the moves already
made: above 1 the search finds a line sooner, at most a little longer."""

_MAX_ACTIONS = 2_000
"""A guard: no finish of 52 or 104 cards needs this many actions."""


def ready(game: Game) -> bool:
    """True when the table is open enough to try finishing (the game's own
    rule, ``Game.finish_ready``). Cheap: no search."""
    return not game.won and game.finish_ready()


def finish_line(game: Game, max_nodes: int = FINISH_NODES) -> tuple[Move, ...] | None:
    """The moves that win ``game`` from here, or None when it can't be finished
    by itself now (see ``ready``; Spider family: no proof in ``max_nodes``
    positions). The game itself is not changed. (``FinishSearch`` does the same
    in slices, for a page that must stay responsive.)

    A game without a search plays its ``finish_move`` one after another
    (Klondike: every card home, lowest first; a waste card that can't go
    home yet onto a column where it fits, else the stock turns).
    """
    search = FinishSearch(game, max_nodes)
    while not search.step(max_nodes + 1):
        pass
    return search.line


class FinishSearch:
    """``finish_line`` in slices: ``step(n)`` searches at most ``n`` positions and
    returns True once the answer (``line``) is known.

    A game whose finish is a line needs no search (each step plays a few
    more moves of it); the search (``Game.finish_by_search``, the Spider
    family) is a weighted A* over the solver's positions (``_AStar``), which a
    page can run a few dozen positions at a time between frames.
    """

    def __init__(self, game: Game, max_nodes: int = FINISH_NODES) -> None:
        self.game = game.copy()
        self.max_nodes = max_nodes
        self.nodes = 0
        self.done = False
        self.line: tuple[Move, ...] | None = None
        """The winning line once ``done``; None when there is none."""
        self._spider: _AStar | None = None
        self._line: list[Move] = []
        if not ready(game):
            self.done = True
        elif game.finish_by_search:
            self._spider = _AStar(self.game)

    @property
    def spider(self) -> bool:
        """True for a search (positions; the Spider family), False for a line (moves)."""
        return self._spider is not None

    def step(self, nodes: int) -> bool:
        """Search on for at most ``nodes`` positions (a line: moves of it);
        True once done."""
        if self.done:
            return True
        if self._spider is None:
            self._line_step(max(1, nodes))
            return self.done
        budget = min(nodes, self.max_nodes - self.nodes)
        notation = self._spider.step(budget)
        self.nodes = self._spider.nodes
        if notation is not None:
            self._finish(_replay(self.game, notation))
        elif self._spider.exhausted or self.nodes >= self.max_nodes:
            self._finish(None)
        return self.done

    def _line_step(self, moves: int) -> None:
        """Play up to ``moves`` more moves of the game's line on the copy."""
        game = self.game
        line = self._line
        for _ in range(moves):
            if game.won:
                self._finish(tuple(line))
                return
            move = game.finish_move()
            if move is None or len(line) >= _MAX_ACTIONS:
                self._finish(None)
                return
            game.play(move)
            line.append(move)
            self.nodes += 1
        if game.won:
            self._finish(tuple(line))

    def _finish(self, line: tuple[Move, ...] | None) -> None:
        self.done = True
        self.line = line if line is not None and self.game.won else None


class _AStar:
    """A short winning line, by a weighted A* search over the solver's
    positions (``Game.finish_rules``): the solver's own depth-first line can
    wander for hundreds of moves, and each move costs a point in the Spider
    family."""

    def __init__(self, game: Game) -> None:
        self.rules = rules = game.finish_rules()
        self.prefix: list[str] = []
        root = rules.start(self.prefix)
        self.order = itertools.count()
        # Entries: (estimate, moves so far, tie-breaker, position, path); a path is
        # (the notation of one step, the path before it), shared between siblings.
        self.frontier: list[tuple[int, int, int, Any, Any]] = [
            (A_STAR_WEIGHT * rules.score(root), 0, next(self.order), root, None)
        ]
        self.best = {rules.key(root): 0}
        self.nodes = 0

    @property
    def exhausted(self) -> bool:
        """True when every reachable position was searched without a win."""
        return not self.frontier

    def step(self, budget: int) -> list[str] | None:
        """Search at most ``budget`` positions; the winning line's notation when found."""
        rules, frontier, best = self.rules, self.frontier, self.best
        for _ in range(max(0, budget)):
            if not frontier:
                return None
            _, depth, _, state, path = heapq.heappop(frontier)
            if rules.won(state):
                steps: list[str] = []
                while path is not None:
                    done, path = path
                    steps[:0] = done
                frontier.clear()
                return [*self.prefix, *steps]
            self.nodes += 1
            for move in rules.moves(state):
                step: list[str] = []
                child = rules.play(state, move, step)
                key = rules.key(child)
                if best.get(key, depth + 2) <= depth + 1:
                    continue
                best[key] = depth + 1
                estimate = depth + 1 + A_STAR_WEIGHT * rules.score(child)
                heapq.heappush(frontier, (estimate, depth + 1, next(self.order), child, (step, path)))
        return None


def _replay(game: Game, notation: list[str]) -> tuple[Move, ...] | None:
    """Play the line on ``game`` (a copy), checking every move."""
    line = []
    try:
        for text in notation:
            move = parse_move(text)
            game.play(move)
            line.append(move)
    except IllegalMove:
        return None
    return tuple(line)
