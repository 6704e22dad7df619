"""Saving to the browser's storage without ever breaking the game.

Everything is kept under versioned keys. Each read is checked; whatever cannot
be used is reported as a short notice for the player, kept aside under a backup
key (so a save written by a newer version is not destroyed), and replaced by
what can be salvaged. Writes that fail (full quota, storage disabled) are
reported once and never raise.

Pure Python: the backend is anything with ``getItem``, ``setItem`` and
``removeItem`` (the browser's ``localStorage``, or a dict-backed fake in tests).

>>> store = Store(MemoryBackend())
>>> store.save_settings({"game": "SD", "suits": 2})
True
>>> store.load_settings()
{'game': 'SD', 'suits': 2}
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import engine
from engine import safejson
from engine.game import MAX_SAVE_CHARS
from ui.model.daily import MAX_DAILY_CHARS, Records, read_records, records_to_dict
from ui.model.hashlink import quoted
from ui.model.help_kinds import help_text, read_help
from ui.model.i18n import N_, _
from ui.model.stats import MAX_ID_CHARS, MAX_STATS_CHARS, MAX_STATS_DEPTH
from ui.model.stats_import import read_variants

__all__ = [
    "DAILY_KEY",
    "GAME_KEY",
    "IMPORT_BACKUP_KEY",
    "SAVE_VERSION",
    "SETTINGS_KEY",
    "STATS_KEY",
    "Backend",
    "MemoryBackend",
    "SavedGame",
    "Store",
]

SAVE_VERSION = 1
PREFIX = "solitaire"
SETTINGS_KEY = f"{PREFIX}.v{SAVE_VERSION}.settings"
GAME_KEY = f"{PREFIX}.v{SAVE_VERSION}.game"
STATS_KEY = f"{PREFIX}.v{SAVE_VERSION}.stats"
DAILY_KEY = f"{PREFIX}.v{SAVE_VERSION}.daily"
BACKUP_PREFIX = f"{PREFIX}.backup."
IMPORT_BACKUP_KEY = f"{PREFIX}.v{SAVE_VERSION}.before-import"
"""The statistics and daily results an import replaced, as an export's text (see ``ui.model.stats_transfer``)."""
MAX_REASON_CHARS = 200
"""The most characters of the engine's reason a notice about the saved game repeats."""
MAX_BACKUPS = 100
"""The most values set aside per key; beyond them a value stays where it is."""
MAX_ELAPSED = 10.0**8
"""The longest clock read back: three years of play."""
MAX_OPENED_AT = 10**6
"""The largest move number a game can have been opened at (links hold at most 5,000 moves)."""
MAX_REVISION = 10**9
"""The most actions a game can have had (far more than any game is played)."""

_LIMITS: dict[str, tuple[int, int]] = {
    # key: (most characters, deepest nesting) read back, checked before parsing
    SETTINGS_KEY: (10_000, 3),  # the item, its settings, each game's options
    GAME_KEY: (2 * MAX_SAVE_CHARS, 1),
    STATS_KEY: (MAX_STATS_CHARS, MAX_STATS_DEPTH),
    DAILY_KEY: (MAX_DAILY_CHARS, 4),  # the item, its games, their days, a day's result
}


class Backend(Protocol):
    """The part of the Web Storage API we use (hence its camelCase names)."""

    def getItem(self, key: str) -> str | None: ...

    def setItem(self, key: str, value: str) -> None: ...

    def removeItem(self, key: str) -> None: ...


class MemoryBackend:
    """A dict-backed stand-in for ``localStorage`` (tests, or storage disabled)."""

    def __init__(self, items: dict[str, str] | None = None, quota: int | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})
        self.quota = quota

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise QuotaExceeded("QuotaExceededError: the storage quota is full")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


class QuotaExceeded(Exception):
    """Raised by MemoryBackend like the browser raises QuotaExceededError."""


