"""Spiderette and Spider (RULES.md section 2): deal, moves, deals, completed runs,
winning, scoring, undo and refusals, one test per rule."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine import CodeError, IllegalMove, Move
from engine.codes import make_deck, parse_code, shuffle
from engine.spider import REMOVED, Spider, Spiderette

SPADES = "Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"
"""King down to 2 of spades: one Ace short of a completed run."""


def run(suit: str, low: int = 1) -> str:
    """King down to rank ``low`` of one suit, face up, in notation."""
    return " ".join(f"{'A23456789TJQK'[rank - 1]}{suit}" for rank in range(13, low - 1, -1))


def snapshot(game: Spiderette) -> tuple[object, ...]:
    """Everything a player can see, the undo history aside."""
    return (
        {pid: game.pile(pid) for pid in (*game.pile_ids, REMOVED)},
        game.score,
        game.moves,
        game.removed_runs,
        game.deals_left,
        game.won,
        game.stock_action(),
        [str(m) for m in game.legal_moves()],
    )


def faces(game: Spiderette) -> str:
    return " ".join(str(game.top(t)) for t in game.columns)


# ------------------------------------------------------------ codes and deal


def test_codes_make_spiderette_and_spider_games() -> None:
    g = engine.new_game("sd1-s4-aaaaaah")
    assert isinstance(g, Spiderette)
    assert not isinstance(g, Spider)
    assert (g.code, g.game_name, g.suits) == ("SD1-S4-AAAAAAH", "Spiderette", 4)
    assert g.pile_ids == ("s", "t1", "t2", "t3", "t4", "t5", "t6", "t7")
    sp = engine.new_game("SP1-S2-AAAAABD")
    assert isinstance(sp, Spider)
    assert (sp.code, sp.game_name, sp.suits, sp.settings.seed) == ("SP1-S2-AAAAABD", "Spider", 2, 29)
    assert sp.pile_ids == ("s", *(f"t{i}" for i in range(1, 11)))
    for bad in ("SD1-S3-AAAAAAH", "SP1-D1N-AAAAAAA", "SD2-S4-AAAAAAH", "SP1-S4-AAAAAA"):
        with pytest.raises(CodeError):
            engine.new_game(bad)
    with pytest.raises(CodeError, match="not a Spiderette deal code"):
        Spiderette("SP1-S4-AAAAAAH")
    with pytest.raises(CodeError, match="not a Spider deal code"):
        Spider("SD1-S4-AAAAAAH")


def test_golden_spiderette_deal() -> None:
    g = engine.new_game("SD1-S4-AAAAAAH")
    assert isinstance(g, Spiderette)
    assert faces(g) == "4h 6h Jc 7c 3s 8h As"
    assert [len(g.pile(t)) for t in g.columns] == [1, 2, 3, 4, 5, 6, 7]
    assert len(g.pile("s")) == 24
    assert (g.deals_left, g.removed_runs, g.score, g.moves, g.won) == (4, (), 500, 0, False)


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_spiderette_deals_like_klondike_and_its_stock_deals_7_7_7_3(suits: int) -> None:
    code = parse_code(f"SD1-S{suits}-AAAAABD")
    cards = shuffle(make_deck("SD", suits), code.seed)
    g = engine.new_game(str(code))
    assert isinstance(g, Spiderette)
    index = 0
    for row in range(7):
        for col in range(row, 7):
            card = g.pile(f"t{col + 1}")[row]
            assert (card.rank, card.suit, card.face_up) == (cards[index].rank, cards[index].suit, row == col)
            index += 1
    assert index == 28
    for deal, size in enumerate((7, 7, 7, 3)):
        assert g.deals_left == 4 - deal
        before = [len(g.pile(t)) for t in g.columns]
        g.play("s")
        for col, t in enumerate(g.columns):
            grew = len(g.pile(t)) - before[col]
            assert grew == (1 if col < size else 0)
            if grew:
                top = g.top(t)
                assert top is not None
                assert top.face_up
                assert (top.rank, top.suit) == (cards[index].rank, cards[index].suit)
                index += 1
    assert index == 52
    assert g.deals_left == 0
    assert not g.pile("s")


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_spider_deal_shape_and_five_deals_of_ten(suits: int) -> None:
    code = parse_code(f"SP1-S{suits}-AAAAAAH")
    cards = shuffle(make_deck("SP", suits), code.seed)
    g = engine.new_game(str(code))
    assert isinstance(g, Spider)
    assert [len(g.pile(t)) for t in g.columns] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    for col, t in enumerate(g.columns):
        pile = g.pile(t)
        for row, card in enumerate(pile):
            expected = cards[row * 10 + col]
            assert (card.rank, card.suit) == (expected.rank, expected.suit)
            assert card.face_up == (row == len(pile) - 1)
    assert len(g.pile("s")) == 50
    assert not any(c.face_up for c in g.pile("s"))
    index = 54
    for deal in range(5):
        assert g.deals_left == 5 - deal
        g.play("s")
        for t in g.columns:
            top = g.top(t)
            assert top is not None
            assert top.face_up
            assert (top.rank, top.suit) == (cards[index].rank, cards[index].suit)
            index += 1
    assert index == 104
    assert g.deals_left == 0
    with pytest.raises(IllegalMove, match=r"^The stock is empty\.$"):
        g.play("s")


@pytest.mark.parametrize(
    ("game", "suits", "expected"),
    [
        ("SD", 1, {"s": 4}),
        ("SD", 2, {"s": 2, "h": 2}),
        ("SD", 4, {"s": 1, "h": 1, "d": 1, "c": 1}),
        ("SP", 1, {"s": 8}),
        ("SP", 2, {"s": 4, "h": 4}),
        ("SP", 4, {"s": 2, "h": 2, "d": 2, "c": 2}),
    ],
)
def test_deck_make_up(game: str, suits: int, expected: dict[str, int]) -> None:
    g = engine.new_game(f"{game}1-S{suits}-AAAAAAB")
    cards = Counter((c.rank, c.suit) for pid in g.pile_ids for c in g.pile(pid))
    want = Counter({(rank, suit): copies for suit, copies in expected.items() for rank in range(1, 14)})
    assert cards == want
    assert sum(cards.values()) == (52 if game == "SD" else 104)


# ------------------------------------------------------------------ moves


def test_a_card_goes_onto_one_rank_higher_in_any_suit() -> None:
    g = Spiderette.from_piles("SD1-S4-AAAAAAA", {"t1": "9h", "t2": "Ts", "t3": "Th", "t4": "Js", "t5": "8h"})
    assert g.is_legal("t1>t2")
    assert g.is_legal("t1>t3")
    with pytest.raises(IllegalMove, match=r"^A card goes onto a card one rank higher\.$"):
        g.play("t1>t4")
    with pytest.raises(IllegalMove, match=r"^A card goes onto a card one rank higher\.$"):
        g.play("t1>t5")  # down, not up
    g.play("t1>t2")
    assert [str(c) for c in g.pile("t2")] == ["Ts", "9h"]


def test_a_run_of_one_suit_moves_as_a_group() -> None:
    g = Spiderette.from_piles("SD1-S4-AAAAAAA", {"t1": "#Kd 9s 8s 7s", "t2": "Th", "t3": "9d"})
    action = g.play("t1:3>t2")
    assert [str(c) for c in g.pile("t2")] == ["Th", "9s", "8s", "7s"]
    assert action.flipped == ("t1",)
    g.undo()
    g.play("t1:2>t3")  # part of the run
    assert [str(c) for c in g.pile("t3")] == ["9d", "8s", "7s"]


def test_a_mixed_suit_sequence_moves_only_card_by_card() -> None:
    g = Spiderette.from_piles("SD1-S4-AAAAAAA", {"t1": "9s 8h 7s", "t2": "Td", "t3": "8d", "t4": "9c"})
    for count in (2, 3):
        with pytest.raises(IllegalMove, match=r"^Only a run of one suit moves as a group\.$"):
            g.play(f"t1:{count}>t2")
    assert not g.can_pick("t1", 2)
    g.play("t1>t3")
    g.play("t1>t4")
    g.play("t1>t2")
    assert not g.pile("t1")


def test_a_group_out_of_rank_order_does_not_move() -> None:
    g = Spiderette.from_piles("SD1-S1-AAAAAAA", {"t1": "9s 5s", "t2": "Ts", "t3": ""})
    with pytest.raises(IllegalMove, match=r"^Only a run of one suit moves as a group\.$"):
        g.play("t1:2>t3")


def test_face_down_cards_do_not_move() -> None:
    g = Spiderette.from_piles("SD1-S1-AAAAAAA", {"t1": "#6s 5s", "t2": "7s"})
    with pytest.raises(IllegalMove, match="Only face-up cards can be moved"):
        g.play("t1:2>t2")


def test_nothing_goes_onto_an_ace() -> None:
    g = Spiderette.from_piles("SD1-S4-AAAAAAA", {"t1": "2s", "t2": "Ah", "t3": "Kc", "t4": "As"})
    for src in ("t1", "t3", "t4"):
        with pytest.raises(IllegalMove, match=r"^Nothing can go onto an Ace\.$"):
            g.play(f"{src}>t2")


def test_a_king_goes_only_to_an_empty_column() -> None:
    g = Spiderette.from_piles("SD1-S4-AAAAAAA", {"t1": "Kh", "t2": "Qs", "t3": "", "t4": "Ks"})
    with pytest.raises(IllegalMove, match=r"^A King can only go to an empty column\.$"):
        g.play("t1>t4")
    with pytest.raises(IllegalMove, match=r"^A King can only go to an empty column\.$"):
        g.play("t1>t2")
    g.play("t1>t3")


def test_an_empty_column_takes_any_card_or_movable_group() -> None:
    g = Spiderette.from_piles(
        "SD1-S4-AAAAAAA", {"t1": "#Kd 5h", "t2": "", "t3": "Ks 9c 8c 7c", "t4": "", "t5": "6d 5s", "t6": ""}
    )
    g.play("t1>t2")
    g.play("t3:3>t4")
    with pytest.raises(IllegalMove, match="one suit"):
        g.play("t5:2>t6")
    assert [str(c) for c in g.pile("t4")] == ["9c", "8c", "7c"]


def test_the_card_left_face_down_turns_up_by_itself() -> None:
    g = Spiderette.from_piles("SD1-S4-AAAAAAA", {"t1": "#Kd #4c 5h", "t2": "6s"})
    action = g.play("t1>t2")
    assert action.flipped == ("t1",)
    top = g.top("t1")
    assert top is not None
    assert (str(top), top.face_up) == ("4c", True)
    assert g.pile("t1")[0].face_up is False
    # An empty column has nothing to turn up.
    g2 = Spiderette.from_piles("SD1-S4-AAAAAAA", {"t1": "5h", "t2": "6s"})
    assert g2.play("t1>t2").flipped == ()


def test_moves_only_between_columns() -> None:
    g = Spiderette.from_piles("SD1-S4-AAAAAAA", {"t1": "5h", "t2": "6s", "s": "#2c"})
    cases = {
        "w>t1": "no waste or foundations",
        "t1>f": "no waste or foundations",
        "t1>f2": "no waste or foundations",
        "t1>t8": "There is no pile 't8' in Spiderette.",
        "t9>t1": "There is no pile 't9' in Spiderette.",
        "t1>t1": "already in that column",
        "t3>t1": "Column t3 is empty.",
        "t1:2>t2": "Only face-up cards can be moved: column t1 has 1 face-up card.",
    }
    for move, words in cases.items():
        assert words in (g.refusal(move) or ""), move
    with pytest.raises(IllegalMove):
        g.play("s>t1")
    with pytest.raises(IllegalMove, match="back into the stock"):
        g.play(Move("t1", "s"))
    sp = Spider.from_piles("SP1-S4-AAAAAAA", {"t10": "5h", "t9": "6s"})
    sp.play("t10>t9")


# ------------------------------------------------------------------ stock


def test_the_stock_deals_one_face_up_card_on_each_column_left_to_right() -> None:
    g = Spiderette.from_piles(
        "SD1-S4-AAAAAAA",
        {"s": "#Ac #9c #2d #3d #4d #5d #6d #7d #8d", **{f"t{i}": "Kh" for i in range(1, 8)}},
    )
    assert (g.stock_action(), g.stock_refusal(), g.deals_left) == ("deal", None, 2)
    action = g.play("s")
    assert (action.kind, action.dst, action.removed, action.flipped) == ("deal", "t1", (), ())
    assert faces(g) == "8d 7d 6d 5d 4d 3d 2d"
    assert all(g.pile(t)[-1].face_up for t in g.columns)
    assert g.deals_left == 1
    g.play("s")  # the short last deal feeds t1 and t2 only
    assert faces(g) == "9c Ac 6d 5d 4d 3d 2d"
    assert (g.deals_left, g.stock_action(), g.stock_refusal()) == (0, None, "The stock is empty.")


def test_no_deal_while_a_column_is_empty() -> None:
    g = Spiderette.from_piles("SD1-S4-AAAAAAA", {"s": "#2d " * 7, **{f"t{i}": "Kh" for i in range(1, 7)}})
    assert g.stock_action() is None
    assert g.stock_refusal() == "Fill every empty column before dealing."
    with pytest.raises(IllegalMove, match=r"^Fill every empty column before dealing\.$"):
        g.play("s")
    assert "s" not in [str(m) for m in g.legal_moves()]


def test_an_empty_stock_refuses_first() -> None:
    g = Spiderette.from_piles("SD1-S4-AAAAAAA", {"t1": "Kh"})
    with pytest.raises(IllegalMove, match=r"^The stock is empty\.$"):
        g.play("s")


# ---------------------------------------------------------- completed runs


def test_a_move_that_completes_a_run_removes_it_and_turns_up_the_card_below() -> None:
    g = Spiderette.from_piles("SD1-S1-AAAAAAA", {"t1": "#9s #5s " + SPADES, "t2": "#Ts As"})
    action = g.play("t2>t1")
    assert action.removed == (("t1", "s"),)
    assert action.flipped == ("t2", "t1")
    assert [str(c) for c in g.pile("t1")] == ["9s", "5s"]
    assert [c.face_up for c in g.pile("t1")] == [False, True]
    assert len(g.pile(REMOVED)) == 13
    assert g.removed_runs == ("s",)
    assert (g.score, g.moves) == (599, 1)


def test_a_group_move_can_complete_a_run() -> None:
    g = Spiderette.from_piles("SD1-S2-AAAAAAA", {"t1": "Kh Qh Jh Th 9h 8h 7h", "t2": "5c 6h 5h 4h 3h 2h Ah"})
    action = g.play("t2:6>t1")
    assert action.removed == (("t1", "h"),)
    assert not g.pile("t1")
    assert [str(c) for c in g.pile("t2")] == ["5c"]
    assert g.removed_runs == ("h",)


def test_a_deal_that_completes_a_run_removes_it() -> None:
    columns = {f"t{i}": "Kc" for i in range(1, 8)}
    columns["t4"] = "#4h " + SPADES
    g = Spiderette.from_piles("SD1-S2-AAAAAAA", {**columns, "s": "#Qh #Qh #Qh #As #Qh #Qh #Qh"})
    action = g.play("s")
    assert (action.kind, action.removed, action.flipped) == ("deal", (("t4", "s"),), ("t4",))
    assert str(g.top("t4")) == "4h"
    assert g.removed_runs == ("s",)
    assert (g.score, g.moves, g.deals_left) == (599, 1, 0)


def test_one_deal_can_complete_two_runs() -> None:
    columns = {f"t{i}": "Kc" for i in range(1, 8)}
    columns["t2"] = "#7d " + run("h", 2)
    columns["t6"] = run("s", 2)
    g = Spiderette.from_piles("SD1-S2-AAAAAAA", {**columns, "s": "#Qh #As #Qh #Qh #Qh #Ah #Qh"})
    action = g.play("s")
    assert action.removed == (("t2", "h"), ("t6", "s"))
    assert action.flipped == ("t2",)
    assert [str(c) for c in g.pile("t2")] == ["7d"]
    assert not g.pile("t6")
    assert g.removed_runs == ("h", "s")
    assert (g.score, g.moves) == (500 - 1 + 200, 1)


def test_mixed_suit_runs_are_never_removed() -> None:
    mixed = "Ks Qs Js Ts 9s 8s 7h 6s 5s 4s 3s 2s"
    g = Spiderette.from_piles("SD1-S2-AAAAAAA", {"t1": mixed, "t2": "As"})
    action = g.play("t2>t1")
    assert action.removed == ()
    assert len(g.pile("t1")) == 13
    g = Spiderette.from_piles("SD1-S2-AAAAAAA", {"t1": SPADES, "t2": "Ah"})
    assert g.play("t2>t1").removed == ()
    assert g.removed_runs == ()


def test_a_run_needs_thirteen_face_up_cards() -> None:
    g = Spiderette.from_piles("SD1-S1-AAAAAAA", {"t1": "#" + SPADES, "t2": "As"})
    assert g.play("t2>t1").removed == ()
    assert len(g.pile("t1")) == 13


# -------------------------------------------------------------------- win


def test_spiderette_is_won_when_four_runs_are_removed_and_no_card_is_left() -> None:
    g = Spiderette.from_piles(
        "SD1-S4-AAAAAAA",
        {REMOVED: run("h") + " " + run("d") + " " + run("c"), "t1": SPADES, "t2": "As"},
        score=500 - 52 + 300,
        moves=52,
    )
    assert not g.won
    g.play("t2>t1")
    assert g.won
    assert g.removed_runs == ("h", "d", "c", "s")
    assert (g.moves, g.score) == (53, 847)  # RULES.md: won in 53 moves scores 847
    assert g.legal_moves() == []
    g.undo()
    assert not g.won


def test_no_win_while_a_card_is_left() -> None:
    g = Spiderette.from_piles("SD1-S1-AAAAAAA", {REMOVED: " ".join([run("s")] * 3), "t1": SPADES, "t2": "As"})
    assert not g.won
    # All four runs removed is the whole deck; fewer runs are not a win.
    h = Spiderette.from_piles("SD1-S1-AAAAAAA", {REMOVED: " ".join([run("s")] * 3)})
    assert not h.won


def test_spider_is_won_when_eight_runs_are_removed() -> None:
    seven = " ".join(run(s) for s in "hhhhsss")
    g = Spider.from_piles("SP1-S2-AAAAAAA", {REMOVED: seven, "t10": SPADES, "t1": "As"})
    assert not g.won
    assert Spiderette.from_piles("SD1-S2-AAAAAAA", {REMOVED: " ".join(run(s) for s in "hhss")}).won
    g.play("t1>t10")
    assert g.won
    assert len(g.removed_runs) == 8


# ---------------------------------------------------------------- scoring


def test_score_starts_at_500() -> None:
    for code in ("SD1-S1-AAAAAAA", "SD1-S4-AAAAAAH", "SP1-S2-AAAAAAB"):
        g = engine.new_game(code)
        assert (g.score, g.score_text, g.moves) == (500, "500", 0)


def test_each_move_costs_one_point() -> None:
    g = Spiderette.from_piles("SD1-S4-AAAAAAA", {"t1": "5h", "t2": "6s", "t3": "9c 8c 7c", "t4": "Td"})
    a = g.play("t1>t2")
    assert (a.score_before, a.score_after, g.score, g.moves) == (500, 499, 499, 1)
    g.play("t3:3>t4")  # a group move costs one point too
    assert (g.score, g.moves) == (498, 2)


def test_each_deal_costs_one_point() -> None:
    g = engine.new_game("SD1-S4-AAAAAAH")
    a = g.play("s")
    assert (a.kind, a.score_before, a.score_after, g.moves) == ("deal", 500, 499, 1)


def test_each_removed_run_pays_100_and_is_not_a_move() -> None:
    g = Spiderette.from_piles("SD1-S1-AAAAAAA", {"t1": SPADES, "t2": "As"}, score=20, moves=7)
    g.play("t2>t1")
    assert (g.score, g.moves) == (20 - 1 + 100, 8)


def test_the_score_has_no_lower_bound() -> None:
    g = Spiderette.from_piles("SD1-S4-AAAAAAA", {"t1": "5h", "t2": "6s", "t3": "6d"}, score=0)
    g.play("t1>t2")
    g.play("t2>t3")
    assert g.score == -2
    assert g.score_text == "-2"


# ------------------------------------------------------------------- undo


def test_undo_of_a_move_restores_score_moves_and_the_face_down_card() -> None:
    g = Spiderette.from_piles("SD1-S4-AAAAAAA", {"t1": "#Kd #4c 5h", "t2": "6s"})
    before = snapshot(g)
    action = g.play("t1>t2")
    assert g.undo() == action
    assert snapshot(g) == before
    assert g.pile("t1")[-2].face_up is False


def test_undo_brings_back_a_run_removed_by_a_move_and_rehides_the_card() -> None:
    g = Spiderette.from_piles("SD1-S1-AAAAAAA", {"t1": "#9s #5s " + SPADES, "t2": "#Ts As"})
    before = snapshot(g)
    action = g.play("t2>t1")
    assert g.undo() == action
    assert snapshot(g) == before
    assert [c.face_up for c in g.pile("t1")[:3]] == [False, False, True]
    assert (g.score, g.moves, g.removed_runs) == (500, 0, ())
    assert g.play("t2>t1") == action


def test_undo_brings_back_a_run_removed_by_a_deal() -> None:
    columns = {f"t{i}": "Kc" for i in range(1, 8)}
    columns["t4"] = "#4h " + SPADES
    g = Spiderette.from_piles("SD1-S2-AAAAAAA", {**columns, "s": "#Qh #Qh #Qh #As #Qh #Qh #Qh"})
    before = snapshot(g)
    g.play("s")
    g.undo()
    assert snapshot(g) == before
    assert all(not c.face_up for c in g.pile("s"))


def test_undo_brings_back_two_runs_removed_by_one_deal() -> None:
    columns = {f"t{i}": "Kc" for i in range(1, 8)}
    columns["t2"] = "#7d " + run("h", 2)
    columns["t6"] = run("s", 2)
    g = Spiderette.from_piles("SD1-S2-AAAAAAA", {**columns, "s": "#Qh #As #Qh #Qh #Qh #Ah #Qh"})
    before = snapshot(g)
    g.play("s")
    assert g.removed_runs == ("h", "s")
    g.undo()
    assert snapshot(g) == before
    assert g.pile("t2")[0].face_up is False


def test_undo_in_order_across_several_removals() -> None:
    g = Spiderette.from_piles(
        "SD1-S2-AAAAAAA", {"t1": SPADES, "t2": "#Qc As", "t3": run("h", 2), "t4": "#Jd Ah", "t5": "Kc"}
    )
    states = [snapshot(g)]
    for move in ("t2>t1", "t4>t3"):
        g.play(move)
        states.append(snapshot(g))
    assert g.removed_runs == ("s", "h")
    assert g.score == 500 - 2 + 200
    g.undo()
    assert snapshot(g) == states[1]
    assert list(g.removed_runs) == ["s"]
    g.undo()
    assert snapshot(g) == states[0]


def test_undo_goes_back_100_actions() -> None:
    g = Spider.from_piles("SP1-S4-AAAAAAA", {"t1": "Kh Qs", "t2": "Kd", "t3": "Kc"})
    for i in range(130):
        g.play("t1>t2" if i % 2 == 0 else "t2>t1")
    assert (g.moves, g.score, len(g.history)) == (130, 370, 100)
    for _ in range(100):
        g.undo()
    assert (g.moves, g.score) == (30, 470)
    with pytest.raises(IllegalMove, match=r"^Nothing to undo\.$"):
        g.undo()
