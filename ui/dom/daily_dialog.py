"""The daily deal's calendar: a month of days per game, its streaks and figures.

A tab per daily game; a month grid (``role="grid"``) of days, each a button
named by its date and its state in that game (not played, played, won with the
best win's moves and time), today marked, future days closed. The arrow keys
move a day or a week, Home and End to the week's ends, Page Up and Page Down a
month; Enter or a tap chooses a day and "Play" deals it. The records and what
a streak counts are ``ui.model.daily``'s; this module only draws them.
"""

from __future__ import annotations

import calendar
import datetime
from typing import TYPE_CHECKING, Any

from pyscript import document, window

import engine
from engine.daily import EPOCH
from ui.dom.callbacks import kept_proxy, listen
from ui.dom.figure_rows import fill_figures
from ui.dom.local_day import local_today
from ui.model.actions import Actions
from ui.model.daily import DAILY_PREFIXES, DayResult, Records, daily_figures, day_label, day_state, month_weeks
from ui.model.dates import date_words, weekday_names
from ui.model.i18n import _, again
from ui.model.session import Session, describe_code
from ui.model.storage import DAILY_KEY, Store
from ui.model.words import game_name

if TYPE_CHECKING:
    from js import Event

__all__ = ["DailyDialog"]

MOVES = {
    "ArrowLeft": -1,
    "ArrowRight": 1,
    "ArrowUp": -7,
    "ArrowDown": 7,
}


def _month_start(day: datetime.date) -> datetime.date:
    return day.replace(day=1)


