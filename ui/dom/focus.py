"""Where the keyboard focus is: on the table, in a dialog, and back.

The table has one tab stop per area (the renderer writes them from the
keyboard state); this module moves the DOM focus to the focused card or pile
after each drawn frame while the player uses the keyboard, follows the focus
that the player moves with Tab or a click, and gives the focus back to whatever
opened a dialog when it closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from js import Object
from pyodide.ffi import to_js
from pyscript import document

from ui.dom.callbacks import listen
from ui.dom.render import Renderer
from ui.model.actions import Actions
from ui.model.session import Session
from ui.model.table import TableState

if TYPE_CHECKING:
    from js import Element, Event

__all__ = ["TABBABLE", "Focus", "same_node", "trap_tab"]

TABBABLE = (
    "button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), "
    "a[href], [tabindex]:not([tabindex='-1'])"
)


def same_node(a: Element | None, b: Element | None) -> bool:
    """True when two element handles are the same DOM node (JS null is never one)."""
    return bool(a and b and a.isSameNode(b))


class Focus:
    """The DOM focus of one page, kept in step with the keyboard state."""

    def __init__(
        self, board: Element, session: Session, state: TableState, renderer: Renderer, actions: Actions
    ) -> None:
        self.board = board
        self.session = session
        self.state = state
        self.renderer = renderer
        self.actions = actions
        self._opener: Element | None = None
        self._options = to_js({"preventScroll": True}, dict_converter=Object.fromEntries)
        listen(board, "focusin", self._focus_in)
        listen(board, "focusout", self._focus_out)
        listen(document, "focusin", self._any_focus_in)
        listen(document, "close", self._dialog_closed, capture=True)

    def after_draw(self) -> None:
        """While the keyboard is in use, the focus follows the focused spot (once per drawn frame)."""
        if not self.state.keyboard_active:
            return
        el = self.renderer.element(self.state.keyboard.current(self.session.game))
        if el is not None and not same_node(document.activeElement, el):
            el.focus(self._options)

    def focus_table(self) -> None:
        """Put the focus on the table where it last was."""
        self.state.keyboard_active = True
        self.actions.redraw_marks()  # its element becomes a tab stop, then takes the focus
        self.actions.flush()

    def in_board(self) -> bool:
        """True when the focus is on the table (or nowhere, just after a card it was on moved)."""
        active = document.activeElement
        nowhere = not active or same_node(active, document.body)
        return (bool(active) and bool(self.board.contains(active))) or (self.state.keyboard_active and nowhere)

    def nowhere(self) -> bool:
        active = document.activeElement
        return not active or same_node(active, document.body)

    # ---------------------------------------------------------------- events

    def _focus_in(self, event: Event) -> None:
        self.state.keyboard_active = True
        target = event.target
        game = self.session.game
        keyboard = self.state.keyboard
        for spot in keyboard.stops(game):
            if same_node(self.renderer.element(spot), target):
                keyboard.go(game, spot)
                return

    def _focus_out(self, event: Event) -> None:
        related = event.relatedTarget
        if related and not self.board.contains(related):
            self.state.keyboard_active = False

    def _any_focus_in(self, event: Event) -> None:
        target = event.target
        dialog = target.closest("dialog") if target and hasattr(target, "closest") else None
        if dialog and self._opener is None:
            self._opener = event.relatedTarget or self.board

    def _dialog_closed(self, _event: Event) -> None:
        if document.querySelector("dialog[open]"):
            return  # one dialog gave way to another: the first opener gets the focus back at the end
        opener = self._opener
        self._opener = None
        active = document.activeElement
        if active and not same_node(active, document.body):
            return
        if opener and opener.isConnected and not same_node(opener, self.board):
            opener.focus(self._options)
            return
        if opener:
            self.focus_table()


def trap_tab(event: Event, dialog: Element) -> None:
    """Tab and Shift+Tab cycle inside the open dialog."""
    items = []
    for el in dialog.querySelectorAll(TABBABLE):
        if el.closest("[hidden]") or not el.getClientRects().length:
            continue
        # Only inputs have a type (reading a missing member of a JS object raises).
        if str(getattr(el, "type", "")) == "radio" and not el.checked:
            continue
        items.append(el)
    if not items:
        event.preventDefault()
        return
    active = document.activeElement
    first, last = items[0], items[-1]
    inside = bool(active) and bool(dialog.contains(active))
    if event.shiftKey and (not inside or same_node(active, first)):
        event.preventDefault()
        last.focus()
    elif not event.shiftKey and (not inside or same_node(active, last)):
        event.preventDefault()
        first.focus()
