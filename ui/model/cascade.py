"""The win cascade: the cards leave the foundations one by one and bounce across the
table, as in the classic Windows ending.

Pure Python, so the paths are tested in CPython. ``flights`` computes, for every
card, when it leaves and where it is along its way (a point every ``STEP_MS``);
the renderer hands these to the browser as one ``element.animate`` each, so the
cascade runs without Python doing anything per frame.

Each card is thrown sideways with a little lift, falls under gravity, and bounces
off the bottom edge, losing some height at each bounce, until it has left the
table at the left or right. The throws come from a seeded generator, so the same
win gives the same cascade (and a test can replay it).

>>> paths = list(flights([("f1", 700.0, 10.0)] * 3, 1000, 600, 70, 98, seed=1))
>>> [p.delay for p in paths]
[0, 120, 240]
>>> all(abs(x) > 0 for x, _ in [p.points[-1][1:] for p in paths])
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from engine.variants import pile_kind

__all__ = ["GAP_MS", "STEP_MS", "Flight", "cascade_piles", "duration", "flights", "launch_order"]

STEP_MS = 30
"""Time between two points of a path: the browser draws straight lines between them."""

GAP_MS = 120
"""Time between two cards leaving, for a one-deck cascade (two decks go twice as fast)."""

TOTAL_GAP_MS = 6_500
"""The launches of a cascade take at most this long, however many cards there are."""

BOUNCE = 0.72
"""Share of its speed a card keeps at each bounce."""

MAX_MS = 6_000
"""No card flies longer than this (one thrown almost straight up would bounce for a while)."""


@dataclass(frozen=True, slots=True)
class Flight:
    """One card's way: it leaves after ``delay`` ms; ``points`` are ``(ms since it left,
    x offset, y offset)`` from where it started, ``STEP_MS`` apart, the last one off the table."""

    index: int
    delay: int
    points: tuple[tuple[int, float, float], ...]

    @property
    def duration(self) -> int:
        return self.points[-1][0]


def cascade_piles(pids: Iterable[str]) -> list[str]:
    """The piles of a table (``pids``) whose cards leave in its win's cascade: where the
    game gathers its cards, its foundations and laid-aside runs; a game without them, its
    discard (Pyramid's pairs), or else its waste (Golf's and TriPeaks' cards).

    >>> cascade_piles(["s", "w", "f1", "f2", "t1"]), cascade_piles(["s", "w", "x", "p1"])
    (['f1', 'f2'], ['x'])
    >>> cascade_piles(["s", "w", "p1"])
    ['w']
    """
    pids = list(pids)
    for kinds in (("foundation", "removed"), ("discard",), ("waste",)):
        found = [pid for pid in pids if pile_kind(pid) in kinds]
        if found:
            return found
    return []


def launch_order(piles: Sequence[Sequence[object]]) -> list[tuple[int, int]]:
    """The order cards leave: the top card of each foundation in turn, left to right,
    then the next ones down (all Kings first, Aces last). Returns ``(pile, depth)``
    pairs, depth 0 being a pile's top card.

    >>> launch_order([["As", "2s"], ["Ah"], []])
    [(0, 0), (1, 0), (0, 1)]
    """
    order = []
    deepest = max((len(cards) for cards in piles), default=0)
    for depth in range(deepest):
        for pile, cards in enumerate(piles):
            if depth < len(cards):
                order.append((pile, depth))
    return order


def flights(
    starts: Sequence[tuple[str, float, float]],
    width: float,
    height: float,
    card_w: float,
    card_h: float,
    seed: int = 0,
) -> Iterator[Flight]:
    """The way of each card of ``starts`` (its pile and top-left corner, in launch order)
    across a ``width`` x ``height`` table, one card at a time: a page works out a few
    per task, the first to leave first, instead of all of them before the cascade can
    begin."""
    rng = random.Random(seed)
    gap = min(GAP_MS, TOTAL_GAP_MS // max(1, len(starts)))
    # Speeds scale with the table, so a phone and a large screen see the same cascade.
    scale = max(height, 320.0) / 1000
    gravity = 0.0021 * scale
    floor = height - card_h
    for index, (_, x0, y0) in enumerate(starts):
        # Thrown towards the side with more room, sometimes the other way.
        toward_left = x0 + card_w / 2 > width / 2
        if rng.random() < 0.25:
            toward_left = not toward_left
        speed = rng.uniform(0.16, 0.42) * scale
        vx = -speed if toward_left else speed
        vy = -rng.uniform(0.0, 0.55) * scale
        yield Flight(index, index * gap, _path(x0, y0, vx, vy, gravity, floor, width, card_w))


def _path(
    x0: float, y0: float, vx: float, vy: float, gravity: float, floor: float, width: float, card_w: float
) -> tuple[tuple[int, float, float], ...]:
    points = [(0, 0.0, 0.0)]
    x, y, t = x0, y0, 0
    rolling = False
    while t < MAX_MS:
        t += STEP_MS
        x += vx * STEP_MS
        if not rolling:
            vy += gravity * STEP_MS
            y += vy * STEP_MS
        if y > floor:
            # The bounce: back up from the floor with less speed; a bounce too small to
            # see leaves the card sliding along the bottom.
            y = floor - (y - floor) * BOUNCE
            vy = -abs(vy) * BOUNCE
            if abs(vy) < gravity * STEP_MS * 3:
                rolling, y, vy = True, floor, 0.0
        points.append((t, round(x - x0, 1), round(y - y0, 1)))
        if x + card_w < 0 or x > width:
            break
    return tuple(points)


def duration(paths: Sequence[Flight]) -> int:
    """How long the whole cascade takes, in ms."""
    return max((path.delay + path.duration for path in paths), default=0)
