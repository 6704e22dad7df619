"""Back closes the dialog on show: a history entry of its own while a dialog covers the table.

On a phone, Back (Android's back gesture) is how a player leaves whatever covers
the table. So that it closes the dialog and changes nothing else, the page pushes
an entry (holding the same game) when a dialog opens; Back lands on the game's own
entry, and the page closes the dialog instead of treating the arrival as a move
between games. A dialog closed any other way (its buttons, Escape) takes its
entry back with ``history.back()``; until that arrival comes, the page's own
writes to the history wait, so that a new game dealt from a dialog gets its entry
after the game's, never on top of the dialog's.

Pure Python: the page reports openings, closings, writes and arrivals; this says
what to do with the history.

>>> entry = DialogEntry()
>>> entry.opened(), entry.opened()          # push once, however many dialogs follow
(True, False)
>>> entry.arrived()                          # Back: close the dialog, nothing else
'close'
>>> entry.closed()                           # the dialog went: its entry already did
False
>>> entry.opened(), entry.closed()           # opened, then closed by a button: go back
(True, True)
>>> entry.write(push=True)                   # a new game dealt meanwhile: wait
False
>>> entry.arrived(), entry.take_deferred()   # the back landed: now write, with a push
('landed', True)
>>> entry.write(push=False), entry.arrived()  # nothing pending: writes go through, Back is Back
(True, 'arrive')
"""

from __future__ import annotations

from typing import Literal

__all__ = ["Arrived", "DialogEntry"]

Arrived = Literal["close", "landed", "arrive"]
"""What an arrival in the history means: Back over a dialog (close it); the landing
of the page's own ``history.back()`` (write what waited); anything else (an arrival
for the history to act on)."""


class DialogEntry:
    """Whether a dialog's entry is on top of the game's, or being taken back."""

    def __init__(self) -> None:
        self.pushed = False
        """The top entry is a dialog's (the same game as the one under it)."""
        self.closing = False
        """``history.back()`` was called to take the dialog's entry back; its arrival is due."""
        self._deferred: bool | None = None
        """A write that waits for that arrival: None, or whether it pushes."""

    def opened(self) -> bool:
        """A dialog is open: True when the page should push its entry now."""
        if self.pushed or self.closing:
            return False  # one entry for any number of dialogs; after a closing, on landing
        self.pushed = True
        return True

    def closed(self) -> bool:
        """No dialog is open any more: True when the page should go back one entry now."""
        if not self.pushed:
            return False
        self.pushed = False
        self.closing = True
        return True

    def write(self, push: bool) -> bool:
        """The page wants to write the game's entry (a new one with ``push``): True to
        write now, False when it waits for the landing (``take_deferred``)."""
        if not self.closing:
            return True
        self._deferred = push or bool(self._deferred)
        return False

    def arrived(self) -> Arrived:
        """An arrival in the history (``popstate``)."""
        if self.closing:
            self.closing = False
            return "landed"
        if self.pushed:
            self.pushed = False
            return "close"
        return "arrive"

    def take_deferred(self) -> bool | None:
        """The write that waited for the landing (None: none), forgotten."""
        deferred, self._deferred = self._deferred, None
        return deferred
