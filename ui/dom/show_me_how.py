"""Show me how: the bar that plays a proven winning line on the table.

Offered with a hint the solver has proven (the status line's "Show me how"), it shows the
line from the position on the table: Next plays the line's next move, Back undoes the
last one, Play plays the rest by itself, a move every ``STEP_MS``, and Pause stops it.
Each move is an ordinary move through the session, so the table, its words and sounds,
Undo, the score and the move count are what playing it by hand gives. A move of the
player's own takes over: the bar goes and says so. The bar also goes when the game is
won, another game is on the table, or Stop is pressed (Escape too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, window

from ui.dom.callbacks import kept_proxy, listen
from ui.model.actions import Actions
from ui.model.i18n import _, ngettext, pgettext
from ui.model.session import Event, Session
from ui.model.showing import STEP_MS, Showing

__all__ = ["ShowMeHow"]


class ShowMeHow:
    """Plays a winning line move by move, under the player's control."""

    def __init__(self, session: Session, actions: Actions, finishing: Callable[[], bool]) -> None:
        self.session = session
        self.actions = actions
        self._finishing = finishing
        """True while Finish plays the last moves by itself."""
        self.showing: Showing | None = None
        self._own = False
        """A move of the line itself is being played (not the player's)."""
        self._timer: Any = None
        self._step_proxy = kept_proxy(self._auto_step)
        by_id = document.getElementById
        self.bar = by_id("show-bar")
        self.count = by_id("show-count")
        self.back_button = by_id("show-back")
        self.play_button = by_id("show-play")
        self.play_word = by_id("show-play-word")
        self.next_button = by_id("show-next")
        listen(self.back_button, "click", lambda _e: self.back())
        listen(self.play_button, "click", lambda _e: self.toggle())
        listen(self.next_button, "click", lambda _e: self.step())
        listen(by_id("show-stop"), "click", lambda _e: self.stop())
        session.subscribe(self._on_event)

    # ------------------------------------------------------------------ controls

    def start(self, line: tuple[str, ...]) -> None:
        """Show ``line``, a proven winning line from the position on the table."""
        if not line:
            return
        self._pause()
        self.showing = Showing(self.session.game.record(), line)
        self.actions.took_help("show")  # a win that follows is won with help
        self.bar.hidden = False
        self._draw()
        # TRANSLATORS: Show me how has begun: the status line's short words; the screen reader
        # reads the rest ("Next plays its moves one at a time…", the bar's description).
        self.actions.say(
            ngettext("A winning line from here, {n} move.", "A winning line from here, {n} moves.", len(line)).format(
                n=len(line)
            )
        )
        self.next_button.focus()

    def step(self) -> bool:
        """Play the line's next move; False when there is none (the line's end)."""
        showing = self.showing
        if showing is None:
            return False
        move = showing.next_move(self.session.game.record())
        if move is None:
            return False
        self._own = True
        try:
            event = self.actions.play(move)
        finally:
            self._own = False
        if event.kind == "refused":  # cannot happen along a proven line: stop rather than loop
            self.stop()
            return False
        self._after_step()
        return True

    def back(self) -> None:
        """Take back the line's last move played (Undo, as the player's own would)."""
        showing = self.showing
        if showing is None or not showing.place(self.session.game.record()):
            return
        self._pause()
        self._own = True
        try:
            self.actions.undo()
        finally:
            self._own = False
        self._draw()

    def toggle(self) -> None:
        """Play the rest by itself, or pause."""
        if self.showing is None:
            return
        if self.showing.playing:
            self._pause()
            self._draw()
            return
        self.showing.playing = True
        self._draw()
        self._auto_step()

    def stop(self) -> None:
        """Put the bar away; the game stays where the line brought it."""
        self._pause()
        if self.showing is None:
            return
        focused = self.bar.contains(document.activeElement)
        self.showing = None
        self.bar.hidden = True
        document.body.removeAttribute("data-showing")
        if focused:
            document.getElementById("board").focus()

    def escape(self) -> bool:
        """Escape puts the bar away when it is up; True when it did."""
        if self.showing is None:
            return False
        self.stop()
        return True

    # ------------------------------------------------------------------ playing

    def _auto_step(self, *_args: Any) -> None:
        self._timer = None
        if self.showing is None or not self.showing.playing:
            return
        if self.step() and self.showing is not None and self.showing.playing:
            self._timer = window.setTimeout(self._step_proxy, STEP_MS)

    def _after_step(self) -> None:
        showing = self.showing
        if showing is None:
            return
        if self.session.game.won:
            self.stop()
            return
        if showing.place(self.session.game.record()) == showing.length:
            self._pause()
        self._draw()

    def _pause(self) -> None:
        if self._timer is not None:
            window.clearTimeout(self._timer)
            self._timer = None
        if self.showing is not None:
            self.showing.playing = False

    def _on_event(self, event: Event) -> None:
        if self._own or self.showing is None or event.kind == "refused":
            return
        if event.kind in ("new", "restart", "load"):
            # Another game, even at the line's start: a restarted deal is a game of its own,
            # with no help taken in it yet. Each says so itself.
            self.stop()
            return
        if self.showing.place(self.session.game.record()) is None:
            self.stop()
            if not self._finishing():  # Finish playing by itself is not the player's move
                self.actions.say(_("You took over: play on from here."))
            return
        if event.kind == "undo":
            self._pause()  # the player's own undo: Play does not replay it a moment later
        self._after_step()  # the player's move may be the line's own, its last one too

    def pause(self) -> None:
        """Stop playing by itself (a dialog covers the table); the bar stays."""
        self._pause()
        self._draw()

    def _draw(self) -> None:
        showing = self.showing
        if showing is None:
            return
        step = showing.place(self.session.game.record()) or 0
        # TRANSLATORS: Show me how: where the shown line stands, "Move 3 of 41".
        self.count.textContent = _("Move {n} of {total}").format(n=step, total=showing.length)
        back_focused = document.activeElement == self.back_button
        self.back_button.disabled = step == 0 or not self.session.game.can_undo
        self.next_button.disabled = step >= showing.length
        if back_focused and self.back_button.disabled:
            self.next_button.focus()  # a disabled button drops the keys' focus to the page
        # The button's word is what it does now: its name changes with it (not a toggle's state).
        playing = showing.playing
        document.body.dataset.showing = "playing" if playing else "paused"
        self.play_word.textContent = pgettext("show me how", "Pause") if playing else pgettext("show me how", "Play")
        self.play_button.disabled = step >= showing.length

    def language_changed(self) -> None:
        """The bar's words from Python are written again in the new language."""
        self._draw()
