"""A win is never lost: a game played and won while storage fails is counted once,
whichever of its writes failed and however the game is next opened or left.

Each test plays the end of a won Spiderette game from a shared record, as the page
does (``Page``): storage starts failing before the record is opened, before its
first move or at the winning move, and works again later; the statistics must then
hold the game once, played and won, and no later step may count it again."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from tests.engine.spider_players import play_greedy
from tests.ui.saving import WON_CODE, Clock, Failing, Full
from ui.model.persist import Keeper, resume, resume_entry
from ui.model.progress import Entry
from ui.model.session import Session
from ui.model.stats import VariantStats
from ui.model.storage import DAILY_KEY, GAME_KEY, SETTINGS_KEY, STATS_KEY, MemoryBackend, SavedGame, Store
from ui.model.tabs import Copy, Reaction, copy_message, on_message, on_storage

OTHER_CODE = "KL1-D1N-AAAAAAG"


class Page:
    """One page of the game, as the browser runs it: a session, its keeper, and the
    history entry the page writes after every action (it lives in the browser's
    history, not in the storage, so it is kept when every write fails)."""

    def __init__(self, backend: MemoryBackend, saved: SavedGame, tab: str) -> None:
        self.backend = backend
        self.store = Store(backend)
        self.session = Session(saved.game, clock=Clock())
        self.session.set_elapsed(saved.elapsed)
        self.keeper: Keeper = resume(self.session, self.store, saved, tab)
        self.keeper.save()  # a page saves the game it opened at once, and its settings
        self.keeper.save_preferences()

    @property
    def copy(self) -> Copy:
        return Copy(self.keeper.game_id, self.keeper.revision)

    def react(self, reaction: Reaction, other: Page) -> None:
        """What ``ui.dom.browser_storage`` does with a reaction to ``other``: step aside,
        or take its newer copy back (saving it, which ``other`` hears in turn, and
        saying which copy it holds)."""
        if not self.keeper.active:
            return
        if reaction == "take-back":
            self.keeper.take_back()
            if Store(self.backend).saved_owner() == self.keeper.tab:
                other.hear_save(self)
            other.hear_message(self)
        elif reaction == "step-aside":
            self.keeper.step_aside()

    def hear_save(self, other: Page) -> None:
        """The storage event of ``other``'s save."""
        owner, game_id, revision = Store(self.backend).saved_copy()
        self.react(on_storage(GAME_KEY, self.keeper.tab, owner, Copy(game_id, revision), self.copy), other)

    def hear_message(self, other: Page) -> None:
        """``other``'s message on the tabs' channel: which copy of which game it holds."""
        self.react(on_message(copy_message(other.keeper.tab, other.copy), self.keeper.tab, self.copy), other)

    @property
    def entry(self) -> Entry:
        return self.keeper.entry

    @classmethod
    def open_record(cls, backend: MemoryBackend, record: str, tab: str = "a") -> Page:
        """A shared record followed into a new tab: opened at its last move."""
        game = engine.replay(record)
        return cls(backend, SavedGame(game, opened_at=game.moves), tab)

    def reload(self, tab: str = "r") -> Page:
        """The page loaded again: it opens its own history entry (or the save, when
        the save is the same game and not older)."""
        entry = self.entry
        game = entry.load()
        assert game is not None
        store = Store(self.backend)
        return Page(self.backend, resume_entry(store, store.load_game(), entry, game), tab)

    def other_tab(self, tab: str = "b") -> Page:
        """The game opened in another tab: it resumes the save (or deals a new game);
        its save makes this tab step aside, as the browser's storage event does."""
        saved = Store(self.backend).load_game()
        other = Page(self.backend, saved or SavedGame(engine.new_game(OTHER_CODE)), tab)
        self.hear_message(other)  # the copy it opened
        if Store(self.backend).saved_owner() == tab:  # its save was written
            self.hear_save(other)
        return other


def last_moves() -> tuple[str, str, str]:
    """A record two moves before a win, and those two moves (the second wins)."""
    winner = engine.new_game(WON_CODE)
    assert play_greedy(winner)  # type: ignore[arg-type]
    *record, first, last = winner.record().split()
    return " ".join(record), first, last


def counted(backend: MemoryBackend) -> tuple[int, int, int]:
    """(games played, games won, results) of the deal's variant."""
    variants = Store(backend).load_stats()
    if "SD-S1" not in variants:
        return 0, 0, 0
    stats = VariantStats.from_dict(variants["SD-S1"])
    return stats.played, stats.won, len(stats.recent)


KEYS = {"every key": {GAME_KEY, STATS_KEY}, "the statistics": {STATS_KEY}, "the game": {GAME_KEY}}
FAILS_FROM = ("the link", "the first move", "the win")


