"""The card options of the preferences on the page: four colours, large cards, the
card back and the table's colour (style rules of ``static/css`` follow them)."""

from __future__ import annotations

from pyscript import document

from ui.model.session import Preferences

__all__ = ["show_appearance"]


def show_appearance(prefs: Preferences) -> None:
    body = document.body
    body.classList.toggle("four-color", prefs.four_color)
    body.classList.toggle("large-cards", prefs.large_cards)
    # On the root element, where the loading screen's script puts them too (static/boot.js).
    root = document.documentElement
    root.dataset.back = prefs.card_back
    root.dataset.table = prefs.table
