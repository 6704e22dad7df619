"""The dialogs: New game, Settings, the win summary, the list of keys and the notice
that another tab plays the game (native ``<dialog>``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape
from typing import TYPE_CHECKING, Any

from pyscript import document, window

import engine
from engine.codes import EXAMPLE_SEED
from ui.dom.callbacks import kept_proxy, listen
from ui.model.actions import Actions
from ui.model.games import OptionGroup, page_of, pages
from ui.model.help_kinds import help_line
from ui.model.hints import winnable_note
from ui.model.i18n import N_, _
from ui.model.keyboard import key_help
from ui.model.progress import win_note
from ui.model.refusals import code_error_text
from ui.model.session import Preferences, Session, code_of_text, describe_code, format_clock
from ui.model.themes import BACKS, TABLES
from ui.model.words import game_name, names_list

if TYPE_CHECKING:
    from js import Event

__all__ = ["ElsewhereDialog", "HelpDialog", "NewGameDialog", "SettingsDialog", "WinDialog"]


def _radio(form: Any, name: str) -> str:
    return str(form.elements.namedItem(name).value)


def _set_radio(form: Any, name: str, value: object) -> None:
    form.elements.namedItem(name).value = str(value)


def _segments(name: str, legend: str, choices: tuple[tuple[str, str], ...], attributes: str = "") -> str:
    """A row of radio buttons (a ``fieldset.seg``), its words translated."""
    radios = "".join(
        f'<label><input type="radio" name="{escape(name)}" value="{escape(value)}">'
        f"<span>{escape(_(label))}</span></label>"
        for value, label in choices
    )
    return f'<fieldset class="seg"{attributes}><legend>{escape(_(legend))}</legend>{radios}</fieldset>'


class NewGameDialog:
    """The game, its options (each game's own, from its page module), and an optional deal
    code checked as it is typed."""

    def __init__(self, session: Session, actions: Actions) -> None:
        self.session = session
        self.actions = actions
        self.el = document.getElementById("dlg-new")
        self.form = document.getElementById("form-new")
        self.code = document.getElementById("new-code")
        self.message = document.getElementById("new-code-msg")
        self.winnable = document.getElementById("new-winnable")
        self.winnable_msg = document.getElementById("new-winnable-msg")
        self.choices = document.getElementById("new-choices")
        self._opened_with: tuple[str, ...] = ()
        """The options as the dialog opened with them."""
        self._draw_choices()
        listen(self.form, "change", self._options_changed)
        listen(self.code, "input", self._code_typed)
        listen(self.form, "submit", self._submit)
        listen(document.getElementById("new-cancel"), "click", self._cancel)

    def _draw_choices(self) -> None:
        """The game's radio buttons and each game's options, from the registry, in the
        current language. Games that offer the same options share their row (Spiderette
        and Spider their suits): each row names the games it serves (``data-games``)."""
        games = tuple((page.game, page.name) for page in pages())
        rows: dict[str, tuple[OptionGroup, list[str]]] = {}
        for page in pages():
            for group in page.options:
                rows.setdefault(group.name, (group, []))[1].append(page.game)
        options = "".join(
            _segments(
                group.name,
                group.legend,
                group.choices,
                f' id="opt-{escape(group.name)}" data-games="{escape(" ".join(served))}" hidden',
            )
            for group, served in rows.values()
        )
        self.choices.innerHTML = _segments("game", N_("Game"), games, ' id="opt-game"') + options

    def _show_choices(self, game: str, options: str) -> None:
        """Check the radio buttons of ``game`` and its ``options`` (a deal code's options)."""
        _set_radio(self.form, "game", game)
        for name, value in page_of(game).choices(options).items():
            _set_radio(self.form, name, value)

    def open(self) -> None:
        prefs = self.session.preferences
        for page in pages():
            self._show_choices(page.game, prefs.options.get(page.game, ""))
        self._show_choices(prefs.game, prefs.option_set().options)
        self.winnable.checked = prefs.winnable_only
        self.code.value = ""
        self._show_message("", ok=True)
        self._sync_visibility()
        self._opened_with = self._choices()
        self._mark_unsaved()
        self.el.showModal()

    def _radio_names(self) -> tuple[str, ...]:
        return ("game", *dict.fromkeys(group.name for page in pages() for group in page.options))

    def _choices(self) -> tuple[str, ...]:
        return (*(_radio(self.form, name) for name in self._radio_names()), str(self.winnable.checked))

    def _mark_unsaved(self) -> None:
        """Mark the dialog while it holds a choice not dealt yet (other options, a code):
        a tap beside it then leaves it open (``ui.dom.dialog_frame``)."""
        unsaved = self._choices() != self._opened_with or bool(str(self.code.value).strip())
        self.el.dataset.unsaved = "true" if unsaved else "false"

    def _sync_visibility(self) -> None:
        # The options of the game chosen: each game's fieldsets name their game.
        game = _radio(self.form, "game")
        for el in self.form.querySelectorAll("fieldset[data-games]"):
            el.hidden = game not in str(el.dataset.games).split()
        chosen = self._chosen()
        # Winnable deals only is offered for the games a solver knows.
        box = self.winnable.closest("label")
        if box is not None:
            box.hidden = not page_of(chosen.game).has_solver
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
        game = _radio(self.form, "game")
        page = page_of(game)
        options = page.options_text({group.name: _radio(self.form, group.name) for group in page.options})
        return Preferences(game=game, options={game: options}).option_set().settings

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
            self._show_choices(settings.game, settings.options)
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
        chosen = self._choices()
        self._draw_choices()
        for name, value in zip(self._radio_names(), chosen, strict=False):
            _set_radio(self.form, name, value)
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
        self.whole_hints = document.getElementById("set-wholehints")
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
            self.whole_hints,
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
        self.whole_hints.checked = prefs.whole_hints
        self.safe_moves.checked = prefs.safe_moves
        self.volume.value = str(prefs.volume)
        self._draw_swatches()
        self._draw_game_words()
        self.el.showModal()

    def _draw_game_words(self) -> None:
        """The settings that only some games use say which (from the registry): the
        automatic moves home, and how a tap plays where a single tap does not."""
        automatic = [game for game in engine.VARIANTS if engine.game_class(game).automatic_moves]
        placing = [game for game in engine.VARIANTS if not engine.game_class(game).single_tap_plays]
        document.getElementById("set-safemoves-text").textContent = _(
            "{games}: cards no other card can need go to their foundations by themselves"
        ).format(games=names_list([game_name(game) for game in automatic]))
        document.getElementById("set-place-legend").textContent = names_list([game_name(game) for game in placing])
        for box, shown in ((self.safe_moves.closest("label"), automatic), (self.double.closest("fieldset"), placing)):
            if box is not None:
                box.hidden = not shown

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
            self._draw_game_words()
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
        prefs.whole_hints = bool(self.whole_hints.checked)
        prefs.safe_moves = bool(self.safe_moves.checked)
        prefs.volume = max(0, min(100, int(float(str(self.volume.value)))))
        self.actions.preferences_changed()

    def _keys(self, _event: Event) -> None:
        self.el.close()
        self.actions.open_dialog("help")


class WinDialog:
    """The summary shown after a win, with a New game button."""

    def __init__(self, session: Session, actions: Actions, helped: Callable[[], tuple[str, ...]] = tuple) -> None:
        self.session = session
        self.actions = actions
        self._helped = helped
        """The kinds of help taken in the game won (the summary says them)."""
        self.el = document.getElementById("dlg-win")
        self._opened_at = 0
        listen(document.getElementById("win-new"), "click", self._new)

    def open(self, opened_at: int = 0) -> None:
        """Show the summary; a game opened from a shared record at move ``opened_at``
        (0: from its deal) has a line saying its win sets no best; a line says
        whether it was won with help, and which."""
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
        _record_figure(game)
        document.getElementById("win-time").textContent = format_clock(session.elapsed())
        if not self.el.open:
            self.el.showModal()

    def language_changed(self) -> None:
        """The game's name again in the new language (the dialog's labels follow the page's HTML)."""
        if self.el.open:
            _name_game(self.session.game)
            _record_figure(self.session.game)
            self._note()

    def _note(self) -> None:
        document.getElementById("win-help").textContent = help_line(self._helped())
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


def _record_figure(game: engine.Game) -> None:
    """The tile of the game's own figure, the one its statistics keep the best of
    (TriPeaks' longest run); hidden for a game without one."""
    page = page_of(game.settings.game)
    tile = document.getElementById("win-record")
    tile.hidden = not page.record_name
    if page.record_name:
        document.getElementById("win-record-label").textContent = _(page.record_name)
        document.getElementById("win-record-value").textContent = str(page.record_figure(game))


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
