"""The solver on the page: hints, the way back from a lost position, winnable deals.

This module decides what to search and what its answers mean for the table;
the worker that searches is reached through ``ui.dom.solver_connection`` (one
slice of search at a time, so between two slices the page handles every click
and key, shows the progress, and can stop at once: Cancel, Escape, or any move
on the table), and the panel's state (``ui.model.table.PanelView``) is drawn
by ``ui.dom.solver_panel_view``.

- **Hint** (button, H key): ``ui.dom.hinting`` shows the next move of a
  winning line already found, or, while there is none, a move of the engine's
  ranking that makes progress, saying that the solver is looking; this panel
  then looks for a winning line from the position in the background, quietly:
  the panel stays hidden (it would cover the cards), and the line's first move
  takes the hint's place, proven, or the hint stays "not proven", with a button
  to keep searching or, when no win is possible, to undo to the last winnable
  position. The line found is followed without a new search.
- **Lost**: "No win is possible from here." and an offer to undo to the last
  winnable position: the worker solves the positions of the undo history,
  newest first, and the page undoes exactly that many actions.
- **Where was it lost?** (beside that offer, and after a game that says it is
  lost): the worker finds the first move after which no win existed
  (``engine.turning_point``); the page undoes to that place, highlights a move
  that kept a win as a hint does, and says both moves, the one played and the
  better one, in the status line.
- **Show me how from the deal** (beside Where was it lost?): the worker finds a
  winning line from the game's deal; the page deals it again (the game given up
  stays a step back, as after Restart) and Show me how plays the line.
- **Winnable deals only** (New game option): a shipped proven-winnable seed,
  or, for a variant without any, a deal the worker proves winnable live.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Callable, Coroutine
from dataclasses import replace
from typing import Any, Literal, Protocol

from pyscript import window

import engine
from ui.dom.callbacks import listen
from ui.dom.solver_connection import SLICE_MS, SolverError, SolverWorker
from ui.dom.solver_panel_view import PanelDrawing
from ui.model.actions import Actions, Offer
from ui.model.hints import (
    HintChoice,
    HintCycle,
    LineMemory,
    choose_hint,
    describe_hint,
    legal_hint,
    next_winnable_code,
    positions,
    rewind_text,
    turning_text,
    turning_verdict_text,
    variant_of,
)
from ui.model.i18n import _, again, joined
from ui.model.session import Event, Session
from ui.model.table import PanelState, PanelView, TableState


class Hinter(Protocol):
    """The hint on show (``ui.dom.hinting.Hinter``), which this panel checks and may replace."""

    @property
    def memory(self) -> LineMemory: ...

    @property
    def cycle(self) -> HintCycle: ...

    lost: str
    undecided: set[str]

    def show(
        self, choice: HintChoice, verdict: str, offer: Offer | None = None, words: str = "", whole: bool = False
    ) -> None: ...

    def clear(self) -> None: ...


__all__ = ["SolverPanel"]

HINT_SECONDS = 20.0
"""A hint search gives up after this long ("Keep searching" gives it as long again)."""
REWIND_SECONDS = 10.0
"""Undo to the last winnable position answers within this long on a mid-range phone (the
processor four times slower: bench/rewind.py), or says it could not decide ("Keep
searching" goes on)."""
DEAL_SECONDS = 120.0
REWIND_PER_POSITION = 30_000
"""Positions searched at most for each earlier position when looking back: a position
the solver cannot decide within them is passed over, so the look back moves on to earlier
ones instead of spending its seconds on one."""
TURNING_PER_POSITION = 150_000
"""The same, when looking for where the win was lost: that search has longer (TURNING_SECONDS)."""
TURNING_SECONDS = 60.0
"""Looking for where the win was lost gives up after this long ("Keep searching" goes on)."""
DEAL_PER_DEAL = 150_000


SearchKind = Literal["hint", "rewind", "turning", "deal", "from_deal"]
"""What the worker searches for the page."""


def _now() -> float:
    return float(window.performance.now()) / 1000.0


class SolverPanel:
    """The Hint button, the solver's panel and the highlighted hint."""

    def __init__(self, session: Session, state: TableState, actions: Actions, hinter: Hinter) -> None:
        self.session = session
        self.state = state
        self.actions = actions
        self.hinter = hinter
        self.worker = SolverWorker()
        self.memory: LineMemory = hinter.memory
        self._checking = ("", "")
        """The position and move the running hint search checks."""
        self.drawing = PanelDrawing()
        self.job = 0
        """Bumped to stop the running search: its loop sees the change and ends."""
        self.running: SearchKind | Literal[""] = ""
        """What the worker is doing for the page: ``"hint"``, ``"rewind"``, ``"turning"``, ``"deal"``,
        ``"from_deal"`` or nothing."""
        self._paused: tuple[SearchKind, Callable[[int], Coroutine[Any, Any, None]]] | None = None
        """A search that ran out of time and may go on ("Keep searching")."""
        self._undoing = False
        self._tasks: set[asyncio.Future[None]] = set()
        """Running coroutines, kept until they end (the loop holds them weakly)."""
        buttons = self.drawing.buttons
        listen(buttons["rewind"], "click", lambda _e: self.rewind())
        listen(buttons["turning"], "click", lambda _e: self.turning())
        listen(buttons["more"], "click", lambda _e: self.more())
        listen(buttons["cancel"], "click", lambda _e: self.cancel())
        listen(buttons["close"], "click", lambda _e: self.close())
        session.subscribe(self._on_event)

    # ------------------------------------------------------------------ panel

    def _set(self, view: PanelView) -> None:
        """Make ``view`` what the panel shows (the table state's), and draw it."""
        old = self.state.panel
        self.state.panel = view
        self.drawing.draw(old, view)

    def _show(self, state: PanelState, message: str, progress: str = "", buttons: tuple[str, ...] = ()) -> None:
        """Show the panel in ``state``."""
        self._set(PanelView(state, message, progress, buttons, shown=True))

    def _hide(self, state: PanelState) -> None:
        """Hide the panel; ``state`` says why."""
        self._set(replace(self.state.panel, state=state, shown=False))

    @property
    def shown(self) -> bool:
        return self.state.panel.shown

    def close(self) -> None:
        """Hide the panel (stopping any search)."""
        if self.running:
            self.cancel()
        self._paused = None
        self._hide("closed")

    @property
    def _quiet(self) -> bool:
        """A hint's check runs without the panel: only its verdict is shown, in the status line."""
        return self.running == "hint"

    def _progress(self, text: str) -> None:
        view = self.state.panel
        if self._quiet:
            self._set(PanelView("searching", view.message, text, ("cancel",), shown=False))
        elif not view.shown or view.state != "searching":
            self._show("searching", view.message, text, ("cancel",))
        else:
            self._set(replace(view, progress=text))

    # ---------------------------------------------------------------- running

    def _launch(self, kind: SearchKind, make: Callable[[int], Coroutine[Any, Any, None]]) -> None:
        """Start a search: ``make(job)`` is its coroutine; a newer job stops it."""
        self.job += 1
        self.running = kind
        self._paused = None
        job = self.job
        self._spawn(self._guard(job, make(job)))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        self._count_tasks()
        task.add_done_callback(self._ended)

    def _ended(self, task: asyncio.Future[None]) -> None:
        self._tasks.discard(task)
        self._count_tasks()

    def _count_tasks(self) -> None:
        # A stopped search's loop ends when its last slice comes back: until then the
        # panel says a search is still out (data-running), which the tests wait for.
        self.drawing.searches_out(len(self._tasks))

    async def _guard(self, job: int, work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except SolverError as error:
            if job == self.job:
                self._fail(str(error))
        except Exception as error:  # noqa: BLE001 - a failed search must not leave the panel spinning
            window.console.error(f"solver: {type(error).__name__}: {error}")
            if job == self.job:
                self._fail(_("The solver failed ({reason}).").format(reason=type(error).__name__))
        finally:
            if job == self.job:
                self.running = ""

    def _fail(self, text: str) -> None:
        quiet = self._quiet
        self.running = ""
        if quiet:
            self._hide("error")
        else:
            self._show("error", text, buttons=("close",))
        self.actions.say(text)

    async def _begin(self, job: int, request: dict[str, Any], message: str) -> bool:
        """Start the worker if needed and hand it a task; False when the job was stopped meanwhile."""
        if self._quiet:
            starting = "" if self.worker.started else _("Starting the solver…")
            self._set(PanelView("starting", message, starting, ("cancel",), shown=False))
        elif not self.worker.started:
            self._show("starting", message, _("Starting the solver…"), ("cancel",))
        else:
            self._set(replace(self.state.panel, message=message))
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
        self._hide("cancelled")
        self.actions.say(_("Search cancelled."))

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

    def language_changed(self) -> None:
        """The panel's note and message in the new language (a search's progress follows
        with its next report)."""
        self.drawing.note()
        view = self.state.panel
        self._set(replace(view, message=again(view.message), progress=again(view.progress)))

    def escape(self) -> bool:
        """Escape: stop the running search, or close the panel; False when it had nothing to do."""
        if self.running:
            self.cancel()
            return True
        if self.shown:
            self.close()
            return True
        return False

    # ------------------------------------------------------------------ hints

    def check_hint(self, record: str, choice: HintChoice, game: engine.Game) -> None:
        """Look for a winning line from the position of the hint on the table (shown at
        once by ``ui.dom.hinting``, from the fast ranking) in the background.

        Found, its first move becomes the hint, proven, and the rest of the line is
        remembered, so that the hints after it need no new search; otherwise the hint
        on show says that no win is possible, or that the solver could not decide.
        """
        if self.running == "hint" and self._checking == (record, choice.hint.move):
            return
        if self.running:
            self._stop()
        self._checking = (record, choice.hint.move)
        self._launch("hint", lambda job: self._hint(job, game, record, choice))

    async def _hint(self, job: int, game: engine.Game, record: str, choice: HintChoice) -> None:
        message = _("Checking the hint: looking for a winning line from here…")
        if not await self._begin(job, {"task": "hint", "game": game.to_json()}, message):
            return
        await self._hint_here(job, game, record, choice)

    async def _hint_here(self, job: int, game: engine.Game, record: str, choice: HintChoice) -> None:
        reply = await self._drive(job, HINT_SECONDS, _searching)
        if reply is None or self.session.game.record() != record:
            return
        self.running = ""
        status = reply.get("status")
        table = self.session.game
        if status == "winnable":
            moves = [str(m) for m in reply.get("moves", [])]
            self.memory.remember(record, moves)
            found = choose_hint(table, 0, moves)
            if not moves or found is None or legal_hint(table, moves[0]) is None:
                self._fail(_("The solver's line does not fit this position. Try again."))
                return
            # The line leads from now on: its move takes the hint's place, at the stage the
            # presses here reached (a pile or the cards shown say no more of it).
            self.hinter.cycle.lead(record)
            self._hide("hint")
            # A line is known: it can be shown, move by move (once the whole move is on show).
            self.hinter.show(found, "proven" if found.proven else "other", "show")
        elif status == "unwinnable":
            # The verdict joins the hint in the status line, with the way back when there is one.
            self.hinter.lost = table.record()
            self._hide("lost")
            self.hinter.show(choice, "lost", "rewind" if table.can_undo else None)
        else:
            self.hinter.undecided.add(record)
            self._paused = ("hint", lambda j: self._hint_here(j, game, record, choice))
            self._hide("unknown")
            self.hinter.show(choice, "unknown", "more")

    # --------------------------------------------------------------- the table

    def clear_highlight(self) -> None:
        self.hinter.clear()

    def _on_event(self, event: Event) -> None:
        if self._undoing or event.kind == "refused":
            return
        self.clear_highlight()
        stopped = self.running in ("hint", "rewind", "turning", "from_deal")
        if stopped:
            self._stop()  # the position changed under the search
        # A quiet check's verdict (lost, unknown) was about the position before: it
        # goes too, so nothing still says "lost" of a game just opened.
        if self.running != "deal" and (self.shown or stopped or self.state.panel.state != "closed"):
            self._hide("closed")
        self._paused = None

    # ------------------------------------------------------------ looking back

    def rewind(self) -> None:
        """Undo to the last winnable position: find how far back, then undo that many."""
        if self.running:
            return
        copy = self.session.game.copy()
        self._launch("rewind", lambda job: self._rewind(job, copy, fresh=True))

    async def _rewind(self, job: int, game: engine.Game, fresh: bool) -> None:
        message = _("Looking back for the last position that can be won…")
        if fresh:
            request = {"task": "rewind", "game": game.to_json(), "per_position": REWIND_PER_POSITION}
            if not await self._begin(job, request, message):
                return
        self._show("searching", message, "", ("cancel",))

        def describe(reply: dict[str, Any]) -> str:
            return _("{back} of {of} actions back… {positions}").format(
                back=reply.get("back"), of=reply.get("of"), positions=positions(int(reply["nodes"]))
            )

        reply = await self._drive(job, REWIND_SECONDS, describe)
        if reply is None:
            return
        self.running = ""
        status = reply.get("status")
        back = reply.get("back")
        undecided = [int(n) for n in reply.get("undecided", [])]
        of = int(reply.get("of", 0))
        if status == "winnable" and isinstance(back, int):
            self.actions.took_help("rewind")  # kept before the undo, which saves the game with it
            self._undo(back)
            self.memory.remember(self.session.game.record(), [str(m) for m in reply.get("moves", [])])
            self._hide("rewound")
            self.actions.say(rewind_text(back, undecided, of, "winnable"))
        elif status is None:
            text = _("The solver could not finish looking back in {seconds} seconds. Nothing was undone.").format(
                seconds=f"{REWIND_SECONDS:.0f}"
            )
            self._paused = ("rewind", lambda j: self._rewind(j, game, fresh=False))
            self._show("unknown", text, "", ("more", "close"))
            self.actions.say(text)
        else:
            text = rewind_text(None, undecided, of, str(status))
            buttons = ("close",) if status == "unknown" else ("turning", "close")
            self._show("unknown" if status == "unknown" else "lost", text, "", buttons)
            self.actions.say(text)

    def _undo(self, count: int) -> None:
        """Undo ``count`` actions through the session, as one step for the panel."""
        self.clear_highlight()
        self._undoing = True
        try:
            for _step in range(count):
                if self.actions.undo().kind != "undo":
                    break
        finally:
            self._undoing = False

    # ------------------------------------------------------ where it was lost

    def turning(self) -> None:
        """Find where the win was lost, then show it: the table as it was before the move
        that lost it, a move that kept a win highlighted, and both moves in words."""
        if self.running:
            return
        copy = self.session.game.copy()
        self._launch("turning", lambda job: self._turning(job, copy, fresh=True))

    async def _turning(self, job: int, game: engine.Game, fresh: bool) -> None:
        message = _("Looking for the move that lost the win…")
        if fresh:
            request = {"task": "turning", "game": game.to_json(), "per_position": TURNING_PER_POSITION}
            if not await self._begin(job, request, message):
                return
        self._show("searching", message, "", ("cancel",))

        def describe(reply: dict[str, Any]) -> str:
            return _("Position {at} of {of}… {positions}").format(
                at=reply.get("at"), of=reply.get("of"), positions=positions(int(reply["nodes"]))
            )

        reply = await self._drive(job, TURNING_SECONDS, describe)
        if reply is None:
            return
        self.running = ""
        status = reply.get("status")
        if status == "found":
            self._turned(game, reply)
            return
        if status is None:
            text = _("The solver could not find where the win was lost in {seconds} seconds.").format(
                seconds=f"{TURNING_SECONDS:.0f}"
            )
            self._paused = ("turning", lambda j: self._turning(j, game, fresh=False))
            self._show("unknown", text, "", ("more", "close"))
        else:
            text = turning_verdict_text(str(status), len(reply.get("undecided", [])))
            self._show("unknown" if status == "unknown" else "lost", text, "", ("close",))
        self.actions.say(text)

    def _turned(self, game: engine.Game, reply: dict[str, Any]) -> None:
        """Show where the win was lost: back to the place (when undo reaches it), the better
        move highlighted, both moves in words."""
        index = int(reply["index"])
        played, better = str(reply["played"]), str(reply["better"])
        before = engine.replay(" ".join([game.code, *(str(m) for m in game.played[:index])]))
        text = turning_text(before, index, played, better)
        back = len(game.played) - index
        table = self.session.game
        # The better move is shown: a win that follows it was helped, as after a hint.
        self.actions.took_help("hint")
        if table.record() == game.record() and len(table.history) >= back:
            self._undo(back)
        if self.session.game.record() != before.record():
            # Further back than undo reaches: the table stays, the words say where.
            self._hide("turned")
            far = _("That is further back than undo reaches: the table stays as it is.")
            self.actions.say(joined(" ", [text, far]), stays=True)
            return
        line = [str(m) for m in reply.get("moves", [])]
        self.memory.remember(before.record(), line)
        self.hinter.cycle.lead(before.record())
        self._hide("turned")
        # The better move leads a winning line: Show me how plays it from here. It is
        # shown whole: the player asked where the win was lost, not for a hint.
        choice = HintChoice(describe_hint(self.session.game, better), 1, 1, proven=True)
        self.hinter.show(choice, "proven", "show", text, whole=True)

    # ------------------------------------------------------------- from the deal

    def from_deal(self) -> None:
        """Show me how from the deal (a lost game given up): a winning line from its deal,
        then the deal dealt again (the game given up stays a step back, as after Restart)
        and the line shown move by move; or that the deal could never be won."""
        if self.running:
            return
        game = self.session.game
        deal = engine.replay(game.code)
        self._launch("from_deal", lambda job: self._from_deal(job, game.record(), deal, fresh=True))

    async def _from_deal(self, job: int, record: str, deal: engine.Game, fresh: bool) -> None:
        message = _("Looking for a winning line from the deal…")
        if fresh and not await self._begin(job, {"task": "hint", "game": deal.to_json()}, message):
            return
        self._show("searching", message, "", ("cancel",))
        reply = await self._drive(job, HINT_SECONDS, _searching)
        if reply is None:
            return
        self.running = ""
        status = reply.get("status")
        if status == "winnable":
            line = tuple(str(m) for m in reply.get("moves", []))
            if self.session.game.record() != record or not line:
                self._fail(_("The solver's line does not fit this position. Try again."))
                return
            if self.session.game.moves:
                self.actions.restart()
            self._hide("showing")
            self.memory.remember(deal.record(), list(line))
            self.actions.show_line(line)
            return
        if status == "unwinnable":
            text = _("No winning line exists from this deal: it could never be won.")
            self._show("lost", text, "", ("close",))
        else:
            text = _("The solver found no winning line from the deal in {seconds} seconds.").format(
                seconds=f"{HINT_SECONDS:.0f}"
            )
            self._paused = ("from_deal", lambda j: self._from_deal(j, record, deal, fresh=False))
            self._show("unknown", text, "", ("more", "close"))
        self.actions.say(text)

    # ---------------------------------------------------------- winnable deals

    def winnable_deal(self, settings: engine.DealCode) -> str | None:
        """A proven-winnable deal of this variant to deal now, or None while the
        worker looks for one (it deals it itself when found)."""
        prefs = self.session.preferences
        code, prefs.winnable_order = next_winnable_code(settings, prefs.winnable_order)
        if code is not None:
            return code  # the page keeps the order with the settings
        if self.running:
            self._stop()
        variant = variant_of(settings)
        self._launch("deal", lambda job: self._deal(job, variant, random.randrange(1 << 30), fresh=True))
        return None

    async def _deal(self, job: int, variant: str, seed: int, fresh: bool) -> None:
        message = _("Looking for a deal the solver can prove winnable…")
        if fresh:
            request = {"task": "deal", "variant": variant, "seed": seed, "per_deal": DEAL_PER_DEAL}
            if not await self._begin(job, request, message):
                return
        self._show("searching", message, "", ("cancel",))

        def describe(reply: dict[str, Any]) -> str:
            return _("Deal {n}… {positions}").format(n=reply.get("tried"), positions=positions(int(reply["nodes"])))

        reply = await self._drive(job, DEAL_SECONDS, describe)
        if reply is None:
            return
        self.running = ""
        code = str(reply.get("code") or "")
        if reply.get("status") == "winnable" and code:
            self._hide("dealt")
            self.actions.new_game(code)
            self.memory.remember(code, [str(m) for m in reply.get("moves", [])])
            self.actions.say(
                _("New game: {code}, proven winnable after {n} deals were tried.").format(
                    code=code, n=reply.get("tried")
                )
            )
            return
        text = _("No deal was proven winnable in {seconds} seconds. The game on the table stays.").format(
            seconds=f"{DEAL_SECONDS:.0f}"
        )
        self._paused = ("deal", lambda j: self._deal(j, variant, seed, fresh=False))
        self._show("unknown", text, "", ("more", "close"))
        self.actions.say(text)


def _searching(reply: dict[str, Any]) -> str:
    """The panel's progress line during a hint's check."""
    return _("Searching… {positions}").format(positions=positions(int(reply["nodes"])))
