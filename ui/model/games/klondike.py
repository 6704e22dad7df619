"""Klondike on the page: its name, How to play, the rules behind its refusals, its options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engine.moves import Reason
from ui.model.games import GamePage, OptionGroup, common_anchors
from ui.model.i18n import N_, _
from ui.model.rule_sections import Section, Table

RULES: tuple[Section, ...] = (
    Section(
        "kl-goal",
        N_("Goal"),
        (
            N_(
                "Move all 52 cards onto the four foundations, one per suit, each built up from Ace to King. "
                "The game never declares a loss: when nothing useful is left, undo or start a new game."
            ),
            N_("Cards rank from the Ace (low) through 2 to 10, then Jack, Queen and King (high)."),
        ),
    ),
    Section(
        "kl-deal",
        N_("The deal"),
        (
            N_(
                "One deck of 52 cards, no jokers, shuffled. Seven columns get 1, 2, 3, 4, 5, 6 and 7 cards, "
                "28 in all; only the last card of each column is face up, and the other 21 are face down. "
                "The other 24 cards are the stock, face down. The waste and the four foundations start empty."
            ),
            N_("The picture shows the start of deal KL1-D1N-AAAAAAG."),
        ),
    ),
    Section(
        "kl-columns",
        N_("Building in the columns"),
        (
            (
                N_(
                    "A card goes onto a face-up card of the other colour that is exactly one rank higher: "
                    "a red 7 on a black 8."
                ),
                N_(
                    "Any face-up card moves together with all the cards on top of it. "
                    "Only the first card of the group has to fit where it goes."
                ),
                N_("Face-down cards can't be moved."),
                N_("When a face-down card becomes the last card of its column, it turns face up by itself."),
            ),
        ),
    ),
    Section(
        "kl-empty",
        N_("Empty columns"),
        (
            N_(
                "An empty column takes only a King, alone or with the cards on top of it. "
                "Nothing else goes there, not even to uncover a face-down card."
            ),
        ),
    ),
    Section(
        "kl-foundations",
        N_("Foundations"),
        (
            (
                N_(
                    "Each suit has its own foundation, left to right: spades, hearts, diamonds, clubs. "
                    "A card dropped on any foundation goes to its own suit's."
                ),
                N_("A foundation starts with the Ace and is built up by suit, 2, 3 … King, one card at a time."),
                N_(
                    "With Normal and Vegas scoring the top card of a foundation can be taken back onto a column, "
                    "following the column rules. Classic rules never allow it."
                ),
            ),
        ),
    ),
    Section(
        "kl-stock",
        N_("Stock and waste"),
        (
            (
                N_(
                    "Tap the stock to turn cards onto the waste: one at a time with Draw 1, "
                    "three at a time with Draw 3."
                ),
                N_(
                    "New game offers both: Draw 1 is the easy choice, every card of the stock comes up in turn; "
                    "Draw 3 is the hard one."
                ),
                N_(
                    "Only the top card of the waste can be played. With Draw 3 the three cards are shown fanned "
                    "on the waste; when the top one is played, the card under it becomes playable."
                ),
                N_(
                    "When the stock is empty, tap it to turn the whole waste back into the stock, in its order. "
                    "Normal scoring allows this any number of times."
                ),
                N_("Vegas scoring goes through the stock once only, with Draw 1 and Draw 3 alike."),
                N_("Cards leave the stock only by tapping it, and nothing is put back into it."),
            ),
        ),
    ),
    Section(
        "kl-classic",
        N_("Classic rules"),
        (
            N_(
                "A third rule set beside Normal and Vegas, from the classic rules: cards on a foundation "
                "can never be taken back; Draw 1 allows a single pass through the stock, Draw 3 three passes "
                "in all (two redeals); the stock is never shuffled. Classic games are scored like Normal ones."
            ),
        ),
    ),
    Section(
        "kl-scoring",
        N_("Normal scoring"),
        (
            Table(
                (N_("Action"), N_("Points")),
                (
                    (N_("Card to a foundation (from a column or the waste)"), "+10"),
                    (N_("Card from the waste to a column"), "+5"),
                    (N_("Face-down card turned up (on top of the move that uncovered it)"), "+5"),
                    (N_("Waste turned back into the stock"), "−100"),
                    (N_("Card or group from column to column"), "0"),
                    (N_("Card taken back from a foundation"), "0"),
                ),
            ),
            N_(
                "The score starts at 0 and never goes below 0, so turning the waste back early in a game "
                "costs less than 100. A game won without taking cards back from the foundations scores 625: "
                "52 cards × 10 + 21 face-down cards turned × 5, "
                "plus 5 for each card moved from the waste to a column, less 100 for each time the waste was "
                "turned back."
            ),
        ),
    ),
    Section(
        "kl-vegas",
        N_("Vegas scoring"),
        (
            Table(
                (N_("When"), N_("Dollars")),
                (
                    (N_("At the start"), "−$52"),
                    (N_("Each card placed on a foundation"), "+$5"),
                    (N_("Everything else"), "$0"),
                ),
            ),
            N_(
                "There is no lower limit. The score is negative while the foundations hold 10 cards or fewer "
                "and positive from the 11th: a win without taking cards back ends at −$52 + 52 × $5 = +$208."
            ),
            N_("The score is shown in dollars, with its sign: +$208, $0, -$52."),
        ),
    ),
    Section(
        "kl-controls",
        N_("Playing"),
        (
            (
                N_("Tap a playable card to send it to its foundation when it may go there."),
                N_(
                    "Double-tap a card to find it a place in the columns: the longest column that takes it, "
                    "else an empty column for a King."
                ),
                N_("Drag any playable card or group to where it may go."),
                N_("When a move is refused, the game says which rule refused it: Why? opens that rule here."),
                N_(
                    "No card moves by itself until the rest of the game can play itself: every card face up and "
                    "the stock and waste empty (with Draw 1 and Normal scoring, whatever is left in them). "
                    "Then Finish appears; pressed, it plays the remaining moves one by one, each an ordinary move "
                    "that Undo takes back, scored as if played by hand."
                ),
                N_("The setting Finish automatically (off unless turned on) plays them without the button."),
            ),
        ),
    ),
    Section(
        "kl-undo",
        N_("Undo and deal codes"),
        (
            (
                N_("Undo takes back the last 100 actions, and gives back exactly the score each one changed."),
                N_(
                    "Every deal has a code such as KL1-D1N-AAAAAAG: KL is Klondike, 1 the code's version, "
                    "D1 or D3 the draw, N, V or C the scoring (Normal, Vegas, Classic), and the 7 letters the "
                    "shuffle. The same code deals the same game anywhere."
                ),
            ),
        ),
    ),
)
"""How to play, as the rules dialog shows it (English, marked for the catalogs)."""

SCORING_NAMES = {"N": N_("Normal scoring"), "V": N_("Vegas scoring"), "C": N_("Classic rules")}
"""The scoring rules by their letter in a deal code."""


class KlondikePage(GamePage):
    """Klondike: draw 1 or 3, Normal, Vegas or Classic scoring."""

    game = "KL"
    name = N_("Klondike")
    rules = RULES
    rules_title = N_("How to play Klondike")
    diagram_code = "KL1-D1N-AAAAAAG"
    figures = ("625", "+$208", "−$52")
    anchors: ClassVar[Mapping[Reason, str]] = {
        **common_anchors("kl"),
        "not_to_waste": "kl-stock",
        "waste_top_only": "kl-stock",
        "foundation_top_only": "kl-foundations",
        "foundation_one_card": "kl-foundations",
        "foundation_ace_first": "kl-foundations",
        "foundation_sequence": "kl-foundations",
        "already_on_foundation": "kl-foundations",
        "empty_needs_king": "kl-empty",
        "build_alternating": "kl-columns",
        "classic_no_takeback": "kl-classic",
        "vegas_one_pass": "kl-stock",
        "classic_one_pass": "kl-classic",
        "classic_three_passes": "kl-classic",
    }
    own_words: ClassVar[Mapping[Reason, str]] = {"stock_empty": N_("The stock and the waste are both empty.")}
    options = (
        OptionGroup("draw", N_("Draw"), (("1", N_("Draw 1")), ("3", N_("Draw 3")))),
        OptionGroup("scoring", N_("Scoring"), (("N", N_("Normal")), ("V", N_("Vegas")), ("C", N_("Classic")))),
    )
    options_format = "D{draw}{scoring}"

    def label(self, options: str) -> str:
        draw, scoring = options[1:2], options[2:3]
        words = _(SCORING_NAMES[scoring]) if scoring in SCORING_NAMES else scoring
        return _("{game}, draw {n}, {scoring}").format(game=_(self.name), n=draw, scoring=words)

    def stored_options(self, settings: Mapping[str, object]) -> str | None:
        # Before the options were kept per game, settings held Klondike's draw and scoring.
        draw, scoring = settings.get("draw"), settings.get("scoring")
        if draw in (1, 3) and scoring in SCORING_NAMES:
            return f"D{draw}{scoring}"
        return None