def play_failing(fails_from: str, keys: set[str]) -> tuple[Failing, Page, list[str]]:
    """Open the record and play its two last moves, storage failing for ``keys`` from
    ``fails_from`` on; it works again once the game is won. Returns the page, and the
    moves of the won game (to play again from an older save)."""
    record, first, last = last_moves()
    backend = Failing()
    if fails_from == "the link":
        backend.failing = set(keys)
    page = Page.open_record(backend, record)
    if fails_from == "the first move":
        backend.failing = set(keys)
    page.session.play(first)
    if fails_from == "the win":
        backend.failing = set(keys)
    page.session.play(last)
    assert page.session.game.won
    backend.failing = set()
    return backend, page, page.session.game.record().split()[1:]


def win_again(page: Page, moves: list[str]) -> None:
    """A page that came back before the win (a save from before it): the player plays
    the rest of the winning ``moves`` again."""
    played = len(page.session.game.record().split()) - 1
    for move in moves[played:]:
        page.session.play(move)
    assert page.session.game.won


@pytest.mark.parametrize("keys", list(KEYS))
@pytest.mark.parametrize("fails_from", FAILS_FROM)
def test_a_win_in_failing_storage_is_counted_at_the_next_new_game(fails_from: str, keys: str) -> None:
    backend, page, _moves = play_failing(fails_from, KEYS[keys])
    page.session.new_game(OTHER_CODE)
    assert counted(backend) == (1, 1, 1)
    page.session.play("s")
    page.session.new_game(OTHER_CODE)
    assert counted(backend) == (1, 1, 1), "counted once"


@pytest.mark.parametrize("keys", list(KEYS))
@pytest.mark.parametrize("fails_from", FAILS_FROM)
def test_a_win_in_failing_storage_comes_back_won_and_counted_at_a_reload(fails_from: str, keys: str) -> None:
    backend, page, _moves = play_failing(fails_from, KEYS[keys])
    page = page.reload()
    assert page.session.game.won, "the page's history entry holds the won game"
    assert counted(backend) == (1, 1, 1)
    page = page.reload()
    page.session.new_game(OTHER_CODE)
    assert counted(backend) == (1, 1, 1), "counted once"


@pytest.mark.parametrize("keys", list(KEYS))
@pytest.mark.parametrize("fails_from", FAILS_FROM)
def test_a_win_in_failing_storage_is_counted_when_another_tab_takes_over(fails_from: str, keys: str) -> None:
    backend, page, won_moves = play_failing(fails_from, KEYS[keys])
    other = page.other_tab()
    # The game's own save failed after its first save: the other tab resumed an older
    # save of the won game, so the tab that won it keeps it and the other steps aside.
    # Otherwise the other tab opened the won game as saved (or, when the game was never
    # saved, another game), and the tab that saved last plays, as ever.
    older = GAME_KEY in KEYS[keys] and fails_from != "the link"
    assert page.keeper.active == older
    assert other.keeper.active != older
    if older:
        assert Store(backend).load_game() is not None
    assert counted(backend) == (1, 1, 1)
    # The other tab has the saved game (the same one, older) or a new deal: whatever
    # it does with it, the game is not counted again.
    if other.session.game.code == WON_CODE:
        win_again(other, won_moves)
    other.session.new_game(OTHER_CODE)
    assert counted(backend) == (1, 1, 1), "counted once"


@pytest.mark.parametrize("keys", list(KEYS))
def test_a_win_left_while_storage_still_fails_is_counted_when_it_comes_back(keys: str) -> None:
    backend, page, _moves = play_failing("the link", KEYS[keys])
    won = page.entry
    backend.failing = set(KEYS[keys])
    page.keeper.expect(Entry("", "", replaced=won.id))
    page.session.new_game(OTHER_CODE)  # left, and nothing could be written
    backend.failing = set()
    page.keeper.expect(won)  # Back: its history entry is one step back
    game = won.load()
    assert game is not None
    page.session.load(game)
    assert counted(backend) == (1, 1, 1)
    page.session.new_game(OTHER_CODE)
    assert counted(backend) == (1, 1, 1), "counted once"


@pytest.mark.parametrize("keys", list(KEYS))
def test_a_first_move_in_failing_storage_is_counted_with_the_win(keys: str) -> None:
    record, first, last = last_moves()
    backend = Failing()
    page = Page.open_record(backend, record)
    backend.failing = set(KEYS[keys])
    page.session.play(first)
    backend.failing = set()
    page.session.play(last)
    assert counted(backend) == (1, 1, 1)
    page.reload().session.new_game(OTHER_CODE)
    assert counted(backend) == (1, 1, 1), "counted once"


def test_a_game_left_unfinished_while_storage_failed_counts_as_played_and_lost() -> None:
    record, first, _last = last_moves()
    backend = Failing()
    backend.failing = {GAME_KEY, STATS_KEY}
    page = Page.open_record(backend, record)
    page.session.play(first)
    backend.failing = set()
    page.session.new_game(OTHER_CODE)
    assert counted(backend) == (1, 0, 1)


