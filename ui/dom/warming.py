"""Code the page will soon need, compiled while the player looks at the table.

The browser compiles every Python module the page imports, on every start. The
dialogs, the hints and the rules are imported on first use, so the first frame
does not wait for them; but the first win summary or Settings then waited for
their compilation (a first opening took 70 ms, the first win summary up to
180 ms). ``warm_up`` imports them one module per idle period after start-up:
each import is short, and none waits for a tap.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from pyscript import window

from ui.dom.callbacks import kept_proxy

__all__ = ["SOON", "warm_up"]

SOON = (
    "ui.model.hints",
    "ui.dom.dialogs",
    "ui.dom.stats_dialog",
    "ui.model.rules",
    "ui.model.rules_view",
    "ui.dom.rules_dialog",
)
"""Modules imported on first use, in the order they are warmed (the hint first).
The statistics' model is not among them: the saved game's keeper loads it at start."""


def warm_up(modules: Sequence[str] = SOON) -> None:
    """Import ``modules`` one by one, each when the page is next idle."""
    waiting = list(modules)
    idle = getattr(window, "requestIdleCallback", None)

    def next_one(*_: Any) -> None:
        if not waiting:
            return
        importlib.import_module(waiting.pop(0))
        if waiting:
            schedule()

    proxy = kept_proxy(next_one)

    def schedule() -> None:
        if idle is not None:
            idle(proxy)
        else:
            window.setTimeout(proxy, 200)

    schedule()
