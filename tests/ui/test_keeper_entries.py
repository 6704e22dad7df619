"""The keeper and the history entries: one id per game (the save's, the
statistics' and the history entry's), a left game counted lost until it comes
back, and wins of games opened at a later move."""

from __future__ import annotations

import json

import pytest

import engine
from engine.spider import Spiderette
from tests.engine.spider_players import play_greedy
from tests.ui.saving import CODE, WON_CODE, Clock, setup, stats
from ui.model.persist import Keeper, abandon, preferences_from, preferences_to
from ui.model.progress import Entry, replacement
from ui.model.session import Preferences, Session
from ui.model.storage import MemoryBackend, SavedGame, Store


def test_a_game_keeps_its_id_through_its_moves_and_a_new_game_gets_another() -> None:
    session, store, keeper, _ = setup()
    first = keeper.entry.id
    session.play("t1>f")
    session.undo()
    assert keeper.entry.id == first
    session.new_game("KL1-D1N-AAAAAAB")
    assert keeper.entry.id != first
    saved = store.load_game()
    assert saved is not None
    assert saved.game_id == keeper.entry.id == keeper.game_id


def test_the_entry_id_is_the_id_the_statistics_count_the_game_by() -> None:
    session, store, keeper, _ = setup()
    session.play("t1>f")
    assert stats(store).started == [keeper.entry.id]
    old = keeper.entry.id
    session.new_game("KL1-D1N-AAAAAAB")
    assert stats(store).finished == [old]
    assert stats(store).left == [[old, 10, 0, 0]]


def test_the_entry_holds_the_game_its_clock_and_flags() -> None:
    session, _, keeper, clock = setup()
    session.play("t1>f")
    clock.now = 20.0
    session.play("t7>f")
    entry = Entry.from_state(keeper.entry.to_state())
    assert entry is not None
    assert entry.counted
    assert not entry.finished
    assert entry.elapsed == pytest.approx(20.0)
    game = entry.load()
    assert game is not None
    assert game.record() == session.game.record()


def test_new_game_then_back_takes_the_loss_back() -> None:
    session, store, keeper, clock = setup()
    session.play("t1>f")
    clock.now = 30.0
    session.play("t7>f")
    before = store.load_stats()
    old = keeper.entry
    how, replaced = replacement(session.game, old.id)
    assert how == "push"
    keeper.expect(Entry("", "", replaced=replaced))
    session.new_game("KL1-D1N-AAAAAAB")
    assert keeper.entry.replaced == old.id
    assert stats(store).recent == [[0, 25]]
    assert [item[0] for item in stats(store).left] == [old.id]
    # Back (or Undo with nothing left to undo): the old entry returns, whole.
    game = old.load()
    assert game is not None
    keeper.expect(old)
    session.load(game)
    assert store.load_stats() == before
    assert keeper.entry.id == old.id
    assert session.elapsed() == pytest.approx(30.0)
    assert session.game.record() == f"{CODE} t1>f t7>f"
    assert session.game.can_undo


def test_the_new_game_left_by_back_counts_lost_once_played() -> None:
    session, store, keeper, _ = setup()
    session.play("t1>f")
    old = keeper.entry
    keeper.expect(Entry("", "", replaced=old.id))
    session.new_game("KL1-D1N-AAAAAAB")
    session.play("s")
    game = old.load()
    assert game is not None
    keeper.expect(old)
    session.load(game)
    result = stats(store)
    assert result.played == 2
    assert result.recent == [[0, 0]]  # the new game, left after one draw


def test_a_win_opened_at_a_later_move_sets_no_best() -> None:
    session, store, keeper, clock = setup(WON_CODE)
    winning = engine.new_game(WON_CODE)
    assert isinstance(winning, Spiderette)
    assert play_greedy(winning)
    moves = winning.record().split()[1:]
    opened = engine.replay(" ".join([WON_CODE, *moves[:-3]]))
    keeper.expect(Entry("", "", opened_at=opened.moves))
    session.load(opened)
    assert keeper.entry.opened_at == opened.moves
    clock.now = 4.0
    for move in moves[-3:]:
        session.play(move)
    assert session.game.won
    result = stats(store, "SD-S1")
    assert (result.played, result.won) == (1, 1)
    assert result.fastest_win is None
    assert result.best_score is None


