"""The solver's "unwinnable" is a proof: the lost-position check, the searches
that leave moves out, and random endgames against an exhaustive search."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

import engine
from engine.codes import DealCode
from engine.klondike import Klondike
from engine.solver import BestFirst, Confirmed, Hybrid, Search, core, proof_search, rules_for, search_for, solve
from engine.solver import klondike as klondike_rules
from engine.solver.core import run
from engine.solver.klondike import KlondikeRules, _lost, halves
from engine.solver.spider import SpiderRules
from engine.solver.staged import Staged
from engine.spider import Spiderette
from tests.engine.endgames import (
    check_verdict,
    exhaustive,
    klondike_endgames,
    klondike_full_tables,
    replay_line,
    spider_endgames,
)
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


def test_the_searches_of_one_game_share_what_they_remember() -> None:
    """The fast, best-first and complete searches of one deal (lost, seed 0)
    keep one set of lost-position answers, columns and talons, and the
    complete one takes over the positions the fast one searched and covered;
    rules of another game cannot take them."""
    game = engine.new_game("KL1-D3N-AAAAAAA")
    search = proof_search(game)
    assert isinstance(search, Hybrid)
    confirmed = search.first
    assert isinstance(confirmed, Confirmed)
    fast, best = confirmed.rules, search.second.rules
    assert isinstance(fast, KlondikeRules)
    assert isinstance(best, KlondikeRules)
    fast_search = confirmed._current
    assert run(search, seconds=None, max_nodes=100_000).status == "unwinnable"
    assert confirmed.confirming
    # The complete search goes on from the fast one's positions, those they
    # cover included.
    assert confirmed._current.seen is fast_search.seen
    assert confirmed._current.covered is fast_search.covered
    assert fast_search.covered
    complete = confirmed._current.rules
    assert isinstance(complete, KlondikeRules)
    assert complete.complete
    assert not fast.complete
    for rules in (best, complete):
        assert rules._lost_cache is fast._lost_cache
        assert rules._columns is fast._columns
        assert rules._talon_cache is fast._talon_cache
    assert fast._lost_cache
    other_game = engine.new_game("KL1-D1N-AAAAAAA")
    assert isinstance(other_game, Klondike)
    other = KlondikeRules(other_game)
    with pytest.raises(ValueError, match="one game"):
        other.share_caches(fast)


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


def test_a_run_moved_onto_a_parent_is_not_checked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The 8 of spades carries the 7 of hearts off a face-down card onto the 9
    of hearts: the 9 of diamonds, on top of its column, is free to take them
    later, so nothing can be lost and the check is skipped; with the 9 of
    diamonds face down elsewhere, the pair is checked. A run moved off the
    middle of a run comes with the move that uses the card it uncovers (two
    moves in one), and is always checked."""
    calls = count_lost_checks(monkeypatch)
    for t3, checked in (("#4c 9d", False), ("#9d 4c", True)):
        columns = {"t1": "#Ks 8s 7h", "t2": "#Qc 9h", "t3": t3}
        game = klondike_position(dict.fromkeys("shdc", 0), columns, "KL1-D3N-AAAAAAA")
        rules = KlondikeRules(game, complete=True)
        state = rules.start([])
        move = next(m for m in rules.moves(state) if m[1:] == (1, 0, 1, 2))
        child = rules.play(state, move, None)
        calls.clear()
        assert rules.dead(child, move) is False
        assert bool(calls) is checked, t3
    columns = {"t1": "#Ks 9d 8s 7h", "t2": "#Qc 9h", "t4": "#2c 8c"}
    game = klondike_position(dict.fromkeys("shdc", 0), columns, "KL1-D3N-AAAAAAA")
    rules = KlondikeRules(game, complete=True)
    state = rules.start([])
    move = next(m for m in rules.moves(state) if m[1] == 5 and halves(m)[0][1:] == (1, 0, 1, 2))
    assert halves(move)[1][1:] == (1, 3, 0, 1)
    calls.clear()
    rules.dead(rules.play(state, move, None), move)
    assert calls


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


