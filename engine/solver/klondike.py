"""Klondike for the solver: a compact position, its moves and safe automatic moves.

Position: ``(columns, foundations, talon, pointer, recycles)``.

- ``columns``: 7 ``bytes``, in the real column order (so moves print with the
  real column ids). Byte 0 is the number of face-down cards, then the cards,
  bottom to top. Cards are ``suit * 13 + rank - 1`` with suits in slot order
  (spades, hearts, diamonds, clubs), so a foundation slot is ``f{suit + 1}``.
- ``foundations``: the top rank of each slot (0 when empty).
- ``talon``: the waste and the stock as one sequence in drawing order (waste
  bottom first, then the stock from its next card on), and ``pointer`` the
  number of those cards on the waste. Playing the waste card at position
  ``q`` (1-based) removes it and leaves the pointer at ``q - 1``.
- ``recycles``: how often the waste was turned over (only kept when the rules
  limit the passes).

The stock is not searched tap by tap: from each position the cards that some
number of taps would bring to the top of the waste are candidate moves ("K+"),
and the taps are written back out as ``s`` when the winning line is printed.
Taps alone never help: every card reachable after them is reachable before.

Pruning, each one safe unless said otherwise:

- Safe automatic moves to the foundations (``_safe``). With take-backs
  allowed (Normal, Vegas) a card of rank r goes up by itself when both cards of
  the other colour of rank r - 1 are up and the other suit of its colour is at
  r - 2 or more: then every card that could ever be built below it is on the
  foundations already, so it is of no use in the tableau. (Both other-colour
  r - 1 cards alone are not enough when take-backs exist: one of them might be
  taken back onto it to hold an r - 2 card of the other suit of its colour.)
  Classic rules (no take-back) use the usual wider rule. Aces and 2s always go
  up. From the talon only in draw 1: in draw 3 removing a card shifts which
  cards later draws reach. With counted passes only the top waste card,
  since tapping to reach a card covers others.
- Column order does not matter: the key sorts the columns. So a King is only
  moved to the first empty column, and never from the bottom of its column.
- In draw 1 with unlimited passes every talon card is always reachable, so
  the pointer is left out of the key; in draw 3 all pointers from which the
  next tap recycles or starts afresh are the same.
- Draw 3: a position covers the same one with the pointer further on in the
  same pass by 3, 6, ... cards or at the last card (and, with unlimited
  passes, at the start of a pass; with counted passes, each of those with
  more passes used too): taps lead from it to them, and whatever a card
  reached from there leads to, it leads to as well, or to a position that
  covers that one (``covers``). So once it is searched they are not.
- Emptying a column (moving its whole face-up run when nothing lies under it)
  only helps a King that goes there next. It can always be delayed until the
  King comes (meanwhile the run's top takes and gives cards just as well, and
  nothing can go on the card it would cover), so it is only tried together
  with a King that goes there at once, as two moves in one: once for each
  King that could (on face-down cards at the foot of a run, reachable in the
  talon, or on top of its foundation, worth taking back; in draw 1 with
  unlimited passes a talon King only when ``_Holders`` says it is worth
  putting down). The position between the two is never needed. Nor is it
  while another column is empty: the King can go there, and the emptying
  wait for the next King (the two columns trade places).
- A card is never taken back from a foundation when it would go straight
  back up by itself. (Other take-backs are all tried: one may only clear the
  way to the card under it, so whether a take-back helps is not local.)
- Draw 1 with unlimited passes: a talon card goes to a column only if a card
  that fits on it is face up in a column, on a foundation, or such a talon
  card itself (``_Holders``).
- Lost positions are cut off at once when even an easier game, which forgets
  about timing and about cards competing for the same place, cannot bring
  every card up (``_lost``). This prunes whole subtrees after a fatal move
  and proves some deals lost with no search at all.
- A run moved off the middle of a face-up run, off the card X it lies on,
  can only go onto X's twin (the card of X's rank and colour): it changes
  only which of the two carries it, and uncovers X. So it is tried only when
  X could be used at once: to go to its foundation, or to take the twin of
  the run's bottom card (face up in a column, reachable in the talon, or on
  top of its foundation, worth taking back). Nothing is lost: in a winning
  line, such a move can wait until X is next used. Until then every move of
  the line can be played with the run still on X (the run keeps its cards
  and its top; nothing goes on or comes off the covered twin meanwhile). If
  X is used by moving away, it can carry the run along instead; if the
  covered twin moves away carrying the run, it can move alone instead (its
  own twin, X, is face up, so that move is tried): either way the same
  situation again, one move later. If the run's bottom card goes up first,
  or back onto X, the move was not needed at all. (Classic rules' wider
  automatic moves can send the covered twin up while the move waits; but
  then the run, at most two cards, and the twin of its bottom card are safe
  by the same rule, so they go up as they come free, uncovering X without
  the move.) Each step of this keeps
  the line as long and puts the move later, so it ends: a winning line can
  always be reordered until X's use comes right after the move, and the move
  is only tried together with that use, as two moves in one (X up, or the
  twin onto X from where it lies): the position between the two is never
  needed.
- Heuristic (``complete=False``, the default): such a move is tried only
  when X can then go to its foundation (with that move), as in the
  well-known Klondike-Solver; faster, but it may miss a win.
  ``complete=True`` also tries it with the twin onto X (above). ``left_out``
  says whether the fast rules ever left one of those out: if never, a search
  with them searched exactly what a complete one would.

Move order: foundation moves, moves that turn up a face-down card (from the
column with most of them first), Kings into a space, talon cards to columns,
emptying moves, the rest; then the search tries the children with the fewest
face-down cards, talon cards and cards off the foundations first (``score``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.game import Game
from engine.klondike import COLUMNS, FOUNDATIONS, SLOT, Klondike
from engine.solver.columns import RANK, SUIT, SUITS, card_code, column_bytes, lift
from engine.solver.core import BestFirst, Confirmed, Hybrid, Search, digest

__all__ = ["KMove", "KState", "KlondikeRules", "halves", "proof_search", "rules_for", "search_for"]

KState = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int, int]
"""``(columns, foundations, talon, pointer, recycles)``; see the module notes."""

KMove = tuple[int, ...]
"""``(priority, kind, ...)``: kind 0 column top to foundation ``(i)``; 1 column
to column ``(i, j, n)``; 2 talon card to foundation ``(q)``; 3 talon card to
column ``(q, j)``; 4 foundation take-back ``(suit, j)``; 5 two moves in one,
column to column ``(i, j, n)`` and then another move (its kind and what
follows it), with no automatic move between them (see ``halves``)."""

assert tuple(SLOT[s] for s in SUITS) == FOUNDATIONS

OPPOSITE = ((1, 2), (0, 3), (0, 3), (1, 2))
"""The two suits of the other colour, per suit."""
TWIN = (3, 2, 1, 0)
"""The other suit of the same colour: spades-clubs, hearts-diamonds."""
TWIN_CARD = tuple(TWIN[c // 13] * 13 + c % 13 for c in range(52))
"""The card of the same rank in the other suit of the same colour."""
ACCEPTS = tuple(tuple(s * 13 + RANK[c] - 2 for s in OPPOSITE[SUIT[c]]) if RANK[c] > 1 else () for c in range(52))
"""The two cards that may be built on each card."""
ACCEPTS_BITS = tuple(sum(1 << x for x in ACCEPTS[c]) for c in range(52))
"""``ACCEPTS`` as bits (bit ``card``)."""
KINGS = sum(1 << (s * 13 + 12) for s in range(4))
"""The four Kings, as bits."""

LOST_CACHE_LIMIT = 500_000
"""Answers of the lost-position check kept (then forgotten all at once)."""

COLUMN_CACHE_LIMIT = 200_000
"""Columns whose ``_Column`` is kept (then forgotten all at once)."""

TALON_CACHE_LIMIT = 100_000
"""Talons whose reachable cards are kept as bits (then forgotten all at once)."""

LEFT_OUT_LIMIT = 200_000
"""Positions with moves left out that the fast rules keep (a few hundred
bytes each; past it they keep none, and the complete search starts afresh)."""

LOST_PATIENCE = 100
"""Lost-position checks in a row that find nothing lost, after which the
check is worked out half as often (see ``KlondikeRules.dead``)."""

LOST_STRIDE_LIMIT = 32
"""The check is worked out at least once in this many positions."""

_CACHES = (
    "_ready_cache",
    "_lost_cache",
    "_backs_cache",
    "_reach_cache",
    "_talon_cache",
    "_foundation_cache",
    "_columns",
)
"""What ``share_caches`` shares."""

_MOVE_NAMES = tuple(f"t{i + 1}" for i in range(7))
ALL_COLUMNS = tuple(range(7))
"""Every column's index (the columns a move may have changed, at most)."""


