"""Never losing a game (ui/model/progress.py): history entries, what a popstate
means, undoable replacements, and statistics that count a left game lost only
until it comes back (ui/model/stats.py: leave_game, come_back)."""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
import ui.model.hints
import ui.model.progress
import ui.model.stats
from ui.model.progress import (
    KEEP_BEHIND,
    Entry,
    Placing,
    arrive,
    brings_back,
    entries_behind,
    link_question,
    placing,
    replacement,
    unfinished,
    win_note,
)
from ui.model.stats import RECENT, VariantStats, variant_key
from ui.model.stats_record import come_back, finish_game, leave_game, start_game


@pytest.mark.parametrize("module", [ui.model.progress, ui.model.hints, ui.model.stats], ids=lambda m: m.__name__)
def test_docstring_examples(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]


def played(record: str) -> engine.Game:
    return engine.replay(record)


# ------------------------------------------------------------------ entries


@given(st.lists(st.sampled_from(["push", "link", "back", "forward"]), max_size=40))
def test_back_never_goes_more_than_one_game_back(steps: list[str]) -> None:
    """The page's entries played through any New games, links, Backs and Forwards:
    never more than ``KEEP_BEHIND`` games' entries behind the current one, and the
    game just left always one Back away."""
    assert KEEP_BEHIND == 1
    stack = ["g0"]  # the games' entries, oldest first (what lies behind is not ours)
    at = 0
    games = 0
    for step in steps:
        if step == "back" and at > 0:
            at -= 1
            continue
        if step == "forward" and at < len(stack) - 1:
            at += 1
            continue
        if step not in ("push", "link"):
            continue
        games += 1
        new = f"g{games}"
        left = stack[at]
        if step == "link":  # the browser's own entry after the current one comes first
            stack[at + 1 :] = ["link"]
            at += 1
        place = placing(at, push=step == "push")
        if place.back:
            at -= place.back
            stack[at] = left
        if step == "push" or place.back:
            stack[at + 1 :] = [new]
            at += 1
        else:
            stack[at] = new
        assert at == place.behind
        assert at <= KEEP_BEHIND
        assert stack[at] == new
        assert stack[at - 1] == left, "the game left is one Back away"


def test_an_entry_says_how_many_of_the_games_entries_lie_before_it() -> None:
    entry = Entry.of(played("KL1-D1N-AAAAAAG t1>f"), "a1")
    assert entries_behind(entry.to_state(1)) == 1
    assert Entry.from_state(entry.to_state(1)) == entry, "the count is not part of the entry"
    assert entries_behind(entry.to_state()) == 0
    head, _newline, game = entry.to_state().partition("\n")
    older = json.dumps({key: value for key, value in json.loads(head).items() if key != "behind"})
    assert entries_behind(older + "\n" + game) == 0, "written before the page counted them"
    for bad in ('"1"', "true", "-1", "1e9"):
        assert entries_behind(head.replace('"behind":0', f'"behind":{bad}') + "\n" + game) == 0
    assert entries_behind("nonsense") == entries_behind(None) == 0
    assert placing(0, push=True) == Placing(0, 1)
    assert placing(1, push=True) == Placing(1, 1)


def test_an_entry_carries_the_whole_game_with_its_undo() -> None:
    game = played("KL1-D1N-AAAAAAG t1>f t7>f s")
    entry = Entry.of(game, "g1", elapsed=42.5, counted=True, opened_at=2, replaced="g0")
    back = Entry.from_state(entry.to_state())
    assert back == entry
    loaded = back.load() if back else None
    assert loaded is not None
    assert loaded.record() == game.record()
    assert loaded.score == game.score
    loaded.undo()
    assert loaded.record() == "KL1-D1N-AAAAAAG t1>f t7>f"


