"""Fast move ranking: a good move at once, without a search.

``rank_moves(game)`` orders every legal move, best first, by what it does to
the position. It reads the piles only (no search, no copy of the game), so a
hint can answer within a frame; the solver confirms or improves it later.

The order, Klondike:

1. ``home-safe``: a card to its foundation that no card on the table could
   still need (an Ace or a 2, or a card whose two opposite-colour foundations
   already hold the card one rank lower);
2. ``reveal``: a column move that turns up a face-down card (the column with
   the most face-down cards first: it has the most to give);
3. ``home``: any other card to its foundation (lowest first);
4. ``waste``: the waste's top card into a column;
5. ``empty``: a column move that empties a column (room for a King);
6. ``unblock``: part of a column moves so that the card it uncovers can go home;
7. ``stock``: tap the stock;
8. ``shuffle``: a column move that changes nothing that matters;
9. ``take-back``: a card back from a foundation;
10. ``pointless``: a King moved from the bottom of one column to another empty one;
11. ``reverse``: the exact reverse of the last move, or any move back to a
    position the game has already been in (last of all: it goes round in circles).

Spiderette and Spider:

1. ``run``: a move that completes a run of King to Ace (it leaves the table);
2. ``reveal``: a move that turns up a face-down card (the column with the
   fewest face-down cards first: it is the nearest to empty; onto a card of
   the same suit, then onto any card, then into an empty column);
3. ``empty``: a move that empties a column onto another card;
4. ``suit``: a card or run onto the next card of its own suit, off a card of
   another suit (it makes a longer run of one suit);
5. ``fill``: a card or run into an empty column while the stock still holds
   deals (no deal while a column is empty), uncovering nothing;
6. ``stock``: deal a row;
7. ``build``: onto a card of another suit, or into an empty column once the
   stock is dealt, uncovering nothing;
8. ``shuffle``: a run moved off the next card of its own suit;
9. ``pointless`` (a whole column into an empty one) and ``reverse``, as in Klondike.

The kinds before ``stock`` make progress (``Advice.progress``): the stock tap
never ranks above a move that makes progress, and a move that undoes the last
one ranks below everything that does not (unless it is of the game's best
kind). Given the positions the game has been in (``Game.seen_positions``), a
move back to one of them is a ``reverse`` whatever else it does: a card sent
home again after it was taken back only goes round in circles. Every legal
move is ranked, so there is a move to suggest whenever one is legal;
``suggestions`` leaves the ``reverse`` ones out.

Each game names and tells apart its own kinds (``Game.advice_kinds``,
``Game.advice_progress``, ``Game.advice_kind``, beside its rules); this
module only ranks them.

>>> import engine
>>> g = engine.new_game("KL1-D1N-AAAAAAG")
>>> [(str(a.move), a.kind) for a in rank_moves(g)]
[('t1>f', 'home-safe'), ('t7>f', 'home-safe'), ('t5>t4', 'reveal'), ('s', 'stock')]
>>> g = engine.new_game("SD1-S2-AAAAABC")
>>> [(str(a.move), a.kind) for a in rank_moves(g)][:2]
[('t2>t3', 'reveal'), ('t3>t4', 'reveal')]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping, Set
from dataclasses import dataclass

from engine.game import Action, Game, game_class
from engine.moves import Move
from engine.variants import VARIANTS

__all__ = ["KINDS", "PROGRESS", "Advice", "leads_back", "rank_moves", "suggestions"]


class _Kinds(Mapping[str, tuple[str, ...]]):
    """Each game's kinds of move, best first, by game id (read from the game's class)."""

    def __getitem__(self, game: str) -> tuple[str, ...]:
        if game not in VARIANTS:
            raise KeyError(game)
        return game_class(game).advice_kinds

    def __iter__(self) -> Iterator[str]:
        return iter(VARIANTS)

    def __len__(self) -> int:
        return len(VARIANTS)


KINDS: Mapping[str, tuple[str, ...]] = _Kinds()
"""Each game's kinds of move, best first."""


