"""The keyboard and the screen reader on the page.

Carries out what ``ui.model.keyboard`` decides: moves the DOM focus (a roving tab
stop per area of the table), marks the held cards and the piles that take
them, writes every pile's accessible name (``ui.model.announce``) after each drawn
frame, keeps the focus inside an open dialog and gives it back when the
dialog closes, and fills the help dialog with the list of keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from js import Object
from pyodide.ffi import to_js
from pyscript import document

from ui.dom.callbacks import listen
from ui.model.announce import pile_label
from ui.model.keyboard import KEYS, Command, Keyboard, Spot
from ui.model.session import Event

if TYPE_CHECKING:
    from ui.page import App

__all__ = ["Access", "HelpDialog"]

NAVIGATION = {"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Enter", " ", "Escape"}
ARROWS = {"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"}
TABBABLE = (
    "button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), "
    "a[href], [tabindex]:not([tabindex='-1'])"
)


def _same(a: Any, b: Any) -> bool:
    return bool(a) and bool(b) and bool(a.isSameNode(b))


class HelpDialog:
    """The list of keys (``ui.model.keyboard.KEYS``), in a modal dialog."""

    def __init__(self) -> None:
        self.el = document.getElementById("dlg-help")
        rows = []
        for keys, what in KEYS:
            rows.append(f"<div><dt>{_kbd(keys)}</dt><dd>{what}</dd></div>")
        document.getElementById("help-keys").innerHTML = "".join(rows)

    def open(self) -> None:
        if not self.el.open:
            self.el.showModal()


def _kbd(keys: str) -> str:
    parts = []
    for chunk in keys.split(", "):
        parts.append(" + ".join(f"<kbd>{k}</kbd>" for k in chunk.split("+")))
    return ", ".join(parts)


class Access:
    """Focus, held cards and accessible names for one page."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.board = app.board
        self.keys = Keyboard()
        self.help = HelpDialog()
        self.active = False
        """True while the player uses the table with the keyboard: frames keep the focus on it."""
        self._stops: list[Any] = []
        self._held: list[Any] = []
        self._by_keys = False
        self._opener: Any = None
        self._options = to_js({"preventScroll": True}, dict_converter=Object.fromEntries)
        listen(document, "keydown", self._key)
        listen(self.board, "focusin", self._focus_in)
        listen(self.board, "focusout", self._focus_out)
        listen(document, "focusin", self._any_focus_in)
        listen(document, "close", self._dialog_closed, capture=True)
        app.session.subscribe(self._on_event)

    # ------------------------------------------------------------- elements

    def _element(self, spot: Spot) -> Any:
        renderer = self.app.renderer
        layout = renderer.layout
        if spot.index >= 0 and layout is not None:
            for box, key in zip(layout.by_pile.get(spot.pid, ()), renderer.keys_of(spot.pid, 0), strict=False):
                if box.index == spot.index and key in renderer.cards:
                    return renderer.cards[key].el
        node = renderer.piles.get(spot.pid)
        return node.el if node is not None else None

    # ---------------------------------------------------------------- frames

    def after_draw(self) -> None:
        """Bring names, tab stops, held marks and the focus up to date (once per drawn frame)."""
        game = self.app.session.game
        for pid, node in self.app.renderer.piles.items():
            text = pile_label(game, pid)
            if node.el.getAttribute("aria-label") != text:
                node.el.setAttribute("aria-label", text)
        self._mark_held()
        if self.active:
            self._focus(self.keys.current(game))
        else:
            self._sync_stops()

    def _sync_stops(self) -> None:
        """One element per area is in the tab order (tabindex 0): the last focused one."""
        top, table = self.keys.stops(self.app.session.game)
        wanted = [el for el in (self._element(top), self._element(table)) if el is not None]
        for el in self._stops:
            if not any(_same(el, w) for w in wanted):
                el.removeAttribute("tabindex")
        for el in wanted:
            if el.getAttribute("tabindex") != "0":
                el.setAttribute("tabindex", "0")
        self._stops = wanted

    def _focus(self, spot: Spot) -> None:
        self._sync_stops()
        el = self._element(spot)
        if el is not None and not _same(document.activeElement, el):
            el.focus(self._options)

    def _mark_held(self) -> None:
        renderer = self.app.renderer
        held = self.keys.held
        game = self.app.session.game
        keys: list[int] = []
        if held is not None and game.can_pick(held.pid, held.count):
            keys = renderer.keys_of(held.pid, len(game.pile(held.pid)) - held.count)
        elements = [renderer.cards[k].el for k in keys if k in renderer.cards]
        for el in self._held:
            if not any(_same(el, e) for e in elements):
                el.classList.remove("held")
                el.removeAttribute("aria-pressed")
        for el in elements:
            el.classList.add("held")
            el.setAttribute("aria-pressed", "true")
        self._held = elements
        board = self.board.classList
        board.toggle("holding", bool(elements))
        if held is not None and elements:
            renderer.highlight(game.drop_targets(held.pid, held.count))
        elif not self.app.pointer.busy():
            renderer.highlight(())

    # ---------------------------------------------------------------- events

    def _on_event(self, event: Event) -> None:
        game = self.app.session.game
        if event.kind in ("new", "restart", "load"):
            self.keys.reset()
        elif event.kind == "play" and event.action is not None:
            action = event.action
            self.keys.after_play(game, action.move, action.dst, self._by_keys)
        elif event.kind == "undo":
            self.keys.forget_held()

    def _focus_in(self, event: Any) -> None:
        self.active = True
        target = event.target
        game = self.app.session.game
        for spot in self.keys.stops(game):
            if _same(self._element(spot), target):
                self.keys.go(game, spot)
                return

    def _focus_out(self, event: Any) -> None:
        related = event.relatedTarget
        if related and not self.board.contains(related):
            self.active = False

    def _any_focus_in(self, event: Any) -> None:
        dialog = event.target.closest("dialog") if hasattr(event.target, "closest") else None
        if dialog and self._opener is None:
            self._opener = event.relatedTarget or self.board

    def _dialog_closed(self, _event: Any) -> None:
        if document.querySelector("dialog[open]"):
            return  # one dialog gave way to another: the first opener gets the focus back at the end
        opener = self._opener
        self._opener = None
        active = document.activeElement
        if active and not _same(active, document.body):
            return
        if opener and opener.isConnected and not _same(opener, self.board):
            opener.focus(self._options)
            return
        if opener:
            self.focus_table()

    # ------------------------------------------------------------------ keys

    def focus_table(self) -> None:
        """Put the focus on the table where it last was."""
        self.active = True
        self._focus(self.keys.current(self.app.session.game))

    def _key(self, event: Any) -> None:
        if event.defaultPrevented:
            return
        key = str(event.key)
        dialog = document.querySelector("dialog[open]")
        if dialog:
            if key == "Tab":
                self._trap(event, dialog)
            return
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        tag = str(getattr(event.target, "tagName", "") or "").lower()
        if tag in ("input", "textarea", "select"):
            return
        game = self.app.session.game
        active = document.activeElement
        nowhere = not active or _same(active, document.body)
        # A card that moved was put into another pile: until the next frame the focus may be nowhere.
        in_board = (bool(active) and bool(self.board.contains(active))) or (self.active and nowhere)
        if key in NAVIGATION:
            if in_board:
                command = self.keys.press(game, key)
            elif key in ARROWS and nowhere:
                command = Command("focus", self.keys.current(game))
            elif key == "Escape" and self.keys.held is not None:
                command = self.keys.press(game, key)
            else:
                return
        else:
            command = self.keys.shortcut(game, key)
        if command.kind == "none":
            return
        event.preventDefault()
        self.run(command)

    def run(self, command: Command) -> None:
        """Carry out what a key asked for."""
        app = self.app
        kind = command.kind
        if kind == "focus":
            self.focus_table()
        elif kind in ("pick", "drop"):
            self._mark_held()
            app.say(command.message, note=True)
        elif kind == "say":
            app.say(command.message)
        elif kind == "play" and command.move is not None:
            self._by_keys = True
            try:
                app.play(command.move)
            finally:
                self._by_keys = False
            self._mark_held()
            app.flush()  # draw now, so the focus is back on the table before the next key
        elif kind == "undo":
            app.undo()
            app.flush()
        elif kind == "hint":
            app.hint()
        elif kind == "new":
            app.new_dialog.open()
        elif kind == "help":
            self.help.open()

    @staticmethod
    def _trap(event: Any, dialog: Any) -> None:
        """Tab and Shift+Tab cycle inside the open dialog."""
        items = []
        for el in dialog.querySelectorAll(TABBABLE):
            if el.closest("[hidden]") or not el.getClientRects().length:
                continue
            if str(el.type) == "radio" and not el.checked:
                continue
            items.append(el)
        if not items:
            event.preventDefault()
            return
        active = document.activeElement
        first, last = items[0], items[-1]
        inside = bool(active) and bool(dialog.contains(active))
        if event.shiftKey and (not inside or _same(active, first)):
            event.preventDefault()
            last.focus()
        elif not event.shiftKey and (not inside or _same(active, last)):
            event.preventDefault()
            first.focus()
