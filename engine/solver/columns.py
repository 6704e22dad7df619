"""The solver's card numbers and column encoding, shared by every game.

A card is a number 0-51: ``suit * 13 + rank - 1`` with suits in the order
spades, hearts, diamonds, clubs. A column is ``bytes``: byte 0 is how many of
its cards are face down, then the cards bottom to top.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card

__all__ = ["RANK", "SUIT", "SUITS", "card_code", "column_bytes", "lift"]

SUITS = "shdc"
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
RANK = tuple(c % 13 + 1 for c in range(52))
SUIT = tuple(c // 13 for c in range(52))


def card_code(rank: int, suit: str) -> int:
    """The solver's number for a card."""
    return _SUIT_INDEX[suit] * 13 + rank - 1


def column_bytes(pid: str, cards: Sequence[Card]) -> bytes:
    """The encoding of column ``pid`` (face-down cards must lie under face-up ones)."""
    down = 0
    while down < len(cards) and not cards[down].face_up:
        down += 1
    if any(not c.face_up for c in cards[down:]):
        raise ValueError(f"Column {pid} has a face-down card above a face-up one.")
    return bytes([down, *(card_code(c.rank, c.suit) for c in cards)])


def lift(col: bytes, n: int) -> bytes:
    """``col`` without its top ``n`` cards, turning up a face-down card that
    becomes the top one."""
    rest = col[:-n]
    down = rest[0]
    if down and len(rest) == down + 1:
        return bytes((down - 1,)) + rest[1:]
    return rest
