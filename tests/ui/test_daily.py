"""The daily deal's records: what a day and a streak count, how records are read
back and merged, and how the keeper records the daily game on the table."""

from __future__ import annotations

import datetime
import json
from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine.daily import EPOCH, daily_deals
from engine.solver import solve
from tests.ui.saving import Clock
from ui.model.daily import (
    DayResult,
    Records,
    Streaks,
    daily_figures,
    daily_hash,
    day_kept,
    day_label,
    day_state,
    month_weeks,
    read_records,
    record,
    records_to_dict,
    share_text,
    streaks,
    win_line,
    win_streaks,
    won_days,
)
from ui.model.daily_keeper import DailyKeeper
from ui.model.i18n import use_language
from ui.model.persist import Keeper
from ui.model.session import Session
from ui.model.stats_import import export_data, read_export
from ui.model.storage import DAILY_KEY, MemoryBackend, Store

DAY = datetime.date(2026, 3, 10)
days_strategy = st.sets(st.integers(min_value=0, max_value=60), max_size=40)


def as_days(offsets: set[int]) -> set[datetime.date]:
    return {EPOCH + datetime.timedelta(days=n) for n in offsets}


def longest_run(won: set[datetime.date]) -> int:
    """The best streak counted the slow way: every start, walked forward."""
    best = 0
    for start in won:
        n = 0
        while start + datetime.timedelta(days=n) in won:
            n += 1
        best = max(best, n)
    return best


@given(days_strategy, st.integers(min_value=0, max_value=70))
def test_streaks_count_runs_of_won_days(offsets: set[int], today_offset: int) -> None:
    won = as_days(offsets)
    today = EPOCH + datetime.timedelta(days=today_offset)
    result = streaks(won, today)
    assert result.best == longest_run(won)
    assert 0 <= result.current <= result.best
    yesterday = today - datetime.timedelta(days=1)
    if today in won or yesterday in won:
        assert result.current > 0
    if won and max(won) < yesterday:
        assert result.current == 0


@given(days_strategy, st.integers(min_value=0, max_value=60), st.integers(min_value=-30, max_value=30))
def test_a_clock_set_wrong_never_lowers_the_best_streak(offsets: set[int], extra: int, shift: int) -> None:
    """Winning another day never shortens a streak, and what today is (a clock set
    back or forward) never changes the best one."""
    won = as_days(offsets)
    today = EPOCH + datetime.timedelta(days=70)
    before = streaks(won, today)
    after = streaks(won | as_days({extra}), today)
    assert after.best >= before.best
    assert after.current >= before.current or before.current == 0
    assert streaks(won, today + datetime.timedelta(days=shift)).best == before.best


def test_a_clock_set_back_keeps_the_current_streak() -> None:
    won = as_days({10, 11, 12})
    assert streaks(won, EPOCH + datetime.timedelta(days=12)).current == 3
    assert streaks(won, EPOCH + datetime.timedelta(days=5)).current == 3  # set back a week
    assert streaks(won, EPOCH + datetime.timedelta(days=13)).current == 3  # today not yet won
    assert streaks(won, EPOCH + datetime.timedelta(days=14)).current == 0  # a whole day passed


results = st.one_of(
    st.just(DayResult(False)),
    st.builds(DayResult, st.just(True), st.integers(1, 10_000).map(float), st.integers(1, 2_000)),
)


@given(st.lists(st.tuples(st.integers(0, 20), results), max_size=30))
def test_a_recorded_win_is_never_lost_and_the_best_win_is_kept(plays: list[tuple[int, DayResult]]) -> None:
    records: Records = {}
    for offset, result in plays:
        day = EPOCH + datetime.timedelta(days=offset)
        record(records, "SP1-S1", day, result)
        kept = records["SP1-S1"][day.isoformat()]
        assert kept.better(result) == kept
    for offset in {offset for offset, _ in plays}:
        day_results = [r for o, r in plays if o == offset]
        kept = records["SP1-S1"][(EPOCH + datetime.timedelta(days=offset)).isoformat()]
        assert kept.won == any(r.won for r in day_results)
        if kept.won:
            assert kept.seconds == min(r.seconds for r in day_results if r.won)
    again, wrong = read_records(json.loads(json.dumps(records_to_dict(records))))
    assert wrong == 0
    assert again == {k: v for k, v in records.items() if v}


