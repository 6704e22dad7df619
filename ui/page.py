"""The page: wires the session to the table, the header, the dialogs and the URL.

``start()`` reads the hash (a deal code or a game record), deals, draws the
first frame and marks the page ready. Every action goes through the session;
the page listens to its events, keeps the table state (``ui.model.table``) in
step and draws once per animation frame. It is the one implementation of
``Actions``, which the input modules are given instead of the page itself:
imports run page -> ``ui.dom`` -> ``ui.model`` -> engine, and nothing imports
the page but the entry script.
"""

from __future__ import annotations

import gc
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pyscript import document, window

import engine
from ui.dom.attributes import set_attribute
from ui.dom.browser_storage import keep, open_store
from ui.dom.callbacks import kept_proxy, listen
from ui.dom.celebration import Celebration
from ui.dom.clipboard import Clipboard
from ui.dom.dialog_frame import frame_dialogs
from ui.dom.finishing import Finisher
from ui.dom.focus import Focus
from ui.dom.hinting import Hinter
from ui.dom.history import History
from ui.dom.key_router import KeyRouter
from ui.dom.local_day import local_today
from ui.dom.pointer import Pointer
from ui.dom.render import Renderer
from ui.dom.sound import SoundBoard
from ui.dom.update_notice import update_notice_language
from ui.dom.warming import warm_up
from ui.model.actions import OFFERS, DialogName, Offer
from ui.model.announce import describe_play, describe_undo, win_text
from ui.model.daily import daily_hash
from ui.model.daily_keeper import DailyKeeper
from ui.model.hashlink import record_hash
from ui.model.i18n import _, again, joined, use_language
from ui.model.layout import compute, table_of
from ui.model.persist import Keeper, abandon
from ui.model.progress import unfinished
from ui.model.session import Event, Preferences, Session, describe_code, format_clock
from ui.model.startup import choose_game, opened_at_move
from ui.model.storage import SavedGame, Store
from ui.model.table import TableState
from ui.model.words import game_name, in_dollars

if TYPE_CHECKING:  # imported when first used (below): the first frame does not wait for them
    from ui.dom.daily_dialog import DailyDialog
    from ui.dom.daily_win import DailyWin
    from ui.dom.dialogs import ElsewhereDialog, HelpDialog, NewGameDialog, SettingsDialog, WinDialog
    from ui.dom.rules_dialog import RulesDialog
    from ui.dom.solver_panel import SolverPanel
    from ui.dom.stats_dialog import StatsDialog

__all__ = ["App", "start"]

STATUS_SECONDS = 7


def _now() -> float:
    return float(window.performance.now()) / 1000.0


