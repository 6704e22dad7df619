"""Simple players and position builders shared by the engine tests."""

from __future__ import annotations

import engine
from engine.cards import SUITS, parse_card
from engine.klondike import COLUMNS, FOUNDATIONS, Klondike
from engine.moves import STOCK_TAP, Move


def position(piles: dict[str, str], code: str = "KL1-D1N-AAAAAAA", score: int | None = None) -> Klondike:
    """A Klondike game with the given piles (as in to_json: "#" marks a face-down card).

    Piles left out are empty. Meant for rule tests: the position need not hold 52 cards.
    """
    game = engine.new_game(code)
    assert isinstance(game, Klondike)
    for pid in game.pile_ids:
        text = piles.get(pid, "")
        game._piles[pid] = [parse_card(token.lstrip("#"), face_up=not token.startswith("#")) for token in text.split()]
    if score is not None:
        game.score = score
    # The cards on the foundations were paid for on their way there (a card's points are paid once).
    game._paid = sum(1 << (SUITS.index(card.suit) * 13 + card.rank - 1) for f in FOUNDATIONS for card in game._piles[f])
    return game


def _uncovers(game: Klondike, move: Move) -> bool:
    """True when a column move leaves a face-down card (or an empty column for a
    later King) behind it, i.e. it makes progress."""
    if not move.src.startswith("t") or not move.dst.startswith("t"):
        return False
    cards = game.pile(move.src)
    rest = cards[: len(cards) - move.count]
    if not rest:
        return bool(game.pile(move.dst)) or False
    return not rest[-1].face_up


def greedy_move(game: Klondike) -> Move | None:
    """A plain greedy choice: foundations first, then moves that turn a card up,
    then waste to columns, then the stock. Never takes a card back."""
    moves = game.legal_moves()
    to_foundation = [m for m in moves if m.dst == "f" and not m.src.startswith("f")]
    if to_foundation:
        return to_foundation[0]
    uncovering = [m for m in moves if _uncovers(game, m)]
    if uncovering:
        return max(uncovering, key=lambda m: sum(not c.face_up for c in game.pile(m.src)))
    from_waste = [m for m in moves if m.src == "w" and m.dst.startswith("t")]
    if from_waste:
        return from_waste[0]
    if STOCK_TAP in moves:
        return STOCK_TAP
    return None


def play_greedy(game: Klondike, max_actions: int = 2000) -> bool:
    """Play greedily until won or stuck; returns ``game.won``."""
    idle = 0
    for _ in range(max_actions):
        if game.won:
            return True
        move = greedy_move(game)
        if move is None:
            return False
        if move == STOCK_TAP:
            idle += 1
            cycle = len(game.pile("s")) + len(game.pile("w"))
            if idle > cycle + 4:
                return False
        else:
            idle = 0
        game.play(move)
    return game.won


__all__ = ["COLUMNS", "greedy_move", "play_greedy", "position"]
