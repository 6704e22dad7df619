"""The URL hash: deal codes and URL-encoded game records."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from ui.model.hashlink import (
    MAX_LINK_MOVES,
    Link,
    LinkError,
    code_hash,
    open_link,
    parse_hash,
    record_hash,
    share_deal_only_text,
    share_hash,
)


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


def test_a_refused_link_quotes_a_huge_move_shortened() -> None:
    with pytest.raises(LinkError) as caught:
        open_link("#KL1-D1N-AAAAAAG%20s%20" + "x" * 99_000)
    message = str(caught.value)
    assert "Move 2 (xxxxxxxxxxxxxxxxxxxx…)" in message
    assert len(message) < 200


CODES = ["KL1-D1N-AAAAAAG", "SD1-S1-AAAAAAB", "FC1-F4-1", "K" * 500]


@given(st.text(min_size=1, max_size=5000), st.sampled_from(CODES))
def test_a_refused_link_never_repeats_its_input_whole(move: str, code: str) -> None:
    refused = ""
    try:
        open_link("#" + quote(f"{code} s {move}", safe="-"))
    except LinkError as error:
        refused = str(error)
    assert len(refused) <= 300


@pytest.mark.parametrize("moves", [MAX_LINK_MOVES, MAX_LINK_MOVES + 1])
def test_share_offers_only_what_a_link_opens(moves: int) -> None:
    # A Klondike stock tapped again and again: a legal game of any length.
    game = engine.replay("KL1-D1N-AAAAAAG" + " s" * moves)
    hash_text, whole = share_hash(game.record())
    opened = open_link(hash_text)  # never refused where it is opened
    assert opened is not None
    if moves <= MAX_LINK_MOVES:
        assert whole
        assert opened.record() == game.record()
    else:
        assert not whole
        assert (opened.code, opened.moves) == (game.code, 0)
        assert "5000 moves" in share_deal_only_text()
    with pytest.raises(LinkError, match="more than 5000 moves"):
        open_link(record_hash(game.record() + " s"))