class _Progress(Mapping[str, frozenset[str]]):
    """Each game's kinds of move that make progress, by game id (read from the game's class)."""

    def __getitem__(self, game: str) -> frozenset[str]:
        if game not in VARIANTS:
            raise KeyError(game)
        return game_class(game).advice_progress

    def __iter__(self) -> Iterator[str]:
        return iter(VARIANTS)

    def __len__(self) -> int:
        return len(VARIANTS)


PROGRESS: Mapping[str, frozenset[str]] = _Progress()
"""Each game's kinds of move that make progress (a game's own: the same name may
make progress in one game and not in another, as ``build`` in FreeCell and Spider)."""


@dataclass(frozen=True, slots=True)
class Advice:
    """One legal move with what it does: ``kind`` (see the module's list),
    ``key``, its place in the order (lower is better), and ``progress``: True
    when the move makes progress in its game (it ranks above a stock tap)."""

    move: Move
    kind: str
    key: tuple[int, ...]
    progress: bool = False


def rank_moves(game: Game, seen: Set[Hashable] = frozenset()) -> list[Advice]:
    """Every legal move of ``game``, best first (see the module's order).

    A move to one of the positions ``seen`` (``Game.seen_positions``) is a
    ``reverse``. Ties keep the order of ``game.legal_moves()``, so the ranking
    is the same every time for the same position.
    """
    kinds = game.advice_kinds
    last = _last_move(game)
    ranked: list[Advice] = []
    trial = game.copy() if seen else None  # one copy for every move tried: play, look, undo
    for index, move in enumerate(game.legal_moves()):
        kind, detail = game.advice_kind(move)
        if last is not None and kind != kinds[0] and _reverses(move, last):
            kind, detail = "reverse", 0
        elif trial is not None and _back(trial, move, seen):
            kind, detail = "reverse", 1
        key = (kinds.index(kind), detail, index)
        ranked.append(Advice(move, kind, key, kind in game.advice_progress))
    ranked.sort(key=lambda advice: advice.key)
    return ranked


def leads_back(game: Game, move: Move | str, seen: Set[Hashable]) -> bool:
    """True when the legal ``move`` takes ``game`` to one of the positions ``seen``.

    >>> import engine
    >>> g = engine.replay("KL1-D1N-AAAAAAB s t1>t7 s t5>t1 s t5>t4 t4>f f2>t4")
    >>> leads_back(g, "t4>f", g.seen_positions()), leads_back(g, "w>t7", g.seen_positions())
    (True, False)
    """
    return _back(game.copy(), move, seen)


def suggestions(game: Game, seen: Set[Hashable] | None = None) -> list[Advice]:
    """The moves a hint offers, best first, for cycling through on repeated presses.

    The moves that make progress, then the stock tap when it is allowed; when
    there is neither, every other legal move (the least pointless first). Never
    a move that undoes the last one or goes back to a position the game has
    been in (``seen``: the game's own ``seen_positions()`` unless given), so
    following hints never goes round in circles. Empty when no move is legal,
    or when every legal one goes back.

    >>> import engine
    >>> g = engine.replay("KL1-D1N-AAAAAAB s t1>t7 s t5>t1 s t5>t4 t4>f f2>t4")
    >>> [(str(a.move), a.kind) for a in rank_moves(g)][0]  # the card just taken back
    ('t4>f', 'home-safe')
    >>> [str(a.move) for a in suggestions(g)]  # ... does not go home again
    ['w>t7', 's']
    """
    everything = rank_moves(game, game.seen_positions() if seen is None else seen)
    ranked = [advice for advice in everything if advice.kind != "reverse"]
    good = [advice for advice in ranked if advice.progress or advice.kind == "stock"]
    return good or ranked


# ----------------------------------------------------------------- helpers


def _last_move(game: Game) -> Action | None:
    history = game.history
    if not history:
        return None
    last = history[-1]
    return last if last.kind == "move" else None


def _back(trial: Game, move: Move | str, seen: Set[Hashable]) -> bool:
    """``leads_back`` on a copy it may use again: the move is played and undone."""
    trial.play(move)
    try:
        return trial.position() in seen
    finally:
        trial.undo()


def _reverses(move: Move, last: Action) -> bool:
    """True when ``move`` takes the cards ``last`` moved straight back where they were."""
    return move.src == last.dst and move.dst == last.move.src and move.count == last.move.count
