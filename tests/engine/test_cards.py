from __future__ import annotations

import pytest

from engine.cards import RANKS, SUITS, Card, color, is_red, parse_card


def test_card_prints_as_notation() -> None:
    assert str(Card(10, "s")) == "Ts"
    assert str(Card(1, "h")) == "Ah"
    assert str(Card(13, "c", face_up=False)) == "Kc"


def test_every_card_parses_back() -> None:
    for suit in SUITS:
        for rank in range(1, 14):
            card = Card(rank, suit)
            assert parse_card(str(card)) == card
    assert parse_card("10d") == Card(10, "d")
    assert parse_card("qH") == Card(12, "h")
    assert parse_card("Ks", face_up=False) == Card(13, "s", False)


@pytest.mark.parametrize("text", ["", "X", "1s", "Tx", "AAs", "0s", "11s", "T", "sT"])
def test_garbage_is_not_a_card(text: str) -> None:
    with pytest.raises(ValueError, match="Not a card"):
        parse_card(text)


def test_colours_and_suit_order() -> None:
    assert SUITS == ("s", "h", "d", "c")
    assert RANKS == "A23456789TJQK"
    assert [is_red(s) for s in SUITS] == [False, True, True, False]
    assert color(Card(5, "d")) == "red"
    assert color("c") == "black"
    assert Card(5, "h").is_red
    assert Card(5, "s").color == "black"


def test_cards_are_immutable_values() -> None:
    card = Card(7, "h", False)
    with pytest.raises(AttributeError):
        card.rank = 8  # type: ignore[misc]
    assert card.turned() == Card(7, "h", True)
    assert card.with_face(False) is card
    assert Card(12, "h").name == "Queen of hearts"
    assert Card(10, "c").name == "10 of clubs"
