"""Cards, piles and games in the player's language.

Pure Python: the names come from the catalogs through ``ui.model.i18n``.

>>> from ui.model.i18n import use_language
>>> _ = use_language("en")
>>> card_name("Qc"), pile_name("t3"), pile_name("f2"), game_name("SD")
('Queen of clubs', 'Column 3', 'Hearts foundation', 'Spiderette')
>>> _ = use_language("th")
>>> card_name("Qc"), card_name("7h"), pile_name("s")
('ควีนดอกจิก', '7 โพแดง', 'กองจั่ว')
>>> _ = use_language("en")
"""

from __future__ import annotations

import engine
from engine import Card, DealCode, parse_card
from engine.game import game_class
from ui.model.games import page_of
from ui.model.i18n import N_, _, current, pgettext

__all__ = ["card_name", "game_name", "in_dollars", "names_list", "pile_name", "rank_name", "suit_name", "variant_label"]

_RANKS: dict[int, str] = {1: N_("Ace"), 11: N_("Jack"), 12: N_("Queen"), 13: N_("King")}
_SUITS: dict[str, str] = {"s": N_("spades"), "h": N_("hearts"), "d": N_("diamonds"), "c": N_("clubs")}
_FOUNDATIONS: dict[str, str] = {
    "f1": N_("Spades foundation"),
    "f2": N_("Hearts foundation"),
    "f3": N_("Diamonds foundation"),
    "f4": N_("Clubs foundation"),
}
_card_names: dict[tuple[int, str], str] = {}


def rank_name(rank: int) -> str:
    """``"Ace"``, ``"2"`` … ``"10"``, ``"Jack"``, ``"Queen"``, ``"King"``, translated."""
    word = _RANKS.get(rank)
    return _(word) if word else str(rank)


def suit_name(suit: str) -> str:
    """``"hearts"`` and so on, translated."""
    return _(_SUITS[suit])


def card_name(card: Card | str) -> str:
    """A card in words: ``"7 of hearts"``; the Thai and Khmer catalogs put the
    suit after the rank as their players say it (a digit is followed by a space,
    a word is not)."""
    if isinstance(card, str):
        card = parse_card(card)
    key = (card.rank, card.suit)
    # Kept per card while the language stays: the table's accessible names say
    # dozens of cards after every move, and each name is three catalog lookups.
    name = _card_names.get(key)
    if name is None or not current(name):
        name = _card_name(card)
        _card_names[key] = name
    return name


def _card_name(card: Card) -> str:
    if card.rank in _RANKS:
        # TRANSLATORS: a card named with a word rank: "Queen of clubs".
        return pgettext("card", "{rank} of {suit}").format(rank=rank_name(card.rank), suit=suit_name(card.suit))
    # TRANSLATORS: a card named with a number: "7 of hearts".
    return pgettext("numbered card", "{rank} of {suit}").format(rank=rank_name(card.rank), suit=suit_name(card.suit))


def pile_name(pid: str) -> str:
    """A pile in words: ``"Column 3"``, ``"Stock"``, ``"Waste"``, ``"Hearts foundation"``."""
    if pid == "s":
        return _("Stock")
    if pid == "w":
        return _("Waste")
    if pid in _FOUNDATIONS:
        return _(_FOUNDATIONS[pid])
    if pid == "f":
        return _("Foundation")
    if pid.startswith("t") and pid[1:].isdigit():
        return _("Column {n}").format(n=int(pid[1:]))
    if pid.startswith("c") and pid[1:].isdigit():
        return _("Free cell {n}").format(n=int(pid[1:]))
    if pid == "x":
        # TRANSLATORS: the pile where Pyramid's removed cards go.
        return _("Removed cards")
    return pid


def place_name(game: str, pid: str) -> str:
    """A card of a game's shape (peaks, a pyramid) by its row and its place in the row:
    ``"Pyramid, row 4, card 2"``; another pile by its name."""
    shape = engine.variant_of(game).shape
    if shape is None:
        return pile_name(pid)
    row = shape.place(pid).row
    # TRANSLATORS: a card of TriPeaks' peaks or of Pyramid's pyramid, by row (1 at the top)
    # and its place in the row (1 at the left): "Pyramid, row 4, card 2".
    return _("{game}, row {row}, card {n}").format(game=game_name(game), row=row, n=shape.number(pid))


def game_name(game: str) -> str:
    """A game's name (``"Klondike"`` for ``"KL"``), translated: the game's page module says it."""
    return _(page_of(game).name)


def names_list(names: list[str]) -> str:
    """Names joined as the language lists them: ``"Spiderette and Spider"``,
    ``"Klondike, Spiderette and Spider"``.

    >>> names_list(["Klondike"]), names_list(["Spiderette", "Spider"]), names_list(["A", "B", "C"])
    ('Klondike', 'Spiderette and Spider', 'A, B and C')
    """
    if len(names) < 2:
        return "".join(names)
    head = names[0]
    for name in names[1:-1]:
        # TRANSLATORS: names in a list, all but the last: "Klondike, Spiderette".
        head = _("{first}, {next}").format(first=head, next=name)
    # TRANSLATORS: the last two names of a list: "Spiderette and Spider".
    return _("{first} and {last}").format(first=head, last=names[-1])


def variant_label(key: str) -> str:
    """An option set in words, from its key (``engine.options``).

    >>> variant_label("KL-D3V"), variant_label("SD-S1"), variant_label("FC-F3")
    ('Klondike, draw 3, Vegas scoring', 'Spiderette, 1 suit', 'FreeCell, 3 free cells')
    """
    game, _dash, options = key.partition("-")
    if game not in engine.VARIANTS:
        return key
    return page_of(game).label(options)


def in_dollars(settings: DealCode) -> bool:
    """True when the deal's score is a Vegas amount, in dollars: its words say
    "Amount" (Thai ยอดเงิน, Khmer ចំនួនប្រាក់), never "Score".

    >>> in_dollars(DealCode("KL", 3, "V")), in_dollars(DealCode("KL", 3, "N")), in_dollars(DealCode("SP", suits=1))
    (True, False, False)
    """
    return game_class(settings.game).scores_in_dollars(settings)
