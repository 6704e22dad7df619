""" "Winnable deals only": every proven deal of a variant once before any comes again.

The proven seeds shipped with the page (``engine.winnable_seeds``) are dealt in a
shuffled order; when all have been dealt, a new order is shuffled (never starting
with the deal dealt last). The order is kept with the settings as a short text,
one ``variant=shuffle:dealt`` per variant, ``;`` between them: the shuffle is the
seed of the order (the sorted seeds shuffled by ``random.Random(shuffle)``), and
``dealt`` how many of it were dealt. Pure Python; any text reads (a damaged one
starts a new order).

>>> seeds = [5, 9, 2]
>>> dealt, kept = [], ""
>>> rng = random.Random(1)
>>> for _ in range(6):
...     seed, kept = next_seed("KL1-D1N", seeds, kept, rng)
...     dealt.append(seed)
>>> sorted(dealt[:3]) == sorted(seeds) == sorted(dealt[3:])
True
>>> kept.startswith("KL1-D1N=") and kept.endswith(":3")
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

__all__ = ["MAX_KEPT_CHARS", "next_seed", "order_of", "read_orders", "write_orders"]

MAX_KEPT_CHARS = 2_000
"""Longer kept text is not an order the game wrote: it starts again."""
SHUFFLE_BITS = 32


def order_of(seeds: Sequence[int], shuffle: int) -> list[int]:
    """The order the seeds are dealt in for ``shuffle``."""
    order = sorted(set(seeds))
    random.Random(shuffle).shuffle(order)
    return order


def read_orders(kept: str) -> dict[str, tuple[int, int]]:
    """Each variant's ``(shuffle, dealt)`` from the kept text; whatever is damaged is left out."""
    orders: dict[str, tuple[int, int]] = {}
    if not isinstance(kept, str) or len(kept) > MAX_KEPT_CHARS:
        return orders
    for part in kept.split(";"):
        variant, _, rest = part.partition("=")
        shuffle, _, dealt = rest.partition(":")
        if not variant or not (shuffle.isascii() and shuffle.isdigit() and dealt.isascii() and dealt.isdigit()):
            continue
        if len(shuffle) > 12 or len(dealt) > 6:
            continue
        orders[variant] = (int(shuffle), int(dealt))
    return orders


def write_orders(orders: dict[str, tuple[int, int]]) -> str:
    """The kept text of ``orders``."""
    return ";".join(f"{variant}={shuffle}:{dealt}" for variant, (shuffle, dealt) in sorted(orders.items()))


def next_seed(variant: str, seeds: Sequence[int], kept: str, rng: random.Random) -> tuple[int, str]:
    """The next proven seed of ``variant`` to deal, and the kept text after it.

    ``seeds`` must not be empty. The order goes on where it was; an order that is
    used up (or unreadable) is shuffled anew, and a new order never starts with the
    seed dealt last when there are others.
    """
    if not seeds:
        raise ValueError("no proven seeds to deal")
    orders = read_orders(kept)
    shuffle, dealt = orders.get(variant, (-1, 0))
    size = len(set(seeds))
    if shuffle < 0 or dealt >= size:
        last = order_of(seeds, shuffle)[-1] if shuffle >= 0 and dealt >= size else None
        for _attempt in range(20):
            shuffle = rng.randrange(1 << SHUFFLE_BITS)
            if size == 1 or order_of(seeds, shuffle)[0] != last:
                break
        dealt = 0
    seed = order_of(seeds, shuffle)[dealt]
    orders[variant] = (shuffle, dealt + 1)
    return seed, write_orders(orders)
