"""Connects the page to its storage: resumes the saved game, keeps saving it,
keeps the statistics and the settings, and tells the player about storage trouble."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window

from ui.callbacks import listen
from ui.persist import Keeper, preferences_from
from ui.storage import SavedGame, Store

if TYPE_CHECKING:
    from ui.app import App

__all__ = ["keep", "open_store"]


def open_store() -> Store:
    """The browser's localStorage behind a checked Store; a store that keeps nothing if it is disabled."""
    try:
        backend = window.localStorage
        if not backend:  # None, or JS null
            raise RuntimeError("no localStorage")
        backend.getItem("solitaire.probe")  # a disabled storage throws here, not when named
    except Exception:  # noqa: BLE001 - any failure means: play on without saving
        store = Store(None)
        store.notices.append("Storage is unavailable in this browser: progress will not be kept after you leave.")
        return store
    return Store(backend)


def keep(app: App, store: Store, resumed: SavedGame | None) -> None:
    """Hook saving, statistics and settings into a started app."""
    session = app.session
    preferences = preferences_from(store.load_settings())
    preferences.follow(session.game)
    session.preferences = preferences
    if resumed is not None:
        session.set_elapsed(resumed.elapsed)
    keeper = Keeper(
        session,
        store,
        counted=resumed.counted if resumed is not None else False,
        finished=resumed.finished if resumed is not None else False,
        id=resumed.id if resumed is not None else "",
        opened_at=resumed.opened_at if resumed is not None else 0,
        replaced=resumed.replaced if resumed is not None else "",
    )
    app.keeper = keeper
    keeper.save()
    keeper.save_preferences()

    def open_stats(_event: Any) -> None:
        # Made on first use: the first frame does not wait for the statistics' code.
        if app.stats_dialog is None:
            from ui.stats_dialog import StatsDialog

            app.stats_dialog = StatsDialog(app, store)
        app.stats_dialog.open()

    listen(document.getElementById("btn-stats"), "click", open_stats)

    def hidden(_event: Any) -> None:
        # The clock runs between actions: keep it when the player leaves or switches tabs.
        if str(document.visibilityState) == "hidden":
            keeper.save()

    listen(document, "visibilitychange", hidden)
    listen(window, "pagehide", lambda _e: keeper.save())
    app.preferences_changed()
    tell_notices(app, store)
    # A save that fails later (a full quota) is told once, after the action that hit it.
    session.subscribe(lambda _event: tell_notices(app, store))


def tell_notices(app: App, store: Store) -> None:
    notices = store.take_notices()
    if notices:
        app.say(" ".join(notices))
