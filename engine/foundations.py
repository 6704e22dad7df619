"""What the games with suit foundations and alternating-colour columns share
(Klondike and FreeCell): each suit's foundation slot, the rule a card must meet
to go home, the build rule, and when a card is safe to send home.

>>> from engine.cards import Card
>>> SLOT["h"], fits(Card(6, "h"), Card(7, "s")), fits(Card(6, "h"), Card(7, "d"))
('f2', True, False)
>>> str(home_refusal(Card(3, "s"), 1))
'Foundations build up by suit from Ace to King: the 3 of spades needs the 2 of spades there first.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.cards import Card
from engine.moves import IllegalMove

__all__ = ["BUILD_RULE", "SLOT", "fits", "home_refusal", "safe_home"]

SLOT: dict[str, str] = {"s": "f1", "h": "f2", "d": "f3", "c": "f4"}
"""Each suit's fixed foundation slot."""

BUILD_RULE = "build down in alternating colours, one rank lower (a red 7 on a black 8)"

_RED = frozenset("hd")


def fits(card: Card, top: Card) -> bool:
    """May ``card`` go onto the face-up ``top`` of a column: one rank lower, the other colour."""
    return top.face_up and top.rank == card.rank + 1 and (card.suit in _RED) != (top.suit in _RED)


def home_refusal(card: Card, have: int) -> IllegalMove | None:
    """Why ``card`` may not go onto its foundation, which holds ``have`` cards; None when it may."""
    if card.rank == have + 1:
        return None
    if have == 0:
        return IllegalMove(
            f"A foundation starts with an Ace: the {card.name} can't go there yet.",
            "foundation_ace_first",
            card=str(card),
        )
    if card.rank <= have:
        return IllegalMove(f"The {card.name} is already on its foundation.", "already_on_foundation", card=str(card))
    needed = Card(have + 1, card.suit)
    return IllegalMove(
        f"Foundations build up by suit from Ace to King: the {card.name} needs the {needed.name} there first.",
        "foundation_sequence",
        card=str(card),
        needed=str(needed),
    )


def safe_home(card: Card, piles: Mapping[str, Sequence[Card]]) -> bool:
    """True when no card left on the table could ever need ``card`` to build on: it is
    an Ace or a 2, or the cards one rank lower of the other colour are already home."""
    if card.rank <= 2:
        return True
    red = card.suit in _RED
    return all(len(piles[slot]) >= card.rank - 1 for suit, slot in SLOT.items() if (suit in _RED) != red)
