"""Playing cards: immutable values that print as two-letter notation.

>>> card = parse_card("Ts")
>>> card
Card(rank=10, suit='s', face_up=True)
>>> str(card), card.name, color(card)
('Ts', '10 of spades', 'black')
>>> is_red(parse_card("qh"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "RANKS",
    "RANK_NAMES",
    "SUITS",
    "SUIT_NAMES",
    "Card",
    "color",
    "face_up_count",
    "is_red",
    "neighbours",
    "parse_card",
]

SUITS: tuple[str, ...] = ("s", "h", "d", "c")
"""Suit letters in the order used everywhere (foundation slots, deck order)."""

RANKS = "A23456789TJQK"
"""Rank letters; the rank number is the index + 1."""

SUIT_NAMES: dict[str, str] = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
RANK_NAMES: tuple[str, ...] = (
    "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King",
)  # fmt: skip

_RED = frozenset("hd")


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``rank`` runs 1 (Ace) to 13 (King); ``suit`` is one of ``SUITS``.

    Cards are immutable: turning a card over yields another ``Card``.

    >>> Card(1, "h", False).turned()
    Card(rank=1, suit='h', face_up=True)
    """

    rank: int
    suit: str
    face_up: bool = True

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.suit in _RED

    @property
    def color(self) -> str:
        """``"red"`` or ``"black"``."""
        return "red" if self.suit in _RED else "black"

    @property
    def name(self) -> str:
        """The card in player words, e.g. ``"Queen of hearts"``."""
        return f"{RANK_NAMES[self.rank - 1]} of {SUIT_NAMES[self.suit]}"

    def turned(self) -> Card:
        """The same card, turned over."""
        return Card(self.rank, self.suit, not self.face_up)

    def with_face(self, face_up: bool) -> Card:
        """The same card, face up or face down as asked."""
        return self if self.face_up == face_up else Card(self.rank, self.suit, face_up)


def is_red(card_or_suit: Card | str) -> bool:
    """True if a card (or a suit letter) is red.

    >>> is_red("d"), is_red("c")
    (True, False)
    """
    suit = card_or_suit.suit if isinstance(card_or_suit, Card) else card_or_suit
    return suit in _RED


def color(card_or_suit: Card | str) -> str:
    """``"red"`` or ``"black"`` for a card or a suit letter."""
    return "red" if is_red(card_or_suit) else "black"


def face_up_count(cards: Sequence[Card]) -> int:
    """How many cards at the top of a pile are face up, down to the first face-down one.

    >>> face_up_count([parse_card("Ks", face_up=False), parse_card("Qh"), parse_card("Js")])
    2
    """
    n = 0
    for card in reversed(cards):
        if not card.face_up:
            break
        n += 1
    return n


def parse_card(text: str, face_up: bool = True) -> Card:
    """Read a card in notation (rank ``A23456789TJQK``, suit ``shdc``), any case.

    >>> parse_card("Ah"), parse_card("10c", face_up=False)
    (Card(rank=1, suit='h', face_up=True), Card(rank=10, suit='c', face_up=False))
    >>> parse_card("Zz")
    Traceback (most recent call last):
    ...
    ValueError: Not a card: 'Zz'.
    """
    t = text.strip()
    if t[:2] == "10":
        t = "T" + t[2:]
    if len(t) == 2:
        rank = RANKS.find(t[0].upper())
        suit = t[1].lower()
        if rank >= 0 and suit in SUITS:
            return Card(rank + 1, suit, face_up)
    raise ValueError(f"Not a card: {text!r}.")


def neighbours(a: int, b: int, wrap: bool) -> bool:
    """True when ranks ``a`` and ``b`` are one apart (King and Ace too with ``wrap``): the
    rule of the games played onto one waste (Golf, TriPeaks).

    >>> neighbours(7, 8, False), neighbours(8, 7, False), neighbours(7, 9, False)
    (True, True, False)
    >>> neighbours(13, 1, False), neighbours(13, 1, True), neighbours(1, 13, True)
    (False, True, True)
    """
    return abs(a - b) == 1 or (wrap and abs(a - b) == 12)
