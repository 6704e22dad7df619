"""Golf on the page: its name, How to play, the rules behind its refusals and the words of
its own, its options (Turn the corner)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engine.moves import Reason
from ui.model.games import OptionGroup, common_anchors
from ui.model.games.waste_by_rank import WasteByRankPage
from ui.model.i18n import N_
from ui.model.rule_sections import Section

RULES: tuple[Section, ...] = (
    Section(
        "gf-goal",
        N_("Goal"),
        (
            N_(
                "Clear the seven columns: move all 35 of their cards onto the waste, one at a time. "
                "As in golf, the fewer strokes the better."
            ),
            N_("Cards rank from the Ace (low) through 2 to 10, then Jack, Queen and King (high)."),
        ),
    ),
    Section(
        "gf-deal",
        N_("The deal"),
        (
            N_(
                "One deck of 52 cards, shuffled. Seven columns of five cards each, all face up, each overlapping "
                "the one before it. The first of the other 17 cards starts the waste, face up; the 16 left are "
                "the stock, face down."
            ),
            N_("The picture shows the start of deal GF1-N-AAAAAAG."),
        ),
    ),
    Section(
        "gf-columns",
        N_("Playing onto the waste"),
        (
            N_(
                "The last card of any column goes onto the waste when it is one rank higher or lower than the "
                "waste's top card, whatever its suit: a 7 goes on a 6 or on an 8."
            ),
            N_("Without Turn the corner, only a Queen goes on a King and only a 2 on an Ace."),
            N_("Nothing is built on the columns, and a card on the waste stays there."),
        ),
    ),
    Section(
        "gf-stock",
        N_("The stock"),
        (
            N_(
                "Tap the stock to turn its top card onto the waste, whenever you like: the new card is the one "
                "to play on. The stock is used once: there is no redeal."
            ),
        ),
    ),
    Section(
        "gf-corner",
        N_("Turn the corner"),
        (
            N_(
                "An option of New game: King and Ace are neighbours too, so a King goes on an Ace and an Ace on "
                "a King. It makes a deal easier to clear."
            ),
        ),
    ),
    Section(
        "gf-end",
        N_("End and score"),
        (
            N_(
                "You win when all 35 column cards are on the waste. The game is lost when the stock is empty "
                "and no column card can go; Undo still takes moves back."
            ),
            N_(
                "The score counts strokes, and lower is better: the cards left in the columns. A win scores "
                "minus the cards left in the stock: won with 4 cards in the stock, the score is −4."
            ),
        ),
    ),
    Section(
        "gf-controls",
        N_("Playing"),
        (
            N_(
                "Tap a column's last card to play it onto the waste, or drag it there. Tap the stock to turn "
                "a card. With a keyboard, the arrow keys move between the piles, Enter picks up the focused "
                "card and Enter on the waste puts it there, and D turns a card from the stock."
            ),
        ),
    ),
    Section(
        "gf-undo",
        N_("Undo"),
        (N_("Undo takes back any move of the game, back to the deal, at no cost."),),
    ),
    Section(
        "gf-codes",
        N_("Deal codes"),
        (
            N_(
                "Every deal has a code such as GF1-N-AAAAAAG: GF is Golf, 1 the code's version, N no "
                "wrapping (W: Turn the corner) and the last part the shuffle. The same code deals the same "
                "game anywhere."
            ),
        ),
    ),
)
"""How to play Golf (English, marked for the catalogs)."""


class GolfPage(WasteByRankPage):
    """Golf: seven columns onto one waste; Turn the corner is its option."""

    game = "GF"
    name = N_("Golf")
    rules = RULES
    rules_title = N_("How to play Golf")
    diagram_code = "GF1-N-AAAAAAG"
    figures = ("35", "17", "16", "−4", "GF1-N-AAAAAAG")
    anchors: ClassVar[Mapping[Reason, str]] = {
        **common_anchors("gf"),
        "no_foundations": "gf-columns",
        "not_a_neighbour": "gf-columns",
        "nothing_on_columns": "gf-columns",
        "waste_stays": "gf-columns",
        "top_card_only": "gf-columns",
        "stock_used_up": "gf-stock",
        "golf_won": "gf-end",
    }
    own_words: ClassVar[Mapping[Reason, str]] = {
        "no_foundations": N_("Golf has no foundations: a column's last card goes onto the waste."),
        "nothing_on_columns": N_("Nothing is built on the columns in Golf: a column's last card goes onto the waste."),
        "waste_stays": N_("A card on the waste stays there: a column's last card goes onto it."),
        "top_card_only": N_("Only the last card of a column can be played."),
        "stock_used_up": N_("The stock is empty: Golf goes through it once, with no redeal."),
        "stock_empty": N_("The stock is empty: Golf goes through it once, with no redeal."),
        "golf_won": N_("The game is won: the cards left in the stock take strokes off your score."),
    }
    options = (OptionGroup("corner", N_("King and Ace"), (("N", N_("No wrapping")), ("W", N_("Turn the corner")))),)
    options_format = "{corner}"
