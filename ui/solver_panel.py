"""The solver on the page: hints, the way back from a lost position, winnable deals.

The solver never runs on the page's thread. The first time the player asks
for it, a PyScript worker starts (``ui/solver_worker.py``, a second Python);
the page then asks it for one slice of search at a time (``SLICE_MS``), so
between two slices the page handles every click and key, shows the progress,
and can stop at once (Cancel, Escape, or any move on the table).

- **Hint** (button, H key): a good move at once, from the engine's move
  ranking, highlighted on the table until the next action and said in the
  status line; pressed again, the next good move. Meanwhile the solver checks
  the position: the move shown "keeps the game winnable" when it is the first
  of a winning line (the solver's move takes its place when it is not), or is
  "not proven". Lines already found are followed without a new search.
- **Lost**: "No win is possible from here." and an offer to undo to the last
  winnable position: the worker solves the positions of the undo history,
  newest first, and the page undoes exactly that many actions.
- **Winnable deals only** (New game option): a shipped proven-winnable seed,
  or, for a variant without any, a deal the worker proves winnable live.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from pyscript import document, window

import engine
from ui.callbacks import listen
from ui.hints import (
    SOLVER_NOTE,
    HintChoice,
    legal_hint,
    lost_text,
    positions,
    rewind_text,
    winnable_code,
)
from ui.session import Event

if TYPE_CHECKING:
    from ui.app import App

__all__ = ["SolverPanel", "SolverWorker"]

SLICE_MS = 100
"""The worker searches this long between two answers to the page."""
HINT_SECONDS = 20.0
"""A hint search gives up after this long ("Keep searching" gives it as long again)."""
REWIND_SECONDS = 60.0
DEAL_SECONDS = 120.0
REWIND_PER_POSITION = 150_000
"""Positions searched at most for each earlier position when looking back."""
DEAL_PER_DEAL = 150_000
BOOT_SECONDS = 120.0
"""How long the worker may take to start before the page gives up on it."""
WORKER_SRC = "./ui/solver_worker.py"
WORKER_CONFIG = "./pyscript.toml"


class SolverError(Exception):
    """The worker could not start or answered an error."""


def _now() -> float:
    return float(window.performance.now()) / 1000.0


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
            self._ready = asyncio.ensure_future(self._boot())
        try:
            return await asyncio.wait_for(asyncio.shield(self._ready), BOOT_SECONDS)
        except Exception as error:  # any failure: try again next time, tell the player now
            self._ready = None
            raise SolverError(f"The solver could not start ({str(error) or type(error).__name__}).") from error

    async def call(self, name: str, *args: Any) -> dict[str, Any]:
        worker = await self.connect()
        text = await getattr(worker, name)(*args)
        reply = json.loads(str(text))
        if reply.get("status") == "error" or reply.get("ok") is False:
            raise SolverError(str(reply.get("error", "The solver failed.")))
        return dict(reply)


class SolverPanel:
    """The Hint button, the solver's panel and the highlighted hint."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.worker = SolverWorker()
        self.memory = app.hinter.memory
        self._checking = ("", "")
        """The position and move the running hint search checks."""
        by_id = document.getElementById
        self.panel = by_id("solver-panel")
        self.message = by_id("solver-msg")
        self.progress = by_id("solver-progress")
        self.buttons = {name: by_id(f"solver-{name}") for name in ("rewind", "more", "cancel", "close")}
        by_id("solver-note").textContent = SOLVER_NOTE
        self.job = 0
        """Bumped to stop the running search: its loop sees the change and ends."""
        self.running = ""
        """What the worker is doing for the page: ``"hint"``, ``"rewind"``, ``"deal"`` or nothing."""
        self._paused: tuple[str, Callable[[int], Coroutine[Any, Any, None]]] | None = None
        """A search that ran out of time and may go on ("Keep searching")."""
        self._undoing = False
        self._tasks: set[asyncio.Future[None]] = set()
        """Running coroutines, kept until they end (the loop holds them weakly)."""
        listen(self.buttons["rewind"], "click", lambda _e: self.rewind())
        listen(self.buttons["more"], "click", lambda _e: self.more())
        listen(self.buttons["cancel"], "click", lambda _e: self.cancel())
        listen(self.buttons["close"], "click", lambda _e: self.close())
        listen(document, "keydown", self._key)
        app.session.subscribe(self._on_event)

    # ------------------------------------------------------------------ panel

    def _show(self, state: str, message: str, progress: str = "", buttons: tuple[str, ...] = ()) -> None:
        """Show the panel in ``state`` (also its ``data-state``, for the tests)."""
        self.panel.dataset.state = state
        self.message.textContent = message
        self.progress.textContent = progress
        for name, button in self.buttons.items():
            button.hidden = name not in buttons
        self.panel.classList.toggle("busy", state in ("starting", "searching"))
        self.panel.hidden = False

    def close(self) -> None:
        """Hide the panel (stopping any search)."""
        if self.running:
            self.cancel()
        self._paused = None
        self.panel.hidden = True
        self.panel.dataset.state = "closed"

    def _progress(self, text: str) -> None:
        if self.panel.hidden or self.panel.dataset.state != "searching":
            self._show("searching", self.message.textContent, text, ("cancel",))
        else:
            self.progress.textContent = text

    # ---------------------------------------------------------------- running

    def _launch(self, kind: str, make: Callable[[int], Coroutine[Any, Any, None]]) -> None:
        """Start a search: ``make(job)`` is its coroutine; a newer job stops it."""
        self.job += 1
        self.running = kind
        self._paused = None
        job = self.job
        self._spawn(self._guard(job, make(job)))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _guard(self, job: int, work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except SolverError as error:
            if job == self.job:
                self._fail(str(error))
        except Exception as error:  # noqa: BLE001 - a failed search must not leave the panel spinning
            window.console.error(f"solver: {type(error).__name__}: {error}")
            if job == self.job:
                self._fail(f"The solver failed ({type(error).__name__}).")
        finally:
            if job == self.job:
                self.running = ""

    def _fail(self, text: str) -> None:
        self.running = ""
        self._show("error", text, buttons=("close",))
        self.app.say(text)

    async def _begin(self, job: int, request: dict[str, Any], message: str) -> bool:
        """Start the worker if needed and hand it a task; False when the job was stopped meanwhile."""
        if not self.worker.started:
            self._show("starting", message, "Starting the solver…", ("cancel",))
        else:
            self.message.textContent = message
        await self.worker.call("start", json.dumps(request))
        return job == self.job

    async def _drive(
        self, job: int, seconds: float, describe: Callable[[dict[str, Any]], str]
    ) -> dict[str, Any] | None:
        """Ask for slices until an answer, the time limit (answer: status None) or a stop (None)."""
        started = _now()
        while True:
            reply = await self.worker.call("step", SLICE_MS)
            if job != self.job:
                return None
            if reply.get("status") is not None:
                return reply
            self._progress(describe(reply))
            if _now() - started >= seconds:
                return reply

    def cancel(self) -> None:
        """Stop the running search (Cancel, Escape)."""
        if not self.running:
            return
        self._stop()
        self.panel.hidden = True
        self.panel.dataset.state = "cancelled"
        self.app.say("Search cancelled.")

    def _stop(self) -> None:
        self.job += 1
        self.running = ""
        self._paused = None
        if self.worker.started:
            self._spawn(self._quiet_stop())

    async def _quiet_stop(self) -> None:
        with contextlib.suppress(SolverError):
            await self.worker.call("stop")

    def more(self) -> None:
        """Keep searching: the search that ran out of time goes on where it was."""
        if self._paused is None or self.running:
            return
        kind, resume = self._paused
        self._launch(kind, resume)

    def _key(self, event: Any) -> None:
        if event.defaultPrevented or str(event.key) != "Escape":
            return
        if document.querySelector("dialog[open]"):
            return
        if self.running:
            event.preventDefault()
            self.cancel()
        elif not self.panel.hidden:
            event.preventDefault()
            self.close()

    # ------------------------------------------------------------------ hints

    def check_hint(self, record: str, choice: HintChoice, game: engine.Game) -> None:
        """Check the hint on the table (shown at once by ``ui.hinting``) in the background.

        The solver looks for a win after the move shown: found, the move "keeps the
        game winnable"; not found, it looks from the position itself and offers the
        first move of its winning line instead, or says no win is possible.
        """
        move = choice.hint.move
        if self.running == "hint" and self._checking == (record, move):
            return
        if self.running:
            self._stop()
        self._checking = (record, move)
        self._launch("hint", lambda job: self._hint(job, game, record, choice))

    def _show_choice(self, choice: HintChoice, verdict: str) -> None:
        self.panel.hidden = True
        self.panel.dataset.state = "hint"
        self.app.hinter.show(choice, verdict)

    async def _hint(self, job: int, game: engine.Game, record: str, choice: HintChoice) -> None:
        """Check a hint in the background: is there a win after its move? (The panel
        shows the search and can cancel it; the hint stays on the table.)"""
        move = choice.hint.move
        after = game.copy()
        after.play(move)
        message = "Checking the hint: looking for a win after it…"
        if not await self._begin(job, {"task": "hint", "game": after.to_json()}, message):
            return
        reply = await self._drive(job, HINT_SECONDS / 2, lambda r: f"Searching… {positions(int(r['nodes']))}")
        if reply is None or self.app.session.game.record() != record:
            return
        if reply.get("status") == "winnable":
            self.running = ""
            self.memory.remember(record, [move, *(str(m) for m in reply.get("moves", []))])
            self._show_choice(HintChoice(choice.hint, choice.number, choice.of, True), "proven")
            return
        # No win found after the move shown: look from the position itself.
        message = "Checking the hint: looking for a winning line from here…"
        if not await self._begin(job, {"task": "hint", "game": game.to_json()}, message):
            return
        await self._hint_here(job, game, record, choice)

    async def _hint_here(self, job: int, game: engine.Game, record: str, choice: HintChoice) -> None:
        reply = await self._drive(job, HINT_SECONDS / 2, lambda r: f"Searching… {positions(int(r['nodes']))}")
        if reply is None or self.app.session.game.record() != record:
            return
        self.running = ""
        status = reply.get("status")
        table = self.app.session.game
        if status == "winnable":
            moves = [str(m) for m in reply.get("moves", [])]
            self.memory.remember(record, moves)
            hint = legal_hint(table, moves[0]) if moves else None
            if hint is None:
                self._fail("The solver's line does not fit this position. Try again.")
                return
            # A better move than the one shown: it leads from now on.
            self.app.hinter.cycle.forget()
            self.app.hinter.cycle.press(record)
            self._show_choice(HintChoice(hint, 1, 1, True), "proven")
        elif status == "unwinnable":
            document.body.dataset.hintVerdict = "lost"
            self._show_lost(table)
        else:
            self.app.hinter.undecided.add((record, choice.hint.move))
            text = (
                f"The solver could not decide in {HINT_SECONDS:.0f} seconds "
                f"({positions(int(reply['nodes']))}) whether this position can be won: the hint is not proven."
            )
            document.body.dataset.hintVerdict = "unknown"
            self._paused = ("hint", lambda j: self._hint_here(j, game, record, choice))
            self._show("unknown", text, "", ("more", "close"))
            self.app.say(text)

    def _show_lost(self, game: engine.Game) -> None:
        self.app.hinter.lost = game.record()
        text = lost_text(game.can_undo)
        buttons = ("rewind", "close") if game.can_undo else ("close",)
        self._show("lost", text, "", buttons)
        self.app.say(text)

    # --------------------------------------------------------------- the table

    def _on_event(self, event: Event) -> None:
        if self._undoing or event.kind == "refused":
            return
        if self.running in ("hint", "rewind"):
            self._stop()  # the position changed under the search
        if self.running != "deal" and not self.panel.hidden:
            self.panel.hidden = True
            self.panel.dataset.state = "closed"
        self._paused = None

    # ------------------------------------------------------------ looking back

    def rewind(self) -> None:
        """Undo to the last winnable position: find how far back, then undo that many."""
        if self.running:
            return
        copy = self.app.session.game.copy()
        self._launch("rewind", lambda job: self._rewind(job, copy, fresh=True))

    async def _rewind(self, job: int, game: engine.Game, fresh: bool) -> None:
        message = "Looking back for the last position that can be won…"
        if fresh:
            request = {"task": "rewind", "game": game.to_json(), "per_position": REWIND_PER_POSITION}
            if not await self._begin(job, request, message):
                return
        self._show("searching", message, "", ("cancel",))

        def describe(reply: dict[str, Any]) -> str:
            return f"{reply.get('back')} of {reply.get('of')} actions back… {positions(int(reply['nodes']))}"

        reply = await self._drive(job, REWIND_SECONDS, describe)
        if reply is None:
            return
        self.running = ""
        status = reply.get("status")
        back = reply.get("back")
        undecided = [int(n) for n in reply.get("undecided", [])]
        of = int(reply.get("of", 0))
        if status == "winnable" and isinstance(back, int):
            self._undo(back)
            self.memory.remember(self.app.session.game.record(), [str(m) for m in reply.get("moves", [])])
            self.panel.hidden = True
            self.panel.dataset.state = "rewound"
            self.app.say(rewind_text(back, undecided, of, "winnable"))
        elif status is None:
            text = f"The solver could not finish looking back in {REWIND_SECONDS:.0f} seconds. Nothing was undone."
            self._paused = ("rewind", lambda j: self._rewind(j, game, fresh=False))
            self._show("unknown", text, "", ("more", "close"))
            self.app.say(text)
        else:
            text = rewind_text(None, undecided, of, str(status))
            self._show("unknown" if status == "unknown" else "lost", text, "", ("close",))
            self.app.say(text)

    def _undo(self, count: int) -> None:
        """Undo ``count`` actions through the session, as one step for the panel."""
        self.app.hinter.clear()
        self._undoing = True
        try:
            for _ in range(count):
                if self.app.undo().kind != "undo":
                    break
        finally:
            self._undoing = False

    # ---------------------------------------------------------- winnable deals

    def winnable_deal(self, settings: engine.DealCode) -> str | None:
        """A proven-winnable deal of this variant to deal now, or None while the
        worker looks for one (it deals it itself when found)."""
        code = winnable_code(settings, avoid=self.app.session.game.code)
        if code is not None:
            return code
        if self.running:
            self._stop()
        variant = engine.format_code(settings).rsplit("-", 1)[0]
        self._launch("deal", lambda job: self._deal(job, variant, random.randrange(1 << 30), fresh=True))
        return None

    async def _deal(self, job: int, variant: str, seed: int, fresh: bool) -> None:
        message = "Looking for a deal the solver can prove winnable…"
        if fresh:
            request = {"task": "deal", "variant": variant, "seed": seed, "per_deal": DEAL_PER_DEAL}
            if not await self._begin(job, request, message):
                return
        self._show("searching", message, "", ("cancel",))

        def describe(reply: dict[str, Any]) -> str:
            return f"Deal {reply.get('tried')}… {positions(int(reply['nodes']))}"

        reply = await self._drive(job, DEAL_SECONDS, describe)
        if reply is None:
            return
        self.running = ""
        code = str(reply.get("code") or "")
        if reply.get("status") == "winnable" and code:
            self.panel.hidden = True
            self.panel.dataset.state = "dealt"
            self.app.new_game(code)
            self.memory.remember(code, [str(m) for m in reply.get("moves", [])])
            self.app.say(f"New game: {code}, proven winnable after {reply.get('tried')} deals were tried.")
            return
        text = f"No deal was proven winnable in {DEAL_SECONDS:.0f} seconds. The game on the table stays."
        self._paused = ("deal", lambda j: self._deal(j, variant, seed, fresh=False))
        self._show("unknown", text, "", ("more", "close"))
        self.app.say(text)
