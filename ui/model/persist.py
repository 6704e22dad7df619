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

from dataclasses import asdict, dataclass, fields
from typing import Any

import engine
from ui.model.games import page_of, pages
from ui.model.hashlink import open_link, parse_hash
from ui.model.help_kinds import HelpKind, with_help
from ui.model.progress import Entry
from ui.model.session import Event, Preferences, Session
from ui.model.stats import variant_key
from ui.model.stats_record import come_back, finish_game, leave_game, new_game_id, start_game
from ui.model.storage import SETTINGS_KEY, SavedGame, Store
from ui.model.themes import back_names, table_names

__all__ = [
    "Keeper",
    "abandon",
    "choose_start",
    "entry_resumes",
    "preferences_from",
    "preferences_to",
    "resume",
    "resume_entry",
    "saved_from_entry",
]


@dataclass(slots=True)
class _Tracked:
    """What is known of the game on the table, for counting it when it is left."""

    key: str
    game_id: str
    counted: bool = False
    finished: bool = False
    score: int = 0
    moves: int = 0
    elapsed: float = 0.0
    won: bool = False
    opened_at: int = 0
    replaced: str = ""
    played: bool = False
    revision: int = 0
    figure: int = 0
    """The game's own figure (TriPeaks' longest run), as its page module reads it."""
    helped: tuple[str, ...] = ()
    """The kinds of help taken in the game (``ui.model.help_kinds``; empty: none)."""


def _catch_up(variants: dict[str, Any], tracked: _Tracked, *, leaving: bool) -> None:
    """Add to the statistics what they lack of a played game: its start (unless
    counted), its win (once won), or, when it is left unfinished, its loss. Each is
    recorded once per game id, so doing it again changes nothing."""
    if not tracked.counted:
        start_game(variants, tracked.key, tracked.game_id)
    if tracked.won:
        finish_game(
            variants,
            tracked.key,
            won=True,
            score=tracked.score,
            seconds=tracked.elapsed,
            moves=tracked.moves,
            game=tracked.game_id,
            bests=tracked.opened_at == 0,
            figure=tracked.figure,
            helped=bool(tracked.helped),
        )
    elif leaving:
        leave_game(
            variants,
            tracked.key,
            tracked.game_id,
            score=tracked.score,
            seconds=tracked.elapsed,
            moves=tracked.moves,
            figure=tracked.figure if tracked.opened_at == 0 else 0,
        )


