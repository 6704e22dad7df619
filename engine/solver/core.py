"""The game-independent part of the solver: results, progress and the search.

The search is a depth-first search over a game's compact positions (see
``klondike.py`` and ``spider.py``) with a transposition table of canonical
position keys. It answers one question: can a won position be reached from the
start? For that question a plain visited set is exact: a depth-first search
that never enters a position twice still reaches every reachable position, so
"nothing left to visit" proves the deal unwinnable (within the move rules the
game module lists, see its notes on pruning). Positions another one covers
(``Rules``) are passed over like visited ones.

``Search.step(n)`` does at most ``n`` units of work and returns, so a browser
worker can run the search in slices and stay responsive; ``solve()`` runs the
slices itself against a clock, a node budget and a cancel callable.
"""

from __future__ import annotations

import heapq
import json
import sys
import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

__all__ = [
    "REASONS",
    "STATUSES",
    "BestFirst",
    "Confirmed",
    "Progress",
    "Rules",
    "Search",
    "SideBySide",
    "Solution",
    "digest",
    "moves_to",
    "run",
]

STATUSES = ("winnable", "unwinnable", "unknown")
REASONS = ("time", "nodes", "cancelled")

S = TypeVar("S")
M = TypeVar("M")


WIDE = sys.hash_info.width >= 64
"""This Python's ``hash`` has 64 bits (CPython on a 64-bit machine); the page's Python
(Pyodide, 32-bit WebAssembly) has 32."""
_MASK = (1 << 64) - 1
_SALT = b"\x9e"


def digest(key: Hashable) -> int:
    """What a search keeps of a position's key to know it again: 64 bits wherever it runs.
    An int key is kept whole; any other key is hashed, by ``hash`` where it has 64 bits.

    On a 32-bit Python ``hash`` has 32 bits, and ints hash modulo 2^31 - 1: the packed
    positions of Golf, TriPeaks and Pyramid (over 31 bits) then shared hashes, and
    positions never searched were taken for searched ones, winnable ones for lost; and
    among a few hundred thousand positions of Klondike or Spider two would share a 32-bit
    hash by chance. There each piece of a key is hashed twice apart (a bytes key as
    itself and with a byte added) into 64 bits (``_narrow``).

    >>> digest(1 << 33) == 1 << 33, digest((1, 2)) == hash((1, 2))
    (True, True)
    """
    if type(key) is int:
        return key
    return hash(key) if WIDE else _narrow(key)


def _narrow(key: object) -> int:
    """64 bits of ``key`` from a 32-bit ``hash``: bytes and text hashed twice apart, ints
    kept, tuples folded piece by piece (FNV-1a over the pieces' 64 bits).

    >>> _narrow((b"ab", 7)) == _narrow((b"ab", 7)) != _narrow((b"ab", 8))
    True
    """
    if type(key) is int:
        return key & _MASK
    if isinstance(key, bytes):
        return (hash(key) & 0xFFFFFFFF) << 32 | hash(key + _SALT) & 0xFFFFFFFF
    if isinstance(key, str):
        return (hash(key) & 0xFFFFFFFF) << 32 | hash(key + "\x9e") & 0xFFFFFFFF
    if isinstance(key, tuple):
        folded = 0xCBF29CE484222325
        for piece in key:
            folded = ((folded ^ _narrow(piece)) * 0x100000001B3) & _MASK
        return folded
    return hash(key) & _MASK


TABLE_LIMIT = 2_000_000
"""Positions the transposition table holds before it is emptied (about 65 bytes
each in CPython). Emptying it costs speed only, never correctness: the search
then re-visits some positions, and the positions on the current line are kept
apart so it can never loop."""

BEST_FIRST_LIMIT = 400_000
"""Positions a best-first search keeps (a few hundred bytes each)."""

COVERED_LIMIT = 300_000
"""Positions a search keeps as covered by others it searched (see ``Rules``'s
``covers``) before it forgets them all at once (which costs only speed)."""

CHECK_EVERY = 256
"""Nodes between two looks at the clock and the cancel callable."""


