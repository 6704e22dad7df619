"""Pyramid on the page: its name, How to play, the rules behind its refusals and the words
of its own, its one option set (three passes through the stock)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engine.moves import Reason
from ui.model.games import GamePage, OptionGroup, common_anchors
from ui.model.i18n import N_, _
from ui.model.rule_sections import Section
from ui.model.words import card_name

RULES: tuple[Section, ...] = (
    Section(
        "py-goal",
        N_("Goal"),
        (
            N_(
                "Clear the pyramid: remove all 28 of its cards, two at a time when their values add up to 13, "
                "or a King alone. The cards left in the stock and on the waste don't matter."
            ),
            N_("An Ace counts 1, the cards 2 to 10 their number, a Jack 11, a Queen 12 and a King 13."),
        ),
    ),
    Section(
        "py-deal",
        N_("The deal"),
        (
            N_(
                "One deck of 52 cards, shuffled. The pyramid has 28 cards in seven rows, one card at the top "
                "and seven at the bottom, all face up; each card is covered by the two cards of the next row "
                "that lie on it. The other 24 cards are the stock, face down, and the waste is empty."
            ),
            N_("The picture shows the start of deal PY1-P3-AAAAAAG."),
        ),
    ),
    Section(
        "py-pairs",
        N_("Removing cards"),
        (
            N_(
                "A card is free when no card covers it: at the start, the seven cards of the bottom row. The "
                "waste's top card is free too."
            ),
            N_(
                "Remove two free cards whose values add up to 13: Ace and Queen, 2 and Jack, 3 and 10, 4 and 9, "
                "5 and 8, 6 and 7. A King adds up to 13 by itself and goes alone."
            ),
            N_(
                "A pair can be two pyramid cards, or a pyramid card and the waste's top card. Removed cards go "
                "to the discard pile and stay there; a card that leaves frees the cards it covered."
            ),
        ),
    ),
    Section(
        "py-stock",
        N_("The stock"),
        (
            N_(
                "Tap the stock to turn its top card onto the waste. When the stock is empty, a tap turns the "
                "waste back over into the stock: you go through the stock three times in all."
            ),
            N_("A card on the waste leaves only in a pair with a free pyramid card, or alone if it is a King."),
        ),
    ),
    Section(
        "py-end",
        N_("End"),
        (
            N_(
                "You win when all 28 pyramid cards are removed. The game is lost when no pair and no King can "
                "be removed and the stock has no pass left; Undo still takes moves back."
            ),
            N_("Pyramid keeps no score: the game counts your moves and the time."),
        ),
    ),
    Section(
        "py-controls",
        N_("Playing"),
        (
            N_(
                "Tap a King to remove it. Tap a free card and then its partner to remove the pair, or drag one "
                "card onto the other. Tap the stock to turn a card. With a keyboard, the arrow keys move "
                "between the cards, Enter picks up the focused card and Enter on its partner removes the two, "
                "and D turns a card from the stock."
            ),
            N_("When a move is refused, the game says which rule refused it: Why? opens that rule here."),
        ),
    ),
    Section(
        "py-undo",
        N_("Undo"),
        (N_("Undo takes back any move of the game, back to the deal, at no cost."),),
    ),
    Section(
        "py-codes",
        N_("Deal codes"),
        (
            N_(
                "Every deal has a code such as PY1-P3-AAAAAAG: PY is Pyramid, 1 the code's version, P3 three "
                "passes through the stock and the last part the shuffle. The same code deals the same game "
                "anywhere."
            ),
        ),
    ),
)
"""How to play Pyramid (English, marked for the catalogs)."""


class PyramidPage(GamePage):
    """Pyramid: pairs adding up to 13 off a pyramid of 28 cards; three passes through the stock."""

    game = "PY"
    name = N_("Pyramid")
    rules = RULES
    rules_title = N_("How to play Pyramid")
    diagram_code = "PY1-P3-AAAAAAG"
    figures = ("28", "13", "24", "PY1-P3-AAAAAAG")
    anchors: ClassVar[Mapping[Reason, str]] = {
        **common_anchors("py"),
        "group_from_column_only": "py-pairs",
        "same_pile": "py-pairs",
        "empty_pile": "py-pairs",
        "face_down": "py-pairs",
        "covered": "py-pairs",
        "not_thirteen": "py-pairs",
        "king_alone": "py-pairs",
        "needs_partner": "py-pairs",
        "waste_stays": "py-stock",
        "pair_of_two": "py-pairs",
        "one_card_each": "py-pairs",
        "nothing_builds": "py-pairs",
        "discard_stays": "py-pairs",
        "no_passes_left": "py-stock",
        "pyramid_won": "py-end",
    }
    own_words: ClassVar[Mapping[Reason, str]] = {
        "same_pile": N_("A pair is two different cards."),
        "stock_empty": N_("The stock and the waste are both empty."),
        "group_from_column_only": N_(
            "Cards leave the table one at a time: a King alone, or two cards that add up to 13."
        ),
        "one_card_each": N_("Cards leave the table one at a time: a King alone, or two cards that add up to 13."),
        "king_alone": N_("A King is removed alone: tap it."),
        "pair_of_two": N_("A pair is two cards whose values add up to 13."),
        "nothing_builds": N_(
            "Nothing is built in Pyramid: two cards that add up to 13, or a King alone, leave the table."
        ),
        "discard_stays": N_("Removed cards stay removed."),
        "no_passes_left": N_("The stock is used up: Pyramid goes through it three times."),
        "pyramid_won": N_("The game is won: the pyramid is cleared."),
    }
    options = (OptionGroup("passes", N_("Stock"), (("3", N_("Three passes")),)),)
    options_format = "P{passes}"

    def label(self, options: str) -> str:
        return _(self.name)

    def refusal(self, reason: Reason, values: Mapping[str, str | int]) -> str | None:
        card = _card(values.get("card"))
        if reason == "covered":
            return _("The {card} is covered: a pyramid card is free once no card lies on it.").format(card=card)
        if reason == "not_thirteen":
            other = _card(values.get("other"))
            total = values.get("total", "")
            return _(
                "The {card} and the {other} add up to {total}, not 13: a pair's values must add up to 13 "
                "(an Ace is 1, a Jack 11, a Queen 12)."
            ).format(card=card, other=other, total=total)
        if reason == "needs_partner":
            return _("The {card} leaves only with a card that adds up to 13 with it. Only a King goes alone.").format(
                card=card
            )
        if reason == "waste_stays":
            return _(
                "The {card} stays on the waste until it leaves with a free card that adds up to 13 with it."
            ).format(card=card)
        if reason == "empty_pile":
            if values.get("pile") == "w":
                return _("The waste is empty.")
            return _("That card is already removed.")
        return None


def _card(value: str | int | None) -> str:
    """A card of a refusal's values in words (empty when the refusal names none)."""
    return card_name(str(value)) if value else ""
