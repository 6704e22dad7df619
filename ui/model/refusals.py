"""A refused move, in the player's language, and the rule section that explains it.

The engine refuses with an English sentence and a machine-readable reason (with
the values its sentence speaks of); this module words that reason in the current
language, and names the section of the rules (``ui.model.rules``) that a "Why?" link opens.

>>> import engine
>>> from ui.model.i18n import use_language
>>> g = engine.new_game("KL1-D1N-AAAAAAG")
>>> _ = g.play("t1>f")
>>> error = g.refusal_error("t2>t1")
>>> _ = use_language("en")
>>> refusal_text(g.settings.game, error), rule_anchor(g.settings.game, error.reason)
('Only a King can go to an empty column.', 'kl-empty')
>>> _ = use_language("km")
>>> refusal_text("KL", error)
'មានតែ K ទេដែលអាចដាក់ក្នុងជួរឈរទទេ។'
>>> _ = use_language("th")
>>> refusal_text("KL", g.refusal_error("t3>t2"))
'วาง คิงข้าวหลามตัด บน แจ็คดอกจิก ไม่ได้: ต้องวางไพ่สีสลับกันและแต้มต่ำกว่าหนึ่งลำดับ (7 แดงบน 8 ดำ)'
>>> _ = use_language("en")
"""

from __future__ import annotations

from engine import CodeError, IllegalMove
from engine.codes import CodeReason
from engine.moves import Reason
from ui.model.i18n import N_, _, current_language, ngettext
from ui.model.rules import RULES
from ui.model.words import card_name, game_name, pile_name

__all__ = [
    "ANCHORS",
    "FREECELL_ANCHORS",
    "KLONDIKE_ANCHORS",
    "SPIDER_ANCHORS",
    "code_error_text",
    "refusal_text",
    "rule_anchor",
]

_COMMON: dict[Reason, str] = {
    "notation": "controls",
    "no_such_pile": "controls",
    "no_cards": "controls",
    "group_from_column_only": "columns",
    "same_pile": "columns",
    "empty_pile": "columns",
    "face_down": "columns",
    "stock_tap_only": "stock",
    "not_to_stock": "stock",
    "stock_empty": "stock",
    "nothing_to_undo": "undo",
}