def test_damaged_records_are_dropped_one_by_one() -> None:
    data = {
        "KL1-D1N": {
            "2026-03-01": [1, 300, 120],
            "2026-03-02": [0],
            "2025-12-31": [1, 30, 12],  # before the first daily deal
            "2026-13-01": [1, 30, 12],
            "2026-03-03": [1, float("inf"), 12],
            "2026-03-04": [1, 30, 0],
            "2026-03-05": [True, 30, 12],
            "2026-03-06": [0, 5, 5],
        },
        "KL1-D3N": {"2026-03-01": [0]},  # not a daily option set
        "SD1-S2": "nonsense",
    }
    kept, wrong = read_records(data)
    assert kept == {"KL1-D1N": {"2026-03-01": DayResult(True, 300.0, 120), "2026-03-02": DayResult(False)}}
    assert wrong == 8


def test_a_damaged_daily_record_is_set_aside_with_a_notice() -> None:
    raw = json.dumps({"version": 1, "games": {"KL1-D1N": {"2026-03-01": [1, 300, 120], "2026-03-02": [7]}}})
    backend = MemoryBackend({DAILY_KEY: raw})
    store = Store(backend)
    assert store.load_daily() == {"KL1-D1N": {"2026-03-01": DayResult(True, 300.0, 120)}}
    notices = store.take_notices()
    assert len(notices) == 1
    assert "daily" in notices[0]
    assert backend.items["solitaire.backup." + DAILY_KEY] == raw
    assert store.load_daily() == {"KL1-D1N": {"2026-03-01": DayResult(True, 300.0, 120)}}
    assert store.take_notices() == []  # written back clean: said once
    backend.items[DAILY_KEY] = "{not json"
    assert store.load_daily() == {}
    assert store.take_notices()


def test_the_figures_and_the_calendar_states() -> None:
    records: Records = {}
    record(records, "KL1-D1N", DAY, DayResult(True, 250.0, 100))
    record(records, "KL1-D1N", DAY - datetime.timedelta(days=1), DayResult(True, 200.0, 90))
    record(records, "KL1-D1N", DAY - datetime.timedelta(days=3), DayResult(False))
    figures = daily_figures(records, "KL1-D1N", DAY)
    assert (figures.played, figures.won, figures.streaks.current, figures.streaks.best) == (3, 2, 2, 2)
    assert figures.fastest == 200.0
    assert dict(figures.rows())["Current streak"] == "2 days"
    assert daily_figures(records, "SP1-S1", DAY).rows()[-1] == ("Fastest win", "–")
    at = records["KL1-D1N"].get
    assert day_state(DAY, DAY, at(DAY.isoformat())) == "won"
    assert day_state(DAY - datetime.timedelta(days=3), DAY, at("2026-03-07")) == "played"
    assert day_state(DAY - datetime.timedelta(days=2), DAY, None) == "unplayed"
    assert day_state(DAY + datetime.timedelta(days=1), DAY, None) == "future"
    assert day_state(EPOCH - datetime.timedelta(days=1), DAY, None) == "before"
    assert (
        day_state(engine.last_day() + datetime.timedelta(days=1), engine.last_day() + datetime.timedelta(days=9), None)
        == "before"
    )
    label = day_label("Tuesday, 10 March 2026", "won", at(DAY.isoformat()), is_today=True)
    assert label == "Tuesday, 10 March 2026, today: won in 100 moves, 4:10"


def test_the_month_grid_starts_on_sunday() -> None:
    for year, month in ((2026, 2), (2026, 3), (2027, 5), (2031, 12)):
        weeks = month_weeks(year, month)
        days = [day for week in weeks for day in week if day is not None]
        assert all(len(week) == 7 for week in weeks)
        assert days[0] == datetime.date(year, month, 1)
        assert [d.day for d in days] == list(range(1, len(days) + 1))
        assert all(day is None or day.isoweekday() % 7 == column for week in weeks for column, day in enumerate(week))