class KlondikeRules:
    """The solver's view of one Klondike game (draw mode and rule set)."""

    def __init__(self, game: Klondike, complete: bool = False) -> None:
        self.draw = game.draw
        self.takeback = game.scoring != "C"
        total = game.total_passes
        self.max_recycles = None if total is None else total - 1
        self.complete = complete
        self.left_out = False
        """True once ``moves`` (fast rules) left out a move the complete rules
        would try: until then a search with these rules searched exactly what
        a complete one would."""
        self.left_out_moves: list[tuple[KState, list[KMove]]] | None = None
        """When a list (``keep_left_out``): each position where ``moves`` left
        moves out, with those moves (a complete search can go on from them,
        ``Search.go_on_from``); None again once ``LEFT_OUT_LIMIT`` would be
        passed."""
        self._ready_cache: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._lost_cache: dict[int, bool] = {}
        self._backs_cache: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.lost_stride = 1
        """The lost-position check is worked out once in this many positions
        it is asked about (see ``dead``)."""
        self._unchecked = 0
        self._misses = 0
        self._reach_cache: dict[tuple[int, int, int], tuple[int, ...]] = {}
        self._talon_cache: dict[tuple[bytes, int, int], int] = {}
        self._foundation_cache: dict[tuple[int, ...], tuple[int, int]] = {}
        self._columns: dict[bytes, _Column] = {}
        """What each column holds (see ``_column``)."""
        # Draw 1 with unlimited passes: every talon card can be had at any
        # time, so one goes to the tableau only to hold a card (see _Holders).
        self.free_talon = self.draw == 1 and self.max_recycles is None
        columns = []
        for pid in COLUMNS:
            columns.append(column_bytes(pid, game.pile(pid)))
        foundations = tuple(len(game.pile(f)) for f in FOUNDATIONS)
        waste = [card_code(c.rank, c.suit) for c in game.pile("w")]
        stock = [card_code(c.rank, c.suit) for c in reversed(game.pile("s"))]
        recycles = game.recycles if self.max_recycles is not None else 0
        self._start: KState = (tuple(columns), foundations, bytes(waste + stock), len(waste), recycles)

    def share_caches(self, other: KlondikeRules) -> None:
        """Use ``other``'s remembered answers from now on (the lost-position
        check's, the columns', the talon's and the foundations'): each is a
        function of a position and of the game's rules alone, so searches of
        one game with different moves can share them."""
        if (self.draw, self.takeback, self.max_recycles) != (other.draw, other.takeback, other.max_recycles):
            raise ValueError("Only the rules of one game (draw, take-backs, passes) can share what they remember.")
        for name in _CACHES:
            setattr(self, name, getattr(other, name))

    # ------------------------------------------------------------ protocol

    def start(self, out: list[str]) -> KState:
        cols, found, talon, pointer, recycles = self._start
        return self._close(list(cols), found, talon, pointer, recycles, out)

    def key(self, state: KState) -> tuple[int | bytes, ...]:
        # The columns and talon are hashed apart from the pointer and passes,
        # so that ``covers`` can make the keys of the same position with
        # other pointers cheaply. (The search hashes the key once more, to 64
        # bits: a key that were itself a hash would keep only 61.)
        cols, _found, talon, pointer, recycles = state
        if self.max_recycles is not None:
            return (digest((*sorted(cols), talon)), pointer, recycles)
        if self.draw == 1:
            return (*sorted(cols), talon)
        # Draw 3, unlimited: a pointer from which the next draw starts a fresh
        # pass reaches exactly what a fresh pass reaches.
        if pointer % 3 == 0 or pointer == len(talon):
            pointer = 0
        return (digest((*sorted(cols), talon)), pointer)

    def covers(self, state: KState) -> list[tuple[int, ...]]:
        """The keys of the positions this one covers (see ``Rules``): each move
        from one of them leads where the same move leads from this one, or to
        a position that one covers.

        Draw 3, where they are the same position with the pointer elsewhere:
        3, 6, ... cards further on in the same pass or at the last card (taps
        get there, and from there reach fewer cards). With unlimited passes
        also at the start of a pass: a fresh pass reaches the cards at 3, 6,
        ... and the last one, which every pointer reaches too, turning the
        waste over if need be. With counted passes, each of those with as
        many passes used or more (turning the waste over costs one, and from
        further on more cards need it)."""
        cols, _found, talon, pointer, recycles = state
        n = len(talon)
        last = self.max_recycles
        if self.draw != 3 or not n or (last is None and (pointer % 3 == 0 or pointer == n)):
            return []
        base = digest((*sorted(cols), talon))
        if last is None:
            keys: list[tuple[int, ...]] = [(base, p) for p in range(pointer + 3, n, 3)]
            keys.append((base, 0))
            return keys
        pointers = list(range(pointer, n + 1, 3))
        if pointers[-1] != n:
            pointers.append(n)
        passes = range(recycles, last + 1)
        return [(base, p, r) for p in pointers for r in passes if p != pointer or r != recycles]

    def score(self, state: KState) -> int:
        """How far the position looks from a win (lower is better): face-down
        cards weigh most, then cards still in the talon and off the
        foundations. Only the order of the search depends on it."""
        (a, b, c, d, e, f, g), found, talon, _pointer, _recycles = state
        return 5 * (a[0] + b[0] + c[0] + d[0] + e[0] + f[0] + g[0]) + len(talon) - sum(found)

    def dead(self, state: KState, move: KMove | None) -> bool:
        """Is the position lost even in an easier game (see ``_lost``)?

        Worked out for every position, except after moves that cannot lose
        anything the position before had (that one was not lost, or it would
        not have been searched): with take-backs allowed, a move to a
        foundation; and a card put on one of its parents, alone or carrying
        a run, while its other parent is free (on top of a column, in the
        talon or on its foundation), since it can always leave again. (The
        cards it carries lie on their own parents, face up, so they keep
        every way of leaving they had.) Two moves in one are always
        checked. Answering False without working it out is always safe: the
        position is then searched, not cut off.

        The check pays only in deals it cuts: in some it cuts a third of the
        positions, in many it never cuts one and takes two fifths of the
        time. So after ``LOST_PATIENCE`` checks in a row that find nothing
        lost it is worked out half as often (down to once in
        ``LOST_STRIDE_LIMIT`` positions), and on every position again as
        soon as it finds one lost.
        """
        cols, found, talon, _pointer, _recycles = state
        if move is not None and self.takeback and move[1] != 5:
            kind = move[1]
            if kind == 0 or kind == 2:
                return False
            # A column's top cards, a talon card or a take-back: the card put
            # down lies under the ``n`` - 1 it carries.
            col = cols[move[3]]
            n = move[4] if kind == 1 else 1
            if len(col) > n + 1 and col[-n - 1] in PARENTS[col[-n]]:
                other = PARENTS[col[-n]]
                other_parent = other[0] if other[1] == col[-n - 1] else other[1]
                if other_parent in talon or found[SUIT[other_parent]] >= RANK[other_parent]:
                    return False
                for c in cols:
                    if c[-1] == other_parent and len(c) > 1:
                        return False
        self._unchecked += 1
        if self._unchecked < self.lost_stride:
            return False
        self._unchecked = 0
        # The easier game sees the columns as a set and the talon as a set of
        # cards, which the columns and foundations fix: so positions with the
        # same columns (in any order) and foundations share the answer,
        # whatever the talon's order and pointer. Told apart by a 64-bit hash,
        # as the search tells positions apart (see engine.solver).
        cache = self._lost_cache
        h = digest((*sorted(cols), found))
        verdict = cache.get(h)
        if verdict is None:
            if len(cache) >= LOST_CACHE_LIMIT:
                cache.clear()
            verdict = cache[h] = _lost(cols, found, talon, self.takeback)
        if verdict:
            self.lost_stride = 1
            self._misses = 0
        else:
            self._misses += 1
            if self._misses >= LOST_PATIENCE and self.lost_stride < LOST_STRIDE_LIMIT:
                self.lost_stride *= 2
                self._misses = 0
        return verdict

    def won(self, state: KState) -> bool:
        cols, _found, talon, _pointer, _recycles = state
        if talon:
            return False
        # Every card face up, the talon empty and every column falling in rank
        # (always so in play; a built-up position might differ): the lowest
        # card left is on top of its column and its foundation is ready for it.
        if not all(col[0] == 0 for col in cols):
            return False
        return all(RANK[col[k]] > RANK[col[k + 1]] for col in cols for k in range(1, len(col) - 1))

    def finish(self, state: KState, out: list[str]) -> None:
        cols = list(state[0])
        while any(len(col) > 1 for col in cols):
            i = min((RANK[col[-1]], i) for i, col in enumerate(cols) if len(col) > 1)[1]
            cols[i] = cols[i][:-1]
            out.append(f"{_MOVE_NAMES[i]}>f")

    def keep_left_out(self) -> None:
        """Keep the positions where the fast rules leave moves out, with
        those moves (in ``left_out_moves``)."""
        self.left_out_moves = []

    # --------------------------------------------------------------- talon

    def _reach(self, talon: bytes, pointer: int, recycles: int) -> tuple[int, ...]:
        """Talon positions whose card some taps bring to the top of the waste
        (remembered: they depend only on the talon's length, the pointer and
        the passes)."""
        at = (len(talon), pointer, recycles)
        found = self._reach_cache.get(at)
        if found is None:
            found = self._reach_cache[at] = tuple(self._reach_of(*at))
        return found

    def _reach_of(self, n: int, pointer: int, recycles: int) -> list[int]:
        if self.draw == 1:
            if self.max_recycles is None or recycles < self.max_recycles:
                return list(range(1, n + 1))
            return list(range(max(pointer, 1), n + 1))
        found = [pointer] if pointer else []
        q = pointer
        while q < n:
            q = min(q + 3, n)
            found.append(q)
        if n and (self.max_recycles is None or recycles < self.max_recycles):
            # After turning the waste over, draws reach 3, 6, ... and the last card.
            forward = set(found)
            for q in range(3, n + 3, 3):
                q = min(q, n)
                if q not in forward:
                    found.append(q)
        return found

    def _taps(self, n: int, pointer: int, q: int) -> tuple[int, bool]:
        """Taps that bring talon position ``q`` to the top, and whether they
        turn the waste over."""
        d = self.draw
        if q == pointer:
            return 0, False
        if q > pointer and (d == 1 or q == n or (q - pointer) % 3 == 0):
            return -(-(q - pointer) // d), False
        return -(-(n - pointer) // d) + 1 + -(-q // d), True

    # --------------------------------------------------------------- rules

    def _safe(self, card: int, found: tuple[int, ...]) -> bool:
        """May ``card`` go up by itself (see the module notes)?"""
        r = RANK[card]
        if r <= 2:
            return True
        s = SUIT[card]
        a, b = OPPOSITE[s]
        if self.takeback:
            return found[a] >= r - 1 and found[b] >= r - 1 and found[TWIN[s]] >= r - 2
        fa, fb = found[a], found[b]
        return (fa >= r - 1 and fb >= r - 1) or (fa >= r - 2 and fb >= r - 2 and found[TWIN[s]] >= r - 3)

    def _ready(self, found: tuple[int, ...]) -> tuple[int, ...]:
        """The cards that would go up by themselves next, given the
        foundations (remembered: there are few foundation states)."""
        cards = self._ready_cache.get(found)
        if cards is None:
            cards = tuple(s * 13 + found[s] for s in range(4) if found[s] < 13 and self._safe(s * 13 + found[s], found))
            self._ready_cache[found] = cards
        return cards

    def _backs(self, found: tuple[int, ...]) -> tuple[int, ...]:
        """The foundation tops worth taking back (those that would not go
        straight back up)."""
        cards = self._backs_cache.get(found)
        if cards is None:
            cards = tuple(
                s * 13 + found[s] - 1
                for s in range(4)
                if found[s] and not self._safe(s * 13 + found[s] - 1, (*found[:s], found[s] - 1, *found[s + 1 :]))
            )
            self._backs_cache[found] = cards
        return cards

    def _close(
        self,
        cols: list[bytes],
        found: tuple[int, ...],
        talon: bytes,
        pointer: int,
        recycles: int,
        out: list[str] | None,
        changed: tuple[int, ...] = ALL_COLUMNS,
    ) -> KState:
        """Make every safe automatic move; return the position.

        ``changed``: the columns whose top card may have changed since the
        position was last closed, while the foundations stayed (no other
        column can have a card ready to go up)."""
        ready = self._ready_cache
        while True:
            cards = ready.get(found)
            if cards is None:
                cards = self._ready(found)
            moved = False
            if not cards:
                return (tuple(cols), found, talon, pointer, recycles)
            # Mostly none is ready: said at once.
            for i in changed:
                col = cols[i]
                if col[-1] in cards and len(col) > 1:
                    break
            else:
                if self.draw != 1 or not any(card in talon for card in cards):
                    return (tuple(cols), found, talon, pointer, recycles)
            for card in cards:
                for i in changed:
                    col = cols[i]
                    if col[-1] == card and len(col) > 1:
                        break
                else:
                    i = -1
                if i >= 0:
                    cols[i] = lift(cols[i], 1)
                    if out is not None:
                        out.append(f"{_MOVE_NAMES[i]}>f")
                    moved = True
                else:
                    if self.draw != 1 or card not in talon:
                        continue
                    q = talon.index(card) + 1
                    if self.max_recycles is not None and q != pointer:
                        # Taps to reach it would cover other waste cards,
                        # which matters when the passes are counted.
                        continue
                    taps, wrap = self._taps(len(talon), pointer, q)
                    if out is not None:
                        out.extend("s" * taps)
                        out.append("w>f")
                    if wrap and self.max_recycles is not None:
                        recycles += 1
                    talon = talon[: q - 1] + talon[q:]
                    pointer = q - 1
                    moved = True
                s = SUIT[card]
                found = (*found[:s], found[s] + 1, *found[s + 1 :])
                changed = ALL_COLUMNS
                break
            if not moved:
                return (tuple(cols), found, talon, pointer, recycles)

    def moves(self, state: KState) -> list[KMove]:
        cols, found, talon, pointer, recycles = state
        result: list[KMove] = []
        add = result.append
        empty = -1
        known = self._columns
        if len(known) >= COLUMN_CACHE_LIMIT:
            known.clear()
        # What each column holds (``_Column``); the column each top card lies
        # on; and the cards that could be built on one, as bits.
        infos: list[_Column] = []
        tops: dict[int, int] = {}
        wanted_bits = 0
        for j in range(7):
            col = cols[j]
            info = known.get(col)
            if info is None:
                info = known[col] = _column(col)
            infos.append(info)
            if info[0]:
                tops[info[1]] = j
                wanted_bits |= info[2]
            elif empty < 0 and info[4] == 1:
                empty = j
        # The cards that may go up next, and the foundations' top cards
        # worth taking back.
        next_bits, back_bits = self._foundation_bits(found)
        reach = self._reach(talon, pointer, recycles)
        talon_bits = self._talon_bits(talon, pointer, recycles, reach)
        # Could a King use a column that a move empties? (Worked out when
        # first needed.)
        kings: list[tuple[int, int, int]] | None = None
        # Every face-up card, as bits; and the moves of a run off the middle
        # of a run still to be judged (below).
        all_up = 0
        swaps: list[tuple[int, int, int]] = []

        for i in range(7):
            up_bits, top, _, down, size, based_king = infos[i]
            if not up_bits:
                continue
            if next_bits >> top & 1:
                add((110 if down and size == down + 2 else 100, 0, i))
            first = down + 1
            if based_king and empty >= 0:
                add((75 + down, 1, i, empty, size - first))
            all_up |= up_bits
            hits = up_bits & wanted_bits
            col = cols[i]
            while hits:
                low = hits & -hits
                hits ^= low
                card = low.bit_length() - 1
                k = col.index(card, first)
                n = size - k
                if k == first:
                    dests = [tops[p] for p in PARENTS[card] if p in tops]
                    if down:
                        for j in dests:
                            add((80 + down, 1, i, j, n))
                    elif dests and empty < 0:
                        # Emptying a column: only with a King that goes
                        # there at once, and while no column is empty (see
                        # the module notes).
                        if kings is None:
                            kings = self._kings(cols, infos, found, talon, reach, talon_bits)
                        for j in dests:
                            for kind, at, size_c in kings:
                                if kind == 1:
                                    add((50, 5, i, j, n, 1, at, i, size_c + n if at == j else size_c))
                                else:
                                    add((50, 5, i, j, n, kind, at, i))
                else:
                    if next_bits >> col[k - 1] & 1:
                        for p in PARENTS[card]:
                            if p in tops:
                                add((45, 5, i, tops[p], n, 0, i))
                    # The fast rules judge them too while it matters whether
                    # they leave one out (left_out, left_out_moves).
                    if self.complete or not self.left_out or self.left_out_moves is not None:
                        swaps.append((i, card, n))
        if swaps:
            # A run off the middle of a run: only when the twin of its bottom
            # card could be put on the card it uncovers at once, being face
            # up, reachable in the talon or on top of its foundation, worth
            # taking back (see the module notes).
            movable = all_up | talon_bits | back_bits
            extras: list[KMove] = []
            for i, card, n in swaps:
                twin = TWIN_CARD[card]
                if movable >> twin & 1:
                    for p in PARENTS[card]:
                        if p in tops:
                            then = self._onto(cols, infos, found, talon, reach, twin, i)
                            if then is not None:
                                extras.append((30, 5, i, tops[p], n, *then[1:]))
            if self.complete:
                result.extend(extras)
            elif extras:
                self.left_out = True
                kept = self.left_out_moves
                if kept is not None:
                    if len(kept) < LEFT_OUT_LIMIT:
                        kept.append((state, extras))
                    else:
                        self.left_out_moves = None

        # Talon cards: to their foundation, onto a column top, a King into
        # a space. Mostly none of them can go anywhere: said at once.
        if talon_bits & (next_bits | wanted_bits | (KINGS if empty >= 0 else 0)):
            holder: _Holders | None = None
            if self.free_talon:
                holder = _Holders(cols, found, talon)
            for q in reach:
                card = talon[q - 1]
                if next_bits >> card & 1:
                    add((95, 2, q))
                if not wanted_bits >> card & 1 and (empty < 0 or RANK[card] != 13):
                    continue
                if holder is not None and not holder.useful(card):
                    continue
                if wanted_bits >> card & 1:
                    for p in PARENTS[card]:
                        if p in tops:
                            add((60, 3, q, tops[p]))
                else:
                    add((65, 3, q, empty))

        if back_bits:
            self._takebacks(found, tops, empty, add)
        result.sort(reverse=True)
        return result

    def _foundation_bits(self, found: tuple[int, ...]) -> tuple[int, int]:
        """The cards that may go up next, and the foundations' top cards worth
        taking back (none without take-backs; see ``_backs``), as bits
        (remembered: there are few foundation states)."""
        bits = self._foundation_cache.get(found)
        if bits is None:
            bits = self._foundation_cache[found] = (
                _bits(s * 13 + f for s, f in enumerate(found) if f < 13),
                _bits(self._backs(found)) if self.takeback else 0,
            )
        return bits

    def _talon_bits(self, talon: bytes, pointer: int, recycles: int, reach: tuple[int, ...]) -> int:
        """The talon cards some taps bring to the top of the waste (at the
        positions ``reach``), as bits (remembered: a search meets the same
        talon again and again)."""
        cache = self._talon_cache
        at = (talon, pointer, recycles)
        bits = cache.get(at)
        if bits is None:
            if len(cache) >= TALON_CACHE_LIMIT:
                cache.clear()
            bits = cache[at] = _bits(talon[q - 1] for q in reach)
        return bits

    def _kings(
        self,
        cols: tuple[bytes, ...],
        infos: list[_Column],
        found: tuple[int, ...],
        talon: bytes,
        reach: tuple[int, ...],
        talon_bits: int,
    ) -> list[tuple[int, int, int]]:
        """The Kings that could go into an empty column at once, as ``(kind,
        at, n)``: kind 1 a King on face-down cards at the foot of column
        ``at``'s face-up run of ``n`` cards, 3 one at talon position ``at``,
        4 one on top of foundation ``at`` worth taking back."""
        result = [(1, c, info[4] - info[3] - 1) for c, info in enumerate(infos) if info[5]]
        if talon_bits & KINGS:
            # Draw 1 with unlimited passes: only a King worth holding (see
            # _Holders), as for a King from the talon into a space.
            holder = _Holders(cols, found, talon) if self.free_talon else None
            for q in reach:
                card = talon[q - 1]
                if RANK[card] == 13 and (holder is None or holder.useful(card)):
                    result.append((3, q, 0))
        if self.takeback:
            result.extend((4, SUIT[card], 0) for card in self._backs(found) if RANK[card] == 13)
        return result

    def _onto(
        self,
        cols: tuple[bytes, ...],
        infos: list[_Column],
        found: tuple[int, ...],
        talon: bytes,
        reach: tuple[int, ...],
        card: int,
        j: int,
    ) -> KMove | None:
        """The move that puts ``card`` (with what lies on it) onto column
        ``j``, from wherever it can be had at once: face up in another
        column, reachable in the talon, or on top of its foundation, worth
        taking back (one that would go straight back up never is); None
        when it cannot be had."""
        bit = 1 << card
        for c in range(7):
            if c != j and infos[c][0] & bit:
                col = cols[c]
                return (30, 1, c, j, len(col) - col.index(card, col[0] + 1))
        for q in reach:
            if talon[q - 1] == card:
                return (30, 3, q, j)
        if self.takeback and card in self._backs(found):
            return (30, 4, SUIT[card], j)
        return None

    def _takebacks(
        self, found: tuple[int, ...], tops: dict[int, int], empty: int, add: Callable[[KMove], None]
    ) -> None:
        """Foundation take-backs worth trying: every one but those of a card
        that would go straight back up (see the module notes), onto a face-up
        column top (``tops``: the column of each) or, a King, into the first
        empty column."""
        for card in self._backs(found):
            if RANK[card] == 13:
                if empty >= 0:
                    add((20, 4, SUIT[card], empty))
            else:
                for p in PARENTS[card]:
                    if p in tops:
                        add((20, 4, SUIT[card], tops[p]))

    def play(self, state: KState, move: KMove, out: list[str] | None) -> KState:
        kind = move[1]
        if kind == 1 and out is None:
            # The most frequent move, made here at once: a run between
            # columns (``_move`` with ``lift`` written out).
            cols, found, talon, pointer, recycles = state
            i, j, n = move[2], move[3], move[4]
            col = cols[i]
            rest = col[:-n]
            down = rest[0]
            if down and len(rest) == down + 1:
                rest = bytes((down - 1,)) + rest[1:]
            cl = list(cols)
            cl[j] = cols[j] + col[-n:]
            cl[i] = rest
            return self._close(cl, found, talon, pointer, recycles, None, move[2:4])
        cl, found, talon, pointer, recycles = self._move(state, move, out)
        # A move between columns or from the talon leaves the foundations
        # as they were in a closed position: only the columns it changed
        # can have a card ready to go up.
        if kind == 1:
            return self._close(cl, found, talon, pointer, recycles, out, move[2:4])
        if kind == 3:
            return self._close(cl, found, talon, pointer, recycles, out, move[3:4])
        if kind == 5:
            then = halves(move)[1]
            cl, found, talon, pointer, recycles = self._move((tuple(cl), found, talon, pointer, recycles), then, out)
        return self._close(cl, found, talon, pointer, recycles, out)

    def _move(
        self, state: KState, move: KMove, out: list[str] | None
    ) -> tuple[list[bytes], tuple[int, ...], bytes, int, int]:
        """``move`` alone, without the automatic moves after it."""
        cols, found, talon, pointer, recycles = state
        cl = list(cols)
        kind = move[1]
        if kind == 5:
            # Two moves in one; play() makes the second.
            return self._move(state, halves(move)[0], out)
        if kind == 1:
            i, j, n = move[2], move[3], move[4]
            col = cl[i]
            cl[j] = cl[j] + col[-n:]
            cl[i] = lift(col, n)
            if out is not None:
                out.append(f"{_MOVE_NAMES[i]}:{n}>{_MOVE_NAMES[j]}" if n > 1 else f"{_MOVE_NAMES[i]}>{_MOVE_NAMES[j]}")
        elif kind == 0:
            i = move[2]
            col = cl[i]
            s = SUIT[col[-1]]
            cl[i] = lift(col, 1)
            found = (*found[:s], found[s] + 1, *found[s + 1 :])
            if out is not None:
                out.append(f"{_MOVE_NAMES[i]}>f")
        elif kind == 4:
            s, j = move[2], move[3]
            f = found[s]
            cl[j] = cl[j] + bytes((s * 13 + f - 1,))
            found = (*found[:s], f - 1, *found[s + 1 :])
            if out is not None:
                out.append(f"f{s + 1}>{_MOVE_NAMES[j]}")
        else:
            q = move[2]
            card = talon[q - 1]
            # The taps only matter to the notation and to counted passes.
            if out is not None or self.max_recycles is not None:
                taps, wrap = self._taps(len(talon), pointer, q)
                if wrap and self.max_recycles is not None:
                    recycles += 1
                if out is not None:
                    out.extend("s" * taps)
            talon = talon[: q - 1] + talon[q:]
            pointer = q - 1
            if kind == 2:
                s = SUIT[card]
                found = (*found[:s], found[s] + 1, *found[s + 1 :])
                if out is not None:
                    out.append("w>f")
            else:
                j = move[3]
                cl[j] = cl[j] + bytes((card,))
                if out is not None:
                    out.append(f"w>{_MOVE_NAMES[j]}")
        return cl, found, talon, pointer, recycles

    def pack(self, state: KState) -> bytes:
        """``state`` as one bytes object (what a best-first search keeps):
        the 7 column lengths, the columns, the foundations, the pointer, the
        recycles, then the talon."""
        cols, found, talon, pointer, recycles = state
        return bytes([*map(len, cols), *found, pointer, recycles]) + b"".join(cols) + talon

    def unpack(self, packed: bytes) -> KState:
        """The position ``pack`` made ``packed`` from."""
        cols = []
        at = 13
        for size in packed[:7]:
            cols.append(packed[at : at + size])
            at += size
        return (tuple(cols), tuple(packed[7:11]), packed[at:], packed[11], packed[12])

    # ---------------------------------------------------- checks for tests

    def legal(self, state: KState) -> list[str]:
        """Every legal action in notation for the position as it lies (waste
        top only, single taps), as the game would list it, without pruning:
        used to check this module against the engine."""
        cols, found, talon, pointer, recycles = state
        result: list[str] = []
        n = len(talon)
        if pointer < n or (pointer and (self.max_recycles is None or recycles < self.max_recycles)):
            result.append("s")
        sources: list[tuple[str, int]] = []
        if pointer:
            sources.append(("w", talon[pointer - 1]))
        for i, col in enumerate(cols):
            for k in range(col[0] + 1, len(col)):
                name = _MOVE_NAMES[i] if k == len(col) - 1 else f"{_MOVE_NAMES[i]}:{len(col) - k}"
                sources.append((name, col[k]))
        if self.takeback:
            sources.extend((f"f{s + 1}", s * 13 + found[s] - 1) for s in range(4) if found[s])
        for name, card in sources:
            single = ":" not in name
            if single and not name.startswith("f") and found[SUIT[card]] == RANK[card] - 1:
                result.append(f"{name}>f")
            for j, dest in enumerate(cols):
                if name.partition(":")[0] == _MOVE_NAMES[j]:
                    continue
                if len(dest) == 1:
                    if RANK[card] == 13:
                        result.append(f"{name}>{_MOVE_NAMES[j]}")
                elif card in ACCEPTS[dest[-1]]:
                    result.append(f"{name}>{_MOVE_NAMES[j]}")
        return result

    def apply(self, state: KState, token: str) -> KState:
        """The position after one action in notation, without automatic moves
        (for tests)."""
        cols, found, talon, pointer, recycles = state
        if token == "s":
            if pointer < len(talon):
                return (cols, found, talon, min(pointer + self.draw, len(talon)), recycles)
            return (cols, found, talon, 0, recycles + (self.max_recycles is not None))
        src, dst = token.split(">")
        name, _, count = src.partition(":")
        move: KMove
        if name == "w":
            move = (0, 2, pointer) if dst == "f" else (0, 3, pointer, _MOVE_NAMES.index(dst))
        elif name.startswith("f"):
            move = (0, 4, int(name[1]) - 1, _MOVE_NAMES.index(dst))
        elif dst == "f":
            move = (0, 0, _MOVE_NAMES.index(name))
        else:
            move = (0, 1, _MOVE_NAMES.index(name), _MOVE_NAMES.index(dst), int(count or 1))
        cl, found, talon, pointer, recycles = self._move(state, move, None)
        return (tuple(cl), found, talon, pointer, recycles)

    @property
    def position(self) -> KState:
        """The position as read from the game, before any automatic move."""
        return self._start


_Column = tuple[int, int, int, int, int, bool]
"""What ``moves`` needs of a column: its face-up cards as bits, its top card,
the cards that may be built on that one as bits, its number of face-down
cards, its length in bytes (the face-down count included), and whether a
King lies on face-down cards at the foot of its face-up run. A column with
no card face up has no bits, no top (-1) and takes nothing."""


def halves(move: KMove) -> tuple[KMove, KMove]:
    """The two moves a two-move move (kind 5) is made of.

    >>> halves((30, 5, 0, 1, 2, 3, 4, 0))
    ((30, 1, 0, 1, 2), (30, 3, 4, 0))
    """
    return (move[0], 1, *move[2:5]), (move[0], *move[5:])


def _column(col: bytes) -> _Column:
    """``col`` as ``moves`` needs it (see ``_Column``)."""
    down = col[0]
    up_bits = _bits(col[down + 1 :])
    if not up_bits:
        return (0, -1, 0, down, len(col), False)
    top = col[-1]
    return (up_bits, top, ACCEPTS_BITS[top], down, len(col), bool(down) and RANK[col[down + 1]] == 13)


def _bits(cards: Iterable[int]) -> int:
    """``cards`` as a set of bits (bit ``card``)."""
    bits = 0
    for card in cards:
        bits |= 1 << card
    return bits


class _Holders:
    """Which talon cards are worth putting on the tableau, in draw 1 with
    unlimited passes.

    There every talon card can be reached at any time, so a talon card put on
    a column is only of use if something is put on it in turn, and that move
    can wait until then: a card from a column, or one taken back from a
    foundation (possibly through a chain of talon cards holding each other).
    So a talon card is worth moving only when a card that fits on it is face
    up in a column, is on a foundation, or is itself such a talon card. A
    face-down card cannot be put on it before it turns up, and the move waits
    until then.
    """

    __slots__ = ("found", "talon", "up", "verdicts")

    def __init__(self, cols: tuple[bytes, ...], found: tuple[int, ...], talon: bytes) -> None:
        self.found = found
        self.talon = talon
        self.up: set[int] = set()
        for col in cols:
            self.up.update(col[col[0] + 1 :])
        self.verdicts: dict[int, bool] = {}

    def useful(self, card: int) -> bool:
        verdict = self.verdicts.get(card)
        if verdict is None:
            found, talon = self.found, self.talon
            verdict = any(
                w in self.up or found[SUIT[w]] >= RANK[w] or (w in talon and self.useful(w)) for w in ACCEPTS[card]
            )
            self.verdicts[card] = verdict
        return verdict


PARENTS = tuple(tuple(s * 13 + RANK[c] for s in OPPOSITE[SUIT[c]]) if RANK[c] < 13 else () for c in range(52))
"""The two cards each card may be built on."""


def _lost(cols: tuple[bytes, ...], found: tuple[int, ...], talon: bytes, takeback: bool) -> bool:
    """True when the position is lost even in an easier game (so it is lost).

    The easier game forgets when things happen and who else needs a place:
    a card can go up once the card before it is up and it is reachable (on
    top of its column at some time, or in the talon); a card leaves the card
    under it by going up, by being a King, or by moving (face up) onto one of
    its two parents that can be on top somewhere at some time (a parent
    lying under it in its own column only when it lies on its other parent,
    face up, which can carry it away first); a card is on top once the card
    over it has left. If even then some card can never go up, the game is
    lost. A card buried under its own predecessor and both its parents is
    the simplest case; chains through several columns are found too.
    """
    col_of = [-1] * 52
    height = [0] * 52
    below = [-1] * 52
    faceup = [False] * 52
    exposed = [False] * 52
    up = [False] * 52
    left = [False] * 52
    free = [False] * 52
    # free: could be on top of a column (or put on one) at some time.
    intalon = [False] * 52
    rank = RANK
    parents = PARENTS
    accepts = ACCEPTS
    for c in talon:
        intalon[c] = True
        free[c] = True
    count = 0
    ups: list[int] = []
    for s in range(4):
        f = found[s]
        count += f
        base = s * 13
        for c in range(base, base + f):
            up[c] = True
            free[c] = takeback
        if f < 13:
            ups.append(base + f)
    leaves: list[int] = []
    for i, col in enumerate(cols):
        n = len(col)
        if n == 1:
            continue
        first = col[0] + 1
        prev = -1
        for k in range(1, n):
            c = col[k]
            col_of[c] = i
            height[c] = k
            below[c] = prev
            if k >= first:
                faceup[c] = True
                leaves.append(c)
            prev = c
        exposed[prev] = True
        free[prev] = True
    while ups or leaves:
        while ups:
            c = ups.pop()
            if up[c] or not (exposed[c] or intalon[c]) or (rank[c] > 1 and not up[c - 1]):
                continue
            up[c] = True
            count += 1
            if count == 52:
                return False
            if rank[c] < 13:
                ups.append(c + 1)
            if col_of[c] >= 0:
                leaves.append(c)
            if takeback and not free[c]:
                free[c] = True
                leaves.extend(accepts[c])
        if not leaves:
            break
        c = leaves.pop()
        i = col_of[c]
        if i < 0 or left[c]:
            continue
        if not up[c]:
            if not (faceup[c] or exposed[c]):
                continue
            if rank[c] != 13:
                # A parent lying under it in its own column can take it only
                # when the card it lies on is its other parent, face up: then
                # the two can leave together and uncover that parent (5h on
                # 6c on a face-down 6s). Otherwise the card must leave first.
                h = height[c]
                b = below[c]
                carried = b >= 0 and faceup[b] and b in parents[c]
                for p in parents[c]:
                    if free[p] and (carried or col_of[p] != i or height[p] > h):
                        break
                else:
                    continue
        left[c] = True
        b = below[c]
        if b >= 0 and not exposed[b]:
            exposed[b] = True
            if not free[b]:
                free[b] = True
                leaves.extend(accepts[b])
            leaves.append(b)
            ups.append(b)
    return count < 52


# ------------------------------------------------------------------ searches


def _klondike(game: Game) -> Klondike:
    if not isinstance(game, Klondike):
        raise TypeError(f"Klondike's solver cannot search {game.game_name}.")
    return game


def rules_for(game: Game, complete: bool = False) -> KlondikeRules:
    """The solver's rules for a Klondike game (``engine.solver.rules_for``)."""
    return KlondikeRules(_klondike(game), complete=complete)


def search_for(game: Game, complete: bool = False) -> Search[Any, Any]:
    """Depth-first and best-first side by side (``core.Hybrid``); with
    ``complete=True`` depth-first alone."""
    rules = rules_for(game, complete)
    if complete:
        return Search(rules)
    return _with_best_first(_klondike(game), Search(rules))


def proof_search(game: Game) -> Search[Any, Any]:
    """A search of ``game``'s position whose every answer is a proof.

    The fast search (``search_for``), and when its depth-first half finds no
    win, the complete depth-first search (children in move order), which
    alone may answer ``unwinnable``; unless the fast one never met a
    position where it left a move out (``KlondikeRules.left_out``): then it
    searched exactly what the complete one would, and its loss is final. The
    complete search does not search again what the fast one did: it goes on
    from the moves the fast one left out (``Search.go_on_from``), since every
    other move from a position the fast search saw and did not prove lost
    was searched already. The fast search's best-first half (which leaves
    moves out too, so it may only answer ``winnable``) stops then: it could
    only meet positions the depth-first half has already searched."""
    klondike = _klondike(game)
    fast = KlondikeRules(klondike)
    fast.keep_left_out()
    first: Search[Any, Any] = Search(fast)

    def complete() -> Search[Any, Any]:
        # After the fast search found no win, the complete one mostly
        # proves a loss, which visits every position whatever the order:
        # so it skips ordering the children by score (a tenth of its
        # time). It goes on from the moves the fast one left out, when
        # it kept them all.
        rules = KlondikeRules(klondike, complete=True)
        rules.share_caches(fast)
        search: Search[Any, Any] = Search(rules, ordered=False)
        if fast.left_out_moves is not None:
            search.go_on_from(first.seen, fast.left_out_moves, first.covered)
            fast.left_out_moves = None
        return search

    confirmed = Confirmed(first, complete, proven=lambda: not fast.left_out)
    return _with_best_first(klondike, confirmed)


def _with_best_first(game: Klondike, first: Search[Any, Any]) -> Hybrid[Any, Any]:
    """``first`` side by side with a best-first search of the fast rules,
    half of each slice each (the best-first search finds many wins a
    depth-first search reaches only after a long detour). It leaves moves out,
    so it may only answer ``winnable`` (``proves=False``); when ``first`` is
    a ``Confirmed`` search, the best-first search stops once the complete
    search starts."""
    rules = KlondikeRules(game)
    if isinstance(first.rules, KlondikeRules):
        rules.share_caches(first.rules)
    second: BestFirst[Any, Any] = BestFirst(rules, proves=False)
    if isinstance(first, Confirmed):
        first.on_confirm = second.stop
    return Hybrid(first.rules, first=first, second=second, shares=(0.5, 0.5))
