"""The daily deal's records: each day's result per game, the streaks, the month grid.

A record is kept per daily game (its option set, ``engine.DAILY_GAMES``) and per
deal day (ISO date), never per the day it was played: the result belongs to the
deal. A day is *played* once a move was made in its deal and *won* once the deal
was won from its start; a won day keeps its best win (the fastest, then the
fewest moves). Nothing recorded is ever taken away: undoing a win, replaying a
day or a clock set wrong changes no recorded result.

What a streak counts: the run of consecutive days whose daily deal of that game
was won, whenever it was won (a missed day can be made up later, which joins the
runs on either side). The *current* streak is the run that ends at the latest
won day, while that day is today or yesterday (or later: a clock set back does
not end it); once a whole day passes without its deal won, it is 0. The *best*
streak is the longest run ever. Both are worked out from the won days each time,
never stored, so a clock set wrong shows a different today but loses nothing,
and setting it right shows the streak again.

Which days can have a record (``day_kept``): those with a daily deal, up to
tomorrow. The writer and an import take nothing else. The store's reader sets aside
only what can never be a record (no daily deal that day, a bad shape): a day after
tomorrow may have been recorded while the clock was right, so it stays stored, and
the figures leave it out (``won_days``, ``daily_figures``) until the clock reaches it.
No stored or imported day (9999-12-31, say) can reach the figures.

Pure Python (the page's local calendar day is passed in as ``today``).

>>> records: Records = {}
>>> d = datetime.date
>>> for day in (d(2026, 3, 1), d(2026, 3, 2), d(2026, 3, 4)):
...     record(records, "KL1-D1N", day, DayResult(True, 300.0, 120))
True
True
True
>>> streaks(won_days(records, "KL1-D1N"), d(2026, 3, 5))
Streaks(current=1, best=2)
>>> record(records, "KL1-D1N", d(2026, 3, 3), DayResult(True, 200.0, 99))
True
>>> streaks(won_days(records, "KL1-D1N"), d(2026, 3, 5))
Streaks(current=4, best=4)
>>> streaks(won_days(records, "KL1-D1N"), d(2026, 3, 6))
Streaks(current=0, best=4)
"""

from __future__ import annotations

import calendar
import datetime
import math
from dataclasses import dataclass
from typing import Any, Literal

import engine
from engine.daily import EPOCH
from ui.model.help_kinds import share_help
from ui.model.i18n import _, joined, ngettext
from ui.model.session import format_clock
from ui.model.words import game_name

__all__ = [
    "DAILY_PREFIXES",
    "MAX_DAILY_CHARS",
    "DailyFigures",
    "DayResult",
    "DayState",
    "Records",
    "Streaks",
    "daily_figures",
    "daily_hash",
    "day_kept",
    "day_label",
    "day_state",
    "month_weeks",
    "read_records",
    "record",
    "records_to_dict",
    "share_text",
    "streaks",
    "win_line",
    "win_streaks",
    "won_days",
]

DAILY_PREFIXES = tuple(engine.DAILY_GAMES.values())
"""The option set of each game's daily deal, in the calendar's order."""
FIRST_GAME = next(iter(engine.DAILY_GAMES))
"""The game ``#daily`` opens (Klondike: the most played)."""
MAX_DAILY_CHARS = 400_000
"""Ten years of every game's daily results take about 300,000 characters."""
MAX_SECONDS = 10.0**8
"""The longest clock a day's win keeps: the writer caps a win's clock here and the
reader refuses anything longer, so whatever is written is read back."""
MAX_MOVES = 10**6


