"""Importing statistics: asked first, a copy kept that one button restores, both
writes or neither, and words that say what happened."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine.daily import EPOCH
from tests.ui.saving import Failing
from ui.model.daily import DayResult, Records, record, records_to_dict
from ui.model.i18n import again, use_language
from ui.model.stats import VARIANT_KEYS, VariantStats
from ui.model.stats_import import Imported, export_data, export_text, read_export
from ui.model.stats_transfer import (
    RESTORED_KEY,
    has_backup,
    import_question,
    import_records,
    reset_stats,
    restore_records,
)
from ui.model.storage import DAILY_KEY, IMPORT_BACKUP_KEY, STATS_KEY, MemoryBackend, Store

NOW = "2026-12-07T01:30:00+00:00"
MINE = {"KL-D1N": VariantStats(played=40, won=12, recent=[[1, 300]]).to_dict()}
MY_DAYS: Records = {"KL1-D1N": {"2026-03-01": DayResult(True, 300.0, 120), "2026-03-02": DayResult(False)}}


def fresh_export(exported: str = "2026-11-30T08:00:00+00:00") -> str:
    """A fresh device's export: nothing played."""
    return json.dumps(export_data({}, exported, {}))


def player_store(backend: MemoryBackend) -> Store:
    store = Store(backend)
    assert store.save_stats(MINE)
    assert store.save_daily(MY_DAYS)
    return store


def before(backend: MemoryBackend) -> tuple[str | None, str | None]:
    return backend.items.get(STATS_KEY), backend.items.get(DAILY_KEY)


def test_an_import_of_a_fresh_device_s_export_can_be_taken_back() -> None:
    """It wiped every statistic and daily record, with no question and no copy."""
    backend = MemoryBackend()
    store = player_store(backend)
    kept = before(backend)
    outcome = import_records(store, read_export(fresh_export()), NOW)
    assert outcome.done
    assert store.load_stats() == {}
    assert store.load_daily() == {}
    assert has_backup(store)
    assert "Restore the statistics from before the import" in outcome.message
    restored = restore_records(store)
    assert restored.done
    assert restored.message == "The statistics from before the import are back."
    assert store.load_stats() == MINE
    assert store.load_daily() == MY_DAYS
    assert not has_backup(store)
    assert json.loads(before(backend)[0] or "") == json.loads(kept[0] or "")


@pytest.mark.parametrize("fails", [STATS_KEY, DAILY_KEY, IMPORT_BACKUP_KEY])
def test_an_import_with_storage_full_changes_nothing_and_says_so(fails: str) -> None:
    """It said "Statistics imported for 1 game variant." while the statistics write
    failed, and the shorter daily write replaced the daily records."""
    backend = Failing()
    store = player_store(backend)
    kept = before(backend)
    backend.failing = {fails}
    file = read_export(json.dumps(export_data({"SP-S1": VariantStats(played=1).to_dict()}, NOW, {})))
    outcome = import_records(store, file, NOW)
    assert not outcome.done
    assert before(backend) == kept
    assert "imported for" not in outcome.message
    assert "Nothing was imported" in outcome.message
    assert "Storage is full" in outcome.message
    assert not has_backup(store)


def test_a_storage_full_notice_is_said_before_the_result_not_replaced() -> None:
    backend = Failing()
    store = player_store(backend)
    backend.failing = {"solitaire.v1.game"}
    store._write("solitaire.v1.game", "{}")  # a game's save failed: the notice waits for the player
    outcome = import_records(store, read_export(fresh_export()), NOW)
    assert outcome.done
    assert outcome.message.startswith("Storage is full: progress is not being saved.")
    # The game's own save still fails: that the statistics could be written is no reason to say so.
    assert "Saving works again." not in outcome.message
    assert "Statistics imported for 0 game variants." in outcome.message


def test_a_failed_import_keeps_the_earlier_import_s_copy() -> None:
    backend = Failing()
    store = player_store(backend)
    assert import_records(store, read_export(fresh_export()), NOW).done
    copy = backend.items[IMPORT_BACKUP_KEY]
    backend.failing = {DAILY_KEY}
    assert not import_records(store, read_export(fresh_export()), NOW).done
    assert backend.items[IMPORT_BACKUP_KEY] == copy
    backend.failing = set()
    assert restore_records(store).done
    assert store.load_stats() == MINE
    assert store.load_daily() == MY_DAYS


