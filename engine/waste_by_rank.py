"""What games played onto one waste by rank share: a card goes onto the waste when it is
one rank higher or lower than its top card, whatever its suit, and with Turn the corner
King and Ace are neighbours too.

A game of this kind subclasses ``WasteByRankGame`` and says which way its deal codes
lean (``corner_by_default``); the deal-code option (``W`` Turn the corner, ``N`` no
wrapping), its checks, the refusal of a card that is not a neighbour and the search for a
line that plays every card left are written here once.

>>> from engine.cards import Card
>>> line_through(((3, 5), (4,)), 6, wrap=False)  # 5, then 4, then 3
(0, 1, 0)
>>> line_through(((9,),), 6, wrap=False) is None
True
>>> not_a_neighbour(Card(13, "s"), Card(1, "h")).reason
'not_a_neighbour'
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any, ClassVar

from engine.cards import Card, neighbours
from engine.codes import MAX_SEED, CodeError, DealCode
from engine.game import Game
from engine.moves import IllegalMove

__all__ = ["WasteByRankGame", "line_through", "not_a_neighbour"]

_OPTIONS_RE = re.compile(r"[NW]")
_NAMES = {0: ("N", "no wrapping"), 1: ("W", "Turn the corner")}


class WasteByRankGame(Game):
    """A game whose cards go onto one waste by ranks one apart, with or without Turn the
    corner (its one deal-code option)."""

    corner_by_default: ClassVar[int] = 0
    """1 when Turn the corner is on unless a deal says otherwise (its deal codes list it first)."""

    @classmethod
    def option_sets(cls) -> tuple[DealCode, ...]:
        """The default first, then the other way."""
        first = cls.corner_by_default
        return tuple(DealCode(cls.variant.game, extra=(("wrap", wrap),)) for wrap in (first, 1 - first))

    @classmethod
    def parse_options(cls, options: str, text: str) -> dict[str, Any]:
        if _OPTIONS_RE.fullmatch(options) is None:
            choices = " or ".join(
                f"{code} ({words})" for code, words in (_NAMES[s.option("wrap")] for s in cls.option_sets())
            )
            raise CodeError(
                f"Bad options {options!r} in deal code {text!r}: {cls.game_name} expects {choices}.",
                "bad_options",
                text=text,
            )
        return {"extra": (("wrap", int(options == "W")),)}

    @classmethod
    def format_options(cls, settings: DealCode) -> str:
        return _NAMES[int(bool(settings.option("wrap")))][0]

    @classmethod
    def describe_options(cls, settings: DealCode) -> str:
        return _NAMES[int(bool(settings.option("wrap")))][1]

    @classmethod
    def check_settings(cls, settings: DealCode) -> None:
        super().check_settings(settings)
        if len(settings.extra) != 1 or settings.option("wrap") not in (0, 1):
            raise CodeError(f"{cls.game_name} is played with or without Turn the corner (W or N).", "bad_options")
        if settings.draw != 1 or settings.scoring != "N" or settings.suits != 4:
            raise CodeError(f"{cls.game_name} has no draw, scoring or suits option.", "bad_options")

    @classmethod
    def random_settings(cls, rng: random.Random, **options: Any) -> DealCode:
        """A random deal; ``wrap`` (0 or 1, ``corner_by_default`` unless given) turns the corner."""
        wrap = int(bool(options.get("wrap", cls.corner_by_default)))
        return DealCode(cls.variant.game, seed=rng.randrange(MAX_SEED + 1), extra=(("wrap", wrap),))

    @property
    def wrap(self) -> bool:
        """True with Turn the corner: King and Ace are neighbours."""
        return bool(self.settings.option("wrap"))


def not_a_neighbour(card: Card, top: Card) -> IllegalMove:
    """The refusal of ``card`` onto a waste whose top is ``top`` when they are not neighbours."""
    corner = " (King and Ace are neighbours only with Turn the corner)" if abs(card.rank - top.rank) == 12 else ""
    return IllegalMove(
        f"The {card.name} can't go on the {top.name}: a card goes onto the waste when it is one rank "
        f"higher or lower, whatever its suit{corner}.",
        "not_a_neighbour",
        card=str(card),
        top=str(top),
    )


def line_through(columns: tuple[tuple[int, ...], ...], top: int, wrap: bool) -> tuple[int, ...] | None:
    """A line of column indexes that plays every card of ``columns`` (ranks, bottom to
    top; a column of one card is a free card alone) onto a waste whose top is ``top``,
    or None (a search with memo over the cards left)."""

    @cache
    def search(heights: tuple[int, ...], top: int) -> tuple[int, ...] | None:
        if not any(heights):
            return ()
        for i, h in enumerate(heights):
            if h and neighbours(columns[i][h - 1], top, wrap):
                rest = search((*heights[:i], h - 1, *heights[i + 1 :]), columns[i][h - 1])
                if rest is not None:
                    return (i, *rest)
        return None

    return search(tuple(len(c) for c in columns), top)
