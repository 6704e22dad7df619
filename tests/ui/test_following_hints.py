"""Following hints wins: on shipped winnable deals of every game, a player who
plays nothing but the first hint at each position wins, never undoes the move
before, never comes back to a position already seen, in a bounded number of moves.

The hints come from the page's own code: the worker's hint search
(``ui.model.solver_tasks.open_task``, from the game's JSON as the page sends it),
the lines it found (``LineMemory``) and the choice of hint (``choose_hint``). The
first deals of each variant run in the fast layer; the rest of ``DEALS`` (or all
those shipped, when fewer) are marked ``heavy``.
"""

from __future__ import annotations

import json
import os

import pytest

import engine
from engine.winnable_seeds import seeds_for
from ui.model.hints import LineMemory, choose_hint
from ui.model.solver_tasks import open_task

DEALS = int(os.environ.get("SOLITAIRE_HINT_DEALS", "10"))
"""Deals followed to the end per variant (fewer when fewer are shipped). The suite follows
ten, within its time on two cores; ``SOLITAIRE_HINT_DEALS=50`` follows fifty (about 45
minutes of a busy two-core machine, docs/TESTING.md)."""
FAST_DEALS = 2
"""Of them, those the fast layer follows."""
LONGEST = 5000
"""No game followed by hints takes more moves. The solver looks for a win, not the shortest
one: most lines take a few hundred moves, some over a thousand (Spiderette 2 suits 1,271,
FreeCell with 2 cells 4,232 on deal 798730206, with 1 cell 2,721 on deal 1024953133)."""

PREFIXES = [option_set.prefix for option_set in engine.OPTION_SETS]


def follow_hints(code: str) -> tuple[int, int]:
    """Play the first hint at every position of ``code`` until the game is won;
    returns the moves played and the searches the solver made."""
    game = engine.new_game(code)
    memory = LineMemory()
    seen = {game.position()}
    searches = 0
    while not game.won:
        record = game.record()
        line = memory.line_for(record)
        if line is None:
            task = open_task(json.dumps({"task": "hint", "game": game.to_json()}))
            searches += 1
            reply = task.step(1.0)
            while reply["status"] is None:
                reply = task.step(1.0)
            assert reply["status"] == "winnable", f"{record}: {reply['status']} after hints from a winnable deal"
            memory.remember(record, reply["moves"])
            line = memory.line_for(record)
        choice = choose_hint(game, 0, line)
        assert choice is not None, f"no hint at {record}"
        assert choice.proven, f"the hint at {record} is not the solver's line"
        last = game.history[-1] if game.history else None
        action = game.play(choice.hint.move)
        if last is not None and last.kind == "move":
            move = action.move
            back = (move.src, move.dst, move.count) == (last.dst, last.move.src, last.move.count)
            # Cards moved off a column and back onto the card they turned up (Spider's way
            # to reach a face-down card), or onto what a completed run left, go back the
            # same way but to a new position: they undo nothing.
            assert not back or last.flipped or last.removed, f"the hint {move} undid the move before it at {record}"
        position = game.position()
        assert position not in seen, f"the hint {choice.hint.move} went back to a position seen, at {record}"
        seen.add(position)
        assert game.moves <= LONGEST, f"{code}: still not won after {LONGEST} hints"
    return game.moves, searches


def deals(prefix: str, heavy: bool) -> list[str]:
    seeds = seeds_for(prefix)[:DEALS]
    chosen = seeds[FAST_DEALS:] if heavy else seeds[:FAST_DEALS]
    return [engine.option_set(prefix).code(seed) for seed in chosen]


def check_variant(prefix: str, heavy: bool) -> None:
    codes = deals(prefix, heavy)
    assert codes or heavy
    played = [follow_hints(code) for code in codes]
    if played:
        moves = [m for m, _ in played]
        searches = sum(s for _, s in played)
        print(
            f"{prefix}: {len(codes)} deals won by hints, {sum(moves)} moves (longest {max(moves)}), {searches} searches"
        )


@pytest.mark.parametrize("prefix", PREFIXES)
def test_following_hints_wins_the_first_winnable_deals(prefix: str) -> None:
    check_variant(prefix, heavy=False)


@pytest.mark.heavy
@pytest.mark.parametrize("prefix", PREFIXES)
def test_following_hints_wins_the_winnable_deals(prefix: str) -> None:
    check_variant(prefix, heavy=True)


@pytest.mark.parametrize(
    "code",
    # Deals where hints once went round in circles (a card home and back, a run between two
    # Queens, empty columns never filled) or led into a loss.
    ["KL1-D3N-VOOPISR", "SP1-S1-FTFLTVC", "SD1-S2-ZXBPYVW", "KL1-D1N-WTHNVPH"],
)
def test_following_hints_wins_the_deals_where_they_went_round_in_circles(code: str) -> None:
    moves, searches = follow_hints(code)
    assert searches == 1, "one line from the deal, followed to the end"
    assert moves <= LONGEST


def test_the_variants_are_every_game_s() -> None:
    assert {prefix[:2] for prefix in PREFIXES} == set(engine.VARIANTS)
    assert {"KL", "SD", "SP", "FC"} <= set(engine.VARIANTS)
    assert len(PREFIXES) == len(engine.OPTION_SETS) >= 16
