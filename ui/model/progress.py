"""Never losing a game: browser history entries, links over a game, and undoable replacements.

The model, the same for every way a game can be replaced:

- **Each game has its own browser-history entry.** Its state (an ``Entry``)
  carries the whole game -- moves and undo history --, its clock and what the
  statistics know of it, and is rewritten after every action. Back and Forward
  move between games, each exactly where it was left.
- **Back leaves the page after at most one step back into the previous game**
  (``KEEP_BEHIND``), as phone apps do: the page keeps at most one game's entry
  behind the current one. A new game's entry after a second one takes the place of
  the oldest: the page goes back to it, writes the game being left there, and gives
  the new game the entry after it (``placing``), so the game before is one Back away
  and Forward still returns to the newer one. An older game leaves the history (it
  counts as lost, as a game left for another site does).
- **Replacing a game keeps it one step back.** New game, Restart, a winnable
  deal found, an opened link: the new game gets a new entry after the old
  one's (``replacement``). When the new game has nothing left to undo, Undo
  goes back to the game it replaced (``brings_back``), as Back does.
- **A link never replaces an unfinished game without asking** (``arrive``
  answers ``"ask"``): keep playing, or open the link.
- **Statistics count a game as lost only when the player leaves it**, and take
  the loss back when it returns (``ui.model.stats_record.leave_game`` and
  ``come_back``: the statistics keep what each such loss changed, under the
  game's id).
- **One id per game**: an entry's ``id`` is the game's id in the save and in
  the statistics (``ui.model.stats_record.new_game_id``).
- **A game opened from a record at a later move** keeps that move number
  (``Entry.opened_at``): its win does not set the fastest time or best score.

Pure Python: the page passes in the history state and the hash, and does what
these functions answer.

>>> import engine
>>> game = engine.replay("KL1-D1N-AAAAAAG t1>f")
>>> entry = Entry.of(game, "a1")
>>> Entry.from_state(entry.to_state()) == entry
True
>>> arrive(entry, game, None, "#KL1-D1N-AAAAAAB").kind      # a link over a game with moves
'ask'
>>> arrive(entry, engine.new_game("KL1-D1N-AAAAAAG"), None, "#KL1-D1N-AAAAAAB").kind
'open'
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from typing import Any

import engine
from engine import Game, safejson
from ui.model.hashlink import LinkError, open_link, parse_hash
from ui.model.help_kinds import help_text, read_help
from ui.model.i18n import _, joined, ngettext
from ui.model.session import describe_code
from ui.model.stats import MAX_ID_CHARS

__all__ = [
    "ENTRY_VERSION",
    "KEEP_BEHIND",
    "Arrival",
    "Entry",
    "Placing",
    "arrive",
    "brings_back",
    "entries_behind",
    "link_question",
    "placing",
    "replacement",
    "unfinished",
    "win_note",
]

ENTRY_VERSION = 1
"""The format of a history entry's state."""

MAX_HEAD_CHARS = 1000
"""An entry's fields take about 150 characters; anything far longer is not ours."""
MAX_OPENED_AT = 10**6
"""The largest move number a game can have been opened at."""
MAX_REVISION = 10**9
"""The most actions a game can have had (as ``ui.model.storage`` reads them back)."""
KEEP_BEHIND = 1
"""How many games' entries the page keeps behind the current one: Back goes this many
games back, then leaves the page."""
MAX_BEHIND = 1000


def _is_id(value: str) -> bool:
    """A game id as saves keep them: short ASCII letters and digits."""
    return 0 < len(value) <= MAX_ID_CHARS and value.isascii() and value.isalnum()


def unfinished(game: Game) -> bool:
    """True when leaving ``game`` would lose something: it has moves and is not won."""
    return game.moves > 0 and not game.won