@dataclass(frozen=True, slots=True)
class DayResult:
    """One day's result in one game: played, or won (with the best win's time and moves,
    and whether it was won with help: ``ui.model.help_kinds``)."""

    won: bool
    seconds: float = 0.0
    moves: int = 0
    helped: bool = False

    def better(self, other: DayResult) -> DayResult:
        """The better of two results of the same day: a win over a game only played,
        then a win without help over one with help, then the faster win, then the one
        with fewer moves.

        >>> DayResult(False).better(DayResult(True, 90.0, 80))
        DayResult(won=True, seconds=90.0, moves=80, helped=False)
        >>> DayResult(True, 90.0, 80).better(DayResult(True, 95.0, 70)).seconds
        90.0
        >>> DayResult(True, 90.0, 80, helped=True).better(DayResult(True, 95.0, 70)).seconds
        95.0
        """
        if self.won != other.won:
            return self if self.won else other
        if not self.won:
            return self
        return min(self, other, key=lambda r: (r.helped, r.seconds, r.moves))

    def to_list(self) -> list[float | int]:
        """As stored: ``[0]``, or ``[1, seconds, moves]`` and a fourth ``1`` for a win with help
        (records from before the flag have three: wins without help, as they were taken)."""
        if not self.won:
            return [0]
        return [1, round(self.seconds, 1), self.moves, *([1] if self.helped else [])]

    def bounded(self) -> DayResult:
        """The result as it is written: a win's clock rounded and within ``MAX_SECONDS``
        and its moves within ``MAX_MOVES`` (a tab left open for years still records
        its win, with the longest clock a record holds).

        >>> DayResult(True, 10.0**8 + 12.5, 3).bounded().seconds == MAX_SECONDS
        True
        """
        if not self.won:
            return self
        seconds = self.seconds if math.isfinite(self.seconds) else MAX_SECONDS
        return DayResult(
            True, round(min(max(seconds, 0.0), MAX_SECONDS), 1), min(max(self.moves, 1), MAX_MOVES), self.helped
        )


Records = dict[str, dict[str, DayResult]]
"""Daily option set -> ISO day -> that day's result."""


def day_kept(day: datetime.date, today: datetime.date | None = None) -> bool:
    """Whether a day can have a record: it has a daily deal (the shipped table's days)
    and is not after tomorrow (a deal shared from a time zone ahead is tomorrow's).
    The writer and the reader both ask this, so a record written is read back.
    ``today`` None: the page's day is not known, and only the table bounds it.

    >>> day_kept(datetime.date(2026, 1, 1)), day_kept(datetime.date(9999, 12, 31))
    (True, False)
    >>> day_kept(datetime.date(2026, 3, 3), today=datetime.date(2026, 3, 1))
    False
    """
    if not EPOCH <= day <= engine.last_day():
        return False
    # Ordinals, not dates: tomorrow of the last date Python has would overflow.
    return today is None or day.toordinal() <= today.toordinal() + 1


def record(
    records: Records, prefix: str, day: datetime.date, result: DayResult, today: datetime.date | None = None
) -> bool:
    """Keep ``result`` (``bounded``) for ``day`` unless a better one is there; True
    when the records changed. A day that cannot have a record (``day_kept``) changes nothing."""
    if prefix not in DAILY_PREFIXES or not day_kept(day, today):
        return False
    result = result.bounded()
    days = records.setdefault(prefix, {})
    key = day.isoformat()
    kept = days.get(key)
    best = result if kept is None else kept.better(result)
    if best == kept:
        return False
    days[key] = best
    return True


def _read_result(value: object) -> DayResult | None:
    if not isinstance(value, list) or not value or value[0] not in (0, 1) or type(value[0]) is not int:
        return None
    if value[0] == 0:
        return DayResult(False) if len(value) == 1 else None
    if len(value) not in (3, 4) or (len(value) == 4 and (value[3] not in (0, 1) or type(value[3]) is not int)):
        return None
    seconds, moves = value[1], value[2]
    if type(seconds) not in (int, float) or not (math.isfinite(seconds) and 0 <= seconds <= MAX_SECONDS):
        return None
    if type(moves) is not int or not 0 < moves <= MAX_MOVES:
        return None
    return DayResult(True, float(seconds), moves, len(value) == 4 and value[3] == 1)


def _read_day(text: object, today: datetime.date | None) -> datetime.date | None:
    if not isinstance(text, str) or len(text) != 10:
        return None
    try:
        day = datetime.date.fromisoformat(text)
    except ValueError:
        return None
    return day if day_kept(day, today) else None


