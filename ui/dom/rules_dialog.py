"""How to play, in a modal dialog: the rules of the game being played (or of another
game, chosen by the tabs at its top), opened at a section for the "Why?" of a refused move."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from pyscript import document

from ui.dom.callbacks import listen
from ui.dom.elements import find
from ui.model.i18n import _
from ui.model.rules import rules_tab, rules_tabs
from ui.model.rules_view import rules_html

if TYPE_CHECKING:
    from js import Event

__all__ = ["RulesDialog"]


class RulesDialog:
    """The rules dialog (``#dlg-rules``): its content comes from ``ui.model.rules_view``."""

    def __init__(self) -> None:
        self.el = document.getElementById("dlg-rules")
        self.body = document.getElementById("rules-body")
        self.form = find("#dlg-rules form")
        self.scroller = find("#dlg-rules .dialog-body")
        """What scrolls: the dialog's body, between its title and its Done button."""
        self._game = ""
        self.tabs = document.getElementById("rules-game")
        self._draw_tabs()
        listen(self.tabs, "change", self._game_chosen)
        listen(self.body, "click", self._link_clicked)

    def open(self, game: str, section: str = "") -> None:
        """Show the rules of ``game`` (a deal-code prefix), at ``section`` when given,
        with the tab that holds them chosen."""
        self._show(rules_tab(game))
        if not self.el.open:
            self.el.showModal()
        if section and document.getElementById(section):
            self._go_to(section)
        else:
            self.scroller.scrollTop = 0
            document.getElementById("rules-title").focus()

    def _link_clicked(self, event: Event) -> None:
        # The table of contents scrolls the dialog; it must not touch the page's hash,
        # which holds the deal code.
        link = event.target.closest("a[href^='#']")
        if link is None:
            return
        event.preventDefault()
        self._go_to(str(link.getAttribute("href"))[1:])

    def _go_to(self, section: str) -> None:
        target = document.getElementById(section) if section else None
        if target is None:
            return
        for marked in self.body.querySelectorAll(".rule.why"):
            marked.classList.remove("why")
        target.classList.add("why")
        target.scrollIntoView()
        heading = target.querySelector("h3")
        if heading:
            heading.focus()

    def _draw_tabs(self) -> None:
        """One tab per set of rules, from the games' own modules, named in the current language."""
        tabs = "".join(
            f'<label><input type="radio" name="rules-game" value="{escape(game)}"><span>{escape(label)}</span></label>'
            for game, label in rules_tabs()
        )
        legend = escape(_("Rules of"))
        self.tabs.innerHTML = f'<legend class="sr-only">{legend}</legend>{tabs}'
        if self._game:
            for radio in self.tabs.querySelectorAll("input"):
                radio.checked = str(radio.value) == self._game

    def _show(self, tab: str) -> None:
        self._game = tab
        for radio in self.form.querySelectorAll("input[name='rules-game']"):
            radio.checked = str(radio.value) == tab
        self.body.innerHTML = rules_html(tab)

    def _game_chosen(self, event: Event) -> None:
        self._show(str(event.target.value))
        self.scroller.scrollTop = 0

    def language_changed(self) -> None:
        """The rules again in the new language (the section in view is kept)."""
        self._draw_tabs()
        if self._game:
            self._show(self._game)
