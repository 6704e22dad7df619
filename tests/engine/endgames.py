"""Small random positions and an exhaustive search, to check the solver's verdicts.

The positions are endgames small enough to search completely with no pruning
at all: Klondike with a few cards off the foundations (some face down, face-up
runs, a talon, every rule set; also with every column taken, where emptying
one and moving runs off the middle of runs matter), and the Spider family with one or two runs
left to build. ``exhaustive`` decides them by visiting every position that
legal actions reach, one action at a time (single stock taps, no automatic
moves), told apart by their exact contents; the solver's answer must be the
same. The test suite runs a few thousand of them, ``bench.solver_soundness``
as many as it is asked for.
"""

from __future__ import annotations

from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from engine import Game
from engine.klondike import Klondike
from engine.solver import Solution, rules_for, solve
from engine.spider import Spider, Spiderette
from tests.engine.players import position

RANKS = "A23456789TJQK"
RED = frozenset("hd")
KLONDIKE_VARIANTS = ("KL1-D1N", "KL1-D3N", "KL1-D1V", "KL1-D3V", "KL1-D1C", "KL1-D3C")
SPIDER_VARIANTS = ("SD1-S1", "SD1-S2", "SD1-S4", "SP1-S1", "SP1-S2", "SP1-S4")
EXHAUSTIVE_LIMIT = 150_000
"""Positions an exhaustive search may visit; bigger cases are left out
(``hypothesis.assume``), so every case is decided beyond doubt."""


class Exhaustive:
    """Every legal action, one tap at a time, exact positions, no automatic
    moves and no pruning: slow, but it decides small positions beyond doubt.

    The actions come from the solver's ``legal``/``apply`` (with nothing left
    out), which the suite checks against the engine's own moves on random
    playouts; the search keeps the positions themselves, not their hashes."""

    def __init__(self, game: Game) -> None:
        self.rules: Any = rules_for(game, complete=True)
        self.klondike = isinstance(game, Klondike)

    def won(self, state: Any) -> bool:
        if self.klondike:
            return bool(sum(state[1]) == 52)
        return not state[1] and all(len(c) == 1 for c in state[0])

    def decide(self, limit: int) -> str:
        """``"winnable"``, ``"unwinnable"``, or ``"unknown"`` past ``limit`` positions."""
        rules = self.rules
        root = rules.position
        seen = {_symmetric(root)}
        todo = [root]
        while todo:
            state = todo.pop()
            if self.won(state):
                return "winnable"
            # Any order visits the same positions; this one finds wins sooner
            # (a stack pops the last pushed first).
            for action in sorted(rules.legal(state), key=_promise):
                child = rules.apply(state, action)
                key = _symmetric(child)
                if key not in seen:
                    if len(seen) >= limit:
                        return "unknown"
                    seen.add(key)
                    todo.append(child)
        return "unwinnable"


def _promise(action: str) -> int:
    """Higher for actions that look closer to a win (tried first)."""
    if action.endswith(">f"):
        return 3
    if action.startswith("f"):
        return 0
    return 1 if action == "s" else 2


def _symmetric(state: Any) -> Any:
    """The position with its columns in sorted order: columns can trade places
    without changing anything else (the only symmetry used)."""
    return (tuple(sorted(state[0])), *state[1:])


def exhaustive(game: Game, limit: int = EXHAUSTIVE_LIMIT) -> str:
    """``"winnable"``, ``"unwinnable"``, or ``"unknown"`` past ``limit`` positions."""
    return Exhaustive(game).decide(limit)


def card(rank: int, suit: str) -> str:
    return f"{RANKS[rank - 1]}{suit}"


def fits(low: str, high: str) -> bool:
    """May ``low`` be built on ``high`` in a Klondike column?"""
    return RANKS.index(low[0]) + 1 == RANKS.index(high[0]) and ((low[1] in RED) != (high[1] in RED))


