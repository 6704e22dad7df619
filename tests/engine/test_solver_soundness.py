"""The solver's "unwinnable" is a proof: the lost-position check, the searches
that leave moves out, and random endgames against an exhaustive search."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

import engine
from engine import Klondike, Spiderette
from engine.codes import DealCode
from engine.solver import BestFirst, Confirmed, Hybrid, Search, proof_search, rules_for, search_for, solve
from engine.solver import klondike as klondike_rules
from engine.solver.core import run
from engine.solver.klondike import KlondikeRules, _lost
from engine.solver.spider import SpiderRules
from engine.solver.staged import Staged
from tests.engine.endgames import check_verdict, exhaustive, klondike_endgames, replay_line, spider_endgames
from tests.engine.players import greedy_move, position

RANKS = "A23456789TJQK"


def klondike_position(found: dict[str, int], columns: dict[str, str], code: str) -> Klondike:
    """Foundations up to the given ranks, the given columns, every other card
    in the stock."""
    piles = {f"f{i + 1}": " ".join(f"{RANKS[r]}{s}" for r in range(found[s])) for i, s in enumerate("shdc")}
    piles.update(columns)
    used = {t.lstrip("#") for text in piles.values() for t in text.split()}
    piles["s"] = " ".join("#" + f"{r}{s}" for s in "shdc" for r in RANKS if f"{r}{s}" not in used)
    return position(piles, code=code)


def carried_parent(code: str) -> Klondike:
    """The 5 of hearts lies on the 6 of clubs, over the face-down 6 of spades:
    the two move together onto the 7 of diamonds, then the 5 goes onto the 6
    of spades, and the 6 and 7 of clubs go up, freeing the 4 of hearts."""
    return klondike_position(
        {"s": 5, "h": 3, "d": 6, "c": 5},
        {"t1": "#6s 6c 5h", "t2": "7d", "t3": "#8h #8d #4h 7c"},
        code,
    )


def test_a_run_can_leave_to_uncover_the_other_parent_of_its_top_card() -> None:
    for code in ("KL1-D1N-AAAAAAA", "KL1-D3N-AAAAAAA"):
        game = carried_parent(code)
        cols, found, talon, _, _ = KlondikeRules(game).start([])
        assert not _lost(cols, found, talon, takeback=True)
        assert solve(game, seconds=None, max_nodes=5_000).status != "unwinnable"
        for move in ("t1:2>t2", "t2>t1", "t2>f", "t3>f"):
            game.play(move)
        result = solve(game, seconds=None, max_nodes=5_000)
        assert result.status == "winnable"
        for move in result.moves:
            game.play(move)
        assert game.won


def test_a_card_on_a_non_parent_over_its_parent_is_still_cut_off() -> None:
    # Classic rules: the 5 of hearts lies on the 4 of hearts it needs first,
    # over the 6 of spades; the 6 of clubs is on its foundation for good. The
    # 5 can never leave, so the position is lost, and seen at once.
    game = klondike_position({"s": 5, "h": 3, "d": 13, "c": 13}, {"t1": "#6s #4h 5h"}, "KL1-D1C-AAAAAAA")
    cols, found, talon, _, _ = KlondikeRules(game).start([])
    assert _lost(cols, found, talon, takeback=False)
    result = solve(game, seconds=None, max_nodes=1000)
    assert (result.status, result.nodes) == ("unwinnable", 0)
    assert exhaustive(game) == "unwinnable"
    # Its other parent face down under it cannot carry it away.
    buried = klondike_position({"s": 5, "h": 3, "d": 13, "c": 5}, {"t1": "#4h #6s #6c 5h"}, "KL1-D1C-AAAAAAA")
    cols, found, talon, _, _ = KlondikeRules(buried).start([])
    assert _lost(cols, found, talon, takeback=False)
    assert solve(buried, seconds=None, max_nodes=1000).nodes == 0
    assert exhaustive(buried) == "unwinnable"
    # With take-backs the 6 of clubs can come down to hold it: not lost.
    normal = klondike_position({"s": 5, "h": 3, "d": 13, "c": 13}, {"t1": "#6s #4h 5h"}, "KL1-D1N-AAAAAAA")
    cols, found, talon, _, _ = KlondikeRules(normal).start([])
    assert not _lost(cols, found, talon, takeback=True)
    assert solve(normal, seconds=None, max_nodes=100_000).status == exhaustive(normal) == "winnable"


class _NoMoves:
    """Rules that offer no move at all: a search with them "proves" every
    position lost, as a search that leaves the wrong moves out would."""

    def __init__(self, rules: Any) -> None:
        self._rules = rules

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)

    def moves(self, state: Any) -> list[Any]:
        return []


def test_a_loss_from_a_search_that_left_moves_out_is_checked() -> None:
    game = engine.new_game("KL1-D1N-AAAAAAC")
    fast: Search[Any, Any] = Search(_NoMoves(rules_for(game)))
    confirmed = Confirmed(fast, lambda: search_for(game, complete=True))
    assert run(Search(_NoMoves(rules_for(game))), seconds=None, max_nodes=1000).status == "unwinnable"
    result = run(confirmed, seconds=None, max_nodes=200_000)
    assert result.status == "winnable"
    assert confirmed.confirming
    assert result.nodes > 1
    assert replay_line(game, result.moves).won


def test_public_searches_of_klondike_prove_their_losses() -> None:
    # Lost in draw 3 (the stock's order keeps some card from its turn), and
    # on the way the fast search meets runs it does not move off the middle
    # of runs, which the complete search tries.
    piles = {
        f"f{i + 1}": " ".join(f"{RANKS[r]}{suit}" for r in range(top))
        for i, (suit, top) in enumerate((("s", 8), ("h", 10), ("d", 12), ("c", 13)))
    }
    piles["s"] = "#Js #Ks #Qh #Qs #Kh #Jh #Ts #Kd #9s"
    game = position(piles, code="KL1-D3N-AAAAAAA")
    search = proof_search(game)
    # The fast depth-first search, confirmed by the complete one, beside a
    # best-first search of the fast rules, which may only answer "winnable".
    assert isinstance(search, Hybrid)
    confirmed = search.first
    assert isinstance(confirmed, Confirmed)
    second = search.second.rules
    assert isinstance(second, KlondikeRules)
    assert not second.complete
    assert not search.second.proves
    result = run(search, seconds=None, max_nodes=5000)
    assert result.status == "unwinnable"
    assert confirmed.confirming
    fast = confirmed.rules
    assert isinstance(fast, KlondikeRules)
    assert fast.left_out
    # The best-first search stopped when the complete search started.
    assert search.second.stuck
    assert exhaustive(game) == "unwinnable"
    spider = Spiderette.from_piles("SD1-S1-AAAAAAA", {"t1": "As"})
    assert not isinstance(proof_search(spider), Confirmed)


def test_a_fast_search_that_left_no_move_out_proves_its_loss() -> None:
    """Lost at once in an easier game (the 5 of hearts over its own 4 and the
    6 of spades, the 6 of clubs up for good): the fast search meets no
    position where it leaves a move out, so its loss is final and the
    complete search never starts."""
    game = klondike_position({"s": 5, "h": 3, "d": 13, "c": 13}, {"t1": "#6s #4h 5h"}, "KL1-D1C-AAAAAAA")
    search = proof_search(game)
    assert isinstance(search, Hybrid)
    confirmed = search.first
    assert isinstance(confirmed, Confirmed)
    assert run(search, seconds=None, max_nodes=1000).status == "unwinnable"
    assert not confirmed.confirming
    assert exhaustive(game) == "unwinnable"


class _Graph:
    """A small game for the search alone: positions are numbers, a move is
    the number it leads to, and 9 wins."""

    edges: ClassVar[dict[int, list[int]]] = {0: [1, 2], 1: [0], 2: [3], 3: [9], 9: []}

    def start(self, out: list[str]) -> int:
        return 0

    def key(self, state: int) -> int:
        return state

    def won(self, state: int) -> bool:
        return state == 9

    def moves(self, state: int) -> list[int]:
        return list(self.edges[state])

    def play(self, state: int, move: int, out: list[str] | None) -> int:
        if out is not None:
            out.append(str(move))
        return move

    def finish(self, state: int, out: list[str]) -> None:
        pass


def test_a_search_goes_on_from_the_moves_another_one_left_out() -> None:
    """Another search saw 0, 1 and 2 and left out 2's move to 3: going on
    from it searches only what that move reaches; the win it finds there has
    no line from the start, so the search starts again and finds the win
    with its line."""
    rules = _Graph()
    search: Search[int, int] = Search(rules, ordered=False)
    search.go_on_from({0, 1, 2}, [(2, [3])])
    assert search.step(2) is None
    assert search.nodes == 2
    assert run(search, seconds=None, max_nodes=100).status == "winnable"
    assert search.line() == ("2", "3", "9")
    # Once back at the start (the left-out move from 1 leads to 0, seen),
    # the lines are real again: the win from the start needs no new search.
    back: Search[int, int] = Search(rules, ordered=False)
    back.go_on_from({0, 1}, [(1, [0])])
    assert run(back, seconds=None, max_nodes=100).status == "winnable"
    assert back.line() == ("2", "3", "9")
    assert back.nodes == 3
    # With nothing left out, nothing more to search: the loss is the other
    # search's, now final.
    done: Search[int, int] = Search(rules, ordered=False)
    done.go_on_from({0, 1, 2}, [])
    assert run(done, seconds=None, max_nodes=100).status == "unwinnable"
    assert done.nodes == 0


@given(st.sampled_from(["KL1-D1N", "KL1-D3N", "KL1-D3C"]), st.integers(0, 10**6), st.integers(0, 60))
@settings(max_examples=12, deadline=None)
def test_the_proof_search_agrees_with_a_complete_search_from_the_start(variant: str, seed: int, steps: int) -> None:
    """From positions a greedy player reaches, the proof search (whose
    complete search goes on from what the fast one left out) and a complete
    search from the start give the same answer whenever both decide, and a
    win's line replays to a win."""
    letters = engine.format_code(DealCode("KL", 1, "N", seed=seed)).rsplit("-", 1)[1]
    game = engine.new_game(f"{variant}-{letters}")
    assert isinstance(game, Klondike)
    for _ in range(steps):
        move = greedy_move(game)
        if move is None or game.won:
            break
        game.play(move)
    proof = run(proof_search(game), seconds=None, max_nodes=15_000)
    fresh = run(Search(rules_for(game, complete=True)), seconds=None, max_nodes=30_000)
    if proof.decided and fresh.decided:
        assert proof.status == fresh.status, game.to_json()
    if proof.status == "winnable":
        assert replay_line(game, proof.moves).won


