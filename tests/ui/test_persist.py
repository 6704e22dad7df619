"""The keeper saves every action and keeps the statistics honest."""

from __future__ import annotations

import pytest

import engine
from tests.engine.spider_players import play_greedy
from tests.ui.saving import CODE, WON_CODE, Clock, Failing, setup, stats
from ui.model.hashlink import LinkError
from ui.model.persist import Keeper, abandon, choose_start, preferences_from, preferences_to
from ui.model.session import Preferences, Session
from ui.model.stats import VariantStats
from ui.model.storage import GAME_KEY, STATS_KEY, MemoryBackend, SavedGame, Store
from ui.model.tabs import on_storage


def test_every_action_is_saved_with_its_clock_and_undo_history() -> None:
    session, store, _, clock = setup()
    session.play("s")
    clock.now = 12.0
    session.play("t1>f")
    saved = store.load_game()
    assert saved is not None
    assert saved.game.to_json() == session.game.to_json()
    assert saved.elapsed == pytest.approx(12.0)
    session.undo()
    saved = store.load_game()
    assert saved is not None
    assert saved.game.record() == f"{CODE} s"


def test_refused_moves_change_nothing() -> None:
    session, store, _, _ = setup()
    session.play("t2>t1")
    assert store.load_game() is None
    assert store.load_stats() == {}


def test_a_game_counts_from_its_first_move_and_once() -> None:
    session, store, _, _ = setup()
    session.new_game("KL1-D1N-AAAAAAB")
    assert stats(store).played == 0, "a game without a move is not counted"
    session.play("s")
    session.play("s")
    assert stats(store).played == 1


def test_starting_another_game_counts_the_unfinished_one_as_lost() -> None:
    session, store, _, _ = setup()
    session.play("t1>f")
    session.new_game("SD1-S1-AAAAAAB")
    result = stats(store)
    assert (result.played, result.won, result.recent) == (1, 0, [[0, 10]])
    session.restart()
    assert stats(store, "SD-S1").played == 0


def test_restart_counts_as_a_loss_too() -> None:
    session, store, _, _ = setup()
    session.play("s")
    session.restart()
    assert stats(store).recent == [[0, 0]]


def test_a_win_is_recorded_once_even_after_undo_and_rewin() -> None:
    winner = engine.new_game(WON_CODE)
    assert play_greedy(winner)  # type: ignore[arg-type]
    session, store, _, clock = setup(WON_CODE)
    for move in winner.record().split()[1:]:
        clock.now += 1.0
        session.play(move)
    assert session.game.won
    result = stats(store, "SD-S1")
    assert (result.played, result.won, result.current_streak) == (1, 1, 1)
    assert result.best_score == session.game.score
    assert result.fastest_win == pytest.approx(float(session.game.moves - 1))
    last = session.game.record().split()[-1]
    session.undo()
    session.play(last)
    assert session.game.won
    assert stats(store, "SD-S1").won == 1
    session.new_game(CODE)
    result = stats(store, "SD-S1")
    assert (result.played, len(result.recent)) == (1, 1), "a won game is not counted again as lost"


def test_two_tabs_both_count() -> None:
    backend = MemoryBackend()
    first = Session(engine.new_game(CODE), clock=Clock())
    second = Session(engine.new_game("KL1-D1N-AAAAAAB"), clock=Clock())
    Keeper(first, Store(backend))
    Keeper(second, Store(backend))
    first.play("s")
    second.play("s")
    first.new_game("KL1-D1N-AAAAAAC")
    second.new_game("KL1-D1N-AAAAAAD")
    result = VariantStats.from_dict(Store(backend).load_stats()["KL-D1N"])
    assert (result.played, len(result.recent)) == (2, 2)


def test_preferences_round_trip_and_bad_values_fall_back() -> None:
    prefs = Preferences(game="SP", options={"SP": "S2", "KL": "D3V"}, auto_drop=True)
    assert preferences_from(preferences_to(prefs)) == prefs
    damaged = preferences_from(
        {"game": "XX", "options": {"SP": "S3", "KL": "D3N", "XX": "A"}, "auto_drop": "yes", "unknown": 1}
    )
    assert (damaged.game, damaged.options, damaged.auto_drop) == ("KL", {"KL": "D3N"}, False)


def test_each_games_options_are_stored_and_read_back_without_a_notice() -> None:
    store = Store(MemoryBackend())
    prefs = Preferences(game="FC", options={"KL": "D3V", "FC": "F2"})
    store.save_settings(preferences_to(prefs))
    assert preferences_from(store.load_settings()) == prefs
    assert store.notices == []


def test_an_older_versions_options_are_read_by_each_game() -> None:
    # Before the options were kept per game, settings held draw, scoring, suits and cells.
    older = preferences_from({"game": "SD", "draw": 3, "scoring": "C", "suits": 2, "cells": 5})
    assert older.options == {"KL": "D3C", "SD": "S2", "SP": "S2"}
    assert older.option_set().key == "SD-S2"