@pytest.mark.parametrize(
    "state",
    [
        None,
        42,
        {"v": 1},
        "not json",
        "[]",
        json.dumps({"v": 2, "id": "a", "game": "{}", "elapsed": 0, "counted": False, "finished": False,
                    "opened_at": 0, "replaced": ""}),
        json.dumps({"v": 1, "id": "a", "game": "{}", "elapsed": -1, "counted": False, "finished": False,
                    "opened_at": 0, "replaced": ""}),
        json.dumps({"v": 1, "id": "a", "game": "{}", "elapsed": 0, "counted": 1, "finished": False,
                    "opened_at": 0, "replaced": ""}),
        json.dumps({"v": 1, "id": "a", "game": "{}", "elapsed": 0, "counted": False, "finished": False,
                    "opened_at": True, "replaced": ""}),
        json.dumps({"v": 1, "id": "", "game": "{}", "elapsed": 0, "counted": False, "finished": False,
                    "opened_at": 0, "replaced": ""}),
        json.dumps({"v": 1, "id": "a", "elapsed": 0, "counted": False, "finished": False, "opened_at": 0}),
    ],
)  # fmt: skip
def test_a_state_that_is_not_ours_is_ignored(state: object) -> None:
    assert Entry.from_state(state) is None


def test_a_damaged_game_in_an_entry_does_not_load() -> None:
    entry = Entry("g1", '{"v":1,"code":"KL1-D1N-AAAAAAG","played":"t2>t1"}')
    assert entry.load() is None


def test_an_entry_with_an_id_that_is_not_a_game_id_is_ignored() -> None:
    good = Entry("g1", engine.new_game("KL1-D1N-AAAAAAG").to_json())
    assert Entry.from_state(good.to_state()) == good
    for bad in ("", "../x", "a" * 100, "ก1"):
        assert Entry.from_state(Entry(bad, good.game).to_state()) is None
    assert Entry.from_state(Entry("g1", good.game, replaced="no id!").to_state()) is None
    assert Entry.from_state("[" * 100_000 + "\n" + good.game) is None


# ---------------------------------------------------------------- arriving


def test_back_to_the_entry_on_the_table_does_nothing() -> None:
    game = played("KL1-D1N-AAAAAAG t1>f")
    entry = Entry.of(game, "g1")
    assert arrive(entry, game, entry.to_state(), "#KL1-D1N-AAAAAAG").kind == "same"


def test_back_to_another_game_restores_it_with_its_moves() -> None:
    table = played("KL1-D1N-AAAAAAB s")
    other = Entry.of(played("KL1-D1N-AAAAAAG t1>f t7>f"), "old", elapsed=30.0, counted=True)
    arrival = arrive(Entry.of(table, "new"), table, other.to_state(), "#KL1-D1N-AAAAAAG")
    assert arrival.kind == "restore"
    assert arrival.entry == other
    assert arrival.game is not None
    assert arrival.game.record() == "KL1-D1N-AAAAAAG t1>f t7>f"
    assert arrival.game.can_undo


def test_a_link_over_an_unfinished_game_asks() -> None:
    table = played("KL1-D1N-AAAAAAG t1>f")
    arrival = arrive(Entry.of(table, "g1"), table, None, "#SD1-S2-AAAAABC%20t2%3Et3")
    assert arrival.kind == "ask"
    assert arrival.game is not None
    assert arrival.game.record() == "SD1-S2-AAAAABC t2>t3"
    assert arrival.opened_at == 1
    question = link_question(table, arrival.game)
    assert "at move 1" in question
    assert "(1 move)" in question


def test_a_link_over_a_fresh_game_opens() -> None:
    table = engine.new_game("KL1-D1N-AAAAAAG")
    assert not unfinished(table)
    arrival = arrive(Entry.of(table, "g1"), table, None, "#KL1-D1N-AAAAAAB")
    assert arrival.kind == "open"
    assert arrival.opened_at == 0


def test_a_link_over_a_won_game_opens() -> None:
    game = engine.new_game("SD1-S1-AAAAAAA")
    line = engine.solve(game, seconds=None, max_nodes=200_000).moves
    for move in line:
        game.play(move)
    assert game.won
    assert not unfinished(game)
    assert arrive(Entry.of(game, "g1"), game, None, "#KL1-D1N-AAAAAAB").kind == "open"


@pytest.mark.parametrize("text", ["", "#", "#kl1-d1n-aaaaaag", "#KL1-D1N-AAAAAAG%20t1%3Ef"])
def test_the_table_s_own_hash_stays(text: str) -> None:
    table = played("KL1-D1N-AAAAAAG t1>f")
    assert arrive(Entry.of(table, "g1"), table, None, text).kind == "stay"


ON_THE_TABLE = "This link opens the game already on the table: it goes on."