def test_an_old_save_without_the_played_flag_still_counts_its_games() -> None:
    """Saves and history entries written before the flag: a game counted as played was played."""
    backend = MemoryBackend()
    store = Store(backend)
    game = engine.replay(f"{OTHER_CODE} s")
    store.save_game(SavedGame(game, 3.0, counted=True, game_id="old1"))
    saved = store.load_game()
    assert saved is not None
    assert saved.played
    head, _newline, game_json = Entry("old1", game.to_json(), counted=True).to_state().partition("\n")
    old_head = head.replace(',"played":true', "").replace(',"played":false', "")
    old_head = old_head.replace(',"revision":0', "")
    entry = Entry.from_state(old_head + "\n" + game_json)
    assert entry is not None
    assert entry.played


WRITES = {
    GAME_KEY: lambda store: store.save_game(SavedGame(engine.new_game(OTHER_CODE))),
    SETTINGS_KEY: lambda store: store.save_settings({}),
    STATS_KEY: lambda store: store.save_stats({}),
    DAILY_KEY: lambda store: store.save_daily({}),
}


@given(st.lists(st.tuples(st.sampled_from(list(WRITES)), st.booleans()), max_size=40))
def test_saving_is_said_to_fail_exactly_while_a_write_failed_last(writes: list[tuple[str, bool]]) -> None:
    # A full quota may take a small write (the unchanged settings) and refuse the
    # game: "Saving works again" only once every item's last write succeeded.
    backend = Failing()
    store = Store(backend)
    failing: set[str] = set()
    told_failing = False
    for key, fails in writes:
        backend.failing = {key} if fails else set()
        assert WRITES[key](store) is not fails
        (failing.add if fails else failing.discard)(key)
        for notice in store.take_notices():
            assert notice in ("Storage is full: progress is not being saved.", "Saving works again.")
            assert told_failing is (notice == "Saving works again."), "each said once, in turn"
            told_failing = notice != "Saving works again."
        assert told_failing is bool(failing)


def test_full_storage_at_a_reload_never_says_saving_works_again() -> None:
    backend = Full()
    page = Page(backend, SavedGame(engine.new_game(OTHER_CODE)), "a")
    page.session.play("s")
    page.session.play("s")
    backend.moves = 2  # storage is full: the saved game of 2 moves fits, no more
    page.session.play("s")
    assert page.store.take_notices() == ["Storage is full: progress is not being saved."]
    page = page.reload("a2")  # the settings still fit, unchanged; the game does not
    assert page.session.game.moves == 3
    assert page.store.take_notices() == ["Storage is full: progress is not being saved."]
    backend.moves = None
    page.session.play("s")
    assert page.store.take_notices() == ["Saving works again."]


def test_a_second_tab_never_takes_over_with_an_older_copy_of_the_game() -> None:
    backend = Full()
    page = Page(backend, SavedGame(engine.new_game(OTHER_CODE)), "a")
    page.session.play("s")
    page.session.play("s")
    backend.moves = 2
    page.session.play("s")
    page = page.reload("a2")
    # The second tab resumes the save (2 moves), and its save of it fits: the first
    # tab holds the game at 3 moves and must not yield to it.
    other = page.other_tab("b")
    assert other.session.game.moves == 2
    assert Store(backend).saved_owner() == "b"
    assert page.keeper.active
    assert not other.keeper.active, "the older copy steps aside"
    page.session.play("s")
    backend.moves = None  # storage works again: the game on the table is saved
    page.session.play("s")
    saved = Store(backend).load_game()
    assert saved is not None
    assert (saved.owner, saved.game.moves) == ("a2", 5)


def test_a_newer_copy_saved_by_another_tab_still_makes_this_one_step_aside() -> None:
    backend = MemoryBackend()
    page = Page(backend, SavedGame(engine.new_game(OTHER_CODE)), "a")
    page.session.play("s")
    other = page.other_tab("b")  # the same copy: the tab that saved last plays
    assert not page.keeper.active
    assert other.keeper.active
    other.session.play("s")
    assert on_storage(GAME_KEY, "a", "b", Copy(other.keeper.game_id, 2), page.copy) == "step-aside"


def test_a_second_tab_whose_save_fails_too_still_yields_to_the_newer_copy() -> None:
    backend = Full()
    page = Page(backend, SavedGame(engine.new_game(OTHER_CODE)), "a")
    page.session.play("s")
    page.session.play("s")
    backend.moves = 1  # not even the saved game fits again: no tab hears another's save
    page.session.play("s")
    other = page.other_tab("b")
    assert other.session.game.moves == 2
    assert Store(backend).saved_owner() == "a"
    assert page.keeper.active
    assert not other.keeper.active, "told by the message alone"


@given(st.text(max_size=200))
def test_a_message_of_any_other_shape_changes_nothing(message: str) -> None:
    mine = Copy("g1", 5)
    reaction = on_message(message, "me", mine)
    if reaction != "keep":
        tab, game, revision = message.split(" ")
        assert (tab != "me", game) == (True, "g1")
        assert (int(revision) > 5) is (reaction == "step-aside")
        assert (int(revision) < 5) is (reaction == "take-back")
