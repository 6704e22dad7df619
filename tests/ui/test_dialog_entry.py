"""Back closes a dialog: the dialog's history entry, pushed, taken back, and the writes that wait."""

from __future__ import annotations

from ui.model.dialog_entry import DialogEntry


def test_a_dialog_closed_by_its_button_takes_its_entry_back_and_a_new_game_waits_for_it() -> None:
    entry = DialogEntry()
    assert entry.opened()
    assert entry.closed()  # the dialog's own button: back one entry
    assert not entry.write(push=False)  # the old game's entry as it is: after the landing
    assert not entry.write(push=True)  # then the new game's, pushed
    assert entry.arrived() == "landed"
    assert entry.take_deferred() is True
    assert entry.take_deferred() is None
    assert entry.write(push=False)


def test_back_over_a_dialog_closes_it_and_the_next_back_is_a_back() -> None:
    entry = DialogEntry()
    assert entry.opened()
    assert not entry.opened()  # another dialog in its place (Settings, then the keys)
    assert entry.arrived() == "close"
    assert not entry.closed()  # closing it after Back goes back no further
    assert entry.arrived() == "arrive"


def test_a_dialog_opened_before_the_landing_waits_for_it() -> None:
    entry = DialogEntry()
    entry.opened()
    entry.closed()
    assert not entry.opened()
    assert entry.arrived() == "landed"
    assert entry.opened()  # the page asks again once landed
