"""Spiderette and Spider for the solver: a compact position and its moves.

Position: ``(columns, stock)``.

- ``columns``: one ``bytes`` per column in the real order. Byte 0 is the number
  of face-down cards, then the cards bottom to top as ``suit * 13 + rank - 1``
  (suits spades, hearts, diamonds, clubs). Twin cards of a 1- or 2-suit deck
  have the same number, which is right: they are interchangeable.
- ``stock``: how many cards the stock still holds. Its cards never change
  order, so the count says which they are.

Completed runs leave the table inside ``play``, as in the game. The key sorts
the columns (their order does not matter for winning), so only the first empty
column is ever a destination, and a column that is a bare run is never moved
whole into an empty one.

Move order, best first: moves that complete a run; moves that turn up a
face-down card (columns with more face-down cards first) or empty a column;
builds on a card of the same suit; other whole-run moves; moves into an empty
column; splitting a run; the deal last.

The search (``staged.WinFirst``) runs two searches side by side. The
complete one (``core.Hybrid``) goes depth-first, children ordered by
``score``, which settles most one-suit deals in a few hundred positions, and
best-first on ``score`` beside it (face-down cards, cards left, breaks in the
face-up runs, empty columns). The staged one (``staged.Staged``) plans one
stock deal at a time, judging positions by ``value`` (which also rewards long
same-suit runs, and trying fewer moves: ``staged_moves``); it copes far
better with two and four suits, but leaves positions out, so it only ever
answers ``winnable``. The complete search has
no pruning beyond the exact symmetries above, so an ``unwinnable`` answer,
which only it gives, is exact.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.game import Game
from engine.solver.columns import RANK, SUIT, card_code, column_bytes, lift

if TYPE_CHECKING:
    from engine.solver.core import Search

__all__ = ["SMove", "SState", "SpiderRules", "proof_search", "rules_for", "search_for"]

SState = tuple[tuple[bytes, ...], int]
"""``(columns, cards left in the stock)``; see the module notes."""

SMove = tuple[int, ...]
"""``(priority, kind, ...)``: kind 0 deals; kind 1 moves the top ``n`` cards of
column ``i`` onto column ``j``: ``(i, j, n)``."""

RUN = 13

VALUE_CACHE = 200_000
"""Columns whose value, and whose run length for ``staged_moves``, ``SpiderRules``
remembers (each table emptied when full)."""

# ``value``'s weights (lower is better), tried on Spiderette with four suits.
EMPTY_BONUS = 12
"""Per empty column."""
DOWN_COST = 16
"""Per face-down card."""
CARD_COST = 3
"""Per card on the table (a completed run takes 13 off)."""
SOFT_BREAK = 3
"""Per face-up card on the next rank up of another suit."""
HARD_BREAK = 6
"""Per face-up card on any other card."""
RUN_BONUS = tuple(length * length // 6 for length in range(14))
"""Per same-suit run, by its length: long runs are on their way to being
completed (13 cards: 28, less than the 39 their taking off saves)."""


def run_length(col: bytes) -> int:
    """How many top cards of a column move together: face up, one suit, each
    one rank below the card under it."""
    up = len(col) - 1 - col[0]
    if up <= 0:
        return 0
    n = 1
    c = col[-1]
    while n < up:
        below = col[-n - 1]
        if below != c + 1 or RANK[c] == 13:
            break
        c = below
        n += 1
    return n


def column_value(col: bytes) -> int:
    """One column's part of ``SpiderRules.value``."""
    size = len(col)
    if size == 1:
        return -EMPTY_BONUS
    down = col[0]
    score = DOWN_COST * down + CARD_COST * (size - 1)
    prev = col[down + 1]
    run = 1
    for k in range(down + 2, size):
        c = col[k]
        if c != prev - 1 or RANK[prev] == 1:
            score += SOFT_BREAK if RANK[c] + 1 == RANK[prev] else HARD_BREAK
            score -= RUN_BONUS[run]
            run = 1
        else:
            run += 1
        prev = c
    return score - RUN_BONUS[run]


def _complete(col: bytes) -> bytes:
    """``col`` after taking off a completed run at its top, if there is one."""
    if len(col) > RUN and RANK[col[-1]] == 1 and run_length(col) >= RUN:
        return lift(col, RUN)
    return col