class Keeper:
    """Saves after every action and keeps the statistics.

    Statistics and the save are two writes, and either can fail (a full quota, or
    storage that fails for a while). What the statistics still lack of a game lives
    with the game itself: its save and its history entry say whether it was played
    (``played``) and what the statistics have of it (``counted``, ``finished``), and
    its won state is the game's. So whatever fell in a failure -- its first move, its
    win, both -- is written at the next chance: the next action, the game being left,
    the game opened again (a reload, Back) or another tab taking over. The
    statistics name each game by its id, so nothing is recorded twice: a win whose
    save failed is played again from the older save and changes nothing.

    The same id names the game's browser-history entry (``entry``). A game left
    unfinished (another one put on the table) counts as lost, and the statistics
    keep what the loss changed under its id; when that game comes back (``expect``
    with its entry, then the session loads it) the loss is taken back.

    ``revision`` counts the game's actions: the save and the entry both carry it, so
    that a reload opens whichever of the two is newer (the entry, when the save failed).

    ``helped`` lists the kinds of help taken in the game (``note_help``): kept with it
    as ``revision`` is, so its win is counted with help wherever it is won.

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
        *,
        opened_at: int = 0,
        replaced: str = "",
        played: bool = False,
        revision: int = 0,
        helped: tuple[str, ...] = (),
    ) -> None:
        self.session = session
        self.store = store
        self.tab = tab
        self.active = True
        self._next: Entry | None = None
        self._json: str | None = None
        """The game's JSON as the last save wrote it, until the next action."""
        self._tracked = self._track(counted, finished, game_id, opened_at, replaced, played, revision, helped)
        self._settle(self._tracked)  # what failed to be written last time
        session.subscribe(self.on_event)

    def _track(
        self,
        counted: bool,
        finished: bool,
        game_id: str = "",
        opened_at: int = 0,
        replaced: str = "",
        played: bool = False,
        revision: int = 0,
        helped: tuple[str, ...] = (),
    ) -> _Tracked:
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
            opened_at,
            replaced,
            played or counted,  # a game counted as played was played (saves from before the flag)
            revision,
            helped=helped,
        )

    def step_aside(self) -> None:
        """Another tab saved its game: stop saving and counting in this one, once
        what its game still owes the statistics is written (the other tab's save
        says that storage works again)."""
        self._settle(self._tracked)
        self.active = False

    def take_back(self) -> None:
        """Another tab saved an older copy of this tab's game (``ui.model.tabs``): this
        tab's copy is saved again, with what its game still owes the statistics (the
        other tab's save says that storage works again)."""
        if self.active:
            self._settle(self._tracked)
            self.save()

    @property
    def game_id(self) -> str:
        """The id of the game on the table."""
        return self._tracked.game_id

    @property
    def entry(self) -> Entry:
        """The history entry of the game on the table, as it is now."""
        t = self._tracked
        return Entry(
            t.game_id,
            self._json or self.session.game.to_json(),
            elapsed=round(self.session.elapsed(), 3),
            counted=t.counted,
            finished=t.finished,
            opened_at=t.opened_at,
            replaced=t.replaced,
            played=t.played,
            revision=t.revision,
            helped=t.helped,
        )

    @property
    def revision(self) -> int:
        """How many actions the game on the table has had (see ``ui.model.tabs``)."""
        return self._tracked.revision

    @property
    def helped(self) -> tuple[str, ...]:
        """The kinds of help taken in the game on the table (empty: none)."""
        return self._tracked.helped

    def note_help(self, kind: HelpKind) -> bool:
        """The player took help of ``kind`` in the game on the table (a hint shown, an
        undo to the last winnable position): its win will count as one with help.
        Saved at once, as an action is (it counts as one, so that the copy of the game
        that has it is the newer one); taking the same kind again changes nothing.
        True when the game's help changed (its history entry is then written again)."""
        tracked = self._tracked
        helped = with_help(tracked.helped, kind)
        if helped == tracked.helped or not self.active:
            return False
        tracked.helped = helped
        tracked.revision += 1
        self._json = None
        self.save()
        return True

    @property
    def opened_at(self) -> int:
        """The move at which the game on the table was opened from a shared record (0: from its deal)."""
        return self._tracked.opened_at

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
        if event.kind == "refused" or not self.active:
            return
        self._json = None
        tracked = self._tracked
        if event.kind in ("new", "restart", "load"):
            self._settle(tracked, leaving=True)
            self._tracked = self._arrive(self._next)
            self._next = None
        else:
            tracked.revision += 1
            if event.kind == "play":
                tracked.played = True
                self._observe(tracked)
            # An undo is settled as the game was before it: a win it takes back was won.
            self._settle(tracked)
        self.save()

    def _observe(self, tracked: _Tracked) -> None:
        """The game as it is now: its score, moves, clock and whether it is won."""
        game = self.session.game
        tracked.score, tracked.moves, tracked.elapsed = game.score, game.moves, self.session.elapsed()
        tracked.figure = page_of(game.settings.game).record_figure(game)
        tracked.won = game.won

    def _arrive(self, entry: Entry | None) -> _Tracked:
        """The game put on the table: a new one, or ``entry``'s coming back."""
        if entry is None or not entry.id:
            fields = entry or Entry("", "")
            return self._track(False, False, "", fields.opened_at, fields.replaced)
        self.session.set_elapsed(entry.elapsed)
        tracked = self._track(
            entry.counted,
            entry.finished,
            entry.id,
            entry.opened_at,
            entry.replaced,
            entry.played,
            entry.revision,
            entry.helped,
        )
        if tracked.played and not tracked.finished:
            # Its loss, if one was recorded when it was left (perhaps after its entry
            # was written, so whatever ``counted`` says), is taken back.
            variants = self.store.load_stats()
            if come_back(variants, tracked.key, entry.id):
                self.store.save_stats(variants)
        self._settle(tracked)  # what failed to be written while it was played
        return tracked

    def _settle(self, tracked: _Tracked, *, leaving: bool = False) -> None:
        """Write what the statistics still lack of the game (``_catch_up``): its start
        once played, its win once won and, with ``leaving``, its loss. One write;
        when it fails, the flags stay as they are and the next chance tries again."""
        if not tracked.played or tracked.finished:
            return
        if tracked.counted and not (tracked.won or leaving):
            return
        if self.store.update_stats(lambda variants: _catch_up(variants, tracked, leaving=leaving)):
            tracked.counted = True
            tracked.finished = tracked.won

    def save(self) -> None:
        """Save the game now (also called when the page is hidden, to keep the clock)."""
        if not self.active:
            return
        tracked = self._tracked
        self._observe(tracked)
        game = self.session.game
        self._json = game.to_json()
        saved = SavedGame(
            game,
            tracked.elapsed,
            tracked.counted,
            tracked.finished,
            tracked.game_id,
            self.tab,
            tracked.opened_at,
            tracked.replaced,
            tracked.played,
            tracked.revision,
            tracked.helped,
        )
        self.store.save_game(saved, self._json)
        if self.store.unsaved(SETTINGS_KEY):
            # Settings whose write failed are written again with the game, so that
            # "Saving works again" is not held back by them once the game fits.
            self.save_preferences()

    def save_preferences(self) -> None:
        self.store.save_settings(preferences_to(self.session.preferences))


