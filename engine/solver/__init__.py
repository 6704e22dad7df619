"""The solver: is a position winnable, and how?

It searches with full knowledge of the face-down cards (they stay face down for
the rules) and answers ``winnable`` with a winning line in notation,
``unwinnable``, or ``unknown`` when its time or node budget ran out.

What each answer of ``solve`` guarantees:

- ``winnable``: ``moves``, played in order with ``Game.play``, win the game
  from the given position (a proof anyone can check by replaying them).
- ``unwinnable``: no sequence of legal actions wins. It comes only from a
  search that left out no move a win could need: every reachable position
  was visited or proven lost by a sound argument (safe automatic moves,
  symmetries, moves that can always wait until they are of use and so come
  only together with that use, positions covered by one searched already,
  a relaxed game that cannot win; see ``klondike.py`` and ``spider.py``).
  Searches that leave positions out (the Spider family's staged search,
  ``staged.py``; the best-first half of Klondike's fast search) never answer
  it: they can only find a win, and run beside a complete search, which
  alone decides a loss.
  Positions are told apart by a 64-bit hash of their canonical key (and
  Klondike keeps its lost-position answers under a 64-bit hash of the
  columns and foundations), so the one way it could be wrong is a new
  position whose hash equals one of those kept (at most a few million): odds
  of about one in a million for a search of a few million positions, such
  as the page's longest (two minutes), far less for shorter ones.
- ``unknown``: nothing was decided; ``reason`` says what stopped the search
  (``"time"``, ``"nodes"``, ``"cancelled"``).

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

import importlib
import json
from collections.abc import Callable, Hashable, Sequence
from types import ModuleType
from typing import Any

from engine.game import Game, from_json
from engine.solver.core import (
    REASONS,
    STATUSES,
    BestFirst,
    Confirmed,
    Hybrid,
    Progress,
    Rules,
    Search,
    Solution,
    run,
)
from engine.solver.lookback import LookBack, TurningPoint, TurningSearch, turning_point
from engine.solver.staged import Staged, WinFirst

__all__ = [
    "REASONS",
    "STATUSES",
    "BestFirst",
    "Confirmed",
    "Hybrid",
    "LookBack",
    "Progress",
    "Rules",
    "Search",
    "Solution",
    "Staged",
    "TurningPoint",
    "TurningSearch",
    "WinFirst",
    "proof_search",
    "rules_for",
    "search_for",
    "solve",
    "solve_json",
    "turning_point",
    "without_loops",
]


def _module(game: Game) -> ModuleType:
    """The solver module of ``game``'s class (``Game.solver_module``): each one
    gives ``rules_for``, ``search_for`` and ``proof_search`` for its game."""
    name = type(game).solver_module
    if name is None:
        raise TypeError(f"The solver does not know {game.game_name}.")
    return importlib.import_module(name)


def rules_for(game: Game, complete: bool = False) -> Any:
    """The solver's rules for ``game`` (read from it; the game is not changed).

    ``complete=True`` leaves out only moves proven never to be needed for a
    win (slower); by default a game's rules may leave out a few more moves
    that hardly ever matter (Klondike's do, see ``klondike.py``), so a search
    with these rules may call a winnable position ``unwinnable``: use
    ``proof_search`` or ``solve`` for an answer that is a proof.
    """
    rules: Any = _module(game).rules_for(game, complete)
    return rules


def search_for(game: Game, complete: bool = False) -> Search[Any, Any]:
    """A fresh search of ``game``'s position, to be run with ``step()``
    (each game's module says which: for the Spider family the staged search
    beside a complete one, depth-first and best-first, see ``staged.WinFirst``
    and ``core.Hybrid``; for Klondike depth-first and best-first side by side,
    ``core.Hybrid``, with ``complete=True`` depth-first alone). In
    Klondike's fast search (``complete=False``) only the depth-first half
    may answer ``unwinnable`` (for the fast rules, which is no proof)."""
    search: Search[Any, Any] = _module(game).search_for(game, complete)
    return search


def proof_search(game: Game) -> Search[Any, Any]:
    """A search of ``game``'s position whose every answer is a proof (see
    each game's solver module: ``klondike.proof_search`` confirms a loss of
    its fast search with a complete one; the Spider family's search is its
    own proof)."""
    search: Search[Any, Any] = _module(game).proof_search(game)
    return search


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
    receives a ``Progress`` every few thousand positions. The module notes
    say what each answer guarantees: a ``winnable`` answer's moves win, and
    ``unwinnable`` is never said on the word of a search that left out a
    move a win could need (``complete=False`` searches without some first,
    for speed, and has a loss confirmed by the complete search, unless it
    never left one out; ``complete=True`` searches completely from the
    start).
    """
    search = search_for(game, complete=True) if complete else proof_search(game)
    return run(search, seconds, max_nodes, progress, cancel)


def without_loops(game: Game, moves: Sequence[str]) -> tuple[str, ...]:
    """``moves`` (legal in turn from ``game``'s position) with every loop cut out:
    wherever the line comes back to a position it was in, the moves between go.

    A winning line stays a winning line (it reaches the same positions, fewer
    times), and a line without loops never comes back to a position: hints that
    follow it never go round in circles. The searches' lines may hold such loops,
    since their positions are not quite the game's: a safe card goes home by
    itself in the search, and a take-back right after it brings back the position
    before. The game itself is not changed.

    >>> import engine
    >>> g = engine.replay("KL1-D1N-AAAAAAB s t1>t7 s t5>t1 s t5>t4")
    >>> without_loops(g, ["t4>f", "f2>t4", "w>t7", "s"])  # a card home and straight back
    ('w>t7', 's')
    """
    copy = game.copy()
    kept: list[str] = []
    where: dict[Hashable, int] = {copy.position(): 0}
    for move in moves:
        copy.play(move)
        kept.append(str(move))
        position = copy.position()
        back = where.get(position)
        if back is not None:
            # Back where the line was after ``back`` moves: the moves since go.
            del kept[back:]
            where = {p: i for p, i in where.items() if i <= back}
        else:
            where[position] = len(kept)
    return tuple(kept)


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
