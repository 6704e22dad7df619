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
11. ``reverse``: the exact reverse of the last move (last of all: it only undoes).

Spiderette and Spider:

1. ``run``: a move that completes a run of King to Ace (it leaves the table);
2. ``reveal``: a move that turns up a face-down card (the column with the
   fewest face-down cards first: it is the nearest to empty; onto a card of
   the same suit, then onto any card, then into an empty column);
3. ``empty``: a move that empties a column onto another card;
4. ``suit``: a card or run onto the next card of its own suit, off a card of
   another suit (it makes a longer run of one suit);
5. ``stock``: deal a row;
6. ``build``: onto a card of another suit, or into an empty column, uncovering
   nothing;
7. ``shuffle``: a run moved off the next card of its own suit;
8. ``pointless`` (a whole column into an empty one) and ``reverse``, as in Klondike.

The kinds before ``stock`` make progress (``Advice.progress``): the stock tap
never ranks above a move that makes progress, and a move that undoes the last
one ranks below everything that does not. Every legal move is ranked, so there
is a move to suggest whenever one is legal.

>>> import engine
>>> g = engine.new_game("KL1-D1N-AAAAAAG")
>>> [(str(a.move), a.kind) for a in rank_moves(g)]
[('t1>f', 'home-safe'), ('t7>f', 'home-safe'), ('t5>t4', 'reveal'), ('s', 'stock')]
>>> g = engine.new_game("SD1-S2-AAAAABC")
>>> [(str(a.move), a.kind) for a in rank_moves(g)][:2]
[('t2>t3', 'reveal'), ('t3>t4', 'reveal')]
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.game import Action, Game
from engine.klondike import SLOT, Klondike
from engine.moves import Move

__all__ = ["KINDS", "PROGRESS", "Advice", "rank_moves", "suggestions"]

KLONDIKE_KINDS: tuple[str, ...] = (
    "home-safe",
    "reveal",
    "home",
    "waste",
    "empty",
    "unblock",
    "stock",
    "shuffle",
    "take-back",
    "pointless",
    "reverse",
)
SPIDER_KINDS: tuple[str, ...] = ("run", "reveal", "empty", "suit", "stock", "build", "shuffle", "pointless", "reverse")

KINDS: dict[str, tuple[str, ...]] = {"KL": KLONDIKE_KINDS, "SD": SPIDER_KINDS, "SP": SPIDER_KINDS}
"""Each game's kinds of move, best first."""

PROGRESS: frozenset[str] = frozenset(kind for kinds in KINDS.values() for kind in kinds[: kinds.index("stock")])
"""The kinds of move that make progress (every kind ranked above the stock tap)."""

_RED = frozenset("hd")


@dataclass(frozen=True, slots=True)
class Advice:
    """One legal move with what it does: ``kind`` (see the module's list) and
    ``key``, its place in the order (lower is better)."""

    move: Move
    kind: str
    key: tuple[int, ...]

    @property
    def progress(self) -> bool:
        """True when the move makes progress (it ranks above a stock tap)."""
        return self.kind in PROGRESS


def rank_moves(game: Game) -> list[Advice]:
    """Every legal move of ``game``, best first (see the module's order).

    Ties keep the order of ``game.legal_moves()``, so the ranking is the same
    every time for the same position.
    """
    kinds = KINDS[game.settings.game]
    last = _last_move(game)
    ranked: list[Advice] = []
    for index, move in enumerate(game.legal_moves()):
        if isinstance(game, Klondike):
            kind, detail = _klondike_kind(game, move)
        else:
            kind, detail = _spider_kind(game, move)
        if last is not None and kind not in ("home-safe", "run") and _reverses(move, last):
            kind, detail = "reverse", 0
        ranked.append(Advice(move, kind, (kinds.index(kind), detail, index)))
    ranked.sort(key=lambda advice: advice.key)
    return ranked


def suggestions(game: Game) -> list[Advice]:
    """The moves a hint offers, best first, for cycling through on repeated presses.

    The moves that make progress, then the stock tap when it is allowed; when
    there is neither, every other legal move (the least pointless first).
    Empty only when no move is legal.
    """
    ranked = rank_moves(game)
    good = [advice for advice in ranked if advice.progress or advice.kind == "stock"]
    return good or ranked


