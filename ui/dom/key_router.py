"""The page's one keyboard listener: every key goes through here, in one order.

1. A key inside an open dialog is the dialog's (Tab and Shift+Tab stay in it).
2. Ctrl+Z (or Cmd+Z) undoes, outside text fields.
3. Keys on the table (arrows, Enter, Space, Escape) and the letter and digit
   shortcuts anywhere else are read by ``ui.model.keyboard`` and carried out here.
4. Escape that nothing else took stops the solver's search or closes its panel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pyscript import document

from engine import parse_move
from ui.dom.callbacks import listen
from ui.dom.focus import Focus, trap_tab
from ui.model.actions import Actions
from ui.model.keyboard import Command
from ui.model.session import Session
from ui.model.table import TableState, hinted_move

if TYPE_CHECKING:
    from js import Event

__all__ = ["KeyRouter"]

NAVIGATION = {"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Enter", " ", "Escape"}
ARROWS = {"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"}
FIELDS = {"input", "textarea", "select"}


def _in_field(event: Event) -> bool:
    return str(getattr(event.target, "tagName", "") or "").lower() in FIELDS


class KeyRouter:
    """Reads every keydown of the document and does what the key means."""

    def __init__(
        self,
        session: Session,
        state: TableState,
        actions: Actions,
        focus: Focus,
        escape: Callable[[], bool],
    ) -> None:
        """``escape()`` stops or closes the solver's panel when it shows; True when it did."""
        self.session = session
        self.state = state
        self.actions = actions
        self.focus = focus
        self.escape = escape
        listen(document, "keydown", self._key)

    def _key(self, event: Event) -> None:
        if event.defaultPrevented:
            return
        key = str(event.key)
        dialog = document.querySelector("dialog[open]")
        if dialog:  # JS null is falsy (and is not None)
            if key == "Tab":
                trap_tab(event, dialog)
            return
        if event.ctrlKey or event.metaKey or event.altKey:
            if (event.ctrlKey or event.metaKey) and not event.altKey and key.lower() == "z" and not _in_field(event):
                event.preventDefault()
                if not event.shiftKey:
                    self.actions.undo()
                return
            self._escape(event, key)
            return
        command = Command("none") if _in_field(event) else self._command(key)
        if command.kind == "none":
            self._escape(event, key)
            return
        event.preventDefault()
        self.run(command)

    def _escape(self, event: Event, key: str) -> None:
        if key == "Escape" and self.escape():
            event.preventDefault()

    def _command(self, key: str) -> Command:
        keyboard = self.state.keyboard
        game = self.session.game
        if key in NAVIGATION:
            if self.focus.in_board():
                spot = keyboard.current(game)
                hinted = hinted_move(self.state, game, spot.pid, spot.index) if key in ("Enter", " ") else None
                if hinted is not None:
                    # The whole hint on show: Enter on its cards plays it, as a tap does.
                    return Command("play", spot, move=parse_move(hinted))
                return keyboard.press(game, key)
            if key in ARROWS and self.focus.nowhere():
                return Command("focus", keyboard.current(game))
            if key == "Escape" and keyboard.held is not None:
                return keyboard.press(game, key)
            return Command("none")
        return keyboard.shortcut(game, key)

    def run(self, command: Command) -> None:
        """Carry out what a key asked for."""
        actions = self.actions
        kind = command.kind
        if kind == "focus":
            self.focus.focus_table()
        elif kind in ("pick", "drop"):
            actions.say(command.message, note=True)
            actions.redraw_marks()
            actions.flush()
        elif kind == "say":
            actions.say(command.message, rule=command.rule)
            actions.flush()  # said before the next key
        elif kind == "play" and command.move is not None:
            event = actions.play(command.move)
            if event.kind == "play" and event.action is not None:
                # Cards dropped with the keys take the focus with them.
                action = event.action
                self.state.keyboard.after_play(self.session.game, action.move, action.dst, by_keys=True)
            actions.redraw_marks()
            actions.flush()  # draw now, so the focus is back on the table before the next key
        elif kind == "undo":
            actions.undo()
            actions.flush()
        elif kind == "hint":
            actions.hint()
        elif kind == "new":
            actions.open_dialog("new")
        elif kind == "help":
            actions.open_dialog("help")
