"""Spider-family game records, replay and JSON saves: round trips, and saves
that do not hold together (wrong cards for the deck, positions that do not
match the moves)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from engine import IllegalMove, SaveError
from engine.codes import seed_letters
from engine.klondike import Klondike
from engine.spider import REMOVED, Spider, Spiderette
from tests.engine.spider_players import greedy_move, position_key


def play_until_runs_removed(code: str, runs: int) -> Spiderette:
    """Play a known winnable one-suit deal greedily until ``runs`` runs are removed."""
    game = engine.new_game(code)
    assert isinstance(game, Spiderette)
    seen = {position_key(game)}
    while len(game.removed_runs) < runs:
        move = greedy_move(game, seen)
        assert move is not None
        game.play(move)
        seen.add(position_key(game))
    return game


@pytest.fixture(scope="module")
def spiderette_save() -> str:
    game = play_until_runs_removed("SD1-S1-" + seed_letters(12), 1)
    game.play(game.legal_moves()[-1])
    game.undo()
    return game.to_json()


@pytest.fixture(scope="module")
def spider_save() -> str:
    return play_until_runs_removed("SP1-S1-" + seed_letters(11), 2).to_json()


# ---------------------------------------------------------------- records


def test_record_is_the_code_and_the_moves() -> None:
    g = engine.new_game("sd1-s4-aaaaaah")
    g.play("t5>t1")
    g.play("s")
    g.play(g.legal_moves()[-1])
    g.undo()
    assert g.record() == "SD1-S4-AAAAAAH t5>t1 s"
    again = engine.replay(g.record())
    assert isinstance(again, Spiderette)
    assert again.to_json() == g.to_json()


def test_replay_of_a_game_with_removed_runs(spider_save: str) -> None:
    game = engine.from_json(spider_save)
    assert isinstance(game, Spider)
    assert len(game.removed_runs) == 2
    rebuilt = engine.replay(game.record())
    assert rebuilt.to_json() == game.to_json()
    assert rebuilt.score == game.score == 500 - game.moves + 200


def test_replay_names_the_failing_move() -> None:
    with pytest.raises(IllegalMove, match=r"^Move 2 \(t1:2>t3\): Only a run of one suit moves as a group\.$"):
        engine.replay("SD1-S4-AAAAAAH t5>t1 t1:2>t3")
    with pytest.raises(IllegalMove, match=r"^Move 1 \(w>t1\): Spiderette has no waste"):
        engine.replay("SD1-S4-AAAAAAH w>t1")
    with pytest.raises(IllegalMove, match=r"^Move 1 \(t1>t11\)"):
        engine.replay("SP1-S4-AAAAAAH t1>t11")


# ------------------------------------------------------------------- JSON


def test_json_round_trip_with_undo_history_and_removed_runs(spiderette_save: str) -> None:
    game = engine.from_json(spiderette_save)
    assert isinstance(game, Spiderette)
    assert game.to_json() == spiderette_save
    assert game.removed_runs == ("s",)
    data = json.loads(spiderette_save)
    assert len(data["piles"][REMOVED].split()) == 13
    assert set(data["piles"]) == {"s", REMOVED, *(f"t{i}" for i in range(1, 8))}
    # The loaded game undoes exactly like the one that was saved, back past the removal.
    original = engine.replay(game.record())
    while game.can_undo:
        assert game.undo() == original.undo()
        assert game.to_json() == original.to_json()
    assert not game.removed_runs


def test_json_round_trip_of_fresh_games() -> None:
    for code in ("SD1-S1-AAAAAAA", "SD1-S2-ZZZZZZZ", "SP1-S4-AAAAABD", "SP1-S2-QWERTYU"):
        g = engine.new_game(code)
        g.play("s")
        text = g.to_json()
        loaded = engine.from_json(text)
        assert type(loaded) is type(g)
        assert loaded.to_json() == text
        assert loaded.history == g.history


def test_loading_through_a_class_checks_the_game(spiderette_save: str, spider_save: str) -> None:
    assert isinstance(Spiderette.from_json(spiderette_save), Spiderette)
    assert isinstance(Spider.from_json(spider_save), Spider)
    with pytest.raises(SaveError, match="holds a Spiderette game"):
        Spider.from_json(spiderette_save)
    with pytest.raises(SaveError, match="holds a Spider game"):
        Klondike.from_json(spider_save)


def swap_suit(pile: str) -> str:
    return pile.replace("As", "Ah", 1)


def extra_ace(pile: str) -> str:
    return pile.replace("Ks", "As", 1)


def drop_run(pile: str) -> str:
    return " ".join(pile.split()[13:])


def run_text() -> str:
    return " ".join(f"{rank}s" for rank in "KQJT98765432A")


BAD: list[tuple[str, str, dict[str, Any], str]] = [
    ("spider: a heart in a one-suit deck", "SP", {REMOVED: swap_suit}, "holds the Ah, which is not in this deck"),
    ("spider: nine Aces of spades", "SP", {REMOVED: extra_ace}, "holds the As 9 times; the deck has 8"),
    ("spiderette: five Aces of spades", "SD", {REMOVED: extra_ace}, "holds the As 5 times; the deck has 4"),
    ("spider: a removed run lost", "SP", {REMOVED: drop_run}, "missing the"),
    ("spider: a removed run put back", "SP", {REMOVED: drop_run, "t1": lambda p: p + " " + run_text()}, "not match"),
    ("spiderette: a removed card face down", "SD", {REMOVED: lambda p: p.replace("Ks", "#Ks")}, "does not match"),
    ("spider: a pile too many", "SP", {"w": lambda p: ""}, "piles should be"),
]


@pytest.mark.parametrize(("game", "change", "words"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_inconsistent_saves_are_refused(
    game: str, change: dict[str, Any], words: str, spiderette_save: str, spider_save: str
) -> None:
    text = spider_save if game == "SP" else spiderette_save
    data = json.loads(text)
    for pid, how in change.items():
        data["piles"][pid] = how(data["piles"].get(pid, ""))
    with pytest.raises(SaveError, match=words):
        engine.from_json(json.dumps(data))


def test_a_one_suit_save_is_not_a_two_suit_game(spider_save: str) -> None:
    data = json.loads(spider_save)
    data["code"] = data["code"].replace("-S1-", "-S2-")
    with pytest.raises(SaveError, match="missing the Ah"):
        engine.from_json(json.dumps(data))


def test_a_four_suit_spider_has_two_of_each_card() -> None:
    g = engine.new_game("SP1-S4-AAAAAAH")
    data = json.loads(g.to_json())
    first = data["piles"]["t1"].split()[0].lstrip("#")
    data["piles"]["t2"] = "#" + first + " " + data["piles"]["t2"]
    with pytest.raises(SaveError, match=f"holds the {first} 3 times; the deck has 2"):
        engine.from_json(json.dumps(data))


def test_a_klondike_save_under_a_spider_code_is_refused() -> None:
    data = json.loads(engine.new_game("KL1-D1N-AAAAAAG").to_json())
    data["code"] = "SP1-S4-AAAAAAG"
    with pytest.raises(SaveError, match="piles should be"):
        engine.from_json(json.dumps(data))
