"""The URL hash: deal codes and URL-encoded game records."""

from __future__ import annotations

import pytest

import engine
from ui.model.hashlink import Link, LinkError, code_hash, open_link, parse_hash, record_hash


def test_a_code_opens_its_deal() -> None:
    assert parse_hash("#SD1-S2-AAAAABC") == Link("SD1-S2-AAAAABC")
    game = open_link("#kl1-d3v-aaaaabd")
    assert game is not None
    assert game.code == "KL1-D3V-AAAAABD"
    assert game.moves == 0


def test_an_empty_hash_opens_nothing() -> None:
    assert parse_hash("") is None
    assert parse_hash("#") is None
    assert open_link("#%20") is None


def test_a_record_round_trips_with_its_undo_history() -> None:
    game = engine.replay("KL1-D1N-AAAAAAG t1>f t5>t4 s")
    text = record_hash(game.record())
    assert text == "#KL1-D1N-AAAAAAG%20t1%3Ef%20t5%3Et4%20s"
    opened = open_link(text)
    assert opened is not None
    assert opened.record() == game.record()
    assert opened.score == game.score
    assert opened.moves == 3
    assert opened.can_undo
    opened.undo()
    assert opened.moves == 2


def test_plus_signs_and_raw_spaces_are_read_as_spaces() -> None:
    plus, space = parse_hash("#KL1-D1N-AAAAAAG+t1%3Ef"), parse_hash("#KL1-D1N-AAAAAAG t1>f")
    assert plus is not None
    assert space is not None
    assert plus.moves == ("t1>f",)
    assert space.moves == ("t1>f",)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("#nonsense", "deal code is not valid"),
        ("#KL1-D2N-AAAAAAG", "deal code is not valid"),
        ("#KL1-D1N-AAAAAAG%20t3%3Et9", "doesn't replay"),
        ("#KL1-D1N-AAAAAAG%20t3%3Et1", "can't go on the Ace of diamonds"),
        ("#KL1-D1N-AAAAAAG%20zz", "doesn't replay"),
    ],
)
def test_a_bad_hash_says_why(text: str, words: str) -> None:
    with pytest.raises(LinkError) as caught:
        open_link(text)
    assert words in str(caught.value)


def test_code_hash() -> None:
    assert code_hash("SP1-S4-AAAAAAB") == "#SP1-S4-AAAAAAB"


def test_a_record_that_does_not_replay_still_names_its_game() -> None:
    with pytest.raises(LinkError) as caught:
        open_link("#SD1-S2-AAAAABC%20t1%3Et2")
    assert caught.value.settings == engine.parse_code("SD1-S2-AAAAABC")
    with pytest.raises(LinkError) as bad_code:
        open_link("#XX1-S2-AAAAABC")
    assert bad_code.value.settings is None