def test_a_resumed_save_keeps_its_id_and_opened_move() -> None:
    store = Store(MemoryBackend())
    game = engine.replay(f"{CODE} t1>f")
    store.save_game(SavedGame(game, 3.0, True, False, "abc123", "tab1", 1, "old9"))
    saved = store.load_game()
    assert saved is not None
    assert (saved.game_id, saved.owner, saved.opened_at, saved.replaced) == ("abc123", "tab1", 1, "old9")
    session = Session(saved.game, clock=Clock())
    keeper = Keeper(session, store, saved.counted, saved.finished, saved.game_id, opened_at=1, replaced="old9")
    assert (keeper.entry.id, keeper.entry.opened_at, keeper.entry.replaced) == ("abc123", 1, "old9")


def test_an_old_save_without_ids_still_loads() -> None:
    backend = MemoryBackend()
    store = Store(backend)
    store.save_game(SavedGame(engine.replay(f"{CODE} t1>f"), 3.0, True))
    raw = json.loads(backend.items["solitaire.v1.game"])
    for name in ("id", "opened_at", "replaced"):
        del raw[name]
    raw["opened_at"] = -4
    backend.items["solitaire.v1.game"] = json.dumps(raw)
    saved = Store(backend).load_game()
    assert saved is not None
    assert (saved.game_id, saved.opened_at, saved.replaced) == ("", 0, "")
    raw["opened_at"], raw["replaced"] = 10**12, "../not an id"
    backend.items["solitaire.v1.game"] = json.dumps(raw)
    saved = Store(backend).load_game()
    assert saved is not None
    assert (saved.opened_at, saved.replaced) == (0, "")


def test_damaged_left_games_in_the_statistics_are_set_aside_and_play_goes_on() -> None:
    store = Store(MemoryBackend())
    store.save_stats({"KL-D1N": {"played": 1, "left": [["g1", "ten", 0]]}})
    assert stats(store).left == []
    assert any("damaged" in notice for notice in store.take_notices())
    session = Session(engine.new_game(CODE), clock=Clock())
    Keeper(session, store)
    session.play("t1>f")
    session.new_game("KL1-D1N-AAAAAAB")
    assert len(stats(store).left) == 1


def test_a_link_over_a_saved_game_at_start_up_is_a_loss_taken_back_when_it_returns() -> None:
    store = Store(MemoryBackend())
    saved = SavedGame(engine.replay(f"{CODE} t1>f"), 30.0, counted=True, game_id="saved1")
    store.update_stats(lambda variants: variants.update({"KL-D1N": {"played": 1, "started": ["saved1"]}}))
    abandon(store, saved)
    assert stats(store).recent == [[0, 10]]
    assert stats(store).left == [["saved1", 10, 0, 0]]
    abandon(store, saved)  # once per game
    assert stats(store).recent == [[0, 10]]
    session = Session(engine.new_game(CODE), clock=Clock())
    keeper = Keeper(session, store)
    keeper.expect(Entry.of(saved.game, "saved1", counted=True, elapsed=30.0))
    session.load(saved.game)
    assert stats(store).recent == []
    assert (stats(store).played, stats(store).finished, stats(store).left) == (1, [], [])


def test_a_restored_game_can_still_be_won_and_counted() -> None:
    session, store, keeper, _ = setup(WON_CODE)
    winning = engine.new_game(WON_CODE)
    assert isinstance(winning, Spiderette)
    assert play_greedy(winning)
    moves = winning.record().split()[1:]
    session.play(moves[0])
    old = keeper.entry
    keeper.expect(Entry("", "", replaced=old.id))
    session.new_game("SD1-S1-AAAAAAB")
    assert stats(store, "SD-S1").recent == [[0, session.game.score - 1]]
    game = old.load()
    assert game is not None
    keeper.expect(old)
    session.load(game)
    for move in moves[1:]:
        session.play(move)
    assert session.game.won
    result = stats(store, "SD-S1")
    assert (result.played, result.won, result.current_streak) == (1, 1, 1)
    assert result.recent == [[1, session.game.score]]


def test_finish_automatically_is_off_by_default_and_kept() -> None:
    assert Preferences().auto_finish is False
    assert preferences_from(preferences_to(Preferences(auto_finish=True))).auto_finish is True
    assert preferences_from({"auto_finish": "yes"}).auto_finish is False
