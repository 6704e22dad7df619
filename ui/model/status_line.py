"""The status line as state: what it says, how it says it and for how long.

The page's announcements, refused moves and notices all go through ``said``;
``ui.dom.status_line`` is the only code that writes the line, from this state,
in the page's frame. Kept pure, so what the line says (and when it goes) is
checked in CPython.

>>> line = said(StatusLine(), "Drew the 7 of hearts.", note=True)
>>> line.text, line.note, line.seconds
('Drew the 7 of hearts.', True, 7)
>>> again_said = said(line, "Drew the 7 of hearts.", note=True)
>>> again_said.text == line.text + "\\u00a0"  # changed a little: screen readers read it again
True
>>> said(line, "That card can't go there.", rule="building").seconds  # time to reach "Why?"
14
>>> cleared(line).text, cleared(line).shown
('', False)

A long description (a Spider deal names ten cards) is shown as one short thing and
read whole by screen readers:

>>> dealt = said(StatusLine(), "Dealt a row of 10: Ace of spades, ... 4 deals left.", short="Dealt a row of 10.")
>>> dealt.shown_text, dealt.text
('Dealt a row of 10.', 'Dealt a row of 10: Ace of spades, ... 4 deals left.')
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ui.model.actions import Offer

__all__ = ["NBSP", "STATUS_SECONDS", "StatusLine", "cleared", "offer_taken", "said", "said_again", "without_staying"]

STATUS_SECONDS = 7
"""How long a message stays (twice as long with a "Why?", to reach the button; a message
with an offer stays until the next one)."""
NBSP = "\u00a0"
"""Added to (or taken from) words said twice in a row: a live region reads only a change."""


@dataclass(frozen=True, slots=True)
class StatusLine:
    """The status line's words and buttons."""

    words: str = ""
    """What was said, as given (a translated string that can be said again in another language)."""
    text: str = ""
    """What screen readers read: ``words``, or ``words`` with a no-break space to be read again."""
    short: str = ""
    """What the line shows when ``words`` is a long description ("" when it shows ``words``):
    one short thing, while screen readers read the whole (as given, like ``words``)."""
    note: bool = False
    """A routine announcement (what a move did), shown quietly; otherwise the line stands out."""
    rule: str = ""
    """The rules section that explains a refusal, opened by "Why?" ("" for none)."""
    offer: Offer | None = None
    """What the solver offers after a hint's check, as a button."""
    taken: bool = False
    """The offer was taken: its button stays until the next message, and does nothing."""
    stays: bool = False
    """The message stays until another one replaces it (a hint's verdict, which holds
    as long as the position does; the hint's code clears it when the table changes)."""
    serial: int = 0
    """Counts the messages: each one is drawn (and timed) afresh, even in the same words."""
    behind: StatusLine | None = None
    """A message that stays (a hint's verdict, its offer) covered by a passing one (a refused
    move): it comes back when the passing one's time is up, unless the table changed."""

    @property
    def shown(self) -> bool:
        return bool(self.text)

    @property
    def shown_text(self) -> str:
        """The words the line shows: the short form of a long description, else ``text``."""
        return self.short or self.text

    @property
    def seconds(self) -> int:
        """How long the message stays on show (0: nothing to show, or it stays).

        >>> said(StatusLine(), "Hint: tap the stock.", stays=True).seconds
        0
        """
        if not self.text or self.stays or self.offer:
            return 0  # an offer's button stays until the player acts or the table changes
        return STATUS_SECONDS * (2 if self.rule else 1)


def said(
    line: StatusLine,
    words: str,
    note: bool = False,
    rule: str = "",
    offer: Offer | None = None,
    stays: bool = False,
    short: str = "",
) -> StatusLine:
    """The line after saying ``words`` (``""`` empties it) in place of what ``line`` shows
    (``stays``: until the next message, with no time limit; ``short``: what the line shows
    of a long description, which screen readers read whole). A message said over one
    that stays keeps it behind, to come back when its time is up; ``""`` drops both."""
    text = words
    if words and words == line.text.rstrip(NBSP):
        # The same words again: changed a little, so that screen readers read them again.
        text = words if line.text.endswith(NBSP) else words + NBSP
    behind = line if line.stays or line.offer is not None else line.behind
    return StatusLine(
        words=words,
        text=text,
        short=short if words and short != words else "",
        note=note,
        rule=rule if words else "",
        offer=offer if words else None,
        stays=stays and bool(words),
        serial=line.serial + 1,
        behind=replace(behind, behind=None) if words and behind is not None and behind.text else None,
    )


def said_again(line: StatusLine, words: str, short: str = "") -> StatusLine:
    """The message on show in other words (the same message in a new language), read again;
    an offer already taken is not made again."""
    if not line.text:
        return line
    again_said = said(line, words, line.note, line.rule, None if line.taken else line.offer, line.stays, short)
    return replace(again_said, behind=line.behind)


def cleared(line: StatusLine) -> StatusLine:
    """The line once its message's time is up: the message that stays behind it, if any."""
    if line.behind is not None:
        return replace(line.behind, serial=line.serial + 1)
    return StatusLine(serial=line.serial + 1) if line.text else line


def without_staying(line: StatusLine) -> StatusLine:
    """The line once the table changed: what stayed (a hint's verdict) goes, on show or behind."""
    if line.stays or line.offer is not None:
        return StatusLine(serial=line.serial + 1) if line.text else line
    return replace(line, behind=None) if line.behind is not None else line


def offer_taken(line: StatusLine) -> StatusLine:
    """The line once its offer was taken."""
    return replace(line, taken=True)
