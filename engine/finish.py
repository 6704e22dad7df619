"""Finishing a game by itself: when it may, and the moves that do it.

The player asks for it (a Finish button, or the "Finish automatically"
setting, off by default): the game never plays by itself otherwise. The moves
are ordinary moves, played one by one with ``game.play``, so undo, the score
and the move count are exactly what playing them by hand would give.

When a game can be finished:

- **Klondike**: every card of the columns is face up, and the stock and the
  waste are empty -- or, in draw 1 with unlimited passes (Normal scoring),
  whatever is left in them. Face-up cards in a column always descend in
  alternating colours, so the lowest card left is never covered: it can
  always go home next (from draw 1's stock after at most one pass). Draw 3
  and limited passes can leave a stock card out of reach, hence the rule.
- **Spiderette and Spider**: the stock is empty, every card is face up, and
  the solver proves the rest in a short search (``FINISH_NODES`` positions).

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
from engine.klondike import COLUMNS, SLOT, Klondike
from engine.moves import STOCK_TAP, IllegalMove, Move, parse_move

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
    """True when the table is open enough to try finishing: no face-down card,
    and (see the module's rules) no stock or waste in the way. Cheap: no search."""
    if game.won:
        return False
    if isinstance(game, Klondike):
        if any(not card.face_up for t in COLUMNS for card in game.pile(t)):
            return False
        rest = game.pile("s") or game.pile("w")
        return not rest or (game.draw == 1 and game.total_passes is None)
    if game.pile("s"):
        return False
    return all(card.face_up for pid in game.pile_ids for card in game.pile(pid))


def finish_line(game: Game, max_nodes: int = FINISH_NODES) -> tuple[Move, ...] | None:
    """The moves that win ``game`` from here, or None when it can't be finished
    by itself now (see ``ready``; Spider family: no proof in ``max_nodes``
    positions). The game itself is not changed. (``FinishSearch`` does the same
    in slices, for a page that must stay responsive.)

    Klondike's line sends every card home, lowest first; a waste card that
    can't go home yet goes onto a column when it fits (as a player would, so
    fewer passes through the stock are needed), else the stock turns.
    """
    search = FinishSearch(game, max_nodes)
    while not search.step(max_nodes + 1):
        pass
    return search.line


class FinishSearch:
    """``finish_line`` in slices: ``step(n)`` searches at most ``n`` positions and
    returns True once the answer (``line``) is known.

    Klondike needs no search (each step plays a few more moves of its line); the Spider family's
    search is a weighted A* over the solver's positions (see ``_spider_line``),
    which a page can run a few dozen positions at a time between frames.
    """

    def __init__(self, game: Game, max_nodes: int = FINISH_NODES) -> None:
        self.game = game.copy()
        self.max_nodes = max_nodes
        self.nodes = 0
        self.done = False
        self.line: tuple[Move, ...] | None = None
        """The winning line once ``done``; None when there is none."""
        self._spider: _AStar | None = None
        self._klondike: list[Move] = []
        if not ready(game):
            self.done = True
        elif not isinstance(self.game, Klondike):
            self._spider = _AStar(self.game)

    @property
    def spider(self) -> bool:
        """True for the Spider family's search (positions), False for Klondike's line (moves)."""
        return self._spider is not None

    def step(self, nodes: int) -> bool:
        """Search on for at most ``nodes`` positions (Klondike: moves of its line);
        True once done."""
        if self.done:
            return True
        if self._spider is None:
            assert isinstance(self.game, Klondike)
            self._klondike_step(max(1, nodes))
            return self.done
        budget = min(nodes, self.max_nodes - self.nodes)
        notation = self._spider.step(budget)
        self.nodes = self._spider.nodes
        if notation is not None:
            self._finish(_replay(self.game, notation))
        elif self._spider.exhausted or self.nodes >= self.max_nodes:
            self._finish(None)
        return self.done

    def _klondike_step(self, moves: int) -> None:
        """Play up to ``moves`` more moves of Klondike's line on the copy."""
        game = self.game
        assert isinstance(game, Klondike)
        line = self._klondike
        for _ in range(moves):
            if game.won:
                self._finish(tuple(line))
                return
            move = _next_finishing_move(game)
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


def _next_finishing_move(game: Klondike) -> Move | None:
    """The next move of Klondike's finish, or None when it cannot go on."""
    move = _next_home(game) or _waste_to_column(game)
    if move is None and game.stock_action() is not None:
        move = STOCK_TAP
    return move


def _next_home(game: Klondike) -> Move | None:
    """The lowest card that can go to its foundation now, from a column or the waste."""
    best: tuple[int, str] | None = None
    for src in ("w", *COLUMNS):
        card = game.top(src)
        fits = card is not None and len(game.pile(SLOT[card.suit])) == card.rank - 1
        if card is not None and fits and (best is None or card.rank < best[0]):
            best = (card.rank, src)
    return None if best is None else Move(best[1], "f", 1)


def _waste_to_column(game: Klondike) -> Move | None:
    if game.top("w") is None:
        return None
    for dst in COLUMNS:
        move = Move("w", dst, 1)
        if game.is_legal(move):
            return move
    return None


class _AStar:
    """A short winning line for the Spider family, by a weighted A* search over
    the solver's positions: the solver's own depth-first line can wander for
    hundreds of moves, and each move costs a point in the Spider family."""

    def __init__(self, game: Game) -> None:
        # Imported on first use: a page that only plays never compiles the solver.
        from engine.solver.spider import SpiderRules

        self.rules = rules = SpiderRules(game)
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
