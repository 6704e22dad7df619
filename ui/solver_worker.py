"""The solver's worker: runs the solver's tasks off the page's main thread.

PyScript starts this file in a web worker (a second Python) the first time the
player asks for a hint, a look back, where a game was lost or a winnable deal
that is not shipped; never at page load. The page calls the exported functions and awaits them;
text goes both ways as JSON. One task at a time: ``start`` replaces the one
before, ``step`` searches for a slice of ``milliseconds`` and answers its
progress or its result (see ``ui.model.solver_tasks``), ``stop`` drops it.

Nothing here touches the page, so it needs no SharedArrayBuffer; and nothing
here imports the browser, so it is tested in CPython too.
"""

from __future__ import annotations

import json

from ui.dataclass_code import install

install()  # before the game's dataclasses are made: their methods come compiled

from ui.model.solver_tasks import Task, open_task  # noqa: E402 - after install()

__all__ = ["start", "step", "stop"]

_current: list[Task] = []


def start(request: str) -> str:
    """Begin the task a JSON request describes; answers ``{"ok": true}`` or
    ``{"ok": false, "error": ...}``."""
    _current.clear()
    try:
        _current.append(open_task(str(request)))
    except (ValueError, KeyError, TypeError) as error:
        return json.dumps({"ok": False, "error": str(error)})
    return json.dumps({"ok": True})


def step(milliseconds: float) -> str:
    """Search for about ``milliseconds`` more; answers the task's reply as JSON."""
    if not _current:
        return json.dumps({"status": "error", "error": "No solver task is running."})
    reply = _current[0].step(max(1.0, float(milliseconds)) / 1000.0)
    return json.dumps(reply)


def stop() -> str:
    """Drop the running task (and the memory its search holds)."""
    _current.clear()
    return json.dumps({"ok": True})


__export__ = ["start", "step", "stop"]
