"""Help a game had: what makes its win a win "with help", and the words that say so.

A game is helped once the player took help in it, of any kind (``HELP_KINDS``):
a hint shown on the table (``"hint"``), an undo to the last winnable position
(``"rewind"``), which the solver found, or a winning line played on the table
(``"show"``, Show me how). A kind of help added later is one more kind here and
one more phrase. The kinds
a game had are kept with it, in its save and its history entry, as a tuple in
``HELP_KINDS`` order (empty: no help); an undo does not take them away, and a new
game or a restart (a new game id) starts without. The statistics keep the wins
with help apart (``VariantStats.won_helped``, the streak without help). Pure Python.

>>> helped = with_help((), "rewind")
>>> with_help(helped, "hint"), with_help(helped, "rewind") is helped
(('hint', 'rewind'), True)
>>> help_line(()), help_line(("hint", "rewind"))
('Won without help', 'Won with help: hints and undo to the last winnable position')
"""

from __future__ import annotations

from typing import Literal

from ui.model.i18n import N_, _
from ui.model.words import names_list

__all__ = ["HELP_KINDS", "HelpKind", "help_line", "help_text", "read_help", "share_help", "with_help"]

HelpKind = Literal["hint", "rewind", "show"]

HELP_KINDS: tuple[HelpKind, ...] = ("hint", "rewind", "show")
"""Every kind of help, in the order they are said."""

_PHRASES: dict[str, str] = {
    # TRANSLATORS: a kind of help, in "Won with help: hints and undo to the last winnable position".
    "hint": N_("hints"),
    # TRANSLATORS: a kind of help, in "Won with help: hints and undo to the last winnable position".
    "rewind": N_("undo to the last winnable position"),
    # TRANSLATORS: a kind of help, in "Won with help: hints and Show me how" (its button's words).
    "show": N_("Show me how"),
}


def with_help(helped: tuple[str, ...], kind: HelpKind) -> tuple[str, ...]:
    """The kinds of help of a game after ``kind`` was taken (the same tuple when it was already)."""
    if kind in helped:
        return helped
    return tuple(k for k in HELP_KINDS if k in helped or k == kind)


def help_text(helped: tuple[str, ...]) -> str:
    """The kinds of help as stored: their names, a space between (a save's and a
    history entry's field, a plain string as their other fields are).

    >>> help_text(("hint", "rewind")), help_text(())
    ('hint rewind', '')
    """
    return " ".join(helped)


def read_help(value: object) -> tuple[str, ...]:
    """The kinds of help as stored (``help_text``): anything else reads as no help,
    and a kind this version does not know is dropped.

    >>> read_help("rewind hint hint"), read_help(None), read_help(["hint"]), read_help("x" * 99)
    (('hint', 'rewind'), (), (), ())
    """
    if not isinstance(value, str) or len(value) > 200:
        return ()
    named = value.split()
    return tuple(k for k in HELP_KINDS if k in named)


def help_line(helped: tuple[str, ...]) -> str:
    """The win summary's line: won without help, or with which help."""
    if not helped:
        # TRANSLATORS: in the win summary: no hint was taken and no undo to the last winnable position.
        return _("Won without help")
    kinds = names_list([_(_PHRASES[kind]) for kind in HELP_KINDS if kind in helped])
    # TRANSLATORS: in the win summary; {kinds} lists the help taken ("hints and undo to the last winnable position").
    return _("Won with help: {kinds}").format(kinds=kinds)


def share_help(helped: bool) -> str:
    """What a shared result says of help (the daily deal's Share result)."""
    # TRANSLATORS: a line of the shared daily result: the game was won with no hint and no undo to a winnable position.
    return _("Without help") if not helped else _("With help")
