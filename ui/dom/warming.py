"""Code the page will soon need, compiled while the player looks at the table.

The browser compiles every Python module the page imports, on every start. The
dialogs, the hints and the rules are imported on first use, so the first frame
does not wait for them; but the first win summary or Settings then waited for
their compilation (a first opening took 70 ms, the first win summary up to
180 ms). ``warm_up`` imports them one module per idle period after start-up:
each import is short, and none waits for a tap.

The browser also works out a dialog's styles and layout the first time it is
shown, which made a first opening two to three times slower than the next ones
(Settings: about 45 ms against 15 while the solver searched). So ``warm_up``
then lays each dialog out once, unseen (``lay_out_unseen``), one per idle
period. Once all is done, ``<body data-warm="done">`` says so: the page's
start-up work is over (the tests wait for it before they look at what it loaded).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from pyscript import document, window

from ui.dom.attributes import set_attribute
from ui.dom.callbacks import kept_proxy

__all__ = ["DIALOGS", "SOON", "lay_out_unseen", "warm_up"]

SOON = (
    "ui.model.hints",
    "ui.dom.dialogs",
    "ui.dom.stats_dialog",
    "ui.model.rules",
    "ui.model.rules_view",
    "ui.dom.rules_dialog",
    "ui.dom.daily_dialog",
    "ui.dom.daily_win",
)
"""Modules imported on first use, in the order they are warmed (the hint first).
The statistics' model is not among them: the saved game's keeper loads it at start."""


DIALOGS = ("dlg-settings", "dlg-new", "dlg-stats", "dlg-help", "dlg-rules", "dlg-win", "dlg-daily")
"""Dialogs laid out once after the modules, the toolbar's first."""

UNSEEN = "display:block;visibility:hidden;position:fixed;top:0;left:0"
"""A closed dialog's style while it is laid out: in the layout, never painted."""


def lay_out_unseen(dialog_id: str) -> None:
    """Have the browser work out a closed dialog's styles and layout now, with
    nothing drawn: it is shown hidden, measured and put back within one task,
    so no frame ever holds it. An open dialog is left alone."""
    dialog = document.getElementById(dialog_id)
    if not dialog or dialog.open:  # JS null is falsy
        return
    kept = str(dialog.style.cssText)
    dialog.style.cssText = UNSEEN
    # Words in another language (Settings' ไทย and ខ្មែរ) stay out of this layout: laid
    # out, they would fetch their fonts on a page that shows none of that script.
    dialog.setAttribute("data-unseen", "")
    try:
        dialog.getBoundingClientRect()
    finally:
        dialog.removeAttribute("data-unseen")
        dialog.style.cssText = kept


def warm_up(
    modules: Sequence[str] = SOON, dialogs: Sequence[str] = DIALOGS, first: Sequence[Callable[[], object]] = ()
) -> None:
    """Run the ``first`` jobs, import ``modules`` one by one, then lay out
    ``dialogs`` one by one, each when the page is next idle."""

    waiting: list[Callable[[], object]] = [*first]
    waiting += [partial(importlib.import_module, name) for name in modules]
    waiting += [partial(lay_out_unseen, name) for name in dialogs]
    idle = getattr(window, "requestIdleCallback", None)

    def next_one(*_: Any) -> None:
        if waiting:
            waiting.pop(0)()
        if waiting:
            schedule()
        else:
            set_attribute(document.body, "data-warm", "done")

    proxy = kept_proxy(next_one)

    def schedule() -> None:
        if idle is not None:
            idle(proxy)
        else:
            window.setTimeout(proxy, 200)

    schedule()