def _add_months(day: datetime.date, months: int) -> datetime.date:
    """The same day of the month ``months`` later (the month's last day when it is shorter)."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return datetime.date(year, month + 1, min(day.day, last))


class DailyDialog:
    """The calendar of daily deals (``#dlg-daily``)."""

    def __init__(self, session: Session, store: Store, actions: Actions) -> None:
        self.session = session
        self.store = store
        self.actions = actions
        self.el = document.getElementById("dlg-daily")
        self.tabs = document.getElementById("daily-games")
        self.variant = document.getElementById("daily-variant")
        self.month = document.getElementById("daily-month")
        self.weekdays = document.getElementById("daily-weekdays")
        self.weeks = document.getElementById("daily-weeks")
        self.day_line = document.getElementById("daily-day")
        self.figures = document.getElementById("daily-figures")
        self.message = document.getElementById("daily-msg")
        self.play_button = document.getElementById("daily-play")
        self.prev = document.getElementById("daily-prev")
        self.next = document.getElementById("daily-next")
        self.prefix = DAILY_PREFIXES[0]
        self.today = local_today()
        self.selected = self.today
        self._records: Records = {}
        self._said = ""
        self._day_proxy = kept_proxy(self._day_clicked)
        self._tab_proxy = kept_proxy(self._tab_clicked)
        for prefix in DAILY_PREFIXES:
            tab = document.createElement("button")
            tab.type = "button"
            tab.setAttribute("role", "tab")
            tab.id = f"daily-tab-{prefix}"
            tab.dataset.prefix = prefix
            tab.setAttribute("aria-controls", "daily-panel")
            tab.addEventListener("click", self._tab_proxy)
            self.tabs.appendChild(tab)
        listen(self.tabs, "keydown", self._tab_key)
        listen(self.weeks, "keydown", self._grid_key)
        listen(self.prev, "click", lambda _e: self._go_month(-1))
        listen(self.next, "click", lambda _e: self._go_month(1))
        listen(self.play_button, "click", lambda _e: self._play())
        listen(window, "storage", self._storage_changed)

    # ----------------------------------------------------------------- opening

    def open(self) -> None:
        """Open on today, in the game on the table when it has a daily deal."""
        self.today = local_today()
        prefix = engine.option_set_of(self.session.game.settings).prefix
        on_table = engine.daily_day(self.session.game.code)
        self.prefix = prefix if prefix in DAILY_PREFIXES else self.prefix
        self.selected = self._clamp(on_table or self.today)
        self._say("")
        self._load()
        self.render()
        if not self.el.open:
            self.el.showModal()
        self._focus_selected()

    def language_changed(self) -> None:
        self._say(again(self._said))
        if self.el.open:
            self.render()

    def _last_open_day(self) -> datetime.date:
        """The last day that can be played: today, unless the table of deals ends sooner."""
        return min(self.today, engine.last_day())

    def _playable(self, day: datetime.date) -> bool:
        return EPOCH <= day <= self._last_open_day()

    def _clamp(self, day: datetime.date) -> datetime.date:
        return max(EPOCH, min(day, self._last_open_day()))

    # ------------------------------------------------------------------ drawing

    def _load(self) -> None:
        """Read the records (at opening, and when another tab recorded a day): moving
        around the calendar redraws from them without reading the storage again."""
        self._records = self.store.load_daily()
        notices = self.store.take_notices()
        if notices:
            self._say(" ".join(notices))

    def render(self) -> None:
        records = self._records
        days = records.get(self.prefix, {})
        for tab in self.tabs.children:
            prefix = str(tab.dataset.prefix)
            tab.textContent = game_name(engine.option_set(prefix).settings.game)
            chosen = prefix == self.prefix
            tab.setAttribute("aria-selected", "true" if chosen else "false")
            tab.tabIndex = 0 if chosen else -1
        document.getElementById("daily-panel").setAttribute("aria-labelledby", f"daily-tab-{self.prefix}")
        self.variant.textContent = _("{variant}: one deal a day, proven winnable, the same for every player.").format(
            variant=describe_code(engine.option_set(self.prefix).settings)
        )
        first = _month_start(self.selected)
        self.month.textContent = date_words(first, "month")
        self.prev.disabled = _month_start(EPOCH) >= first
        self.next.disabled = _month_start(self._last_open_day()) <= first
        weeks = month_weeks(first.year, first.month)
        heads = []
        for short, full in weekday_names():
            head = document.createElement("th")
            head.scope = "col"
            head.abbr = full
            head.textContent = short
            heads.append(head)
        self.weekdays.replaceChildren(*heads)
        rows = []
        for week in weeks:
            row = document.createElement("tr")
            for day in week:
                cell = document.createElement("td")
                cell.setAttribute("role", "gridcell")
                if day is not None:
                    cell.appendChild(self._day_button(day, days.get(day.isoformat())))
                    # The grid's selection is the cell's; the button in it takes the focus.
                    cell.setAttribute("aria-selected", "true" if day == self.selected else "false")
                row.appendChild(cell)
            rows.append(row)
        self.weeks.replaceChildren(*rows)
        self._describe_selected(days.get(self.selected.isoformat()))
        fill_figures(self.figures, daily_figures(records, self.prefix, self.today).rows())

    def _day_button(self, day: datetime.date, result: DayResult | None) -> Any:
        state = day_state(day, self.today, result)
        button = document.createElement("button")
        button.type = "button"
        button.className = f"daily-day-cell {state}"
        button.dataset.day = day.isoformat()
        button.dataset.state = state
        button.textContent = str(day.day)
        is_today = day == self.today
        if is_today:
            button.classList.add("today")
            button.setAttribute("aria-current", "date")
        button.setAttribute("aria-label", day_label(date_words(day, "full"), state, result, is_today))
        if state in ("before", "future"):
            button.setAttribute("aria-disabled", "true")
        chosen = day == self.selected
        button.dataset.selected = "true" if chosen else "false"
        button.tabIndex = 0 if chosen else -1
        button.addEventListener("click", self._day_proxy)
        return button

    def _describe_selected(self, result: DayResult | None) -> None:
        day = self.selected
        state = day_state(day, self.today, result)
        # The same words as the day's name in the grid, which a screen reader has just read.
        self.day_line.textContent = day_label(date_words(day, "full"), state, result, day == self.today)
        self.play_button.disabled = not self._playable(day)
        self.play_button.textContent = _("Play again") if state == "won" else _("Play this deal")

    def _say(self, text: str) -> None:
        self._said = text
        self.message.textContent = text
        self.message.hidden = not text

    def _focus_selected(self) -> None:
        button = self.weeks.querySelector('button[data-selected="true"]')
        if button:
            button.focus()

    # ------------------------------------------------------------------- input

    def _choose(self, day: datetime.date, focus: bool = True) -> None:
        if not self._playable(day):
            return  # no deal there: the choice stays
        self.selected = day
        self.render()
        if focus:
            self._focus_selected()

    def _day_clicked(self, event: Event) -> None:
        text = str(event.currentTarget.dataset.day)
        day = datetime.date.fromisoformat(text)
        if day == self.selected and self._playable(day):
            self._play()
            return
        self._choose(day)

    def _grid_key(self, event: Event) -> None:
        key = str(event.key)
        day = self.selected
        if key in MOVES:
            target = day + datetime.timedelta(days=MOVES[key])
        elif key == "Home":
            target = day - datetime.timedelta(days=(day.isoweekday() % 7))
        elif key == "End":
            target = day + datetime.timedelta(days=6 - (day.isoweekday() % 7))
        elif key in ("PageUp", "PageDown"):
            target = _add_months(day, -1 if key == "PageUp" else 1)
        else:
            return
        event.preventDefault()
        self._choose(self._clamp(target))

    def _go_month(self, months: int) -> None:
        self._choose(self._clamp(_add_months(self.selected, months)), focus=False)

    def _tab_clicked(self, event: Event) -> None:
        self.prefix = str(event.currentTarget.dataset.prefix)
        self.render()

    def _tab_key(self, event: Event) -> None:
        key = str(event.key)
        at, count = DAILY_PREFIXES.index(self.prefix), len(DAILY_PREFIXES)
        target = {"ArrowLeft": (at - 1) % count, "ArrowRight": (at + 1) % count, "Home": 0, "End": count - 1}.get(key)
        if target is None:
            return
        event.preventDefault()
        self.prefix = DAILY_PREFIXES[target]
        self.render()
        document.getElementById(f"daily-tab-{self.prefix}").focus()

    def _storage_changed(self, event: Event) -> None:
        if str(event.key) == DAILY_KEY and bool(self.el.open):
            self._load()  # another tab recorded a day
            self.render()

    def _play(self) -> None:
        day = self.selected
        if not self._playable(day):
            return
        deals = engine.daily_deals(day)
        code = next(deals[game] for game, prefix in engine.DAILY_GAMES.items() if prefix == self.prefix)
        self.el.close()
        game = self.session.game
        if code != game.code or game.won:
            self.actions.new_game(code)
        words = _("Daily deal of {date}: {game}.")
        self.actions.say(words.format(date=date_words(day), game=describe_code(engine.parse_code(code))))