@dataclass(frozen=True, slots=True)
class Entry:
    """What one browser-history entry carries: a game, whole.

    ``game`` is ``Game.to_json()`` (moves and undo history); ``elapsed`` the
    seconds on its clock; ``counted`` and ``finished`` what the statistics have
    of it (played from its first move; its result recorded); ``opened_at`` the
    move at which it was opened from a shared record (0: played from the deal);
    ``replaced`` the id of the unfinished game it replaced, which Undo brings back;
    ``played`` whether a move was played in it (the statistics owe it its start
    until ``counted``); ``revision`` how many actions it has had (the save carries
    it too: of the two, the later copy of a game has more); ``helped`` the kinds of
    help taken in it (``ui.model.help_kinds``; empty: none, as for older entries).
    """

    id: str
    game: str
    elapsed: float = 0.0
    counted: bool = False
    finished: bool = False
    opened_at: int = 0
    replaced: str = ""
    played: bool = False
    revision: int = 0
    helped: tuple[str, ...] = ()

    @classmethod
    def of(cls, game: Game, id: str, **fields: Any) -> Entry:  # noqa: A002 - the entry's id
        """The entry of ``game`` as it is now."""
        return cls(id, game.to_json(), **fields)

    def updated(self, game: Game, **fields: Any) -> Entry:
        """This entry after the game changed (and any other fields given)."""
        return replace(self, game=game.to_json(), **fields)

    def to_state(self, behind: int = 0) -> str:
        """The state to give ``history.pushState`` / ``replaceState``: a line of JSON
        with the entry's fields, then the game's own JSON as it is (not escaped
        again: this is written after every action). ``behind``: how many of the
        game's own entries lie before this one (``entries_behind`` reads it back)."""
        fields = {"v": ENTRY_VERSION, **asdict(self), "helped": help_text(self.helped), "behind": behind}
        del fields["game"]
        return json.dumps(fields, separators=(",", ":")) + "\n" + self.game

    @classmethod
    def from_state(cls, state: object) -> Entry | None:
        """Read a history state; None when it is not one of ours or is damaged."""
        if not isinstance(state, str):
            return None
        head, _newline, game = state.partition("\n")
        try:
            data = safejson.loads(head, max_chars=MAX_HEAD_CHARS, max_depth=1)
        except safejson.JSONLimitError:
            return None
        if not isinstance(data, dict) or data.get("v") != ENTRY_VERSION:
            return None
        data["game"] = game
        # Entries written before these fields: a game counted as played was played.
        data.setdefault("played", data.get("counted") is True)
        data.setdefault("revision", 0)
        kinds: dict[str, tuple[type, ...]] = {
            "id": (str,),
            "game": (str,),
            "elapsed": (int, float),
            "counted": (bool,),
            "finished": (bool,),
            "opened_at": (int,),
            "replaced": (str,),
            "played": (bool,),
            "revision": (int,),
        }
        for name, allowed in kinds.items():
            value = data.get(name)
            if not isinstance(value, allowed) or (bool not in allowed and isinstance(value, bool)):
                return None
        if not _is_id(data["id"]) or (data["replaced"] and not _is_id(data["replaced"])):
            return None
        if not 0 <= data["elapsed"] <= 10.0**8 or not 0 <= data["opened_at"] <= MAX_OPENED_AT:
            return None
        if not 0 <= data["revision"] <= MAX_REVISION:
            return None
        return cls(
            data["id"],
            data["game"],
            float(data["elapsed"]),
            data["counted"],
            data["finished"],
            data["opened_at"],
            data["replaced"],
            data["played"],
            data["revision"],
            read_help(data.get("helped")),  # older entries have none; a bad value reads as none
        )

    def load(self) -> Game | None:
        """The game this entry holds, or None when it does not load."""
        try:
            return engine.from_json(self.game)
        except ValueError:  # SaveError, CodeError and IllegalMove are all ValueErrors
            return None


def entries_behind(state: object) -> int:
    """How many of the game's own entries lie before the entry of ``state`` (0 for a
    state that is not ours, or was written before the page counted them).

    >>> entry = Entry("a1", "{}")
    >>> entries_behind(entry.to_state(1)), entries_behind(entry.to_state()), entries_behind(None)
    (1, 0, 0)
    """
    if Entry.from_state(state) is None:
        return 0
    assert isinstance(state, str)
    behind = safejson.loads(state.partition("\n")[0], max_chars=MAX_HEAD_CHARS, max_depth=1).get("behind")
    if isinstance(behind, bool) or not isinstance(behind, int) or not 0 <= behind <= MAX_BEHIND:
        return 0
    return behind


@dataclass(frozen=True, slots=True)
class Placing:
    """Where the entry of the game coming to the table goes (``placing``).

    ``back``: how many entries to go back first (0: none); there, the game being left
    is written (as the oldest entry kept, ``KEEP_BEHIND - 1`` behind) and the new
    game's entry pushed after it. ``behind``: the new entry's count of entries behind.
    """

    back: int
    behind: int


def placing(behind: int, push: bool) -> Placing:
    """Where the entry of a game coming to the table goes: after the current one
    (``push``: New game, Restart) or in it (an entry the browser made for a link),
    the current entry having ``behind`` of the game's entries before it.

    >>> placing(0, push=True), placing(0, push=False)   # the first game: the second after it
    (Placing(back=0, behind=1), Placing(back=0, behind=0))
    >>> placing(1, push=True)     # a third game: back to the first's entry, the second there
    Placing(back=1, behind=1)
    >>> placing(2, push=False)    # a link's entry two after the first: the same
    Placing(back=2, behind=1)
    """
    slot = behind + 1 if push else behind
    if slot <= KEEP_BEHIND:
        return Placing(0, slot)
    return Placing(behind - (KEEP_BEHIND - 1), KEEP_BEHIND)