@dataclass(frozen=True)
class Solution:
    """What the solver found.

    ``status`` is ``"winnable"`` (``moves`` is a winning line in notation, to
    be played from the given position), ``"unwinnable"`` (no line wins) or
    ``"unknown"`` (the budget ran out first; ``reason`` says which one:
    ``"time"``, ``"nodes"`` or ``"cancelled"``). ``nodes`` counts the
    positions searched, ``seconds`` the time taken. An ``"unwinnable"`` is
    only as good as the search that gave it: ``engine.solve`` gives it only
    from a search that left out no move a win could need (see ``engine.solver``).
    """

    status: str
    moves: tuple[str, ...] = ()
    nodes: int = 0
    seconds: float = 0.0
    reason: str | None = None

    @property
    def decided(self) -> bool:
        """True when the answer is winnable or unwinnable."""
        return self.status != "unknown"

    def as_dict(self) -> dict[str, Any]:
        """The result as plain data (what ``to_json`` writes)."""
        return {
            "status": self.status,
            "moves": list(self.moves),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
            "reason": self.reason,
        }

    def to_json(self) -> str:
        """The result as a JSON object, for passing across to the page."""
        return json.dumps(self.as_dict())


@dataclass(frozen=True)
class Progress:
    """A progress report: positions searched so far, seconds spent, and the
    length of the line the search is looking at now."""

    nodes: int
    seconds: float
    depth: int


class Rules(Protocol[S, M]):
    """What a game module gives the search (``S`` a position, ``M`` a move).

    Positions are immutable values; ``play`` returns a new one. ``play`` also
    makes the safe automatic moves that follow the move, and when ``out`` is
    given it appends the notation of everything it did (stock taps included),
    which is how the winning line is written out at the end.
    """

    def start(self, out: list[str]) -> S:
        """The starting position, after its own safe automatic moves."""
        ...

    def key(self, state: S) -> Hashable:
        """A canonical key: equal for positions that are equivalent for
        winning (e.g. the same columns in another order)."""
        ...

    def won(self, state: S) -> bool:
        """True when the position is won (or trivially winnable)."""
        ...

    def moves(self, state: S) -> list[M]:
        """The moves worth trying, best first."""
        ...

    def play(self, state: S, move: M, out: list[str] | None) -> S:
        """The position after ``move`` and the automatic moves that follow."""
        ...

    def finish(self, state: S, out: list[str]) -> None:
        """Append the moves that win a position ``won()`` accepted."""
        ...

    # Optional: ``score(state) -> int`` (lower looks closer to a win) orders
    # the children; ``dead(state, move) -> bool`` says a position reached by
    # ``move`` (None for the start) is lost without searching it;
    # ``covers(state) -> keys`` gives the keys of positions that need no
    # search once ``state`` is searched: none is won, and every move from one
    # of them leads to a position some move from ``state`` leads to (the same
    # key), or to one that position covers. Covering must be transitive. Then
    # a search that passes over covered positions still meets a won position
    # if one is reachable: a shortest winning line from a covered position is
    # matched, move by move, by one from the position covering it.
    # ``shorten(start, moves) -> moves`` gives a line that wins as ``moves``
    # does from ``start``, shorter when it can (the winning line is written
    # from it).