@pytest.mark.parametrize(
    "text",
    ["#kl1-d1n-aaaaaag", "#KL1-D1N-AAAAAAG" + "%20" * 5000, "#KL1-D1N-AAAAAAG%20t1%3Ef", "#%20kl1-d1n-AAAAAAG%20"],
)
def test_a_link_to_the_game_on_the_table_says_so(text: str) -> None:
    table = played("KL1-D1N-AAAAAAG t1>f")
    arrival = arrive(Entry.of(table, "g1"), table, None, text)
    assert (arrival.kind, arrival.game, arrival.message) == ("stay", None, ON_THE_TABLE)


@pytest.mark.parametrize("text", ["", "#", "#%20%20"])
def test_an_emptied_hash_keeps_the_game_without_a_word(text: str) -> None:
    table = played("KL1-D1N-AAAAAAG t1>f")
    assert arrive(Entry.of(table, "g1"), table, None, text).message == ""


@pytest.mark.parametrize("text", ["#KL9-XXX", "#KL1-D1N-AAAAAAG%20t2%3Et1"])
def test_a_bad_link_keeps_the_game_and_says_why(text: str) -> None:
    table = played("KL1-D1N-AAAAAAG t1>f")
    arrival = arrive(Entry.of(table, "g1"), table, None, text)
    assert arrival.kind == "bad"
    assert arrival.game is None
    assert arrival.message.endswith("The game on the table stays.")


def test_a_damaged_entry_falls_back_to_the_hash() -> None:
    table = played("KL1-D1N-AAAAAAG t1>f")
    damaged = Entry("old", "{}").to_state()
    assert arrive(Entry.of(table, "g1"), table, damaged, "#KL1-D1N-AAAAAAG").kind == "stay"
    assert arrive(Entry.of(table, "g1"), table, damaged, "#KL1-D1N-AAAAAAB").kind == "ask"


# --------------------------------------------------------------- replacing


def test_replacing_a_game_with_moves_pushes_and_undo_brings_it_back() -> None:
    old = played("KL1-D1N-AAAAAAG t1>f")
    how, replaced = replacement(old, "old")
    assert (how, replaced) == ("push", "old")
    new = engine.new_game("KL1-D1N-AAAAAAB")
    entry = Entry.of(new, "new", replaced=replaced)
    assert brings_back(new, entry)
    new.play("s")
    assert not brings_back(new, entry.updated(new))
    new.undo()
    assert brings_back(new, entry.updated(new))


def test_replacing_a_fresh_game_reuses_its_entry() -> None:
    assert replacement(engine.new_game("KL1-D1N-AAAAAAG"), "old") == ("replace", "")
    fresh = engine.new_game("KL1-D1N-AAAAAAB")
    assert not brings_back(fresh, Entry.of(fresh, "new"))


# -------------------------------------------------------------- statistics


def leave(variants: dict[str, Any], game_id: str, game: engine.Game, seconds: float) -> bool:
    """The keeper's way to count a left game."""
    return leave_game(
        variants, variant_key(game.settings), game_id, score=game.score, seconds=seconds, moves=game.moves
    )


def test_a_left_game_counts_lost_until_it_comes_back() -> None:
    variants: dict[str, Any] = {}
    for _ in range(3):
        start_game(variants, "KL-D1N")
        finish_game(variants, "KL-D1N", won=True, score=600, seconds=100.0, moves=120)
    start_game(variants, "KL-D1N", "g1")
    before = json.loads(json.dumps(variants))
    game = played("KL1-D1N-AAAAAAG t1>f t7>f")
    assert leave(variants, "g1", game, 50.0)
    assert not leave(variants, "g1", game, 50.0)  # once per game
    stats = VariantStats.from_dict(variants["KL-D1N"])
    assert stats.current_streak == 0
    assert stats.recent[-1] == [0, game.score]
    assert come_back(variants, "KL-D1N", "g1")
    assert variants == before
    assert not come_back(variants, "KL-D1N", "g1")


def test_a_vegas_loss_taken_back_returns_the_bankroll() -> None:
    variants: dict[str, Any] = {}
    start_game(variants, "KL-D1V", "v")
    game = played("KL1-D1V-AAAAAAG t1>f")
    assert game.score == -47
    assert leave(variants, "v", game, 5.0)
    assert VariantStats.from_dict(variants["KL-D1V"]).bankroll == -47
    come_back(variants, "KL-D1V", "v")
    assert VariantStats.from_dict(variants["KL-D1V"]).bankroll == 0


