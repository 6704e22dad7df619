"""The dialogs: New game, Settings, the win summary, the list of keys and the notice
that another tab plays the game (native ``<dialog>``)."""

from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import TYPE_CHECKING, Any

from pyscript import document, window

import engine
from engine.codes import Scoring
from ui.dom.callbacks import kept_proxy, listen
from ui.model.actions import Actions
from ui.model.hints import winnable_note
from ui.model.i18n import _
from ui.model.keyboard import key_help
from ui.model.progress import win_note
from ui.model.refusals import code_error_text
from ui.model.session import Preferences, Session, code_of_text, describe_code, format_clock
from ui.model.themes import BACKS, TABLES

if TYPE_CHECKING:
    from js import Event

__all__ = ["ElsewhereDialog", "HelpDialog", "NewGameDialog", "SettingsDialog", "WinDialog"]

EXAMPLE_SEED = 6
"""The shuffle of the deal code shown as an example in New game (``…-AAAAAAG``)."""
OPTION_RADIOS = ("game", "draw", "scoring", "suits", "cells")
"""The New game dialog's radio groups, each named as the preference it sets."""


def _scoring(value: str) -> Scoring:
    return "V" if value == "V" else "C" if value == "C" else "N"


def _radio(form: Any, name: str) -> str:
    return str(form.elements.namedItem(name).value)


def _set_radio(form: Any, name: str, value: object) -> None:
    form.elements.namedItem(name).value = str(value)


class NewGameDialog:
    """Game, draw, scoring, suits, and an optional deal code checked as it is typed."""

    def __init__(self, session: Session, actions: Actions) -> None:
        self.session = session
        self.actions = actions
        self.el = document.getElementById("dlg-new")
        self.form = document.getElementById("form-new")
        self.code = document.getElementById("new-code")
        self.message = document.getElementById("new-code-msg")
        self.winnable = document.getElementById("new-winnable")
        self.winnable_msg = document.getElementById("new-winnable-msg")
        self._opened_with: tuple[str, ...] = ()
        """The options as the dialog opened with them."""
        listen(self.form, "change", self._options_changed)
        listen(self.code, "input", self._code_typed)
        listen(self.form, "submit", self._submit)
        listen(document.getElementById("new-cancel"), "click", self._cancel)

    def open(self) -> None:
        prefs = self.session.preferences
        _set_radio(self.form, "game", prefs.game)
        _set_radio(self.form, "draw", prefs.draw)
        _set_radio(self.form, "scoring", prefs.scoring)
        _set_radio(self.form, "suits", prefs.suits)
        _set_radio(self.form, "cells", prefs.cells)
        self.winnable.checked = prefs.winnable_only
        self.code.value = ""
        self._show_message("", ok=True)
        self._sync_visibility()
        self._opened_with = self._choices()
        self._mark_unsaved()
        self.el.showModal()

    def _choices(self) -> tuple[str, ...]:
        return (*(_radio(self.form, name) for name in OPTION_RADIOS), str(self.winnable.checked))

    def _mark_unsaved(self) -> None:
        """Mark the dialog while it holds a choice not dealt yet (other options, a code):
        a tap beside it then leaves it open (``ui.dom.dialog_frame``)."""
        unsaved = self._choices() != self._opened_with or bool(str(self.code.value).strip())
        self.el.dataset.unsaved = "true" if unsaved else "false"

    def _sync_visibility(self) -> None:
        # The options of the game chosen (draw and scoring, suits, free cells): each
        # fieldset names the kind of options it holds.
        kind = engine.variant_of(_radio(self.form, "game")).options
        for el in self.form.querySelectorAll("fieldset[data-options]"):
            el.hidden = str(el.dataset.options) != kind
        chosen = self._chosen()
        note = winnable_note(chosen)
        self.winnable_msg.textContent = note
        self.winnable_msg.hidden = not note
        # The example is a code of the game and options chosen: the shape to type for them.
        self.code.placeholder = engine.format_code(replace(chosen, seed=EXAMPLE_SEED))

    def _show_message(self, text: str, ok: bool) -> None:
        self.message.textContent = text
        self.message.classList.toggle("error", not ok)
        if ok:
            self.code.removeAttribute("aria-invalid")
        else:
            self.code.setAttribute("aria-invalid", "true")

    def _chosen(self) -> engine.DealCode:
        """The options picked with the radios (with the game's first seed)."""
        prefs = Preferences(
            game=_radio(self.form, "game"),
            draw=int(_radio(self.form, "draw")),
            scoring=_scoring(_radio(self.form, "scoring")),
            suits=int(_radio(self.form, "suits")),
            cells=int(_radio(self.form, "cells")),
        )
        return prefs.option_set().settings

    def _validate(self) -> engine.DealCode | None:
        text = str(self.code.value).strip()
        if not text:
            self._show_message("", ok=True)
            return None
        try:
            settings = engine.parse_code(code_of_text(text, self._chosen()))
        except engine.CodeError as error:
            self._show_message(code_error_text(error), ok=False)
            raise
        self._show_message(f"✓ {describe_code(settings)}", ok=True)
        return settings

    def _code_typed(self, _event: Event) -> None:
        self._mark_unsaved()
        try:
            settings = self._validate()
        except engine.CodeError:
            return
        if settings is not None:
            # The options follow the code, so the dialog shows what will be dealt.
            follow = Preferences()
            follow.deal_like(settings)
            for name in OPTION_RADIOS:
                _set_radio(self.form, name, getattr(follow, name))
            self._sync_visibility()

    def _options_changed(self, event: Event) -> None:
        if str(event.target.name) == "code":
            return
        self._mark_unsaved()
        self._sync_visibility()
        # A valid code takes the new options and keeps its shuffle.
        try:
            settings = self._validate()
        except engine.CodeError:
            return
        if settings is not None:
            try:
                code = engine.format_code(self._chosen().with_seed(settings.seed))
            except engine.CodeError:
                # That shuffle has no code in the game chosen now (FreeCell numbers its deals).
                self.code.value = ""
                self._validate()
                return
            self.code.value = code
            self._validate()

    def _cancel(self, _event: Event) -> None:
        self.el.close()

    def language_changed(self) -> None:
        """Write the dialog's own words again in the new language."""
        self._sync_visibility()
        if str(self.code.value).strip():
            try:
                self._validate()
            except engine.CodeError:
                return

    def _submit(self, event: Event) -> None:
        event.preventDefault()
        try:
            settings = self._validate()
        except engine.CodeError:
            self.code.focus()
            return
        prefs = self.session.preferences
        prefs.deal_like(self._chosen())
        prefs.winnable_only = bool(self.winnable.checked)
        self.actions.preferences_changed()
        self.el.close()
        self.actions.new_game(engine.format_code(settings) if settings is not None else None)


