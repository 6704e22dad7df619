"""The Hint button's answer at once: a good move on the table and in words.

Light on purpose: it needs the engine's move ranking and ``ui.model.hints``
only (imported on the first hint, so the first frame does not wait for them),
and the first hint shows without waiting for the solver's code. The solver's
check of the move shown (``ui.dom.solver_panel``, made and imported on first
use) starts in the next task, after the hint is on the table.

Presses at one position say only as much as asked: the first shows the pile to
look at, the second the cards to move, the third the whole move (``HintCycle``,
``hint_stages``; the Settings' "whole_hints" shows it whole at once); further
presses cycle through the other good moves, each whole. What the solver
found is kept here (winning lines, lost and undecided positions), so that a
hint along a known line is proven at once.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pyscript import window

import engine
from ui.dom.callbacks import kept_proxy
from ui.model.actions import Actions, Offer
from ui.model.i18n import _
from ui.model.session import Event, Session
from ui.model.table import TableState

if TYPE_CHECKING:
    from ui.dom.solver_panel import SolverPanel
    from ui.model.hints import HintChoice, HintCycle, LineMemory

__all__ = ["Hinter"]


class Hinter:
    """Shows hints at once and hands each new one to the solver to check."""

    def __init__(
        self, session: Session, state: TableState, actions: Actions, solver: Callable[[], SolverPanel]
    ) -> None:
        self.session = session
        self.state = state
        self.actions = actions
        self._solver = solver
        """The solver's panel, made (and its module imported) on first use."""
        self.lost = ""
        """The record of the last position proven lost."""
        self.undecided: set[str] = set()
        """Records of the positions the solver could not decide in time."""
        self._pending: tuple[str, HintChoice, engine.Game] | None = None
        self._known: tuple[str, str, str, Offer | None] | None = None
        """The position, move, verdict and offer last shown: the next stage of the same
        move keeps what the solver said of it (its offer waits for the whole move)."""
        self._check_proxy = kept_proxy(self._check)
        session.subscribe(self._on_event)

    @cached_property
    def memory(self) -> LineMemory:
        """Winning lines the solver found, followed without a new search."""
        from ui.model.hints import LineMemory

        return LineMemory()

    @cached_property
    def cycle(self) -> HintCycle:
        """Presses of Hint at one position, to cycle through the good moves."""
        from ui.model.hints import HintCycle

        return HintCycle()

    def hint(self) -> None:
        """Show a good move at once (the H key and the Hint button); the solver's
        check follows (``ui.dom.solver_panel``)."""
        from ui.model.hints import choose_hint, no_hint_text

        game = self.session.game
        if game.won:
            self.actions.say(_("This game is won: there is nothing left to hint."))
            return
        record = game.record()
        line = self.memory.line_for(record)
        choice = choose_hint(game, self.cycle.press(record), line)
        if choice is None:
            self.clear()
            self.actions.say(no_hint_text(game))
            return
        verdict = self.verdict(choice, record, line is not None)
        # Along a known winning line, the line can be shown, move by move.
        offer: Offer | None = "show" if line else None
        known = self._known
        if known is not None and known[:2] == (record, choice.hint.move):
            # The next stage of the move on show: what the solver said of it stays.
            verdict, offer = known[2], known[3]
        self.actions.took_help("hint")  # before it shows: a win that follows it was helped
        self.show(choice, verdict, offer)
        if verdict == "checking":
            # The solver's code loads in the next task: the hint is drawn first.
            self._pending = (record, choice, game.copy())
            window.setTimeout(self._check_proxy, 0)

    def verdict(self, choice: HintChoice, record: str, line: bool) -> str:
        """What is known of ``choice`` before any new search (see ``ui.model.hints.VERDICTS``);
        ``line``: a winning line from this position is known."""
        from ui.model.hints import first_verdict

        return first_verdict(self.session.game, choice, line, record == self.lost, record in self.undecided)

    def _check(self, *_: Any) -> None:
        pending, self._pending = self._pending, None
        if pending is None:
            return
        record, choice, game = pending
        if self.session.game.record() == record:
            self._solver().check_hint(record, choice, game)

    def show(
        self, choice: HintChoice, verdict: str, offer: Offer | None = None, words: str = "", whole: bool = False
    ) -> None:
        """Put ``choice`` on the table (the renderer draws ``state.hint``) and in the status
        line (the hint's words, or ``words``), with what the solver offers after its check
        (``offer``) as a button, and what is known of it on the page (``state.hint_verdict``:
        ``data-hint-verdict``), all in one frame, drawn at once.

        As much of it shows as the presses at this position asked for (``cycle.stage``:
        ``data-hint-stage``), all of it with ``whole`` or the player's setting. A part
        says no more than it shows: the words name the pile or the cards, and an offer
        (Show me how, the way back, Keep searching) waits for the whole move."""
        from ui.model.hints import hint_stages, hint_words, stage_words

        stage = self.cycle.stage(hint_stages(choice.hint), whole or self.session.preferences.whole_hints)
        self._known = (self.session.game.record(), choice.hint.move, verdict, offer)
        self.state.hint = choice.hint
        self.state.hint_stage = stage
        self.state.hint_verdict = "proven" if choice.proven else verdict
        if stage != "move":
            words, offer = stage_words(choice, verdict, stage), None
        # The verdict stays while the position does: a player following hints at
        # their own pace must still read it (the table's next change takes it away).
        self.actions.say(words or hint_words(choice, verdict), offer=offer, stays=True)
        self.actions.redraw_marks()
        self.actions.flush()

    def clear(self) -> None:
        """Take the hint off the table, and its words off the status line."""
        self._known = None
        if self.state.hint is not None or self.state.hint_verdict:
            self.state.hint = None
            self.state.hint_verdict = ""
            self.actions.redraw_marks()
            self.actions.forget_staying()

    def _on_event(self, event: Event) -> None:
        if event.kind != "refused":
            self._pending = None
            self.clear()