def resume(session: Session, store: Store, saved: SavedGame | None, tab: str = "") -> Keeper:
    """The keeper of a session that opened ``saved`` (None: a game with nothing saved of it)."""
    if saved is None:
        return Keeper(session, store, tab=tab)
    return Keeper(
        session,
        store,
        counted=saved.counted,
        finished=saved.finished,
        game_id=saved.game_id,
        tab=tab,
        opened_at=saved.opened_at,
        replaced=saved.replaced,
        played=saved.played,
        revision=saved.revision,
        helped=saved.helped,
    )


def saved_from_entry(entry: Entry, game: engine.Game) -> SavedGame:
    """The game of a history entry (``game``, loaded from it) as a save to resume."""
    return SavedGame(
        game,
        entry.elapsed,
        entry.counted,
        entry.finished,
        entry.id,
        opened_at=entry.opened_at,
        replaced=entry.replaced,
        played=entry.played,
        revision=entry.revision,
        helped=entry.helped,
    )


def entry_resumes(saved: SavedGame | None, entry: Entry, game: engine.Game) -> tuple[SavedGame, SavedGame | None]:
    """What a page opened at this tab's history entry resumes (a reload, or Back from
    another site), and the saved game it leaves (for ``abandon``): ``game``, the
    entry's, or the saved game when it is the same one and not older (another tab
    may have played it on since); a saved game the entry does not name is left."""
    if saved is not None and saved.game_id == entry.id:
        if saved.revision >= entry.revision:
            return saved, None  # the same game, as last saved (perhaps by another tab)
        # The entry is newer: this tab played on while its saves failed.
        return saved_from_entry(entry, game), None
    return saved_from_entry(entry, game), saved


def resume_entry(store: Store, saved: SavedGame | None, entry: Entry, game: engine.Game) -> SavedGame:
    """``entry_resumes``, with the saved game it leaves counted (``abandon``)."""
    resumed, left = entry_resumes(saved, entry, game)
    abandon(store, left)
    return resumed


def preferences_to(preferences: Preferences) -> dict[str, Any]:
    return asdict(preferences)


def preferences_from(settings: dict[str, Any]) -> Preferences:
    """Preferences from stored settings, keeping each value of the right type and range."""
    preferences = Preferences()
    allowed: dict[str, tuple[object, ...]] = {
        "game": tuple(engine.VARIANTS),
        "card_back": back_names(),
        "table": table_names(),
    }
    preferences.options = _stored_options(settings)
    for field in fields(Preferences):
        if field.name not in settings or field.name == "options":
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
    """A saved game that a link replaced at start-up: played and unfinished, it is
    a loss (taken back if the game returns), or the win whose statistics could not
    be saved before; whatever else its statistics lacked is written with it."""
    if saved is None or not (saved.played or saved.counted) or saved.finished:
        return
    game = saved.game
    tracked = _Tracked(
        variant_key(game.settings),
        saved.game_id or new_game_id(),
        saved.counted,
        saved.finished,
        game.score,
        game.moves,
        saved.elapsed,
        game.won,
        saved.opened_at,
        saved.replaced,
        played=True,
        helped=saved.helped,
    )
    store.update_stats(lambda variants: _catch_up(variants, tracked, leaving=True))


def _stored_options(settings: dict[str, Any]) -> dict[str, str]:
    """Each game's options kept in ``settings``, those it offers only; an older version's
    settings (a game's own keys, such as Klondike's draw) are read by the game's page."""
    stored = settings.get("options")
    kept: dict[str, str] = {}
    for page in pages():
        offered = {option_set.options for option_set in engine.option_sets_of(engine.variant_of(page.game))}
        value = stored.get(page.game) if isinstance(stored, dict) else page.stored_options(settings)
        if isinstance(value, str) and value in offered:
            kept[page.game] = value
    return kept
