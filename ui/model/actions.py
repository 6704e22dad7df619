"""What input code may ask of the page: the ``Actions`` protocol.

Pointer, keys, dialogs and the solver's panel change the table's state
(``ui.model.table``) or call these; they never hold the page itself, so each
can be read, and built, without it. The page is the one implementation.
"""

from __future__ import annotations

from typing import Literal, Protocol

from engine import Move
from ui.model.help_kinds import HelpKind
from ui.model.i18n import N_
from ui.model.session import Event

__all__ = ["OFFERS", "OFFER_BUTTONS", "Actions", "DialogName", "Offer"]

DialogName = Literal["new", "settings", "help", "stats", "rules", "daily"]
"""The page's dialogs that input can open."""


Offer = Literal["rewind", "more", "show", "turning", "left", "deal"]
"""What the status line may offer after a hint's check: undo to the last winnable
position (the position is lost), keep searching (the solver could not decide), show
the winning line it found (``ui.dom.show_me_how``), or find where the win was lost (a
lost game), or, giving the game up, watch a winning line from its deal ("deal"); and
after a new deal or a restart over an unfinished game, to bring that game back and find
where its win was lost ("left")."""

OFFERS: dict[Offer, str] = {
    "rewind": N_("Undo to the last winnable position"),
    "more": N_("Keep searching"),
    "show": N_("Show me how"),
    "turning": N_("Where was it lost?"),
    # TRANSLATORS: a button after a new deal or a restart: brings back the game the player left
    # unfinished and finds the move after which it could no longer be won.
    "left": N_("Where was the last game lost?"),
    # TRANSLATORS: a button beside "Where was it lost?" on a lost game: the player gives it up and
    # watches a winning line of the same deal from its first move ("Show me how" from the deal).
    "deal": N_("Show me how from the deal"),
}
"""Each offer's button, in words (translated when shown)."""

OFFER_BUTTONS: dict[Offer, tuple[Offer, ...]] = {
    "rewind": ("rewind", "turning", "deal"),
    "more": ("more",),
    "show": ("show",),
    "turning": ("turning", "deal"),
    "left": ("left",),
}
"""The buttons each offer shows: a lost position offers the way back and, beside it,
where the win was lost and a winning line from the deal."""


class Actions(Protocol):
    """Actions on the game and requests to the page."""

    def play(self, move: Move | str) -> Event:
        """Play a move (a refusal is said in the status line)."""
        ...

    def undo(self) -> Event: ...

    def new_game(self, code: str | None) -> Event | None:
        """Deal ``code``, or a random deal of the preferences (None while a
        winnable one is still being looked for)."""
        ...

    def say(
        self,
        text: str,
        note: bool = False,
        rule: str = "",
        offer: Offer | None = None,
        stays: bool = False,
        short: str = "",
    ) -> None:
        """Show a message in the status line, drawn in the next frame (``note``: a routine
        announcement, shown quietly; ``rule``: the rules section that explains a refusal, offered as "Why?";
        ``offer``: a button for what the solver offers after a hint's check, which stays until the
        player acts or the table changes; ``stays``: no time limit, the message stays until the next
        one; ``short``: what the line shows of a long ``text``, which only screen readers read whole)."""
        ...

    def forget_staying(self) -> None:
        """The table changed: a message that stays (a hint's verdict, its offer) goes from the
        status line, on show or behind a passing message."""
        ...

    def hint(self) -> None: ...

    def restart(self) -> Event:
        """Deal the game on the table again; the game left stays a step back (Undo brings it back)."""
        ...

    def show_line(self, line: tuple[str, ...]) -> None:
        """Show me how: play ``line``, a proven winning line from the position on the table, move by move."""
        ...

    def took_help(self, kind: HelpKind) -> None:
        """The player took help of ``kind`` in the game on the table (a hint shown, an
        undo to the last winnable position): the game keeps it (``ui.model.help_kinds``)."""
        ...

    def picked(self) -> None:
        """Cards were picked up (a drag began): the page makes their sound."""
        ...

    def refused(self) -> None:
        """Cards dropped where they may not go, or a double tap with no place for them:
        the page makes the refused move's sound (the status line says why)."""
        ...

    def nudge(self, pid: str, index: int, count: int) -> None:
        """The top ``count`` cards of ``pid`` from ``index`` answer a tap that plays
        nothing with a small nudge (none with reduced motion)."""
        ...

    def open_dialog(self, name: DialogName) -> None: ...

    def preferences_changed(self) -> None:
        """The player changed a setting: keep it and show the table with it."""
        ...

    def redraw(self, animate: bool = True) -> None:
        """The game changed: lay the table out again and draw it at the next frame."""
        ...

    def request_frame(self) -> None:
        """Draw the dragged cards, the header, the status line and the Finish button at the
        next frame (after a change of the table state that moves no card)."""
        ...

    def redraw_marks(self) -> None:
        """Only the table state changed (focus, held cards, the hint, a drag): draw it at the next frame."""
        ...

    def flush(self) -> None:
        """Draw now whatever waits for the next frame."""
        ...
