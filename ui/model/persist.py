"""Keeps the game in progress, the settings and the statistics in storage.

It listens to the session: after every action the game is saved with its whole
undo history and its clock, so a reload resumes exactly; the first move of a
game counts it as played; a win records the result; a game left unfinished
(new game, restart, another deal opened, Back) counts as lost until it comes
back (see ``ui.progress``). Pure Python.

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

import random
from dataclasses import asdict, dataclass, fields
from typing import Any

import engine
from ui.model.hashlink import open_link, parse_hash
from ui.model.progress import Entry, come_back, leave, new_id
from ui.model.session import Event, Preferences, Session
from ui.model.stats import finish_game, start_game, variant_key
from ui.model.storage import SavedGame, Store

__all__ = ["Keeper", "abandon", "choose_start", "preferences_from", "preferences_to"]


@dataclass(slots=True)
class _Tracked:
    """What is known of the game on the table, for counting it when it is left."""

    game: engine.Game
    id: str
    counted: bool = False
    finished: bool = False
    opened_at: int = 0
    replaced: str = ""
    elapsed: float = 0.0

    @property
    def key(self) -> str:
        return variant_key(self.game.settings)


class Keeper:
    """Saves after every action and keeps the statistics.

    Each game has an id, the id of its browser-history entry (``entry``). A game
    left unfinished (another one put on the table) counts as lost, and the
    loss is written in the ledger under its id; when that game comes back
    (``expect`` with its entry, then the session loads it) the loss is taken back.
    """

    def __init__(
        self,
        session: Session,
        store: Store,
        counted: bool = False,
        finished: bool = False,
        *,
        id: str = "",  # noqa: A002 - the game's id
        opened_at: int = 0,
        replaced: str = "",
        rng: random.Random | None = None,
    ) -> None:
        self.session = session
        self.store = store
        self._rng = rng
        self._next: Entry | None = None
        self._json: str | None = None
        """The game's JSON as the last save wrote it, until the next action."""
        game = session.game
        self._tracked = _Tracked(game, id or new_id(rng), counted, finished, opened_at, replaced, session.elapsed())
        session.subscribe(self.on_event)

    @property
    def entry(self) -> Entry:
        """The history entry of the game on the table, as it is now."""
        t = self._tracked
        return Entry(
            t.id,
            self._json or t.game.to_json(),
            elapsed=round(self.session.elapsed(), 3),
            counted=t.counted,
            finished=t.finished,
            opened_at=t.opened_at,
            replaced=t.replaced,
        )

    @property
    def replaced(self) -> str:
        """The id of the unfinished game the one on the table replaced ("" for none)."""
        return self._tracked.replaced

    def expect(self, entry: Entry) -> None:
        """The next game put on the table (the next new, restart or load event) is
        ``entry``'s: its id (empty: a new one), clock, statistics flags, the move
        it was opened at and the game it replaced. A game coming back this way has
        its loss taken back."""
        self._next = entry

    def on_event(self, event: Event) -> None:
        if event.kind == "refused":
            return
        self._json = None
        tracked = self._tracked
        if event.kind in ("new", "restart", "load"):
            self._leave(tracked)
            self._tracked = self._arrive(self._next)
            self._next = None
        elif event.kind == "play":
            if not tracked.counted:
                tracked.counted = True
                self.store.update_stats(lambda variants: start_game(variants, tracked.key))
            if event.won and not tracked.finished:
                tracked.finished = True
                game = self.session.game
                seconds = self.session.elapsed()
                bests = tracked.opened_at == 0

                def won(variants: dict[str, Any]) -> None:
                    finish_game(
                        variants,
                        tracked.key,
                        won=True,
                        score=game.score,
                        seconds=seconds,
                        moves=game.moves,
                        bests=bests,
                    )

                self.store.update_stats(won)
        self.save()

    def _arrive(self, entry: Entry | None) -> _Tracked:
        game = self.session.game
        if entry is None or not entry.id:
            fields = entry or Entry("", "")
            return _Tracked(game, new_id(self._rng), False, False, fields.opened_at, fields.replaced)
        ledger = self.store.load_ledger()
        if entry.id in ledger:
            self.store.update_stats(lambda variants: come_back(variants, ledger, entry.id))
            self.store.save_ledger(ledger)
        self.session.set_elapsed(entry.elapsed)
        return _Tracked(game, entry.id, entry.counted, entry.finished, entry.opened_at, entry.replaced, entry.elapsed)

    def _leave(self, tracked: _Tracked) -> None:
        """The game on the table is being left: unfinished and counted, it is a loss (in the ledger)."""
        if not tracked.counted or tracked.finished or tracked.game.won:
            return
        ledger = self.store.load_ledger()
        entry = Entry.of(tracked.game, tracked.id, counted=True)
        self.store.update_stats(lambda variants: leave(variants, ledger, entry, tracked.game, tracked.elapsed))
        self.store.save_ledger(ledger)

    def save(self) -> None:
        """Save the game now (also called when the page is hidden, to keep the clock)."""
        tracked = self._tracked
        tracked.elapsed = self.session.elapsed()
        saved = SavedGame(
            tracked.game,
            tracked.elapsed,
            tracked.counted,
            tracked.finished,
            tracked.id,
            tracked.opened_at,
            tracked.replaced,
        )
        self._json = tracked.game.to_json()
        self.store.save_game(saved, self._json)

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
    """A saved game that a link replaced at start-up: counted and unfinished, it is
    a loss (in the ledger, so that it is taken back if the game returns)."""
    if saved is None or not saved.counted or saved.finished or saved.game.won:
        return
    ledger = store.load_ledger()
    entry = Entry.of(saved.game, saved.id or new_id(), counted=True)
    store.update_stats(lambda variants: leave(variants, ledger, entry, saved.game, saved.elapsed))
    store.save_ledger(ledger)
