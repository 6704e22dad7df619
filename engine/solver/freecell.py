"""FreeCell for the solver: a compact position, its moves and safe automatic moves.

Position: ``(cells, columns, foundations)``.

- ``cells``: one byte per free cell the deal has, in the real order: the
  card, or ``EMPTY``. Cards are ``suit * 13 + rank - 1`` with suits in slot
  order (spades, hearts, diamonds, clubs), so a foundation slot is
  ``f{suit + 1}``.
- ``columns``: 8 ``bytes``, the cards bottom to top, in the real column
  order (so moves print with the real pile ids).
- ``foundations``: 4 bytes, the top rank of each slot (0 when empty).

Moves are the game's own: a card home, a card into a free cell, a card out
of one, and a run from column to column as one move within the run limit
(``engine.freecell.most_movable``, a supermove as the game allows it). A
card never comes back from a foundation (RULES.md section 3). The winning
line is written in the game's notation (``t3:4>t5``, ``c2>t1``, ``t6>f``)
with the real cell and column ids, the automatic moves included as ordinary
moves, so it replays with ``Game.play``.

The rules leave out only what is proven never to matter, so a search that
runs out of positions proves the deal unwinnable:

- Safe automatic moves to the foundations, the engine's ``safe_home``: a
  card goes up by itself when it is an Ace or a 2, or both cards of the
  other colour one rank lower are up. Nothing can ever be built on it then
  (those two never come back down), so in any winning line it can go up at
  once instead: it is on top of its column or in a cell from then on, every
  later move of the line plays the same without it (a run it ends is one
  card shorter; the cell or column it held is free), and its suit's next
  cards may go up after it, as before. An Ace or a 2: nothing but an Ace
  goes on a 2, and an Ace can go up instead. (Under the earlier rule that
  let a card come back, this was not enough; the solver then asked for
  more.)
- The order of the free cells and of the columns does not matter: the key
  holds the cells as a sorted multiset and the columns sorted. So a card goes
  into the first empty cell only, a run into the first empty column only (once
  for each length it may have), a card never from a cell to another cell, and
  a whole column never into an empty one.
- A position whose columns all go down in rank from bottom to top (not
  necessarily in alternating colours) is won: the lowest card left is always
  free and goes up next (``finish`` plays that out).

``complete`` is kept for the solver's protocol: both values give the same
rules now (the fast rules used to leave out take-backs).

Search (``search_for``): a best-first search on ``score`` (cards not home,
cards above a lower card of their column, the next cards each foundation
needs buried, free cells used, empty columns), beside a depth-first search,
children in move order (``core.Hybrid``). Either may find a win, and either
may answer ``unwinnable``: neither leaves a move out.
"""

from __future__ import annotations

from typing import Any

from engine.freecell import FOUNDATIONS, SLOT, FreeCell, most_movable
from engine.game import Game
from engine.solver.columns import RANK, SUIT, SUITS, card_code
from engine.solver.core import BestFirst, Hybrid, Search

__all__ = [
    "EMPTY",
    "WEIGHTS",
    "FCMove",
    "FCState",
    "FreeCellRules",
    "canonical",
    "proof_search",
    "rules_for",
    "search_for",
]

assert tuple(SLOT[s] for s in SUITS) == FOUNDATIONS

WEIGHTS = [2, 2, 2, 4, 6]
"""``score``'s weights (lower is better), tried on deals 1-200 and a few others with four cells:
per card above a lower card of its column, per card over a card that could
go up, per card not home, per free cell used, per empty column (a bonus)."""

FCState = tuple[bytes, tuple[bytes, ...], bytes]
"""``(cells, columns, foundations)``; see the module notes."""

FCMove = tuple[int, ...]
"""``(priority, kind, ...)``: kind 0 column top home ``(i)``; 1 cell card home
``(c)``; 2 column to column ``(i, j, n)``; 3 cell to column ``(c, j)``; 4 column
top to a cell ``(i, c)``."""

EMPTY = 0xFF
"""An empty free cell."""

COLUMN_NAMES = FreeCell.columns
CELL_NAMES = ("c1", "c2", "c3", "c4")

RED = tuple(s in (1, 2) for s in range(4))
COLOUR = tuple(RED[SUIT[c]] for c in range(52))
OPPOSITE = ((1, 2), (0, 3), (0, 3), (1, 2))
"""The two suits of the other colour, per suit."""
FITS = tuple(tuple(RANK[top] == RANK[c] + 1 and COLOUR[top] != COLOUR[c] for top in range(52)) for c in range(52))
"""``FITS[card][top]``: may ``card`` go on ``top`` in a column?"""