class Search(Generic[S, M]):
    """An interruptible depth-first search for a winning line.

    Call ``step(n)`` until it returns a status: ``"winnable"`` (``line()``
    then gives the moves) or ``"unwinnable"``. Between calls nothing runs, so
    the caller decides how long each slice is and may stop at any time.
    """

    def __init__(self, rules: Rules[S, M], table_limit: int = TABLE_LIMIT, ordered: bool = True) -> None:
        self.rules = rules
        self.table_limit = table_limit
        self.nodes = 0
        self.status: str | None = None
        self.exhausted: str | None = None
        """Set (to a reason) when the search can go no further without
        deciding: it ran out of room."""
        self._score = getattr(rules, "score", None) if ordered else None
        self._dead = getattr(rules, "dead", None)
        self._covers: Callable[[S], Iterable[Hashable]] | None = getattr(rules, "covers", None)
        self._seeded = False
        self._seeds = 0
        self._begin()

    def _begin(self) -> None:
        """Start from the root: the line holds the start position alone."""
        rules = self.rules
        self._prefix: list[str] = []
        root = rules.start(self._prefix)
        self._root = root
        self._seen: set[int] = {digest(rules.key(root))}
        self._covered: set[int] = set()
        # The current line, one entry per position on it: the position, the
        # moves to try from it, the index of the next one, and its key.
        self._states: list[S] = [root]
        self._moves: list[list[M]] = []
        self._kids: list[list[tuple[int, S]]] = []
        if self._dead is not None and not rules.won(root) and self._dead(root, None):
            self._moves.append([])
            self._kids.append([])
        else:
            self._expand(root)
        self._next: list[int] = [0]
        self._keys: list[int] = [digest(rules.key(root))]
        self._won: S | None = root if rules.won(root) else None
        if self._won is not None:
            self.status = "winnable"

    @property
    def seen(self) -> set[int]:
        """The keys of the positions searched so far (those of the line being
        looked at included; the table may have been emptied on the way, see
        ``TABLE_LIMIT``)."""
        return self._seen

    @property
    def covered(self) -> set[int]:
        """The keys of positions that positions searched so far cover (see
        ``Rules``; kept apart from ``seen``, and forgotten past
        ``COVERED_LIMIT``)."""
        return self._covered

    def go_on_from(self, seen: set[int], frames: Iterable[tuple[S, list[M]]], covered: set[int] | None = None) -> None:
        """Search on from where another search of the same start left off:
        ``seen`` holds the keys of the positions it searched (each one lost,
        or searched with all of this search's moves but those in ``frames``),
        ``covered`` those its positions cover, and ``frames`` the positions
        with the moves it left out. This search then only tries those moves
        and searches what they reach that the other one did not see. (Used
        once, before the first ``step``.)

        A win found this way, before the search is back at the start, has no
        line from the start (the other search's lines were not kept): the
        search then starts again from the start, completely, now sure to find
        one."""
        rules = self.rules
        seen.update(self._keys)
        self._seen = seen
        if covered is not None:
            self._covered = covered
        for state, moves in frames:
            self._states.append(state)
            self._moves.append(list(moves))
            self._kids.append([])
            self._next.append(0)
            self._keys.append(digest(rules.key(state)))
        self._seeds = len(self._states) - 1
        self._seeded = True

    def _expand(self, state: S) -> None:
        """Push the moves to try from ``state``, best first. With a ``score``
        the children are made at once and tried from the best-looking one,
        which finds wins sooner; proofs of a loss cost the same, since they
        visit every child anyway."""
        rules = self.rules
        if rules.won(state):
            self._moves.append([])
            self._kids.append([])
            return
        moves = rules.moves(state)
        score = self._score
        if score is None:
            self._moves.append(moves)
            self._kids.append([])
            return
        play, key, seen, covered = rules.play, rules.key, self._seen, self._covered
        ranked = []
        for index, move in enumerate(moves):
            child = play(state, move, None)
            h = digest(key(child))
            if h not in seen and h not in covered:
                ranked.append((score(child), index, (h, child), move))
        ranked.sort(key=_first_two)
        self._moves.append([r[3] for r in ranked])
        # Each child with its key's hash, which the search needs next.
        self._kids.append([r[2] for r in ranked])

    @property
    def depth(self) -> int:
        """Moves on the line being looked at (going on from another search's
        positions, ``go_on_from``: roughly, those since the last of them)."""
        if self._seeded:
            return max(0, len(self._states) - 1 - self._seeds)
        return len(self._states) - 1

    @property
    def stuck(self) -> bool:
        """True when ``step`` can do nothing more, yet decided nothing."""
        return False

    def step(self, budget: int) -> str | None:
        """Search at most ``budget`` positions; return the status once known
        (``"winnable"`` or ``"unwinnable"``), else None."""
        if self.status is not None:
            return self.status
        rules = self.rules
        play, key, won, expand, dead = rules.play, rules.key, rules.won, self._expand, self._dead
        states, moves, nexts, keys, kids = self._states, self._moves, self._next, self._keys, self._kids
        seen, covered, covers = self._seen, self._covered, self._covers
        nodes = self.nodes
        limit = nodes + budget
        try:
            while nodes < limit:
                if not states:
                    self.status = "unwinnable"
                    return self.status
                tried = nexts[-1]
                options = moves[-1]
                if tried >= len(options):
                    states.pop()
                    moves.pop()
                    nexts.pop()
                    keys.pop()
                    kids.pop()
                    if len(states) == 1:
                        # Back at the start: every line from here is real.
                        self._seeded = False
                    continue
                nexts[-1] = tried + 1
                made = kids[-1]
                if made:
                    h, child = made[tried]
                else:
                    child = play(states[-1], options[tried], None)
                    h = digest(key(child))
                if h in seen or h in covered:
                    continue
                seen.add(h)
                if covers is not None:
                    _cover(covered, covers(child))
                nodes += 1
                if dead is not None and dead(child, options[tried]):
                    continue
                states.append(child)
                keys.append(h)
                nexts.append(0)
                expand(child)
                if won(child):
                    if self._seeded:
                        self._seeded = False
                        self._begin()
                        return None
                    self._won = child
                    self.status = "winnable"
                    return self.status
                if len(seen) > self.table_limit:
                    seen.clear()
                    seen.update(keys)
        finally:
            self.nodes = nodes
        return None

    def line(self) -> tuple[str, ...]:
        """The winning line in notation (only once ``step`` said winnable)."""
        if self._won is None:
            raise RuntimeError("No winning line has been found.")
        return self._replay(self._moves[depth][self._next[depth] - 1] for depth in range(len(self._states) - 1))

    def _replay(self, moves: Iterable[M]) -> tuple[str, ...]:
        """The notation of ``moves`` played from the root (with the moves the
        rules made before it and after the last one)."""
        out = list(self._prefix)
        state = self._root
        shorten = getattr(self.rules, "shorten", None)
        if shorten is not None:
            moves = shorten(state, list(moves))
        for move in moves:
            state = self.rules.play(state, move, out)
        self.rules.finish(state, out)
        return tuple(out)


