"""Instant hints: the fast ranking's move at once, cycling on repeated presses,
and the words for what the solver knows of the move shown."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.advice import leads_back, rank_moves
from engine.codes import MAX_SEED, DealCode, format_code
from tests.engine.players import position
from ui.model.hints import (
    NO_MOVE,
    VERDICTS,
    HintCycle,
    choose_hint,
    hint_moves,
    hint_stages,
    hint_words,
    no_hint_text,
)
from ui.model.i18n import _ as translate
from ui.model.i18n import again, use_language


def test_fresh_klondike_deal_hints_an_ace_home() -> None:
    game = engine.new_game("KL1-D1N-AAAAAAG")
    choice = choose_hint(game, 0)
    assert choice is not None
    assert choice.hint.move == "t1>f"
    assert choice.hint.text == "Hint: Ace of diamonds to the diamonds foundation."
    assert not choice.proven
    second = choose_hint(game, 1)
    assert second is not None
    assert second.hint.text == "Hint: Ace of hearts to the hearts foundation."


def test_spiderette_deal_hints_the_ace_of_spades_onto_the_two() -> None:
    choice = choose_hint(engine.new_game("SD1-S2-AAAAABC"), 0)
    assert choice is not None
    assert choice.hint.text == "Hint: Ace of spades onto 2 of spades."
    assert (choice.number, choice.of) == (1, 5)


def test_repeated_presses_cycle_through_the_good_moves_and_wrap() -> None:
    game = engine.new_game("KL1-D1N-AAAAAAG")
    cycle = HintCycle()
    record = game.record()
    shown = []
    for _ in range(5):
        choice = choose_hint(game, cycle.press(record))
        assert choice is not None
        # Each shown whole (the setting): every press is a new move.
        assert cycle.stage(hint_stages(choice.hint), whole=True) == "move"
        shown.append(choice.hint.move)
    assert shown == ["t1>f", "t7>f", "t5>t4", "s", "t1>f"]
    game.play("t1>f")
    first = choose_hint(game, cycle.press(game.record()))
    assert first is not None
    assert first.hint.move == "t7>f"


def test_a_winning_line_leads_and_is_proven() -> None:
    game = engine.new_game("KL1-D1N-AAAAAAG")
    choice = choose_hint(game, 0, ["t5>t4", "t1>f"])
    assert choice is not None
    assert choice.hint.move == "t5>t4"
    assert choice.proven
    assert hint_words(choice, "proven").endswith("This move keeps the game winnable.")
    other = choose_hint(game, 1, ["t5>t4", "t1>f"])
    assert other is not None
    assert not other.proven
    assert "no winning line yet" in hint_words(other, "checking")
    assert "starts with another move" in hint_words(other, "other")


def test_the_lines_deal_from_the_stock_leads_over_moves_that_shuffle() -> None:
    # The solver's next move is the stock even when the fast ranking has moves above it:
    # a line followed to the end wins, the ranking's moves may only go round.
    game = engine.new_game("SD1-S2-AAAAABC")
    choice = choose_hint(game, 0, ["s"])
    assert choice is not None
    assert (choice.hint.move, choice.proven) == ("s", True)


def test_a_line_that_goes_back_to_a_position_seen_is_not_followed() -> None:
    game = engine.replay("KL1-D1N-AAAAAAB s t1>t7 s t5>t1 s t5>t4 t4>f f2>t4")
    choice = choose_hint(game, 0, ["t4>f", "w>t7"])
    assert choice is not None
    assert choice.hint.move != "t4>f"
    assert not choice.proven


def test_when_every_move_goes_back_hint_says_so() -> None:
    record = "SD1-S4-AAAAAAH t2>t4 t5>t1 t5>t1 t7>t1 t2>t4 t3>t2 t3>t4 s s s s t6>t3 t1>t6 t4>t3 t4>t5 t5>t6"
    game = engine.replay(record)
    assert game.legal_moves()
    assert choose_hint(game, 0) is None
    assert no_hint_text(game).startswith("Every move from here goes back")


def test_a_stale_line_is_ignored() -> None:
    game = engine.new_game("KL1-D1N-AAAAAAG")
    assert hint_moves(game, ["w>t3"]) == hint_moves(game)


def test_no_legal_move_gives_no_hint() -> None:
    game = position({"t1": "#Kh 4h", "f1": "As 2s 3s"}, code="KL1-D1C-AAAAAAA")
    assert game.legal_moves() == []
    assert choose_hint(game, 0) is None
    assert "No move is possible" in NO_MOVE


def test_only_a_pointless_move_left_is_offered_not_proven() -> None:
    game = position({"f1": "As 2s 3s", "t1": "#Kh 4h"}, code="KL1-D1V-AAAAAAA")
    choice = choose_hint(game, 0)
    assert choice is not None
    assert choice.hint.move == "f1>t1"
    words = hint_words(choice, "unknown")
    assert words.startswith("Hint: 3 of spades onto 4 of hearts.")
    assert "Undecided" in words


def test_every_verdict_has_its_own_words() -> None:
    choice = choose_hint(engine.new_game("KL1-D1N-AAAAAAG"), 3)
    assert choice is not None
    texts = {verdict: hint_words(choice, verdict) for verdict in VERDICTS}
    assert len(set(texts.values())) == len(VERDICTS)
    assert all(text.startswith("Hint 4 of 4: tap the stock.") for text in texts.values())


def test_a_verdict_never_contradicts_itself() -> None:
    """A decided loss says lost and nothing of proof; an undecided game says undecided."""
    choice = choose_hint(engine.new_game("KL1-D1N-AAAAAAG"), 0)
    assert choice is not None
    words = {  # language: (lost, undecided, words no lost position may say)
        "en": ("Lost:", "Undecided:", ("Not proven", "not proven")),
        "th": ("แพ้แล้ว", "ยังตัดสินไม่ได้", ("พิสูจน์ไม่ได้", "ยังไม่ได้พิสูจน์")),
        "km": ("ចាញ់ហើយ", "មិនទាន់សម្រេចបាន", ("មិនអាចបញ្ជាក់បាន", "មិនទាន់បានបញ្ជាក់")),
    }
    try:
        for language, (lost, undecided, unproven) in words.items():
            assert use_language(language)
            lost_words = hint_words(choice, "lost")
            assert lost in lost_words, lost_words
            assert not any(w in lost_words for w in unproven), lost_words
            unknown_words = hint_words(choice, "unknown")
            assert undecided in unknown_words, unknown_words
            assert lost not in unknown_words, unknown_words
    finally:
        use_language("en")


GAMES = [DealCode("KL", 3, "V", 4, 0), DealCode("KL", 1, "N", 4, 0), DealCode("SD", 1, "N", 4, 0)]
GAMES += [DealCode("SP", 1, "N", 2, 0)]


@settings(max_examples=25, deadline=None)
@given(variant=st.sampled_from(GAMES), seed=st.integers(0, MAX_SEED), steps=st.integers(0, 150), mix=st.integers())
def test_a_hint_exists_exactly_when_a_move_is_legal(variant: DealCode, seed: int, steps: int, mix: int) -> None:
    game = engine.new_game(format_code(DealCode(variant.game, variant.draw, variant.scoring, variant.suits, seed)))
    rng = random.Random(mix)
    for _ in range(steps):
        legal = game.legal_moves()
        if not legal or game.won:
            break
        game.play(rng.choice(legal))
    moves = hint_moves(game)
    assert len(set(moves)) == len(moves)
    assert all(game.is_legal(m) for m in moves)
    seen = game.seen_positions()
    assert not any(leads_back(game, m, seen) for m in moves)
    choice = choose_hint(game, rng.randrange(10))
    assert (choice is None) == (not moves)
    if not game.history:
        assert (choice is None) == (not game.legal_moves())
    if choice is not None and any(m != "s" for m in moves) and moves[0] == "s":
        # The stock leads only when nothing else makes progress.
        assert not any(a.progress for a in rank_moves(game, seen))


def test_hints_are_numbered_in_every_language() -> None:
    game = engine.new_game("KL1-D1N-AAAAAAG")
    try:
        for language, numbered in (("th", "คำใบ้ 2 จาก 4:"), ("km", "តម្រុយទី 2 ក្នុងចំណោម 4៖")):
            assert use_language(language)
            choice = choose_hint(game, 1)
            assert choice is not None
            words = hint_words(choice, "checking")
            assert words.startswith(numbered), words
            assert translate("Hint:") not in words
            assert translate(NO_MOVE) != NO_MOVE
    finally:
        use_language("en")


def test_a_hint_on_show_follows_a_change_of_language() -> None:
    choice = choose_hint(engine.new_game("KL1-D1N-AAAAAAG"), 1)
    assert choice is not None
    words = hint_words(choice, "proven")
    assert words.startswith("Hint 2 of 4:")
    try:
        assert use_language("th")
        assert again(words).startswith("คำใบ้ 2 จาก 4:")
        assert again(words).endswith(translate("This move keeps the game winnable."))
    finally:
        use_language("en")
