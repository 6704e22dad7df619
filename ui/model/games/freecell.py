"""FreeCell on the page: its name, How to play, the rules behind its refusals and the
words of its own, its options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engine.codes import CodeReason
from engine.moves import Reason
from ui.model.games import GamePage, OptionGroup
from ui.model.i18n import N_, _, ngettext
from ui.model.rule_sections import Section, Table
from ui.model.words import card_name, pile_name

RULES: tuple[Section, ...] = (
    Section(
        "fc-goal",
        N_("Goal"),
        (
            N_(
                "Move all 52 cards onto the four foundations, one per suit, each built up from Ace to King. "
                "Every card is face up from the start, so FreeCell is a game of planning more than luck: "
                "almost every deal can be won. When no useful move is left, undo or start a new game."
            ),
            N_("Cards rank from the Ace (low) through 2 to 10, then Jack, Queen and King (high)."),
        ),
    ),
    Section(
        "fc-deal",
        N_("The deal"),
        (
            N_(
                "One deck of 52 cards, no jokers, dealt face up into eight columns, row by row: the first four "
                "columns get 7 cards and the other four get 6. Above the columns, the free cells are at the "
                "left and the four foundations at the right, all empty. There is no stock and no waste."
            ),
            N_("The picture shows the start of deal FC1-F4-1."),
        ),
    ),
    Section(
        "fc-columns",
        N_("Building in the columns"),
        (
            (
                N_(
                    "The last card of a column, or the card in a free cell, can be played; cards higher up "
                    "a column move only as part of a run."
                ),
                N_(
                    "It goes onto the last card of a column that is of the other colour and exactly one rank "
                    "higher: a red 7 on a black 8."
                ),
                N_("It can also go into an empty free cell, or onto its foundation."),
                N_("An empty column takes any card, or any run that may move there."),
            ),
        ),
    ),
    Section(
        "fc-runs",
        N_("Moving runs"),
        (
            N_(
                "A run of cards going down in alternating colours, one rank at a time (such as a black 9, "
                "a red 8 and a black 7), moves as a unit. It moves as if you moved it one card at a time "
                "through the empty free cells and the empty columns, so its length is limited:"
            ),
            # TRANSLATORS: keep the formula's figures and signs; 2^(…) is 2 to the power of the number in brackets.
            N_(
                "At most (free cells + 1) × 2^(empty columns) cards, counting only the free cells and columns "
                "that are empty. A column the run goes into does not count."
            ),
            N_(
                "For example, with 2 empty free cells and 1 empty column, a run of up to (2 + 1) × 2 = 6 cards "
                "can move onto a card, but only (2 + 1) × 1 = 3 into the empty column. With 4 empty free cells "
                "and no empty column, 5 cards can move."
            ),
            Table(
                (N_("Empty free cells"), N_("No empty column"), N_("1 empty column"), N_("2 empty columns")),
                (
                    ("0", "1", "2", "4"),
                    ("1", "2", "4", "8"),
                    ("2", "3", "6", "12"),
                    ("3", "4", "8", "16"),
                    ("4", "5", "10", "20"),
                ),
            ),
            N_(
                "A longer run is refused, and the game says how many cards could move. "
                "Move part of the run, or first empty a free cell or a column."
            ),
        ),
    ),
    Section(
        "fc-cells",
        N_("Free cells"),
        (
            (
                N_(
                    "Each free cell holds one card, any card. A card in a free cell can go onto a column, "
                    "onto its foundation or into another empty free cell."
                ),
                N_("Runs never go into a free cell: only one card at a time."),
                N_(
                    "The standard game has four free cells. New game also offers 3, 2 or 1: "
                    "the fewer free cells, the harder the deal."
                ),
            ),
        ),
    ),
    Section(
        "fc-foundations",
        N_("Foundations"),
        (
            (
                N_(
                    "Each suit has its own foundation, left to right: spades, hearts, diamonds, clubs. "
                    "A card dropped on any foundation goes to its own suit's."
                ),
                N_("A foundation starts with the Ace and is built up by suit, 2, 3 … King, one card at a time."),
                N_(
                    "A card on a foundation stays there: it never comes back to a column or a free cell, "
                    "as in Microsoft's FreeCell."
                ),
            ),
        ),
    ),
    Section(
        "fc-auto",
        N_("Automatic moves"),
        (
            N_(
                "A card goes to its foundation by itself when no other card could ever need to be put on it: "
                "an Ace or a 2, or a card whose two cards of the other colour one rank lower are already on "
                "their foundations (both red 5s for a black 6)."
            ),
            N_(
                "Each of these is an ordinary move that Undo takes back. Automatic moves are on unless turned "
                "off in Settings; with them off, every card goes home only when you send it."
            ),
        ),
    ),
    Section(
        "fc-controls",
        N_("Playing"),
        (
            (
                N_(
                    "Tap the last card of a column, or a card in a free cell, to send it to its foundation "
                    "when it may go there."
                ),
                N_(
                    "Double-tap a card or a run to send it to its best place: its foundation; else the column "
                    "holding the most cards that takes it; else an empty column; else an empty free cell."
                ),
                N_("Drag a card or a run to where it may go."),
                N_("When a move is refused, the game says which rule refused it: Why? opens that rule here."),
            ),
        ),
    ),
    Section(
        "fc-undo",
        N_("Undo, time and deal numbers"),
        (
            (
                N_("Undo takes back every action of the game, as far back as the deal."),
                N_("FreeCell keeps no score: the game counts your moves and the time, as Microsoft's FreeCell does."),
                N_(
                    "Every deal is numbered as in Microsoft's FreeCell: the same number deals the same cards. "
                    "A new game is one of the 32000 classic deals, numbered 1 to 32000; a deal code can name "
                    "any number up to 2147483647."
                ),
                N_("Deal 11982 is the one classic deal that can't be won; every other classic deal can."),
                N_(
                    "A deal code such as FC1-F4-1: FC is FreeCell, 1 the code's version, F4 the number of free "
                    "cells (F1 to F4) and the last part the deal number. The same code deals the same game anywhere."
                ),
            ),
        ),
    ),
)
"""How to play, as the rules dialog shows it (English, marked for the catalogs)."""


class FreeCellPage(GamePage):
    """FreeCell: 4, 3, 2 or 1 free cells; deals numbered as Microsoft's."""

    game = "FC"
    name = N_("FreeCell")
    rules = RULES
    rules_title = N_("How to play FreeCell")
    diagram_code = "FC1-F4-1"
    figures = ("(2 + 1) × 2 = 6", "(2 + 1) × 1 = 3", "× 2^(", "11982", "32000", "2147483647", "FC1-F4-1")
    anchors: ClassVar[Mapping[Reason, str]] = {
        "notation": "fc-controls",
        "no_cards": "fc-controls",
        "no_such_pile": "fc-cells",
        "stock_tap_only": "fc-deal",
        "not_to_stock": "fc-deal",
        "no_stock": "fc-deal",
        "group_from_column_only": "fc-runs",
        "run_alternating": "fc-runs",
        "supermove_limit": "fc-runs",
        "same_pile": "fc-columns",
        "empty_pile": "fc-columns",
        "face_down": "fc-columns",
        "build_alternating": "fc-columns",
        "cell_full": "fc-cells",
        "cell_one_card": "fc-cells",
        "foundation_top_only": "fc-foundations",
        "foundation_one_card": "fc-foundations",
        "foundation_ace_first": "fc-foundations",
        "foundation_sequence": "fc-foundations",
        "already_on_foundation": "fc-foundations",
        "foundation_stays": "fc-foundations",
        "nothing_to_undo": "fc-undo",
    }
    own_words: ClassVar[Mapping[Reason, str]] = {
        "same_pile": N_("Those cards are already there."),
        "stock_tap_only": N_("FreeCell has no stock: every card is dealt at the start."),
        "no_stock": N_("FreeCell has no stock: every card is dealt at the start."),
        "cell_one_card": N_("A free cell holds one card."),
    }
    code_words: ClassVar[Mapping[CodeReason, str]] = {
        "bad_seed": N_("A FreeCell deal code ends in a deal number from 1 to 2147483647."),
    }
    options = (
        OptionGroup(
            "cells",
            N_("Free cells"),
            (("4", N_("4 cells")), ("3", N_("3 cells")), ("2", N_("2 cells")), ("1", N_("1 cell"))),
        ),
    )
    options_format = "F{cells}"

    def label(self, options: str) -> str:
        count = options[1:]
        n = int(count) if count.isdigit() else 0
        return ngettext("{game}, {n} free cell", "{game}, {n} free cells", n).format(game=_(self.name), n=count)

    def refusal(self, reason: Reason, values: Mapping[str, str | int]) -> str | None:
        if reason == "no_such_pile" and "cells" in values:
            cells = int(values["cells"])
            return ngettext(
                "There is no such pile in this deal: it has {n} free cell.",
                "There is no such pile in this deal: it has {n} free cells.",
                cells,
            ).format(n=cells)
        if reason == "supermove_limit":
            return _supermove_text(values)
        cards = {key: card_name(str(value)) for key, value in values.items() if key in ("card", "top")}
        if reason == "cell_full":
            return _("That free cell already holds the {card}.").format(**cards)
        if reason == "foundation_stays":
            return _("The {card} stays on its foundation: in FreeCell a card that is home never comes back.").format(
                **cards
            )
        if reason == "run_alternating":
            run = int(values.get("run", 1))
            return ngettext(
                "Only a run that goes down in alternating colours moves as a unit: only the last card of {pile} does.",
                "Only a run that goes down in alternating colours moves as a unit: the last {n} cards of {pile} do.",
                run,
            ).format(n=run, pile=pile_name(str(values.get("pile", ""))))
        return None

    def stored_options(self, settings: Mapping[str, object]) -> str | None:
        # Before the options were kept per game, settings held FreeCell's free cells.
        cells = settings.get("cells")
        return f"F{cells}" if cells in (1, 2, 3, 4) else None


def _supermove_text(values: Mapping[str, str | int]) -> str:
    count, most = int(values.get("count", 0)), int(values.get("most", 0))
    cells, columns = int(values.get("cells", 0)), int(values.get("columns", 0))
    # TRANSLATORS: part of "{count} cards can't move at once: with {free} and {empty} to spare …".
    free = ngettext("{n} empty free cell", "{n} empty free cells", cells).format(n=cells)
    # TRANSLATORS: part of "{count} cards can't move at once: with {free} and {empty} to spare …".
    empty = ngettext("{n} empty column", "{n} empty columns", columns).format(n=columns)
    # TRANSLATORS: a run longer than FreeCell lets move; {free} and {empty} say how many free
    # cells and columns are empty ("2 empty free cells", "1 empty column"); {most} is how many cards could move.
    return _("{count} cards can't move at once: with {free} and {empty} to spare, at most {most} can.").format(
        count=count, free=free, empty=empty, most=most
    )
