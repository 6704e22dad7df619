"""Show me how: a proven winning line, shown move by move on the table.

The line starts at a position (the game's record then) and is played through the game
itself, so the table, the words, the sounds and Undo are a move's as always. Where the
game stands along the line is read from its record: a step forward is the line's next
move, a step back an undo, and any other move, the player's own, takes over (the line no
longer leads from there). Pure Python.

>>> showing = Showing("KL1-D1N-AAAAAAG", ("s", "t5>t4", "t1>f"))
>>> showing.place("KL1-D1N-AAAAAAG s"), showing.next_move("KL1-D1N-AAAAAAG s")
(1, 't5>t4')
>>> showing.place("KL1-D1N-AAAAAAG t5>t4") is None  # a move of the player's own
True
>>> showing.place("KL1-D1N-AAAAAAG s t5>t4 t1>f"), showing.next_move("KL1-D1N-AAAAAAG s t5>t4 t1>f")
(3, None)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["STEP_MS", "Showing", "steps_along"]

STEP_MS = 900
"""The pause between two moves while a line plays by itself: each move is seen and said."""


def steps_along(start: str, line: tuple[str, ...], record: str) -> int | None:
    """How many of ``line``'s moves (from the position ``start``, a game record) the
    position ``record`` has played, or None when it is not on the line: before its
    start, in another game, or after a move the line does not make.

    >>> steps_along("KL1-D1N-AAAAAAG", ("s", "t5>t4"), "KL1-D1N-AAAAAAG s")
    1
    >>> steps_along("KL1-D1N-AAAAAAG", ("s",), "KL1-D1N-AAAAAAG s s") is None
    True
    """
    if record == start:
        return 0
    if not record.startswith(start + " "):
        return None
    played = tuple(record[len(start) + 1 :].split(" "))
    return len(played) if played == line[: len(played)] else None


@dataclass(slots=True)
class Showing:
    """A winning line from the position ``start`` (a game record), its moves in notation."""

    start: str
    line: tuple[str, ...]
    playing: bool = False
    """The line plays by itself, a move every ``STEP_MS``, until paused or done."""

    @property
    def length(self) -> int:
        return len(self.line)

    def place(self, record: str) -> int | None:
        """How many of the line's moves the position ``record`` has played, or None when it
        is not on the line (before its start, or after a move the line does not make)."""
        return steps_along(self.start, self.line, record)

    def next_move(self, record: str) -> str | None:
        """The line's next move from ``record`` (None at its end or off the line)."""
        step = self.place(record)
        return self.line[step] if step is not None and step < self.length else None
