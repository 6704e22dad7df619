"""The URL hash: a deal code, or a whole game record, and back.

``#KL1-D1N-AAAAAAG`` opens a deal. A game record (the code then the moves,
space-separated) travels URL-encoded, ``#SD1-S2-AAAAABC%20t1%3Et2%20s``, and
opens the game at that point with its undo history. Pure Python.

>>> parse_hash("#kl1-d1n-aaaaaag")
Link(code='KL1-D1N-AAAAAAG', moves=())
>>> parse_hash("#SD1-S2-AAAAABC%20t1%3Et2%20s").moves
('t1>t2', 's')
>>> record_hash("KL1-D1N-AAAAAAG s w>t3")
'#KL1-D1N-AAAAAAG%20s%20w%3Et3'
>>> parse_hash("")
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote, unquote_plus

import engine
from ui.model.i18n import _, ngettext
from ui.model.refusals import code_error_text, refusal_text

__all__ = [
    "MAX_LINK_MOVES",
    "Link",
    "LinkError",
    "code_hash",
    "open_link",
    "parse_hash",
    "quoted",
    "record_hash",
    "share_deal_only_text",
    "share_hash",
]


MAX_LINK_MOVES = 5000
"""Longest game record a link may hold: replaying is quick, but not unbounded
(a won game takes a few hundred moves)."""
MAX_HASH_CHARS = 20 * MAX_LINK_MOVES
"""A move is at most 9 characters, 13 URL-encoded with its space."""
MAX_QUOTED_CHARS = 20
"""The most characters of bad input a message quotes (a move is at most 9)."""


def quoted(text: str, limit: int = MAX_QUOTED_CHARS) -> str:
    """Bad input as a message quotes it: whole when short, else its first ``limit``
    characters and "…" (a 99,000-character move must not be repeated into the live status).

    >>> quoted("t1>t2")
    't1>t2'
    >>> quoted("x" * 99000)
    'xxxxxxxxxxxxxxxxxxxx…'
    """
    return text if len(text) <= limit else text[:limit] + "…"


class LinkError(ValueError):
    """A hash that holds no playable deal; ``str()`` says why, for the player.

    ``settings`` are the deal's options when its code could be read (a record
    whose moves do not replay), so that a random deal of the same game can
    stand in for it.
    """

    def __init__(self, message: str, settings: engine.DealCode | None = None) -> None:
        super().__init__(message)
        self.settings = settings


@dataclass(frozen=True, slots=True)
class Link:
    """What a hash asks for: a deal code and the moves played since the deal."""

    code: str
    moves: tuple[str, ...] = ()

    @property
    def record(self) -> str:
        return " ".join([self.code, *self.moves])


def parse_hash(text: str) -> Link | None:
    """Read a location hash (with or without its ``#``); None when it is empty.

    Raises ``LinkError`` when the deal code is not one.
    """
    if len(text) > MAX_HASH_CHARS:
        raise LinkError(_("The link is far too long to hold a game."))
    body = unquote_plus(text[1:] if text.startswith("#") else text).strip()
    if not body:
        return None
    code, *moves = body.split()
    if len(moves) > MAX_LINK_MOVES:
        raise LinkError(
            ngettext(
                "The link's game record has more than {n} move; this game opens no longer ones.",
                "The link's game record has more than {n} moves; this game opens no longer ones.",
                MAX_LINK_MOVES,
            ).format(n=MAX_LINK_MOVES)
        )
    try:
        settings = engine.parse_code(code)
    except engine.CodeError as error:
        raise LinkError(
            _("The link's deal code is not valid. {reason}").format(reason=code_error_text(error))
        ) from None
    return Link(engine.format_code(settings), tuple(moves))


def open_link(text: str) -> engine.Game | None:
    """The game a hash asks for (None for an empty hash); raises ``LinkError``."""
    link = parse_hash(text)
    if link is None:
        return None
    settings = engine.parse_code(link.code)
    try:
        if not link.moves:
            return engine.new_game(link.code)
        return engine.replay(link.record)
    except engine.CodeError as error:
        raise LinkError(
            _("The link's deal can't be played here. {reason}").format(reason=code_error_text(error))
        ) from None
    except engine.IllegalMove as error:
        rule = refusal_text(settings.game, error)
        if "index" in error.values:
            rule = _("Move {index} ({token}): {rule}").format(
                index=error.values["index"], token=quoted(str(error.values.get("token", ""))), rule=rule
            )
        raise LinkError(_("The link's game record doesn't replay. {reason}").format(reason=rule), settings) from None


def code_hash(code: str) -> str:
    """The hash that shows a deal code while it is played."""
    return "#" + code


def record_hash(record: str) -> str:
    """The hash of a whole game record, URL-encoded."""
    return "#" + quote(record, safe="-")


def share_hash(record: str) -> tuple[str, bool]:
    """The hash Share offers for a game record, and whether it holds the whole game.

    A record longer than links may be (``MAX_LINK_MOVES``) would be refused where
    it is opened, so the deal's code is offered instead: it opens the same deal
    from the start.

    >>> share_hash("KL1-D1N-AAAAAAG s")
    ('#KL1-D1N-AAAAAAG%20s', True)
    >>> share_hash("KL1-D1N-AAAAAAG" + " s" * 5001)
    ('#KL1-D1N-AAAAAAG', False)
    """
    code, *moves = record.split()
    if len(moves) > MAX_LINK_MOVES:
        return code_hash(code), False
    return record_hash(record), True


def share_deal_only_text() -> str:
    """What Share says when it copied the deal's link instead of the game's (``share_hash``)."""
    return ngettext(
        "Link to this deal copied: a link holds at most {n} move, so it opens this deal from the start.",
        "Link to this deal copied: a link holds at most {n} moves, so it opens this deal from the start.",
        MAX_LINK_MOVES,
    ).format(n=MAX_LINK_MOVES)
