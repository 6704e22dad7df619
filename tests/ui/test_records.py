"""Honest records: wins with help (a hint, an undo to the last winnable position) are
kept apart from wins without, the streak without help counts only the latter, and
the help taken in a game is kept with it wherever it goes (save, history entry)."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.daily import daily_deals
from engine.solver import solve
from tests.engine.spider_players import play_greedy
from tests.ui.saving import CODE, WON_CODE, setup, stats
from ui.model.daily import DayResult, read_records, record, records_to_dict, share_text
from ui.model.daily_keeper import DailyKeeper
from ui.model.help_kinds import help_line, read_help, with_help
from ui.model.i18n import use_language
from ui.model.persist import Keeper, abandon, resume, saved_from_entry
from ui.model.progress import Entry
from ui.model.session import Session
from ui.model.stats import VariantStats
from ui.model.stats_chart import figures
from ui.model.stats_import import ImportRefused, export_text, read_import
from ui.model.stats_record import come_back, finish_game, leave_game, start_game
from ui.model.storage import DAILY_KEY, GAME_KEY, MemoryBackend, SavedGame, Store

KEY = "KL-D1N"


def figures_of(variants: dict[str, Any]) -> VariantStats:
    return VariantStats.from_dict(variants[KEY])


def win(variants: dict[str, Any], game: str, *, helped: bool) -> None:
    start_game(variants, KEY, game)
    finish_game(variants, KEY, won=True, score=10, seconds=60.0, moves=90, game=game, helped=helped)


# ------------------------------------------------------------------ the figures


def test_a_win_with_help_counts_as_won_continues_the_streak_and_ends_the_one_without() -> None:
    variants: dict[str, Any] = {}
    win(variants, "g1", helped=False)
    win(variants, "g2", helped=False)
    s = figures_of(variants)
    assert (s.won, s.won_helped, s.current_streak, s.streak_alone, s.best_streak_alone) == (2, 0, 2, 2, 2)
    win(variants, "g3", helped=True)
    s = figures_of(variants)
    assert (s.won, s.won_helped, s.won_alone) == (3, 1, 2)
    assert (s.current_streak, s.best_streak, s.streak_alone, s.best_streak_alone) == (3, 3, 0, 2)
    win(variants, "g4", helped=False)
    s = figures_of(variants)
    assert (s.current_streak, s.streak_alone, s.best_streak_alone) == (4, 1, 2)


def test_a_win_with_help_still_sets_the_bests() -> None:
    variants: dict[str, Any] = {}
    start_game(variants, KEY, "g1")
    finish_game(variants, KEY, won=True, score=700, seconds=90.0, moves=100, game="g1", helped=True)
    s = figures_of(variants)
    assert (s.best_score, s.fastest_win, s.fewest_moves) == (700, 90.0, 100)


def test_a_loss_ends_both_streaks() -> None:
    variants: dict[str, Any] = {}
    win(variants, "g1", helped=False)
    start_game(variants, KEY, "g2")
    finish_game(variants, KEY, won=False, score=0, seconds=9.0, moves=3, game="g2")
    s = figures_of(variants)
    assert (s.current_streak, s.streak_alone, s.best_streak, s.best_streak_alone) == (0, 0, 1, 1)


def test_a_game_left_and_brought_back_gives_both_streaks_back() -> None:
    variants: dict[str, Any] = {}
    win(variants, "g1", helped=True)
    win(variants, "g2", helped=False)
    start_game(variants, KEY, "g3")
    assert leave_game(variants, KEY, "g3", score=0, seconds=5.0, moves=2)
    s = figures_of(variants)
    assert (s.current_streak, s.streak_alone) == (0, 0)
    assert s.left == [["g3", 0, 2, 1]]
    assert come_back(variants, KEY, "g3")
    s = figures_of(variants)
    assert (s.current_streak, s.streak_alone) == (2, 1)


def test_wins_with_help_since_a_game_was_left_keep_the_streak_without_help_where_it_is() -> None:
    variants: dict[str, Any] = {}
    win(variants, "g1", helped=False)
    start_game(variants, KEY, "g2")
    leave_game(variants, KEY, "g2", score=0, seconds=5.0, moves=2)
    win(variants, "g3", helped=True)
    win(variants, "g4", helped=False)
    come_back(variants, KEY, "g2")
    s = figures_of(variants)
    # The streak goes on over the loss taken back; the one without help starts after g3.
    assert (s.current_streak, s.streak_alone, s.best_streak_alone) == (3, 1, 1)


def test_a_game_left_before_the_streak_without_help_was_kept_comes_back_as_counted_then() -> None:
    old = {"played": 3, "won": 2, "best_streak": 2, "recent": [[1, 5], [1, 5], [0, 0]], "left": [["g3", 0, 2]]}
    variants: dict[str, Any] = {KEY: old}
    assert come_back(variants, KEY, "g3")
    s = figures_of(variants)
    assert (s.current_streak, s.streak_alone, s.best_streak_alone) == (2, 2, 2)


def test_figures_from_before_help_was_told_apart_read_as_they_were_recorded() -> None:
    old = {"played": 9, "won": 6, "current_streak": 2, "best_streak": 4, "left": [["g1", 5, 1]]}
    s, problems = VariantStats.read(old, KEY)
    assert not problems
    assert (s.won_helped, s.won_alone, s.streak_alone, s.best_streak_alone) == (0, 6, 2, 4)
    assert s.left == [["g1", 5, 1]]


@pytest.mark.parametrize(
    ("name", "value"),
    [("won_helped", -1), ("streak_alone", "3"), ("best_streak_alone", 10**12), ("won_helped", 1.5)],
)
def test_a_bad_figure_of_help_is_a_problem(name: str, value: object) -> None:
    _s, problems = VariantStats.read({"played": 5, "won": 3, "current_streak": 1, name: value}, KEY)
    assert [p.reason for p in problems] == ["count_range"]
    assert problems[0].values[0] == name


def test_figures_of_help_that_say_more_than_the_whole_are_brought_down() -> None:
    data = {"played": 5, "won": 2, "current_streak": 1, "best_streak": 2}
    s = VariantStats.from_dict({**data, "won_helped": 4, "streak_alone": 3, "best_streak_alone": 9})
    assert (s.won_helped, s.streak_alone, s.best_streak_alone) == (2, 1, 2)


def test_more_wins_than_games_sets_the_figures_of_help_aside_with_the_wins() -> None:
    data = {"played": 1, "won": 3, "won_helped": 1, "current_streak": 3, "streak_alone": 2, "best_streak_alone": 2}
    s, problems = VariantStats.read(data, KEY)
    assert [p.reason for p in problems] == ["won_over_played"]
    assert (s.won, s.won_helped, s.streak_alone, s.best_streak_alone) == (0, 0, 0, 0)


EVENTS = st.lists(st.sampled_from(["win", "helped", "loss", "leave", "back"]), max_size=40)


@settings(max_examples=150, deadline=None)
@given(EVENTS, st.randoms(use_true_random=False))
def test_the_figures_of_help_never_say_more_than_the_whole(events: list[str], rnd: Any) -> None:
    variants: dict[str, Any] = {}
    left: list[str] = []
    for n, event in enumerate(events):
        game = f"g{n}"
        if event in ("win", "helped"):
            win(variants, game, helped=event == "helped")
        elif event == "loss":
            start_game(variants, KEY, game)
            finish_game(variants, KEY, won=False, score=0, seconds=1.0, moves=1, game=game)
        elif event == "leave":
            start_game(variants, KEY, game)
            leave_game(variants, KEY, game, score=0, seconds=1.0, moves=1)
            left.append(game)
        elif left:
            come_back(variants, KEY, left.pop(rnd.randrange(len(left))))
        if KEY not in variants:
            continue
        s = figures_of(variants)
        assert 0 <= s.won_helped <= s.won <= s.played
        assert 0 <= s.streak_alone <= s.current_streak
        assert s.best_streak_alone <= s.best_streak
        assert s.streak_alone <= s.best_streak_alone
        assert s.won_alone == s.won - s.won_helped
        # Read back and written again, nothing changes.
        assert VariantStats.from_dict(s.to_dict()) == s
        if event == "win":
            assert s.streak_alone >= 1
        elif event in ("helped", "loss", "leave"):
            assert s.streak_alone == 0


# ------------------------------------------------------------- import and export


def test_an_exported_file_with_the_figures_of_help_imports_them() -> None:
    variants: dict[str, Any] = {}
    win(variants, "g1", helped=True)
    win(variants, "g2", helped=False)
    imported = read_import(export_text(variants, "2026-12-07T10:00:00+00:00"))
    s = VariantStats.from_dict(imported[KEY])
    assert (s.won, s.won_helped, s.streak_alone, s.best_streak_alone) == (2, 1, 1, 1)


def test_an_exported_file_from_before_the_figures_of_help_imports() -> None:
    old = {"played": 4, "won": 3, "current_streak": 3, "best_streak": 3, "left": [["g9", 1, 0]]}
    text = json.dumps({"kind": "solitaire-statistics", "version": 1, "variants": {KEY: old}})
    s = VariantStats.from_dict(read_import(text)[KEY])
    assert (s.won_helped, s.streak_alone, s.best_streak_alone) == (0, 3, 3)


def test_an_exported_file_with_a_bad_figure_of_help_is_refused() -> None:
    text = json.dumps({"kind": "solitaire-statistics", "variants": {KEY: {"played": 4, "won": 3, "won_helped": -2}}})
    with pytest.raises(ImportRefused) as refused:
        read_import(text)
    assert "won helped" in str(refused.value)


# ----------------------------------------------------------- the game keeps its help


def play_to_a_win(session: Session, winner: engine.Game) -> None:
    for move in winner.record().split()[1:]:
        session.play(move)


def won_line() -> engine.Game:
    winner = engine.new_game(WON_CODE)
    assert play_greedy(winner)  # type: ignore[arg-type]
    return winner


def test_a_game_with_a_hint_is_won_with_help_and_counts_so() -> None:
    winner = won_line()
    session, store, keeper, _clock = setup(WON_CODE)
    session.play(winner.record().split()[1])
    revision = keeper.revision
    keeper.note_help("hint")
    assert keeper.helped == ("hint",)
    assert keeper.revision == revision + 1, "the copy with the help is the newer one"
    saved = store.load_game()
    assert saved is not None
    assert saved.helped == ("hint",)
    keeper.note_help("hint")
    assert keeper.revision == revision + 1, "the same help again changes nothing"
    session.undo()
    assert keeper.helped == ("hint",), "an undo does not take the help back"
    session.new_game(WON_CODE)
    assert not keeper.helped, "a new game starts without help"
    keeper.note_help("rewind")
    keeper.note_help("hint")
    assert list(keeper.helped) == ["hint", "rewind"]
    play_to_a_win(session, winner)
    assert session.game.won
    s = stats(store, "SD-S1")
    assert (s.won, s.won_helped, s.current_streak, s.streak_alone) == (1, 1, 1, 0)


def test_a_game_won_without_help_counts_so() -> None:
    winner = won_line()
    session, store, keeper, _clock = setup(WON_CODE)
    play_to_a_win(session, winner)
    s = stats(store, "SD-S1")
    assert (s.won, s.won_helped, s.streak_alone, s.best_streak_alone) == (1, 0, 1, 1)
    assert keeper.helped == ()


def test_a_restart_is_a_new_game_without_help() -> None:
    session, _store, keeper, _clock = setup()
    session.play("t1>f")
    keeper.note_help("hint")
    game_id = keeper.game_id
    session.restart()
    assert keeper.game_id != game_id
    assert keeper.helped == ()


def test_the_help_is_resumed_from_the_save_and_the_entry() -> None:
    winner = won_line()
    session, store, keeper, _clock = setup(WON_CODE)
    session.play(winner.record().split()[1])
    keeper.note_help("rewind")
    saved = store.load_game()
    assert saved is not None
    again = Session(saved.game)
    resumed = resume(again, store, saved)
    assert resumed.helped == ("rewind",)
    entry = Entry.from_state(keeper.entry.to_state())
    assert entry is not None
    assert entry.helped == ("rewind",)
    from_entry = saved_from_entry(entry, saved.game)
    assert from_entry.helped == ("rewind",)
    # The game comes back through its entry after another one: still with help.
    session.new_game(CODE)
    keeper.expect(entry)
    session.load(saved.game)
    assert keeper.helped == ("rewind",)
    for move in winner.record().split()[2:]:
        session.play(move)
    assert session.game.won
    assert stats(store, "SD-S1").won_helped == 1


def test_a_saved_game_left_by_a_link_at_start_up_keeps_its_help_for_its_win() -> None:
    winner = won_line()
    store = Store(MemoryBackend())
    saved = SavedGame(engine.replay(winner.record()), 30.0, game_id="won1", played=True, helped=("hint",))
    abandon(store, saved)
    s = stats(store, "SD-S1")
    assert (s.won, s.won_helped) == (1, 1)


def test_a_save_keeps_the_help_and_older_or_damaged_saves_have_none() -> None:
    backend = MemoryBackend()
    store = Store(backend)
    game = engine.replay(f"{CODE} t1>f")
    store.save_game(SavedGame(game, 3.0, game_id="a1", played=True, helped=("hint", "rewind")))
    saved = store.load_game()
    assert saved is not None
    assert saved.helped == ("hint", "rewind")
    data = json.loads(backend.items[GAME_KEY])
    for value in (None, 7, 2.5, "teach me", "x" * 300):
        if value is None:
            data.pop("helped", None)
        else:
            data["helped"] = value
        backend.setItem(GAME_KEY, json.dumps(data))
        again = store.load_game()
        assert again is not None
        assert again.helped == (), value
        assert again.game.record() == game.record()


def test_an_entry_keeps_the_help_and_older_or_damaged_entries_have_none() -> None:
    entry = Entry.of(engine.replay(f"{CODE} t1>f"), "a1", played=True, revision=2, helped=("hint",))
    assert Entry.from_state(entry.to_state()) == entry
    head, _newline, game = entry.to_state().partition("\n")
    fields = json.loads(head)
    for value in (None, 3, "nonsense", "hint hint"):
        if value is None:
            fields.pop("helped")
        else:
            fields["helped"] = value
        read = Entry.from_state(json.dumps(fields) + "\n" + game)
        assert read is not None
        assert read.helped == (("hint",) if value == "hint hint" else ())


def test_a_tab_that_stepped_aside_takes_no_help() -> None:
    session, store, keeper, _clock = setup()
    session.play("t1>f")
    keeper.step_aside()
    keeper.note_help("hint")
    assert keeper.helped == ()
    saved = store.load_game()
    assert saved is not None
    assert saved.helped == ()


# ------------------------------------------------------------------------ words


def test_the_summary_and_the_share_say_whether_help_was_taken() -> None:
    assert help_line(()) == "Won without help"
    assert help_line(("hint",)) == "Won with help: hints"
    assert help_line(("rewind",)) == "Won with help: undo to the last winnable position"
    result = DayResult(True, 60.0, 90)
    assert "Without help" in share_text("1 March 2026", "KL1-D1N", result, 1, "").splitlines()
    assert "With help" in share_text("1 March 2026", "KL1-D1N", result, 1, "", helped=True).splitlines()
    try:
        for language in ("th", "km"):
            use_language(language)
            words = [help_line(()), help_line(("hint", "rewind")), share_text("x", "KL1-D1N", result, 1, "")]
            assert not any("help" in text or "hint" in text for text in words), words
    finally:
        use_language("en")


def test_the_statistics_show_the_wins_and_the_best_streak_without_help() -> None:
    s = VariantStats(played=5, won=4, won_helped=3, current_streak=4, best_streak=4, best_streak_alone=1)
    rows = [label for label, _value in figures(KEY, s)]
    assert rows.index("Won without help") == rows.index("Games won") + 1
    assert rows.index("Best streak without help") == rows.index("Best streak") + 1
    values = dict(figures(KEY, s))
    assert (values["Won without help"], values["Best streak without help"]) == ("1", "1")


def test_help_kinds_read_and_add() -> None:
    assert with_help((), "hint") == ("hint",)
    assert with_help(("rewind",), "hint") == ("hint", "rewind")
    assert read_help("rewind") == ("rewind",)
    assert read_help(["hint"]) == ()


def test_keeper_takes_help_from_its_arguments() -> None:
    session = Session(engine.new_game(CODE))
    keeper = Keeper(session, Store(MemoryBackend()), game_id="k1", played=True, helped=("hint",))
    assert keeper.entry.helped == ("hint",)


# ------------------------------------------------------------------- the daily deal


def test_a_daily_win_with_help_is_recorded_so_and_a_win_without_help_replaces_it() -> None:
    day = datetime.date(2026, 1, 2)
    code = daily_deals(day)["FreeCell"]
    solution = solve(engine.new_game(code), seconds=30)
    assert solution.status == "winnable"
    line = [str(move) for move in solution.moves]
    backend = MemoryBackend()
    store = Store(backend)
    session = Session(engine.new_game(code), clock=lambda: 0.0)
    keeper = Keeper(session, store)
    DailyKeeper(session, store, lambda: keeper.opened_at, lambda: keeper.active, lambda: bool(keeper.helped))
    session.play(line[0])
    keeper.note_help("hint")
    for move in line[1:]:
        session.play(move)
    assert session.game.won
    kept = store.load_daily()["FC1-F4"][day.isoformat()]
    assert (kept.won, kept.helped) == (True, True)
    stored = json.loads(backend.items[DAILY_KEY])
    assert stored["games"]["FC1-F4"][day.isoformat()][3] == 1
    # The same day won again without help, even more slowly, is the better result.
    records = store.load_daily()
    assert record(records, "FC1-F4", day, DayResult(True, kept.seconds + 60.0, kept.moves + 9))
    assert not records["FC1-F4"][day.isoformat()].helped


def test_daily_records_from_before_the_flag_are_wins_without_help_and_bad_flags_are_dropped() -> None:
    day = "2026-03-01"
    read, wrong = read_records({"KL1-D1N": {day: [1, 300, 120]}})
    assert (read["KL1-D1N"][day].helped, wrong) == (False, 0)
    read, wrong = read_records({"KL1-D1N": {day: [1, 300, 120, 1]}})
    assert (read["KL1-D1N"][day].helped, wrong) == (True, 0)
    for bad in ([1, 300, 120, 2], [1, 300, 120, True], [1, 300, 120, 1, 1], [0, 1]):
        read, wrong = read_records({"KL1-D1N": {day: bad}})
        assert (read, wrong) == ({}, 1), bad
    again, _ = read_records(records_to_dict({"KL1-D1N": {day: DayResult(True, 30.0, 12, helped=True)}}))
    assert again["KL1-D1N"][day].helped
