"""Which game the page opens: the start-up's one decision, as a pure function.

The page reads what the browser holds (the saved game, this tab's history
state, the address's hash) and ``choose_game`` says what to put on the table:

- this tab's history entry (a reload, or Back from another site), or the saved
  game when it is the same one and not older;
- else the link's game, except that a link to another game never replaces an
  unfinished saved game without asking (``ask``), and a link to the deal that is
  saved resumes the save;
- else the saved game;
- else a random deal of the first game.

A bad link changes nothing: the saved game goes on, or a random deal (of the
link's game when its code was readable) stands in, with a message that says
why. The page then counts the saved game the start leaves (``abandoned``,
``persist.abandon``), writes the message in the status line and asks when told.

>>> start = choose_game(None, None, "#KL1-D3V-AAAAAAB")
>>> start.game.code, start.resumed.opened_at, start.message, start.ask, start.abandoned
('KL1-D3V-AAAAAAB', 0, '', False, None)
>>> bad = choose_game(None, None, "#nonsense")
>>> bad.game.settings.game, bad.resumed, bad.message.endswith("A new random game was dealt instead.")
('KL', None, True)
"""

from __future__ import annotations

from dataclasses import dataclass

import engine
from ui.model.hashlink import LinkError, parse_hash
from ui.model.i18n import _
from ui.model.persist import choose_start, entry_resumes
from ui.model.progress import Entry, unfinished
from ui.model.session import Preferences
from ui.model.storage import SavedGame
from ui.model.words import game_name

__all__ = ["Start", "choose_game", "opened_at_move"]


@dataclass(frozen=True, slots=True)
class Start:
    """What the page opens with."""

    game: engine.Game
    resumed: SavedGame | None
    """The save the game continues (its clock, its statistics); None: a fresh deal."""
    message: str = ""
    """For the status line ("" for none)."""
    ask: bool = False
    """Ask, once the page is up, whether to leave the unfinished saved game for the link."""
    abandoned: SavedGame | None = None
    """A saved game this start leaves: the page counts it (``persist.abandon``)."""


def opened_at_move(game: engine.Game) -> str:
    return _("Opened a {game} game at move {n}.").format(game=game_name(game.settings.game), n=game.moves)


def _stand_in(error: LinkError) -> engine.Game:
    """A random deal in place of a bad link: of the link's game when its code was readable."""
    preferences = Preferences()
    if error.settings is not None:
        preferences.follow(engine.new_game(error.settings))
    return engine.new_game(preferences.random_code())


def choose_game(saved: SavedGame | None, history_state: object, hash_text: str) -> Start:
    """The game to open, from the saved game, this tab's history state and the hash."""
    entry = Entry.from_state(history_state)
    entry_game = entry.load() if entry is not None else None
    if entry is not None and entry_game is not None:
        resumed, left = entry_resumes(saved, entry, entry_game)
        return Start(resumed.game, resumed, abandoned=left)
    try:
        linked, kept = choose_start(hash_text, saved)
    except LinkError as error:
        if saved is not None:
            return Start(saved.game, saved, _("{reason} Your saved game goes on.").format(reason=error))
        return Start(_stand_in(error), None, _("{reason} A new random game was dealt instead.").format(reason=error))
    if kept is not None:
        return Start(kept.game, kept)
    if linked is None:
        return Start(engine.new_game(Preferences().random_code()), None)
    if saved is not None and unfinished(saved.game):
        return Start(saved.game, saved, ask=True)
    link = parse_hash(hash_text)
    message = opened_at_move(linked) if link is not None and link.moves else ""
    return Start(linked, SavedGame(linked, opened_at=linked.moves), message, abandoned=saved)