def _swatches(group: str, choices: tuple[tuple[str, str], ...]) -> str:
    """Radio buttons, each with a small picture of the choice drawn by the stylesheet."""
    return "".join(
        f'<label><input type="radio" name="{group}" value="{name}">'
        f'<span class="swatch-{group}" data-{group}="{name}" aria-hidden="true"></span>'
        f'<span class="swatch-name">{escape(_(text))}</span></label>'
        for name, text in choices
    )


class SettingsDialog:
    """The card options (four colours, large cards, backs, table colour), Finish
    automatically, and the gesture settings of the Spider family."""

    def __init__(self, session: Session, actions: Actions) -> None:
        self.session = session
        self.actions = actions
        self.el = document.getElementById("dlg-settings")
        self.double = document.getElementById("set-double")
        self.auto = document.getElementById("set-autodrop")
        self.four = document.getElementById("set-fourcolor")
        self.large = document.getElementById("set-large")
        backs = self.backs = document.getElementById("set-backs")
        tables = self.tables = document.getElementById("set-tables")
        self.finish = document.getElementById("set-autofinish")
        self.safe_moves = document.getElementById("set-safemoves")
        self.one_tap = document.getElementById("set-onetap")
        self.volume = document.getElementById("set-volume")
        changed = kept_proxy(self._changed)
        for box in (
            self.double,
            self.auto,
            self.four,
            self.large,
            backs,
            tables,
            self.finish,
            self.one_tap,
            self.safe_moves,
        ):
            box.addEventListener("change", changed)
        self.volume.addEventListener("change", changed)
        listen(document.getElementById("settings-keys"), "click", self._keys)

    def open(self) -> None:
        prefs = self.session.preferences
        self.double.checked = prefs.double_click
        self.auto.checked = prefs.auto_drop
        self.four.checked = prefs.four_color
        self.large.checked = prefs.large_cards
        self.finish.checked = prefs.auto_finish
        self.one_tap.checked = prefs.one_tap
        self.safe_moves.checked = prefs.safe_moves
        self.volume.value = str(prefs.volume)
        self._draw_swatches()
        self.el.showModal()

    def _draw_swatches(self) -> None:
        """The backs and table colours, named in the current language."""
        prefs = self.session.preferences
        self.backs.innerHTML = _swatches("back", BACKS)
        self.tables.innerHTML = _swatches("table", TABLES)
        self._check("back", prefs.card_back)
        self._check("table", prefs.table)

    def language_changed(self) -> None:
        """The names of the backs and tables in the new language (the rest follows the page's HTML)."""
        if self.el.open:
            focused = document.activeElement
            name = str(focused.name) if focused and focused.closest("#set-backs, #set-tables") else ""
            self._draw_swatches()
            chosen = self.el.querySelector(f'input[name="{name}"]:checked') if name else None
            if chosen:
                chosen.focus()

    def _check(self, group: str, value: str) -> None:
        choice = self.el.querySelector(f'input[name="{group}"][value="{value}"]')
        if choice:  # JS null is falsy
            choice.checked = True

    def _chosen(self, group: str, default: str) -> str:
        choice = self.el.querySelector(f'input[name="{group}"]:checked')
        return str(choice.value) if choice else default

    def _changed(self, _event: Event) -> None:
        prefs = self.session.preferences
        prefs.double_click = bool(self.double.checked)
        prefs.auto_drop = bool(self.auto.checked)
        prefs.four_color = bool(self.four.checked)
        prefs.large_cards = bool(self.large.checked)
        prefs.card_back = self._chosen("back", prefs.card_back)
        prefs.table = self._chosen("table", prefs.table)
        prefs.auto_finish = bool(self.finish.checked)
        prefs.one_tap = bool(self.one_tap.checked)
        prefs.safe_moves = bool(self.safe_moves.checked)
        prefs.volume = max(0, min(100, int(float(str(self.volume.value)))))
        self.actions.preferences_changed()

    def _keys(self, _event: Event) -> None:
        self.el.close()
        self.actions.open_dialog("help")


