"""Which game the page opens: the start-up's one decision, as a pure function.

The page reads what the browser holds (the saved game, this tab's history
state, the address's hash) and ``choose_game`` says what to put on the table:

- this tab's history entry (a reload, or Back from another site), or the saved
  game when it is the same one and not older;
- else the link's game, except that a link to another game never replaces an
  unfinished saved game without asking (``ask``), and a link to the deal that is
  saved resumes the save;
- else the saved game;
- else, for a new player (nothing stored yet: ``first_visit``), a friendly deal
  (``friendly_deal``): a proven-winnable deal of the first game that the solver wins
  at once and whose low cards lie under few face-down cards;
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

__all__ = ["FRIENDLY_CANDIDATES", "Start", "choose_game", "friendly_deal", "low_cards_buried", "opened_at_move"]

FRIENDLY_CANDIDATES = 10
"""How many of the shipped proven deals (fewest solver positions first) the first game
is chosen from."""


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


def low_cards_buried(game: engine.Game) -> int:
    """How many face-down cards lie on the Aces and 2s of ``game``'s columns: the cards
    a player must dig through before the foundations can start.

    >>> low_cards_buried(engine.new_game("FC1-F4-1"))  # FreeCell deals every card face up
    0
    """
    buried = 0
    for pid in type(game).piles_for(game.settings):
        if not pid.startswith("t"):  # the columns (the stock is turned, not dug through)
            continue
        pile = game.pile(pid)
        for index, card in enumerate(pile):
            if card.rank <= 2 and not card.face_up:
                buried += sum(1 for above in pile[index + 1 :] if not above.face_up)
    return buried


def friendly_deal() -> str:
    """A new player's first deal: the first game with its first options, and of its
    shipped proven-winnable deals (``engine.winnable_seeds``, fewest solver positions
    first) the first ``FRIENDLY_CANDIDATES``, the one with the fewest face-down cards on
    its Aces and 2s (``low_cards_buried``; a tie goes to fewer solver positions). A game
    with no shipped proven deal deals at random.

    >>> engine.parse_code(friendly_deal()).options == Preferences().option_set().options
    True
    """
    from engine.winnable_seeds import seeds_for  # a large table: read only for a new player

    settings = Preferences().option_set().settings
    seeds = seeds_for(engine.option_set_of(settings).prefix)[:FRIENDLY_CANDIDATES]
    if not seeds:
        return Preferences().random_code()
    codes = [engine.format_code(settings.with_seed(seed)) for seed in seeds]
    return min(codes, key=lambda code: low_cards_buried(engine.new_game(code)))  # min keeps the first of a tie


def choose_game(saved: SavedGame | None, history_state: object, hash_text: str, first_visit: bool = False) -> Start:
    """The game to open, from the saved game, this tab's history state and the hash
    (``first_visit``: nothing is stored yet, a new player's first game)."""
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
        code = friendly_deal() if first_visit and saved is None else Preferences().random_code()
        return Start(engine.new_game(code), None)
    if saved is not None and unfinished(saved.game):
        return Start(saved.game, saved, ask=True)
    link = parse_hash(hash_text)
    message = opened_at_move(linked) if link is not None and link.moves else ""
    return Start(linked, SavedGame(linked, opened_at=linked.moves), message, abandoned=saved)
