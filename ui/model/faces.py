"""The markup of a card's face: corner indices, pips, court cards.

Pure Python (text only), so the face of every card is checked in CPython.
Suit shapes are SVG symbols defined once in the page (``#suit-s`` ...), drawn
with ``<use>``: crisp at any size and independent of the player's fonts.

>>> from engine.cards import Card
>>> html = face_html(Card(10, "h"))
>>> html.count('href="#suit-h"')
3
>>> label(Card(12, "s"))
'Queen of spades'
"""

from __future__ import annotations

from engine.cards import Card

__all__ = ["RANK_TEXT", "face_html", "label", "suit_svg"]

RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
_RANK_NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")


def suit_svg(suit: str, cls: str = "suit") -> str:
    """An inline SVG that draws one suit symbol from the page's sprite."""
    return f'<svg class="{cls}" viewBox="0 0 100 100" aria-hidden="true"><use href="#suit-{suit}"></use></svg>'


def label(card: Card) -> str:
    """The card in words, for screen readers."""
    return f"{_RANK_NAMES[card.rank - 1]} of {_SUIT_NAMES[card.suit]}"


def face_html(card: Card) -> str:
    """The inner markup of a face-up card: the index (rank over suit) at the
    top left, the suit at the top right (both stay visible in a column or a
    fan), and a large suit or a court panel below."""
    rank = RANK_TEXT[card.rank - 1]
    suit = card.suit
    parts = [
        f'<span class="idx"><b class="rank">{rank}</b>{suit_svg(suit)}</span>',
        f'<span class="cs">{suit_svg(suit)}</span>',
    ]
    if card.rank > 10:
        # The panel's big letter is drawn by CSS (``data-r``): the card's text stays its one index,
        # which its accessible name ("Queen of hearts") contains.
        parts.append(f'<span class="court"><b data-r="{rank}"></b>{suit_svg(suit)}</span>')
    else:
        parts.append(f'<span class="big{" ace" if card.rank == 1 else ""}">{suit_svg(suit)}</span>')
    return "".join(parts)