def test_a_best_first_search_that_leaves_moves_out_never_decides_a_loss() -> None:
    game = engine.new_game("KL1-D1N-AAAAAAC")
    # With no moves at all its frontier empties at once: that proves nothing.
    blind: BestFirst[Any, Any] = BestFirst(_NoMoves(rules_for(game)), proves=False)
    assert run(blind, seconds=None, max_nodes=1000).status == "unknown"
    assert blind.stuck
    assert blind.exhausted == "nodes"
    assert run(BestFirst(_NoMoves(rules_for(game))), seconds=None, max_nodes=1000).status == "unwinnable"
    # Beside a complete search, the complete one decides.
    complete = rules_for(game, complete=True)
    blind = BestFirst(_NoMoves(rules_for(game)), proves=False)
    result = run(Hybrid(complete, first=Search(complete), second=blind), seconds=None, max_nodes=200_000)
    assert result.status == "winnable"
    assert replay_line(game, result.moves).won


def count_lost_checks(patch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one at each lost-position check worked out (the
    search's own ``_lost``, patched to count, answers as before)."""
    calls: list[int] = []

    def counted(*args: Any) -> bool:
        calls.append(1)
        return _lost(*args)

    patch.setattr(klondike_rules, "_lost", counted)
    return calls


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["KL1-D1N", "KL1-D3N", "KL1-D1V"]), st.integers(0, 10**6), st.integers(0, 120))
def test_the_lost_check_is_only_skipped_where_it_could_not_cut(variant: str, seed: int, steps: int) -> None:
    """``dead`` skips the lost-position check after some moves, as ones that
    cannot lose what the position before had: along random games, wherever it
    skips after a position the check passes, the check passes on the position
    after the move too. (That it skips after a run's move is the next test's.)"""
    letters = engine.format_code(DealCode("KL", 1, "N", seed=seed)).rsplit("-", 1)[1]
    rules = rules_for(engine.new_game(f"{variant}-{letters}"), complete=True)
    assert isinstance(rules, KlondikeRules)
    rng = random.Random(seed)
    state = rules.start([])
    with pytest.MonkeyPatch.context() as patch:
        calls = count_lost_checks(patch)
        # Checked on every position asked about, however long it finds nothing.
        patch.setattr(klondike_rules, "LOST_PATIENCE", 10**9)
        for _ in range(steps):
            cols, found, talon, _, _ = state
            if _lost(cols, found, talon, rules.takeback):
                break
            moves = rules.moves(state)
            for move in moves:
                child = rules.play(state, move, None)
                rules._lost_cache.clear()
                calls.clear()
                if not rules.dead(child, move) and not calls:
                    c_cols, c_found, c_talon, _, _ = child
                    assert not _lost(c_cols, c_found, c_talon, rules.takeback), (state, move)
            if not moves:
                break
            state = rules.play(state, rng.choice(moves), None)


