"""What every dialog shares: its close control (the × in the title's corner) and a tap
on the backdrop close it as Escape does, so each dialog's own ``cancel`` handling
decides (the link question keeps the game on the table; the cover of a game played
in another tab stays). A tap on the backdrop leaves open a dialog holding a choice
not yet made (``data-unsaved``: New game with changed options), which a stray tap
would throw away."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window

from ui.dom.callbacks import kept_proxy

if TYPE_CHECKING:
    from js import Element, Event

__all__ = ["frame_dialogs", "request_close"]


def request_close(dialog: Any) -> None:
    """Close ``dialog`` as Escape would: its ``cancel`` event first, which may keep it open."""
    if hasattr(dialog, "requestClose"):
        dialog.requestClose()
        return
    # Browsers before requestClose(): the same steps by hand.
    cancel = window.Event.new("cancel", {"cancelable": True})
    if dialog.dispatchEvent(cancel):
        dialog.close()


def _outside(dialog: Element, event: Event) -> bool:
    """The event is on the dialog's backdrop: the dialog element itself is its target
    (the backdrop belongs to it) and the point lies outside its box."""
    if str(event.target.localName) != "dialog":
        return False
    box = dialog.getBoundingClientRect()
    x, y = float(event.clientX), float(event.clientY)
    return not (box.left <= x <= box.right and box.top <= y <= box.bottom)


class _Frame:
    def __init__(self) -> None:
        self.pressed_outside = False
        """The last press began on the backdrop: a press inside that ends outside
        (selecting text, say) is no tap on the backdrop."""

    def pressed(self, event: Event) -> None:
        self.pressed_outside = _outside(event.currentTarget, event)

    def clicked(self, event: Event) -> None:
        dialog = event.currentTarget
        on_close = bool(event.target.closest(".dialog-close"))
        beside = self.pressed_outside and _outside(dialog, event)
        if on_close or (beside and dialog.getAttribute("data-unsaved") != "true"):
            request_close(dialog)
        self.pressed_outside = False


def frame_dialogs() -> None:
    """Wire the close control and the backdrop of every dialog of the page."""
    frame = _Frame()
    pressed, clicked = kept_proxy(frame.pressed), kept_proxy(frame.clicked)
    for dialog in document.querySelectorAll("dialog.dialog"):
        dialog.addEventListener("pointerdown", pressed)
        dialog.addEventListener("click", clicked)
