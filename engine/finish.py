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

__all__ = ["FINISH_NODES", "finish_line", "ready"]

FINISH_NODES = 20_000
"""Positions the solver may search to prove a Spider-family finish (a few
hundred milliseconds at most in the browser; a face-up table needs far fewer)."""

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
    by itself now (see ``ready``; Spider family: the solver found no proof in
    ``max_nodes`` positions). The game itself is not changed.

    Klondike's line sends every card home, lowest first; a waste card that
    can't go home yet goes onto a column when it fits (as a player would, so
    fewer passes through the stock are needed), else the stock turns.
    """
    if not ready(game):
        return None
    copy = game.copy()
    line = _klondike_line(copy) if isinstance(copy, Klondike) else _spider_line(copy, max_nodes)
    return line if line is not None and copy.won else None


def _klondike_line(game: Klondike) -> tuple[Move, ...] | None:
    line: list[Move] = []
    for _ in range(_MAX_ACTIONS):
        if game.won:
            return tuple(line)
        move = _next_home(game) or _waste_to_column(game)
        if move is None:
            if game.stock_action() is None:
                return None
            move = STOCK_TAP
        game.play(move)
        line.append(move)
    return None


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


def _spider_line(game: Game, max_nodes: int) -> tuple[Move, ...] | None:
    """A short winning line, found by a weighted A* search over the solver's
    positions: the solver's own depth-first line can wander for hundreds of
    moves, and each move costs a point in the Spider family."""
    # Imported on first use: a page that only plays never compiles the solver.
    from engine.solver.spider import SpiderRules, SState

    rules = SpiderRules(game)
    prefix: list[str] = []
    root = rules.start(prefix)
    score = rules.score
    order = itertools.count()
    # Entries: (estimate, moves so far, tie-breaker, position, path); a path is
    # (the notation of one step, the path before it), shared between siblings.
    frontier: list[tuple[int, int, int, SState, Any]] = [(A_STAR_WEIGHT * score(root), 0, next(order), root, None)]
    best = {rules.key(root): 0}
    nodes = 0
    while frontier and nodes < max_nodes:
        _, depth, _, state, path = heapq.heappop(frontier)
        if rules.won(state):
            steps: list[str] = []
            while path is not None:
                done, path = path
                steps[:0] = done
            return _replay(game, [*prefix, *steps])
        nodes += 1
        for move in rules.moves(state):
            step: list[str] = []
            child = rules.play(state, move, step)
            key = rules.key(child)
            if best.get(key, depth + 2) <= depth + 1:
                continue
            best[key] = depth + 1
            estimate = depth + 1 + A_STAR_WEIGHT * score(child)
            heapq.heappush(frontier, (estimate, depth + 1, next(order), child, (step, path)))
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