class BestFirst(Search[S, M]):
    """A best-first search: always expand the most promising position found
    so far (lowest ``score``), whichever line it is on.

    It reaches the same positions as the depth-first search (passing over
    those the rules' ``covers`` says an expanded one covers), so an empty
    frontier still proves a loss, but it does not sink its whole budget into
    the first line it tries: that suits games with huge, forgiving position
    spaces (Spider). It keeps every position it met, so ``table_limit`` caps
    it: once full it drops new positions and can no longer prove a loss
    (``exhausted`` then says why it stops). With ``proves=False`` (rules that
    leave moves out) an empty frontier proves nothing either. Positions the
    rules' ``dead`` calls lost are kept as seen but never expanded.
    """

    def __init__(self, rules: Rules[S, M], table_limit: int = BEST_FIRST_LIMIT, proves: bool = True) -> None:
        self.rules = rules
        self.table_limit = table_limit
        self.proves = proves
        """False when ``rules`` leave moves out: an empty frontier then proves
        nothing, and the search stops without an answer (``stuck``)."""
        self.nodes = 0
        self.status = None
        self.exhausted = None
        self._prefix = []
        root = rules.start(self._prefix)
        self._root = root
        score = getattr(rules, "score", None)
        if score is None:
            raise TypeError("A best-first search needs a score.")
        self._score_of: Callable[[S], int] = score
        self._dead: Callable[[S, M | None], bool] | None = getattr(rules, "dead", None)
        self._covers = getattr(rules, "covers", None)
        self._covered: set[int] = set()
        key = digest(rules.key(root))
        self._parent: dict[int, tuple[int, M | None]] = {key: (key, None)}
        # Each entry: score, a tie-break (newest first), key, depth, position.
        # The depth rides in the entry rather than in a table of its own: one
        # dictionary fewer of table_limit entries.
        # Positions wait in the frontier packed (``rules.pack``, when the rules
        # have it: one bytes object instead of a tuple of them, several times
        # smaller) and are unpacked when expanded.
        self._pack: Callable[[S], Any] = getattr(rules, "pack", _same)
        self._unpack: Callable[[Any], S] = getattr(rules, "unpack", _same)
        self._frontier: list[tuple[int, int, int, int, Any]] = [(0, 0, key, 0, self._pack(root))]
        self._count = 0
        self._last_depth = 0
        self._won_key: int | None = key if rules.won(root) else None
        if self._won_key is not None:
            self.status = "winnable"

    def stop(self) -> None:
        """Give up: forget the waiting positions; ``stuck`` from now on."""
        self._frontier.clear()
        self.exhausted = self.exhausted or "nodes"

    @property
    def depth(self) -> int:
        return self._last_depth

    @property
    def stuck(self) -> bool:
        return not self._frontier and self.exhausted is not None

    def step(self, budget: int) -> str | None:
        if self.status is not None:
            return self.status
        rules = self.rules
        play, key_of, won, moves_of, score = rules.play, rules.key, rules.won, rules.moves, self._score_of
        frontier, parent, pack, unpack = self._frontier, self._parent, self._pack, self._unpack
        dead = self._dead
        covers = self._covers
        covered = self._covered
        push, pop = heapq.heappush, heapq.heappop
        nodes = self.nodes
        limit = nodes + budget
        try:
            while nodes < limit:
                if not frontier:
                    if self.exhausted is None and not self.proves:
                        self.exhausted = "nodes"
                    if self.exhausted is None:
                        self.status = "unwinnable"
                        return self.status
                    return None
                _, _, key, d, packed = pop(frontier)
                if key in covered:
                    continue
                state = unpack(packed)
                nodes += 1
                if covers is not None:
                    _cover(covered, covers(state))
                # Lost (see Rules): kept as seen, never expanded. Asked only
                # of the positions taken from the frontier, most never are.
                if dead is not None and dead(state, parent[key][1]):
                    continue
                self._last_depth = d
                d += 1
                for move in moves_of(state):
                    child = play(state, move, None)
                    h = digest(key_of(child))
                    if h in parent:
                        continue
                    if len(parent) >= self.table_limit:
                        # Out of room: positions are dropped from now on, so
                        # an empty frontier no longer proves anything.
                        self.exhausted = "nodes"
                        continue
                    parent[h] = (key, move)
                    if won(child):
                        self._won_key = h
                        self.status = "winnable"
                        return self.status
                    self._count += 1
                    push(frontier, (score(child), -self._count, h, d, pack(child)))
        finally:
            self.nodes = nodes
        return None

    def line(self) -> tuple[str, ...]:
        if self._won_key is None:
            raise RuntimeError("No winning line has been found.")
        return self._replay(moves_to(self._parent, self._won_key))