def test_choose_start_resumes_on_reload_and_follows_other_links() -> None:
    saved = SavedGame(engine.replay(f"{CODE} s t1>f"), 5.0)
    assert choose_start("", saved) == (None, saved)
    assert choose_start(f"#{CODE}", saved) == (None, saved)
    assert choose_start(f"#{CODE}%20s%20t1%3Ef", saved) == (None, saved)
    game, resumed = choose_start("#KL1-D3V-AAAAAAB", saved)
    assert resumed is None
    assert game is not None
    assert game.code == "KL1-D3V-AAAAAAB"
    game, _ = choose_start(f"#{CODE}%20s", saved)
    assert game is not None
    assert game.record() == f"{CODE} s"
    with pytest.raises(LinkError):
        choose_start("#nonsense", saved)
    with pytest.raises(LinkError) as caught:
        choose_start(f"#{CODE}%20t9%3Et1", None)
    assert caught.value.settings is not None


def test_a_saved_game_replaced_by_a_link_counts_as_lost() -> None:
    store = Store(MemoryBackend())
    abandon(store, SavedGame(engine.replay(f"{CODE} t1>f"), 30.0, counted=True))
    abandon(store, SavedGame(engine.replay(f"{CODE} s"), 30.0, counted=False))
    abandon(store, SavedGame(engine.replay(f"{CODE} s"), 30.0, counted=True, finished=True))
    assert stats(store).recent == [[0, 10]]


# ------------------------------------------------ one failed write, two tabs


def won_record() -> list[str]:
    winner = engine.new_game(WON_CODE)
    assert play_greedy(winner)  # type: ignore[arg-type]
    return winner.record().split()[1:]


def reopened(backend: MemoryBackend, tab: str = "") -> tuple[Session, Keeper]:
    """The page loaded again: the saved game resumed, as the page does it."""
    store = Store(backend)
    saved = store.load_game()
    assert saved is not None
    session = Session(saved.game, clock=Clock())
    keeper = Keeper(session, store, saved.counted, saved.finished, saved.game_id, tab)
    return session, keeper


@pytest.mark.parametrize("fails", [GAME_KEY, STATS_KEY])
def test_one_failed_write_at_the_win_never_counts_it_twice_or_loses_it(fails: str) -> None:
    *moves, last = won_record()
    backend = Failing()
    session = Session(engine.new_game(WON_CODE), clock=Clock())
    Keeper(session, Store(backend))
    for move in moves:
        session.play(move)
    backend.failing = {fails}
    session.play(last)
    assert session.game.won
    backend.failing = set()
    # The page is reloaded: either the save from before the win (its save failed)
    # or the won game whose statistics failed.
    session, _ = reopened(backend)
    if not session.game.won:
        session.play(last)
    assert session.game.won
    result = VariantStats.from_dict(Store(backend).load_stats()["SD-S1"])
    assert (result.played, result.won, len(result.recent)) == (1, 1, 1)
    session, _ = reopened(backend)
    session.new_game(CODE)
    result = VariantStats.from_dict(Store(backend).load_stats()["SD-S1"])
    assert (result.played, result.won, len(result.recent)) == (1, 1, 1)


def test_a_tab_that_stepped_aside_saves_and_counts_nothing() -> None:
    *moves, last = won_record()
    backend = MemoryBackend()
    first = Session(engine.new_game(WON_CODE), clock=Clock())
    first_keeper = Keeper(first, Store(backend), tab="a")
    for move in moves:
        first.play(move)
    # A second tab opens the game (it resumes the save and saves it as its own) ...
    second, second_keeper = reopened(backend, tab="b")
    second_keeper.save()
    assert on_storage(GAME_KEY, "a", Store(backend).saved_owner()) == "step-aside"
    first_keeper.step_aside()
    # ... and starts another deal: the game both had open is lost, once.
    second.new_game(CODE)
    first.play(last)  # the first tab's table is covered; even so, nothing is counted
    first.new_game("KL1-D1N-AAAAAAB")
    result = VariantStats.from_dict(Store(backend).load_stats()["SD-S1"])
    assert (result.played, result.won, len(result.recent)) == (1, 0, 1)
    saved = Store(backend).load_game()
    assert saved is not None
    assert saved.game.code == CODE, "the second tab's game stays saved"
    assert saved.owner == "b"
    assert on_storage(GAME_KEY, "b", Store(backend).saved_owner()) == "keep"


@pytest.mark.parametrize("older_save", [False, True])
def test_statistics_reset_during_a_counted_game_count_its_win_as_played(older_save: bool) -> None:
    """Reset in the Stats dialog while a counted game is on the table (or an older
    save, from before the game ids, marked counted): its win is a game played and won."""
    *moves, last = won_record()
    backend = MemoryBackend()
    store = Store(backend)
    session = Session(engine.new_game(WON_CODE), clock=Clock())
    Keeper(session, store)
    for move in moves:
        session.play(move)
    if older_save:
        session = Session(store.load_game().game, clock=Clock())  # type: ignore[union-attr]
        Keeper(session, store, counted=True)  # no id: the save predates them
    store.save_stats({})  # Reset
    session.play(last)
    assert session.game.won
    result = VariantStats.from_dict(store.load_stats()["SD-S1"])
    assert (result.played, result.won, result.current_streak, result.recent[-1][0]) == (1, 1, 1, 1)
