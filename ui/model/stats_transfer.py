"""Importing a statistics file, and undoing it.

An import replaces the statistics of every variant and, when the file has them,
the daily deal's results. So the Stats dialog asks first (``import_question``,
which says what is replaced and the file's date), and the import:

- keeps what it replaces under ``IMPORT_BACKUP_KEY``, as an export's text, so
  that one button brings it back (``restore_records``); nothing is imported
  unless that copy was written. A second import before a restore leaves that copy
  (the player's own statistics, from before the first import) as the one restored,
  and keeps what it replaced beside it (``RESTORED_KEY``, ``RESTORED_KEY.2``, ...):
  no copy is ever written over;
- restores, in turn, keeping what the restore replaces beside those copies;
- writes the statistics and the daily results together, both or neither: when
  the second write fails, the first gets its earlier text back;
- says what happened, a write that failed included (never success then), after
  any notice the store had for the player, which it does not replace.

Pure Python, over a ``Store``.

>>> from ui.model.storage import MemoryBackend, Store
>>> from ui.model.stats_import import read_export
>>> store = Store(MemoryBackend())
>>> _ = store.save_stats({"KL-D1N": {"played": 4}})
>>> file = read_export('{"kind": "solitaire-statistics", "variants": {}, "daily": {}}')
>>> print(import_records(store, file, "2026-12-07T01:00:00+00:00").message[:80])
Statistics imported for 0 game variants. Daily deal results imported for 0 days.
>>> store.load_stats(), has_backup(store)
({}, True)
>>> print(restore_records(store).message)
The statistics from before the import are back.
>>> store.load_stats()["KL-D1N"]["played"], has_backup(store)
(4, False)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from ui.model.daily import Records
from ui.model.dates import date_words
from ui.model.i18n import _, joined, later, ngettext
from ui.model.stats_import import Imported, ImportRefused, export_data, read_export
from ui.model.storage import BACKUP_PREFIX, IMPORT_BACKUP_KEY, STATS_KEY, Store

__all__ = [
    "RESTORED_KEY",
    "Transfer",
    "has_backup",
    "import_question",
    "import_records",
    "reset_stats",
    "restore_records",
]

RESTORED_KEY = BACKUP_PREFIX + IMPORT_BACKUP_KEY
"""The first of the copies kept beside the import's (what a restore or a second
import replaced, as an export's text), kept like anything set aside: the next goes
to ``RESTORED_KEY.2``, and so on, none written over."""


@dataclass(frozen=True, slots=True)
class Transfer:
    """What an import or a restore did: ``done`` when everything was written, and
    the words for the player (after the store's own notices)."""

    done: bool
    message: str


Written = Literal["done", "unchanged", "half"]
"""Both writes made; neither (what was there stays); or the first, which could not be undone."""


def has_backup(store: Store) -> bool:
    """True when an import's backup is there to restore."""
    return store.read_raw(IMPORT_BACKUP_KEY) is not None


def import_question(imported: Imported) -> str:
    """What the Stats dialog asks before an import: what it replaces, and from what
    date the file is (an export's ``exported`` date, when the file has one)."""
    if imported.exported is None:
        if imported.daily is None:
            what = _(
                "Replace the statistics of every game with this file's? The file does not say when it was "
                "exported. It has no daily deal results: yours are kept."
            )
        else:
            what = _(
                "Replace the statistics of every game and your daily deal results with this file's? "
                "The file does not say when it was exported."
            )
    else:
        exported = imported.exported
        day = later(lambda: date_words(exported))  # written again, Buddhist year and all, in another language
        if imported.daily is None:
            what = _(
                "Replace the statistics of every game with this file's, exported on {date}? "
                "It has no daily deal results: yours are kept."
            ).format(date=day)
        else:
            what = _(
                "Replace the statistics of every game and your daily deal results with this file's, exported on {date}?"
            ).format(date=day)
    return joined(" ", [what, _("A copy of what it replaces is kept: you can restore it afterwards.")])


def _replace(store: Store, variants: dict[str, Any], daily: Records | None) -> Written:
    """Write the statistics and (unless None) the daily results: both or neither.

    The statistics go first; when the daily write then fails, they get their earlier
    text back. That fits: it stood beside the earlier daily results, still there."""
    before = store.read_raw(STATS_KEY)
    # Quiet writes: a failure leaves what was there, and the import's words say so.
    if not store.save_stats(variants, quiet=True):
        return "unchanged"
    if daily is None or store.save_daily(daily, quiet=True):
        return "done"
    return "unchanged" if store.put_back(STATS_KEY, before) else "half"


def _said(store: Store, message: str, done: bool) -> Transfer:
    # The store's notices first (a record set aside, storage full): the result follows
    # them and never replaces them.
    return Transfer(done, joined(" ", [*store.take_notices(), message]))


def _not_written(store: Store, nothing: str) -> str:
    """``nothing``, and why: storage full or unavailable (unless the store's own
    notice, said first, already says so)."""
    full = _("Storage is full: progress is not being saved.")
    unavailable = _("Storage is unavailable in this browser: progress will not be kept after you leave.")
    if str(full) in store.notices or str(unavailable) in store.notices:
        return nothing
    return joined(" ", [nothing, _("Storage is full.") if store.full else _("Storage is unavailable in this browser.")])


def reset_stats(store: Store) -> Transfer:
    """Reset the statistics of every game (the Stats dialog's Reset, once confirmed):
    done only when written; otherwise the figures stay, and the words say so and why
    (a failed write was answered "Statistics were reset for every game.")."""
    if store.save_stats({}, quiet=True):  # quiet: the words below say what happened
        return _said(store, _("Statistics were reset for every game."), True)
    nothing = _("Nothing was reset: your statistics are unchanged.")
    return _said(store, _not_written(store, nothing), False)


def import_records(store: Store, imported: Imported, now: str) -> Transfer:
    """Replace the statistics (and the daily results, when the file has them) with a
    checked file's, keeping a copy of what they replace (``now``: its time, ISO)."""
    variants, daily = store.load_stats(), store.load_daily()  # what is there, checked
    first = store.read_raw(IMPORT_BACKUP_KEY) is None
    backup = json.dumps(export_data(variants, now, daily), separators=(",", ":"))
    nothing = _("Nothing was imported: your statistics and daily deal results are unchanged.")
    # A second import before a restore keeps the first's copy as the one restored: it
    # holds the player's own statistics, which a player restoring wants back. What the
    # second replaced (the first file's, and games since) goes beside it, not over it.
    kept = store.put_back(IMPORT_BACKUP_KEY, backup) if first else store.keep_beside(IMPORT_BACKUP_KEY, backup)
    if not kept:
        return _said(store, _not_written(store, nothing), False)
    written = _replace(store, imported.variants, imported.daily)
    if written == "unchanged":
        if first:
            store.put_back(IMPORT_BACKUP_KEY, None)  # nothing was replaced: there is nothing to restore
        return _said(store, _not_written(store, nothing), False)
    if written == "half":
        message = _(
            "The import stopped half-way and could not be undone: press “Restore the statistics from "
            "before the import” to bring them back."
        )
        return _said(store, _not_written(store, message), False)
    n = len(imported.variants)
    parts = [
        ngettext("Statistics imported for {n} game variant.", "Statistics imported for {n} game variants.", n).format(
            n=n
        )
    ]
    if imported.daily is None:
        parts.append(_("The file has no daily deal results: yours are kept."))
    else:
        days = sum(len(results) for results in imported.daily.values())
        parts.append(
            ngettext(
                "Daily deal results imported for {n} day.", "Daily deal results imported for {n} days.", days
            ).format(n=days)
        )
    if first:
        parts.append(_("“Restore the statistics from before the import” brings back what they replaced."))
    else:
        parts.append(
            _(
                "“Restore the statistics from before the import” brings back yours from before the first "
                "import; a copy of what this one replaced is kept too."
            )
        )
    return _said(store, joined(" ", parts), True)


def restore_records(store: Store, now: str = "") -> Transfer:
    """Put back what the first import not yet restored replaced (both or neither).
    What the restore replaces in turn (games played since the import, say) is kept
    too, beside the earlier copies (``RESTORED_KEY``, ``RESTORED_KEY.2``, ...):
    nothing is lost."""
    raw = store.read_raw(IMPORT_BACKUP_KEY)
    if raw is None:
        return _said(store, _("There is nothing to restore: no import replaced the statistics here."), False)
    try:
        # The player's own copy: a day after tomorrow in it was stored as the store keeps it.
        kept = read_export(raw)
    except ImportRefused:
        # Left where it is: a later version may read it.
        return _said(store, _("The statistics from before the import could not be read: nothing was changed."), False)
    nothing = _("Nothing was restored: your statistics and daily deal results are unchanged.")
    replaced = json.dumps(export_data(store.load_stats(), now, store.load_daily()), separators=(",", ":"))
    # Beside the earlier copies, never over them (each restore wrote over the last one's).
    if not store.keep_beside(IMPORT_BACKUP_KEY, replaced):
        return _said(store, _not_written(store, nothing), False)
    written = _replace(store, kept.variants, kept.daily)
    if written == "unchanged":  # the copy kept stays: it is what is still there
        return _said(store, _not_written(store, nothing), False)
    if written == "half":
        message = _("Restoring stopped half-way and could not be undone: press the button again to finish it.")
        return _said(store, _not_written(store, message), False)
    store.put_back(IMPORT_BACKUP_KEY, None)
    return _said(store, _("The statistics from before the import are back."), True)