def test_a_run_moved_between_its_parents_is_not_checked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The 8 of spades carries the 7 of hearts from the 9 of diamonds onto the
    9 of hearts: the 9 of diamonds is then free to take them back, so nothing
    can be lost and the check is skipped; with the 9 of diamonds face down
    elsewhere, the pair is checked. (The 8 of clubs, face up, could go onto
    the 9 of diamonds next, so the complete search tries the first move.)"""
    calls = count_lost_checks(monkeypatch)
    for t1, t3, checked in (("#Ks 9d 8s 7h", "#4c 5c", False), ("#Ks #4c 8s 7h", "#9d 5c", True)):
        columns = {"t1": t1, "t2": "#Qc 9h", "t3": t3, "t4": "#2c 8c"}
        game = klondike_position(dict.fromkeys("shdc", 0), columns, "KL1-D3N-AAAAAAA")
        rules = KlondikeRules(game, complete=True)
        state = rules.start([])
        move = next(m for m in rules.moves(state) if m[1:] == (1, 0, 1, 2))
        child = rules.play(state, move, None)
        calls.clear()
        assert rules.dead(child, move) is False
        assert bool(calls) is checked, t1


def test_the_lost_check_is_worked_out_less_often_while_it_finds_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """After ``LOST_PATIENCE`` checks in a row that find nothing lost, the
    check is worked out half as often, down to once in ``LOST_STRIDE_LIMIT``
    positions; a lost position found brings it back to every position."""
    patience, limit = 5, 8
    monkeypatch.setattr(klondike_rules, "LOST_PATIENCE", patience)
    monkeypatch.setattr(klondike_rules, "LOST_STRIDE_LIMIT", limit)
    verdict = [False]
    calls: list[int] = []

    def scripted(*args: Any) -> bool:
        calls.append(1)
        return verdict[0]

    monkeypatch.setattr(klondike_rules, "_lost", scripted)
    game = engine.new_game("KL1-D3N-AAAAAAA")
    assert isinstance(game, Klondike)
    rules = KlondikeRules(game, complete=True)
    state = rules.start([])

    def ask(times: int) -> list[bool]:
        """Ask about the position ``times`` times (never from the cache);
        return the answers and leave in ``calls`` the checks worked out."""
        calls.clear()
        answers = []
        for _ in range(times):
            rules._lost_cache.clear()
            answers.append(rules.dead(state, None))
        return answers

    for stride in (1, 2, 4, 8):
        assert rules.lost_stride == stride
        assert ask(patience * stride) == [False] * (patience * stride)
        assert len(calls) == patience
    # No sparser than once in the limit.
    assert rules.lost_stride == limit
    ask(patience * limit * 3)
    assert len(calls) == patience * 3
    # A lost position found: every position is checked again.
    verdict[0] = True
    assert True in ask(limit)
    assert rules.lost_stride == 1
    assert ask(3) == [True] * 3
    assert len(calls) == 3


def middle_moves(rules: KlondikeRules, state: Any) -> set[tuple[int, int, int]]:
    """The moves ``(i, j, n)`` of a run off the middle of a face-up run that
    ``rules`` offer."""
    cols = state[0]
    return {(m[2], m[3], m[4]) for m in rules.moves(state) if m[1] == 1 and len(cols[m[2]]) - m[4] - 1 > cols[m[2]][0]}


def reachable_talon_cards(rules: KlondikeRules, state: Any) -> set[int]:
    """The talon cards that some stock taps bring to the top of the waste,
    found by tapping (and turning the waste over) as the rules allow."""
    cards = set()
    for _ in range(3 * len(state[2]) + 3):
        if state[3]:
            cards.add(state[2][state[3] - 1])
        if "s" not in rules.legal(state):
            break
        state = rules.apply(state, "s")
    return cards


@given(st.sampled_from(["KL1-D1N", "KL1-D3N", "KL1-D3C", "KL1-D1V"]), st.integers(0, 10**6), st.integers(0, 150))
@settings(max_examples=60, deadline=None)
def test_a_run_leaves_the_middle_of_a_run_only_when_the_card_it_uncovers_can_be_used(
    variant: str, seed: int, steps: int
) -> None:
    """Along a random game, every move of a run off the middle of a face-up
    run: the complete rules offer exactly those after which the card it
    leaves could go to its foundation or take the twin of the run's bottom
    card at once (face up in a column, reachable in the talon, or on top of
    its foundation with take-backs); the fast rules only the first kind."""
    letters = engine.format_code(DealCode("KL", 1, "N", seed=seed)).rsplit("-", 1)[1]
    game = engine.new_game(f"{variant}-{letters}")
    assert isinstance(game, Klondike)
    rules = KlondikeRules(game, complete=True)
    fast = KlondikeRules(game)
    rng = random.Random(seed)
    state = rules.start([])
    for _ in range(steps):
        cols, found, _, _, _ = state
        face_up = {c for col in cols for c in col[col[0] + 1 :]}
        near = face_up | reachable_talon_cards(rules, state)
        if rules.takeback:
            near |= {s * 13 + f - 1 for s, f in enumerate(found) if f}
        ready, usable = set(), set()
        for i, col in enumerate(cols):
            for k in range(col[0] + 2, len(col)):
                card, under = col[k], col[k - 1]
                twin = (3 - card // 13) * 13 + card % 13
                for j, dest in enumerate(cols):
                    fits = len(dest) > 1 and dest[-1] % 13 == card % 13 + 1
                    if fits and (dest[-1] // 13 in (1, 2)) != (card // 13 in (1, 2)):
                        if found[under // 13] == under % 13:
                            ready.add((i, j, len(col) - k))
                        elif twin in near:
                            usable.add((i, j, len(col) - k))
        assert middle_moves(rules, state) == ready | usable
        assert middle_moves(fast, state) == ready
        moves = rules.moves(state)
        if not moves:
            break
        state = rules.play(state, rng.choice(moves), None)


def test_a_run_leaves_the_middle_of_a_run_for_its_twin_from_anywhere_near() -> None:
    """The 8 of spades carries the 7 of hearts from the 9 of diamonds to the 9
    of hearts. The complete search tries it when the 8 of clubs could then go
    onto the 9 of diamonds (face up in a column, on the waste, or on its
    foundation with take-backs), or the 9 of diamonds could go up; not when
    the 8 of clubs is face down, or on its foundation with no take-backs."""
    swap = (0, 1, 2)
    for extra, found, code, tried in (
        ({"t4": "#2c 8c"}, {}, "KL1-D3N-AAAAAAA", True),
        ({"w": "8c"}, {}, "KL1-D3N-AAAAAAA", True),
        ({}, {"c": 8}, "KL1-D3N-AAAAAAA", True),
        ({}, {"c": 8}, "KL1-D3C-AAAAAAA", False),
        ({"t4": "#8c 2c"}, {}, "KL1-D3N-AAAAAAA", False),
        ({"t4": "#8c 2c"}, {"d": 8}, "KL1-D3N-AAAAAAA", True),
    ):
        columns = {"t1": "#Ks 9d 8s 7h", "t2": "#Qc 9h", **extra}
        game = klondike_position({"s": 0, "h": 0, "d": 0, "c": 0, **found}, columns, code)
        rules = KlondikeRules(game, complete=True)
        assert (swap in middle_moves(rules, rules.start([]))) is tried, (extra, found, code)
        assert swap not in middle_moves(KlondikeRules(game), rules.start([])) or found.get("d") == 8


# Random endgames, the same ones on every run (derandomize), checked against
# an exhaustive search. bench.solver_soundness runs many more.
def endgames(examples: int) -> settings:
    return settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        phases=(Phase.explicit, Phase.generate, Phase.shrink),
    )


@endgames(2500)
@given(klondike_endgames())
def test_klondike_endgames_agree_with_an_exhaustive_search(game: Klondike) -> None:
    check_verdict(game)


@endgames(400)
@given(spider_endgames())
def test_spider_endgames_agree_with_an_exhaustive_search(game: Spiderette) -> None:
    check_verdict(game)


@endgames(100)
@given(spider_endgames())
def test_the_staged_spider_search_only_ever_finds_wins(game: Spiderette) -> None:
    """The staged search leaves positions out: it may find a win (whose line
    replays to one) or nothing, never a loss, even where the deal is lost."""
    rules = rules_for(game)
    assert isinstance(rules, SpiderRules)
    result = run(Staged(rules), seconds=None, max_nodes=3_000)
    assert result.status != "unwinnable"
    if result.status == "winnable":
        assert replay_line(game, result.moves).won, (game.to_json(), result.moves)
    elif exhaustive(game, 5_000) == "unwinnable":
        assert (result.status, result.reason) == ("unknown", "nodes")