def test_restore_with_storage_full_changes_nothing() -> None:
    backend = Failing()
    store = player_store(backend)
    assert import_records(store, read_export(fresh_export()), NOW).done
    imported = before(backend)
    backend.failing = {DAILY_KEY}
    outcome = restore_records(store)
    assert not outcome.done
    assert "Nothing was restored" in outcome.message
    assert before(backend) == imported
    assert has_backup(store)


class Countdown(MemoryBackend):
    """A storage whose writes fail from the ``left``-th on (and work again when ``back``)."""

    def __init__(self, left: int, back: int) -> None:
        super().__init__()
        self.left, self.back = left, back

    def setItem(self, key: str, value: str) -> None:
        self.left -= 1
        self.back -= 1
        if self.left < 0 <= self.back:
            raise RuntimeError("QuotaExceededError")
        super().setItem(key, value)


@given(st.integers(0, 6), st.integers(0, 6), st.booleans())
def test_an_import_writes_everything_or_nothing_or_says_how_to_restore(left: int, span: int, daily: bool) -> None:
    backend = Countdown(1000, 0)
    store = player_store(backend)
    kept = before(backend)
    backend.left, backend.back = left, left + span
    file: dict[str, Any] = export_data({"SP-S1": VariantStats(played=2).to_dict()}, NOW, {})
    if not daily:
        del file["daily"]
    outcome = import_records(store, read_export(json.dumps(file)), NOW)
    after = before(backend)
    if outcome.done:
        assert json.loads(after[0] or "")["variants"] == file["variants"]
        assert after[1] == (json.dumps({"version": 1, "games": {}}, separators=(",", ":")) if daily else kept[1])
    elif "half-way" not in outcome.message:
        assert after == kept
    if has_backup(store):  # whatever happened, the copy brings back the player's own
        backend.left, backend.back = 1000, 0
        restored = restore_records(store)
        assert restored.done
        assert store.load_stats() == MINE
        assert store.load_daily() == MY_DAYS


def test_the_question_says_what_is_replaced_and_the_file_s_date() -> None:
    with_daily = read_export(fresh_export())
    assert with_daily.exported == datetime.date(2026, 11, 30)
    question = import_question(with_daily)
    assert "statistics of every game and your daily deal results" in question
    assert "November 30, 2026" in question
    older = Imported({}, None, None)
    question = import_question(older)
    assert "does not say when" in question
    assert "yours are kept" in question
    english = import_question(with_daily)
    use_language("th")
    try:
        assert "2569" in import_question(with_daily)  # the Buddhist year
        assert "2569" in again(english)  # the question shown follows a change of language
    finally:
        use_language("en")


def test_export_names_its_date() -> None:
    assert export_data({}, NOW, {})["exported"] == NOW
    assert read_export(json.dumps(export_data({}, NOW, {}))).exported == datetime.date(2026, 12, 7)
    assert records_to_dict({}) == {}


def test_a_restore_keeps_what_it_replaces() -> None:
    """Games played between an import and its restore are set aside, not lost."""
    backend = MemoryBackend()
    store = player_store(backend)
    assert import_records(store, read_export(fresh_export()), NOW).done
    since = {"SP-S1": VariantStats(played=3).to_dict()}
    assert store.save_stats(since)
    assert restore_records(store, NOW).done
    assert store.load_stats() == MINE
    assert read_export(backend.items[RESTORED_KEY]).variants == since


@given(
    st.one_of(
        st.text(max_size=60), st.integers(), st.none(), st.sampled_from(["0001-01-01", "9999-12-31T23:59:59+14:00"])
    )
)
def test_any_export_date_gives_a_question(exported: object) -> None:
    """The question is asked of any sound file, whatever its ``exported`` holds."""
    file = read_export(json.dumps({"kind": "solitaire-statistics", "exported": exported, "variants": {}}))
    question = import_question(file)
    assert question.startswith("Replace the statistics of every game")
    assert (file.exported is None) == ("does not say when" in question)


