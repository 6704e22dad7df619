"""What the page draws besides the cards, as state: the status line (its words, buttons
and how long they stay), the header's figures and the body's attributes, and what each
of the session's events says. ``ui.dom.status_line`` and ``ui.dom.header`` only copy it."""

from __future__ import annotations

import pytest

import engine
from ui.model.event_words import EventWords, event_words
from ui.model.header import header_of
from ui.model.i18n import _, again, use_language
from ui.model.session import Event, Session
from ui.model.status_line import (
    NBSP,
    STATUS_SECONDS,
    StatusLine,
    cleared,
    offer_taken,
    said,
    said_again,
    without_staying,
)
from ui.model.table import FinishButton, TableState, body_attributes

CODE = "KL1-D1N-AAAAAAG"


@pytest.fixture(autouse=True)
def english() -> None:
    use_language("en")


# ------------------------------------------------------------ the status line


def test_a_message_stays_seven_seconds_twice_as_long_with_why_and_an_offer_until_the_next() -> None:
    line = StatusLine()
    assert said(line, "Drew the 7 of hearts.", note=True).seconds == STATUS_SECONDS == 7
    assert said(line, "No.", rule="building").seconds == 14, "time to reach Why?"
    assert said(line, "Not proven.", offer="more").seconds == 0, "an offer stays until the player acts"
    assert said(line, "").seconds == 0
    assert cleared(said(line, "Drew.")).seconds == 0


def test_a_hints_verdict_stays_with_no_time_limit_until_the_next_message() -> None:
    line = said(StatusLine(), "Hint: tap the stock. This move keeps the game winnable.", offer="more", stays=True)
    assert line.stays
    assert line.seconds == 0, "no timer takes a hint's verdict away"
    assert said_again(line, "คำใบ้").stays, "a change of language keeps it"
    after = said(line, "Drew the 7 of hearts.", note=True)
    assert not after.stays
    assert after.seconds == STATUS_SECONDS
    assert not said(line, "", stays=True).stays, "an empty line has nothing to keep"


def test_a_passing_message_over_a_hints_verdict_gives_it_back_when_its_time_is_up() -> None:
    verdict = said(StatusLine(), "Hint: 8 of clubs onto 9 of hearts. Lost.", offer="rewind", stays=True)
    refused = said(verdict, "That card can't go there.", rule="building")
    assert refused.seconds == 14
    again_refused = said(refused, "That card can't go there.", rule="building")
    back = cleared(again_refused)
    assert (back.text, back.offer, back.stays) == (verdict.text, "rewind", True)
    assert back.serial > again_refused.serial, "drawn afresh"
    assert cleared(said(refused, "")).text == "", "an emptied line keeps nothing behind"
    # The table changed: what stayed goes, on show or behind the passing message.
    assert without_staying(verdict).text == ""
    assert cleared(without_staying(refused)).text == ""
    assert without_staying(refused).text == refused.text
    assert cleared(said(StatusLine(), "Drew.", note=True)).text == "", "nothing stayed: nothing comes back"


def test_a_long_description_shows_one_short_thing_and_is_read_whole() -> None:
    game = engine.new_game("SP1-S1-AAAAAAM")
    words = event_words(Event("play", game.play("s")), game)
    assert words is not None
    assert words.short == "Dealt a row of 10."
    assert words.text.startswith("Dealt a row of 10: ")
    assert words.text.count(" of spades") == 10
    line = said(StatusLine(), words.text, words.note, short=words.short)
    assert (line.shown_text, line.text) == (words.short, words.text)
    assert said(StatusLine(), "Drew.", short="Drew.").short == "", "nothing shorter to show"
    klondike = engine.new_game(CODE)
    move = event_words(Event("play", klondike.play("t5>t4")), klondike)
    assert move is not None
    assert move.short == "9 of diamonds onto 10 of clubs."
    use_language("th")
    try:
        game = engine.new_game("SP1-S1-AAAAAAM")
        thai = event_words(Event("play", game.play("s")), game)
        assert thai is not None
        assert thai.short == "แจกไพ่ 10 ใบ"
        assert len(thai.text) > 3 * len(thai.short)
    finally:
        use_language("en")


def test_nothing_said_has_no_buttons_and_empties_the_line() -> None:
    line = said(StatusLine(), "", rule="building", offer="rewind")
    assert (line.text, line.rule, line.offer, line.shown) == ("", "", None, False)


def test_the_same_words_again_change_a_little_so_that_they_are_read_again() -> None:
    first = said(StatusLine(), "That card can't go there.")
    second = said(first, "That card can't go there.")
    third = said(second, "That card can't go there.")
    assert first.text == "That card can't go there."
    assert second.text == first.text + NBSP
    assert third.text == first.text, "each message differs from the one before it"
    assert {first.words, second.words, third.words} == {"That card can't go there."}
    assert first.serial < second.serial < third.serial, "each is drawn and timed afresh"
    after_time = said(cleared(third), "That card can't go there.")
    assert after_time.text == first.text, "an empty line needs no change"


