"""A table body of figures: one row per label and value (Statistics, the daily calendar)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from pyscript import document

if TYPE_CHECKING:
    from js import Element

__all__ = ["fill_figures"]


def fill_figures(body: Element, figures: Iterable[tuple[str, str]]) -> None:
    """Replace ``body``'s rows with one per figure: the label as the row's header, then the value."""
    rows = []
    for label, value in figures:
        row = document.createElement("tr")
        head = document.createElement("th")
        head.scope = "row"
        head.textContent = label
        cell = document.createElement("td")
        cell.textContent = value
        row.append(head, cell)
        rows.append(row)
    body.replaceChildren(*rows)