def read_records(data: object, today: datetime.date | None = None) -> tuple[Records, int]:
    """Daily records read back (the store's, or an exported file's), checked one by
    one as they are written (``day_kept``, ``DayResult.bounded``): the records that
    can be kept, and how many could not.

    >>> read_records({"KL1-D1N": {"2026-03-01": [1, 300, 120], "2026-03-02": [1, -5, 3]}, "XX": {}})
    ({'KL1-D1N': {'2026-03-01': DayResult(won=True, seconds=300.0, moves=120, helped=False)}}, 2)
    """
    if not isinstance(data, dict):
        return {}, 1
    kept: Records = {}
    wrong = 0
    for prefix, days in data.items():
        if prefix not in DAILY_PREFIXES or not isinstance(days, dict):
            wrong += 1
            continue
        for text, value in days.items():
            day, result = _read_day(text, today), _read_result(value)
            if day is None or result is None:
                wrong += 1
                continue
            kept.setdefault(prefix, {})[day.isoformat()] = result
    return kept, wrong


def records_to_dict(records: Records) -> dict[str, Any]:
    return {prefix: {day: result.to_list() for day, result in sorted(days.items())} for prefix, days in records.items()}


def _counted(records: Records, prefix: str, today: datetime.date | None) -> dict[datetime.date, DayResult]:
    """A game's results that count today: a day after tomorrow (kept from a clock
    that was right, read by one set back) waits in storage until the clock reaches it."""
    days = {datetime.date.fromisoformat(day): result for day, result in records.get(prefix, {}).items()}
    return {day: result for day, result in days.items() if day_kept(day, today)}


def won_days(records: Records, prefix: str, today: datetime.date | None = None) -> set[datetime.date]:
    """The days won in a game, up to tomorrow of ``today`` (None: every day kept)."""
    return {day for day, result in _counted(records, prefix, today).items() if result.won}


@dataclass(frozen=True, slots=True)
class Streaks:
    """A game's daily streaks: the days in a row won up to today (or yesterday), and the longest run."""

    current: int
    best: int


def _run_ending(won: set[int], day: int) -> int:
    length = 0
    while day - length in won:
        length += 1
    return length


def streaks(won: set[datetime.date], today: datetime.date) -> Streaks:
    """The current and best streaks of a game's won days (see the module's docstring).

    Worked out on day numbers (ordinals), never by date arithmetic, so that no day
    (the last one Python has, 9999-12-31, included) can make it raise.

    >>> streaks({datetime.date(9999, 12, 31)}, datetime.date.min)
    Streaks(current=1, best=1)
    """
    days = {day.toordinal() for day in won}
    if not days:
        return Streaks(0, 0)
    best = max(_run_ending(days, day) for day in days if day + 1 not in days)
    latest = max(days)
    current = _run_ending(days, latest) if latest >= today.toordinal() - 1 else 0
    return Streaks(current, best)


@dataclass(frozen=True, slots=True)
class DailyFigures:
    """A game's daily statistics."""

    played: int
    won: int
    streaks: Streaks
    fastest: float | None

    def rows(self) -> list[tuple[str, str]]:
        """Label and value of each figure, for the calendar's table."""

        def days(n: int) -> str:
            return ngettext("{n} day", "{n} days", n).format(n=n)

        return [
            (_("Days played"), str(self.played)),
            (_("Days won"), str(self.won)),
            (_("Current streak"), days(self.streaks.current)),
            (_("Best streak"), days(self.streaks.best)),
            (_("Fastest win"), format_clock(self.fastest) if self.fastest is not None else "–"),
        ]


def daily_figures(records: Records, prefix: str, today: datetime.date) -> DailyFigures:
    days = _counted(records, prefix, today)
    wins = [result.seconds for result in days.values() if result.won]
    return DailyFigures(len(days), len(wins), streaks(won_days(records, prefix, today), today), min(wins, default=None))


DayState = Literal["before", "future", "unplayed", "played", "won"]
"""A calendar day in one game: before the first daily deal or after today (no deal
to play), not played, played, or won."""


def day_state(day: datetime.date, today: datetime.date, result: DayResult | None) -> DayState:
    if day < EPOCH or day > engine.last_day():
        return "before"
    if day > today:
        return "future"
    if result is None:
        return "unplayed"
    return "won" if result.won else "played"


def day_label(date_text: str, state: DayState, result: DayResult | None, is_today: bool) -> str:
    """A calendar day's name for a screen reader: its date, then its state in the game shown."""
    if state == "won" and result is not None:
        how = _("won in {moves} moves, {time}").format(moves=result.moves, time=format_clock(result.seconds))
    else:
        how = {
            "before": _("no daily deal"),
            "future": _("not yet open"),
            "unplayed": _("not played"),
            "played": _("played, not won yet"),
            "won": _("won"),
        }[state]
    words = _("{date}, today: {state}") if is_today else _("{date}: {state}")
    return words.format(date=date_text, state=how)


