"""The solver: is a position winnable, and how?

It searches with full knowledge of the face-down cards (they stay face down for
the rules) and answers ``winnable`` with a winning line in notation,
``unwinnable``, or ``unknown`` when its time or node budget ran out.

>>> import engine
>>> g = engine.new_game("KL1-D1N-AAAAAAD")
>>> result = engine.solve(g, seconds=30)
>>> result.status
'winnable'
>>> for move in result.moves:
...     _ = g.play(move)
>>> g.won
True

For a browser worker: ``solve_json`` takes and returns JSON text, and
``Search`` can run in slices (``search.step(2000)`` between two yields).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.game import Game, from_json
from engine.klondike import Klondike
from engine.solver.core import REASONS, STATUSES, BestFirst, Hybrid, Progress, Rules, Search, Solution, run
from engine.solver.klondike import KlondikeRules
from engine.solver.spider import SpiderRules

__all__ = [
    "REASONS",
    "STATUSES",
    "BestFirst",
    "Hybrid",
    "Progress",
    "Rules",
    "Search",
    "Solution",
    "rules_for",
    "search_for",
    "solve",
    "solve_json",
]


def rules_for(game: Game, complete: bool = False) -> KlondikeRules | SpiderRules:
    """The solver's rules for ``game`` (read from it; the game is not changed).

    ``complete=True`` tries every legal kind of move (slower); by default a
    few moves that hardly ever matter are left out (see ``klondike.py``).
    """
    if isinstance(game, Klondike):
        return KlondikeRules(game, complete=complete)
    if game.settings.game in ("SD", "SP"):
        return SpiderRules(game)
    raise TypeError(f"The solver does not know {game.game_name}.")


def search_for(game: Game, complete: bool = False) -> Search[Any, Any]:
    """A fresh search of ``game``'s position, to be run with ``step()``:
    depth-first for Klondike; for the Spider family depth-first and
    best-first side by side (see ``core.Hybrid``)."""
    rules = rules_for(game, complete)
    if isinstance(rules, SpiderRules):
        return Hybrid(rules)
    return Search(rules)


def solve(
    game: Game,
    seconds: float | None = 10.0,
    max_nodes: int | None = None,
    progress: Callable[[Progress], object] | None = None,
    cancel: Callable[[], bool] | None = None,
    complete: bool = False,
) -> Solution:
    """Search ``game``'s position for a win (the game itself is not changed).

    Stops after ``seconds`` of wall-clock time or ``max_nodes`` positions
    (None: no limit) with status ``unknown``; ``cancel`` is called every few
    hundred positions and stops the search when it returns True. ``progress``
    receives a ``Progress`` every few thousand positions. The moves of a
    ``winnable`` answer, played in order with ``game.play``, win the game.
    """
    search = search_for(game, complete)
    return run(search, seconds, max_nodes, progress, cancel)


def solve_json(game_json: str, seconds: float = 10.0, max_nodes: int | None = None) -> str:
    """``solve`` for a worker: a game saved with ``to_json()`` in, the answer
    out as JSON (``status``, ``moves``, ``nodes``, ``seconds``, ``reason``).

    A save that cannot be loaded gives ``{"status": "error", "error": ...}``.
    """
    try:
        game = from_json(game_json)
    except ValueError as error:
        return json.dumps({"status": "error", "error": str(error)})
    return solve(game, seconds=seconds, max_nodes=max_nodes).to_json()
