"""Keeps the game in progress, the settings and the statistics in storage.

It listens to the session: after every action the game is saved with its whole
undo history and its clock, so a reload resumes exactly; the first move of a
game counts it as played; a win records the result; a game replaced unfinished
(new game, restart, another deal opened) counts as lost. Pure Python.

>>> from ui.model.storage import MemoryBackend, Store
>>> from ui.model.session import Session
>>> store = Store(MemoryBackend())
>>> session = Session(engine.new_game("KL1-D1N-AAAAAAG"), clock=lambda: 0.0)
>>> keeper = Keeper(session, store)
>>> _ = session.play("t1>f")
>>> store.load_game().game.record()
'KL1-D1N-AAAAAAG t1>f'
>>> store.load_stats()["KL-D1N"]["played"]
1
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

import engine
from ui.model.hashlink import open_link, parse_hash
from ui.model.session import Event, Preferences, Session
from ui.model.stats import finish_game, new_game_id, start_game, variant_key
from ui.model.storage import SavedGame, Store
from ui.model.themes import back_names, table_names

__all__ = ["Keeper", "abandon", "choose_start", "preferences_from", "preferences_to"]


@dataclass(slots=True)
class _Tracked:
    """What is known of the game on the table, for counting it when it is replaced."""

    key: str
    game_id: str
    counted: bool = False
    finished: bool = False
    score: int = 0
    moves: int = 0
    elapsed: float = 0.0
    won: bool = False


class Keeper:
    """Saves after every action and keeps the statistics.

    Statistics and the save are two writes, and either can fail (a full quota).
    The statistics are written first and name the game by its id, so a result is
    never recorded twice: a win whose save failed is played again from the older
    save and changes nothing; a win whose statistics failed is recorded when the
    game is next opened or replaced.

    ``tab`` names this tab in the save; after ``step_aside`` (another tab saved)
    it neither saves nor counts anything (see ``ui.model.tabs``).
    """

    def __init__(
        self,
        session: Session,
        store: Store,
        counted: bool = False,
        finished: bool = False,
        game_id: str = "",
        tab: str = "",
    ) -> None:
        self.session = session
        self.store = store
        self.tab = tab
        self.active = True
        self._tracked = self._track(counted, finished, game_id)
        if counted and not finished and session.game.won:
            self._record_win(self._tracked)  # its statistics failed to save last time
        session.subscribe(self.on_event)

    def _track(self, counted: bool, finished: bool, game_id: str = "") -> _Tracked:
        game = self.session.game
        return _Tracked(
            variant_key(game.settings),
            game_id or new_game_id(),
            counted,
            finished,
            game.score,
            game.moves,
            self.session.elapsed(),
            game.won,
        )

    def step_aside(self) -> None:
        """Another tab saved its game: stop saving and counting in this one."""
        self.active = False

    def on_event(self, event: Event) -> None:
        if event.kind == "refused" or not self.active:
            return
        tracked = self._tracked
        if event.kind in ("new", "restart", "load"):
            self._abandon(tracked)
            self._tracked = self._track(False, False)
        elif event.kind == "play":
            if not tracked.counted:
                tracked.counted = self.store.update_stats(
                    lambda variants: start_game(variants, tracked.key, tracked.game_id)
                )
            if event.won and tracked.counted and not tracked.finished:
                tracked.won = True
                tracked.score, tracked.moves = self.session.game.score, self.session.game.moves
                tracked.elapsed = self.session.elapsed()
                self._record_win(tracked)
        self.save()

    def _record_win(self, tracked: _Tracked) -> None:
        tracked.finished = self._record(tracked, won=True)

    def _record(self, tracked: _Tracked, *, won: bool) -> bool:
        """Add the game's result to the statistics (once per game id); True when written."""

        def record(variants: dict[str, Any]) -> None:
            finish_game(
                variants,
                tracked.key,
                won=won,
                score=tracked.score,
                seconds=tracked.elapsed,
                moves=tracked.moves,
                game=tracked.game_id,
            )

        return self.store.update_stats(record)

    def _abandon(self, tracked: _Tracked) -> None:
        """The game on the table is being replaced: unfinished and counted, it is a
        loss (or the win whose statistics could not be saved before)."""
        if not tracked.counted or tracked.finished:
            return
        if tracked.won:
            self._record_win(tracked)
            return
        self._record(tracked, won=False)

    def save(self) -> None:
        """Save the game now (also called when the page is hidden, to keep the clock)."""
        if not self.active:
            return
        tracked = self._tracked
        game = self.session.game
        tracked.score, tracked.moves, tracked.elapsed = game.score, game.moves, self.session.elapsed()
        tracked.won = game.won
        self.store.save_game(
            SavedGame(game, tracked.elapsed, tracked.counted, tracked.finished, tracked.game_id, self.tab)
        )

    def save_preferences(self) -> None:
        self.store.save_settings(preferences_to(self.session.preferences))


def preferences_to(preferences: Preferences) -> dict[str, Any]:
    return asdict(preferences)


def preferences_from(settings: dict[str, Any]) -> Preferences:
    """Preferences from stored settings, keeping each value of the right type and range."""
    preferences = Preferences()
    allowed: dict[str, tuple[object, ...]] = {
        "game": ("KL", "SD", "SP"),
        "draw": (1, 3),
        "scoring": ("N", "V", "C"),
        "suits": (1, 2, 4),
        "card_back": back_names(),
        "table": table_names(),
    }
    for field in fields(Preferences):
        if field.name not in settings:
            continue
        value = settings[field.name]
        default = getattr(preferences, field.name)
        if field.name in allowed:
            if value in allowed[field.name] and type(value) is type(default):
                setattr(preferences, field.name, value)
        elif type(value) is type(default):
            setattr(preferences, field.name, value)
    return preferences


def choose_start(hash_text: str, saved: SavedGame | None) -> tuple[engine.Game | None, SavedGame | None]:
    """Which game to open: ``(game from the link, saved game to resume)``, at most one set.

    A link to another deal or a game record opens that; a link to the deal that
    is saved (a reload keeps the code in the hash) or no link resumes the save.
    Raises ``LinkError`` for a bad link.
    """
    link = parse_hash(hash_text)
    if link is None:
        return None, saved
    if saved is not None and link.code == saved.game.code and (not link.moves or link.record == saved.game.record()):
        return None, saved
    return open_link(hash_text), None


def abandon(store: Store, saved: SavedGame | None) -> None:
    """A saved game that a link replaced at start-up: counted and unfinished, it is a loss."""
    if saved is None or not saved.counted or saved.finished:
        return
    game = saved.game
    key = variant_key(game.settings)

    def lost(variants: dict[str, Any]) -> None:
        finish_game(
            variants,
            key,
            won=game.won,
            score=game.score,
            seconds=saved.elapsed,
            moves=game.moves,
            game=saved.game_id or None,
        )

    store.update_stats(lost)
