"""The page: wires the session to the table, the header, the dialogs and the URL.

``start()`` chooses the game (``ui.model.startup``), deals, draws the first
frame and marks the page ready. Every action goes through the session; the
page listens to its events and keeps the table state (``ui.model.table``) in
step, the status line included; ``ui.dom.frames`` draws it all, once per
animation frame; the dialogs are ``ui.dom.dialog_set``'s, made on first use.
The page draws nothing itself. It is the one implementation
of ``Actions``, which the input modules are given instead of the page itself:
imports run page -> ``ui.dom`` -> ``ui.model`` -> engine, and nothing imports
the page but the entry script.
"""

from __future__ import annotations

import gc

from pyscript import document, window

import engine
from ui.dom.appearance import show_appearance
from ui.dom.browser_storage import keep, open_store
from ui.dom.callbacks import kept_proxy, listen
from ui.dom.catalogs import LanguageChoice
from ui.dom.celebration import Celebration
from ui.dom.clipboard import Clipboard
from ui.dom.dialog_frame import frame_dialogs
from ui.dom.dialog_set import DialogSet
from ui.dom.finishing import Finisher
from ui.dom.focus import Focus
from ui.dom.frames import Frames
from ui.dom.game_flow import GameFlow
from ui.dom.hinting import Hinter
from ui.dom.history import History
from ui.dom.key_router import KeyRouter
from ui.dom.local_day import local_today
from ui.dom.pointer import Pointer
from ui.dom.render import Renderer
from ui.dom.show_me_how import ShowMeHow
from ui.dom.sound import SoundBoard
from ui.dom.update_notice import update_notice_language
from ui.dom.warming import warm_up
from ui.model.actions import DialogName, Offer
from ui.model.daily import daily_hash
from ui.model.daily_keeper import DailyKeeper
from ui.model.help_kinds import HelpKind
from ui.model.i18n import current_language, joined, use_language
from ui.model.persist import Keeper, abandon
from ui.model.session import Event, Preferences, Session
from ui.model.startup import choose_game
from ui.model.storage import SETTINGS_KEY, SavedGame, Store
from ui.model.table import TableState

__all__ = ["App", "start"]


