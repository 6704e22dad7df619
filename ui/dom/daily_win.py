"""The win summary's daily part: "daily deal won", the streak, and Share result.

Shown in the summary (``#dlg-win``) when the deal won is a daily deal won from
its start, with the streak (the day won counts even before its record is written).
Share result shares a short text in the player's language (the day, the game,
moves and time, whether it was won with help, the streak and the page's address), as word games do: nothing of
the deal itself, so a friend still has it to play. It opens the device's share
sheet (Web Share, ``navigator.share``) where the browser has one, and copies the
text elsewhere.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

from pyscript import document, window

import engine
from ui.dom.callbacks import listen
from ui.dom.clipboard import Clipboard
from ui.dom.local_day import local_today
from ui.model.daily import DayResult, share_text, win_line, win_streaks
from ui.model.dates import date_words
from ui.model.i18n import _, again
from ui.model.session import Session
from ui.model.storage import Store

__all__ = ["DailyWin"]


class DailyWin:
    """Fills the summary's daily line and its Share result button."""

    def __init__(
        self,
        session: Session,
        store: Store,
        opened_at: Callable[[], int],
        helped: Callable[[], tuple[str, ...]] = tuple,
    ) -> None:
        self.session = session
        self.store = store
        self._opened_at = opened_at
        self._helped = helped
        self.line = document.getElementById("win-daily")
        self.button = document.getElementById("win-share")
        self.message = document.getElementById("win-share-msg")
        self._said = ""
        self.clipboard = Clipboard(self._copied)
        listen(self.button, "click", lambda _e: self.share())

    def _daily(self) -> tuple[str, datetime.date] | None:
        game = self.session.game
        day = engine.daily_day(game.code)
        if day is None or not game.won or self._opened_at() != 0:
            return None
        return game.code.rpartition("-")[0], day

    def show(self) -> None:
        """Write the daily line (or hide it, for any other win)."""
        self._copied("")
        daily = self._daily()
        self.line.hidden = self.button.hidden = daily is None
        if daily is None:
            return
        prefix, day = daily
        today = local_today()
        self.line.textContent = win_line(date_words(day), win_streaks(self.store.load_daily(), prefix, day, today))

    def language_changed(self) -> None:
        if not self.line.hidden:
            self.show()

    def share(self) -> None:
        daily = self._daily()
        if daily is None:
            return
        prefix, day = daily
        game = self.session.game
        today = local_today()
        streak = win_streaks(self.store.load_daily(), prefix, day, today).current
        address = str(window.location.href).split("#", 1)[0]
        result = DayResult(True, self.session.elapsed(), game.moves)
        text = share_text(date_words(day), prefix, result, streak, address, helped=bool(self._helped()))
        # The phone's own share sheet where the browser has one, else the clipboard.
        self.clipboard.share_text(text, _("Your result is copied: paste it to share."))

    def _copied(self, text: str) -> None:
        self._said = text
        self.message.textContent = again(text) if text else ""
