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

from engine import Card, DealCode, parse_card
from engine.game import game_class
from ui.model.i18n import N_, _, current, ngettext, pgettext

__all__ = ["PAGE_GAMES", "card_name", "game_name", "in_dollars", "pile_name", "rank_name", "suit_name"]

_RANKS: dict[int, str] = {1: N_("Ace"), 11: N_("Jack"), 12: N_("Queen"), 13: N_("King")}
_SUITS: dict[str, str] = {"s": N_("spades"), "h": N_("hearts"), "d": N_("diamonds"), "c": N_("clubs")}
_FOUNDATIONS: dict[str, str] = {
    "f1": N_("Spades foundation"),
    "f2": N_("Hearts foundation"),
    "f3": N_("Diamonds foundation"),
    "f4": N_("Clubs foundation"),
}
_GAMES: dict[str, str] = {"KL": N_("Klondike"), "SD": N_("Spiderette"), "SP": N_("Spider"), "FC": N_("FreeCell")}
PAGE_GAMES = frozenset(_GAMES)
"""The games the page has words for, and so offers (the engine may play more: Golf)."""
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
    return pid


def game_name(game: str) -> str:
    """``"Klondike"``, ``"Spiderette"``, ``"Spider"`` or ``"FreeCell"`` for a game id, translated."""
    return _(_GAMES[game])


SCORING_NAMES = {"N": N_("Normal scoring"), "V": N_("Vegas scoring"), "C": N_("Classic rules")}
"""Klondike's scoring rules by their letter in a deal code."""


def variant_label(key: str) -> str:
    """An option set in words, from its key (``engine.options``).

    >>> variant_label("KL-D3V"), variant_label("SD-S1"), variant_label("FC-F3")
    ('Klondike, draw 3, Vegas scoring', 'Spiderette, 1 suit', 'FreeCell, 3 free cells')
    """
    game, _dash, options = key.partition("-")
    name = game_name(game) if game in _GAMES else game
    # The options' letter says what they are: D(raw and scoring), S(uits), F(ree cells).
    if options[:1] == "D" and len(options) == 3:
        scoring = _(SCORING_NAMES[options[2]]) if options[2] in SCORING_NAMES else options[2]
        return _("{game}, draw {n}, {scoring}").format(game=name, n=options[1], scoring=scoring)
    count = options[1:]
    n = int(count) if count.isdigit() else 0
    if options[:1] == "F":
        return ngettext("{game}, {n} free cell", "{game}, {n} free cells", n).format(game=name, n=count)
    return ngettext("{game}, {n} suit", "{game}, {n} suits", n).format(game=name, n=count)


def in_dollars(settings: DealCode) -> bool:
    """True when the deal's score is a Vegas amount, in dollars: its words say
    "Amount" (Thai ยอดเงิน, Khmer ចំនួនប្រាក់), never "Score".

    >>> in_dollars(DealCode("KL", 3, "V")), in_dollars(DealCode("KL", 3, "N")), in_dollars(DealCode("SP", suits=1))
    (True, False, False)
    """
    return game_class(settings.game).scores_in_dollars(settings)
