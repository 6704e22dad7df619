"""Dates in words, in the player's language, through the catalogs.

The browser's ``Intl.DateTimeFormat`` is not used: browsers without Khmer locale
data (Chromium and WebKit builds that carry a reduced ICU) write "2026 M12" and
English weekdays in a Khmer page. So the month and weekday names and the order
of a date's parts are the catalogs' like every other word, checked by their
tests. A Thai date carries the Buddhist year (พ.ศ.), as Thai calendars do.

>>> import datetime
>>> day = datetime.date(2026, 12, 3)
>>> date_words(day, "full"), date_words(day), date_words(day, "month")
('Thursday, December 3, 2026', 'December 3, 2026', 'December 2026')
>>> from ui.model.i18n import use_language
>>> _ = use_language("th")
>>> date_words(day, "full"), date_words(day, "month")
('วันพฤหัสบดีที่ 3 ธันวาคม พ.ศ. 2569', 'ธันวาคม 2569')
>>> _ = use_language("en")
"""

from __future__ import annotations

import datetime
from typing import Literal

from ui.model.i18n import N_, _, current_language

__all__ = ["DateStyle", "date_words", "weekday_names"]

MONTHS = (
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
)
WEEKDAYS = (N_("Sunday"), N_("Monday"), N_("Tuesday"), N_("Wednesday"), N_("Thursday"), N_("Friday"), N_("Saturday"))
WEEKDAYS_SHORT = (N_("Sun"), N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"))
YEAR_OFFSET = {"th": 543}
"""Years counted from another era than the common one: Thai dates give the Buddhist year."""

DateStyle = Literal["full", "long", "month"]


def _sunday_index(day: datetime.date) -> int:
    return day.isoweekday() % 7


def date_words(day: datetime.date, style: DateStyle = "long") -> str:
    """``day`` in words: ``"full"`` (with its weekday), ``"long"``, or ``"month"`` (its month and year)."""
    year = day.year + YEAR_OFFSET.get(current_language(), 0)
    month = _(MONTHS[day.month - 1])
    if style == "month":
        return _("{month} {year}").format(month=month, year=year)
    if style == "long":
        return _("{month} {day}, {year}").format(month=month, day=day.day, year=year)
    weekday = _(WEEKDAYS[_sunday_index(day)])
    return _("{weekday}, {month} {day}, {year}").format(weekday=weekday, month=month, day=day.day, year=year)


def weekday_names() -> list[tuple[str, str]]:
    """The short and the full name of each weekday, from Sunday."""
    return [(_(short), _(full)) for short, full in zip(WEEKDAYS_SHORT, WEEKDAYS, strict=True)]
