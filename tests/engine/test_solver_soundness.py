"""The solver's "unwinnable" is a proof: the lost-position check, the searches
that leave moves out, and random endgames against an exhaustive search."""

from __future__ import annotations

import random
from typing import Any

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
from tests.engine.players import position

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
    game = klondike_position({"s": 5, "h": 3, "d": 13, "c": 13}, {"t1": "#6s #4h 5h"}, "KL1-D1C-AAAAAAA")
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
    result = run(search, seconds=None, max_nodes=1000)
    assert result.status == "unwinnable"
    assert confirmed.confirming
    # The best-first search stopped when the complete search started.
    assert search.second.stuck
    spider = Spiderette.from_piles("SD1-S1-AAAAAAA", {"t1": "As"})
    assert not isinstance(proof_search(spider), Confirmed)


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
    elsewhere, the pair is checked."""
    calls = count_lost_checks(monkeypatch)
    for t1, t3, checked in (("#Ks 9d 8s 7h", "#4c 5c", False), ("#Ks #4c 8s 7h", "#9d 5c", True)):
        columns = {"t1": t1, "t2": "#Qc 9h", "t3": t3}
        game = klondike_position(dict.fromkeys("shdc", 0), columns, "KL1-D3N-AAAAAAA")
        rules = KlondikeRules(game, complete=True)
        state = rules.start([])
        move = next(m for m in rules.moves(state) if m[1:] == (1, 0, 1, 2))
        child = rules.play(state, move, None)
        calls.clear()
        assert rules.dead(child, move) is False
        assert bool(calls) is checked, t1


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