def random_walk(variant: str, seed: int, steps: int) -> Iterator[tuple[KlondikeRules, KlondikeRules, Any]]:
    """The positions of a random game of ``variant`` (the deal of ``seed``),
    each with the complete rules and the fast ones: at most ``steps`` of them,
    each move drawn from the complete rules' moves."""
    letters = engine.format_code(DealCode("KL", 1, "N", seed=seed)).rsplit("-", 1)[1]
    game = engine.new_game(f"{variant}-{letters}")
    assert isinstance(game, Klondike)
    rules = KlondikeRules(game, complete=True)
    fast = KlondikeRules(game)
    rng = random.Random(seed)
    state = rules.start([])
    for _ in range(steps):
        yield rules, fast, state
        moves = rules.moves(state)
        if not moves:
            return
        state = rules.play(state, rng.choice(moves), None)


def middle_moves(rules: KlondikeRules, state: Any) -> set[tuple[int, int, int]]:
    """The moves ``(i, j, n)`` of a run off the middle of a face-up run that
    ``rules`` offer (each as the first of two moves in one)."""
    cols = state[0]
    return {(m[2], m[3], m[4]) for m in first_halves(rules, state) if len(cols[m[2]]) - m[4] - 1 > cols[m[2]][0]}


def first_halves(rules: KlondikeRules, state: Any) -> list[tuple[int, ...]]:
    """The first halves of the two-move moves ``rules`` offer. (No move
    between columns comes alone when it would empty a column or leave the
    middle of a run: checked here too.)"""
    cols = state[0]
    for m in rules.moves(state):
        if m[1] == 1:
            i, n = m[2], m[4]
            # What it leaves on top is face down: it turns up a card.
            assert 1 <= len(cols[i]) - n - 1 <= cols[i][0], m
    return [halves(m)[0] for m in rules.moves(state) if m[1] == 5]


def then_moves(rules: KlondikeRules, state: Any, first: tuple[int, ...]) -> set[tuple[int, ...]]:
    """The moves ``rules`` offer right after ``first`` (a two-move move's first
    half), without their priorities."""
    return {halves(m)[1][1:] for m in rules.moves(state) if m[1] == 5 and halves(m)[0][1:] == first[1:]}


