"""The header's figures, Undo's state and the page's state attributes, from the table state.

The only writer of ``#score``, ``#moves``, ``#code``, ``#game-name``, ``#time``, a game's
own figure (``#figure``),
Undo's ``disabled`` and the ``<body>`` attributes of ``ui.model.table.body_attributes``
(the game, its scoring, a win, a finish on offer, the hint's verdict). Each is
written only when it changes: a ``<body>`` attribute set restyles the whole page
(``ui.dom.attributes``).
"""

from __future__ import annotations

from pyscript import document

from ui.dom.attributes import drop_attribute, set_attribute
from ui.model.header import Header
from ui.model.table import TableState, body_attributes

__all__ = ["HeaderView"]

FIGURES = ("score", "moves", "code", "time")
"""The header's figures whose element carries its value in ``data-<id>`` too (the page contract)."""


class HeaderView:
    """Draws the header and the body's attributes."""

    def __init__(self, state: TableState) -> None:
        self.state = state
        self.undo = document.getElementById("btn-undo")
        self._shown: dict[str, str] = {}
        self._header: Header | None = None
        self._body: dict[str, str | None] = {}

    def forget(self) -> None:
        """Write everything again at the next draw (the page's words changed language)."""
        self._shown.clear()
        self._header = None

    def draw(self) -> None:
        # Drawn in every frame, a drag's too: nothing is asked of the DOM unless something changed.
        header = self.state.header
        if header is not None and header != self._header:
            self._header = header
            self._draw_header(header)
        attributes = body_attributes(self.state)
        if attributes == self._body:
            return
        self._body = attributes
        body = document.body
        for name, value in attributes.items():
            if value is None:
                drop_attribute(body, name)
            else:
                set_attribute(body, name, value)

    def _draw_header(self, header: Header) -> None:
        for element_id in FIGURES:
            self._write(element_id, getattr(header, element_id))
        self._write("game-name", header.game_name)
        # A figure of the game's own (TriPeaks' run) shows after the moves, hidden for the others.
        figure = header.figure
        shown = figure is not None
        if self._shown.get("figure") != str(shown):
            self._shown["figure"] = str(shown)
            document.getElementById("figure").hidden = not shown
        if figure is not None:
            self._write("figure-label", figure[0])
            self._write("figure-value", figure[1])
        # With nothing left to undo, Undo still brings back the game this one replaced.
        self.undo.disabled = header.undo_disabled

    def _write(self, element_id: str, text: str) -> None:
        if self._shown.get(element_id) == text:
            return
        self._shown[element_id] = text
        element = document.getElementById(element_id)
        element.textContent = text
        if element_id in FIGURES:
            element.setAttribute(f"data-{element_id}", text)