@st.composite
def klondike_endgames(draw: st.DrawFn, variants: tuple[str, ...] = KLONDIKE_VARIANTS) -> Klondike:
    """A Klondike position with 4 to 14 cards off the foundations: in columns
    (some face down, face-up runs built on them) and in the stock and waste."""
    variant = draw(st.sampled_from(variants))
    piles, pool = _foundations(draw, 5, 4, 14)
    # Columns one by one: a few face-down cards (sometimes low ones at the
    # bottom, so the foundations wait for buried cards, the way positions get
    # lost), a face-up card, and a face-up run built on it from the cards
    # not placed yet. What is left forms the talon.
    for i in draw(st.lists(st.integers(1, 7), max_size=7, unique=True)):
        if not pool:
            break
        down = _face_down(draw, pool, draw(st.integers(0, min(3, len(pool) - 1))))
        run_cards = _face_up_run(draw, pool, st.booleans())
        if len(run_cards) > 1 and draw(st.booleans()):
            # The top card's other parent, buried under the run it lies on.
            other = [c for c in pool if fits(run_cards[-1], c)]
            if other:
                pool.remove(other[0])
                down.insert(draw(st.integers(0, len(down))), other[0])
        piles[f"t{i}"] = " ".join(["#" + c for c in down] + run_cards)
    return _with_talon(draw, piles, pool, variant)


@st.composite
def klondike_full_tables(draw: st.DrawFn, variants: tuple[str, ...] = KLONDIKE_VARIANTS) -> Klondike:
    """A Klondike position with 10 to 18 cards off the foundations and every
    column taken: often with nothing face down under a column's run (so that
    emptying a column, and which King goes there, can decide the game) and
    long face-up runs (so that moving a run off the middle of one can), the
    rest in the stock and waste."""
    variant = draw(st.sampled_from(variants))
    piles, pool = _foundations(draw, 7, 10, 18)
    for i in range(1, 8):
        if not pool:
            break
        down_count = 0 if draw(st.integers(0, 2)) == 0 else draw(st.integers(0, min(3, len(pool) - 1)))
        down = _face_down(draw, pool, down_count)
        run_cards = _face_up_run(draw, pool, st.integers(0, 3))
        piles[f"t{i}"] = " ".join(["#" + c for c in down] + run_cards)
    return _with_talon(draw, piles, pool, variant)


def _foundations(draw: st.DrawFn, most: int, low: int, high: int) -> tuple[dict[str, str], list[str]]:
    """Foundations with up to ``most`` cards missing per suit, ``low`` to
    ``high`` in all; and the missing cards, shuffled."""
    missing = draw(st.lists(st.integers(0, most), min_size=4, max_size=4).filter(lambda m: low <= sum(m) <= high))
    tops = {s: 13 - m for s, m in zip("shdc", missing, strict=True)}
    pool = draw(st.permutations([card(r, s) for s in "shdc" for r in range(tops[s] + 1, 14)]))
    piles = {f"f{i + 1}": " ".join(card(r, s) for r in range(1, tops[s] + 1)) for i, s in enumerate("shdc")}
    return piles, pool


def _face_down(draw: st.DrawFn, pool: list[str], count: int) -> list[str]:
    """``count`` cards off ``pool`` to lie face down, sometimes the lowest
    at the bottom."""
    down = [pool.pop() for _ in range(count)]
    if draw(st.booleans()):
        down.sort(key=lambda c: RANKS.index(c[0]))
    return down


def _face_up_run(draw: st.DrawFn, pool: list[str], go_on: st.SearchStrategy[Any]) -> list[str]:
    """A face-up run off ``pool``: a card, and cards that fit on it for as
    long as ``go_on`` draws something true."""
    run_cards = [pool.pop()]
    while draw(go_on):
        fitting = [c for c in pool if fits(c, run_cards[-1])]
        if not fitting:
            break
        chosen = draw(st.sampled_from(fitting))
        pool.remove(chosen)
        run_cards.append(chosen)
    return run_cards


