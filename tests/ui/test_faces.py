"""Card faces: index, suit marks, court cards."""

from __future__ import annotations

import pytest

from engine.cards import Card
from ui.model.faces import face_html, label


@pytest.mark.parametrize("rank", range(1, 14))
@pytest.mark.parametrize("suit", "shdc")
def test_every_face_shows_its_rank_and_suit(rank: int, suit: str) -> None:
    html = face_html(Card(rank, suit))
    text = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][rank - 1]
    assert f'<b class="rank">{text}</b>' in html
    assert html.count(f"#suit-{suit}") == 3
    assert ("court" in html) == (rank > 10)


def test_labels() -> None:
    assert label(Card(1, "d")) == "Ace of diamonds"
    assert label(Card(10, "c")) == "10 of clubs"
