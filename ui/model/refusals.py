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

from collections.abc import Callable

import engine
from engine import CodeError, IllegalMove
from engine.codes import CodeReason
from engine.moves import Reason
from engine.variants import pile_kind
from ui.model.games import page_of, pages
from ui.model.i18n import N_, _, current_language, ngettext
from ui.model.words import card_name, pile_name

__all__ = ["code_error_text", "refusal_text", "rule_anchor"]


def rule_anchor(game: str, reason: Reason | None) -> str:
    """The id of the rules section that explains ``reason`` in ``game`` (a game id), as
    the game's page module says; the game's first section (its goal) when the reason
    is unknown. An unknown game raises ``KeyError``.

    >>> rule_anchor("FC", "supermove_limit"), rule_anchor("SP", None), rule_anchor("FC", "vegas_one_pass")
    ('fc-runs', 'sp-goal', 'fc-goal')
    """
    page = page_of(game)
    if reason is not None and reason in page.anchors:
        return page.anchors[reason]
    return page.rules[0].anchor


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
}
"""Reasons whose sentence needs no values."""


def refusal_text(game: str, error: IllegalMove) -> str:
    """The rule that refused a move of ``game`` (a deal-code prefix), in the
    player's language; the engine's English for a reason it does not know."""
    reason, values = error.reason, error.values
    if reason is None:
        return str(error)
    page = page_of(game)
    own = page.refusal(reason, values)
    if own is not None:
        return own
    if reason in page.own_words:
        return _(page.own_words[reason])
    if reason in _PLAIN:
        return _(_PLAIN[reason])
    pid = str(values.get("pile", ""))
    pile = pile_name(pid)
    if reason == "empty_pile":
        if pile_kind(pid) == "cell":
            return _("That free cell is empty.")
        return _("{pile} is empty.").format(pile=pile)
    if reason == "face_down":
        up = int(values.get("up", 0))
        return ngettext(
            "Only face-up cards can be moved: {pile} has {n} face-up card.",
            "Only face-up cards can be moved: {pile} has {n} face-up cards.",
            up,
        ).format(pile=pile, n=up)
    cards = {key: card_name(str(value)) for key, value in values.items() if key in ("card", "top", "needed")}
    if reason == "foundation_ace_first":
        return _("A foundation starts with an Ace: the {card} can't go there yet.").format(**cards)
    if reason == "foundation_sequence":
        return _("Foundations build up by suit from Ace to King: the {card} needs the {needed} there first.").format(
            **cards
        )
    if reason == "already_on_foundation":
        return _("The {card} is already on its foundation.").format(**cards)
    if reason == "build_alternating":
        return _(
            "The {card} can't go on the {top}: "
            "build down in alternating colours, one rank lower (a red 7 on a black 8)."
        ).format(**cards)
    return str(error)


_CODE_WORDS: dict[CodeReason, str] = {
    # TRANSLATORS: {examples} lists deal codes, one per game ("KL1-D1N-AAAAAAG, SD1-S4-AAAAAAH, FC1-F4-1").
    "bad_format": N_("That is not a deal code: a code looks like one of {examples}."),
    "bad_version": N_("That deal code was made by another version of the game and cannot be read here."),
    # TRANSLATORS: {games} lists the games' letters ("KL, SD, SP, FC").
    "unknown_game": N_("That deal code names no game: it starts with one of {games}."),
    # TRANSLATORS: {examples} lists the start of valid deal codes ("KL1-D1N, SD1-S1, FC1-F4").
    "bad_options": N_("That deal code's options are not valid: {examples} are examples."),
    "bad_seed": N_("A deal code ends in 7 letters from A to Z."),
    "wrong_game": N_("That deal code is for another game."),
}


_EXAMPLES: dict[CodeReason, Callable[[], tuple[str, ...]]] = {
    # Whole codes: each game's own deal in How to play.
    "bad_format": lambda: tuple(dict.fromkeys(page.diagram_code for page in pages())),
    # Starts of codes: each game's first option set.
    "bad_options": lambda: tuple(engine.option_sets_of(engine.variant_of(page.game))[0].prefix for page in pages()),
}


def _examples(reason: CodeReason) -> str:
    return ", ".join(_EXAMPLES[reason]()) if reason in _EXAMPLES else ""


def code_error_text(error: CodeError) -> str:
    """What is wrong with a deal code, in the player's language (in English, the
    engine's own sentence, which quotes what was typed)."""
    if current_language() == "en":
        return str(error)
    # A game that words an error of its codes in its own way names itself in the error
    # (FreeCell's codes end in a deal number, not letters).
    game = str(error.values.get("game", ""))
    reason = error.reason
    if reason is None:
        return str(error)
    own = page_of(game).code_words if game in engine.VARIANTS else {}
    if reason in own:
        return _(own[reason])
    if reason in _CODE_WORDS:
        return _(_CODE_WORDS[reason]).format(
            examples=_examples(reason),
            games=", ".join(engine.VARIANTS),
        )
    return str(error)
