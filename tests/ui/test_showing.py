"""Show me how reads where the game stands along its line from the game's record alone."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ui.model.showing import Showing

MOVES = st.sampled_from(["s", "t1>f", "t2>t3", "t4:3>t5", "w>t6", "t7>f"])
START = "KL1-D1N-AAAAAAG"


@given(st.lists(MOVES, min_size=1, max_size=12), st.data())
def test_every_step_along_the_line_is_found_and_a_move_off_it_is_not(line: list[str], data: st.DataObject) -> None:
    showing = Showing(START, tuple(line))
    step = data.draw(st.integers(0, len(line)))
    record = " ".join([START, *line[:step]])
    assert showing.place(record) == step
    assert showing.next_move(record) == (line[step] if step < len(line) else None)
    other = data.draw(MOVES.filter(lambda move: step == len(line) or move != line[step]))
    assert showing.place(record + " " + other) is None, "a move the line does not make takes over"
    later = Showing(START + " s", tuple(line))
    assert later.place(START) is None, "a position before the line's start is off it"


def test_another_game_is_off_the_line() -> None:
    showing = Showing(START, ("s",))
    assert showing.place("KL1-D1N-AAAAAAB s") is None
    assert showing.place(START + "X s") is None