class SideBySide(Search[S, M]):
    """Two searches sharing every slice of the budget (``_parts`` says how):
    the first of them to decide decides. ``nodes`` counts both; the second
    one's ``exhausted`` is the pair's."""

    def __init__(self, rules: Rules[S, M], first: Search[S, M], second: Search[S, M]) -> None:
        self.rules = rules
        self._first = first
        self._second = second
        self._prefix = []
        self._decider: Search[S, M] | None = None

    @property
    def nodes(self) -> int:  # type: ignore[override]
        return self._first.nodes + self._second.nodes

    @property
    def status(self) -> str | None:  # type: ignore[override]
        return None if self._decider is None else self._decider.status

    @property
    def exhausted(self) -> str | None:  # type: ignore[override]
        return self._second.exhausted

    @property
    def first(self) -> Search[S, M]:
        """The first search (``Hybrid``'s depth-first one, unless another was given)."""
        return self._first

    @property
    def depth(self) -> int:
        return self._first.depth

    @property
    def stuck(self) -> bool:
        # When the second search gives up, the first one goes on alone.
        return False

    def _parts(self, budget: int) -> tuple[int, int]:
        """The first and the second search's parts of a slice of ``budget`` positions."""
        raise NotImplementedError

    def step(self, budget: int) -> str | None:
        if self._decider is not None:
            return self._decider.status
        for search, part in zip((self._first, self._second), self._parts(budget), strict=True):
            if part <= 0 or search.stuck:
                continue
            status = search.step(part)
            if status is not None:
                self._decider = search
                return status
        return None

    def line(self) -> tuple[str, ...]:
        if self._decider is None:
            raise RuntimeError("No winning line has been found.")
        return self._decider.line()


class Hybrid(SideBySide[S, M]):
    """Two searches side by side, sharing the budget: depth-first in score
    order, and best-first (the depth-first one gets half of each slice for
    its first ``dive`` positions, a quarter after that).

    Many deals fall to the first few hundred positions of a depth-first
    search (most one-suit Spider deals do); others need the breadth of a
    best-first search, which a depth-first search that went wrong early never
    gets back. Sharing costs at most a few times the faster one's positions,
    and either one can decide: both reach every position in the end.
    """

    def __init__(
        self,
        rules: Rules[S, M],
        dive: int = 30_000,
        first: Search[S, M] | None = None,
        second: BestFirst[S, M] | None = None,
        shares: tuple[float, float] = (0.5, 0.25),
    ) -> None:
        """``first`` and ``second`` replace the two searches (by default a
        depth-first and a best-first search of ``rules``); ``shares`` are the
        first one's part of each slice before and after its ``dive``
        positions."""
        self._best: BestFirst[S, M] = BestFirst(rules) if second is None else second
        super().__init__(rules, Search(rules) if first is None else first, self._best)
        self.dive = dive
        self.shares = shares

    @property
    def second(self) -> BestFirst[S, M]:
        """The best-first search (or the one given as ``second``)."""
        return self._best

    def _parts(self, budget: int) -> tuple[int, int]:
        share = int(budget * self.shares[0 if self._first.nodes < self.dive else 1])
        if self._best.stuck:
            share = budget
        return max(1, share), budget - share


