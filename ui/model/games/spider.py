"""Spiderette and Spider on the page: their names, their shared How to play, the rules
behind their refusals, their options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engine.moves import Reason
from ui.model.games import GamePage, OptionGroup, common_anchors
from ui.model.i18n import N_, _, ngettext
from ui.model.rule_sections import Section, Table

RULES: tuple[Section, ...] = (
    Section(
        "sp-goal",
        N_("Goal"),
        (
            N_(
                "Build runs of one suit from King down to Ace in the columns; each completed run leaves the table. "
                "Spiderette is won when 4 runs are removed, Spider when 8 are: then no card is left on the table. "
                "The game does not detect a stuck game: undo, restart the deal or start a new one."
            ),
        ),
    ),
    Section(
        "sp-deal",
        N_("The deal"),
        (
            N_(
                "Spiderette: one deck of 52 cards in 7 columns of 1, 2, 3, 4, 5, 6 and 7 cards, only the last "
                "card of each face up. The other 24 cards are the stock: three deals of 7 cards and a last deal "
                "of 3."
            ),
            N_(
                "Spider: two decks, 104 cards, in 10 columns of 6, 6, 6, 6, 5, 5, 5, 5, 5 and 5 cards, the last "
                "card of each face up. The other 50 cards are the stock: five deals of 10."
            ),
            N_(
                "The number of suits, chosen in New game, changes which cards make up the deck, not how many there are:"
            ),
            Table(
                (N_("Suits"), N_("Level"), N_("The cards")),
                (
                    ("1", N_("Easy"), N_("Spades only")),
                    ("2", N_("Medium"), N_("Spades and hearts")),
                    ("4", N_("Hard"), N_("All four suits")),
                ),
            ),
            N_(
                "Spiderette's 52 cards are then 4 × 13 spades; 2 × 13 spades and 2 × 13 hearts; or one "
                "standard deck. Spider's 104 are 8 × 13 spades; 4 × 13 spades and 4 × 13 hearts; or two "
                "standard decks."
            ),
            N_("The picture shows the start of deal SD1-S4-AAAAAAH."),
        ),
    ),
    Section(
        "sp-columns",
        N_("Building in the columns"),
        (
            (
                N_(
                    "A face-up card goes onto the last card of another column that is exactly one rank higher, "
                    "in any suit: a 9 of hearts on a 10 of spades, or a Queen on a King."
                ),
                N_(
                    "The Ace is the lowest card and the King the highest: nothing goes onto an Ace, and a King "
                    "can only go to an empty column."
                ),
                N_("When the last card leaves a column, the face-down card under it turns face up by itself."),
            ),
        ),
    ),
    Section(
        "sp-groups",
        N_("Moving groups"),
        (
            N_(
                "Several cards move together only when they go down one rank at a time and are all of one suit, "
                "such as 8, 7, 6 of hearts. A group of mixed suits moves one card at a time. "
                "The first card of the group follows the "
                "single-card rule."
            ),
        ),
    ),
    Section(
        "sp-empty",
        N_("Empty columns"),
        (
            N_("An empty column takes any card, or any group that may move."),
            N_("It is the most useful space in the game: park a card or a group there to uncover another card."),
        ),
    ),
    Section(
        "sp-stock",
        N_("Dealing from the stock"),
        (
            (
                N_("Tap the stock to deal one face-up card onto each column, from left to right."),
                N_("No deal while a column is empty: fill every empty column first."),
                N_("Spiderette's last deal has 3 cards, for the first three columns."),
                N_("Cards leave the stock only by dealing, and nothing is put back into it."),
            ),
        ),
    ),
    Section(
        "sp-runs",
        N_("Completed runs"),
        (
            N_(
                "When a column ends in the 13 cards of one suit from King down to Ace, all face up, the game "
                "removes them by itself after the move or deal that completed them, and a face-down card they "
                "covered turns up. Runs of mixed suits are never removed. There is no waste and there are no "
                "foundations."
            ),
        ),
    ),
    Section(
        "sp-scoring",
        N_("Scoring"),
        (
            Table(
                (N_("Action"), N_("Points")),
                (
                    (N_("At the start"), "500"),
                    (N_("Each move of a card or group"), "−1"),
                    (N_("Each deal from the stock"), "−1"),
                    (N_("Each completed run removed"), "+100"),
                ),
            ),
            N_(
                "There is no lower limit. The moves counter counts moves and deals, not removed runs. "
                "The score is 500 − moves + 100 per run: a Spiderette game won in 53 moves scores "
                "500 − 53 + 400 = 847."
            ),
        ),
    ),
    Section(
        "sp-controls",
        N_("Playing"),
        (
            (
                N_("Drag a card or a group to a column that takes it; while you drag, those columns are highlighted."),
                N_(
                    "Double click (on unless turned off in Settings) moves the card or group to its best place: "
                    "first a column ending one rank higher in the same suit, then one rank higher in another suit "
                    "(a step this game adds), then an empty column."
                ),
                N_("Auto-drop (off unless turned on in Settings) sends a released card or group to that best place."),
                N_("Hint shows the next move of a winning line found by the solver, which sees the face-down cards."),
                N_("When a move is refused, the game says which rule refused it: Why? opens that rule here."),
                N_(
                    "Once the stock is empty, every card is face up and the rest of the game can play itself, "
                    "Finish appears and plays the remaining moves, each an ordinary move that Undo takes back; "
                    "the setting Finish automatically (off unless turned on) plays them without the button."
                ),
            ),
        ),
    ),
    Section(
        "sp-undo",
        N_("Undo and deal codes"),
        (
            (
                N_(
                    "Undo takes back the last 100 actions; the score and the moves counter return to what they "
                    "were, and a removed run comes back when the move that completed it is undone."
                ),
                N_(
                    "Every deal has a code such as SD1-S4-AAAAAAH: SD is Spiderette (SP Spider), 1 the code's "
                    "version, S1, S2 or S4 the suits, and the 7 letters the shuffle. The same code deals the same "
                    "game anywhere."
                ),
            ),
        ),
    ),
)
"""How to play, as the rules dialog shows it (English, marked for the catalogs)."""


class SpiderettePage(GamePage):
    """Spiderette: 1, 2 or 4 suits; its rules are Spider's, in one tab."""

    game = "SD"
    name = N_("Spiderette")
    rules = RULES
    rules_title = N_("How to play Spiderette and Spider")
    tab_label = N_("Spiderette and Spider")
    diagram_code = "SD1-S4-AAAAAAH"
    figures = ("500 − 53 + 400 = 847", "104")
    anchors: ClassVar[Mapping[Reason, str]] = {
        **common_anchors("sp"),
        "no_foundations": "sp-runs",
        "group_one_suit": "sp-groups",
        "nothing_on_ace": "sp-columns",
        "king_needs_empty": "sp-columns",
        "build_down": "sp-columns",
        "fill_before_deal": "sp-stock",
    }
    own_words: ClassVar[Mapping[Reason, str]] = {"stock_empty": N_("The stock is empty.")}
    options = (OptionGroup("suits", N_("Suits"), (("1", N_("1 suit")), ("2", N_("2 suits")), ("4", N_("4 suits")))),)
    options_format = "S{suits}"

    def label(self, options: str) -> str:
        count = options[1:]
        n = int(count) if count.isdigit() else 0
        return ngettext("{game}, {n} suit", "{game}, {n} suits", n).format(game=_(self.name), n=count)

    def refusal(self, reason: Reason, values: Mapping[str, str | int]) -> str | None:
        if reason == "no_foundations":
            return _("{game} has no waste or foundations: completed runs leave by themselves.").format(
                game=_(self.name)
            )
        return None

    def stored_options(self, settings: Mapping[str, object]) -> str | None:
        # Before the options were kept per game, settings held the Spider family's suits.
        suits = settings.get("suits")
        return f"S{suits}" if suits in (1, 2, 4) else None


class SpiderPage(SpiderettePage):
    """Spider: ten columns, two decks; the rules tab is Spiderette's."""

    game = "SP"
    name = N_("Spider")
    rules_tab = "SD"
