"""The page's side of the games played onto one waste by rank (``engine.waste_by_rank``):
how an option set is said and the refusal of a card that is not a neighbour, in words
shared by every such game."""

from __future__ import annotations

from collections.abc import Mapping

from engine.moves import Reason
from ui.model.games import GamePage
from ui.model.i18n import _
from ui.model.words import card_name

__all__ = ["WasteByRankPage"]


class WasteByRankPage(GamePage):
    """A game of cards played onto one waste by ranks one apart, with or without Turn the
    corner (``W`` or ``N`` in its deal codes). Its subclass sets the game's facts and
    calls ``neighbour_refusal`` from its own ``refusal`` for what else it refuses."""

    def label(self, options: str) -> str:
        if options == "W":
            return _("{game}, Turn the corner").format(game=_(self.name))
        return _("{game}, no wrapping").format(game=_(self.name))

    def refusal(self, reason: Reason, values: Mapping[str, str | int]) -> str | None:
        if reason != "not_a_neighbour":
            return None
        card, top = str(values.get("card", "")), str(values.get("top", ""))
        cards = {"card": card_name(card), "top": card_name(top)}
        if {card[:1], top[:1]} == {"K", "A"}:
            return _("The {card} can't go on the {top}: King and Ace are neighbours only with Turn the corner.").format(
                **cards
            )
        return _(
            "The {card} can't go on the {top}: a card goes onto the waste when it is one rank higher or lower, "
            "whatever its suit."
        ).format(**cards)