class App:
    """The running game page (it implements ``ui.model.actions.Actions``)."""

    def __init__(self, game: engine.Game, store: Store) -> None:
        self.board = document.getElementById("board")
        self.store = store
        self.session = Session(game, Preferences(), clock=lambda: float(window.performance.now()) / 1000.0)
        self.state = TableState()
        self.renderer = Renderer(self.board)
        self.pointer = Pointer(self.board, self.session, self.state, self)
        self.focus = Focus(self.board, self.session, self.state, self.renderer, self)
        self._reduced = window.matchMedia("(prefers-reduced-motion: reduce)")
        self.frames = Frames(
            self.board,
            self.session,
            self.state,
            self.renderer,
            self.focus,
            self._reduced,
            self.pointer.abort,
            lambda: self.keeper is not None and bool(self.keeper.replaced),
            self.show_rule,
            self._take_offer,
        )
        self.keys = KeyRouter(
            self.session, self.state, self, self.focus, lambda: self.dialogs.escape_panel() or self.show_me_how.escape()
        )
        # Its keys after the key router's (it stops the keys that skip the cascade).
        self.celebration = Celebration(self.renderer, self.state, self._reduced, self.flush, self._show_summary)
        # The first of the session's subscribers: the table state is in step before the others look.
        self.flow = GameFlow(
            self.session,
            self.state,
            self.frames,
            self.pointer,
            self.celebration,
            self.say,
            lambda settings: self.dialogs.solver_panel.winnable_deal(settings),
            lambda: self.dialogs.close_win(),
        )
        self.sound = SoundBoard(self.session, self)
        self.keeper: Keeper | None = None
        """Saves the game and keeps the statistics (set by ``keep_in`` at start-up)."""
        self.history: History | None = None
        """The game's browser-history entries (set at start-up, after the keeper)."""
        self.finisher = Finisher(self.session, self.state, self)
        self.hinter = Hinter(self.session, self.state, self, lambda: self.dialogs.solver_panel)
        self.show_me_how = ShowMeHow(self.session, self, lambda: self.finisher.playing)
        self.clipboard = Clipboard(self.say)
        self.dialogs = DialogSet(
            self.session,
            self.state,
            self.store,
            self,
            self.hinter,
            lambda: self.keeper.game_id if self.keeper is not None else "",
            lambda: self.keeper.opened_at if self.keeper is not None else 0,
            lambda: self.keeper.helped if self.keeper is not None else (),
        )
        """The dialogs and the solver's panel, each made (and its module imported) on first use."""
        self._wire()

    # ---------------------------------------------------------------- wiring

    def _wire(self) -> None:
        by_id = document.getElementById
        listen(by_id("btn-new"), "click", lambda _e: self.open_dialog("new"))
        listen(by_id("btn-daily"), "click", lambda _e: self.open_dialog("daily"))
        listen(by_id("btn-restart"), "click", lambda _e: self.restart())
        listen(by_id("btn-undo"), "click", lambda _e: self.undo())
        listen(by_id("btn-share"), "click", lambda _e: self.clipboard.share(self.session.game))
        listen(by_id("btn-settings"), "click", lambda _e: self.open_dialog("settings"))
        listen(by_id("btn-keys"), "click", lambda _e: self.open_dialog("help"))
        listen(by_id("btn-stats"), "click", lambda _e: self.open_dialog("stats"))
        listen(by_id("btn-copy"), "click", lambda _e: self.clipboard.copy_code(self.session.game))
        listen(by_id("btn-hint"), "click", lambda _e: self.hint())
        listen(by_id("btn-rules"), "click", lambda _e: self.open_dialog("rules"))
        # A language that could not be had: the status line says why too (the dialog may
        # be closed by the time it is known).
        self.language_choice = LanguageChoice(spoken=self.language_changed, failed=self.say)
        listen(window, "solitaire:language", lambda event: self.language_choice.choose(str(event.detail)))
        frame_dialogs()
        observer = window.ResizeObserver.new(kept_proxy(lambda *_a: self.frames.resized()))
        observer.observe(self.board)
        self._observer = observer
        self._clock_id = window.setInterval(kept_proxy(lambda *_a: self.frames.request()), 500)  # the clock

    def keep_in(self, resumed: SavedGame | None) -> None:
        """Save the game and keep the statistics and settings in the page's store."""
        keeper = self.keeper = keep(self.session, self.store, resumed, self.say, self._played_elsewhere)
        self.daily_keeper = DailyKeeper(
            self.session,
            self.store,
            lambda: keeper.opened_at,
            lambda: keeper.active,
            lambda: bool(keeper.helped),
            catch_up=False,
        )
        self.history = self.flow.history = History(self, self.keeper)
        self.preferences_changed()

    # --------------------------------------------------------------- actions

    def play(self, move: engine.Move | str) -> Event:
        """Play a move through the session (refusals are announced)."""
        return self.session.play(move)

    def undo(self) -> Event:
        return self.flow.undo()

    def restart(self) -> Event:
        return self.flow.restart()

    def show_line(self, line: tuple[str, ...]) -> None:
        self.show_me_how.start(line)

    def took_help(self, kind: HelpKind) -> None:
        # Only new help is written to the history entry: a hint pressed again changes nothing.
        if self.keeper is not None and self.keeper.note_help(kind) and self.history is not None:
            self.history.changed()

    def new_game(self, code: str | None) -> Event | None:
        return self.flow.new_game(code, lambda: self.keeper.save_preferences() if self.keeper is not None else None)

    def load(self, game: engine.Game, quiet: bool = False) -> Event:
        return self.flow.load(game, quiet)

    def abort_drag(self) -> None:
        """Drop a drag without playing it (a dialog is about to cover the table)."""
        self.pointer.abort()

    def hint(self) -> None:
        """Ask for a hint (the Hint button and the H key): a good move at once, then the solver's word on it."""
        self.hinter.hint()

    def picked(self) -> None:
        self.sound.play("pick")

    def refused(self) -> None:
        self.sound.play("refused")

    def nudge(self, pid: str, index: int, count: int) -> None:
        self.sound.play("refused")
        if not self._reduced.matches:
            self.renderer.nudge(pid, index, count)

    def open_dialog(self, name: DialogName) -> None:
        self.show_me_how.pause()  # nothing plays under a dialog
        self.dialogs.open(name)

    def _played_elsewhere(self) -> None:
        """Another tab saved its game: this one saves and counts nothing any more
        (``ui.model.tabs``), so its table is covered."""
        self.pointer.cancel_pending()
        self.show_me_how.pause()
        self.dialogs.elsewhere_dialog.open()

    def show_rule(self, rule: str) -> None:
        """Open the rules at the section ``rule`` (the "Why?" of a refused move)."""
        self.show_me_how.pause()
        self.dialogs.show_rule(rule)

    def language_changed(self) -> None:
        """The player chose another language in Settings, and the game speaks it now: every
        word the page writes itself is written again in it (the page's HTML has followed)."""
        self.frames.language_changed()
        self.dialogs.language_changed()
        self.show_me_how.language_changed()
        update_notice_language()
        document.body.dataset.speaks = current_language()

    def say(
        self,
        text: str,
        note: bool = False,
        rule: str = "",
        offer: Offer | None = None,
        stays: bool = False,
        short: str = "",
    ) -> None:
        self.frames.status_line.say(text, note, rule, offer, stays, short)

    def forget_staying(self) -> None:
        self.frames.status_line.forget_staying()

    def _take_offer(self, offer: Offer) -> None:
        """The solver's offer in the status line, taken (after a hint's check, or a lost game)."""
        if offer == "rewind":
            self.dialogs.solver_panel.rewind()
        elif offer == "show":
            self.show_me_how.start(self.hinter.memory.line_for(self.session.game.record()) or ())
        elif offer == "turning":
            self.dialogs.solver_panel.turning()
        elif offer == "deal":
            self.dialogs.solver_panel.from_deal()
        elif offer == "left":
            self.flow.back_to_left(lambda: self.dialogs.solver_panel.turning())
        else:
            self.dialogs.solver_panel.more()

    def preferences_changed(self) -> None:
        """Show the table with the card options of the preferences (four colours, large cards,
        card backs, table colour)."""
        prefs = self.session.preferences
        show_appearance(prefs)
        self.sound.configure(prefs)
        if self.keeper is not None:
            self.keeper.save_preferences()
        self.redraw(animate=False)
        if prefs.auto_finish:
            self.finisher.finish()  # a finish already on offer plays at once

    # --------------------------------------------------------------- drawing

    def request_frame(self) -> None:
        self.frames.request()

    def redraw(self, animate: bool = True) -> None:
        self.frames.redraw(animate)

    def redraw_marks(self) -> None:
        self.frames.redraw_marks()

    def flush(self) -> None:
        self.frames.flush()

    def _show_summary(self) -> None:
        if self.session.game.won:
            self.dialogs.show_win()