class WinDialog:
    """The summary shown after a win, with a New game button."""

    def __init__(self, session: Session, actions: Actions) -> None:
        self.session = session
        self.actions = actions
        self.el = document.getElementById("dlg-win")
        self._opened_at = 0
        listen(document.getElementById("win-new"), "click", self._new)

    def open(self, opened_at: int = 0) -> None:
        """Show the summary; a game opened from a shared record at move ``opened_at``
        (0: from its deal) has a line saying its win sets no best."""
        session = self.session
        game = session.game
        self._opened_at = opened_at
        self._note()
        _name_game(game)
        score = document.getElementById("win-score")
        score.textContent = game.score_text
        tile = score.parentElement
        if tile is not None:  # a game without a score (FreeCell) shows moves and time only
            tile.hidden = not game.has_score
        document.getElementById("win-moves").textContent = str(game.moves)
        document.getElementById("win-time").textContent = format_clock(session.elapsed())
        if not self.el.open:
            self.el.showModal()

    def language_changed(self) -> None:
        """The game's name again in the new language (the dialog's labels follow the page's HTML)."""
        if self.el.open:
            _name_game(self.session.game)
            self._note()

    def _note(self) -> None:
        note = win_note(self._opened_at)
        element = document.getElementById("win-note")
        element.textContent = note
        element.hidden = not note

    def close(self) -> None:
        if self.el.open:
            self.el.close()

    def _new(self, _event: Event) -> None:
        self.el.close()
        self.actions.new_game(None)


def _name_game(game: engine.Game) -> None:
    """The summary's line naming the game and its deal code (the code never broken across lines)."""
    line = document.getElementById("win-game")
    code = document.createElement("span")
    code.className = "deal"
    code.textContent = game.code
    line.replaceChildren(document.createTextNode(f"{describe_code(game.settings)} · "), code)


class ElsewhereDialog:
    """Covers the table once another tab saved the game (``ui.model.tabs``): one tab
    plays at a time. "Play here" opens the saved game, the latest one, in this tab."""

    def __init__(self) -> None:
        self.el = document.getElementById("dlg-elsewhere")
        # Escape must not uncover a table that no longer saves or counts anything.
        listen(self.el, "cancel", lambda event: event.preventDefault())
        listen(document.getElementById("elsewhere-here"), "click", self._play_here)

    def open(self) -> None:
        for dialog in document.querySelectorAll("dialog[open]"):
            dialog.close()
        if not self.el.open:
            self.el.showModal()

    def _play_here(self, _event: Event) -> None:
        # A reload without the link: the link names this tab's old deal, which would
        # replace the saved game; without it, the saved game is resumed.
        location = window.location
        window.history.replaceState(None, "", str(location.pathname) + str(location.search))
        location.reload()


class HelpDialog:
    """The list of keys (``ui.model.keyboard.key_help``), in a modal dialog."""

    def __init__(self) -> None:
        self.el = document.getElementById("dlg-help")
        self.language_changed()

    def language_changed(self) -> None:
        """The list of keys in the player's language (the keys keep their printed names)."""
        rows = []
        for keys, what in key_help():
            rows.append(f"<div><dt>{_kbd(keys)}</dt><dd>{escape(what)}</dd></div>")
        document.getElementById("help-keys").innerHTML = "".join(rows)

    def open(self) -> None:
        if not self.el.open:
            self.el.showModal()


def _kbd(keys: str) -> str:
    parts = []
    for chunk in keys.split(", "):
        parts.append(" + ".join(f"<kbd>{k}</kbd>" for k in chunk.split("+")))
    return ", ".join(parts)