def _token(value: object) -> str:
    """An id read back: short ASCII letters and digits, or "" for anything else."""
    if isinstance(value, str) and 0 < len(value) <= MAX_ID_CHARS and value.isascii() and value.isalnum():
        return value
    return ""


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game in progress as it was saved."""

    game: engine.Game
    elapsed: float = 0.0
    counted: bool = False
    """True once the game counted as played in the statistics."""
    finished: bool = False
    """True once its result (won or lost) went into the statistics."""
    game_id: str = ""
    """Names this game in the statistics, so that it is never counted twice; its
    browser-history entry carries it too (see ``ui.model.progress``)."""
    owner: str = ""
    """The tab that wrote the save (see ``ui.model.tabs``)."""
    opened_at: int = 0
    """The move at which it was opened from a shared record (0: played from the deal)."""
    replaced: str = ""
    """The id of the unfinished game it replaced (Undo brings that one back)."""
    played: bool = False
    """True once a move was played in it: the statistics owe it its start (and its
    result) until ``counted`` (and ``finished``) say they have them."""
    revision: int = 0
    """How many actions it has had: of two copies of a game, the later one has more."""
    helped: tuple[str, ...] = ()
    """The kinds of help taken in it (``ui.model.help_kinds``; empty: none, as in older saves)."""


_SAVED = {
    "game": N_("game"),
    "settings": N_("settings"),
    "statistics": N_("statistics"),
    "daily": N_("daily deal results"),
}
"""What a saved item is called in the notices about it."""


@dataclass
class Store:
    """Versioned, checked access to the browser storage."""

    backend: Backend | None
    notices: list[str] = field(default_factory=list)
    """Short messages for the player about storage problems, oldest first."""
    today: Callable[[], datetime.date | None] = lambda: None
    """The player's calendar day (None: not known), which bounds the days recorded
    and imported (the stored ones are read whatever the clock says)."""
    full: bool = False
    """True when the last write that failed failed for a full quota (not disabled storage)."""
    _failing: set[str] = field(default_factory=set)
    """The keys whose last write failed: saving works again only once none is left
    (a small write, the unchanged settings, may fit a full quota the game does not)."""
    _told_failing: bool = False
    """The player was told that saving fails, and not yet that it works again."""
    _held: set[str] = field(default_factory=set)
    """The keys whose stored value, as last read, has damaged parts that found no room
    to go aside: written over (by the clean set), those parts would be lost, so a
    write of the key fails as a full quota's does until a read sets them aside."""

    # ------------------------------------------------------------- raw access

    def _read(self, key: str) -> str | None:
        if self.backend is None:
            return None
        try:
            value = self.backend.getItem(key)
        except Exception:  # noqa: BLE001 - a disabled or broken storage must not stop the game
            self._storage_unavailable()
            return None
        # A missing key is JS null, which Pyodide may hand over as a null object
        # rather than None: anything but a string is "nothing saved".
        return value if isinstance(value, str) else None

    def _write(self, key: str, value: str, quiet: bool = False) -> bool:
        """Write ``value`` under ``key``; True when written. A failure is reported once
        and the key counts as unsaved until written, unless ``quiet``: a backup
        (``keep_beside``) and an import's writes (and its copies) are said by their
        callers' words, and leave nothing unsaved when they fail, since what was there
        before stays."""
        if self.backend is None:
            return False
        try:
            if key in self._held:
                raise QuotaExceeded("QuotaExceededError: no room to set the stored value aside first")
            self.backend.setItem(key, value)
        except Exception as error:  # noqa: BLE001 - quota or disabled storage: report, keep playing
            self.full = "quota" in str(error).lower()
            if quiet:
                # A backup or an import's copy is written once, never again: its failure is
                # said by the notice of what could not be set aside (or by the import's
                # words), and it cannot hold back "Saving works again" (nor make a later one
                # false), or keep "progress is not being saved" standing while the game saves fine.
                return False
            self._failing.add(key)
            if not self._told_failing:
                self._told_failing = True
                if "quota" in str(error).lower():
                    self.notices.append(_("Storage is full: progress is not being saved."))
                else:
                    self._storage_unavailable()
            return False
        self._settled(key)
        return True

    def _settled(self, key: str) -> None:
        """``key`` holds what it should: it no longer holds back "Saving works again"."""
        self._failing.discard(key)
        if self._told_failing and not self._failing:
            self._told_failing = False
            self.notices.append(_("Saving works again."))

    def unsaved(self, key: str) -> bool:
        """True while the last write of ``key`` failed."""
        return key in self._failing

    def _storage_unavailable(self) -> None:
        message = _("Storage is unavailable in this browser: progress will not be kept after you leave.")
        if message not in self.notices:
            self.notices.append(message)

    def _set_aside(self, key: str, raw: str, why: str, held: str = "") -> bool:
        """Keep an unusable value under a backup key so nothing is destroyed, and tell
        the player (``why``); True when the value is safe in the backup.

        Once it is safe in the backup it leaves its own key, so that the next start
        does not trip over it (and repeat the notice) again. An earlier backup is
        never written over: a different value goes beside it (``backup.KEY.2``, ...),
        and one already kept is not written again. A value that cannot be put aside
        (storage full) stays where it is, and the player is told ``held`` instead
        (when given): ``why`` would say it was set aside."""
        safe = self.keep_beside(key, raw)
        if safe and self.backend is not None:
            try:
                self.backend.removeItem(key)
            except Exception:  # noqa: BLE001 - see _read
                self._storage_unavailable()
        told = why if safe or not held else held
        if safe or told not in self.notices:  # every read tries again: a value held is said once
            self.notices.append(told)
        return safe

    def _free_backup(self, key: str, raw: str) -> str | None:
        """Where ``raw`` goes aside: the first backup key of ``key`` that holds nothing,
        or "" when one already holds ``raw``; None when all ``MAX_BACKUPS`` are taken or
        storage cannot be read (the value then stays where it is)."""
        for number in range(1, MAX_BACKUPS + 1):
            name = BACKUP_PREFIX + key + ("" if number == 1 else f".{number}")
            if self.backend is None:
                return None
            try:
                kept = self.backend.getItem(name)
            except Exception:  # noqa: BLE001 - see _read
                self._storage_unavailable()
                return None
            if not isinstance(kept, str):
                return name
            if kept == raw:
                return ""
        return None

    def _load_json(self, key: str, thing: str) -> Any:
        return self._load_raw_json(key, thing)[1]

    def _load_raw_json(self, key: str, thing: str) -> tuple[str, Any]:
        """The item as read (set aside whole when part of it is bad later) and its
        checked JSON (None when there is none, or it was set aside)."""
        what = _(_SAVED[thing])
        raw = self._read(key)
        if raw is None:
            return "", None
        max_chars, max_depth = _LIMITS[key]
        try:
            data = safejson.loads(raw, max_chars=max_chars, max_depth=max_depth, lenient=True)
        except safejson.JSONLimitError:
            self._set_aside(key, raw, _("Your saved {what} could not be read and was set aside.").format(what=what))
            return raw, None
        if not isinstance(data, dict):
            self._set_aside(
                key, raw, _("Your saved {what} was not in a known format and was set aside.").format(what=what)
            )
            return raw, None
        version = data.get("version")
        if version != SAVE_VERSION:
            if isinstance(version, int) and version > SAVE_VERSION:
                why = _("Your saved {what} comes from a newer version of the game; it was set aside.")
            else:
                why = _("Your saved {what} has an unknown format and was set aside.")
            why = why.format(what=what)
            self._set_aside(key, raw, why)
            return raw, None
        return raw, data

    # --------------------------------------------------------------- settings

    def load_settings(self) -> dict[str, Any]:
        data = self._load_json(SETTINGS_KEY, "settings")
        if data is None:
            return {}
        settings = data.get("settings")
        if not isinstance(settings, dict):
            self.notices.append(_("Your saved settings were incomplete; the defaults are used."))
            return {}
        return settings

    def save_settings(self, settings: dict[str, Any]) -> bool:
        return self._write(SETTINGS_KEY, json.dumps({"version": SAVE_VERSION, "settings": settings}))

    # ------------------------------------------------------------------- game

    def save_game(self, saved: SavedGame, game_json: str | None = None) -> bool:
        """Save the game in progress (``game_json``: its ``to_json()``, when already made)."""
        data = {
            "version": SAVE_VERSION,
            "game": game_json or saved.game.to_json(),
            "record": saved.game.record(),
            "elapsed": round(saved.elapsed, 3),
            "counted": saved.counted,
            "finished": saved.finished,
            "id": saved.game_id,
            "owner": saved.owner,
            "opened_at": saved.opened_at,
            "replaced": saved.replaced,
            "played": saved.played,
            "revision": saved.revision,
            "helped": help_text(saved.helped),
        }
        return self._write(GAME_KEY, json.dumps(data, separators=(",", ":")))

    def load_game(self) -> SavedGame | None:
        """The saved game, or what can be salvaged of it, or None."""
        # The save as read is what goes aside, however many of its parts are bad: once
        # set aside it has left its key, which holds nothing to read again.
        raw, data = self._load_raw_json(GAME_KEY, "game")
        if data is None:
            return None
        elapsed = data.get("elapsed", 0.0)
        if type(elapsed) not in (int, float) or not 0 <= elapsed <= MAX_ELAPSED:
            # Infinity or an absurd figure would break the clock on every frame.
            self._set_aside(GAME_KEY, raw, _("Your saved game's clock could not be read: it starts from 0:00."))
            elapsed = 0.0
        counted = data.get("counted") is True
        finished = data.get("finished") is True
        game_id = _token(data.get("id"))
        owner = _token(data.get("owner"))
        opened_at = data.get("opened_at")
        if type(opened_at) is not int or not 0 <= opened_at <= MAX_OPENED_AT:
            opened_at = 0
        replaced = _token(data.get("replaced"))
        played = data.get("played") is True or counted  # saves from before the flag: counted means played
        revision = data.get("revision")
        if type(revision) is not int or not 0 <= revision <= MAX_REVISION:
            revision = 0
        helped = read_help(data.get("helped"))  # older saves have none; a bad value reads as none
        text = data.get("game")
        try:
            if not isinstance(text, str):
                raise engine.SaveError("the game is missing")
            game = engine.from_json(text)
        except (engine.SaveError, engine.CodeError, engine.IllegalMove) as error:
            salvaged = self._salvage(data.get("record"))
            if salvaged is None:
                # The engine's reason quotes the bad part of the save, which may be huge.
                reason = quoted(str(error), MAX_REASON_CHARS)
                self._set_aside(
                    GAME_KEY, raw, _("Your saved game could not be restored ({reason}).").format(reason=reason)
                )
                return None
            self._set_aside(
                GAME_KEY,
                raw,
                _("Your saved game was damaged: it was rebuilt from its moves, without its undo history."),
            )
            game = salvaged
        return SavedGame(
            game, float(elapsed), counted, finished, game_id, owner, opened_at, replaced, played, revision, helped
        )

    def saved_owner(self) -> str:
        """The tab that wrote the saved game ("" when none is known); reads nothing
        else, and never reports or sets aside anything."""
        return self.saved_copy()[0]

    def saved_copy(self) -> tuple[str, str, int]:
        """Whose copy of which game is saved: (the tab that wrote it, the game's id,
        its revision); ("", "", 0) when none is known. Like ``saved_owner``, it never
        reports or sets aside anything."""
        raw = self._read(GAME_KEY)
        if raw is None:
            return "", "", 0
        try:
            data = safejson.loads(raw, max_chars=_LIMITS[GAME_KEY][0], max_depth=1, lenient=True)
        except safejson.JSONLimitError:
            return "", "", 0
        if not isinstance(data, dict):
            return "", "", 0
        revision = data.get("revision")
        if type(revision) is not int or not 0 <= revision <= MAX_REVISION:
            revision = 0
        return _token(data.get("owner")), _token(data.get("id")), revision

    @staticmethod
    def _salvage(record: object) -> engine.Game | None:
        """Replay as much of a game record as is valid."""
        if not isinstance(record, str) or not record.strip():
            return None
        code, *moves = record.split()
        try:
            game = engine.new_game(code)
        except engine.CodeError:
            return None
        for move in moves:
            try:
                game.play(move)
            except engine.IllegalMove:
                break
        return game

    # ------------------------------------------------------------ statistics

    def load_stats(self) -> dict[str, Any]:
        self._held.discard(STATS_KEY)
        raw, data = self._load_raw_json(STATS_KEY, "statistics")
        if data is None:
            return {}
        variants = data.get("variants")
        if not isinstance(variants, dict):
            self.notices.append(_("Your saved statistics were incomplete and were reset."))
            return {}
        kept, problems = read_variants(variants)
        if not problems:
            return kept
        if self._set_aside(
            STATS_KEY,
            raw,
            _("Some of your saved statistics were damaged: those figures were set aside, the rest are kept."),
            _(
                "Some of your saved statistics were damaged: those figures are not used, and they stay "
                "in storage, which has no room to set them aside."
            ),
        ):
            # Written back clean at once, so that the notice is not repeated on every read;
            # only once the original is safe in its backup, never in its place.
            self.save_stats(kept)
        else:
            self._held.add(STATS_KEY)
        return kept

    def save_stats(self, variants: dict[str, Any], quiet: bool = False) -> bool:
        """Write the statistics (``quiet``: see ``_write``); True when written."""
        return self._write(STATS_KEY, json.dumps({"version": SAVE_VERSION, "variants": variants}), quiet)

    def update_stats(self, change: Callable[[dict[str, Any]], None]) -> bool:
        """Read the statistics fresh, change them, write them back at once; True
        when they were written.

        Reading right before writing is what lets two open tabs both add their
        results: each update starts from what the other tab last wrote.
        """
        variants = self.load_stats()
        change(variants)
        return self.save_stats(variants)

    # ----------------------------------------------------------- daily deals

    def load_daily(self) -> Records:
        """Every daily deal result; a damaged one is set aside with a notice, the rest kept."""
        self._held.discard(DAILY_KEY)
        raw, data = self._load_raw_json(DAILY_KEY, "daily")
        if data is None:
            return {}
        # Only the table bounds what is read: a day after tomorrow was written while
        # the clock was right, if today's clock is set back, and must not be lost.
        kept, wrong = read_records(data.get("games"))
        if not wrong:
            return kept
        if self._set_aside(
            DAILY_KEY,
            raw,
            _("Some of your daily deal results were damaged: those days were set aside, the rest are kept."),
            _(
                "Some of your daily deal results were damaged: those days are not used, and they stay "
                "in storage, which has no room to set them aside."
            ),
        ):
            self.save_daily(kept)  # written back clean, the original safe in its backup: the notice is not repeated
        else:
            self._held.add(DAILY_KEY)
        return kept

    def save_daily(self, records: Records, quiet: bool = False) -> bool:
        """Write the daily results (``quiet``: see ``_write``); True when written."""
        data = {"version": SAVE_VERSION, "games": records_to_dict(records)}
        return self._write(DAILY_KEY, json.dumps(data, separators=(",", ":")), quiet)

    def update_daily(self, change: Callable[[Records], bool]) -> bool:
        """Read the daily results fresh, change them, and write them back when
        ``change`` says it changed something (two tabs both keep their results);
        True when nothing is left unwritten."""
        records = self.load_daily()
        return not change(records) or self.save_daily(records)

    def put_back(self, key: str, raw: str | None) -> bool:
        """Write ``raw`` under ``key`` again as it was read (None: remove the key): an
        import's rollback, said by its own words (a quiet write). Once done, the key
        holds what it held, and nothing of it is left unsaved."""
        if raw is not None:
            return self._write(key, raw, quiet=True)
        if self.backend is None:
            return False
        try:
            self.backend.removeItem(key)
        except Exception:  # noqa: BLE001 - see _read
            self._storage_unavailable()
            return False
        self._settled(key)
        return True

    def keep_beside(self, key: str, raw: str) -> bool:
        """Keep ``raw`` under the first free backup key of ``key`` (as a value set
        aside is: no earlier copy written over, one already kept not written again);
        True when it is kept. Said by its caller's words, not by a notice."""
        backup = self._free_backup(key, raw)
        return backup is not None and (backup == "" or self._write(backup, raw, quiet=True))

    def read_raw(self, key: str) -> str | None:
        """The text stored under ``key`` as it is (None: nothing)."""
        return self._read(key)

    def take_notices(self) -> list[str]:
        notices, self.notices = self.notices, []
        return notices