def _with_talon(draw: st.DrawFn, piles: dict[str, str], talon: list[str], variant: str) -> Klondike:
    """The game with ``piles`` and ``talon`` shared between waste and stock
    (and, with counted passes, some passes used)."""
    waste = draw(st.integers(0, len(talon)))
    piles["w"] = " ".join(talon[:waste])
    piles["s"] = " ".join("#" + c for c in reversed(talon[waste:]))
    game = position(piles, code=f"{variant}-AAAAAAA")
    total = game.total_passes
    if total is not None:
        game._recycles = draw(st.integers(0, total - 1))
    return game


@st.composite
def spider_endgames(draw: st.DrawFn, variants: tuple[str, ...] = SPIDER_VARIANTS) -> Spiderette:
    """A Spiderette or Spider position with one run (sometimes two) left to
    build: its cards shuffled into a few columns (some face down) and perhaps
    a deal or two in the stock."""
    variant = draw(st.sampled_from(variants))
    game_cls = Spider if variant.startswith("SP") else Spiderette
    suits_count = int(variant[-1])
    decks = 2 if game_cls is Spider else 1
    all_runs = {1: "s" * 4, 2: "sshh", 4: "shdc"}[suits_count] * decks
    left = draw(st.sampled_from("".join(sorted(set(all_runs)))))
    left_runs = [left]
    if suits_count > 1 and draw(st.integers(0, 4)) == 0:
        left_runs.append(draw(st.sampled_from(sorted(set(all_runs) - {left}))))
    removed = list(all_runs)
    for suit in left_runs:
        removed.remove(suit)
    cards = draw(st.permutations([card(r, s) for s in left_runs for r in range(1, 14)]))
    width = 10 if game_cls is Spider else 7
    # The stock holds whole deals: Spiderette's last deal is 3 cards, Spider's are 10.
    deal_sizes = (0, 10) if game_cls is Spider else (0, 3, 10)
    stock_size = draw(st.sampled_from([d for d in deal_sizes if d <= len(cards) - 1]))
    stock, table = cards[:stock_size], cards[stock_size:]
    used = draw(st.integers(2, min(width, 5)))
    places = draw(st.lists(st.integers(1, used), min_size=len(table), max_size=len(table)))
    columns: dict[int, list[str]] = {}
    for c, place in zip(table, places, strict=True):
        columns.setdefault(place, []).append(c)
    piles = {"s": " ".join("#" + c for c in reversed(stock)), "r": " ".join(_run(s) for s in removed)}
    for i, column in columns.items():
        up = draw(st.integers(1, len(column)))
        piles[f"t{i}"] = " ".join(["#" + c for c in column[:-up]] + column[-up:])
    return game_cls.from_piles(f"{variant}-AAAAAAA", piles)


def _run(suit: str) -> str:
    return " ".join(card(r, suit) for r in range(13, 0, -1))


def replay_line(game: Game, moves: tuple[str, ...]) -> Game:
    """A copy of ``game`` with ``moves`` played through the engine."""
    copy = game.copy()
    for move in moves:
        copy.play(move)
    return copy


def check_verdict(game: Game, max_nodes: int = 200_000, limit: int = 20_000) -> tuple[Solution, str]:
    """Solve ``game`` with the public solver and check its answer: a winning
    line must replay to a win (a proof on its own); any other answer must be
    the exhaustive search's. Returns the answer and the exhaustive verdict
    (``"-"`` when the replay settled it).

    Cases the exhaustive search cannot finish in ``limit`` positions are left
    out (``assume``)."""
    result = solve(game, seconds=None, max_nodes=max_nodes)
    if result.status == "winnable":
        assert replay_line(game, result.moves).won, (game.to_json(), result.moves)
        return result, "-"
    expected = exhaustive(game, limit)
    assume(expected != "unknown")
    assert result.status == expected, (game.to_json(), result)
    return result, expected
