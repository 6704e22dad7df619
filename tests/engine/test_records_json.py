"""Game records, replay, and JSON saves (round trips and refusals)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from engine import CodeError, IllegalMove, SaveError
from engine.game import JSON_VERSION
from engine.klondike import Klondike
from tests.engine.players import play_greedy

RECORD = "KL1-D1N-AAAAAAG t1>f t7>f s s s t5>t4 s"


def played_game() -> Klondike:
    g = engine.new_game("KL1-D3N-AAAAAAG")
    assert isinstance(g, Klondike)
    play_greedy(g, max_actions=40)
    return g


def test_record_is_code_and_moves() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    for move in RECORD.split()[1:]:
        g.play(move)
    assert g.record() == RECORD


def test_replay_gives_the_same_game() -> None:
    g = played_game()
    again = engine.replay(g.record())
    assert again.to_json() == g.to_json()
    assert again.record() == g.record()


def test_record_drops_undone_moves_and_uses_canonical_notation() -> None:
    g = engine.new_game("kl1-d1n-aaaaaag")
    g.play("t1>f3")
    g.play("s")
    g.undo()
    g.play("t5:1>t4")
    assert g.record() == "KL1-D1N-AAAAAAG t1>f t5>t4"


def test_replay_names_the_failing_move() -> None:
    with pytest.raises(IllegalMove, match=r"Move 3 \(t2>t1\): ") as info:
        engine.replay("KL1-D1N-AAAAAAG t1>f s t2>t1")
    assert "Only a King can go to an empty column." in str(info.value)
    with pytest.raises(IllegalMove, match=r"Move 1 \(zz\)"):
        engine.replay("KL1-D1N-AAAAAAG zz")


def test_replay_refuses_bad_codes() -> None:
    with pytest.raises(CodeError):
        engine.replay("")
    with pytest.raises(CodeError):
        engine.replay("KL9-D1N-AAAAAAG s")
    with pytest.raises(CodeError):
        engine.replay("s w>t3")


def test_replay_of_the_bare_code() -> None:
    assert engine.replay("KL1-D1V-AAAAAAG").to_json() == engine.new_game("KL1-D1V-AAAAAAG").to_json()


# -------------------------------------------------------------------- JSON


def test_json_round_trip_including_undo_history() -> None:
    g = played_game()
    g.undo()
    g.undo()
    text = g.to_json()
    loaded = engine.from_json(text)
    assert isinstance(loaded, Klondike)
    assert loaded.to_json() == text
    assert loaded.history == g.history
    assert loaded.score == g.score
    assert loaded.moves == g.moves
    assert loaded.waste_fan() == g.waste_fan()
    assert loaded.record() == g.record()
    for _ in range(len(g.history)):
        assert loaded.undo() == g.undo()
        assert loaded.to_json() == g.to_json()
    with pytest.raises(IllegalMove, match="Nothing to undo"):
        loaded.undo()


def test_json_keeps_a_shortened_undo_history() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    for _ in range(120):
        g.play("s")
    for _ in range(5):
        g.undo()
    loaded = engine.from_json(g.to_json())
    assert len(loaded.history) == 95
    assert loaded.to_json() == g.to_json()
    assert Klondike.from_json(g.to_json()).to_json() == g.to_json()


def test_json_is_compact() -> None:
    text = played_game().to_json()
    assert "\n" not in text
    assert ", " not in text
    assert ": " not in text
    assert len(text) < 1200
    assert set(json.loads(text)) == {"v", "code", "played", "undo", "score", "moves", "piles"}


def test_fresh_game_round_trips() -> None:
    for code in ("KL1-D1N-AAAAAAA", "KL1-D3V-ZZZZZZZ", "KL1-D1C-HELLOAB"):
        g = engine.new_game(code)
        assert engine.from_json(g.to_json()).to_json() == g.to_json()


def saved() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(played_game().to_json())
    return data


def mutated(**changes: Any) -> str:
    data = saved()
    for key, value in changes.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


def with_piles(change: Any) -> str:
    data = saved()
    change(data["piles"])
    return json.dumps(data)


def swap_first_cards(piles: dict[str, str]) -> None:
    a, b = piles["t7"].split(" ", 1)
    piles["t7"] = b + " " + a


BAD: list[tuple[str, Any, str]] = [
    ("not json", "{not json", "not valid JSON"),
    ("empty text", "", "not valid JSON"),
    ("a list", "[1, 2]", "expected a JSON object"),
    ("a number", "3", "expected a JSON object"),
    ("null", "null", "expected a JSON object"),
    ("deep nesting", "[" * 100000 + "]" * 100000, "JSON"),
    ("no version", mutated(v=KeyError), "no format version"),
    ("future version", mutated(v=JSON_VERSION + 1), "newer"),
    ("zero version", mutated(v=0), "unknown format version"),
    ("text version", mutated(v="1"), "whole number"),
    ("bool version", mutated(v=True), "whole number"),
    ("float version", mutated(v=1.0), "whole number"),
    ("no code", mutated(code=KeyError), "no 'code'"),
    ("no played", mutated(played=KeyError), "no 'played'"),
    ("no undo", mutated(undo=KeyError), "no 'undo'"),
    ("no score", mutated(score=KeyError), "no 'score'"),
    ("no moves", mutated(moves=KeyError), "no 'moves'"),
    ("no piles", mutated(piles=KeyError), "no 'piles'"),
    ("code not text", mutated(code=5), "'code' should be text"),
    ("played not text", mutated(played=["s"]), "'played' should be text"),
    ("score as text", mutated(score="10"), "'score' should be a whole number"),
    ("score as bool", mutated(score=False), "'score' should be a whole number"),
    ("undo as float", mutated(undo=1.5), "'undo' should be a whole number"),
    ("piles as list", mutated(piles=[]), "'piles' should be an object"),
    ("bad code", mutated(code="KL1-D7N-AAAAAAG"), "deal code is bad"),
    ("other game's code", mutated(code="SD1-S4-AAAAAAH"), "piles should be|cannot be loaded yet"),
    ("illegal move", mutated(played="t2>t1"), r"Move 1 \(t2>t1\).*alternating colours"),
    ("garbage move", mutated(played="s zz"), r"Move 2 \(zz\)"),
    ("wrong score", mutated(score=12345), "saved score"),
    ("wrong moves", mutated(moves=999), "saved move count"),
    ("undo too deep", mutated(undo=101), "undo depth"),
    ("negative undo", mutated(undo=-1), "undo depth"),
    ("missing pile", with_piles(lambda p: p.pop("t3")), "piles should be"),
    ("extra pile", with_piles(lambda p: p.update(t8="")), "piles should be"),
    ("pile not text", with_piles(lambda p: p.update(t3=["Ah"])), "should be text"),
    ("not a card", with_piles(lambda p: p.update(t3=p["t3"] + " Xx")), "not a card"),
    ("lower-case card", with_piles(lambda p: p.update(t3=p["t3"] + " ah")), "not a card"),
    ("missing card", with_piles(lambda p: p.update(s=p["s"].split(" ", 1)[1])), "missing the"),
    ("duplicate card", with_piles(lambda p: p.update(w=p["w"] + " " + p["t7"].split()[-1])), "twice"),
    ("moved card", with_piles(swap_first_cards), "does not match the moves"),
    ("card turned over", with_piles(lambda p: p.update(s=p["s"].replace("#", "", 1))), "does not match"),
]


@pytest.mark.parametrize(("text", "words"), [(text, words) for _, text, words in BAD], ids=[n for n, _, _ in BAD])
def test_bad_saves_are_refused_with_a_clear_message(text: str, words: str) -> None:
    with pytest.raises(SaveError, match=words) as info:
        engine.from_json(text)
    assert isinstance(info.value, ValueError)


def test_a_game_without_an_engine_cannot_be_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine.game, "_GAMES", {"KL": Klondike})
    with pytest.raises(SaveError, match="Spiderette games cannot be loaded yet"):
        engine.from_json(mutated(code="SD1-S4-AAAAAAH"))


def test_loading_through_a_class_checks_the_game() -> None:
    class Variant(Klondike):
        """A subclass with no deal-code prefix of its own."""

    with pytest.raises(SaveError, match="holds a Klondike game"):
        Variant.from_json(played_game().to_json())
    assert isinstance(Klondike.from_json(played_game().to_json()), Klondike)
    assert isinstance(engine.Game.from_json(played_game().to_json()), Klondike)


def test_non_text_save_is_refused() -> None:
    with pytest.raises(SaveError):
        engine.from_json(None)  # type: ignore[arg-type]
    with pytest.raises(SaveError):
        engine.from_json({"v": 1})  # type: ignore[arg-type]


def test_the_mutations_above_start_from_a_valid_save() -> None:
    assert engine.from_json(json.dumps(saved())).record() == played_game().record()
    assert saved()["undo"] > 1
    assert saved()["piles"]["w"]
