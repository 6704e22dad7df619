"""The win: the cards cascade off the foundations (or the pile that gathered them), then the summary.

With reduced motion the summary comes at once; a tap anywhere, or Escape, Enter
or Space, skips to it. Undone, restarted or replaced during the cascade, the
win has no summary (``cancel``).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from ui.dom.callbacks import kept_proxy, listen
from ui.dom.render import MOVE_MS, Renderer
from ui.model.cascade import cascade_piles, flights, launch_order
from ui.model.layout import CardBox
from ui.model.table import TableState

if TYPE_CHECKING:
    from js import Event as DomEvent

__all__ = ["CASCADE_PAUSE_MS", "Celebration"]

CASCADE_PAUSE_MS = 400
"""After the last card of the cascade has left, the summary waits this long."""


class Celebration:
    """The cascade of one win at a time (``begin``), and then ``summary()``."""

    def __init__(
        self,
        renderer: Renderer,
        state: TableState,
        reduced: Any,
        flush: Callable[[], None],
        summary: Callable[[], None],
    ) -> None:
        self.renderer = renderer
        self.state = state
        self._reduced = reduced
        self._flush = flush
        self._summary = summary
        self.layer = document.getElementById("celebration")
        self.due = False
        """The summary of a win is still to come."""
        self._serial = 0
        self._code = ""
        self._summary_proxy = kept_proxy(self.show_summary)
        self._cascade_proxy = kept_proxy(self._cascade)
        listen(self.layer, "pointerdown", self.show_summary)
        # Before the table's keys (capture, on the window): the key that skips is the
        # cascade's alone (Enter on the stock would be a move refused), and the Enter that
        # played the winning card, heard here before it won, skips nothing.
        listen(window, "keydown", self._skip_key, capture=True)

    def begin(self, code: str) -> None:
        """The game of deal ``code`` is won: the cascade, then the summary."""
        self.due = True
        self._code = code
        if self._reduced.matches:
            self.show_summary()
            return
        self._flush()  # the last card in place on its foundation first
        self.layer.classList.add("on")
        self._serial += 1
        # The cascade's paths are worked out in a task of their own: the winning move's
        # task only draws the move (a tap shows at once, even the last one).
        window.setTimeout(self._cascade_proxy, 0, self._serial)

    def cancel(self) -> None:
        """The win was undone, restarted or replaced during the cascade: no summary."""
        if self.due:
            self.due = False
            self.renderer.end_cascade()
            self.layer.classList.remove("on")

    def _cascade(self, serial: int) -> None:
        if serial != self._serial or not self.due:
            return  # undone, or skipped to the summary, before it began
        layout = self.state.layout
        if layout is None:
            self.show_summary()
            return
        stacks: list[list[tuple[int, CardBox]]] = []
        for pid in cascade_piles(layout.piles):
            boxes = layout.by_pile[pid]
            keys = self.state.keys_of(pid, 0)
            # A removed Spider run shows its King on top: it leaves first.
            pairs = sorted(zip(keys, boxes, strict=True), key=lambda pair: -pair[1].z)
            stacks.append(pairs)
        order = [stacks[pile][depth] for pile, depth in launch_order(stacks)]
        starts = [(box.pid, box.x, box.y) for _, box in order]
        seed = zlib.crc32(self._code.encode())
        paths = flights(starts, layout.width, layout.height, layout.card_w, layout.card_h, seed=seed)

        def landed(left: float) -> None:
            window.setTimeout(self._summary_proxy, max(0.0, left) + CASCADE_PAUSE_MS, serial)

        self.renderer.cascade(zip([key for key, _ in order], paths, strict=True), MOVE_MS, landed)

    def show_summary(self, *args: Any) -> None:
        """The summary, once per win: after the cascade, or at the first tap or key during it."""
        if args and isinstance(args[0], int) and args[0] != self._serial:
            return  # the timer of an earlier win, undone since
        if not self.due:
            return
        self.cancel()
        self._summary()

    def _skip_key(self, event: DomEvent) -> None:
        """The keyboard's way to skip the cascade: Escape, Enter or Space."""
        if self.due and str(event.key) in ("Escape", "Enter", " "):
            event.preventDefault()
            event.stopImmediatePropagation()
            self.show_summary()