def _run(col: bytes) -> int:
    """How many top cards of a column go down in alternating colours."""
    n = len(col)
    if n < 2:
        return n
    k = 1
    i = n - 1
    while i > 0 and FITS[col[i]][col[i - 1]]:
        k += 1
        i -= 1
    return k


def canonical(state: FCState) -> bytes:
    """The key of a position: the free cells' cards as a sorted multiset, then
    the columns, sorted (the foundations follow from the rest). Positions that
    differ only in the order of their cells or of their columns have the same key.

    >>> a = (bytes([5, EMPTY]), (b"\\x01\\x02", b"", b"\\x03"), b"\\x00" * 4)
    >>> b = (bytes([EMPTY, 5]), (b"\\x03", b"\\x01\\x02", b""), b"\\x00" * 4)
    >>> canonical(a) == canonical(b)
    True
    """
    cells, cols, _ = state
    return bytes(sorted(cells)) + b"|" + b"|".join(sorted(cols))


class FreeCellRules:
    """The solver's view of one FreeCell game (``complete``: the rules whose
    loss is a proof, see the module notes)."""

    def __init__(self, game: FreeCell, complete: bool = False) -> None:
        self.complete = complete
        self.ncells = len(game.cells)
        cells = bytes(
            card_code(game.pile(c)[-1].rank, game.pile(c)[-1].suit) if game.pile(c) else EMPTY for c in game.cells
        )
        cols = tuple(bytes(card_code(card.rank, card.suit) for card in game.pile(t)) for t in COLUMN_NAMES)
        found = bytes(len(game.pile(f)) for f in FOUNDATIONS)
        self.position: FCState = (cells, cols, found)
        """The position as read from the game (before any automatic move)."""

    # ------------------------------------------------------------ protocol

    def start(self, out: list[str]) -> FCState:
        cells, cols, found = self.position
        return self._auto(bytearray(cells), list(cols), bytearray(found), out)

    def key(self, state: FCState) -> bytes:
        return canonical(state)

    def won(self, state: FCState) -> bool:
        """Won, or sure to be: every column goes down in rank from bottom to top."""
        for col in state[1]:
            for i in range(1, len(col)):
                if RANK[col[i]] > RANK[col[i - 1]]:
                    return False
        return True

    def finish(self, state: FCState, out: list[str]) -> None:
        """Send every card up, the lowest free one first (``won`` said they all go)."""
        cells = bytearray(state[0])
        cols = [bytearray(c) for c in state[1]]
        found = bytearray(state[2])
        while True:
            best: tuple[int, int, int] | None = None  # rank, kind (0 column, 1 cell), index
            for i, col in enumerate(cols):
                if col and (best is None or RANK[col[-1]] < best[0]):
                    best = (RANK[col[-1]], 0, i)
            for c, card in enumerate(cells):
                if card != EMPTY and (best is None or RANK[card] < best[0]):
                    best = (RANK[card], 1, c)
            if best is None:
                return
            rank, kind, index = best
            card = cols[index].pop() if kind == 0 else cells[index]
            if kind == 1:
                cells[index] = EMPTY
            if found[SUIT[card]] != rank - 1:
                raise RuntimeError("finish() was given a position that is not won.")
            found[SUIT[card]] = rank
            out.append(f"{COLUMN_NAMES[index] if kind == 0 else CELL_NAMES[index]}>f")

    def _safe(self, card: int, found: bytearray | bytes) -> bool:
        rank = RANK[card]
        if rank <= 2:
            return True
        suit = SUIT[card]
        a, b = OPPOSITE[suit]
        return found[a] >= rank - 1 and found[b] >= rank - 1

    def _auto(self, cells: bytearray, cols: list[bytes], found: bytearray, out: list[str] | None) -> FCState:
        """Play the safe automatic moves (lowest card first, as the game's
        ``safe_move`` does) and return the position."""
        safe = self._safe
        moved = True
        while moved:
            moved = False
            best = -1
            best_rank = 99
            for c in range(self.ncells):
                card = cells[c]
                if (
                    card != EMPTY
                    and found[SUIT[card]] == RANK[card] - 1
                    and RANK[card] < best_rank
                    and safe(card, found)
                ):
                    best, best_rank = 100 + c, RANK[card]
            for i in range(8):
                col = cols[i]
                if col:
                    card = col[-1]
                    if found[SUIT[card]] == RANK[card] - 1 and RANK[card] < best_rank and safe(card, found):
                        best, best_rank = i, RANK[card]
            if best >= 0:
                moved = True
                if best >= 100:
                    card = cells[best - 100]
                    cells[best - 100] = EMPTY
                    if out is not None:
                        out.append(f"{CELL_NAMES[best - 100]}>f")
                else:
                    card = cols[best][-1]
                    cols[best] = cols[best][:-1]
                    if out is not None:
                        out.append(f"{COLUMN_NAMES[best]}>f")
                found[SUIT[card]] += 1
        return (bytes(cells), tuple(cols), bytes(found))

    def score(self, state: FCState) -> int:
        """How far the position looks from a win (lower is better)."""
        cells, cols, found = state
        score = 0
        empty = 0
        for col in cols:
            if not col:
                empty += 1
                continue
            low = 99
            for i, card in enumerate(col):
                r = RANK[card]
                if r > low:
                    score += WEIGHTS[0]  # a card above a lower one: it must move before that one goes up
                elif r < low:
                    low = r
                if found[SUIT[card]] == r - 1:
                    score += WEIGHTS[1] * (len(col) - 1 - i)  # cards over a card that could go up
        used = sum(1 for c in cells if c != EMPTY)
        home = sum(found)
        return score + WEIGHTS[2] * (52 - home) + WEIGHTS[3] * used - WEIGHTS[4] * empty

    def shorten(self, start: FCState, moves: list[FCMove]) -> list[FCMove]:
        """A line from ``start`` that wins as ``moves`` does, with as few moves
        that are not to a foundation as short shortcuts give. Every card
        goes up exactly once in any winning line, so those other moves are all
        a line's length beyond 52.

        Along the line's positions, one move or two from one of them that lead
        straight to a later one (the very same position, cells and columns in
        place, so the rest of the line plays on unchanged), or to a won one,
        are a shortcut, and a loop back to the same position goes; the cheapest path
        through the line and its shortcuts is the answer (costs: 1 for a move
        that is not to a foundation, 0 for one that is). A search's line
        wanders: this cuts its detours.
        """
        states = [start]
        for move in moves:
            states.append(self.play(states[-1], move, None))
        last = len(states) - 1
        where = {state: i for i, state in enumerate(states)}
        # best[i]: (cost to win from position i, the next moves, the position they lead to)
        best: list[tuple[int, list[FCMove], int]] = [(0, [], last)] * len(states)
        for i in range(last - 1, -1, -1):
            again = where[states[i]]
            if again > i:  # the line comes back here later: the loop goes
                best[i] = (best[again][0], [], again)
                continue
            cost = (moves[i][1] >= 2) + best[i + 1][0]
            choice: tuple[int, list[FCMove], int] = (cost, [moves[i]], i + 1)
            for move in self.moves(states[i]):
                price = int(move[1] >= 2)
                if price >= choice[0]:
                    continue
                child = self.play(states[i], move, None)
                j = where.get(child, -1)
                if j > i + 1 and price + best[j][0] < choice[0]:
                    choice = (price + best[j][0], [move], j)
                elif j < 0 and self.won(child):
                    choice = (price, [move], -1)
                elif j < 0 and price + 1 < choice[0]:
                    for second in self.moves(child):
                        both = price + int(second[1] >= 2)
                        if both >= choice[0]:
                            continue
                        after = self.play(child, second, None)
                        k = where.get(after, -1)
                        if k > i + 1 and both + best[k][0] < choice[0]:
                            choice = (both + best[k][0], [move, second], k)
                        elif k < 0 and self.won(after):
                            choice = (both, [move, second], -1)
            best[i] = choice
        line: list[FCMove] = []
        i = 0
        while 0 <= i < last:
            _, step, i = best[i]
            line += step
        return line

    def pack(self, state: FCState) -> bytes:
        """``state`` as one bytes object (for the best-first frontier)."""
        cells, cols, found = state
        parts = [found, cells]
        for col in cols:
            parts.append(bytes((len(col),)))
            parts.append(col)
        return b"".join(parts)

    def unpack(self, data: bytes) -> FCState:
        """The position ``pack`` made ``data`` from."""
        n = self.ncells
        cells = data[4 : 4 + n]
        cols = []
        i = 4 + n
        for _ in range(8):
            k = data[i]
            cols.append(data[i + 1 : i + 1 + k])
            i += 1 + k
        return (cells, tuple(cols), data[:4])

    def moves(self, state: FCState) -> list[FCMove]:
        cells, cols, found = state
        result: list[FCMove] = []
        add = result.append
        free_cell = -1
        free_cells = 0
        for c in range(self.ncells):
            if cells[c] == EMPTY:
                free_cells += 1
                if free_cell < 0:
                    free_cell = c
        empty_col = -1
        empty_cols = 0
        for j in range(8):
            if not cols[j]:
                empty_cols += 1
                if empty_col < 0:
                    empty_col = j
        onto = most_movable(free_cells, empty_cols)
        into_empty = most_movable(free_cells, empty_cols - 1) if empty_cols else 0
        # Cards home (those not safe: safe ones went up by themselves).
        for i in range(8):
            col = cols[i]
            if col and found[SUIT[col[-1]]] == RANK[col[-1]] - 1:
                add((90, 0, i))
        for c in range(self.ncells):
            card = cells[c]
            if card != EMPTY and found[SUIT[card]] == RANK[card] - 1:
                add((95, 1, c))
        # Out of the cells.
        for c in range(self.ncells):
            card = cells[c]
            if card == EMPTY:
                continue
            fits = FITS[card]
            for j in range(8):
                if cols[j] and fits[cols[j][-1]]:
                    add((80, 3, c, j))
            if empty_col >= 0:
                add((40, 3, c, empty_col))
        # Column to column.
        for i in range(8):
            col = cols[i]
            size = len(col)
            if not size:
                continue
            run = _run(col)
            top_rank = RANK[col[-1]]
            for j in range(8):
                dest = cols[j]
                if j == i or not dest:
                    continue
                n = RANK[dest[-1]] - top_rank
                if 1 <= n <= run and n <= onto and FITS[col[-n]][dest[-1]]:
                    add((70 if n == size else 60 + (n < run) * -30, 2, i, j, n))
            if empty_col >= 0:
                for n in range(min(run, into_empty), 0, -1):
                    if n == size:
                        continue
                    add((30 if n == run else 20, 2, i, empty_col, n))
        # Into a cell.
        if free_cell >= 0:
            for i in range(8):
                col = cols[i]
                if col:
                    add((10 + (len(col) == 1) * 15, 4, i, free_cell))
        result.sort(reverse=True)
        return result

    def play(self, state: FCState, move: FCMove, out: list[str] | None) -> FCState:
        cells_b, cols_t, found_b = state
        cells = bytearray(cells_b)
        cols = list(cols_t)
        found = bytearray(found_b)
        kind = move[1]
        if kind == 0:
            i = move[2]
            card = cols[i][-1]
            cols[i] = cols[i][:-1]
            found[SUIT[card]] += 1
            text = f"{COLUMN_NAMES[i]}>f"
        elif kind == 1:
            c = move[2]
            found[SUIT[cells[c]]] += 1
            cells[c] = EMPTY
            text = f"{CELL_NAMES[c]}>f"
        elif kind == 2:
            i, j, n = move[2], move[3], move[4]
            col = cols[i]
            cols[j] = cols[j] + col[-n:]
            cols[i] = col[:-n]
            text = f"{COLUMN_NAMES[i]}:{n}>{COLUMN_NAMES[j]}" if n > 1 else f"{COLUMN_NAMES[i]}>{COLUMN_NAMES[j]}"
        elif kind == 3:
            c, j = move[2], move[3]
            cols[j] = cols[j] + bytes((cells[c],))
            cells[c] = EMPTY
            text = f"{CELL_NAMES[c]}>{COLUMN_NAMES[j]}"
        else:
            i, c = move[2], move[3]
            cells[c] = cols[i][-1]
            cols[i] = cols[i][:-1]
            text = f"{COLUMN_NAMES[i]}>{CELL_NAMES[c]}"
        if out is not None:
            out.append(text)
        return self._auto(cells, cols, found, out)


# ------------------------------------------------------------------ searches


def rules_for(game: Game, complete: bool = False) -> FreeCellRules:
    """The solver's rules for a FreeCell game (``complete``: see the module notes)."""
    if not isinstance(game, FreeCell):
        raise TypeError("FreeCell's solver rules need a FreeCell game.")
    return FreeCellRules(game, complete)


def search_for(game: Game, complete: bool = False) -> Search[Any, Any]:
    """Depth-first beside best-first (``core.Hybrid``); ``complete=True``:
    the depth-first search alone. Either may answer ``unwinnable``: the rules
    leave out no move a win could need."""
    rules = rules_for(game, complete=True)
    if complete:
        return Search(rules)
    return Hybrid(rules, first=Search(rules), second=BestFirst(rules), shares=(0.25, 0.25))


def proof_search(game: Game) -> Search[Any, Any]:
    """``search_for``: every answer is a proof."""
    return search_for(game)