def month_weeks(year: int, month: int) -> list[list[datetime.date | None]]:
    """A month's days in weeks from Sunday (None before the first and after the last).

    >>> weeks = month_weeks(2026, 12)
    >>> weeks[0][:3], weeks[0][2], len(weeks)
    ([None, None, datetime.date(2026, 12, 1)], datetime.date(2026, 12, 1), 5)
    """
    # Built from the month's own days: the calendar module's weeks run into the next
    # month's, which for December 9999 is past the last date Python has.
    first = datetime.date(year, month, 1)
    lead = (first.weekday() + 1) % 7  # Monday is 0 to Python; the week starts on Sunday
    days: list[datetime.date | None] = [None] * lead
    days += [first + datetime.timedelta(days=n) for n in range(calendar.monthrange(year, month)[1])]
    days += [None] * (-len(days) % 7)
    return [days[at : at + 7] for at in range(0, len(days), 7)]


def win_streaks(records: Records, prefix: str, day: datetime.date, today: datetime.date) -> Streaks:
    """A game's streaks once the daily deal of ``day`` is won: that day counts whether
    or not its record is written yet (the summary may come before the record).

    >>> win_streaks({}, "KL1-D1N", datetime.date(2026, 12, 3), datetime.date(2026, 12, 3))
    Streaks(current=1, best=1)
    """
    return streaks(won_days(records, prefix, today) | {day}, today)


def win_line(date_text: str, won: Streaks) -> str:
    """The win summary's daily lines: the day won, then the streak (one day too), and
    the best streak when it is longer (each on a line of its own: Thai ends a sentence
    with no stop).

    >>> win_line("December 3, 2026", Streaks(1, 1)).splitlines()
    ['You won the daily deal of December 3, 2026.', 'Streak: 1 day in a row.']
    >>> win_line("December 3, 2026", Streaks(2, 5)).splitlines()[1:]
    ['Streak: 2 days in a row. Best streak: 5 days.']
    """
    streak = []
    if won.current:
        streak.append(
            ngettext("Streak: {n} day in a row.", "Streak: {n} days in a row.", won.current).format(n=won.current)
        )
    if won.best > won.current:
        streak.append(ngettext("Best streak: {n} day.", "Best streak: {n} days.", won.best).format(n=won.best))
    day = _("You won the daily deal of {date}.").format(date=date_text)
    return joined("\n", [day, joined(" ", streak)]) if streak else day


def share_text(
    date_text: str, prefix: str, result: DayResult, streak: int, address: str, *, helped: bool = False
) -> str:
    """The short result a win's Share button copies: the day, the game, moves and
    time, whether it was won with help (``ui.model.help_kinds``) and the streak;
    nothing of the deal itself (a friend still has it to play)."""
    game = game_name(engine.option_set(prefix).settings.game)
    lines = [
        _("Solitaire daily deal, {date}").format(date=date_text),
        _("{game}: won in {moves} moves, {time}").format(
            game=game, moves=result.moves, time=format_clock(result.seconds)
        ),
        share_help(helped),
    ]
    if streak > 1:
        lines.append(ngettext("Streak: {n} day", "Streak: {n} days", streak).format(n=streak))
    if address:
        lines.append(address)
    return "\n".join(lines)


def daily_hash(hash_text: str, today: datetime.date) -> str:
    """``#daily`` stands for today's daily Klondike deal: the hash of its code
    (any other hash as it is; a day with no daily deal leaves it for the link's
    own message).

    >>> daily_hash("#daily", datetime.date(2026, 1, 1)), daily_hash("#KL1-D1N-AAAAAAB", datetime.date(2026, 1, 1))
    ('#KL1-D1N-IWRUTVZ', '#KL1-D1N-AAAAAAB')
    """
    if hash_text.strip().lower() not in ("#daily", "daily"):
        return hash_text
    try:
        return "#" + engine.daily_deals(today)[FIRST_GAME]
    except ValueError:
        return hash_text
