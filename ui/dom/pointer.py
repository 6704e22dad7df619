"""Pointer input (mouse, touch, pen): taps, double taps and drags on the table.

One set of Pointer Events listeners on the board. A press becomes a drag once
it moves a few pixels, if the game lets those cards be picked up; otherwise a
release is a tap. Where a press landed is found from the layout (``ui.model.layout``),
not from the DOM, and what a gesture means is asked of the game
(``ui.model.gestures``). A drag is table state (``TableState.drag``) that the
renderer draws once per animation frame; plays and messages go through the
page's ``Actions``.

A tap acts at once: a Klondike card that can go home goes there on the first
tap, and a quick second tap on the same spot turns that into the double-tap
move (``ui.model.gestures.SecondTap``); a tap that can play nothing nudges the
card at once and says what a tap and a double tap do. While cards are dragged, the keyboard
does nothing but Escape, which puts them back.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pyscript import window

from ui.dom.callbacks import listen
from ui.model.actions import Actions
from ui.model.gestures import SecondTap, TapTracker, drop_plan, picked_count, tap_plan
from ui.model.layout import Rect, drop_pile, hit_card, hit_pile
from ui.model.session import Session
from ui.model.table import Drag, TableState, hinted_move

if TYPE_CHECKING:
    from js import Event

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


class Pointer:
    """Turns pointer events on the board into plays and drags."""

    def __init__(self, board: Any, session: Session, state: TableState, actions: Actions) -> None:
        self.board = board
        self.session = session
        self.state = state
        self.actions = actions
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
        # A press anywhere else (a toolbar button, a dialog) ends a double tap: two taps
        # on a card with a Settings visit between them are two single taps.
        listen(window, "pointerdown", self._down_elsewhere, capture=True)

    # ------------------------------------------------------------- helpers

    def _prevent(self, event: Event) -> None:
        event.preventDefault()

    def cancel_pending(self) -> None:
        """Forget the last tap: the next one is a first tap (the table changed another way)."""
        self.second.forget()
        self.taps.forget()

    def _down_elsewhere(self, event: Event) -> None:
        target = event.target
        if not (target and self.board.contains(target)):  # JS null is falsy
            self.cancel_pending()

    def _key_during_drag(self, event: Event) -> None:
        press = self.press
        if press is None or not press.dragging:
            return
        event.preventDefault()
        event.stopImmediatePropagation()
        if str(event.key) == "Escape":
            self.press = None
            self._finish_drag(press, None)
            self.actions.flush()

    def abort(self) -> None:
        """Drop a drag without playing it (the table is about to be redrawn)."""
        self.press = None
        self.state.drag = None

    # -------------------------------------------------------------- events

    def _down(self, event: Event) -> None:
        if not event.isPrimary or (self.press is not None and self.press.dragging):
            return
        if event.pointerType == "mouse" and event.button != 0:
            return
        self.actions.flush()  # hit-test against the table as it is now, not as last drawn
        layout = self.state.layout
        if layout is None:
            return
        rect = self.board.getBoundingClientRect()
        x, y = float(event.clientX - rect.left), float(event.clientY - rect.top)
        game = self.session.game
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
        can_drag = pid is not None and count > 0 and game.can_pick(pid, count)
        self.press = Press(
            int(event.pointerId),
            str(event.pointerType),
            x,
            y,
            float(rect.left),
            float(rect.top),
            pid,
            index,
            count,
            can_drag,
        )
        with contextlib.suppress(Exception):  # capture is a nicety; a synthetic pointer may refuse it
            self.board.setPointerCapture(event.pointerId)
        event.preventDefault()

    def _move(self, event: Event) -> None:
        press = self.press
        if press is None or event.pointerId != press.pointer_id:
            return
        dx = float(event.clientX) - press.left - press.x0
        dy = float(event.clientY) - press.top - press.y0
        drag = self.state.drag
        if not press.dragging or drag is None:
            if not press.can_drag or press.pid is None:
                return
            if abs(dx) + abs(dy) < DRAG_START_PX.get(press.kind, 6.0):
                return
            drag = self._start_drag(press, press.pid)
        drag.dx, drag.dy = dx, dy
        self.actions.request_frame()

    def _start_drag(self, press: Press, pid: str) -> Drag:
        self.cancel_pending()
        self.taps.forget()
        drag = Drag(pid, press.count, tuple(self.session.game.drop_targets(pid, press.count)))
        press.dragging = True
        self.state.drag = drag
        self.actions.redraw_marks()  # the cards lift, the piles that take them light up
        self.actions.picked()
        return drag

    def _finish_drag(self, press: Press, drop_at: tuple[float, float] | None) -> None:
        """End a drag: dropped at a point of the table (``drop_at``), or cancelled (None)."""
        drag = self.state.drag
        self.state.drag = None
        move = None
        message = section = ""
        layout = self.state.layout
        if drop_at is not None and drag is not None and layout is not None and layout.by_pile.get(drag.pid):
            dx, dy = drop_at[0] - press.x0, drop_at[1] - press.y0
            lead = layout.by_pile[drag.pid][-drag.count]
            rect = Rect(lead.x + dx, lead.y + dy, layout.card_w, layout.card_h)
            dst = drop_pile(layout, rect, drag.targets, drag.pid)
            if dst is not None and dst.startswith("r"):
                dst = None
            move, message, section = drop_plan(self.session.game, drag.pid, drag.count, dst, self.session.preferences)
        if move is not None:
            self.actions.play(move)
        else:
            if message:
                self.actions.refused()
                self.actions.say(message, rule=section)
            self.actions.redraw()  # the cards slide back home

    def _up(self, event: Event) -> None:
        press = self.press
        if press is None or event.pointerId != press.pointer_id:
            return
        self.press = None
        if press.dragging:
            self._finish_drag(press, (float(event.clientX) - press.left, float(event.clientY) - press.top))
        else:
            self._tap(press, float(event.timeStamp) / 1000.0)
        # Draw the move in this same task, not at the next animation frame: the
        # player sees it in the first frame after the release.
        self.actions.flush()

    def _cancel(self, event: Event) -> None:
        press = self.press
        if press is None or event.pointerId != press.pointer_id:
            return
        self.press = None
        if press.dragging:
            self._finish_drag(press, None)

    def _lost(self, event: Event) -> None:
        # Capture lost without an up or cancel (the element went away): treat as a cancel.
        press = self.press
        if press is not None and event.pointerId == press.pointer_id and press.dragging:
            self.press = None
            self._finish_drag(press, None)

    # ---------------------------------------------------------------- taps

    def _tap(self, press: Press, now: float) -> None:
        actions = self.actions
        game = self.session.game
        is_second, followup = self.second.second(now, press.x0, press.y0, game.record())
        if followup is not None:
            # The second tap of a double tap whose first tap already sent the card
            # home: the card goes where the double tap sends it instead.
            self.taps.forget()
            self.session.undo()
            actions.play(followup)
            return
        if is_second:
            # The second tap of a double tap whose first tap played its card by itself
            # (One tap plays the card): it must not play the card that move uncovered.
            self.taps.forget()
            return
        pid = press.pid
        keyboard = self.state.keyboard
        if game.multi_source and keyboard.held is not None and (pid is None or pid == "s"):
            # A card lifted for a pair goes down with a tap anywhere else.
            keyboard.forget_held()
            actions.redraw_marks()
        if pid is None:
            return
        if pid == "s":
            self.taps.forget()
            actions.play("s")
            return
        if press.count < 1:
            self.taps.forget()
            return
        hinted = hinted_move(self.state, game, pid, press.index)
        if hinted is not None:
            # The whole hint on show: a tap on its cards plays it, whatever their own tap does.
            self.taps.forget()
            if actions.play(hinted).kind == "play":
                # Settled: the second tap of a double tap must not play the card it uncovered.
                record = self.session.game.record()
                self.second.played(now, press.x0, press.y0, None, record, settled=True)
            return
        taps = self.taps.tap(pid, press.index, now, press.x0, press.y0)
        lifted = keyboard.held.pid if keyboard.held is not None else None
        plan = tap_plan(game, pid, press.index, taps, self.session.preferences, lifted)
        if plan.lift is not None:
            # A game of pairs: the tap lifts a card, or puts the lifted one down.
            keyboard.lift(plan.lift)
            actions.redraw_marks()
        if plan.move is not None:
            self.taps.forget()
            if actions.play(plan.move).kind == "play":
                record = self.session.game.record()
                self.second.played(now, press.x0, press.y0, plan.followup, record, settled=plan.settled)
        else:
            if plan.nudge:
                actions.nudge(pid, press.index, press.count)
            elif plan.message:
                actions.refused()
            if plan.message:
                actions.say(plan.message)
