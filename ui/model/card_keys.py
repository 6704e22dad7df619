"""Which DOM node shows which card: keys assigned by minimal motion.

A Spider deck holds identical cards (two decks; one suit means eight copies of
each spade), so a card's name is not a key. After every change the renderer
asks for keys for the new positions; each position keeps the node that
showed the same card at the same place, then takes the nearest node of the
same card that lost its place, then a fresh key. Nodes left over are removed.

Pure Python: keys are plain integers and never reach the DOM as card names.

>>> keys = KeyAssigner()
>>> keys.assign([("t1", 0, "As"), ("t2", 0, "As")])
[0, 1]
>>> keys.assign([("t1", 0, "As"), ("t1", 1, "As")])  # t2's Ace moved onto t1
[0, 1]
>>> keys.removed
[]
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["KeyAssigner", "Slot"]

Slot = tuple[str, int, str]
"""A card's place and identity: (pile id, index from the bottom, card name)."""


class KeyAssigner:
    """Remembers the last assignment and matches the next one against it."""

    def __init__(self) -> None:
        self._next = 0
        self._last: dict[int, Slot] = {}
        self._dropped: list[int] = []
        self.removed: list[int] = []
        """Keys of the last assignment that no position uses any more."""

    def reset(self) -> None:
        """Forget every place: the next assignment gets fresh keys only, and
        reports every key in use now as removed."""
        self._dropped.extend(self._last)
        self._last = {}

    def _fresh(self) -> int:
        key = self._next
        self._next += 1
        return key

    def assign(self, slots: Sequence[Slot]) -> list[int]:
        """Keys for ``slots`` (in the same order), reusing the last ones."""
        at: dict[tuple[str, int], tuple[int, str]] = {
            (pid, i): (key, card) for key, (pid, i, card) in self._last.items()
        }
        keys: list[int | None] = [None] * len(slots)
        used: set[int] = set()
        # 1. The same card at the same place keeps its node.
        for n, (pid, index, card) in enumerate(slots):
            old = at.get((pid, index))
            if old is not None and old[1] == card and old[0] not in used:
                keys[n] = old[0]
                used.add(old[0])
        # 2. Otherwise the nearest node that showed the same card and lost its place.
        spare: dict[str, list[int]] = {}
        for key, (_, _, card) in self._last.items():
            if key not in used:
                spare.setdefault(card, []).append(key)
        for n, (pid, index, card) in enumerate(slots):
            if keys[n] is not None:
                continue
            candidates = spare.get(card)
            if not candidates:
                continue

            def cost(key: int, pid: str = pid, index: int = index) -> tuple[int, int, int]:
                old_pid, old_index, _ = self._last[key]
                return (0 if old_pid == pid else 1, abs(old_index - index), key)

            best = min(candidates, key=cost)
            candidates.remove(best)
            keys[n] = best
            used.add(best)
        # 3. Fresh keys for cards no node showed.
        result = [key if key is not None else self._fresh() for key in keys]
        self.removed = self._dropped + [key for key in self._last if key not in used]
        self._dropped = []
        self._last = dict(zip(result, slots, strict=True))
        return result
