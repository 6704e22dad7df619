"""Which sound each action makes."""

from __future__ import annotations

import engine
from tests.browser.records import near_win
from ui.model.hashlink import open_link
from ui.model.session import Event, Session
from ui.model.sounds import sounds_of, volume_level


def test_deals_draws_and_rows_have_their_sounds() -> None:
    session = Session(engine.new_game("KL1-D1N-AAAAAAG"), clock=lambda: 0.0)
    assert sounds_of(session.new_game("KL1-D1N-AAAAAAB")) == [("deal", 0)]
    assert sounds_of(session.restart()) == [("deal", 0)]
    assert sounds_of(session.load(engine.new_game("KL1-D1N-AAAAAAG"))) == [], "nothing moved by hand"
    spider = Session(engine.new_game("SD1-S1-AAAAAAH"), clock=lambda: 0.0)
    assert sounds_of(spider.play("s")) == [("deal", 0)]
    assert sounds_of(Event("refused")) == []


def test_the_winning_move_ends_with_the_win() -> None:
    link, last = near_win()
    game = open_link(link)
    assert game is not None
    session = Session(game, clock=lambda: 0.0)
    sounds = sounds_of(session.play(last))
    assert sounds[0] == ("put", 0)
    assert sounds[-1][0] == "win"


def test_the_volume_is_a_level_from_0_to_1() -> None:
    assert volume_level(0) == 0.0
    assert volume_level(100) == 1.0
    assert volume_level(-5) == 0.0
    assert volume_level(True) == 0.4
