"""Games coming to the table and what each of the session's events does to the page.

Undo (which, with nothing left to undo, goes back to the game this one
replaced), Restart, New game (with "Winnable deals only", a deal the solver
proved), a game opened from a link or the history, the game left brought back
to find where it was lost; and after every event of
the session: the keyboard's focus kept in step, the words of the status line
(``ui.model.event_words``), a frame asked for, and a win's celebration.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyscript import window

import engine
from ui.dom.callbacks import kept_proxy
from ui.dom.celebration import Celebration
from ui.dom.frames import Frames
from ui.dom.pointer import Pointer
from ui.model.announce import win_text
from ui.model.event_words import event_words
from ui.model.games import page_of
from ui.model.progress import unfinished
from ui.model.session import Event, Session
from ui.model.table import TableState

if TYPE_CHECKING:
    from ui.dom.history import History

__all__ = ["GameFlow"]


class GameFlow:
    """Puts games on the table and follows the session's events."""

    def __init__(
        self,
        session: Session,
        state: TableState,
        frames: Frames,
        pointer: Pointer,
        celebration: Celebration,
        say: Callable[..., None],
        winnable_deal: Callable[[engine.DealCode], str | None],
        close_win: Callable[[], None],
    ) -> None:
        self.session = session
        self.state = state
        self.frames = frames
        self.pointer = pointer
        self.celebration = celebration
        self._say = say
        self._winnable_deal = winnable_deal
        """A proven-winnable deal of these options (None while the solver looks for one)."""
        self._close_win = close_win
        self.history: History | None = None
        """The game's browser-history entries (set at start-up)."""
        self._left_game = False
        """The game on the table replaced an unfinished one: the status line says Undo brings it back."""
        self._left_solvable = False
        """That game has a solver: the status line offers to find where it was lost."""
        self._on_return: tuple[str, Callable[[], None]] | None = None
        """The id of the game left and what to do once it is back on the table (``back_to_left``)."""
        self._returned_proxy = kept_proxy(self._returned)
        self._quiet = False
        session.subscribe(self._on_event)

    def undo(self) -> Event:
        """Undo the last action; with nothing left to undo, go back to the game this
        one replaced (New game, Restart and an opened link are undoable)."""
        self.pointer.cancel_pending()
        if self.history is not None and self.history.back_to_replaced():
            return Event("undo")
        return self.session.undo()

    def back_to_left(self, then: Callable[[], None]) -> bool:
        """Bring back the unfinished game this one replaced (as Undo does with nothing
        to undo), and call ``then`` once it is on the table; False when there is none."""
        self.pointer.cancel_pending()
        history = self.history
        if history is None:
            return False
        left = history.keeper.replaced
        if not history.back_to_replaced():
            return False
        self._on_return = (left, then)
        return True

    def _returned(self, *_: Any) -> None:
        waiting, self._on_return = self._on_return, None
        # Only on the game left: a history step that landed elsewhere asks nothing.
        if waiting is not None and self.history is not None and self.history.keeper.game_id == waiting[0]:
            waiting[1]()

    def _replacing(self) -> None:
        """Another game is about to take the table: it gets its history entry, and
        the old one stays a step back (Undo or Back bring it back)."""
        self.pointer.cancel_pending()
        game = self.session.game
        self._left_game = unfinished(game)
        self._left_solvable = self._left_game and page_of(game.settings.game).has_solver
        if self.history is not None:
            self.history.replace()

    def restart(self) -> Event:
        self._replacing()
        return self.session.restart()

    def new_game(self, code: str | None, save_preferences: Callable[[], None]) -> Event | None:
        """Deal ``code``, or a random deal of the preferences: with "Winnable deals
        only", a proven-winnable one (None when the solver is still looking for it)."""
        self.pointer.cancel_pending()
        prefs = self.session.preferences
        # Only a game the solver knows has proven deals; another deals at random.
        if code is None and prefs.winnable_only and page_of(prefs.game).has_solver:
            code = self._winnable_deal(engine.parse_code(prefs.random_code()))
            save_preferences()  # where the order of proven deals is
            if code is None:
                return None
        self._replacing()
        return self.session.new_game(code)

    def load(self, game: engine.Game, quiet: bool = False) -> Event:
        """Put ``game`` on the table (a link; or Back and Forward with ``quiet``:
        the history says which game came back)."""
        self.pointer.cancel_pending()
        self._quiet = quiet
        try:
            return self.session.load(game)
        finally:
            self._quiet = False

    def _on_event(self, event: Event) -> None:
        game = self.session.game
        if not event.won and event.kind != "refused":
            self.celebration.cancel()  # undone, restarted or replaced during the cascade
        keyboard = self.state.keyboard
        words = event_words(event, game, self._left_game, self._quiet, self._left_solvable)
        if event.kind == "refused":
            self._say(words.text if words else "", False, event.rule)
            return
        if self._on_return is not None:
            if event.kind == "load":
                # After the history's own words on the game's return (said once this event is done).
                window.setTimeout(self._returned_proxy, 0)
            else:
                self._on_return = None  # something else came to the table first
        if event.kind in ("new", "restart", "load"):
            keyboard.reset()
            self.state.nodes.reset()
            self.frames.deal()
            self._left_game = self._left_solvable = False
            self._close_win()
        elif event.action is not None and event.kind == "play":
            keyboard.after_play(game, event.action.move, event.action.dst, by_keys=False)
        elif event.action is not None and event.kind == "undo":
            keyboard.forget_held()
        if words is not None:
            self._say(words.text, words.note, words.rule, offer=words.offer, short=words.short)
        self.frames.redraw(animate=True)
        if event.won:
            # Said, then the cards' cascade and the summary (``ui.dom.celebration``).
            self._say(win_text(game), False, "")
            self.celebration.begin(game.code)