def test_the_win_summary_says_the_streak_with_the_day_just_won() -> None:
    day = datetime.date(2026, 12, 3)
    # The summary may come before the win's record is written: the day counts all the same.
    assert win_streaks({}, "KL1-D1N", day, day) == Streaks(1, 1)
    records: Records = {"KL1-D1N": {"2026-12-02": DayResult(True, 60.0, 90)}}
    assert win_streaks(records, "KL1-D1N", day, day) == Streaks(2, 2)
    assert win_streaks(records, "FC1-F4", day, day) == Streaks(1, 1), "each game its own streak"
    line = win_line("December 3, 2026", Streaks(1, 1))
    assert line == "You won the daily deal of December 3, 2026.\nStreak: 1 day in a row."
    assert win_line("December 3, 2026", Streaks(2, 4)).endswith("Streak: 2 days in a row. Best streak: 4 days.")
    try:
        use_language("km")
        khmer = win_line("3 ធ្នូ 2026", Streaks(1, 3))
        assert "Streak" not in khmer
        assert "1 ថ្ងៃ" in khmer
        assert "3 ថ្ងៃ" in khmer
    finally:
        use_language("en")


def test_share_text_names_the_day_and_result_but_not_the_deal() -> None:
    result = DayResult(True, 252.0, 131)
    text = share_text("3 December 2026", "KL1-D1N", result, 4, "https://example.org/solitaire/")
    assert text.splitlines() == [
        "Solitaire daily deal, 3 December 2026",
        "Klondike: won in 131 moves, 4:12",
        "Without help",
        "Streak: 4 days",
        "https://example.org/solitaire/",
    ]
    helped = share_text("3 December 2026", "KL1-D1N", result, 4, "", helped=True)
    assert helped.splitlines()[2] == "With help"
    code = daily_deals(datetime.date(2026, 12, 3))["Klondike"]
    assert code not in text
    assert code.rpartition("-")[2] not in text
    try:
        use_language("th")
        thai = share_text("3 ธันวาคม 2569", "KL1-D1N", result, 1, "", helped=True)
        assert "คลอนไดก์" in thai
        assert "help" not in thai
        assert "Streak" not in thai
        assert "won" not in thai
    finally:
        use_language("en")


def test_the_daily_link_opens_today_s_klondike_deal() -> None:
    today = datetime.date(2026, 12, 3)
    assert daily_hash("#daily", today) == "#" + daily_deals(today)["Klondike"]
    assert daily_hash("#DAILY", today) == daily_hash("#daily", today)
    assert daily_hash("#SP1-S1-AAAAAAB", today) == "#SP1-S1-AAAAAAB"
    assert daily_hash("#daily", EPOCH - datetime.timedelta(days=1)) == "#daily"


@cache
def winning_line(code: str) -> tuple[str, ...]:
    solution = solve(engine.new_game(code), seconds=30)
    assert solution.status == "winnable"
    return tuple(str(move) for move in solution.moves)


def keeper_on(code: str, store: Store, opened_at: int = 0) -> tuple[Session, Clock]:
    clock = Clock()
    session = Session(engine.new_game(code), clock=clock)
    keeper = Keeper(session, store, opened_at=opened_at)
    DailyKeeper(session, store, lambda: keeper.opened_at, lambda: keeper.active)
    return session, clock


def test_the_keeper_records_a_daily_deal_played_then_won_and_nothing_else() -> None:
    day = datetime.date(2026, 1, 2)
    code = daily_deals(day)["FreeCell"]
    line = winning_line(code)
    store = Store(MemoryBackend())
    session, clock = keeper_on(code, store)
    assert store.load_daily() == {}  # nothing played yet
    session.play(line[0])
    assert store.load_daily() == {"FC1-F4": {"2026-01-02": DayResult(False)}}
    for move in line[1:]:
        clock.now += 1.0
        session.play(move)
    assert session.game.won
    kept = store.load_daily()["FC1-F4"]["2026-01-02"]
    assert kept.won
    assert kept.moves == session.game.moves
    session.undo()  # a win undone stays recorded
    assert store.load_daily()["FC1-F4"]["2026-01-02"] == kept
    # The ordinary statistics count it too.
    assert store.load_stats()["FC-F4"]["won"] == 1
    # A random deal records nothing.
    other = Store(MemoryBackend())
    session, _clock = keeper_on("FC1-F4-1", other)
    session.play(winning_line("FC1-F4-1")[0])
    assert other.load_daily() == {}


