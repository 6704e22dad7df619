"""The page's dialogs and the solver's panel, each made the first time it is needed.

The first frame does not wait for code it does not show: the browser compiles every
module it imports, on every start, so each dialog's module is imported when the
dialog is first opened (or first spoken to), not at start-up. Once made, a part is
kept for the page's life and follows a change of language.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING

from ui.dom.hinting import Hinter
from ui.model.actions import Actions, DialogName
from ui.model.session import Session
from ui.model.storage import Store
from ui.model.table import TableState

if TYPE_CHECKING:  # imported when first used (below)
    from ui.dom.daily_dialog import DailyDialog
    from ui.dom.daily_win import DailyWin
    from ui.dom.dialogs import ElsewhereDialog, HelpDialog, NewGameDialog, SettingsDialog, WinDialog
    from ui.dom.rules_dialog import RulesDialog
    from ui.dom.solver_panel import SolverPanel
    from ui.dom.stats_dialog import StatsDialog

__all__ = ["DialogSet"]

_WORDED = (
    "help_dialog",
    "stats_dialog",
    "new_dialog",
    "rules_dialog",
    "solver_panel",
    "win_dialog",
    "daily_win",
    "daily_dialog",
    "settings_dialog",
)
"""The parts that write words of their own (the page's HTML follows a language by itself)."""


class DialogSet:
    """The dialogs and the solver's panel of one page.

    ``game_id``, ``opened_at`` and ``helped`` read the keeper's current game (the
    statistics' open tab, when the game on the table was first opened: 0 before it is
    kept, and the help taken in it, which the win summary says).
    """

    def __init__(
        self,
        session: Session,
        state: TableState,
        store: Store,
        actions: Actions,
        hinter: Hinter,
        game_id: Callable[[], str],
        opened_at: Callable[[], int],
        helped: Callable[[], tuple[str, ...]] = tuple,
    ) -> None:
        self._session = session
        self._state = state
        self._store = store
        self._actions = actions
        self._hinter = hinter
        self._game_id = game_id
        self._opened_at = opened_at
        self._helped = helped

    @cached_property
    def new_dialog(self) -> NewGameDialog:
        from ui.dom.dialogs import NewGameDialog

        return NewGameDialog(self._session, self._actions)

    @cached_property
    def settings_dialog(self) -> SettingsDialog:
        from ui.dom.dialogs import SettingsDialog

        return SettingsDialog(self._session, self._actions)

    @cached_property
    def win_dialog(self) -> WinDialog:
        from ui.dom.dialogs import WinDialog

        return WinDialog(self._session, self._actions, self._helped)

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

        return StatsDialog(self._session, self._store, self._game_id)

    @cached_property
    def daily_dialog(self) -> DailyDialog:
        from ui.dom.daily_dialog import DailyDialog

        return DailyDialog(self._session, self._store, self._actions)

    @cached_property
    def daily_win(self) -> DailyWin:
        from ui.dom.daily_win import DailyWin

        return DailyWin(self._session, self._store, self._opened_at, self._helped)

    @cached_property
    def solver_panel(self) -> SolverPanel:
        """Hints, the way back from a lost position and live winnable deals (its
        worker starts on first use)."""
        from ui.dom.solver_panel import SolverPanel

        return SolverPanel(self._session, self._state, self._actions, self._hinter)

    def made(self, name: str) -> bool:
        """True once the part ``name`` exists."""
        return name in vars(self)

    def open(self, name: DialogName) -> None:
        """Open one of the dialogs input may open."""
        if name == "new":
            self.new_dialog.open()
        elif name == "settings":
            self.settings_dialog.open()
        elif name == "help":
            self.help_dialog.open()
        elif name == "rules":
            self.rules_dialog.open(self._session.game.settings.game)
        elif name == "daily":
            self.daily_dialog.open()
        elif name == "stats":
            self.stats_dialog.open()
        else:
            raise ValueError(f"no dialog named {name!r}")

    def show_rule(self, rule: str) -> None:
        """Open the rules at the section ``rule`` (the "Why?" of a refused move)."""
        self.rules_dialog.open(self._session.game.settings.game, rule)

    def show_win(self) -> None:
        """The win's summary, with the daily deal's part when the deal was one."""
        self.win_dialog.open(self._opened_at())
        self.daily_win.show()

    def close_win(self) -> None:
        """Close the win's summary (never made: nothing to close)."""
        if self.made("win_dialog"):
            self.win_dialog.close()

    def escape_panel(self) -> bool:
        """Escape closes the solver's panel first, when it is open."""
        return self.made("solver_panel") and self.solver_panel.escape()

    def language_changed(self) -> None:
        for name in _WORDED:
            if self.made(name):
                getattr(self, name).language_changed()
