"""The markup of a card's face: corner indices, pip layouts, court artwork.

Pure Python (text only), so the face of every card is checked in CPython.
Suit shapes are SVG symbols defined once in the page (``#suit-s`` ...), drawn
with ``<use>``: crisp at any size and independent of the player's fonts.

A face is made of:

- the corner index, rank over suit, at the top left (``.idx``): the part of a
  covered card that shows in a column or a fan;
- a small suit at the top right (``.cs``), beside the rank;
- below them, the card's picture (``.pips``): the standard pip layout of 2-10
  (the lower half's pips upside down), one large suit for an ace, or for J, Q
  and K the court artwork over a framed court panel (``.court``). The picture
  keeps clear of the index, whose size the layout chooses (``--ix``), so an
  index can be as large as a small card needs.

The pip layout is data (``PIPS``): each pip's column (0 left, 1 middle, 2
right) and row in twelfths of the pip field's height, so CSS places every pip
with two classes (``x1 y6``) and the markup needs no inline style.

The court artwork is Vectorized Playing Cards 1.3 by Chris Aguilar (LGPL-3.0,
from the ``cardsJS`` package, copied unchanged into ``static/vendor/cards/`` by
``tools/vendor.py``). Each file is a whole card; the ``viewBox`` of the SVG
around it shows only its framed picture, since the index is ours. It is drawn
over a simple court panel (a big letter in a frame), which is what shows until
the file has loaded.

>>> from engine.cards import Card
>>> html = face_html(Card(10, "h"))
>>> html.count('href="#suit-h"')
12
>>> pips(7)
((0, 0), (2, 0), (1, 3), (0, 6), (2, 6), (0, 12), (2, 12))
>>> art_url(Card(12, "s"))
'./static/vendor/cards/QS.svg'
>>> label(Card(12, "s"))
'Queen of spades'
"""

from __future__ import annotations

from engine.cards import Card
from ui.model.words import card_name

__all__ = [
    "ART_FILES",
    "ART_FOLDER",
    "ART_VIEWBOX",
    "PIPS",
    "RANK_TEXT",
    "art_file",
    "art_url",
    "face_html",
    "label",
    "pips",
    "suit_svg",
]

RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

ROWS = 12
"""Pip rows are given in twelfths of the pip field: thirds, quarters and sixths all fall on it."""

_L, _M, _R = 0, 1, 2
_SIDES = ((_L, 0), (_R, 0), (_L, 12), (_R, 12))
"""The four corner pips of 4 and up."""

PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((_M, 6),),
    2: ((_M, 0), (_M, 12)),
    3: ((_M, 0), (_M, 6), (_M, 12)),
    4: _SIDES,
    5: (*_SIDES[:2], (_M, 6), *_SIDES[2:]),
    6: ((_L, 0), (_R, 0), (_L, 6), (_R, 6), (_L, 12), (_R, 12)),
    7: ((_L, 0), (_R, 0), (_M, 3), (_L, 6), (_R, 6), (_L, 12), (_R, 12)),
    8: ((_L, 0), (_R, 0), (_M, 3), (_L, 6), (_R, 6), (_M, 9), (_L, 12), (_R, 12)),
    9: ((_L, 0), (_R, 0), (_L, 4), (_R, 4), (_M, 6), (_L, 8), (_R, 8), (_L, 12), (_R, 12)),
    10: ((_L, 0), (_R, 0), (_M, 2), (_L, 4), (_R, 4), (_L, 8), (_R, 8), (_M, 10), (_L, 12), (_R, 12)),
}
"""The standard pip layout of each number card: (column, row in twelfths), top row first.
Pips below the middle row are drawn upside down, as on a printed card."""

ART_FOLDER = "./static/vendor/cards/"
"""Where the court artwork is served from, relative to the page."""

ART_FILES = tuple(f"{rank}{suit}.svg" for rank in "JQK" for suit in "SHDC")
"""The twelve court files, named as in the package (``QH.svg``)."""

ART_SIZE = (224.225, 312.808)
"""The size of each artwork file's card (its ``width`` and ``height``)."""

ART_VIEWBOX = "27.5 21 169.2 270.8"
"""The part of the artwork's card shown: its framed picture, without the package's indices
(the frames of the twelve files lie within x 29.4-194.1 and y 23.0-289.3)."""


def pips(rank: int) -> tuple[tuple[int, int], ...]:
    """Where the pips of a number card go (an ace has one, in the middle)."""
    return PIPS[rank]


def art_file(card: Card) -> str:
    """The artwork file of a court card (``"KD.svg"``)."""
    if card.rank < 11:
        raise ValueError(f"{label(card)} has no court artwork")
    return f"{RANK_TEXT[card.rank - 1]}{card.suit.upper()}.svg"


def art_url(card: Card) -> str:
    """The URL of a court card's artwork, relative to the page."""
    return ART_FOLDER + art_file(card)


def suit_svg(suit: str, cls: str = "suit") -> str:
    """An inline SVG that draws one suit symbol from the page's sprite."""
    return f'<svg class="{cls}" viewBox="0 0 100 100" aria-hidden="true"><use href="#suit-{suit}"></use></svg>'


def label(card: Card) -> str:
    """The card in words, for screen readers, in the player's language."""
    return card_name(card)


def _index(rank: str, suit: str) -> str:
    # "10" is the one two-character rank: its own class lets CSS narrow it to the others' width.
    cls = "rank ten" if rank == "10" else "rank"
    return f'<span class="idx"><b class="{cls}">{rank}</b>{suit_svg(suit)}</span>'


def _pip_field(card: Card) -> str:
    suit = card.suit
    if card.rank == 1:
        return f'<span class="pips ace">{suit_svg(suit, "pip x1 y6")}</span>'
    marks = []
    for column, row in PIPS[card.rank]:
        flip = " flip" if row > ROWS // 2 else ""
        marks.append(suit_svg(suit, f"pip x{column} y{row}{flip}"))
    return f'<span class="pips n{card.rank}">{"".join(marks)}</span>'


def _viewport(box: str) -> str:
    x, y, w, h = box.split()
    return f'x="{x}" y="{y}" width="{w}" height="{h}"'


def _court(card: Card, rank: str) -> str:
    width, height = ART_SIZE
    # The inner svg's viewport clips the file to its frame; the outer one scales it to the panel.
    art = (
        f'<svg class="art" viewBox="{ART_VIEWBOX}" aria-hidden="true">'
        f'<svg {_viewport(ART_VIEWBOX)} viewBox="{ART_VIEWBOX}">'
        f'<image href="{art_url(card)}" width="{width}" height="{height}"></image></svg></svg>'
    )
    # The panel's big letter is drawn by CSS (``data-r``): the card's text stays its one index,
    # which its accessible name ("Queen of hearts") contains.
    return f'<span class="court"><span class="panel"><b data-r="{rank}"></b>{suit_svg(card.suit)}</span>{art}</span>'


def face_html(card: Card) -> str:
    """The inner markup of a face-up card: the index (rank over suit) at the
    top left, a suit at the top right, and below them the card's picture:
    pips, a large ace or the court artwork."""
    rank = RANK_TEXT[card.rank - 1]
    suit = card.suit
    picture = _court(card, rank) if card.rank > 10 else _pip_field(card)
    return f'{_index(rank, suit)}<span class="cs">{suit_svg(suit)}</span>{picture}'
