"""The card backs and table colours a player can choose in Settings.

Pure data: the stylesheet draws each one (``[data-back=...]`` and
``[data-table=...]`` in ``static/css/table.css``), so switching is writing
one attribute of the page's root element, and a test checks that every name here has its rule there.

>>> BACKS[0], TABLES[-1]
(('blue', 'Blue lattice'), ('contrast', 'High contrast'))
"""

from __future__ import annotations

from ui.model.i18n import N_

__all__ = ["BACKS", "TABLES", "back_names", "table_names"]

BACKS: tuple[tuple[str, str], ...] = (
    ("blue", N_("Blue lattice")),
    ("red", N_("Red diamonds")),
    ("green", N_("Green rings")),
    ("midnight", N_("Midnight")),
)
"""Card backs: the attribute value and the name Settings shows (in English, marked for
translation: Settings shows it through ``_``). The first is the default."""

TABLES: tuple[tuple[str, str], ...] = (
    ("green", N_("Green felt")),
    ("blue", N_("Blue felt")),
    ("red", N_("Red felt")),
    ("contrast", N_("High contrast")),
)
"""Table colours, likewise; the last one is for players who need strong contrast."""


def back_names() -> tuple[str, ...]:
    return tuple(name for name, _ in BACKS)


def table_names() -> tuple[str, ...]:
    return tuple(name for name, _ in TABLES)
