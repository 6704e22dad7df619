"""The controller: one place for every action, events, the clock."""

from __future__ import annotations

import pytest

import engine
from engine.klondike import Klondike
from ui.model.session import Event, Preferences, Session, describe_code, format_clock


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def make(code: str = "KL1-D1N-AAAAAAG") -> tuple[Session, Clock, list[Event]]:
    clock = Clock()
    session = Session(engine.new_game(code), clock=clock)
    events: list[Event] = []
    session.subscribe(events.append)
    return session, clock, events


def test_every_action_reaches_the_listeners() -> None:
    session, _, events = make()
    session.play("t1>f")
    session.play("t2>t1")
    session.undo()
    session.undo()
    session.restart()
    session.new_game("SD1-S2-AAAAABC") if _has_spider() else session.new_game("KL1-D3V-AAAAAAB")
    session.load(engine.replay("KL1-D1N-AAAAAAG t1>f"))
    kinds = [e.kind for e in events]
    assert kinds == ["play", "refused", "undo", "refused", "restart", "new", "load"]
    assert events[1].message == "Only a King can go to an empty column."
    assert events[3].message == "Nothing to undo."
    assert events[0].action is not None
    assert events[0].action.dst == "f3"
    assert session.game.record() == "KL1-D1N-AAAAAAG t1>f"


def _has_spider() -> bool:
    try:
        engine.new_game("SD1-S2-AAAAABC")
    except engine.CodeError:
        return False
    return True


def test_the_clock_starts_with_the_first_action_and_stops_at_a_win() -> None:
    session, clock, _ = make()
    clock.now += 50
    assert session.elapsed() == 0
    session.play("s")
    clock.now += 12.5
    assert session.elapsed() == pytest.approx(12.5)
    session.restart()
    assert session.elapsed() == 0
    assert not session.running


def test_a_won_game_stops_the_clock_and_refuses_moves() -> None:
    game = _almost_won()
    session = Session(game, clock=Clock())
    last = _winning_move(game)
    event = session.play(last)
    assert event.won
    assert not session.running
    refused = session.play("s")
    assert refused.kind == "refused"


def _almost_won() -> engine.Game:
    from tests.engine.players import greedy_move

    for seed in range(200):
        code = f"KL1-D1N-{engine.codes.seed_letters(seed)}"
        g = engine.new_game(code)
        for _ in range(3000):
            if g.won:
                break
            assert isinstance(g, Klondike)
            move = greedy_move(g)
            if move is None:
                break
            g.play(move)
        if g.won:
            g.undo()
            return g
    raise AssertionError("the greedy player won none of the first 200 deals")


def _winning_move(game: engine.Game) -> engine.Move:
    for move in game.legal_moves():
        probe = game.copy()
        probe.play(move)
        if probe.won:
            return move
    raise AssertionError("no winning move")


def test_a_new_game_follows_the_preferences() -> None:
    session, _, _ = make()
    session.preferences.options = {"KL": "D3V"}
    session.new_game()
    assert session.game.code.startswith("KL1-D3V-")
    assert session.game.score_text == "-$52"


def test_opening_a_game_updates_the_preferences() -> None:
    prefs = Preferences()
    Session(engine.new_game("KL1-D3C-AAAAAAB"), prefs)
    assert (prefs.game, prefs.options) == ("KL", {"KL": "D3C"})


def test_a_bad_code_for_a_new_game_raises() -> None:
    session, _, events = make()
    with pytest.raises(engine.CodeError):
        session.new_game("XX1-ZZZ")
    assert events == []


def test_format_clock() -> None:
    assert format_clock(59.99) == "0:59"
    assert format_clock(600) == "10:00"


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("KL1-D3V-AAAAAAG", "Klondike, draw 3, Vegas scoring"),
        ("KL1-D1C-AAAAAAG", "Klondike, draw 1, Classic rules"),
        ("SD1-S1-AAAAAAG", "Spiderette, 1 suit"),
        ("SP1-S4-AAAAAAG", "Spider, 4 suits"),
    ],
)
def test_a_deal_is_described_in_words(code: str, words: str) -> None:
    assert describe_code(engine.parse_code(code)) == words
