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

import json
from collections.abc import Callable
from typing import Any

from engine.game import Game, from_json
from engine.klondike import Klondike
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
from engine.solver.klondike import KlondikeRules
from engine.solver.spider import SpiderRules
from engine.solver.staged import Staged, WinFirst

__all__ = [
    "REASONS",
    "STATUSES",
    "BestFirst",
    "Confirmed",
    "Hybrid",
    "Progress",
    "Rules",
    "Search",
    "Solution",
    "Staged",
    "WinFirst",
    "proof_search",
    "rules_for",
    "search_for",
    "solve",
    "solve_json",
]


def rules_for(game: Game, complete: bool = False) -> KlondikeRules | SpiderRules:
    """The solver's rules for ``game`` (read from it; the game is not changed).

    ``complete=True`` leaves out only moves proven never to be needed for a
    win (slower); by default a few more Klondike moves that hardly ever
    matter are left out (see ``klondike.py``), so a search with these rules
    may call a winnable position ``unwinnable``: use ``proof_search`` or
    ``solve`` for an answer that is a proof.
    """
    if isinstance(game, Klondike):
        return KlondikeRules(game, complete=complete)
    if game.settings.game in ("SD", "SP"):
        return SpiderRules(game)
    raise TypeError(f"The solver does not know {game.game_name}.")


def search_for(game: Game, complete: bool = False) -> Search[Any, Any]:
    """A fresh search of ``game``'s position, to be run with ``step()``:
    for the Spider family the staged search beside a complete one,
    depth-first and best-first (see ``staged.WinFirst`` and
    ``core.Hybrid``); for Klondike depth-first and best-first side by side
    (``core.Hybrid``), with ``complete=True`` depth-first alone. In
    Klondike's fast search (``complete=False``) only the depth-first half
    may answer ``unwinnable`` (for the fast rules, which is no proof)."""
    rules = rules_for(game, complete)
    if isinstance(rules, SpiderRules):
        return WinFirst(rules)
    if complete:
        return Search(rules)
    assert isinstance(game, Klondike)
    return _with_best_first(game, Search(rules))


def proof_search(game: Game) -> Search[Any, Any]:
    """A search of ``game``'s position whose every answer is a proof.

    Klondike: the fast search (``search_for``), and when its depth-first
    half finds no win, the complete depth-first search (children in move
    order), which alone may answer ``unwinnable``; unless the fast one never
    met a position where it left a move out (``KlondikeRules.left_out``):
    then it searched exactly what the complete one would, and its loss is
    final. The complete search does not search again what the fast one did:
    it goes on from the moves the fast one left out (``Search.go_on_from``),
    since every other move from a position the fast search saw and did not
    prove lost was searched already. The fast search's best-first half
    (which leaves moves out too, so it may only answer ``winnable``) stops
    then: it could only meet positions the depth-first half has already
    searched. The Spider family's search is its own proof: its staged half
    only ever answers ``winnable`` (with a line that wins), and its complete
    half leaves nothing out."""
    if isinstance(game, Klondike):
        fast = KlondikeRules(game)
        fast.keep_left_out()
        first: Search[Any, Any] = Search(fast)

        def complete() -> Search[Any, Any]:
            # After the fast search found no win, the complete one mostly
            # proves a loss, which visits every position whatever the order:
            # so it skips ordering the children by score (a tenth of its
            # time). It goes on from the moves the fast one left out, when
            # it kept them all.
            rules = KlondikeRules(game, complete=True)
            rules.share_caches(fast)
            search: Search[Any, Any] = Search(rules, ordered=False)
            if fast.left_out_moves is not None:
                search.go_on_from(first.seen, fast.left_out_moves, first.covered)
                fast.left_out_moves = None
            return search

        confirmed = Confirmed(first, complete, proven=lambda: not fast.left_out)
        return _with_best_first(game, confirmed)
    return search_for(game)


def _with_best_first(game: Klondike, first: Search[Any, Any]) -> Hybrid[Any, Any]:
    """Klondike: ``first`` side by side with a best-first search of the fast
    rules, half of each slice each (the best-first search finds many wins a
    depth-first search reaches only after a long detour). It leaves moves out,
    so it may only answer ``winnable`` (``proves=False``); when ``first`` is
    a ``Confirmed`` search, the best-first search stops once the complete
    search starts."""
    rules = KlondikeRules(game)
    if isinstance(first.rules, KlondikeRules):
        rules.share_caches(first.rules)
    second: BestFirst[Any, Any] = BestFirst(rules, proves=False)
    if isinstance(first, Confirmed):
        first.on_confirm = second.stop
    return Hybrid(first.rules, first=first, second=second, shares=(0.5, 0.5))


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
