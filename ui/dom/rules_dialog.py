"""How to play, in a modal dialog: the rules of the game being played (or of the
other family, chosen at its top), opened at a section for the "Why?" of a refused move."""

from __future__ import annotations

from typing import Any

from pyscript import document

from ui.dom.callbacks import listen
from ui.model.rules_view import rules_html

__all__ = ["RulesDialog"]


class RulesDialog:
    """The rules dialog (``#dlg-rules``): its content comes from ``ui.model.rules_view``."""

    def __init__(self) -> None:
        self.el = document.getElementById("dlg-rules")
        self.body = document.getElementById("rules-body")
        self.form = self.el.querySelector("form")
        self._game = ""
        listen(document.getElementById("rules-game"), "change", self._game_chosen)

    def open(self, game: str, section: str = "") -> None:
        """Show the rules of ``game`` (a deal-code prefix), at ``section`` when given."""
        family = "KL" if game == "KL" else "SD"
        self._show(family)
        if not self.el.open:
            self.el.showModal()
        target = document.getElementById(section) if section else None
        if target is not None:
            target.classList.add("why")
            target.scrollIntoView()
            target.querySelector("h3").focus()
        else:
            self.body.scrollTop = 0
            document.getElementById("rules-title").focus()

    def _show(self, family: str) -> None:
        self._game = family
        for radio in self.form.querySelectorAll("input[name='rules-game']"):
            radio.checked = str(radio.value) == family
        self.body.innerHTML = rules_html(family)

    def _game_chosen(self, event: Any) -> None:
        self._show(str(event.target.value))
        self.el.scrollTop = 0

    def language_changed(self) -> None:
        """The rules again in the new language (the section in view is kept)."""
        if self._game:
            self._show(self._game)
