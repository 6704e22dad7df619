"""Pointer input (mouse, touch, pen): taps, double taps and drags on the table.

One set of Pointer Events listeners on the board. A press becomes a drag once
it moves a few pixels, if the game lets those cards be picked up; otherwise a
release is a tap. Where a press landed is found from the layout (``ui.layout``),
not from the DOM, and what a gesture means is asked of the game
(``ui.gestures``). Dragged cards move once per animation frame.

A tap acts at once: a Klondike card that can go home goes there on the first
tap, and a quick second tap on the same spot turns that into the double-tap
move (``ui.gestures.SecondTap``). While cards are dragged, the keyboard does
nothing but Escape, which puts them back.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pyscript import window

from ui.callbacks import listen
from ui.gestures import SecondTap, TapTracker, drop_plan, picked_count, tap_plan
from ui.layout import CardBox, Rect, drop_pile, hit_card, hit_pile

if TYPE_CHECKING:
    from ui.app import App

__all__ = ["Pointer"]

DRAG_START_PX = {"mouse": 5.0, "pen": 6.0, "touch": 9.0}


@dataclass(slots=True)
class Press:
    """A pointer that is down on the table."""

    pointer_id: int
    kind: str
    x0: float
    y0: float
    left: float
    top: float
    pid: str | None
    index: int
    count: int
    can_drag: bool
    dragging: bool = False
    dx: float = 0.0
    dy: float = 0.0
    boxes: list[CardBox] = field(default_factory=list)
    keys: list[int] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)


class Pointer:
    """Turns pointer events on the board into plays, through the app."""

    def __init__(self, app: App, board: Any) -> None:
        self.app = app
        self.board = board
        self.press: Press | None = None
        self.taps = TapTracker()
        self.second = SecondTap()
        handlers = {
            "pointerdown": self._down,
            "pointermove": self._move,
            "pointerup": self._up,
            "pointercancel": self._cancel,
            "lostpointercapture": self._lost,
            "contextmenu": self._prevent,
            "dragstart": self._prevent,
        }
        for name, handler in handlers.items():
            listen(board, name, handler)
        # Before every other key handler (capture, on the window): during a drag no
        # shortcut may change the table under the floating cards.
        listen(window, "keydown", self._key_during_drag, capture=True)

    # ------------------------------------------------------------- helpers

    def _prevent(self, event: Any) -> None:
        event.preventDefault()

    def busy(self) -> bool:
        """True while cards are being dragged."""
        return self.press is not None and self.press.dragging

    def cancel_pending(self) -> None:
        """Forget the last tap: the next one is a first tap (the table changed another way)."""
        self.second.forget()
        self.taps.forget()

    def _key_during_drag(self, event: Any) -> None:
        press = self.press
        if press is None or not press.dragging:
            return
        event.preventDefault()
        event.stopImmediatePropagation()
        if str(event.key) == "Escape":
            self.press = None
            self._finish_drag(press, drop=False)
            self.app.flush()

    # -------------------------------------------------------------- events

    def _down(self, event: Any) -> None:
        if not event.isPrimary or (self.press is not None and self.press.dragging):
            return
        if event.pointerType == "mouse" and event.button != 0:
            return
        self.app.flush()  # hit-test against the table as it is now, not as last drawn
        layout = self.app.renderer.layout
        if layout is None:
            return
        rect = self.board.getBoundingClientRect()
        x, y = event.clientX - rect.left, event.clientY - rect.top
        game = self.app.session.game
        box = hit_card(layout, x, y)
        pid: str | None
        index = 0
        if box is not None:
            pid, index = box.pid, box.index
        else:
            pid = hit_pile(layout, x, y)
        if pid is not None and pid.startswith("r"):
            pid = None
        count = 0
        if pid is not None and pid != "s":
            size = len(game.pile(pid))
            if not pid.startswith("t"):
                index = max(0, size - 1)
            count = picked_count(game, pid, index) if box is not None else 0
        can_drag = count > 0 and game.can_pick(pid, count)
        self.press = Press(
            event.pointerId, str(event.pointerType), x, y, rect.left, rect.top, pid, index, count, can_drag
        )
        with contextlib.suppress(Exception):  # capture is a nicety; a synthetic pointer may refuse it
            self.board.setPointerCapture(event.pointerId)
        event.preventDefault()

    def _move(self, event: Any) -> None:
        press = self.press
        if press is None or event.pointerId != press.pointer_id:
            return
        x, y = event.clientX - press.left, event.clientY - press.top
        dx, dy = x - press.x0, y - press.y0
        if not press.dragging:
            if not press.can_drag or press.pid is None:
                return
            if abs(dx) + abs(dy) < DRAG_START_PX.get(press.kind, 6.0):
                return
            self._start_drag(press)
        press.dx, press.dy = dx, dy
        self.app.request_frame()

    def _start_drag(self, press: Press) -> None:
        app = self.app
        layout = app.renderer.layout
        assert layout is not None
        assert press.pid is not None
        self.cancel_pending()
        self.taps.forget()
        start = len(layout.by_pile[press.pid]) - press.count
        press.boxes = [b for b in layout.by_pile[press.pid] if b.index >= start]
        press.keys = app.renderer.keys_of(press.pid, start)
        press.targets = app.session.game.drop_targets(press.pid, press.count)
        press.dragging = True
        app.renderer.lift(press.keys)
        app.renderer.highlight(press.targets)
        self.board.classList.add("dragging")

    def abort(self) -> None:
        """Drop a drag without playing it (the table is about to be redrawn)."""
        press = self.press
        self.press = None
        if press is not None and press.dragging:
            self.app.renderer.highlight(())
            self.app.renderer.drop()
            self.board.classList.remove("dragging")

    def frame(self) -> None:
        """Called by the app once per animation frame: move the dragged cards."""
        press = self.press
        if press is not None and press.dragging:
            self.app.renderer.drag_to(press.boxes, press.keys, press.dx, press.dy)

    def _finish_drag(self, press: Press, drop: bool) -> None:
        app = self.app
        app.renderer.drag_to(press.boxes, press.keys, press.dx, press.dy)
        app.renderer.highlight(())
        app.renderer.drop()
        self.board.classList.remove("dragging")
        move = None
        message = ""
        if drop and press.pid is not None and press.boxes:
            layout = app.renderer.layout
            assert layout is not None
            lead = press.boxes[0]
            rect = Rect(lead.x + press.dx, lead.y + press.dy, layout.card_w, layout.card_h)
            dst = drop_pile(layout, rect, press.targets, press.pid)
            if dst is not None and dst.startswith("r"):
                dst = None
            move, message = drop_plan(app.session.game, press.pid, press.count, dst, app.session.preferences)
        if move is not None:
            app.play(move)
        else:
            if message:
                app.say(message)
            app.redraw()  # the cards slide back home

    def _up(self, event: Any) -> None:
        press = self.press
        if press is None or event.pointerId != press.pointer_id:
            return
        self.press = None
        if press.dragging:
            press.dx = event.clientX - press.left - press.x0
            press.dy = event.clientY - press.top - press.y0
            self._finish_drag(press, drop=True)
        else:
            self._tap(press, event.timeStamp / 1000.0)
        # Draw the move in this same task, not at the next animation frame: the
        # player sees it in the first frame after the release.
        self.app.flush()

    def _cancel(self, event: Any) -> None:
        press = self.press
        if press is None or event.pointerId != press.pointer_id:
            return
        self.press = None
        if press.dragging:
            self._finish_drag(press, drop=False)

    def _lost(self, event: Any) -> None:
        # Capture lost without an up or cancel (the element went away): treat as a cancel.
        press = self.press
        if press is not None and event.pointerId == press.pointer_id and press.dragging:
            self.press = None
            self._finish_drag(press, drop=False)

    # ---------------------------------------------------------------- taps

    def _tap(self, press: Press, now: float) -> None:
        app = self.app
        game = app.session.game
        followup = self.second.second(now, press.x0, press.y0, game.record())
        if followup is not None:
            # The second tap of a double tap whose first tap already sent the card
            # home: the card goes where the double tap sends it instead.
            self.taps.forget()
            app.retake(followup)
            return
        pid = press.pid
        if pid is None:
            return
        if pid == "s":
            self.taps.forget()
            app.play("s")
            return
        if press.count < 1:
            self.taps.forget()
            return
        taps = self.taps.tap(pid, press.index, now, press.x0, press.y0)
        plan = tap_plan(game, pid, press.index, taps, app.session.preferences)
        if plan.move is not None:
            self.taps.forget()
            if app.play(plan.move).kind == "play":
                self.second.played(now, press.x0, press.y0, plan.followup, app.session.game.record())
        elif plan.message:
            app.say(plan.message)
