"""How to play, inside the game: the rules of Klondike, of Spiderette/Spider and of
FreeCell as sections that a rules dialog draws, in the player's language.

Each section has an anchor (its element id in the dialog), so that the "Why?"
link of a refused move can scroll to the rule that refused it
(``ui.model.refusals.rule_anchor``). The English text is marked for the catalogs here
and translated when asked for, so a change of language draws it again.

Pure Python.

>>> from ui.model.i18n import use_language
>>> _ = use_language("en")
>>> [s.anchor for s in rules_for("KL")][:4]
['kl-goal', 'kl-deal', 'kl-columns', 'kl-empty']
>>> rules_for("SP")[0].title
'Goal'
>>> [s.anchor for s in rules_for("FC")][:4]
['fc-goal', 'fc-deal', 'fc-columns', 'fc-runs']
>>> RULES_TAB["SP"], rules_title("FC")
('SD', 'How to play FreeCell')
>>> rules_for("XX")
Traceback (most recent call last):
...
KeyError: "No rules for game 'XX': expected one of KL, SD, SP, FC."
>>> _ = use_language("th")
>>> rules_for("SD")[0].title
'เป้าหมาย'
>>> _ = use_language("en")
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from ui.model.i18n import N_, _

__all__ = ["DIAGRAM_CODES", "RULES", "RULES_TAB", "Section", "Table", "rules_for", "rules_title"]


@dataclass(frozen=True, slots=True)
class Table:
    """A small table: a header row and rows of cells. Cells that are only
    figures (``+10``, ``−100``) are not words and stay as they are."""

    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


Block = str | tuple[str, ...] | Table
"""A paragraph, a bulleted list, or a table."""


@dataclass(frozen=True, slots=True)
class Section:
    """One rule section: its anchor (element id), title and blocks."""

    anchor: str
    title: str
    blocks: tuple[Block, ...]


DIAGRAM_CODES: dict[str, str] = {
    "KL": "KL1-D1N-AAAAAAG",
    "SD": "SD1-S4-AAAAAAH",
    "SP": "SD1-S4-AAAAAAH",
    "FC": "FC1-F4-1",
}
"""The real starting deal the rules draw for each game, with the game's own cards."""

_FIGURES = frozenset("0123456789+−-$×= ")
_T = TypeVar("_T")

KLONDIKE: tuple[Section, ...] = (
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

SPIDER: tuple[Section, ...] = (
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


FREECELL: tuple[Section, ...] = (
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

RULES: dict[str, tuple[Section, ...]] = {"KL": KLONDIKE, "SD": SPIDER, "SP": SPIDER, "FC": FREECELL}
"""Each game's rule sections (a deal-code prefix to its sections); Spiderette and Spider share theirs."""

RULES_TAB: dict[str, str] = {"KL": "KL", "SD": "SD", "SP": "SD", "FC": "FC"}
"""The rules dialog's tab that holds each game's rules (the tab's value is the first game it holds)."""

_TITLES: dict[str, str] = {
    "KL": N_("How to play Klondike"),
    "SD": N_("How to play Spiderette and Spider"),
    "SP": N_("How to play Spiderette and Spider"),
    "FC": N_("How to play FreeCell"),
}


def _word(text: str) -> str:
    # Cells that are only figures are the same in every language.
    return text if set(text) <= _FIGURES else _(text)


def _translated(block: Block) -> Block:
    if isinstance(block, Table):
        return Table(tuple(_word(c) for c in block.head), tuple(tuple(_word(c) for c in row) for row in block.rows))
    if isinstance(block, tuple):
        return tuple(_(item) for item in block)
    return _(block)


def _of(table: dict[str, _T], game: str) -> _T:
    if game not in table:
        known = ", ".join(RULES)
        raise KeyError(f"No rules for game {game!r}: expected one of {known}.")
    return table[game]


def rules_for(game: str) -> tuple[Section, ...]:
    """The rules of ``game`` (a deal-code prefix: ``KL``, ``SD``, ``SP`` or ``FC``)
    in the current language; Spiderette and Spider share theirs. A game without
    rules raises ``KeyError``."""
    sections = _of(RULES, game)
    return tuple(Section(s.anchor, _(s.title), tuple(_translated(b) for b in s.blocks)) for s in sections)


def rules_title(game: str) -> str:
    """The rules dialog's title for ``game``."""
    return _(_of(_TITLES, game))
