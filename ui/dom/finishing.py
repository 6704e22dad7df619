"""The Finish button and "Finish automatically": the last moves play by themselves.

Never unasked: the button appears once the game can finish by itself
(``engine.finish``: Klondike with every card face up and, except in draw 1
with unlimited passes, the stock and waste empty; the Spider family with the
stock empty, every card face up and a short search proving the rest), and the
moves play when it is pressed -- or at once with the setting on (off by
default). Whether the button shows is table state (``state.finish``), drawn with
the status line (``ui.dom.status_line``). Each move is an ordinary move through the session, played one at a
time with the table's animation: undo, the score and the move count are what
playing them by hand gives.

The Spider family's search runs in small slices between frames, so the table
never freezes while it looks.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window

from engine import Game, Move
from engine.finish import FinishSearch, ready
from ui.dom.callbacks import kept_proxy, listen
from ui.model.actions import Actions
from ui.model.i18n import _
from ui.model.session import Event, Session
from ui.model.table import FinishButton, TableState

__all__ = ["Finisher"]

STEP_MS = 90
"""The pause between two finishing moves: each one is seen, and the whole is quick."""
SLICE_NODES = 40
"""Positions searched between two frames while looking for a Spider-family finish."""
SLICE_MOVES = 8
"""Moves of Klondike's finish worked out between two frames (each is a whole move of
the engine, dearer than a position of the Spider family's search)."""


class Finisher:
    """Shows the Finish button when the game can finish by itself, and plays the finish."""

    def __init__(self, session: Session, state: TableState, actions: Actions) -> None:
        self.session = session
        self.state = state
        self.actions = actions
        self._search: FinishSearch | None = None
        self._record = ""
        self._line: tuple[Move, ...] | None = None
        self._queue: list[Move] = []
        self._playing = False
        self._own = False
        self._pressed = False
        """The button was pressed while the search was looking: finish when it has."""
        self._timer: Any = None
        self._slice_proxy = kept_proxy(self._slice)
        self._step_proxy = kept_proxy(self._step)
        listen(document.getElementById("btn-finish"), "click", lambda _e: self.finish())
        session.subscribe(self._on_event)
        self.look()

    @property
    def playing(self) -> bool:
        """True while the finish plays its moves."""
        return self._playing

    # -------------------------------------------------------------- looking

    def _on_event(self, event: Event) -> None:
        if event.kind == "refused":
            return
        if self._own:
            return  # one of the finish's own moves
        self._stop()
        self.look()

    def look(self) -> None:
        """Look again whether the game on the table can finish by itself."""
        game = self.session.game
        record = game.record()
        if record == self._record:
            return
        self._record = record
        self._line = None
        self._cancel_timer()
        self._search = None
        if not ready(game):
            self._pressed = False
            self._show(False)
            self._looked(game)
            return
        # Looked for in later tasks, a few positions at a time: the move that made
        # the table ready is drawn first, and no frame waits for the search. The
        # button stays as it is meanwhile (a press waits for the answer): shown and
        # hidden again at every move of a finished-looking table, it flickered.
        self._timer = window.setTimeout(self._slice_proxy, 0)

    def _slice(self, *_: Any) -> None:
        self._timer = None
        search = self._search
        if search is None:
            game = self.session.game
            if game.record() != self._record:
                return  # changed since: its own event looks again
            search = self._search = FinishSearch(game)
        if not search.step(SLICE_NODES if search.spider else SLICE_MOVES):
            self._timer = window.setTimeout(self._slice_proxy, 0)
            return
        self._search = None
        self._line = search.line
        self._show(self._line is not None)
        self._looked(self.session.game)
        pressed, self._pressed = self._pressed, False
        if self._line is not None and (pressed or self.session.preferences.auto_finish):
            self.finish()

    def _looked(self, game: Game) -> None:
        self.state.finish = FinishButton(self.state.finish.shown, game.moves)
        self.actions.request_frame()

    def _show(self, shown: bool) -> None:
        self.state.finish = FinishButton(shown, self.state.finish.looked)
        self.actions.request_frame()

    # -------------------------------------------------------------- playing

    def finish(self) -> None:
        """Play the finish (the Finish button, or the setting)."""
        line = self._line
        if self._playing:
            return
        if line is None:
            # Pressed while the search looks again after a move: played once it has.
            self._pressed = self._timer is not None
            return
        if self.session.game.record() != self._record:
            self.look()
            return
        self._queue = list(line)
        self._playing = True
        self._show(False)
        self.actions.say(_("Finishing…"), note=True)
        self._step()

    def _step(self, *_: Any) -> None:
        self._timer = None
        if not self._playing:
            return
        if not self._queue:
            self._playing = False
            return
        move = self._queue.pop(0)
        self._own = True
        try:
            event = self.actions.play(move)
        finally:
            self._own = False
        if event.kind != "play":
            self._stop()
            return
        self.actions.flush()
        if self._queue:
            self._timer = window.setTimeout(self._step_proxy, STEP_MS)
        else:
            self._playing = False
            self.look()

    def _stop(self) -> None:
        self._playing = False
        self._queue = []
        self._cancel_timer()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            window.clearTimeout(self._timer)
            self._timer = None
