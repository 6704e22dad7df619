"""The statistics dialog: figures per variant, a chart of recent results,
reset (with confirmation), export to and import from a JSON file (asked first,
with the copy it keeps restored by one button: ``ui.model.stats_transfer``)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from html import escape
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_once_callable
from pyscript import document, window

from ui.dom.callbacks import kept_proxy, listen
from ui.dom.figure_rows import fill_figures
from ui.dom.stats_chart import draw_chart
from ui.model.i18n import _, again, joined
from ui.model.session import Session
from ui.model.stats import VariantStats, is_scored, is_vegas, variant_key
from ui.model.stats_chart import (
    BANKROLL_NOTE,
    STREAKS_NOTE,
    PickerField,
    chart_of,
    figures,
    picked_key,
    picker_choices,
    stats_picker,
)
from ui.model.stats_import import Imported, ImportRefused, export_text, import_refusal_text, read_export
from ui.model.stats_record import running_bankroll
from ui.model.stats_transfer import (
    Transfer,
    has_backup,
    import_question,
    import_records,
    reset_stats,
    restore_records,
)
from ui.model.storage import STATS_KEY, Store

if TYPE_CHECKING:
    from js import Event

__all__ = ["StatsDialog", "picker_html"]


def picker_html(fields: tuple[PickerField, ...]) -> str:
    """The picker's lists, each with its label; an option's list names the games it
    serves (``data-games``) and is shown for those only."""
    parts = []
    for field in fields:
        options = "".join(f'<option value="{escape(value)}">{escape(words)}</option>' for value, words in field.choices)
        served = f' data-games="{escape(" ".join(field.games))}"' if field.games else ""
        parts.append(
            f'<label class="field stats-pick"{served}><span>{escape(field.label)}</span>'
            f'<select name="{escape(field.name)}">{options}</select></label>'
        )
    return "".join(parts)


class StatsDialog:
    """Figures of the variant chosen (the one played, at first), reset, export and import."""

    def __init__(self, session: Session, store: Store, game_id: Callable[[], str] = str) -> None:
        self.session = session
        self.store = store
        self._game_id = game_id
        """The id of the game on the table (its statistics name it so)."""
        self.note = document.getElementById("stats-note")
        self.streaks = document.getElementById("stats-streaks")
        self.el = document.getElementById("dlg-stats")
        self.picker = document.getElementById("stats-picker")
        self.table = document.getElementById("stats-table")
        self.chart = document.getElementById("stats-chart")
        self.message = document.getElementById("stats-msg")
        self.confirm = document.getElementById("stats-confirm")
        self.file = document.getElementById("stats-file")
        self.import_confirm = document.getElementById("stats-import-confirm")
        self.restore_row = document.getElementById("stats-restore-row")
        self._draw_picker()
        listen(self.picker, "change", lambda _e: self._picked())
        listen(document.getElementById("stats-reset"), "click", self._ask_reset)
        listen(document.getElementById("stats-reset-yes"), "click", self._reset)
        listen(document.getElementById("stats-reset-no"), "click", self._keep)
        listen(document.getElementById("stats-export"), "click", self._export)
        listen(self.file, "change", self._import_chosen)
        listen(document.getElementById("stats-import-yes"), "click", lambda _e: self.confirm_import())
        listen(document.getElementById("stats-import-no"), "click", self._cancel_import)
        listen(document.getElementById("stats-restore"), "click", lambda _e: self.restore())
        listen(window, "storage", self._storage_changed)
        self._imported_proxy = kept_proxy(self._imported)
        self._said = ""
        """The dialog's message (kept to write it again in another language)."""
        self._said_error = False
        self._pending: Imported | None = None
        """A checked file waiting for the player's answer to the import question."""
        self._question = ""

    # ----------------------------------------------------------------- showing

    def _draw_picker(self) -> None:
        """The picker, in the current language: a list of the games and one of each
        option of theirs (``stats_picker``), each labelled, each wide enough for its
        longest choice (a phone's Thai "Klondike, draw 1, Normal scoring" was cut)."""
        key = self.key() if self.picker.firstChild else variant_key(self.session.game.settings)
        self.picker.innerHTML = picker_html(stats_picker())
        self._show_key(key)

    def key(self) -> str:
        """The statistics key of the variant the picker shows (``"KL-D1N"``)."""
        return picked_key({str(select.name): str(select.value) for select in self.picker.querySelectorAll("select")})

    def _show_key(self, key: str) -> None:
        for name, value in picker_choices(key).items():
            select = self.picker.querySelector(f"select[name='{name}']")
            if select is not None:
                select.value = value
        self._sync_picker()

    def _sync_picker(self) -> None:
        """Only the chosen game's options are shown."""
        game = picker_choices(self.key())["game"]
        for field in self.picker.querySelectorAll("[data-games]"):
            field.hidden = game not in str(field.dataset.games).split()

    def _picked(self) -> None:
        self._sync_picker()
        self.render()

    def language_changed(self) -> None:
        """The variants' names and the figures again, in the new language."""
        self._draw_picker()
        self._say(again(self._said), self._said_error)
        self._ask(again(self._question))
        if self.el.open:
            self.render()

    def open(self) -> None:
        self._show_key(variant_key(self.session.game.settings))
        self._say("")
        self.confirm.hidden = True
        self._drop_pending()
        self.render()
        self.el.showModal()

    def render(self) -> list[str]:
        """Show the variant's figures; the store's notices are said, and returned."""
        key = self.key()
        stats = VariantStats.from_dict(self.store.load_stats().get(key))
        notices = self.store.take_notices()
        if notices:
            # Read here first (figures set aside, storage trouble): said where the player looks.
            self._say(joined(" ", notices), error=True)
        bankroll = None
        if is_vegas(key):
            game = self.session.game
            if variant_key(game.settings) == key:
                bankroll = running_bankroll(stats, self._game_id(), game.score)
            self.note.textContent = _(BANKROLL_NOTE)
        self.note.hidden = not is_vegas(key)
        self.streaks.textContent = _(STREAKS_NOTE)
        self.restore_row.hidden = not has_backup(self.store)
        fill_figures(self.table, figures(key, stats, bankroll))
        if stats.recent:
            draw_chart(self.chart, chart_of(stats.recent, money=is_vegas(key), scored=is_scored(key)))
        else:
            self.chart.textContent = _("No finished games yet.")
        return notices

    def _say(self, text: str, error: bool = False) -> None:
        self._said, self._said_error = text, error
        self.message.textContent = text
        self.message.classList.toggle("error", error)

    def _storage_changed(self, event: Event) -> None:
        # Another tab finished a game: show its result too.
        if str(event.key) == STATS_KEY and bool(self.el.open):
            self.render()

    # ------------------------------------------------------------------- reset

    def _ask_reset(self, _event: Event) -> None:
        self._drop_pending()  # one question at a time
        self.confirm.hidden = False
        document.getElementById("stats-reset-no").focus()

    def _keep(self, _event: Event) -> None:
        self.confirm.hidden = True
        document.getElementById("stats-reset").focus()

    def _reset(self, _event: Event) -> None:
        reset = reset_stats(self.store)
        self.confirm.hidden = True
        said = self.render()  # a notice of reading the figures stays, before the result
        self._say(joined(" ", [*said, reset.message]), error=bool(said) or not reset.done)
        document.getElementById("stats-reset").focus()

    # --------------------------------------------------------- export, import

    def export_text(self) -> str:
        exported = datetime.now(UTC).isoformat(timespec="seconds")
        return export_text(self.store.load_stats(), exported, self.store.load_daily())

    def _export(self, _event: Event) -> None:
        blob = window.Blob.new([self.export_text()], {"type": "application/json"})
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = "solitaire-statistics.json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda *_: window.URL.revokeObjectURL(url)), 1000)
        self._say(_("Statistics exported to solitaire-statistics.json."))

    def _import_chosen(self, _event: Event) -> None:
        files = self.file.files
        if not files or not files.length:
            return
        files.item(0).text().then(self._imported_proxy)
        self.file.value = ""

    def _imported(self, text: Any) -> None:
        self.import_text(str(text))

    def import_text(self, text: str) -> bool:
        """Check a chosen file whole and ask whether it replaces the statistics
        (nothing changes until the player says so); True when the question is asked."""
        self._drop_pending()
        try:
            imported = read_export(text, self.store.today())  # the whole file, before anything changes
        except ImportRefused as error:
            self._say(_("Nothing was imported: {reason}").format(reason=import_refusal_text(error)), error=True)
            return False
        self._say("")
        self.confirm.hidden = True  # one question at a time
        self._pending = imported
        self._ask(import_question(imported))
        self.import_confirm.hidden = False
        document.getElementById("stats-import-no").focus()
        return True

    def _ask(self, question: str) -> None:
        self._question = question
        document.getElementById("stats-import-question").textContent = question

    def _drop_pending(self) -> None:
        self._pending = None
        self.import_confirm.hidden = True

    def _cancel_import(self, _event: Event) -> None:
        self._drop_pending()
        self._say(_("Nothing was imported."))
        document.getElementById("stats-export").focus()

    def confirm_import(self) -> bool:
        """The player said yes: replace the statistics with the waiting file's; True when done."""
        imported = self._pending
        if imported is None:
            return False
        self._drop_pending()
        exported = datetime.now(UTC).isoformat(timespec="seconds")
        return self._done(import_records(self.store, imported, exported))

    def restore(self) -> bool:
        """Bring back what the last import replaced; True when done."""
        return self._done(restore_records(self.store, datetime.now(UTC).isoformat(timespec="seconds")))

    def _done(self, transfer: Transfer) -> bool:
        said = self.render()  # notices of reading the new figures, if any; the transfer's own lead its words
        self._say(joined(" ", [*said, transfer.message]), error=not transfer.done)
        focus = "stats-restore" if not self.restore_row.hidden else "stats-export"
        document.getElementById(focus).focus()
        return transfer.done