KLONDIKE_ANCHORS: dict[Reason, str] = {
    **{reason: f"kl-{section}" for reason, section in _COMMON.items()},
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
"""The Klondike rules section that explains each reason Klondike refuses with."""

SPIDER_ANCHORS: dict[Reason, str] = {
    **{reason: f"sp-{section}" for reason, section in _COMMON.items()},
    "no_foundations": "sp-runs",
    "group_one_suit": "sp-groups",
    "nothing_on_ace": "sp-columns",
    "king_needs_empty": "sp-columns",
    "build_down": "sp-columns",
    "fill_before_deal": "sp-stock",
}
"""The Spiderette and Spider rules section for each reason those games refuse with."""


FREECELL_ANCHORS: dict[Reason, str] = {
    "notation": "fc-controls",
    "no_cards": "fc-controls",
    "no_such_pile": "fc-cells",
    "stock_tap_only": "fc-deal",
    "no_stock": "fc-deal",
    "group_from_column_only": "fc-runs",
    "run_alternating": "fc-runs",
    "supermove_limit": "fc-runs",
    "same_pile": "fc-columns",
    "empty_pile": "fc-columns",
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
"""The FreeCell rules section for each reason FreeCell refuses with."""

ANCHORS: dict[str, dict[Reason, str]] = {
    "KL": KLONDIKE_ANCHORS,
    "SD": SPIDER_ANCHORS,
    "SP": SPIDER_ANCHORS,
    "FC": FREECELL_ANCHORS,
}
"""Each game's rules section for each reason it refuses with (a deal-code prefix to its anchors)."""


def _anchors(game: str) -> dict[Reason, str]:
    if game not in ANCHORS:
        raise KeyError(f"No rule sections for game {game!r}: expected one of {', '.join(ANCHORS)}.")
    return ANCHORS[game]


def rule_anchor(game: str, reason: Reason | None) -> str:
    """The id of the rules section that explains ``reason`` in ``game`` (a
    deal-code prefix); the game's first section (its goal) when the reason is
    unknown. A game without rules raises ``KeyError``.

    >>> rule_anchor("FC", "supermove_limit"), rule_anchor("SP", None), rule_anchor("FC", "vegas_one_pass")
    ('fc-runs', 'sp-goal', 'fc-goal')
    """
    anchors = _anchors(game)
    if reason is not None and reason in anchors:
        return anchors[reason]
    return RULES[game][0].anchor


_PLAIN: dict[Reason, str] = {
    "notation": N_("Write a move like t3:2>t5, w>f or s."),
    "no_such_pile": N_("There is no such pile in this game."),
    "no_cards": N_("A move takes at least one card."),
    "group_from_column_only": N_("Only a column can move several cards at once."),
    "same_pile": N_("Those cards are already in that column."),
    "stock_tap_only": N_("Cards leave the stock only by tapping it."),
    "not_to_stock": N_("Cards can't be put back into the stock."),
    "not_to_waste": N_("Only the stock turns cards onto the waste."),
    "waste_top_only": N_("Only the top card of the waste can be played."),
    "foundation_top_only": N_("Only the top card of a foundation can be taken back."),
    "foundation_one_card": N_("Foundations take one card at a time."),
    "empty_needs_king": N_("Only a King can go to an empty column."),
    "classic_no_takeback": N_("Classic rules never take a card back from a foundation."),
    "vegas_one_pass": N_("Vegas scoring goes through the stock once only: the waste can't be turned back."),
    "classic_one_pass": N_("Classic rules with draw 1 allow a single pass through the stock."),
    "classic_three_passes": N_("Classic rules with draw 3 allow three passes through the stock in all."),
    "group_one_suit": N_("Only a run of one suit moves as a group."),
    "nothing_on_ace": N_("Nothing can go onto an Ace."),
    "king_needs_empty": N_("A King can only go to an empty column."),
    "build_down": N_("A card goes onto a card one rank higher."),
    "fill_before_deal": N_("Fill every empty column before dealing."),
    "nothing_to_undo": N_("Nothing to undo."),
    "no_stock": N_("FreeCell has no stock: every card is dealt at the start."),
    "cell_one_card": N_("A free cell holds one card."),
}
"""Reasons whose sentence needs no values."""

_GAME_PLAIN: dict[str, dict[Reason, str]] = {
    "KL": {"stock_empty": N_("The stock and the waste are both empty.")},
    "SD": {"stock_empty": N_("The stock is empty.")},
    "SP": {"stock_empty": N_("The stock is empty.")},
    "FC": {
        "same_pile": N_("Those cards are already there."),
        "stock_tap_only": N_("FreeCell has no stock: every card is dealt at the start."),
    },
}
"""Reasons that one game words in its own way (FreeCell has no stock, and a card
may already be in a free cell rather than a column)."""


def refusal_text(game: str, error: IllegalMove) -> str:
    """The rule that refused a move of ``game`` (a deal-code prefix), in the
    player's language; the engine's English for a reason it does not know."""
    reason, values = error.reason, error.values
    if reason is None:
        return str(error)
    if reason == "no_such_pile" and "cells" in values:
        cells = int(values["cells"])
        return ngettext(
            "There is no such pile in this deal: it has {n} free cell.",
            "There is no such pile in this deal: it has {n} free cells.",
            cells,
        ).format(n=cells)
    own = _GAME_PLAIN.get(game, {})
    if reason in own:
        return _(own[reason])
    if reason in _PLAIN:
        return _(_PLAIN[reason])
    pid = str(values.get("pile", ""))
    pile = pile_name(pid)
    if reason == "empty_pile":
        if pid.startswith("c"):
            return _("That free cell is empty.")
        return _("{pile} is empty.").format(pile=pile)
    if reason == "face_down":
        up = int(values.get("up", 0))
        return ngettext(
            "Only face-up cards can be moved: {pile} has {n} face-up card.",
            "Only face-up cards can be moved: {pile} has {n} face-up cards.",
            up,
        ).format(pile=pile, n=up)
    if reason == "no_foundations":
        return _("{game} has no waste or foundations: completed runs leave by themselves.").format(game=game_name(game))
    cards = {key: card_name(str(value)) for key, value in values.items() if key in ("card", "top", "needed")}
    if reason == "foundation_ace_first":
        return _("A foundation starts with an Ace: the {card} can't go there yet.").format(**cards)
    if reason == "foundation_sequence":
        return _("Foundations build up by suit from Ace to King: the {card} needs the {needed} there first.").format(
            **cards
        )
    if reason == "already_on_foundation":
        return _("The {card} is already on its foundation.").format(**cards)
    if reason == "foundation_stays":
        return _("The {card} stays on its foundation: in FreeCell a card that is home never comes back.").format(
            **cards
        )
    if reason == "build_alternating":
        return _(
            "The {card} can't go on the {top}: "
            "build down in alternating colours, one rank lower (a red 7 on a black 8)."
        ).format(**cards)
    if reason == "cell_full":
        return _("That free cell already holds the {card}.").format(**cards)
    if reason == "run_alternating":
        run = int(values.get("run", 1))
        return ngettext(
            "Only a run that goes down in alternating colours moves as a unit: only the last card of {pile} does.",
            "Only a run that goes down in alternating colours moves as a unit: the last {n} cards of {pile} do.",
            run,
        ).format(n=run, pile=pile)
    if reason == "supermove_limit":
        return _supermove_text(values)
    return str(error)


def _supermove_text(values: dict[str, str | int]) -> str:
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


_CODE_WORDS: dict[CodeReason, str] = {
    "bad_format": N_("That is not a deal code: a code looks like KL1-D1N-AAAAAAG, SD1-S4-AAAAAAH or FC1-F4-1."),
    "bad_version": N_("That deal code was made by another version of the game and cannot be read here."),
    "unknown_game": N_("That deal code names no game: it starts with KL, SD, SP or FC."),
    "bad_options": N_(
        "That deal code's options are not valid: KL1-D1N, KL1-D3V, SD1-S2, SP1-S4 and FC1-F4 are examples."
    ),
    "bad_seed": N_("A deal code ends in 7 letters from A to Z."),
    "wrong_game": N_("That deal code is for another game."),
}

_DEAL_NUMBER_CODE_WORDS: dict[CodeReason, str] = {
    "bad_seed": N_("A FreeCell deal code ends in a deal number from 1 to 2147483647."),
}
"""What the codes of a game numbered by deal (FreeCell) say in their own way: they end
in Microsoft's deal number, not letters."""


def code_error_text(error: CodeError) -> str:
    """What is wrong with a deal code, in the player's language (in English, the
    engine's own sentence, which quotes what was typed)."""
    if current_language() == "en":
        return str(error)
    # A game whose seeds are deal numbers says so in its error (``seed``): FreeCell's.
    if error.values.get("seed") == "deal number" and error.reason in _DEAL_NUMBER_CODE_WORDS:
        return _(_DEAL_NUMBER_CODE_WORDS[error.reason])
    if error.reason in _CODE_WORDS:
        return _(_CODE_WORDS[error.reason])
    return str(error)
