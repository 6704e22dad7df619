"""The fast move ranking behind hints (engine/advice.py).

Random playouts (Hypothesis) in every game check its promises on each position:
every legal move is ranked once; the stock tap never comes before a move that
makes progress; there is a suggestion whenever a legal move leads somewhere
new; no suggestion undoes the last move or goes back to a position the game
has been in; and each move does what its kind says.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.advice import KINDS, PROGRESS, Advice, leads_back, rank_moves, suggestions
from engine.codes import MAX_SEED, DealCode, format_code
from engine.game import Game
from engine.klondike import FOUNDATIONS
from engine.spider import Spiderette
from tests.engine.players import position

VARIANTS = [
    *(DealCode("KL", draw, scoring, 4, 0) for draw in (1, 3) for scoring in ("N", "V", "C")),
    *(DealCode(game, 1, "N", suits, 0) for game in ("SD", "SP") for suits in (1, 2, 4)),
]


def on_foundations(game: Game) -> int:
    return sum(len(game.pile(f)) for f in FOUNDATIONS)


def check_claim(game: Game, advice: Advice) -> None:
    """Playing the move (on a copy) does what its kind says."""
    copy = game.copy()
    before_home = on_foundations(copy) if copy.settings.game == "KL" else 0
    move = advice.move
    source = copy.pile(move.src) if not move.is_stock_tap else ()
    action = copy.play(move)
    kind = advice.kind
    if kind in ("home-safe", "home"):
        assert on_foundations(copy) == before_home + 1
    elif kind == "reveal":
        assert move.src in action.flipped
    elif kind == "run":
        assert action.removed
    elif kind == "empty":
        assert (source and not copy.pile(move.src)) or action.removed
    elif kind == "waste":
        assert move.src == "w"
        assert action.dst.startswith("t")
    elif kind == "take-back":
        assert move.src.startswith("f")
    elif kind == "stock":
        assert move.is_stock_tap
    elif kind == "fill":
        assert not game.pile(move.dst)
        assert game.pile("s")
        assert copy.pile(move.src), "filling a column does not empty another"
    elif kind == "suit":
        under = copy.pile(action.dst)[-move.count - 1]
        assert under.suit == source[-move.count].suit
    elif kind == "unblock":
        top = copy.top(move.src)
        assert top is not None
        assert copy.is_legal(engine.Move(move.src, "f", 1))
    elif kind == "reverse":
        last = game.history[-1]
        undoes = (move.src, move.dst, move.count) == (last.dst, last.move.src, last.move.count)
        assert undoes or copy.position() in game.seen_positions()


def check_position(game: Game) -> None:
    legal = game.legal_moves()
    ranked = rank_moves(game)
    assert sorted(map(str, (a.move for a in ranked))) == sorted(map(str, legal))
    assert [a.key for a in ranked] == sorted(a.key for a in ranked)
    kinds = KINDS[game.settings.game]
    assert all(a.kind in kinds for a in ranked)
    stock = [i for i, a in enumerate(ranked) if a.kind == "stock"]
    progress = [i for i, a in enumerate(ranked) if a.progress]
    if stock and progress:
        assert max(progress) < stock[0], "a stock tap ranked above a move that makes progress"
    seen = game.seen_positions()
    hints = suggestions(game)
    forward = [a for a in rank_moves(game, seen) if a.kind != "reverse"]
    assert bool(hints) == bool(forward)
    if legal and not any(leads_back(game, m, seen) for m in legal) and not game.history:
        assert hints, "no hint at a position whose every move leads somewhere new"
    assert all(game.is_legal(a.move) for a in hints)
    assert not any(leads_back(game, a.move, seen) for a in hints), "a hint goes back to a position seen"
    if game.history and game.history[-1].kind == "move":
        last = game.history[-1]
        assert not any(
            (a.move.src, a.move.dst, a.move.count) == (last.dst, last.move.src, last.move.count)
            for a in hints
            if a.kind != kinds[0]  # a card sent home (or a run completed) is never undone by its own kind
        ), "a hint undoes the last move"
    for advice in rank_moves(game, seen):
        check_claim(game, advice)
    if any(a.progress for a in forward):
        assert hints[0].progress
        assert not hints[0].move.is_stock_tap
    if game.history and game.history[-1].kind == "move" and len(legal) > 1:
        last = game.history[-1]
        first = ranked[0].move
        if first.src == last.dst and first.dst == last.move.src and first.count == last.move.count:
            assert ranked[0].kind in ("home-safe", "run"), "the first choice undoes the last move"
    for advice in ranked:
        check_claim(game, advice)


@settings(max_examples=30)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, MAX_SEED),
    steps=st.integers(0, 120),
    mix=st.integers(0, 2**32 - 1),
)
def test_ranking_promises_hold_along_random_playouts(variant: DealCode, seed: int, steps: int, mix: int) -> None:
    game = engine.new_game(format_code(DealCode(variant.game, variant.draw, variant.scoring, variant.suits, seed)))
    rng = random.Random(mix)
    for _ in range(steps):
        check_position(game)
        legal = game.legal_moves()
        if not legal or game.won:
            break
        # Half the time the hint's move, half the time any move: both kinds of positions get checked.
        hints = suggestions(game)
        move = hints[0].move if hints and rng.random() < 0.5 else rng.choice(legal)
        game.play(move)
    check_position(game)


def test_fresh_klondike_deal_sends_the_aces_home_before_the_stock() -> None:
    game = engine.new_game("KL1-D1N-AAAAAAG")
    hints = suggestions(game)
    assert [str(a.move) for a in hints[:2]] == ["t1>f", "t7>f"]  # Ace of diamonds, Ace of hearts
    assert {a.kind for a in hints[:2]} == {"home-safe"}
    assert hints[-1].move.is_stock_tap
    assert [a.kind for a in hints].index("stock") == len(hints) - 1


def test_spiderette_deal_puts_the_ace_of_spades_on_the_two() -> None:
    game = engine.new_game("SD1-S2-AAAAABC")
    assert (str(game.top("t2")), str(game.top("t3"))) == ("As", "2s")
    first = suggestions(game)[0]
    assert str(first.move) == "t2>t3"
    assert first.kind == "reveal"
    assert not any(a.move.is_stock_tap for a in suggestions(game)[:-1])


def test_only_a_take_back_left_is_still_suggested() -> None:
    # Vegas, stock and waste gone through: the only legal move is a foundation take-back.
    game = position({"f1": "As 2s 3s", "t1": "#Kh 4h"}, code="KL1-D1V-AAAAAAA")
    legal = [str(m) for m in game.legal_moves()]
    assert legal == ["f1>t1"]
    hints = suggestions(game)
    assert [(str(a.move), a.kind, a.progress) for a in hints] == [("f1>t1", "take-back", False)]


def test_a_king_alone_is_not_moved_to_another_empty_column() -> None:
    game = position({"t1": "Kh", "t3": "#5c Ks Qh", "s": "#2c"})
    ranked = rank_moves(game)
    kinds = {str(a.move): a.kind for a in ranked}
    assert kinds["t1>t2"] == "pointless"
    assert ranked[-1].kind == "pointless"
    assert suggestions(game)[0].kind == "reveal"  # Ks Qh to an empty column turns up the 5 of clubs


def test_unsafe_card_home_ranks_below_turning_up_a_card() -> None:
    # The 5 of hearts may still be needed for the 4 of spades: its going home is "home", not "home-safe".
    game = position(
        {"f2": "Ah 2h 3h 4h", "f1": "As 2s", "t1": "5h", "t2": "#9c 8d", "t3": "9s", "s": "#Kc"},
    )
    kinds = {str(a.move): a.kind for a in rank_moves(game)}
    assert kinds["t1>f"] == "home"
    assert kinds["t2>t3"] == "reveal"
    assert [a.kind for a in suggestions(game)][:2] == ["reveal", "home"]


def test_repeated_hints_never_offer_the_move_just_undone_by_a_reverse() -> None:
    # After 9d moves onto the 10 of clubs, moving it straight back is the last resort, not a hint.
    game = engine.replay("KL1-D1N-AAAAAAG t5>t4")
    assert all(a.kind != "reverse" for a in suggestions(game))


@pytest.mark.parametrize("code", ["SP1-S2-AAAAAAA", "SD1-S4-AAAAAAH", "KL1-D3C-AAAAAAB"])
def test_a_game_played_by_the_first_suggestion_never_undoes_its_last_move(code: str) -> None:
    game = engine.new_game(code)
    positions = [game.position()]
    for _ in range(300):
        hints = suggestions(game)
        if not hints or game.won:
            break
        move = hints[0].move
        moved_last = bool(game.history) and game.history[-1].kind == "move"
        if moved_last and len(game.legal_moves()) > 1 and hints[0].kind not in ("home-safe", "run"):
            last = game.history[-1]
            assert (move.src, move.dst, move.count) != (last.dst, last.move.src, last.move.count)
        game.play(move)
        positions.append(game.position())
    assert game.moves > 15
    assert len(set(positions)) == len(positions), "the suggestions went round in circles"


def test_with_a_column_empty_filling_it_comes_before_moves_that_go_nowhere() -> None:
    # The deal is refused while t3 is empty: the 5 of spades filling it makes progress,
    # onto the 6 of hearts it does not (it uncovers nothing, and the stock still waits).
    piles = {"t1": "Kh 5s", "t2": "6h", "t4": "#9c 8c", "t5": "Qs", "t6": "Jh", "t7": "2c", "s": "#3d #4d #5d"}
    game = Spiderette.from_piles("SD1-S2-AAAAAAA", piles)
    assert not game.is_legal("s")
    kinds = {str(a.move): a.kind for a in rank_moves(game)}
    assert kinds["t1>t3"] == "fill"
    assert kinds["t1>t2"] == "build"
    assert "fill" in PROGRESS["SD"]
    hints = [str(a.move) for a in suggestions(game)]
    assert "t1>t3" in hints
    assert "t1>t2" not in hints, "a build that leaves the stock waiting is no hint while a column can be filled"


def test_progress_kinds_are_those_above_the_stock() -> None:
    assert {"reveal", "home-safe"} <= PROGRESS["KL"]
    assert "suit" in PROGRESS["SD"]
    assert "suit" in PROGRESS["SP"]
    assert not PROGRESS["KL"] & {"stock", "shuffle", "take-back", "reverse", "pointless"}
    assert not PROGRESS["SP"] & {"stock", "shuffle", "build", "reverse", "pointless"}
    assert "build" in PROGRESS["FC"]
    assert not PROGRESS["FC"] & {"take-back", "reverse", "pointless"}
