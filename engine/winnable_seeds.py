"""Deal seeds proven winnable, per variant: the "Winnable deals only" option deals these.

Each game's seeds are generated (tools/winnable_seeds.py) into its own module, named
after its game module (``engine.klondike_seeds``: ``engine.game.seed_tables``); this
module gathers them, in registry order, under the names it always had.
``WINNABLE[variant]`` holds ``(seed, nodes)`` pairs, fewest solver positions first;
``NOTES`` says how each list was made. A variant with few seeds is one the solver
finds slow: the page then looks for more winnable deals itself.

>>> seeds_for("KL1-D1N")[:2], seeds_for("XX1-S9")
((1821472838, 6538464463), ())
"""

from __future__ import annotations

from engine.game import seed_tables
from engine.variants import VARIANTS

__all__ = ["NOTES", "WINNABLE", "seeds_for"]

WINNABLE: dict[str, tuple[tuple[int, int], ...]] = {}
NOTES: dict[str, str] = {}

for _tables in dict.fromkeys(seed_tables(game) for game in VARIANTS):  # Spiderette and Spider share one
    if _tables is not None:
        WINNABLE.update(_tables.WINNABLE)
        NOTES.update(_tables.WINNABLE_NOTES)


def seeds_for(variant: str) -> tuple[int, ...]:
    """The proven seeds of a variant (``"KL1-D3V"``, ``"SP1-S4"``); empty when none are known."""
    return tuple(seed for seed, _ in WINNABLE.get(variant, ()))