def start() -> None:
    # The loading screen chose the language (the remembered choice, else the browser's);
    # <body data-speaks> names the language the game's own words are in, once they are.
    use_language(str(window.solitaireBoot.language()))
    document.body.dataset.speaks = current_language()
    store = open_store()
    link = daily_hash(str(window.location.hash), local_today())  # "#daily": today's deal
    state = window.history.state
    saved = store.load_game()
    # A new player: nothing stored yet (settings are written as soon as a game is on the table).
    first_visit = saved is None and store.read_raw(SETTINGS_KEY) is None
    opening = choose_game(saved, state if isinstance(state, str) else None, link, first_visit)
    abandon(store, opening.abandoned)
    app = App(opening.game, store)
    app.keep_in(opening.resumed)
    window.solitaireBoot.done()
    if app.history is not None:
        app.history.write()
    app.preferences_changed()
    app.frames.draw_now()
    # The start's message and the storage's notices in one: a notice said first would
    # be replaced at once by the message, unread.
    said = [text for text in (opening.message, *store.take_notices()) if text]
    if said:
        app.say(joined(" ", said))
        app.flush()  # on show when the page says it is ready
    document.body.dataset.ready = "true"
    # First, when idle: the daily deal's record of a game resumed (its lookup of the
    # daily codes, some 50 ms under WebAssembly, then ready for the first move).
    warm_up(first=[lambda: app.daily_keeper.catch_up(played=False)])
    if opening.ask and app.history is not None:
        app.history.arrive(None, link, fresh_entry=False)
    _RUNNING.append(app)
    # Everything alive now (the standard library, the game's modules, the runtime's
    # own objects) lives as long as the page. Moved out of the collector's reach, a
    # full collection no longer walks those ~20,000 objects: under WebAssembly that
    # walk took 35-75 ms, a frame dropped at a random move (bench.latency's longest task).
    gc.freeze()


_RUNNING: list[App] = []
