"""The Hint button's answer at once: a good move on the table and in words.

Light on purpose: it needs the engine's move ranking and ``ui.hints`` only, so
the first hint shows without waiting for the solver's code. The solver's
check of the move shown (``ui.solver_panel``, made and imported on first use)
starts in the next task, after the hint is on the table.

Repeated presses at one position cycle through the good moves; what the solver
found is kept here (winning lines, lost and undecided positions), so that a
hint along a known line is proven at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window

import engine
from ui.callbacks import kept_proxy
from ui.hints import NO_MOVE, Hint, HintChoice, HintCycle, LineMemory, choose_hint, hint_words
from ui.session import Event

if TYPE_CHECKING:
    from ui.app import App

__all__ = ["Hinter"]


class Hinter:
    """Shows hints at once and hands each new one to the solver to check."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.memory = LineMemory()
        """Winning lines the solver found, followed without a new search."""
        self.cycle = HintCycle()
        self.lost = ""
        """The record of the last position proven lost."""
        self.undecided: set[tuple[str, str]] = set()
        """Hints (position, move) the solver could not decide in time."""
        self._pending: tuple[str, HintChoice, engine.Game] | None = None
        self._check_proxy = kept_proxy(self._check)
        app.session.subscribe(self._on_event)

    def hint(self) -> None:
        """Show a good move at once (the H key and the Hint button); see ``ui.solver_panel``
        for the solver's check that follows."""
        game = self.app.session.game
        if game.won:
            self.app.say("This game is won: there is nothing left to hint.")
            return
        record = game.record()
        choice = choose_hint(game, self.cycle.press(record), self.memory.line_for(record))
        if choice is None:
            self.clear()
            self.app.say(NO_MOVE)
            return
        verdict = self.verdict(choice, record)
        self.show(choice, verdict)
        if verdict == "checking":
            # The solver's code loads in the next task: the hint is drawn first.
            self._pending = (record, choice, game.copy())
            window.setTimeout(self._check_proxy, 0)

    def verdict(self, choice: HintChoice, record: str) -> str:
        """What is known of ``choice`` before any new search (see ``ui.hints.VERDICTS``)."""
        if choice.proven:
            return "proven"
        if record == self.lost:
            return "lost"
        if (record, choice.hint.move) in self.undecided:
            return "unknown"
        return "checking"

    def _check(self, *_: Any) -> None:
        pending, self._pending = self._pending, None
        if pending is None:
            return
        record, choice, game = pending
        if self.app.session.game.record() == record:
            self.app.solver.check_hint(record, choice, game)

    def show(self, choice: HintChoice, verdict: str) -> None:
        """Put ``choice`` on the table and in the status line."""
        self.highlight(choice.hint)
        document.body.dataset.hintVerdict = "proven" if choice.proven else verdict
        self.app.say(hint_words(choice, verdict))

    # --------------------------------------------------------------- the table

    def highlight(self, hint: Hint) -> None:
        """Mark the cards to move (``hint-from``), the pile they go to (``hint-to``)
        and the card they go onto (``hint-onto``) until the next action."""
        self.clear()
        app = self.app
        app.flush()
        renderer = app.renderer
        game = app.session.game
        document.body.dataset.hint = hint.move
        if hint.count == 0:
            # A tap on the stock: its top card glows, or the empty stock when the waste goes back.
            stock = len(game.pile("s"))
            keys = renderer.keys_of("s", stock - 1) if stock else []
            for key in keys:
                renderer.cards[key].el.classList.add("hint-from")
            pile = renderer.piles.get("s")
            if pile is not None and not keys:
                pile.el.classList.add("hint-from")
            return
        size = len(game.pile(hint.src))
        for key in renderer.keys_of(hint.src, size - hint.count):
            renderer.cards[key].el.classList.add("hint-from")
        target = renderer.piles.get(hint.dst)
        if target is not None:
            target.el.classList.add("hint-to")
        below = len(game.pile(hint.dst))
        for key in renderer.keys_of(hint.dst, below - 1) if below else []:
            renderer.cards[key].el.classList.add("hint-onto")

    def clear(self) -> None:
        """Take the hint off the table."""
        for el in list(document.querySelectorAll(".hint-from, .hint-to, .hint-onto")):
            el.classList.remove("hint-from", "hint-to", "hint-onto")
        document.body.removeAttribute("data-hint")
        document.body.removeAttribute("data-hint-verdict")

    def _on_event(self, event: Event) -> None:
        if event.kind != "refused":
            self._pending = None
            self.clear()