def test_an_export_of_every_day_of_the_table_is_imported_back() -> None:
    """Indented, six years of every game's won days made a file too large to import."""
    days: Records = {}
    for prefix in engine.DAILY_GAMES.values():
        day = EPOCH
        while day <= engine.last_day():
            record(days, prefix, day, DayResult(True, 1234.5, 321))
            day += datetime.timedelta(days=1)
    variants = {key: VariantStats(played=10**6, won=10**5, recent=[[1, 700]] * 20).to_dict() for key in VARIANT_KEYS}
    assert read_export(export_text(variants, NOW, days)) == Imported(variants, days, datetime.date(2026, 12, 7))


@pytest.mark.parametrize("fails", [IMPORT_BACKUP_KEY, DAILY_KEY])
def test_a_failed_import_leaves_nothing_unsaved(fails: str) -> None:
    """The key whose import write failed stayed "unsaved" for good: the player read
    "progress is not being saved" while the game saved, "Saving works again" never
    came, and a later real failure was never said."""
    backend = Failing()
    store = player_store(backend)
    backend.failing = {fails}
    file = read_export(json.dumps(export_data({"SP-S1": VariantStats(played=1).to_dict()}, NOW, {})))
    outcome = import_records(store, file, NOW)
    assert not outcome.done
    assert "progress is not being saved" not in outcome.message
    assert outcome.message.endswith("Storage is full.")
    assert not store.unsaved(fails)
    backend.failing = {"solitaire.v1.game"}
    assert not store._write("solitaire.v1.game", "{}")
    assert store.take_notices() == ["Storage is full: progress is not being saved."]
    backend.failing = set()
    assert store._write("solitaire.v1.game", "{}")
    assert store.take_notices() == ["Saving works again."]


def test_a_rollback_that_removes_its_key_leaves_it_saved() -> None:
    backend = Failing()
    store = player_store(backend)
    backend.failing = {DAILY_KEY}
    assert not store.save_daily(MY_DAYS)
    assert store.unsaved(DAILY_KEY)
    assert store.put_back(DAILY_KEY, None)
    assert not store.unsaved(DAILY_KEY)
    assert store.take_notices()[-1] == "Saving works again."


def backups(backend: MemoryBackend) -> list[str]:
    return [value for key, value in backend.items.items() if key.startswith(RESTORED_KEY)]


def test_a_second_import_keeps_the_player_s_own_statistics_to_restore() -> None:
    """A second import wrote its copy (the first file's figures) over the first's:
    the player's own statistics were gone for good."""
    backend = MemoryBackend()
    store = player_store(backend)
    first = {"SP-S1": VariantStats(played=7).to_dict()}
    assert import_records(store, read_export(json.dumps(export_data(first, NOW, {}))), NOW).done
    outcome = import_records(store, read_export(fresh_export()), NOW)
    assert outcome.done
    assert "from before the first import" in outcome.message
    assert [read_export(raw).variants for raw in backups(backend)] == [first]
    assert restore_records(store, NOW).done
    assert store.load_stats() == MINE
    assert store.load_daily() == MY_DAYS
    assert first in [read_export(raw).variants for raw in backups(backend)]


def test_each_restore_keeps_what_it_replaced_beside_the_others() -> None:
    """Each restore wrote what it replaced over what the last one had kept."""
    backend = MemoryBackend()
    store = player_store(backend)
    kept = []
    for played in (3, 5):
        assert import_records(store, read_export(fresh_export()), NOW).done
        since = {"SP-S1": VariantStats(played=played).to_dict()}
        assert store.save_stats(since)
        assert restore_records(store, NOW).done
        kept.append(since)
    assert [read_export(raw).variants for raw in backups(backend)] == kept


def test_a_reset_that_could_not_be_written_says_so() -> None:
    """It said "Statistics were reset for every game." while the old figures stayed."""
    backend = Failing()
    store = player_store(backend)
    backend.failing = {STATS_KEY}
    outcome = reset_stats(store)
    assert not outcome.done
    assert outcome.message == "Nothing was reset: your statistics are unchanged. Storage is full."
    assert store.load_stats() == MINE
    assert not store.unsaved(STATS_KEY)  # the figures there are the player's: nothing waits to be written
    backend.failing = set()
    outcome = reset_stats(store)
    assert outcome.done
    assert outcome.message == "Statistics were reset for every game."
    assert store.load_stats() == {}
    assert store.load_daily() == MY_DAYS