class Confirmed(Search[S, M]):
    """A fast search whose losses are checked: it runs ``fast`` (a search that
    may leave moves out), and when that one says ``unwinnable`` it goes on
    with ``complete()``, a search that leaves out no move a win could need,
    whose answer is final. So a win comes as soon as the fast search finds one, and a loss is
    only ever reported by the complete search, or by the fast one when it
    turns out to have left nothing out (``proven``)."""

    def __init__(
        self,
        fast: Search[S, M],
        complete: Callable[[], Search[S, M]],
        on_confirm: Callable[[], object] | None = None,
        proven: Callable[[], bool] | None = None,
    ) -> None:
        """``on_confirm`` is called when the complete search starts.
        ``proven``, when given, is asked once the fast search says
        ``unwinnable``: True means that search met no position where it left a
        move out, so it searched exactly what the complete one would, and its
        loss is final."""
        self.rules = fast.rules
        self._prefix = []
        self._current = fast
        self._complete: Callable[[], Search[S, M]] | None = complete
        self.on_confirm = on_confirm
        self.proven = proven
        self._spent = 0

    @property
    def confirming(self) -> bool:
        """True once the fast search has said ``unwinnable`` and the complete
        one is checking it."""
        return self._complete is None

    @property
    def nodes(self) -> int:  # type: ignore[override]
        return self._spent + self._current.nodes

    @property
    def status(self) -> str | None:  # type: ignore[override]
        # The fast search's "unwinnable" is only seen when it is proven: else
        # step() replaces that search at once.
        return self._current.status

    @property
    def exhausted(self) -> str | None:  # type: ignore[override]
        return self._current.exhausted

    @property
    def depth(self) -> int:
        return self._current.depth

    @property
    def stuck(self) -> bool:
        return self._current.stuck

    def step(self, budget: int) -> str | None:
        status = self._current.step(budget)
        if status == "unwinnable" and self._complete is not None:
            if self.proven is not None and self.proven():
                return status
            self._spent += self._current.nodes
            self._current = self._complete()
            self._complete = None
            if self.on_confirm is not None:
                self.on_confirm()
            return None
        return status

    def line(self) -> tuple[str, ...]:
        return self._current.line()


def moves_to(parent: dict[int, tuple[int, M | None]], key: int) -> list[M]:
    """The moves from the start to the position ``key``, read back through
    ``parent`` (each kept position's parent and the move from it; the start's
    move is None)."""
    moves: list[M] = []
    while True:
        up, move = parent[key]
        if move is None:
            break
        moves.append(move)
        key = up
    moves.reverse()
    return moves


def _cover(covered: set[int], keys: Iterable[Hashable]) -> None:
    """Add ``keys`` (hashed, as the searches keep keys) to ``covered``,
    forgetting all it held once past ``COVERED_LIMIT``."""
    if len(covered) > COVERED_LIMIT:
        covered.clear()
    covered.update(digest(k) for k in keys)


def _same(value: Any) -> Any:
    return value


def _first_two(item: tuple[Any, ...]) -> tuple[Any, Any]:
    return item[0], item[1]


def run(
    search: Search[Any, Any],
    seconds: float | None = 10.0,
    max_nodes: int | None = None,
    progress: Callable[[Progress], object] | None = None,
    cancel: Callable[[], bool] | None = None,
    progress_every: int = 2048,
    clock: Callable[[], float] = time.perf_counter,
) -> Solution:
    """Drive ``search`` until it decides, or the time, node budget or cancel
    callable stops it. ``progress`` is called about every ``progress_every``
    positions. ``clock`` measures the time (``time.process_time`` counts only
    this process's own processor time, as a benchmark on a busy machine wants)."""
    start = clock()
    deadline = None if seconds is None else start + seconds
    reported = 0
    reason: str | None = None
    while True:
        chunk = CHECK_EVERY
        if max_nodes is not None:
            chunk = min(chunk, max_nodes - search.nodes)
            if chunk <= 0:
                reason = "nodes"
                break
        status = search.step(chunk)
        if status is None and search.stuck:
            reason = search.exhausted or "nodes"
            break
        if status is not None:
            elapsed = clock() - start
            line = search.line() if status == "winnable" else ()
            return Solution(status, line, search.nodes, elapsed)
        now = clock()
        if progress is not None and search.nodes - reported >= progress_every:
            reported = search.nodes
            progress(Progress(search.nodes, now - start, search.depth))
        if cancel is not None and cancel():
            reason = "cancelled"
            break
        if deadline is not None and now >= deadline:
            reason = "time"
            break
    return Solution("unknown", (), search.nodes, clock() - start, reason)
