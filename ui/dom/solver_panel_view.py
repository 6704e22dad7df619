"""The solver's panel on the page: draws the panel's state (``ui.model.table.PanelView``).

The only writer of the panel's elements: its state (``data-state``, which the
tests read too), message, progress line and buttons, the note under it, and
how many searches are still out (``data-running``).
"""

from __future__ import annotations

from pyscript import document

from ui.dom.attributes import set_attribute
from ui.model.hints import SOLVER_NOTE
from ui.model.i18n import _
from ui.model.table import PanelView

__all__ = ["BUTTONS", "PanelDrawing"]

BUTTONS = ("rewind", "turning", "more", "cancel", "close")
"""The panel's buttons, ``#solver-rewind`` …"""


class PanelDrawing:
    """The panel's elements, drawn from its view."""

    def __init__(self) -> None:
        by_id = document.getElementById
        self.panel = by_id("solver-panel")
        self.message = by_id("solver-msg")
        self.progress = by_id("solver-progress")
        self.buttons = {name: by_id(f"solver-{name}") for name in BUTTONS}
        self.note()

    def note(self) -> None:
        """The note under the panel, in the page's language."""
        document.getElementById("solver-note").textContent = _(SOLVER_NOTE)

    def draw(self, old: PanelView, view: PanelView) -> None:
        """Show ``view`` (``old``: the view drawn before, so only what changed is written)."""
        panel = self.panel
        if view.state != old.state or str(panel.dataset.state) != view.state:
            panel.dataset.state = view.state  # also for the tests
        if view.message != old.message:
            self.message.textContent = view.message
        if view.progress != old.progress:
            self.progress.textContent = view.progress
        if view.shown:
            for name, button in self.buttons.items():
                button.hidden = name not in view.buttons
            panel.classList.toggle("busy", view.busy)
        panel.hidden = not view.shown

    def searches_out(self, count: int) -> None:
        """How many searches have not yet ended (a stopped one ends with its last slice)."""
        set_attribute(self.panel, "data-running", str(count))