class SpiderRules:
    """The solver's view of one Spiderette or Spider game."""

    def __init__(self, game: Game) -> None:
        self.names = tuple(pid for pid in game.pile_ids if pid != "s")
        self.width = len(self.names)
        columns = []
        for pid in self.names:
            columns.append(column_bytes(pid, game.pile(pid)))
        stock = game.pile("s")
        # Drawing order: a deal takes the top card of the stock first, for t1.
        self.deal_order = bytes(card_code(c.rank, c.suit) for c in reversed(stock))
        self._start: SState = (tuple(columns), len(stock))
        self._values: dict[bytes, int] = {}
        self._runs: dict[bytes, int] = {}

    # ------------------------------------------------------------ protocol

    def start(self, out: list[str]) -> SState:
        cols, stock = self._start
        return (tuple(_complete(c) for c in cols), stock)

    def key(self, state: SState) -> tuple[bytes | int, ...]:
        cols, stock = state
        return (*sorted(cols), stock)

    def score(self, state: SState) -> int:
        """How far the position looks from a win (lower is better): face-down
        cards weigh most, then cards left on the table and in the stock, then
        breaks in the face-up cards (a card that is not the same suit and one
        rank below the card under it); empty columns help."""
        cols, stock = state
        score = stock
        for col in cols:
            size = len(col)
            if size == 1:
                score -= 4
                continue
            down = col[0]
            score += 6 * down + size - 1
            for k in range(down + 2, size):
                if col[k] != col[k - 1] - 1 or RANK[col[k - 1]] == 1:
                    score += 4
        return score

    def value(self, state: SState) -> int:
        """The staged search's judgement of a position (lower is better; see
        ``staged.py``): face-down cards weigh most, then cards left on the
        table and breaks in the face-up cards (a card of the next rank down
        but another suit is a mild one, any other card a bad one); empty
        columns and long same-suit runs earn a bonus. The weights are
        ``column_value``'s constants; each column's value is remembered."""
        values = self._values
        score = 0
        for col in state[0]:
            v = values.get(col)
            if v is None:
                if len(values) >= VALUE_CACHE:
                    values.clear()
                v = values[col] = column_value(col)
            score += v
        return score

    def pack(self, state: SState) -> bytes:
        """``state`` as one bytes object (for a best-first frontier, which
        keeps hundreds of thousands of positions): the stock count, then each
        column's length and bytes."""
        cols, stock = state
        parts = [bytes((stock,))]
        for col in cols:
            parts.append(bytes((len(col),)))
            parts.append(col)
        return b"".join(parts)

    def unpack(self, data: bytes) -> SState:
        """The position ``pack`` made ``data`` from."""
        cols = []
        i = 1
        for _ in range(self.width):
            n = data[i]
            cols.append(data[i + 1 : i + 1 + n])
            i += 1 + n
        return (tuple(cols), data[0])

    def won(self, state: SState) -> bool:
        cols, stock = state
        return not stock and all(len(c) == 1 for c in cols)

    def finish(self, state: SState, out: list[str]) -> None:
        return None

    def moves(self, state: SState) -> list[SMove]:
        cols, stock = state
        result: list[SMove] = []
        add = result.append
        empty = -1
        # The columns by the rank of their top card (index 0: none).
        tops: list[list[int]] = [[] for _ in range(14)]
        for j in range(self.width):
            if len(cols[j]) == 1:
                if empty < 0:
                    empty = j
            else:
                tops[RANK[cols[j][-1]]].append(j)
        for i in range(self.width):
            col = cols[i]
            size = len(col)
            if size == 1:
                continue
            down = col[0]
            up = size - 1 - down
            run = run_length(col)
            top = col[-1]
            top_rank = RANK[top]
            base_suit = SUIT[top]
            for k in range(1, min(run, 13 - top_rank) + 1):
                for j in tops[top_rank + k]:
                    dest = cols[j]
                    same = SUIT[dest[-1]] == base_suit
                    if k < run:
                        # Splitting a run: only onto its own suit it can help.
                        add((20 + same * 10, 1, i, j, k))
                        continue
                    if k == up:
                        # Turns up a card, or empties the column.
                        prio = 80 + down if down else 75
                    elif not same and RANK[col[-k - 1]] == RANK[col[-k]] + 1:
                        # Off one parent onto another of another suit: it only
                        # frees the card below, a weak reason.
                        prio = 25
                    else:
                        prio = 50
                    if same:
                        prio += 10
                        if top_rank == 1 and run_length(dest) + k >= RUN:
                            prio = 100
                    add((prio, 1, i, j, k))
            if empty >= 0:
                for k in range(run, 0, -1):
                    if k == size - 1:
                        continue
                    if k == up:
                        add((40 + down if down else 30, 1, i, empty, k))
                    else:
                        add((15 if k == run else 10, 1, i, empty, k))
        if stock and empty < 0:
            add((0, 0))
        result.sort(reverse=True)
        return result

    def staged_moves(self, state: SState, swaps: bool) -> tuple[list[SMove], bool]:
        """The moves the staged search tries (in no order), and whether the
        stock can be dealt.

        It leaves out moves that seldom help, which it may, since it never
        answers ``unwinnable``: part of a run onto a card of another suit or
        into an empty column, and, when ``swaps`` is False, a whole run that
        lies on the next rank up going onto a card of another suit (a move
        that only frees the card it leaves). Fewer moves per position let
        each stage look further ahead.

        >>> import engine
        >>> rules = SpiderRules(engine.new_game("SD1-S4-AAAAAAF"))
        >>> state = rules.start([])
        >>> moves, can_deal = rules.staged_moves(state, swaps=True)
        >>> can_deal
        True
        >>> {m[2:] for m in moves} <= {m[2:] for m in rules.moves(state)}
        True
        """
        cols, stock = state
        runs = self._runs
        empty = -1
        # The columns by the rank of their top card (index 0: none).
        tops: list[list[int]] = [[] for _ in range(14)]
        lengths = []
        for j in range(self.width):
            col = cols[j]
            if len(col) == 1:
                if empty < 0:
                    empty = j
                lengths.append(0)
                continue
            run = runs.get(col)
            if run is None:
                if len(runs) >= VALUE_CACHE:
                    runs.clear()
                run = runs[col] = run_length(col)
            lengths.append(run)
            tops[RANK[col[-1]]].append(j)
        result: list[SMove] = []
        add = result.append
        for i in range(self.width):
            run = lengths[i]
            if not run:
                continue
            col = cols[i]
            top_rank = RANK[col[-1]]
            suit = SUIT[col[-1]]
            up = len(col) - 1 - col[0]
            for k in range(1, min(run, 13 - top_rank) + 1):
                for j in tops[top_rank + k]:
                    if SUIT[cols[j][-1]] != suit and (
                        k < run or (not swaps and k < up and RANK[col[-k - 1]] == top_rank + k)
                    ):
                        continue
                    add((0, 1, i, j, k))
            # A bare run is never moved whole into an empty column (see the key).
            if empty >= 0 and run < len(col) - 1:
                add((0, 1, i, empty, run))
        return result, bool(stock) and empty < 0

    def play(self, state: SState, move: SMove, out: list[str] | None) -> SState:
        cols, stock = state
        cl = list(cols)
        if move[1] == 0:
            first = len(self.deal_order) - stock
            fed = min(stock, self.width)
            for t in range(fed):
                cl[t] = _complete(cl[t] + self.deal_order[first + t : first + t + 1])
            if out is not None:
                out.append("s")
            return (tuple(cl), stock - fed)
        i, j, n = move[2], move[3], move[4]
        col = cl[i]
        cl[j] = _complete(cl[j] + col[-n:])
        cl[i] = lift(col, n)
        if out is not None:
            out.append(f"{self.names[i]}:{n}>{self.names[j]}" if n > 1 else f"{self.names[i]}>{self.names[j]}")
        return (tuple(cl), stock)

    # ---------------------------------------------------- checks for tests

    def legal(self, state: SState) -> list[str]:
        """Every legal action in notation, as the game would list it (no
        pruning): used to check this module against the engine."""
        cols, stock = state
        result: list[str] = []
        if stock and all(len(c) > 1 for c in cols):
            result.append("s")
        for i, col in enumerate(cols):
            if len(col) == 1:
                continue
            run = run_length(col)
            top_rank = RANK[col[-1]]
            for j, dest in enumerate(cols):
                if j == i:
                    continue
                if len(dest) == 1:
                    ks = list(range(1, run + 1))
                else:
                    k = RANK[dest[-1]] - top_rank
                    ks = [k] if 1 <= k <= run else []
                for k in ks:
                    result.append(
                        f"{self.names[i]}:{k}>{self.names[j]}" if k > 1 else f"{self.names[i]}>{self.names[j]}"
                    )
        return result

    def apply(self, state: SState, token: str) -> SState:
        """The position after one action in notation (for tests)."""
        if token == "s":
            return self.play(state, (0, 0), None)
        src, dst = token.split(">")
        name, _, count = src.partition(":")
        return self.play(state, (0, 1, self.names.index(name), self.names.index(dst), int(count or 1)), None)

    @property
    def position(self) -> SState:
        """The position as read from the game."""
        return self._start


# ------------------------------------------------------------------ searches


def rules_for(game: Game, complete: bool = False) -> SpiderRules:
    """The solver's rules for a Spiderette or Spider game (they leave nothing
    out, so ``complete`` changes nothing)."""
    return SpiderRules(game)


def search_for(game: Game, complete: bool = False) -> Search[Any, Any]:
    """The staged search beside a complete one (``staged.WinFirst``)."""
    # staged.py builds on this module: imported when a search is made.
    from engine.solver.staged import WinFirst

    return WinFirst(SpiderRules(game))


def proof_search(game: Game) -> Search[Any, Any]:
    """``search_for``: its staged half only ever answers ``winnable`` (with a
    line that wins), and its complete half leaves nothing out."""
    return search_for(game)
