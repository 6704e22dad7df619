"""FreeCell's solver: winning lines replay to a win, deal 11982 is proven lost,
small endgames agree with an exhaustive search of the engine's own moves (no
pruning, no automatic moves), the key ignores the order of cells and columns,
and each of the solver's moves is the engine's move in notation."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import engine
from engine import Game
from engine.freecell import FreeCell
from engine.solver import rules_for, search_for, solve
from engine.solver.columns import RANK, SUIT
from engine.solver.core import run
from engine.solver.freecell import EMPTY, RED, FCState, FreeCellRules, canonical
from tests.engine.endgames import replay_line

RANKS = "A23456789TJQK"
LOW, HIGH = 20, 28
"""Cards off the foundations in an endgame (every column holds one at least)."""
SUITS = "shdc"


def replay_fc(game: Game, moves: tuple[str, ...]) -> FreeCell:
    """``replay_line`` for a FreeCell game (typed as one)."""
    played = replay_line(game, moves)
    assert isinstance(played, FreeCell)
    return played


def fc_rules(game: Game, complete: bool = True) -> FreeCellRules:
    rules = rules_for(game, complete)
    assert isinstance(rules, FreeCellRules)
    return rules


# ------------------------------------------------------------ whole deals


@pytest.mark.parametrize("code", [f"FC1-F4-{n}" for n in (1, 2, 5, 9, 36, 617)] + ["FC1-F3-3", "FC1-F2-4"])
def test_winning_lines_replay_to_a_win(code: str) -> None:
    game = engine.new_game(code)
    result = solve(game, seconds=None, max_nodes=300_000)
    assert result.status == "winnable", code
    replay = replay_fc(game, result.moves)
    assert replay.won, code
    # The line names the real cells and columns of the deal.
    assert all(m.split(">")[0].split(":")[0] in game.pile_ids for m in result.moves)


def test_deal_11982_is_proven_unwinnable() -> None:
    """The classic deals' one known loss: the complete search exhausts it."""
    game = engine.new_game("FC1-F4-11982")
    result = solve(game, seconds=None, max_nodes=2_000_000)
    assert result.status == "unwinnable"


def test_either_half_of_the_search_proves_a_loss() -> None:
    """No card comes back from a foundation, and the automatic moves are the
    engine's: both halves search every move a win could need, so the
    best-first one alone proves deal 11982 lost too."""
    game = engine.new_game("FC1-F4-11982")
    search: Any = search_for(game)
    result = run(search.second, seconds=None, max_nodes=2_000_000)
    assert result.status == "unwinnable"


def test_a_game_that_took_a_card_back_under_the_old_rule_is_solved_without_take_backs() -> None:
    """A record from when a foundation card could come back still loads; the
    solver goes on from its position and never takes a card back."""
    game = engine.replay("FC1-F4-8 t8>f f3>t8")
    result = solve(game, seconds=None, max_nodes=300_000)
    assert result.status == "winnable"
    assert not any(m.startswith("f") for m in result.moves)
    assert replay_fc(game, result.moves).won


def test_a_line_from_the_middle_of_a_game_with_cells_in_use() -> None:
    game = engine.new_game("FC1-F4-1")
    for move in ("t1>c3", "t2>c1"):
        game.play(move)
    result = solve(game, seconds=None, max_nodes=300_000)
    assert result.status == "winnable"
    assert replay_fc(game, result.moves).won
    assert game.moves == 2  # the caller's game is not changed


def test_a_won_game_and_a_sorted_table_need_no_search() -> None:
    foundations = {f"f{i + 1}": " ".join(f"{r}{s}" for r in RANKS) for i, s in enumerate(SUITS)}
    won = FreeCell.from_piles("FC1-F4-1", foundations)
    assert solve(won, seconds=None).status == "winnable"
    # Every column falls in rank from bottom to top (colours mixed): won.
    spread = {"t1": "Ks Qs Jh", "t2": "Kh Qh Js", "t3": "Kd Qd Jc", "t4": "Kc Qc Jd"}
    rest = {f"f{i + 1}": " ".join(f"{r}{s}" for r in RANKS[:10]) for i, s in enumerate(SUITS)}
    game = FreeCell.from_piles("FC1-F1-1", {**rest, **spread})
    result = solve(game, seconds=None, max_nodes=10)
    assert result.status == "winnable"
    assert result.nodes == 0
    assert replay_fc(game, result.moves).won


