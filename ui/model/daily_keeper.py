"""Keeps the daily deal's records as the games are played.

A game is a daily deal when its code is one (``engine.daily_day``): opened from
the calendar, the ``#daily`` link, a typed code or Back, it counts the same. Its
day is recorded as played at its first move and as won when it is won from its
deal (a game opened from someone's record at a later move is their play: it
counts as played only); a win records whether it was won with help
(``ui.model.help_kinds``). A daily game also counts in the ordinary statistics,
which the ``Keeper`` keeps as for any game.

Each write reads the records fresh (``Store.update_daily``), so two tabs both
keep their results; a write that fails is tried again at the next action.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import engine
from ui.model.daily import DayResult, Records, record
from ui.model.session import Event, Session
from ui.model.storage import Store

__all__ = ["DailyKeeper"]


class DailyKeeper:
    """Records the daily deal on the table (subscribed to the session)."""

    def __init__(
        self,
        session: Session,
        store: Store,
        opened_at: Callable[[], int] = lambda: 0,
        active: Callable[[], bool] = lambda: True,
        helped: Callable[[], bool] = lambda: False,
        *,
        catch_up: bool = True,
    ) -> None:
        self.session = session
        self.store = store
        self._opened_at = opened_at
        """The move the game on the table was opened at from a shared record (0: its deal)."""
        self._active = active
        """False once another tab plays (it saves and counts nothing more here)."""
        self._helped = helped
        """True once help was taken in the game on the table (its win is one with help)."""
        self._written: tuple[str, DayResult] | None = None
        """The last result written (its code and what it was), not written again."""
        session.subscribe(self.on_event)
        if catch_up:  # the page does it when it is next idle: the first frame does not wait
            self.catch_up(played=False)

    def on_event(self, event: Event) -> None:
        if event.kind != "refused":
            self.catch_up(played=event.kind == "play")

    def result(self, played: bool) -> DayResult | None:
        """What the game on the table adds to its day: nothing, played or won."""
        game = self.session.game
        if game.won and self._opened_at() == 0:
            return DayResult(True, self.session.elapsed(), game.moves, self._helped())
        if played or game.moves > 0 or game.won:
            return DayResult(False)
        return None

    def catch_up(self, played: bool) -> None:
        """Write what the records lack of the daily game on the table, if it is one."""
        game = self.session.game
        result = self.result(played)
        if result is None or not self._active():
            return
        day = engine.daily_day(game.code)  # the first call per game works out its days' codes
        if day is None:
            return
        written = self._written
        if written is not None and written[0] == game.code and written[1].better(result) == written[1]:
            return  # already recorded (or better)
        prefix = game.code.rpartition("-")[0]

        def change(records: Records, day: datetime.date = day) -> bool:
            return record(records, prefix, day, result, self.store.today())

        if self.store.update_daily(change):
            self._written = (game.code, result)