# ------------------------------------------------------------------ Klondike


def _klondike_kind(game: Klondike, move: Move) -> tuple[str, int]:
    """The kind of a legal Klondike move and a tie-breaker (lower first)."""
    if move.is_stock_tap:
        return "stock", 0
    src, dst, n = move.src, move.dst, move.count
    cards = game.pile(src)
    if src.startswith("f"):
        return "take-back", 0
    card = cards[-n]
    if dst == "f":
        if _safe_home(game, card):
            return "home-safe", card.rank
        if src.startswith("t") and _uncovers_face_down(cards, n):
            return "reveal", -_face_down(cards)
        return "home", card.rank
    if src == "w":
        return "waste", 0
    rest = cards[:-n]
    if not rest:
        if not game.pile(dst):
            return "pointless", 0
        return "empty", 0
    if not rest[-1].face_up:
        return "reveal", -_face_down(cards)
    if _fits_home(game, rest[-1]):
        return "unblock", rest[-1].rank
    return "shuffle", 0


def _safe_home(game: Klondike, card: Card) -> bool:
    """True when no card left on the table could ever need ``card`` to build on:
    the cards one rank lower of the other colour are already home."""
    if card.rank <= 2:
        return True
    red = card.suit in _RED
    others = [slot for suit, slot in SLOT.items() if (suit in _RED) != red]
    return all(len(game.pile(slot)) >= card.rank - 1 for slot in others)


def _fits_home(game: Klondike, card: Card) -> bool:
    return card.face_up and len(game.pile(SLOT[card.suit])) == card.rank - 1


# ------------------------------------------------------------ Spider family


def _spider_kind(game: Game, move: Move) -> tuple[str, int]:
    """The kind of a legal Spider-family move and a tie-breaker (lower first)."""
    if move.is_stock_tap:
        return "stock", 0
    src, dst, n = move.src, move.dst, move.count
    cards = game.pile(src)
    target = game.pile(dst)
    moving = cards[-n:]
    base = moving[0]
    rest = cards[:-n]
    same_suit = bool(target) and target[-1].suit == base.suit
    if same_suit and moving[-1].rank == 1 and n + _run_length(target) >= 13:
        return "run", 0
    if rest and not rest[-1].face_up:
        # Nearest to empty first; then onto its own suit, onto any card, into an empty column.
        where = 0 if same_suit else (1 if target else 2)
        return "reveal", _face_down(cards) * 4 + where
    if not rest:
        return ("empty", 0 if same_suit else 1) if target else ("pointless", 0)
    on_own_suit = rest[-1].face_up and rest[-1].suit == base.suit and rest[-1].rank == base.rank + 1
    if same_suit and not on_own_suit:
        return "suit", -n
    if on_own_suit:
        return "shuffle", 0
    return "build", 0 if target else 1


# ----------------------------------------------------------------- helpers


def _last_move(game: Game) -> Action | None:
    history = game.history
    if not history:
        return None
    last = history[-1]
    return last if last.kind == "move" else None


def _reverses(move: Move, last: Action) -> bool:
    """True when ``move`` takes the cards ``last`` moved straight back where they were."""
    return move.src == last.dst and move.dst == last.move.src and move.count == last.move.count


def _uncovers_face_down(cards: tuple[Card, ...], n: int) -> bool:
    return len(cards) > n and not cards[-n - 1].face_up


def _face_down(cards: tuple[Card, ...]) -> int:
    return sum(1 for card in cards if not card.face_up)


def _run_length(cards: tuple[Card, ...]) -> int:
    """How many top cards form a face-up run of one suit (0 for an empty column)."""
    if not cards or not cards[-1].face_up:
        return 0
    n = 1
    for i in range(len(cards) - 1, 0, -1):
        upper, lower = cards[i], cards[i - 1]
        if not lower.face_up or lower.suit != upper.suit or lower.rank != upper.rank + 1:
            break
        n += 1
    return n