def test_a_line_loses_its_detours() -> None:
    """A detour through a free cell and back goes, twice over: what is left
    still wins."""
    home = {"f1": "As 2s 3s 4s 5s 6s 7s 8s", "f2": "Ah", "f3": " ".join(f"{r}d" for r in RANKS)}
    columns = {"t1": "2h Kh", "t2": "Qh Jh Th 9h", "t3": "9s 8h", "t4": "Ks Qs Js Ts", "t5": "7h 6h 5h 4h 3h"}
    game = FreeCell.from_piles("FC1-F2-1", {**home, "f4": " ".join(f"{r}c" for r in RANKS), **columns})
    rules = fc_rules(game)
    start = rules.start([])
    state = start
    wander = []
    for step in [(4, 2, 0), (3, 0, 2), (4, 2, 0), (3, 0, 2), (2, 0, 5, 1)]:
        move = next(m for m in rules.moves(state) if m[1:] == step)
        wander.append(move)
        state = rules.play(state, move, None)
    assert rules.won(state)
    short = rules.shorten(start, wander)
    assert len(short) == 1
    assert rules.won(rules.play(start, short[0], None))


@pytest.mark.parametrize("cells", [4, 3])
def test_winning_lines_are_short(cells: int) -> None:
    """Lines are cut to their shortcuts: each card home once (52 moves) and
    few others; on deals 1-20, a median within 120 moves and none over 200
    (the solver's lines once wandered to near 300)."""
    lengths = []
    for deal in range(1, 21):
        game = engine.new_game(f"FC1-F{cells}-{deal}")
        result = solve(game, seconds=None, max_nodes=300_000)
        if result.status == "winnable":
            assert replay_fc(game, result.moves).won
            lengths.append(len(result.moves))
    assert len(lengths) >= 10
    assert sorted(lengths)[len(lengths) // 2] <= 120
    assert max(lengths) <= 200


# --------------------------------------------------- the key's symmetries


def random_position(code: str, seed: int, steps: int) -> FreeCell:
    game = engine.new_game(code)
    assert isinstance(game, FreeCell)
    rng = random.Random(seed)
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    return game


@given(
    st.sampled_from(["FC1-F4", "FC1-F2", "FC1-F1"]),
    st.integers(1, 32000),
    st.integers(0, 80),
    st.randoms(use_true_random=False),
)
@settings(max_examples=60, deadline=None)
def test_the_key_ignores_the_order_of_cells_and_columns(
    variant: str, deal: int, steps: int, rng: random.Random
) -> None:
    game = random_position(f"{variant}-{deal}", deal, steps)
    rules = fc_rules(game)
    cells, cols, found = rules.position
    shuffled_cells = bytearray(cells)
    rng.shuffle(shuffled_cells)
    shuffled_cols = list(cols)
    rng.shuffle(shuffled_cols)
    other = (bytes(shuffled_cells), tuple(shuffled_cols), found)
    assert canonical(other) == canonical(rules.position)
    # And the moves from either lead to the same positions.
    children = {canonical(rules.play(rules.position, m, None)) for m in rules.moves(rules.position)}
    assert {canonical(rules.play(other, m, None)) for m in rules.moves(other)} == children
    # A different position has a different key: one card from a column to an empty cell.
    if EMPTY in cells and any(cols):
        i = next(i for i, c in enumerate(cols) if c)
        c = cells.index(EMPTY)
        moved = bytearray(cells)
        moved[c] = cols[i][-1]
        changed = list(cols)
        changed[i] = cols[i][:-1]
        assert canonical((bytes(moved), tuple(changed), found)) != canonical(rules.position)


# ------------------------------------------ the solver's moves are the game's


@given(st.sampled_from(["FC1-F4", "FC1-F3", "FC1-F2", "FC1-F1"]), st.integers(1, 32000), st.integers(0, 100))
@settings(max_examples=40, deadline=None)
def test_every_solver_move_plays_in_the_engine_to_the_same_position(variant: str, deal: int, steps: int) -> None:
    game = random_position(f"{variant}-{deal}", deal, steps)
    for complete in (True, False):
        rules = fc_rules(game, complete)
        out: list[str] = []
        start = rules.start(out)
        check = replay_fc(game, tuple(out))
        assert fc_rules(check).position == start
        for move in rules.moves(start):
            line: list[str] = []
            after = rules.play(start, move, line)
            played = replay_fc(check, tuple(line))
            assert fc_rules(played).position == after, (game.record(), line)


# --------------------------------------------------- an exhaustive search


def legal(state: FCState) -> list[tuple[str, FCState]]:
    """Every legal action from ``state`` in notation, and the position after it,
    with nothing left out and no automatic moves: cards home, into any empty
    cell (from a column or another cell), out of a cell onto any column that
    takes it, and every run length onto any column within the run limit
    (never a card from a foundation). Checked against the engine's
    ``legal_moves`` below."""
    cells, cols, found = state
    free = sum(1 for c in cells if c == EMPTY)
    empties = sum(1 for c in cols if not c)
    result = []

    def after(cl: bytearray, co: list[bytes], fo: bytearray) -> FCState:
        return (bytes(cl), tuple(co), bytes(fo))

    def takes(card: int, col: bytes) -> bool:
        return not col or (RANK[col[-1]] == RANK[card] + 1 and RED[SUIT[col[-1]]] != RED[SUIT[card]])

    for i, col in enumerate(cols):
        if col and found[SUIT[col[-1]]] == RANK[col[-1]] - 1:
            fo = bytearray(found)
            fo[SUIT[col[-1]]] += 1
            co = list(cols)
            co[i] = col[:-1]
            result.append((f"t{i + 1}>f", after(bytearray(cells), co, fo)))
    for c, card in enumerate(cells):
        if card == EMPTY:
            continue
        if found[SUIT[card]] == RANK[card] - 1:
            fo = bytearray(found)
            fo[SUIT[card]] += 1
            cl = bytearray(cells)
            cl[c] = EMPTY
            result.append((f"c{c + 1}>f", after(cl, list(cols), fo)))
        for j, col in enumerate(cols):
            if takes(card, col):
                cl = bytearray(cells)
                cl[c] = EMPTY
                co = list(cols)
                co[j] = col + bytes((card,))
                result.append((f"c{c + 1}>t{j + 1}", after(cl, co, bytearray(found))))
        for d, other in enumerate(cells):
            if other == EMPTY:
                cl = bytearray(cells)
                cl[d], cl[c] = card, EMPTY
                result.append((f"c{c + 1}>c{d + 1}", after(cl, list(cols), bytearray(found))))
    for i, col in enumerate(cols):
        run = 1 if col else 0
        while run < len(col) and takes(col[-run], col[-run - 1 : -run]):
            run += 1
        for j, dest in enumerate(cols):
            if j == i:
                continue
            most = (free + 1) << (empties - (0 if dest else 1))
            for n in range(1, min(run, most) + 1):
                if takes(col[-n], dest):
                    co = list(cols)
                    co[j] = dest + col[-n:]
                    co[i] = col[:-n]
                    name = f"t{i + 1}:{n}>t{j + 1}" if n > 1 else f"t{i + 1}>t{j + 1}"
                    result.append((name, after(bytearray(cells), co, bytearray(found))))
        if col:
            for c, card in enumerate(cells):
                if card == EMPTY:
                    cl = bytearray(cells)
                    cl[c] = col[-1]
                    co = list(cols)
                    co[i] = col[:-1]
                    result.append((f"t{i + 1}>c{c + 1}", after(cl, co, bytearray(found))))
    return result


def exhaustive(game: FreeCell, limit: int = 30_000) -> str:
    """Every legal action (``legal``), no automatic moves, positions told apart
    by their contents with the cells and the columns in sorted order (they can
    trade places without changing anything else: the only symmetry used, as in
    ``tests.engine.endgames``): ``"winnable"``, ``"unwinnable"``, or
    ``"unknown"`` past ``limit`` positions."""
    root = fc_rules(game).position
    seen = {_symmetric(root)}
    todo = [root]
    while todo:
        state = todo.pop()
        if sum(state[2]) == 52:
            return "winnable"
        for _name, child in legal(state):
            key = _symmetric(child)
            if key not in seen:
                if len(seen) >= limit:
                    return "unknown"
                seen.add(key)
                todo.append(child)
    return "unwinnable"


def _symmetric(state: FCState) -> tuple[bytes, tuple[bytes, ...], bytes]:
    return (bytes(sorted(state[0])), tuple(sorted(state[1])), state[2])


@given(st.sampled_from(["FC1-F4", "FC1-F2", "FC1-F1"]), st.integers(1, 32000), st.integers(0, 100))
@settings(max_examples=40, deadline=None)
def test_the_exhaustive_searchs_actions_are_the_engines(variant: str, deal: int, steps: int) -> None:
    game = random_position(f"{variant}-{deal}", deal, steps)
    actions = legal(fc_rules(game).position)
    assert sorted(name for name, _ in actions) == sorted(str(m) for m in game.legal_moves())
    for name, after in actions[:: max(1, len(actions) // 6)]:
        assert fc_rules(replay_fc(game, (name,))).position == after, name


def _endgame_from_seed(seed: int) -> FreeCell:
    """A FreeCell endgame: 9 or 10 cards off the foundations (the highest of
    each suit), every column holding at least one of them, 1 or 2 free cells,
    some in use."""
    rng = random.Random(seed)
    cells = rng.choice([1, 1, 2])
    full = rng.random() < 0.7
    counts = [0, 0, 0, 0]
    for _ in range(rng.randint(LOW, HIGH)):
        counts[rng.choice([s for s in range(4) if counts[s] < 13])] += 1
    piles: dict[str, str] = {}
    pool = []
    for s, suit in enumerate(SUITS):
        up = 13 - counts[s]
        piles[f"f{s + 1}"] = " ".join(f"{r}{suit}" for r in RANKS[:up])
        pool += [f"{r}{suit}" for r in RANKS[up:]]
    rng.shuffle(pool)
    used = cells if full else rng.randint(0, cells)
    for c in range(used):
        piles[f"c{c + 1}"] = pool[c]
    rest = pool[used:]
    columns = [[card] for card in rest[:8]]
    for card in rest[8:]:
        columns[rng.randrange(8)].append(card)
    for t, column in enumerate(columns):
        if rng.random() < 0.5:
            # Low cards buried under higher ones: the way positions get lost.
            column.sort(key=lambda c: RANKS.index(c[0]))
        piles[f"t{t + 1}"] = " ".join(column)
    return FreeCell.from_piles(f"FC1-F{cells}-1", piles)


def check_against_exhaustive(game: FreeCell) -> str:
    """The exhaustive search plays every legal action: the solver must agree
    with it, and its wins replay to a win."""
    expected = exhaustive(game)
    if expected == "unknown":
        return expected
    for result in (solve(game, seconds=None, complete=True), solve(game, seconds=None)):
        assert result.status == expected, game.record()
        if result.status == "winnable":
            assert replay_fc(game, result.moves).won, game.record()
    return expected


@given(st.integers(0, 10**9))
@settings(max_examples=80, deadline=None)
def test_endgames_agree_with_an_exhaustive_search(seed: int) -> None:
    assume(check_against_exhaustive(_endgame_from_seed(seed)) != "unknown")


def test_the_endgames_include_losses() -> None:
    """Losses are where a wrong pruning would show: some of the endgames are lost."""
    statuses = [check_against_exhaustive(_endgame_from_seed(seed)) for seed in range(40)]
    assert statuses.count("unwinnable") >= 1
    assert statuses.count("winnable") >= 5


@pytest.mark.parametrize("code", ["FC1-F1-2085082542", "FC1-F1-448641102", "FC1-F1-1885194838", "FC1-F1-1654571436"])
def test_whole_deals_proven_lost_are_lost_to_every_legal_action(code: str) -> None:
    """One-cell deals the solver proves lost early: the exhaustive search with
    every legal action and no automatic moves agrees."""
    game = engine.new_game(code)
    assert isinstance(game, FreeCell)
    assert solve(game, seconds=None, max_nodes=100_000).status == "unwinnable"
    assert exhaustive(game, limit=300_000) == "unwinnable"