def test_a_daily_deal_opened_at_a_later_move_counts_as_played_only() -> None:
    code = daily_deals(datetime.date(2026, 1, 2))["FreeCell"]
    line = winning_line(code)
    store = Store(MemoryBackend())
    clock = Clock()
    game = engine.new_game(code)
    for move in line[:-1]:
        game.play(move)
    session = Session(game, clock=clock)
    keeper = Keeper(session, store, opened_at=game.moves)
    DailyKeeper(session, store, lambda: keeper.opened_at, lambda: keeper.active)
    session.play(line[-1])
    assert session.game.won
    assert store.load_daily() == {"FC1-F4": {"2026-01-02": DayResult(False)}}


def test_two_tabs_both_keep_their_days() -> None:
    backend = MemoryBackend()
    first, second = Store(backend), Store(backend)
    codes = [daily_deals(datetime.date(2026, 1, n))["FreeCell"] for n in (1, 2)]
    one, _ = keeper_on(codes[0], first)
    two, _ = keeper_on(codes[1], second)
    one.play(winning_line(codes[0])[0])
    two.play(winning_line(codes[1])[0])
    assert set(Store(backend).load_daily()["FC1-F4"]) == {"2026-01-01", "2026-01-02"}


def test_daily_results_travel_with_the_statistics_export() -> None:
    records: Records = {}
    record(records, "SD1-S2", DAY, DayResult(True, 99.5, 200))
    record(records, "FC1-F4", DAY, DayResult(False))
    text = json.dumps(export_data({}, "2026-03-10T10:00:00+00:00", records))
    imported = read_export(text)
    assert imported.daily == records
    older = json.dumps({"kind": "solitaire-statistics", "version": 1, "variants": {}})
    assert read_export(older).daily is None  # a file from before the daily deal keeps the player's


@pytest.mark.parametrize("day", ["9999-12-31", "2099-06-01", "2500-01-01", "2032-01-01", "2025-12-31"])
def test_a_day_with_no_deal_is_set_aside_with_a_notice(day: str) -> None:
    """A won day outside the table's days (stored by hand) never reaches the
    streaks: 9999-12-31 made them raise."""
    raw = json.dumps({"version": 1, "games": {"KL1-D1N": {"2026-03-01": [1, 300, 120], day: [1, 30, 12]}}})
    backend = MemoryBackend({DAILY_KEY: raw})
    store = Store(backend, today=lambda: DAY)
    records = store.load_daily()
    assert records == {"KL1-D1N": {"2026-03-01": DayResult(True, 300.0, 120)}}
    assert len(store.take_notices()) == 1
    assert backend.items["solitaire.backup." + DAILY_KEY] == raw
    assert daily_figures(records, "KL1-D1N", DAY).played == 1


def test_a_clock_set_back_loses_no_recorded_day() -> None:
    """Days after tomorrow were set aside as "damaged" and removed from storage by a
    clock set back: set right again, the streak did not come back."""
    right = DAY + datetime.timedelta(days=10)
    raw = json.dumps(
        {
            "version": 1,
            "games": {"KL1-D1N": {(right - datetime.timedelta(days=n)).isoformat(): [1, 30, 12] for n in range(3)}},
        }
    )
    backend = MemoryBackend({DAILY_KEY: raw})
    back = Store(backend, today=lambda: DAY)
    records = back.load_daily()
    assert back.take_notices() == []
    assert backend.items[DAILY_KEY] == raw
    figures = daily_figures(records, "KL1-D1N", DAY)
    assert (figures.played, figures.won, figures.streaks) == (0, 0, Streaks(0, 0))
    assert won_days(records, "KL1-D1N", DAY) == set()
    # A result recorded meanwhile keeps the later days beside it.
    assert back.update_daily(lambda r: record(r, "KL1-D1N", DAY, DayResult(True, 50.0, 20), DAY))
    assert len(back.load_daily()["KL1-D1N"]) == 4
    again = Store(backend, today=lambda: right)
    assert daily_figures(again.load_daily(), "KL1-D1N", right).streaks == Streaks(3, 3)


def test_tomorrow_is_kept_for_a_deal_shared_from_a_time_zone_ahead() -> None:
    tomorrow = DAY + datetime.timedelta(days=1)
    records: Records = {}
    assert record(records, "KL1-D1N", tomorrow, DayResult(True, 30.0, 12), DAY)
    assert not record(records, "KL1-D1N", tomorrow + datetime.timedelta(days=1), DayResult(True, 30.0, 12), DAY)
    assert read_records(json.loads(json.dumps(records_to_dict(records))), DAY) == (records, 0)


