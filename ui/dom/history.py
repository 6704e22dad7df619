"""The browser's history: one entry per game, Back and Forward between games, and
the question before a link replaces an unfinished game.

The logic is ``ui.model.progress`` (pure, tested in CPython); this module does what it
answers: it writes the entry of the game on the table after every action
(``history.replaceState``), gives a new game its own entry (``pushState``) when
the old one is worth coming back to, and on ``popstate`` (Back, Forward, an
edited hash, a followed link) restores a game, opens a link, or asks first.
At most ``KEEP_BEHIND`` games' entries stay behind the current one (``placing``):
a game that would go deeper goes back first (``history.go``), writes the game being
left in the oldest entry kept and pushes the new one after it; an entry the browser
made for a link that opened nothing is taken back the same way.

While a dialog covers the table, it has an entry of its own
(``ui.model.dialog_entry``): Back closes the dialog and changes nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace as replaced_entry
from typing import TYPE_CHECKING, Any, Protocol

from js import Object
from pyodide.ffi import to_js
from pyscript import document, window

import engine
from ui.dom.callbacks import kept_proxy, listen
from ui.dom.local_day import local_today
from ui.model.daily import daily_hash
from ui.model.dialog_entry import DialogEntry
from ui.model.hashlink import code_hash
from ui.model.i18n import _
from ui.model.persist import Keeper
from ui.model.progress import KEEP_BEHIND, Arrival, Entry, arrive, entries_behind, link_question, placing, replacement
from ui.model.session import Event, Session
from ui.model.words import game_name

if TYPE_CHECKING:
    from js import Event as DomEvent

__all__ = ["History", "Host"]

COVERING = "dialog[open]:not(#dlg-link):not(#dlg-elsewhere)"
"""The dialogs that Back closes: every one but the history's own question about a
link (opened by an arrival) and the notice that another tab plays (nothing may
uncover that table)."""


class Host(Protocol):
    """What the history asks of the page (the page implements it, with ``Actions``)."""

    session: Session

    def load(self, game: engine.Game, quiet: bool = False) -> Event:
        """Put ``game`` on the table (``quiet``: the history says which game came back)."""
        ...

    def say(self, text: str, note: bool = False, rule: str = "") -> None: ...

    def abort_drag(self) -> None:
        """Drop a drag without playing it (a dialog is about to cover the table)."""
        ...


class History:
    """Keeps the game on the table in its browser-history entry."""

    def __init__(self, app: Host, keeper: Keeper) -> None:
        self.app = app
        self.keeper = keeper
        self._push = False
        """The next new, restart or load gets an entry of its own (set by ``replace``)."""
        self._asking: Arrival | None = None
        self._fresh_entry = True
        """The browser made an entry for the arrival being handled (not so at start-up)."""
        self._stray = False
        """The arrival being handled is at an entry the browser made, not one of the game's."""
        self._timer: Any = None
        self._later_proxy = kept_proxy(self._later)
        self.behind = entries_behind(window.history.state)
        """How many of the game's own entries lie before the current one (``placing``)."""
        self._left: tuple[Entry, str] | None = None
        """The entry and code of the game a new one is replacing (set by ``replace``),
        written in the oldest entry kept when the new one's would go deeper."""
        self._travel_then: Callable[[], None] | None = None
        """While the page goes back through its own entries (``_travel``): what to do on arrival."""
        self.dialog = document.getElementById("dlg-link")
        self.question = document.getElementById("link-question")
        listen(document.getElementById("link-keep"), "click", lambda _e: self._answer(False))
        listen(document.getElementById("link-open"), "click", lambda _e: self._answer(True))
        listen(self.dialog, "cancel", lambda _e: self._answer(False))
        listen(window, "popstate", self._popstate)
        app.session.subscribe(self._on_event)
        self.dialogs = DialogEntry()
        observer = window.MutationObserver.new(kept_proxy(lambda *_: self._dialogs_changed()))
        options = {"subtree": True, "attributes": True, "attributeFilter": ["open"]}
        observer.observe(document.body, to_js(options, dict_converter=Object.fromEntries))
        self._observer = observer

    # ---------------------------------------------------------------- dialogs

    def _dialogs_changed(self) -> None:
        """A dialog opened or closed: its entry follows (pushed, or taken back)."""
        if not self._dialog_closed():
            self._dialog_opened()

    def _covered(self) -> bool:
        return bool(document.querySelector(COVERING))  # JS null is falsy (it is not None)

    def _dialog_opened(self) -> None:
        if self._travel_then is not None:
            return  # the dialog gets its entry once the page has arrived (``_popstate``)
        if self._covered() and self.dialogs.opened():
            if self._timer is not None:
                self.write()  # the game's entry as it is now, under the dialog's
            state = self.keeper.entry.to_state(self.behind)
            window.history.pushState(state, "", code_hash(self.app.session.game.code))

    def _dialog_closed(self) -> bool:
        if not self._covered() and self.dialogs.closed():
            window.history.back()
            # Until the back lands, an arrival is taken for that landing: a sign for
            # whoever follows a link by script (the tests) to wait for.
            document.body.setAttribute("data-history", "closing")
            return True
        return False

    # ---------------------------------------------------------------- writing

    def write(self, push: bool = False) -> None:
        """Write the entry of the game on the table (a new one with ``push``); while a
        closed dialog's entry is being taken back, once that is done."""
        if self._timer is not None:
            window.clearTimeout(self._timer)
            self._timer = None
        if self._travel_then is not None:
            return  # the page is going back through its entries: it writes on arrival
        self._dialog_closed()  # a dialog closed in this same task: its entry goes first
        if not self.dialogs.write(push):
            return
        place = placing(self.behind, push)
        if place.back and self._left is not None:
            # The new game's entry would lie too deep: back to the oldest entry kept,
            # the game left written there, the new game's entry after it.
            self._travel(place.back, self._shifted)
            return
        # (An entry already deeper, written before this rule, is kept where it is.)
        self.behind = self.behind + push if place.back else place.behind
        entry = self.keeper.entry
        game = self.app.session.game
        state = entry.to_state(self.behind)
        url = code_hash(game.code)
        if push:
            window.history.pushState(state, "", url)
        else:
            window.history.replaceState(state, "", url)
        self._left = None

    def _travel(self, back: int, then: Callable[[], None]) -> None:
        """Go ``back`` entries back through the game's own, then call ``then``; until
        then, the history is not written (a sign for the tests, as a dialog's closing)."""
        self._travel_then = then
        document.body.setAttribute("data-history", "closing")
        window.history.go(-back)

    def _shifted(self) -> None:
        """Arrived at the oldest entry kept: the game left goes there, the game on the
        table after it."""
        left, self._left = self._left, None
        if left is not None:
            entry, code = left
            # Nothing lies before it now for Undo to bring back.
            window.history.replaceState(
                replaced_entry(entry, replaced="").to_state(KEEP_BEHIND - 1), "", code_hash(code)
            )
            self.behind = KEEP_BEHIND - 1
        self.write(push=True)

    def _stay(self) -> None:
        """The game on the table stays: its entry is written, after going back from an
        entry the browser made for a link that opened nothing (Forward finds the link again)."""
        if self._stray:
            self._stray = False
            self._travel(1, self.write)
        else:
            self.write()

    def _on_event(self, event: Event) -> None:
        # Subscribed after the keeper, so its entry already describes the game on the table.
        if event.kind == "refused":
            return
        if event.kind in ("play", "undo"):
            # Written after the move is drawn: the player never waits for it.
            if self._timer is None:
                self._timer = window.setTimeout(self._later_proxy, 0)
            return
        push = self._push
        self._push = False
        self.write(push)

    def changed(self) -> None:
        """The game on the table changed without an action (help taken in it): its
        entry is written after the page has drawn, as after a move."""
        if self._timer is None:
            self._timer = window.setTimeout(self._later_proxy, 0)

    def _later(self, *_: Any) -> None:
        self._timer = None
        self.write()

    def replace(self, entry: Entry | None = None, opened_at: int = 0) -> Entry:
        """Prepare the keeper and the history for another game on the table; call
        just before dispatching the new, restart or load. Returns the entry expected."""
        if self._timer is not None:
            self.write()  # the old game's entry as it is now: Undo or Back bring it back so
        old = self.app.session.game
        how, replaced = replacement(old, self.keeper.game_id)
        self._left = (self.keeper.entry, old.code) if how == "push" else None
        expected = entry or Entry("", "", opened_at=opened_at, replaced=replaced)
        self.keeper.expect(expected)
        self._push = entry is None and how == "push"
        return expected

    def back_to_replaced(self) -> bool:
        """Undo with nothing left to undo: go back to the game this one replaced."""
        if self.keeper.replaced and not self.app.session.game.can_undo:
            window.history.back()
            return True
        return False

    # ---------------------------------------------------------------- arriving

    def _popstate(self, event: DomEvent) -> None:
        if self._travel_then is not None:
            # The page's own going back (``_travel``) arrived.
            then, self._travel_then = self._travel_then, None
            document.body.removeAttribute("data-history")
            self.behind = entries_behind(event.state)
            then()
            self._dialogs_changed()  # a dialog opened meanwhile gets its entry
            return
        arrived = self.dialogs.arrived()
        if arrived == "close":
            # Back over a dialog: it closes, and the game stays as it is.
            for dialog in document.querySelectorAll(COVERING):
                dialog.close()
            return
        if arrived == "landed":
            document.body.removeAttribute("data-history")
            # The closed dialog's entry is gone: what waited is written now.
            deferred = self.dialogs.take_deferred()
            if deferred is not None:
                self.write(deferred)
            self._dialogs_changed()  # a dialog opened meanwhile gets its entry
            return
        if not self.keeper.active:
            return  # another tab plays: this one's table is covered and changes nothing
        state = event.state
        text = state if isinstance(state, str) else None
        if Entry.from_state(text) is not None:
            self.behind = entries_behind(text)
        else:
            self.behind += 1  # a link or an edited address: the browser made an entry after ours
        self.arrive(text, daily_hash(str(window.location.hash), local_today()))  # "#daily": today's deal

    def arrive(self, state: str | None, hash_text: str, fresh_entry: bool = True) -> None:
        """Act on an arrival at a history entry or hash (also used at start-up, where
        the link has no entry of its own: ``fresh_entry`` False)."""
        app = self.app
        self._fresh_entry = fresh_entry
        # An entry the browser made (a link, an edited address) after the game's own:
        # unless it opens a game, the page goes back from it to the game's entry.
        self._stray = fresh_entry and Entry.from_state(state) is None
        arrival = arrive(self.keeper.entry, app.session.game, state, hash_text)
        if arrival.kind == "same":
            self.write()
        elif arrival.kind == "restore":
            assert arrival.game is not None
            assert arrival.entry is not None
            self.keeper.expect(arrival.entry)
            app.load(arrival.game, quiet=True)
            game = arrival.game
            name = game_name(game.settings.game)
            if game.moves:
                text = _("Back to the {game} game {code} at move {n}.").format(game=name, code=game.code, n=game.moves)
            else:
                text = _("Back to the {game} game {code} at its deal.").format(game=name, code=game.code)
            app.say(text)
        elif arrival.kind == "open":
            self._open(arrival)
        elif arrival.kind == "ask":
            self._ask(arrival)
        else:  # "bad" or "stay": the game on the table stays
            self._stay()
            if arrival.message:
                app.say(arrival.message)

    def _open(self, arrival: Arrival) -> None:
        """Open a link's game in the entry the browser made for it; the old game's
        entry stays a step back (Back, or Undo, brings it back)."""
        assert arrival.game is not None
        self._stray = False
        old = self.app.session.game
        _how, replaced = replacement(old, self.keeper.game_id)
        self._left = (self.keeper.entry, old.code)
        self.keeper.expect(Entry("", "", opened_at=arrival.opened_at, replaced=replaced))
        # At start-up the link has no entry of its own: it gets one after the old game's.
        self._push = not self._fresh_entry
        self.app.load(arrival.game)

    def _ask(self, arrival: Arrival) -> None:
        assert arrival.game is not None
        self._asking = arrival
        # The link's deal code on one line: a line may not break at its hyphens.
        before, code, after = link_question(self.app.session.game, arrival.game).partition(arrival.game.code)
        kept = document.createElement("span")
        kept.className = "deal-code"
        kept.textContent = code
        self.question.replaceChildren(document.createTextNode(before), kept, document.createTextNode(after))
        self.app.abort_drag()
        if not self.dialog.open:
            self.dialog.showModal()

    def _answer(self, open_link: bool) -> None:
        arrival, self._asking = self._asking, None
        if self.dialog.open:
            self.dialog.close()
        if arrival is None:
            return
        if open_link:
            self._open(arrival)
        else:
            self._stay()
            self.app.say(_("The link was not opened: your game goes on."))