class App:
    """The running game page (it implements ``ui.model.actions.Actions``)."""

    def __init__(self, game: engine.Game, store: Store) -> None:
        self.board = document.getElementById("board")
        self.status = document.getElementById("status")
        self._status_text: Any = None
        self.store = store
        self.session = Session(game, Preferences(), clock=_now)
        self.session.subscribe(self._on_event)
        self.state = TableState()
        self.renderer = Renderer(self.board)
        self.pointer = Pointer(self.board, self.session, self.state, self)
        self.focus = Focus(self.board, self.session, self.state, self.renderer, self)
        self.sound = SoundBoard(self.session, self)
        self.keys = KeyRouter(self.session, self.state, self, self.focus, self._escape_panel)
        self.keeper: Keeper | None = None
        """Saves the game and keeps the statistics (set by ``keep_in`` at start-up)."""
        self.history: History | None = None
        """The game's browser-history entries (set at start-up, after the keeper)."""
        self.finisher = Finisher(self.session, self)
        self.hinter = Hinter(self.session, self.state, self, lambda: self.solver_panel)
        self._reduced = window.matchMedia("(prefers-reduced-motion: reduce)")
        self._frame_id: Any = None
        self._dirty = True
        """The game changed since the last frame: lay the table out again."""
        self._marks_dirty = False
        """Only the table state changed since the last frame."""
        self._animate = False
        self._deal = True
        self._size = (0.0, 0.0)
        self._status_timer: Any = None
        self._shown: dict[str, str] = {}
        self._left_note = False
        self._quiet = False
        # Every JS callback is one proxy made here and kept for the page's life.
        self._frame_proxy = kept_proxy(self._frame)
        self._clear_status_proxy = kept_proxy(self._clear_status)
        self._why_rule = ""
        # One proxy for every "Why?" button a refusal adds, not one per refusal.
        self._why_proxy = kept_proxy(lambda _e: self.show_rule(self._why_rule))
        self._offer: Offer | None = None
        self._offer_proxy = kept_proxy(lambda _e: self._take_offer())
        self._said = ""
        """The words of the status line (kept to write them again in another language)."""
        self._said_note = False
        self.clipboard = Clipboard(self.say)
        # Its keys after the key router's (it stops the keys that skip the cascade).
        self.celebration = Celebration(self.renderer, self.state, self._reduced, self.flush, self._show_summary)
        self._wire()

    # The dialogs and the solver's panel are made, and their modules imported, the
    # first time they are needed: the first frame does not wait for code it does
    # not show (the browser compiles every module it imports, on every start).

    @cached_property
    def new_dialog(self) -> NewGameDialog:
        from ui.dom.dialogs import NewGameDialog

        return NewGameDialog(self.session, self)

    @cached_property
    def settings_dialog(self) -> SettingsDialog:
        from ui.dom.dialogs import SettingsDialog

        return SettingsDialog(self.session, self)

    @cached_property
    def win_dialog(self) -> WinDialog:
        from ui.dom.dialogs import WinDialog

        return WinDialog(self.session, self)

    @cached_property
    def elsewhere_dialog(self) -> ElsewhereDialog:
        from ui.dom.dialogs import ElsewhereDialog

        return ElsewhereDialog()

    @cached_property
    def help_dialog(self) -> HelpDialog:
        from ui.dom.dialogs import HelpDialog

        return HelpDialog()

    @cached_property
    def rules_dialog(self) -> RulesDialog:
        from ui.dom.rules_dialog import RulesDialog

        return RulesDialog()

    @cached_property
    def stats_dialog(self) -> StatsDialog:
        from ui.dom.stats_dialog import StatsDialog

        return StatsDialog(self.session, self.store, lambda: self.keeper.game_id if self.keeper is not None else "")

    @cached_property
    def daily_dialog(self) -> DailyDialog:
        from ui.dom.daily_dialog import DailyDialog

        return DailyDialog(self.session, self.store, self)

    @cached_property
    def daily_win(self) -> DailyWin:
        from ui.dom.daily_win import DailyWin

        return DailyWin(self.session, self.store, lambda: self.keeper.opened_at if self.keeper is not None else 0)

    @cached_property
    def solver_panel(self) -> SolverPanel:
        """Hints, the way back from a lost position and live winnable deals (its
        worker starts on first use)."""
        from ui.dom.solver_panel import SolverPanel

        return SolverPanel(self.session, self.state, self, self.hinter)

    def _made(self, name: str) -> bool:
        """True once the lazily made part ``name`` exists."""
        return name in vars(self)

    # ---------------------------------------------------------------- wiring

    def _wire(self) -> None:
        by_id = document.getElementById
        listen(by_id("btn-new"), "click", lambda _e: self.open_dialog("new"))
        listen(by_id("btn-daily"), "click", lambda _e: self.open_dialog("daily"))
        listen(by_id("btn-restart"), "click", lambda _e: self.restart())
        listen(by_id("btn-undo"), "click", lambda _e: self.undo())
        listen(by_id("btn-share"), "click", lambda _e: self.share())
        listen(by_id("btn-settings"), "click", lambda _e: self.open_dialog("settings"))
        listen(by_id("btn-keys"), "click", lambda _e: self.open_dialog("help"))
        listen(by_id("btn-stats"), "click", lambda _e: self.open_dialog("stats"))
        listen(by_id("btn-copy"), "click", lambda _e: self.copy_code())
        listen(by_id("btn-hint"), "click", lambda _e: self.hint())
        listen(by_id("btn-rules"), "click", lambda _e: self.open_dialog("rules"))
        listen(window, "solitaire:language", lambda event: self.language_changed(str(event.detail)))
        frame_dialogs()
        observer = window.ResizeObserver.new(kept_proxy(self._resized))
        observer.observe(self.board)
        self._observer = observer
        self._clock_id = window.setInterval(kept_proxy(self._tick), 500)

    def keep_in(self, resumed: SavedGame | None) -> None:
        """Save the game and keep the statistics and settings in the page's store."""
        keeper = self.keeper = keep(self.session, self.store, resumed, self.say, self._played_elsewhere)
        self.daily_keeper = DailyKeeper(
            self.session, self.store, lambda: keeper.opened_at, lambda: keeper.active, catch_up=False
        )
        self.history = History(self, self.keeper)
        self.preferences_changed()

    # --------------------------------------------------------------- actions

    def play(self, move: engine.Move | str) -> Event:
        """Play a move through the session (refusals are announced)."""
        return self.session.play(move)

    def undo(self) -> Event:
        """Undo the last action; with nothing left to undo, go back to the game this
        one replaced (New game, Restart and an opened link are undoable)."""
        self.pointer.cancel_pending()
        if self.history is not None and self.history.back_to_replaced():
            return Event("undo")
        return self.session.undo()

    def _replacing(self) -> None:
        """Another game is about to take the table: it gets its history entry, and
        the old one stays a step back (Undo or Back bring it back)."""
        self.pointer.cancel_pending()
        self._left_note = unfinished(self.session.game)
        if self.history is not None:
            self.history.replace()

    def restart(self) -> Event:
        self._replacing()
        return self.session.restart()

    def new_game(self, code: str | None) -> Event | None:
        """Deal ``code``, or a random deal of the preferences: with "Winnable deals
        only", a proven-winnable one (None when the solver is still looking for it)."""
        self.pointer.cancel_pending()
        prefs = self.session.preferences
        if code is None and prefs.winnable_only:
            settings = engine.parse_code(prefs.random_code())
            code = self.solver_panel.winnable_deal(settings)
            if self.keeper is not None:
                self.keeper.save_preferences()  # where the order of proven deals is
            if code is None:
                return None
        self._replacing()
        return self.session.new_game(code)

    def load(self, game: engine.Game, quiet: bool = False) -> Event:
        """Put ``game`` on the table (a link; or Back and Forward with ``quiet``:
        the history says which game came back)."""
        self.pointer.cancel_pending()
        self._quiet = quiet
        try:
            return self.session.load(game)
        finally:
            self._quiet = False

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
        if name == "new":
            self.new_dialog.open()
        elif name == "settings":
            self.settings_dialog.open()
        elif name == "help":
            self.help_dialog.open()
        elif name == "rules":
            self.rules_dialog.open(self.session.game.settings.game)
        elif name == "daily":
            self.daily_dialog.open()
        else:
            self.stats_dialog.open()

    def _played_elsewhere(self) -> None:
        """Another tab saved its game: this one saves and counts nothing any more
        (``ui.model.tabs``), so its table is covered."""
        self.pointer.cancel_pending()
        self.elsewhere_dialog.open()

    def show_rule(self, rule: str) -> None:
        """Open the rules at the section ``rule`` (the "Why?" of a refused move)."""
        self.rules_dialog.open(self.session.game.settings.game, rule)

    def language_changed(self, language: str) -> None:
        """The player chose another language in Settings: every word the page
        writes itself is written again in it (the page's HTML has followed)."""
        if not use_language(language):
            return
        self._shown.clear()
        self.renderer.relabel()
        if self._status_text is not None and self._said:
            # The message on show, written again (and so read again) in the new language.
            self.say(again(self._said), self._said_note, self._why_rule, self._offer)
        for name in (
            "help_dialog",
            "stats_dialog",
            "new_dialog",
            "rules_dialog",
            "solver_panel",
            "win_dialog",
            "daily_win",
            "daily_dialog",
            "settings_dialog",
        ):
            if self._made(name):
                getattr(self, name).language_changed()
        update_notice_language()
        self.redraw(animate=False)

    def _escape_panel(self) -> bool:
        return self._made("solver_panel") and self.solver_panel.escape()

    # ---------------------------------------------------------------- events

    def _on_event(self, event: Event) -> None:
        game = self.session.game
        if not event.won:
            self.celebration.cancel()  # undone, restarted or replaced during the cascade
        keyboard = self.state.keyboard
        if event.kind == "refused":
            self.say(event.message, rule=event.rule)
            return
        if event.kind in ("new", "restart", "load"):
            keyboard.reset()
            self.state.nodes.reset()
            self._deal = True
            if self._made("win_dialog"):  # never made: nothing to close
                self.win_dialog.close()
            back = [_("Undo brings back the game you left.")] if self._left_note else []
            self._left_note = False
            if event.kind == "new":
                self.say(joined(" ", [_("New game: {game}.").format(game=describe_code(game.settings)), *back]))
            elif event.kind == "restart":
                self.say(joined(" ", [_("The deal starts again."), *back]))
            elif self._quiet:
                pass
            elif game.moves:
                self.say(opened_at_move(game))
            else:
                self.say(_("Opened the deal {code}: {game}.").format(code=game.code, game=describe_code(game.settings)))
        else:
            action = event.action
            message = ""
            if action is not None and event.kind == "play":
                keyboard.after_play(game, action.move, action.dst, by_keys=False)
                message = describe_play(game, action)
            elif action is not None and event.kind == "undo":
                keyboard.forget_held()
                message = describe_undo(game, action)
            self.say(message, note=True)
        self.redraw(animate=True)
        if event.won:
            self._celebrate()

    def say(self, text: str, note: bool = False, rule: str = "", offer: Offer | None = None) -> None:
        """Show a message in the status line (refusals and announcements).

        ``note``: a routine announcement (what a move did), shown quietly;
        otherwise the line stands out (a refused move, a notice). ``rule``: the
        rules section that explains a refusal, opened by a "Why?" button.
        ``offer``: what the solver offers after a hint's check, as a button."""
        if self._status_timer is not None:
            window.clearTimeout(self._status_timer)
            self._status_timer = None
        self._said, self._said_note = text, note
        shown = str(self._status_text.textContent) if self._status_text is not None else ""
        if text and text == shown.rstrip("\u00a0"):
            # The same words again: changed a little, so that screen readers read them again.
            text = text if shown.endswith("\u00a0") else text + "\u00a0"
        self.status.classList.toggle("note", note)
        self.status.textContent = ""
        self._status_text = document.createElement("span")
        self._status_text.textContent = text
        self.status.appendChild(self._status_text)
        self._why_rule = rule if text else ""
        if self._why_rule:
            why = document.createElement("button")
            why.type = "button"
            why.className = "why"
            why.textContent = _("Why?")
            why.setAttribute("aria-label", _("Why? The rule behind this"))
            why.addEventListener("click", self._why_proxy)
            self.status.appendChild(why)
        self._offer = offer if text else None
        if self._offer is not None:
            button = document.createElement("button")
            button.type = "button"
            button.className = "why offer"
            button.id = f"status-{self._offer}"
            button.textContent = _(OFFERS[self._offer])
            button.addEventListener("click", self._offer_proxy)
            self.status.appendChild(button)
        if text:
            seconds = STATUS_SECONDS * (2 if rule or offer else 1)  # time to reach "Why?"
            self._status_timer = window.setTimeout(self._clear_status_proxy, seconds * 1000)

    def _take_offer(self) -> None:
        offer, self._offer = self._offer, None
        if offer == "rewind":
            self.solver_panel.rewind()
        elif offer == "more":
            self.solver_panel.more()

    def _clear_status(self, *_args: Any) -> None:
        self._status_timer = None
        if self.status.contains(document.activeElement):
            return  # the player is on "Why?": leave it there
        self.status.textContent = ""
        self._status_text = None

    def preferences_changed(self) -> None:
        """Show the table with the card options of the preferences (four colours, large cards,
        card backs, table colour)."""
        prefs = self.session.preferences
        document.body.classList.toggle("four-color", prefs.four_color)
        document.body.classList.toggle("large-cards", prefs.large_cards)
        # On the root element, where the loading screen's script puts them too (static/boot.js).
        root = document.documentElement
        root.dataset.back = prefs.card_back
        root.dataset.table = prefs.table
        self.sound.configure(prefs)
        if self.keeper is not None:
            self.keeper.save_preferences()
        self.redraw(animate=False)
        if prefs.auto_finish:
            self.finisher.finish()  # a finish already on offer plays at once

    # ---------------------------------------------------------------- header

    def _write(self, element_id: str, text: str, attribute: str | None = None) -> None:
        if self._shown.get(element_id) == text:
            return
        self._shown[element_id] = text
        el = document.getElementById(element_id)
        el.textContent = text
        if attribute:
            el.setAttribute(attribute, text)

    def _update_header(self) -> None:
        game = self.session.game
        self._write("score", game.score_text, "data-score")
        self._write("moves", str(game.moves), "data-moves")
        self._write("code", game.code, "data-code")
        self._write("game-name", game_name(game.settings.game))
        self._write("time", format_clock(self.session.elapsed()), "data-time")
        undo = document.getElementById("btn-undo")
        # With nothing left to undo, Undo still brings back the game this one replaced.
        undo.disabled = not (game.can_undo or (self.keeper is not None and bool(self.keeper.replaced)))
        set_attribute(document.body, "data-game", game.settings.game)
        set_attribute(document.body, "data-scored", "true" if game.has_score else "false")
        # Vegas scores in dollars: the header's and the win summary's label says "Amount" (static/css/table.css).
        set_attribute(document.body, "data-vegas", "true" if in_dollars(game.settings) else "false")
        set_attribute(document.body, "data-won", "true" if game.won else "false")

    def _tick(self, *_args: Any) -> None:
        self._write("time", format_clock(self.session.elapsed()), "data-time")

    # --------------------------------------------------------------- drawing

    def request_frame(self) -> None:
        """Ask for one frame at the next animation frame."""
        if self._frame_id is None:
            self._frame_id = window.requestAnimationFrame(self._frame_proxy)

    def redraw(self, animate: bool = True) -> None:
        self._dirty = True
        self._animate = self._animate or animate
        self.request_frame()

    def redraw_marks(self) -> None:
        self._marks_dirty = True
        self.request_frame()

    def flush(self) -> None:
        """Draw now if a change is waiting for the next frame."""
        if self._dirty or self._marks_dirty:
            self.draw_now()

    def _frame(self, *_args: Any) -> None:
        self._frame_id = None
        if self._dirty and self.state.drag is not None:
            self.pointer.abort()  # the table changed under the drag: drop it
        if self._dirty or self._marks_dirty:
            self.draw_now()
        else:
            self.renderer.draw_drag(self.state)

    def draw_now(self) -> None:
        """Draw the table at once (the first frame, and every requested frame)."""
        width = float(self.board.clientWidth)
        height = float(self.board.clientHeight)
        if width <= 0 or height <= 0:
            return
        game = self.session.game
        state = self.state
        deal_from = None
        if self._dirty:
            self._size = (width, height)
            layout = compute(table_of(game), width, height, large=self.session.preferences.large_cards)
            state.node_keys = state.nodes.assign([(box.pid, box.index, box.card_id) for box in layout.cards])
            state.removed_keys = list(state.nodes.removed)
            state.layout = layout
            if self._deal:
                # From the stock; a game without one deals from the top of the table's middle.
                stock = layout.piles.get("s")
                deal_from = (stock.slot.x, stock.slot.y) if stock else ((width - layout.card_w) / 2, 0.0)
        if state.keyboard_active:
            state.keyboard.current(game)  # the focused spot, kept valid: it is a tab stop
        motion = not bool(self._reduced.matches)
        self.renderer.draw(state, game, self._animate and motion, deal_from)
        self._update_header()  # in the same frame as the cards, so figures and table always agree
        self.focus.after_draw()
        self._dirty = False
        self._marks_dirty = False
        self._animate = False
        self._deal = False

    def _resized(self, *_args: Any) -> None:
        width, height = float(self.board.clientWidth), float(self.board.clientHeight)
        if (width, height) != self._size:
            self.redraw(animate=False)

    # --------------------------------------------------------- copy, share

    def copy_code(self) -> None:
        code = self.session.game.code
        self.clipboard.copy(code, _("Deal code {code} copied.").format(code=code))

    def share_link(self) -> str:
        base = str(window.location.href).split("#", 1)[0]
        return base + record_hash(self.session.game.record())

    def share(self) -> None:
        link = self.share_link()
        document.getElementById("btn-share").dataset.link = link
        self.clipboard.copy(link, _("Link to this game copied: it opens the game at this point, undo included."))

    # --------------------------------------------------------------- the win

    def _celebrate(self) -> None:
        """The win: said, then the cards' cascade and the summary (``ui.dom.celebration``)."""
        self.say(win_text(self.session.game))
        self.celebration.begin(self.session.game.code)

    def _show_summary(self) -> None:
        if self.session.game.won:
            self.win_dialog.open(self.keeper.opened_at if self.keeper is not None else 0)
            self.daily_win.show()

    # ------------------------------------------------------------------ boot

    def first_frame(self) -> None:
        if self.history is not None:
            self.history.write()
        self.preferences_changed()
        self.draw_now()


def start() -> None:
    # The loading screen chose the language (the remembered choice, else the browser's).
    use_language(str(window.solitaireBoot.language()))
    store = open_store()
    link = daily_hash(str(window.location.hash), local_today())  # "#daily": today's deal
    state = window.history.state
    opening = choose_game(store.load_game(), state if isinstance(state, str) else None, link)
    abandon(store, opening.abandoned)
    app = App(opening.game, store)
    app.keep_in(opening.resumed)
    window.solitaireBoot.done()
    app.first_frame()
    # The start's message and the storage's notices in one: a notice said first would
    # be replaced at once by the message, unread.
    said = [text for text in (opening.message, *store.take_notices()) if text]
    if said:
        app.say(joined(" ", said))
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