def test_a_cleared_line_keeps_nothing_and_clearing_twice_changes_nothing() -> None:
    line = cleared(said(StatusLine(), "No.", rule="building", offer="rewind"))
    assert (line.text, line.words, line.rule, line.offer, line.note) == ("", "", "", None, False)
    assert cleared(line) is line


def test_the_message_on_show_is_said_again_in_a_new_language() -> None:
    line = said(StatusLine(), _("Search cancelled."), rule="", offer="more")
    use_language("th")
    thai = said_again(line, again(line.words))
    assert thai.text != line.text
    assert thai.text
    assert (thai.offer, thai.serial) == ("more", line.serial + 1)
    assert said_again(cleared(line), "x").text == "", "nothing on show: nothing to say again"


def test_a_taken_offer_stays_on_show_but_is_not_made_again() -> None:
    line = offer_taken(said(StatusLine(), "Not proven.", offer="rewind"))
    assert (line.offer, line.taken, line.text) == ("rewind", True, "Not proven.")
    assert said_again(line, "Pas prouvé.").offer is None
    assert not said(line, "Next.").taken


# ------------------------------------------------------------------ the header


def test_the_header_shows_the_game_figures() -> None:
    game = engine.replay(f"{CODE} t5>t4")
    header = header_of(game, 3725.0, back_to_replaced=False)
    assert (header.score, header.moves, header.code, header.game_name, header.time) == (
        game.score_text,
        "1",
        CODE,
        "Klondike",
        "1:02:05",
    )
    assert not header.undo_disabled
    assert header.body == {"data-game": "KL", "data-scored": "true", "data-vegas": "false", "data-won": "false"}


def test_undo_is_disabled_only_with_nothing_to_undo_and_no_game_to_go_back_to() -> None:
    fresh = engine.new_game(CODE)
    assert header_of(fresh, 0, back_to_replaced=False).undo_disabled
    assert not header_of(fresh, 0, back_to_replaced=True).undo_disabled


def test_the_header_names_the_game_in_the_players_language() -> None:
    use_language("th")
    assert header_of(engine.new_game("FC1-F4-1"), 0, False).game_name != "FreeCell"


@pytest.mark.parametrize(
    ("code", "scored", "vegas"),
    [("KL1-D3V-AAAAAAG", "true", "true"), ("SP1-S1-AAAAAAB", "true", "false"), ("FC1-F4-1", "false", "false")],
)
def test_the_body_says_how_the_game_scores(code: str, scored: str, vegas: str) -> None:
    body = header_of(engine.new_game(code), 0, False).body
    assert (body["data-game"], body["data-scored"], body["data-vegas"]) == (code[:2], scored, vegas)


def test_the_body_says_whether_a_finish_is_on_offer_and_what_is_known_of_the_hint() -> None:
    state = TableState()
    assert body_attributes(state) == {"data-finish": "no", "data-hint-verdict": None, "data-hint-stage": None}
    state.header = header_of(engine.new_game(CODE), 0, False)
    state.finish = FinishButton(shown=True, looked=12)
    state.hint_verdict = "checking"
    attributes = body_attributes(state)
    assert attributes["data-finish"] == "ready"
    assert attributes["data-hint-verdict"] == "checking"
    assert attributes["data-game"] == "KL"


# ------------------------------------------------------- what the events say


def test_a_move_and_its_undo_are_said_quietly() -> None:
    session = Session(engine.new_game(CODE))
    played = session.play("t5>t4")
    words = event_words(played, session.game)
    assert words is not None
    assert words.note
    assert words.text.startswith("9 of diamonds onto 10 of clubs.")
    undone = event_words(session.undo(), session.game)
    assert undone is not None
    assert undone.note
    assert undone.text.startswith("Undone:")


def test_a_refusal_stands_out_with_its_rule() -> None:
    session = Session(engine.new_game(CODE))
    refused = session.play("t1>t2")
    assert refused.kind == "refused"
    assert event_words(refused, session.game) == EventWords(refused.message, False, refused.rule)
    assert refused.rule


def test_a_new_deal_says_which_and_reminds_of_the_game_left() -> None:
    game = engine.new_game("KL1-D3V-AAAAAAG")
    words = event_words(Event("new"), game, left_game=True)
    assert words == EventWords("New game: Klondike, draw 3, Vegas scoring. Undo brings back the game you left.")
    assert event_words(Event("restart"), game) == EventWords("The deal starts again.")


def test_an_opened_game_says_where_it_opens_unless_the_history_says_it() -> None:
    fresh = engine.new_game(CODE)
    played = engine.replay(f"{CODE} t5>t4")
    assert event_words(Event("load"), fresh) == EventWords(f"Opened the deal {CODE}: Klondike, draw 1, Normal scoring.")
    assert event_words(Event("load"), played) == EventWords("Opened a Klondike game at move 1.")
    assert event_words(Event("load"), played, quiet=True) is None
