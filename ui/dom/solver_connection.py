"""The page's connection to the solver's worker: a second Python that searches.

The solver never runs on the page's thread. The first time the player asks for
it, a PyScript worker starts (``ui/solver_worker.py``, which runs the tasks of
``ui.model.solver_tasks``); the page then asks it for one slice of search at a
time (``SLICE_MS``), so that between two slices it handles every click and key.
This module only starts the worker and carries its calls and replies (JSON);
what to ask and what to show is ``ui.dom.solver_panel``'s.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from ui.model.i18n import _

__all__ = ["BOOT_SECONDS", "SLICE_MS", "SolverError", "SolverWorker"]

SLICE_MS = 100
"""The worker searches this long between two answers to the page."""
BOOT_SECONDS = 120.0
"""How long the worker may take to start before the page gives up on it."""
WORKER_SRC = "./ui/solver_worker.py"
WORKER_CONFIG = "./pyscript.toml"


class SolverError(Exception):
    """The worker could not start or answered an error."""


class SolverWorker:
    """The worker, started the first time it is needed and kept for the page's life."""

    def __init__(self) -> None:
        self._ready: asyncio.Future[Any] | None = None
        self.started = False
        """True once the worker's Python runs and answers."""

    async def _boot(self) -> Any:
        from pyscript import create_named_worker

        worker = await create_named_worker(src=WORKER_SRC, name="solver", config=WORKER_CONFIG)
        self.started = True
        return worker

    async def connect(self) -> Any:
        ready = self._ready
        if ready is not None and ready.done() and not ready.cancelled() and ready.exception() is None:
            return ready.result()
        if ready is None:
            ready = self._ready = asyncio.ensure_future(self._boot())
        try:
            return await asyncio.wait_for(asyncio.shield(ready), BOOT_SECONDS)
        except Exception as error:  # any failure: try again next time, tell the player now
            self._ready = None
            reason = str(error) or type(error).__name__
            raise SolverError(_("The solver could not start ({reason}).").format(reason=reason)) from error

    async def call(self, name: str, *args: Any) -> dict[str, Any]:
        worker = await self.connect()
        text = await getattr(worker, name)(*args)
        reply = json.loads(str(text))
        if reply.get("status") == "error" or reply.get("ok") is False:
            raise SolverError(str(reply.get("error", _("The solver failed."))))
        return dict(reply)
