"""The player's calendar day, from the browser.

The day changes at the player's local midnight, so "today" is asked of the
browser's clock and time zone (JavaScript's ``Date``) each time it is needed,
never kept: Python's own clock under WebAssembly need not know the time zone.
"""

from __future__ import annotations

import datetime

from pyscript import window

__all__ = ["local_today"]


def local_today() -> datetime.date:
    """Today in the player's time zone."""
    now = window.Date.new()
    return datetime.date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))