# ------------------------------------------------------------ arriving at an entry


@dataclass(frozen=True, slots=True)
class Arrival:
    """What to do when the browser arrives at a history entry or a new hash.

    ``kind``:

    - ``"same"``: the entry is the game on the table: nothing to do;
    - ``"restore"``: Back or Forward reached another game's entry: put
      ``entry``'s game (``game``) on the table;
    - ``"open"``: a link to another game, and nothing would be lost: open ``game``;
    - ``"ask"``: a link to another game over an unfinished one: ask first
      (``link_question``), then open ``game`` or keep playing;
    - ``"stay"``: an empty hash or a link to the game on the table: keep it
      (and write its entry back; for a link, say ``message``);
    - ``"bad"``: a hash that holds no playable game: keep the game, say ``message``.
    """

    kind: str
    game: Game | None = None
    entry: Entry | None = None
    opened_at: int = 0
    message: str = ""


def arrive(current: Entry, table: Game, state: object, hash_text: str) -> Arrival:
    """Decide what a ``popstate`` (Back, Forward, an edited hash, a followed link) means.

    ``current`` is the entry of the game on the table, ``table`` that game;
    ``state`` the history state arrived at (None for a new hash), ``hash_text``
    the location's hash.
    """
    entry = Entry.from_state(state)
    if entry is not None:
        if entry.id == current.id:
            return Arrival("same")
        game = entry.load()
        if game is not None:
            return Arrival("restore", game, entry, entry.opened_at)
    try:
        link = parse_hash(hash_text)
        if link is None:
            return Arrival("stay")
        if link.code == table.code and (not link.moves or link.record == table.record()):
            # A followed link or an edited address naming the game already played (in
            # another letter case, with spaces after the code): nothing changes, and it says so.
            said = _("This link opens the game already on the table: it goes on.") if state is None else ""
            return Arrival("stay", message=said)
        game = open_link(hash_text)
    except LinkError as error:
        return Arrival("bad", message=_("{reason} The game on the table stays.").format(reason=error))
    if game is None:
        return Arrival("stay")
    kind = "ask" if unfinished(table) else "open"
    return Arrival(kind, game, opened_at=game.moves)


def link_question(table: Game, link: Game) -> str:
    """The question asked before a link replaces an unfinished game.

    >>> import engine
    >>> question = link_question(engine.replay("KL1-D1N-AAAAAAG t1>f s"), engine.new_game("SD1-S2-AAAAABC"))
    >>> question.split(". ")[0]
    'This link opens another game: Spiderette, 2 suits (SD1-S2-AAAAABC)'
    >>> question.split(". ")[1]
    'Your game in progress (2 moves) counts as lost if you leave it, until you come back to it with Back.'
    """
    game = describe_code(link.settings)
    if link.moves:
        opens = _("This link opens another game at move {n}: {game} ({code}).").format(
            n=link.moves, game=game, code=link.code
        )
    else:
        opens = _("This link opens another game: {game} ({code}).").format(game=game, code=link.code)
    progress = ngettext(
        "Your game in progress ({n} move) counts as lost if you leave it, until you come back to it with Back.",
        "Your game in progress ({n} moves) counts as lost if you leave it, until you come back to it with Back.",
        table.moves,
    ).format(n=table.moves)
    return joined(" ", [opens, progress])


# ---------------------------------------------------------------- replacing


def replacement(old: Game, old_id: str) -> tuple[str, str]:
    """How a new game takes the place of ``old``: ``("push", replaced)`` gives it
    a new history entry after the old one's, ``("replace", "")`` reuses the
    entry (an old game without moves has nothing to come back to). ``replaced``
    is ``old_id`` when the old game is unfinished: Undo brings it back.

    >>> import engine
    >>> replacement(engine.replay("KL1-D1N-AAAAAAG t1>f"), "a1"), replacement(engine.new_game("KL1-D1N-AAAAAAG"), "a1")
    (('push', 'a1'), ('replace', ''))
    """
    if old.moves == 0:
        return "replace", ""
    return "push", old_id if unfinished(old) else ""


def brings_back(table: Game, entry: Entry) -> bool:
    """True when Undo, with nothing left to undo in ``table``, goes back to the
    game it replaced (one history entry back)."""
    return not table.can_undo and bool(entry.replaced)


def win_note(opened_at: int) -> str:
    """What the win summary adds for a game opened from a record at a later move.

    >>> win_note(0), win_note(40)
    ('', 'This game was opened at move 40 of a shared game: the win does not set a fastest time or best score.')
    """
    if opened_at <= 0:
        return ""
    return _(
        "This game was opened at move {n} of a shared game: the win does not set a fastest time or best score."
    ).format(n=opened_at)
