"""TriPeaks on the page: its name, How to play, the rules behind its refusals and the words
of its own, its options (Turn the corner, on by default)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import engine
from engine.moves import Reason
from ui.model.games import OptionGroup, common_anchors
from ui.model.games.waste_by_rank import WasteByRankPage
from ui.model.i18n import N_, _
from ui.model.rule_sections import Section
from ui.model.words import card_name

RULES: tuple[Section, ...] = (
    Section(
        "tp-goal",
        N_("Goal"),
        (
            N_(
                "Clear the three peaks: move all 28 of their cards onto the waste, one at a time, in long runs "
                "that score more and more."
            ),
            N_("Cards rank from the Ace (low) through 2 to 10, then Jack, Queen and King (high)."),
        ),
    ),
    Section(
        "tp-deal",
        N_("The deal"),
        (
            N_(
                "One deck of 52 cards, shuffled. Three peaks of 28 cards in four overlapping rows: 3 cards at "
                "the tops, then 6, then 9, and a bottom row of 10 that the three peaks share. The three upper "
                "rows are face down, the bottom row face up. The first of the other 24 cards starts the waste, "
                "face up; the 23 left are the stock, face down."
            ),
            N_("The picture shows the start of deal TP1-W-AAAAAAG."),
        ),
    ),
    Section(
        "tp-columns",
        N_("Playing onto the waste"),
        (
            N_(
                "Each card above the bottom row is overlapped by the two cards below it. A card is free once "
                "both cards overlapping it are gone; a face-down card turns face up by itself as soon as it is "
                "free."
            ),
            N_(
                "Any free card of the peaks goes onto the waste when it is one rank higher or lower than the "
                "waste's top card, whatever its suit: a 7 goes on a 6 or on an 8."
            ),
            N_("Without Turn the corner, only a Queen goes on a King and only a 2 on an Ace."),
            N_("Nothing is built on the peaks, and a card on the waste stays there."),
        ),
    ),
    Section(
        "tp-stock",
        N_("The stock"),
        (
            N_(
                "Tap the stock to turn its top card onto the waste, whenever you like: the new card is the one "
                "to play on. The stock is used once: there is no redeal."
            ),
        ),
    ),
    Section(
        "tp-corner",
        N_("Turn the corner"),
        (
            N_(
                "On by default, as in Microsoft's game: King and Ace are neighbours too, so a King goes on an "
                "Ace and an Ace on a King. New game can turn it off."
            ),
        ),
    ),
    Section(
        "tp-end",
        N_("End"),
        (
            N_(
                "You win when all 28 peak cards are on the waste; cards left in the stock do not matter. The "
                "game is lost when the stock is empty and no peak card can go; Undo still takes moves back."
            ),
        ),
    ),
    Section(
        "tp-score",
        N_("Score"),
        (
            N_(
                "A run is the peak cards played since the last card turned from the stock. Each peak card "
                "scores its place in the run: 1 for the first, 2 for the second, 3 for the third, and so on."
            ),
            N_("Each card turned from the stock costs 5 points and ends the run. A score may be negative."),
            N_(
                "Clearing the top card of a peak scores 15 for the first peak and 15 for the second, and 30 "
                "for the third."
            ),
        ),
    ),
    Section(
        "tp-controls",
        N_("Playing"),
        (
            N_(
                "Tap a free face-up card to play it onto the waste, or drag it there. Tap the stock to turn a "
                "card. With a keyboard, the arrow keys move between the cards and piles, Enter picks up the "
                "focused card and Enter on the waste puts it there, and D turns a card from the stock."
            ),
        ),
    ),
    Section(
        "tp-undo",
        N_("Undo"),
        (N_("Undo takes back any move of the game, back to the deal; the score and the run come back with it."),),
    ),
    Section(
        "tp-codes",
        N_("Deal codes"),
        (
            N_(
                "Every deal has a code such as TP1-W-AAAAAAG: TP is TriPeaks, 1 the code's version, W Turn the "
                "corner (N: no wrapping) and the last part the shuffle. The same code deals the same game "
                "anywhere."
            ),
        ),
    ),
)
"""How to play TriPeaks (English, marked for the catalogs)."""


class TriPeaksPage(WasteByRankPage):
    """TriPeaks: three overlapping peaks onto one waste; Turn the corner is on by default."""

    game = "TP"
    name = N_("TriPeaks")
    rules = RULES
    rules_title = N_("How to play TriPeaks")
    diagram_code = "TP1-W-AAAAAAG"
    figures = ("28", "10", "24", "23", "5", "15", "30", "TP1-W-AAAAAAG")
    anchors: ClassVar[Mapping[Reason, str]] = {
        **common_anchors("tp"),
        "no_foundations": "tp-columns",
        "covered": "tp-columns",
        "not_a_neighbour": "tp-columns",
        "nothing_on_peaks": "tp-columns",
        "waste_stays": "tp-columns",
        "one_at_a_time": "tp-columns",
        "stock_used_up": "tp-stock",
        "tripeaks_won": "tp-end",
    }
    own_words: ClassVar[Mapping[Reason, str]] = {
        "no_foundations": N_("TriPeaks has no foundations: a free card of the peaks goes onto the waste."),
        "nothing_on_peaks": N_("Nothing is built on the peaks in TriPeaks: a free card goes onto the waste."),
        "waste_stays": N_("A card on the waste stays there: a free card of the peaks goes onto it."),
        "one_at_a_time": N_("Cards of the peaks go onto the waste one at a time."),
        "group_from_column_only": N_("Cards of the peaks go onto the waste one at a time."),
        "empty_pile": N_("That card is already on the waste."),
        "stock_used_up": N_("The stock is empty: TriPeaks goes through it once, with no redeal."),
        "stock_empty": N_("The stock is empty: TriPeaks goes through it once, with no redeal."),
        "tripeaks_won": N_("The game is won: the cards left in the stock do not matter."),
    }
    options = (OptionGroup("wrap", N_("King and Ace"), (("W", N_("Turn the corner")), ("N", N_("No wrapping")))),)
    options_format = "{wrap}"

    def refusal(self, reason: Reason, values: Mapping[str, str | int]) -> str | None:
        if reason == "covered":
            if "card" not in values:
                return _("That card is face down and covered: it turns up once both cards overlapping it are gone.")
            return _("The {card} is covered: a card is free once both cards overlapping it are gone.").format(
                card=card_name(str(values["card"]))
            )
        return super().refusal(reason, values)

    record_name = N_("Longest run")

    def record_figure(self, game: engine.Game) -> int:
        return int(getattr(game, "longest_run", 0))

    def figure(self, game: engine.Game) -> tuple[str, str] | None:
        """The run: the cards played onto the waste since the last stock card (each scores its place in it)."""
        # TRANSLATORS: TriPeaks' header figure: how many peak cards in a row since the last stock card.
        return _("Run"), str(getattr(game, "run", 0))

    def move_words(self, game: engine.Game, action: engine.Action) -> list[str]:
        """A peak card onto the waste says the run it makes; a stock card, that the run starts again."""
        if action.kind == "move":
            # TRANSLATORS: TriPeaks: the card just played is the n-th of the run ("Run 3.").
            return [_("Run {n}.").format(n=getattr(game, "run", 0))]
        if action.kind == "draw":
            return [_("The run starts again.")]
        return []
