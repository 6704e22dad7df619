"""The card backs and table colours a player can choose in Settings.

Pure data: the stylesheet draws each one (``[data-back=...]`` and
``[data-table=...]`` in ``static/css/table.css``), so switching is writing
one attribute of the page's root element, and a test checks that every name here has its rule there.

>>> BACKS[0], TABLES[-1]
(('blue', 'Blue lattice'), ('contrast', 'High contrast'))
"""

from __future__ import annotations

__all__ = ["BACKS", "TABLES", "back_names", "table_names"]

BACKS: tuple[tuple[str, str], ...] = (
    ("blue", "Blue lattice"),
    ("red", "Red diamonds"),
    ("green", "Green rings"),
    ("midnight", "Midnight"),
)
"""Card backs: the attribute value and the name Settings shows. The first is the default."""

TABLES: tuple[tuple[str, str], ...] = (
    ("green", "Green felt"),
    ("blue", "Blue felt"),
    ("red", "Red felt"),
    ("contrast", "High contrast"),
)
"""Table colours, likewise; the last one is for players who need strong contrast."""


def back_names() -> tuple[str, ...]:
    return tuple(name for name, _ in BACKS)


def table_names() -> tuple[str, ...]:
    return tuple(name for name, _ in TABLES)