def twin_moves(rules: KlondikeRules, state: Any, twin: int, j: int) -> set[tuple[int, ...]]:
    """The moves that put card ``twin`` onto column ``j`` at once, found from
    the position itself: from a column where it lies face up, from the talon
    when taps bring it to the top, from its foundation with take-backs."""
    cols, found, talon, _, _ = state
    result: set[tuple[int, ...]] = set()
    for c, col in enumerate(cols):
        if c != j and twin in col[col[0] + 1 :]:
            result.add((1, c, j, len(col) - col.index(twin, 1)))
    if twin in reachable_talon_cards(rules, state):
        result.add((3, talon.index(twin) + 1, j))
    if twin in rules._backs(found):
        result.add((4, twin // 13, j))
    return result


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
    its foundation, worth taking back); the fast rules only the first kind."""
    for rules, fast, state in random_walk(variant, seed, steps):
        cols, found, _, _, _ = state
        face_up = {c for col in cols for c in col[col[0] + 1 :]}
        near = face_up | reachable_talon_cards(rules, state)
        if rules.takeback:
            # Foundation tops worth taking back (not those that would go
            # straight back up).
            near |= set(rules._backs(found))
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
        # Each comes with the move that uses the card it uncovers: up to its
        # foundation (both rules), or taking the twin (complete rules).
        for i, j, n in ready | usable:
            col = cols[i]
            twin = (3 - col[-n] // 13) * 13 + col[-n] % 13
            up = {(0, i)} if (i, j, n) in ready else set()
            swap = next(m for m in first_halves(rules, state) if m[2:] == (i, j, n))
            assert then_moves(rules, state, swap) == up | twin_moves(rules, state, twin, i)
            if up:
                assert then_moves(fast, state, swap) == up


def test_a_run_leaves_the_middle_of_a_run_for_its_twin_from_anywhere_near() -> None:
    """The 8 of spades carries the 7 of hearts from the 9 of diamonds to the 9
    of hearts. The complete search tries it when the 8 of clubs could then go
    onto the 9 of diamonds (face up in a column, on the waste, or on its
    foundation with take-backs), or the 9 of diamonds could go up; not when
    the 8 of clubs is face down, or on its foundation with no take-backs.
    It comes with that next move: the 8 of clubs from where it is, or the 9
    of diamonds up."""
    swap = (0, 1, 2)
    for extra, found, code, then in (
        ({"t4": "#2c 8c"}, {}, "KL1-D3N-AAAAAAA", {(1, 3, 0, 1)}),
        ({"w": "8c"}, {}, "KL1-D3N-AAAAAAA", {(3, 1, 0)}),
        ({}, {"c": 8}, "KL1-D3N-AAAAAAA", {(4, 3, 0)}),
        ({}, {"c": 8}, "KL1-D3C-AAAAAAA", set()),
        ({"t4": "#8c 2c"}, {}, "KL1-D3N-AAAAAAA", set()),
        ({"t4": "#8c 2c"}, {"d": 8}, "KL1-D3N-AAAAAAA", {(0, 0)}),
    ):
        columns = {"t1": "#Ks 9d 8s 7h", "t2": "#Qc 9h", **extra}
        game = klondike_position({"s": 0, "h": 0, "d": 0, "c": 0, **found}, columns, code)
        rules = KlondikeRules(game, complete=True)
        state = rules.start([])
        assert (swap in middle_moves(rules, state)) is bool(then), (extra, found, code)
        assert then_moves(rules, state, (0, 1, *swap)) == then, (extra, found, code)
        fast = KlondikeRules(game)
        assert then_moves(fast, state, (0, 1, *swap)) == then & {(0, 0)}, (extra, found, code)
    # The 8 of clubs on its foundation would go straight back up from the 9 of
    # diamonds with both red 7s up (and the 6 of spades): not taken back for
    # it then; with the 7 of hearts still out, it is.
    for hearts, then in ((7, set()), (6, {(4, 3, 0)})):
        found = {"s": 6, "h": hearts, "d": 7, "c": 8}
        game = klondike_position(found, {"t1": "#Ks 9d 8s", "t2": "#Qc 9h"}, "KL1-D3N-AAAAAAA")
        rules = KlondikeRules(game, complete=True)
        state = rules.start([])
        assert then_moves(rules, state, (0, 1, 0, 1, 1)) == then, hearts


def ready_kings(rules: KlondikeRules, state: Any) -> set[tuple[int, int]]:
    """The Kings that could go into an empty column at once, found from the
    position itself: ``(1, c)`` the King on face-down cards at the foot of
    column c's face-up run, ``(3, q)`` one at talon position q that taps
    bring to the top (in draw 1 with unlimited passes, one a Queen could go
    on), ``(4, s)`` one on top of foundation s that would not go straight
    back up."""
    cols, found, talon, _, _ = state
    kings = {(1, c) for c, col in enumerate(cols) if col[0] and len(col) > col[0] + 1 and col[col[0] + 1] % 13 == 12}
    face_up = {c for col in cols for c in col[col[0] + 1 :]}

    def held(card: int) -> bool:
        # Draw 1, unlimited passes: a talon card is worth putting down only
        # when a card that fits on it is face up, on its foundation, or in
        # the talon and worth putting down itself.
        fitting = [s * 13 + card % 13 - 1 for s in range(4) if (s in (1, 2)) != (card // 13 in (1, 2))]
        return any(w in face_up or found[w // 13] > w % 13 or (w in talon and held(w)) for w in fitting)

    for card in reachable_talon_cards(rules, state):
        if card % 13 == 12 and (not rules.free_talon or held(card)):
            kings.add((3, talon.index(card) + 1))
    if rules.takeback:
        kings |= {(4, s) for s in range(4) if found[s] == 13 and s * 13 + 12 in rules._backs(found)}
    return kings


@given(st.sampled_from(["KL1-D1N", "KL1-D3N", "KL1-D3C", "KL1-D1V"]), st.integers(0, 10**6), st.integers(0, 150))
@settings(max_examples=60, deadline=None)
def test_a_column_is_emptied_only_for_a_king_that_goes_there_at_once(variant: str, seed: int, steps: int) -> None:
    """Along a random game (both rules): a column's whole face-up run, with
    nothing under it, moves onto a card only as the first of two moves in
    one, the second a King into the column it left; every King that could go
    there at once comes so, and no such move comes alone."""
    for rules, fast, state in random_walk(variant, seed, steps):
        cols = state[0]
        kings = ready_kings(rules, state)
        emptying = set()
        for i, col in enumerate(cols):
            if col[0] == 0 and len(col) > 1 and col[1] % 13 != 12:
                for j, dest in enumerate(cols):
                    fits = len(dest) > 1 and dest[-1] % 13 == col[1] % 13 + 1
                    if fits and (dest[-1] // 13 in (1, 2)) != (col[1] // 13 in (1, 2)):
                        emptying.add((i, j, len(col) - 1))
        for r in (rules, fast):
            pairs = [halves(m) for m in r.moves(state) if m[1] == 5]
            offered = {first[2:] for first, _ in pairs if len(cols[first[2]]) == first[4] + 1}
            # Not while another column is empty (the King can go there).
            assert offered == (emptying if kings and all(len(c) > 1 for c in cols) else set())
            assert not any(m[1] == 1 and len(cols[m[2]]) == m[4] + 1 for m in r.moves(state))
            for i, j, n in offered:
                then = {(second[1], second[2]) for first, second in pairs if first[2:] == (i, j, n)}
                assert then == kings
                for first, second in pairs:
                    if first[2:] == (i, j, n):
                        # Into the column just emptied, the King with what
                        # lies on it (before any automatic move).
                        middle = r._move(state, first, None)
                        assert middle[0][i] == b"\x00"
                        after = r._move((tuple(middle[0]), *middle[1:]), second, None)[0][i]
                        assert after[0] == 0
                        assert after[1] % 13 == 12
                        assert all(after[k] % 13 == after[k + 1] % 13 + 1 for k in range(1, len(after) - 1))
                        if second[1] == 1:
                            assert (
                                len(after) - 1 == second[4] == len(middle[0][second[2]]) - middle[0][second[2]][0] - 1
                            )


def test_a_column_is_emptied_for_a_king_from_anywhere_near() -> None:
    """The 6 of hearts, alone in its column, can go onto the 7 of clubs: the
    search tries that only together with a King into the column it leaves,
    the King on face-down cards with its run, the King on the waste, or
    (with take-backs) the King on top of its foundation; with no King near,
    or while another column is empty, not at all."""
    emptying = (0, 1, 1)
    for extra, found, code, then in (
        ({"t3": "#3c Kd Qs", "t4": "#Kh #Kc #Ks 2d"}, {}, "KL1-D3N-AAAAAAA", {(1, 2, 0, 2)}),
        ({"w": "Kd", "t4": "#Kh #Kc #Ks 2d"}, {}, "KL1-D3N-AAAAAAA", {(3, 1, 0)}),
        ({"t4": "#Kh #Kc #Kd 2d"}, {"s": 13}, "KL1-D3N-AAAAAAA", {(4, 0, 0)}),
        ({"t4": "#Kh #Kc #Kd 2d"}, {"s": 13}, "KL1-D3C-AAAAAAA", set()),
        ({"t3": "Kd", "t4": "#Kh #Kc #Ks 2d"}, {}, "KL1-D3N-AAAAAAA", set()),
        ({"t3": "#3c Kd Qs", "t4": "#Kh #Kc #Ks 2d", "t7": ""}, {}, "KL1-D3N-AAAAAAA", set()),
    ):
        # The Kings not named lie face down under the 2 of diamonds; the
        # other columns are taken by cards that play no part.
        fillers = {"t3": "#5c Tc", "t5": "#3h Jd", "t6": "#4h Jc", "t7": "#5h 9d"}
        columns = {"t1": "6h", "t2": "#2h 7c", **fillers, **extra}
        game = klondike_position({"s": 0, "h": 0, "d": 0, "c": 0, **found}, columns, code)
        for complete in (True, False):
            rules = KlondikeRules(game, complete=complete)
            state = rules.start([])
            assert then_moves(rules, state, (0, 1, *emptying)) == then, (extra, found, code)
            assert not any(m[1:] == (1, *emptying) for m in rules.moves(state))


@pytest.mark.parametrize("kind", ["KL1-D1N", "KL1-D3N", "KL1-D3V", "KL1-D3C"])
def test_two_moves_in_one_are_legal_moves_of_the_game(kind: str) -> None:
    """Along random games, every two-move move the solver offers (both rules)
    is, in notation, a sequence of legal moves of the game (with the stock
    taps and automatic moves it writes), and the game then holds the solver's
    position after it."""
    rng = random.Random(kind)
    seen = 0
    for _ in range(6):
        game = engine.new_game(f"{kind}-{''.join(rng.choice('ABCDEFGHIJKLMNOPQRSTUVWXYZ') for _ in range(7))}")
        for _ in range(200):
            for complete in (False, True):
                rules = rules_for(game, complete=complete)
                assert isinstance(rules, KlondikeRules)
                before: list[str] = []
                state = rules.start(before)
                for move in rules.moves(state):
                    if move[1] != 5:
                        continue
                    seen += 1
                    out: list[str] = []
                    child = rules.play(state, move, out)
                    copy = game.copy()
                    for token in before + out:
                        copy.play(token)
                    assert rules_for(copy).position == child, (game.record(), move)
            legal = [str(m) for m in game.legal_moves()]
            if not legal:
                break
            game.play(rng.choice(legal))
    assert seen > 10


def children(rules: KlondikeRules, state: Any) -> set[int]:
    """The keys of the positions the moves from ``state`` lead to."""
    return {hash(rules.key(rules.play(state, move, None))) for move in rules.moves(state)}


def children_and_covered(rules: KlondikeRules, state: Any) -> set[int]:
    """``children``, with the keys of the positions they cover."""
    result = set()
    for move in rules.moves(state):
        child = rules.play(state, move, None)
        result.add(hash(rules.key(child)))
        result.update(hash(k) for k in rules.covers(child))
    return result


@given(st.sampled_from(["KL1-D3N", "KL1-D3V", "KL1-D3C"]), st.integers(0, 10**6), st.integers(0, 120))
@settings(max_examples=60, deadline=None)
def test_a_position_covers_only_positions_whose_every_move_it_has(variant: str, seed: int, steps: int) -> None:
    """Along a random game: every key ``covers`` gives is the key of the same
    position with the pointer elsewhere, and every move from that one (fast
    and complete rules) leads where a move from this one leads, or to a
    position that one covers; none of them is won. (What is covered is
    searched, by induction on the moves left to a win.)"""
    for rules, fast, state in random_walk(variant, seed, steps):
        cols, found, talon, _, _ = state
        covered = {hash(k) for k in rules.covers(state)}
        assert hash(rules.key(state)) not in covered
        matched = set()
        passes = range(1 + (rules.max_recycles or 0))
        for other in {(cols, found, talon, p, r) for p in range(len(talon) + 1) for r in passes}:
            h = hash(rules.key(other))
            if h in covered:
                matched.add(h)
                assert not rules.won(other)
                for r in (rules, fast):
                    assert children(r, other) <= children_and_covered(r, state), (state, other)
        assert matched == covered


def test_draw_3_covers_the_pointers_further_on_in_a_pass() -> None:
    """Ten cards in the talon, the pointer at 1, no pass used: the same
    position with the pointer at 4 and 7 is covered; with unlimited passes
    also at the start of a pass; with counted passes at the last card
    instead, and (Classic's three passes) each of those with more passes used
    too; in draw 1 none."""
    columns = {"t1": "Ks", "t2": "Kh"}
    found = {"s": 7, "h": 7, "d": 13, "c": 13}
    for code, pointers in (
        ("KL1-D3N-AAAAAAA", {(4, 0), (7, 0), (0, 0)}),
        ("KL1-D3V-AAAAAAA", {(4, 0), (7, 0), (10, 0)}),
        ("KL1-D3C-AAAAAAA", {(p, r) for p in (1, 4, 7, 10) for r in (0, 1, 2)} - {(1, 0)}),
        ("KL1-D1V-AAAAAAA", set()),
    ):
        rules = KlondikeRules(klondike_position(found, columns, code))
        cols, fnd, talon, _, _ = rules.start([])
        assert len(talon) == 10
        state = (cols, fnd, talon, 1, 0)
        expected = {rules.key((cols, fnd, talon, p, r)) for p, r in pointers}
        assert set(rules.covers(state)) == expected, code


@pytest.mark.parametrize("code", ["KL1-D3N-AAAAAAZ", "KL1-D3C-AAAAAAZ"])
def test_the_searches_pass_over_covered_positions(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two lost deals (seed 25): a search proves a loss by meeting every
    position it cannot pass over, so one that knows what a position covers,
    depth-first or best-first, proves the same loss in fewer positions."""
    game = engine.new_game(code)
    assert isinstance(game, Klondike)
    nodes: dict[tuple[type, bool], int] = {}
    for known in (True, False):
        if not known:
            monkeypatch.setattr(KlondikeRules, "covers", lambda self, state: [])
        for kind in (Search, BestFirst):
            search = kind(KlondikeRules(game, complete=True))
            assert run(search, seconds=None, max_nodes=20_000).status == "unwinnable"
            nodes[kind, known] = search.nodes
    assert nodes[Search, True] < nodes[Search, False]
    assert nodes[BestFirst, True] < nodes[BestFirst, False]


def test_covered_positions_are_forgotten_past_their_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``COVERED_LIMIT`` the covered positions are forgotten, which costs
    only positions: the same loss, depth-first and best-first, in more
    positions than with them all kept."""
    game = engine.new_game("KL1-D3N-AAAAAAZ")
    assert isinstance(game, Klondike)
    kept = {}
    for kind in (Search, BestFirst):
        search = kind(KlondikeRules(game, complete=True))
        assert run(search, seconds=None, max_nodes=20_000).status == "unwinnable"
        kept[kind] = search.nodes
    monkeypatch.setattr(core, "COVERED_LIMIT", 5)
    for kind in (Search, BestFirst):
        search = kind(KlondikeRules(game, complete=True))
        assert run(search, seconds=None, max_nodes=20_000).status == "unwinnable"
        # At most one position's covered ones past the limit.
        assert len(search._covered) <= 5 + 10
        assert search.nodes > kept[kind]


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


@endgames(300)
@given(klondike_full_tables())
def test_klondike_endgames_with_every_column_taken_agree_with_an_exhaustive_search(game: Klondike) -> None:
    check_verdict(game, limit=60_000)


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