def test_an_import_with_a_day_out_of_range_is_refused() -> None:
    text = json.dumps(export_data({}, "2026-03-10T10:00:00+00:00"))[:-1]
    text += ', "daily": {"KL1-D1N": {"9999-12-31": [1, 30, 12]}}}'
    with pytest.raises(ValueError, match="daily deal results"):
        read_export(text, DAY)


@given(st.floats(min_value=0, max_value=1e12, allow_nan=False), st.integers(1, 10**8))
def test_every_clock_the_writer_writes_is_read_back(seconds: float, moves: int) -> None:
    """10^8 + 12.5 s was written, then refused at the next read."""
    records: Records = {}
    assert record(records, "KL1-D1N", DAY, DayResult(True, seconds, moves))
    again, wrong = read_records(json.loads(json.dumps({"version": 1, **records_to_dict(records)})))
    assert wrong == 1  # the version, not a game
    assert again == records


def any_day() -> st.SearchStrategy[datetime.date]:
    return st.one_of(
        st.dates(),
        st.dates(EPOCH - datetime.timedelta(days=3), engine.last_day() + datetime.timedelta(days=3)),
        st.sampled_from([datetime.date.min, datetime.date.max]),
    )


stored_result = st.one_of(
    st.lists(st.one_of(st.integers(-2, 2), st.floats(), st.booleans(), st.text(max_size=3)), max_size=4),
    st.tuples(st.just(1), st.floats(-1, 1e12), st.integers(-5, 10**7)).map(list),
    st.just([0]),
)


@given(
    st.dictionaries(
        st.sampled_from([*engine.DAILY_GAMES.values(), "XX"]),
        st.dictionaries(st.one_of(any_day().map(datetime.date.isoformat), st.text(max_size=12)), stored_result),
    ),
    any_day(),
)
def test_nothing_worked_out_from_stored_records_raises(games: dict[str, Any], today: datetime.date) -> None:
    """Any stored records, any today: the figures, streaks, calendar and share text
    of what the store keeps are worked out without an exception."""
    store = Store(MemoryBackend({DAILY_KEY: json.dumps({"version": 1, "games": games})}), today=lambda: today)
    records = store.load_daily()
    for prefix in engine.DAILY_GAMES.values():
        figures = daily_figures(records, prefix, today)
        assert figures.rows()
        assert 0 <= figures.streaks.current <= figures.streaks.best <= figures.won <= figures.played
        for key, result in records.get(prefix, {}).items():
            day = datetime.date.fromisoformat(key)
            assert day_kept(day)
            state = day_state(day, today, result)
            assert day_label(key, state, result, day == today)
            assert any(day in week for week in month_weeks(day.year, day.month))
            if result.won:
                assert share_text(key, prefix, result, figures.streaks.current, "")
    for days in games.values():  # streaks of any days at all, bounded or not
        if isinstance(days, dict):
            won = {datetime.date.fromisoformat(k) for k in days if _iso(k)}
            assert streaks(won, today).best <= len(won)


def _iso(text: str) -> bool:
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def test_the_month_grid_of_the_last_month_python_has() -> None:
    weeks = month_weeks(9999, 12)
    assert weeks[-1][-1] is None or weeks[-1][-1] == datetime.date(9999, 12, 31)
    assert datetime.date(9999, 12, 31) in weeks[-1]


def test_the_keeper_records_no_day_the_reader_would_set_aside() -> None:
    """A future day's deal typed in (its code is a daily one) is played like any deal,
    but records no day after tomorrow: the next read would set it aside with a notice."""
    code = daily_deals(datetime.date(2026, 1, 5))["FreeCell"]
    store = Store(MemoryBackend(), today=lambda: datetime.date(2026, 1, 2))
    session, _clock = keeper_on(code, store)
    session.play(winning_line(code)[0])
    assert store.load_daily() == {}
    assert store.take_notices() == []
    tomorrow = Store(MemoryBackend(), today=lambda: datetime.date(2026, 1, 4))
    session, _clock = keeper_on(code, tomorrow)
    session.play(winning_line(code)[0])
    assert tomorrow.load_daily() == {"FC1-F4": {"2026-01-05": DayResult(False)}}
    assert tomorrow.take_notices() == []
