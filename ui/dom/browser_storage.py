"""The browser's storage for the page: opens localStorage behind a checked store,
keeps saving the game, the statistics and the settings, and tells the player
about storage trouble."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from ui.dom.callbacks import listen
from ui.dom.local_day import local_today
from ui.model.i18n import _, joined
from ui.model.persist import Keeper, preferences_from, resume
from ui.model.session import Session
from ui.model.storage import GAME_KEY, SavedGame, Store
from ui.model.tabs import CHANNEL, Copy, Reaction, copy_message, new_tab_id, on_message, on_storage

if TYPE_CHECKING:
    from js import Event

__all__ = ["keep", "open_store", "tell_notices"]

Say = Callable[[str], None]


def open_store() -> Store:
    """The browser's localStorage behind a checked Store; a store that keeps nothing if it is disabled."""
    try:
        backend = window.localStorage
        if not backend:  # None, or JS null
            raise RuntimeError("no localStorage")
        backend.getItem("solitaire.probe")  # a disabled storage throws here, not when named
    except Exception:  # noqa: BLE001 - any failure means: play on without saving
        store = Store(None)
        store.notices.append(_("Storage is unavailable in this browser: progress will not be kept after you leave."))
        return store
    return Store(backend, today=local_today)


def keep(session: Session, store: Store, resumed: SavedGame | None, say: Say, elsewhere: Callable[[], None]) -> Keeper:
    """Saving, statistics and settings for a started session: the settings kept,
    the game saved after every action and when the page is left. ``elsewhere`` is
    called once another tab saved its game here: this tab has stopped saving."""
    preferences = preferences_from(store.load_settings())
    preferences.follow(session.game)
    session.preferences = preferences
    if resumed is not None:
        session.set_elapsed(resumed.elapsed)
    keeper = resume(session, store, resumed, new_tab_id())
    keeper.save()
    keeper.save_preferences()

    def hidden(_event: Event) -> None:
        # The clock runs between actions: keep it when the player leaves or switches tabs.
        if str(document.visibilityState) == "hidden":
            keeper.save()

    listen(document, "visibilitychange", hidden)
    listen(window, "pagehide", lambda _e: keeper.save())

    channel = _channel()

    def mine() -> Copy:
        return Copy(keeper.game_id, keeper.revision)

    def storage_changed(event: Event) -> None:
        # Another tab wrote the storage (a tab never hears its own writes).
        key = event.key if isinstance(event.key, str) else None  # JS null: the storage was cleared
        saved_by, game_id, revision = store.saved_copy() if key == GAME_KEY else ("", "", 0)
        reaction = on_storage(key, keeper.tab, saved_by, Copy(game_id, revision), mine())
        if keeper.active:
            react(reaction)

    def react(reaction: Reaction) -> None:
        if reaction == "take-back":
            # Another tab resumed an older save of this game (this tab's saves failed
            # since): this tab's copy goes back into storage, and the message tells
            # the other tab to step aside even when that write fails again.
            keeper.take_back()
            tell()
            tell_notices(store, say)
        elif reaction == "step-aside":
            keeper.step_aside()
            elsewhere()

    def tell() -> None:
        if channel is not None:
            channel.postMessage(copy_message(keeper.tab, mine()))

    def heard(event: Event) -> None:
        if keeper.active:
            react(on_message(event.data, keeper.tab, mine()))

    listen(window, "storage", storage_changed)
    if channel is not None:
        listen(channel, "message", heard)
    # Which copy this tab opened: a tab holding a newer one takes the game back,
    # even when this tab's save of it failed and no storage event told that tab.
    tell()
    # A save that fails later (a full quota) is told once, after the action that hit it.
    session.subscribe(lambda _event: tell_notices(store, say))
    return keeper


def _channel() -> Any:
    """The channel the game's tabs tell each other which copy of a game is newer on
    (``ui.model.tabs``); None in a browser without one (that tab then only hears saves)."""
    try:
        return window.BroadcastChannel.new(CHANNEL)
    except Exception:  # noqa: BLE001 - no BroadcastChannel: the storage events still work
        return None


def tell_notices(store: Store, say: Say) -> None:
    notices = store.take_notices()
    if notices:
        say(joined(" ", notices))