def test_a_game_that_was_not_left_has_nothing_to_take_back() -> None:
    variants: dict[str, Any] = {}
    start_game(variants, "KL-D1N", "a")
    finish_game(variants, "KL-D1N", won=False, score=5, seconds=1.0, moves=2, game="a")
    before = json.loads(json.dumps(variants))
    assert not come_back(variants, "KL-D1N", "a")
    assert not come_back(variants, "SP-S4", "a")
    assert variants == before


def test_a_later_loss_keeps_the_streak_broken() -> None:
    variants: dict[str, Any] = {}
    start_game(variants, "KL-D1N")
    finish_game(variants, "KL-D1N", won=True, score=600, seconds=100.0, moves=120)
    first = played("KL1-D1N-AAAAAAG t1>f")
    start_game(variants, "KL-D1N", "a")
    leave(variants, "a", first, 1.0)
    second = played("KL1-D1N-AAAAAAB s")
    start_game(variants, "KL-D1N", "b")
    leave(variants, "b", second, 1.0)
    come_back(variants, "KL-D1N", "a")
    stats = VariantStats.from_dict(variants["KL-D1N"])
    assert stats.current_streak == 0
    assert stats.recent == [[1, 600], [0, second.score]]


def test_the_statistics_keep_the_newest_left_games() -> None:
    variants: dict[str, Any] = {}
    game = played("KL1-D1N-AAAAAAG t1>f")
    for n in range(RECENT + 5):
        start_game(variants, "KL-D1N", f"g{n}")
        leave(variants, f"g{n}", game, 1.0)
    left = VariantStats.from_dict(variants["KL-D1N"]).left
    assert len(left) == RECENT
    assert [item[0] for item in left] == [f"g{n}" for n in range(5, RECENT + 5)]


def test_damaged_left_games_are_set_aside() -> None:
    stats, problems = VariantStats.read({"played": 1, "left": [["x", "12", 0]]})
    assert stats.left == []
    assert problems
    stats, problems = VariantStats.read({"played": 1, "left": "junk"})
    assert stats.left == []
    assert problems
    stats, problems = VariantStats.read({"played": 1, "left": [["x1", 12, 3]]})
    assert stats.left == [["x1", 12, 3]]
    assert not problems


@settings(max_examples=40, deadline=None)
@given(
    wins=st.lists(st.booleans(), max_size=8),
    count=st.integers(1, 6),
    key=st.sampled_from(["KL-D1N", "KL-D3V", "SP-S2"]),
)
def test_leaving_games_and_coming_back_in_turn_changes_nothing(wins: list[bool], count: int, key: str) -> None:
    variants: dict[str, Any] = {}
    for won in wins:
        start_game(variants, key)
        finish_game(variants, key, won=won, score=100, seconds=60.0, moves=80)
    code = {"KL-D1N": "KL1-D1N", "KL-D3V": "KL1-D3V", "SP-S2": "SP1-S2"}[key]
    games = []
    for n in range(count):
        game = played(f"{code}-AAAAAA{chr(65 + n)} s")
        start_game(variants, key, f"g{n}")
        games.append((f"g{n}", game))
    before = json.loads(json.dumps(variants))
    for game_id, game in games:  # left one after the other (New game, New game, ...)
        leave(variants, game_id, game, 10.0)
    for game_id, _ in reversed(games):  # and brought back, newest first (Undo, Undo, ...)
        assert come_back(variants, key, game_id)
    assert variants == before


def test_a_win_opened_at_a_later_move_sets_no_best() -> None:
    variants: dict[str, Any] = {}
    start_game(variants, "KL-D1N")
    finish_game(variants, "KL-D1N", won=True, score=600, seconds=300.0, moves=120)
    start_game(variants, "KL-D1N")
    finish_game(variants, "KL-D1N", won=True, score=700, seconds=0.0, moves=100, bests=False)
    stats = VariantStats.from_dict(variants["KL-D1N"])
    assert (stats.won, stats.played, stats.current_streak) == (2, 2, 2)
    assert stats.best_score == 600
    assert stats.fastest_win == 300.0
    assert "move 40" in win_note(40)
    assert win_note(0) == ""
