"""What the status line says after each of the session's events.

A move or an undo is said quietly (a note); a new deal, a restart and an opened
game stand out, with a reminder that Undo brings back the game left unfinished;
a refused move says why, with the rule behind it. Pure, so every case is
checked in CPython.

>>> import engine
>>> from ui.model.session import Event
>>> g = engine.new_game("KL1-D1N-AAAAAAG")
>>> words = event_words(Event("restart"), g, left_game=True)
>>> words.text, words.note, words.offer
('The deal starts again. Undo brings back the game you left.', False, None)

A game left unfinished that a solver knows can be brought back to find where it was lost:

>>> event_words(Event("new"), g, left_game=True, left_solvable=True).offer
'left'
>>> words = event_words(Event("play", g.play("t5>t4")), g)
>>> words.text, words.short, words.note
('9 of diamonds onto 10 of clubs. 7 of diamonds turned up. Score 5.', '9 of diamonds onto 10 of clubs.', True)
>>> event_words(Event("load"), g, quiet=True) is None  # Back or Forward: the history says which game
True

A game that declares its loss says so once no move is left:

>>> golf = engine.Golf.from_piles("GF1-N-AAAAAAA", {"t1": "9h", "w": "5d", "s": "4c"})
>>> words = event_words(Event("play", golf.play("s")), golf)
>>> words.short, words.note, words.offer
('No moves are left: this game is lost. Undo takes moves back, or start a New game.', False, 'turning')
"""

from __future__ import annotations

from dataclasses import dataclass

import engine
from ui.model.actions import Offer
from ui.model.announce import describe_play, describe_undo, play_headline
from ui.model.i18n import _, joined
from ui.model.session import Event, describe_code
from ui.model.startup import opened_at_move

__all__ = ["EventWords", "event_words", "lost_words"]


def lost_words() -> str:
    """What every game that declares a loss says when it is lost (``Game.lost``)."""
    # TRANSLATORS: said once a game is lost (Golf, TriPeaks, Pyramid: nothing can be played and the
    # stock is used up). The Undo and New game buttons are named as they read.
    return _("No moves are left: this game is lost. Undo takes moves back, or start a New game.")


def _lost(game: engine.Game) -> list[str]:
    return [lost_words()] if game.lost else []


def _lost_offer(game: engine.Game) -> Offer | None:
    """A lost game offers to find where its win was lost, when a solver knows the game."""
    return "turning" if game.lost and type(game).solver_module is not None else None


@dataclass(frozen=True, slots=True)
class EventWords:
    """A message for the status line (see ``ui.model.status_line.said``)."""

    text: str
    note: bool = False
    rule: str = ""
    short: str = ""
    """What the line shows of a long ``text`` ("": ``text`` itself), which screen readers read whole."""
    offer: Offer | None = None
    """A button for the solver: where a lost game's win was lost (a game the solver knows)."""


def event_words(
    event: Event, game: engine.Game, left_game: bool = False, quiet: bool = False, left_solvable: bool = False
) -> EventWords | None:
    """What to say after ``event`` (``game``: the game on the table after it); None: the
    line stays as it is.

    ``left_game``: a new deal, a restart or a link replaced an unfinished game;
    ``left_solvable``: a solver knows that game, so the line offers to find where it
    was lost; ``quiet``: the game came back with Back or Forward, and the history says which."""
    if event.kind == "refused":
        return EventWords(event.message, rule=event.rule)
    if event.kind in ("new", "restart", "load"):
        back = [_("Undo brings back the game you left.")] if left_game else []
        left: Offer | None = "left" if left_game and left_solvable else None
        if event.kind == "new":
            new = _("New game: {game}.").format(game=describe_code(game.settings))
            return EventWords(joined(" ", [new, *back]), offer=left)
        if event.kind == "restart":
            return EventWords(joined(" ", [_("The deal starts again."), *back]), offer=left)
        if quiet:
            return None
        if game.moves:
            return EventWords(joined(" ", [opened_at_move(game), *_lost(game)]), offer=_lost_offer(game))
        opened = _("Opened the deal {code}: {game}.")
        return EventWords(opened.format(code=game.code, game=describe_code(game.settings)))
    action = event.action
    if action is not None and event.kind == "play":
        lost = _lost(game)
        if lost:
            # The end of the game stands out: the line says it, the screen reader hears the move first.
            return EventWords(joined(" ", [describe_play(game, action), *lost]), short=lost[0], offer=_lost_offer(game))
        return EventWords(describe_play(game, action), note=True, short=play_headline(game, action))
    if action is not None and event.kind == "undo":
        return EventWords(describe_undo(game, action), note=True)
    return EventWords("", note=True)
