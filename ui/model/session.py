"""The controller: the current game, its clock and the player's settings.

Every action goes through the session (play, undo, new game, restart, load);
listeners hear one ``Event`` per action. The UI draws from the game and
announces from the event; it never decides what is legal, it asks the game.
Pure Python (the clock is injected), so it is tested in CPython.

>>> session = Session(engine.new_game("KL1-D1N-AAAAAAG"), clock=lambda: 0.0)
>>> session.play("t1>f").kind, session.game.score
('play', 10)
>>> event = session.play("t2>t1")
>>> event.kind, event.message
('refused', 'Only a King can go to an empty column.')
>>> session.undo().kind, session.game.score
('undo', 0)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

import engine
from engine import Action, Game, IllegalMove, Move
from engine.codes import GameId
from ui.model.i18n import _
from ui.model.refusals import refusal_text, rule_anchor
from ui.model.words import variant_label

__all__ = [
    "Event",
    "EventKind",
    "Preferences",
    "Session",
    "code_of_text",
    "describe_code",
    "format_clock",
]

EventKind = Literal["play", "undo", "new", "restart", "load", "refused"]


def describe_code(settings: engine.DealCode) -> str:
    """A deal's options in words: ``"Klondike, draw 3, Vegas scoring"``.

    >>> describe_code(engine.parse_code("SD1-S2-AAAAAAB")), describe_code(engine.parse_code("FC1-F4-7"))
    ('Spiderette, 2 suits', 'FreeCell, 4 free cells')
    """
    return variant_label(engine.option_set_of(settings).key)


def code_of_text(text: str, chosen: engine.DealCode) -> str:
    """What the New game dialog reads from its code field: a deal code, or a bare
    number, which is a deal of a game that numbers its deals (FreeCell's, as its players
    know them): of the game chosen if it numbers them, with its options, else of the
    first game that does, with its first options. The result is parsed as any code.

    >>> freecell, klondike = engine.parse_code("FC1-F2-1"), engine.parse_code("KL1-D1N-AAAAAAG")
    >>> code_of_text(" 11982 ", freecell), code_of_text("617", klondike)
    ('FC1-F2-11982', 'FC1-F4-617')
    >>> code_of_text("kl1-d1n-aaaaaag", engine.parse_code("FC1-F2-1"))
    'kl1-d1n-aaaaaag'
    """
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        return text
    number = text.lstrip("0") or "0"
    numbered = [chosen.game] + [game for game in engine.VARIANTS if game != chosen.game]
    for game in numbered:
        if _numbers_deals(game):
            settings = chosen if game == chosen.game else engine.option_sets_of(engine.variant_of(game))[0].settings
            return f"{engine.option_set_of(settings).prefix}-{number}"
    return text


def _numbers_deals(game: str) -> bool:
    """Whether a game's deal codes end in a deal number (FreeCell's) rather than letters."""
    return bool(engine.game_class(game).format_seed(1) == "1")


@dataclass(slots=True)
class Preferences:
    """What a new game is dealt with, and the gesture settings."""

    game: GameId = field(default_factory=lambda: next(iter(engine.VARIANTS)))
    """The game of a new deal (the registry's first at first)."""
    options: dict[GameId, str] = field(default_factory=dict)
    """The options last chosen for each game, as its deal codes write them
    (``{"KL": "D3V", "FC": "F4"}``); a game missing has its first option set."""
    double_click: bool = True
    """Spider family: a double click moves a group to its best place."""
    auto_drop: bool = False
    """Spider family: a released card or group goes to its best place."""
    one_tap: bool = False
    """Games with foundations: a single tap on a card that cannot go home plays what a
    double tap would (off by default: one tap sends home, a double tap finds a place)."""
    whole_hints: bool = False
    """Hint shows the whole move at the first press (off by default: a first press shows
    the pile to look at, a second the cards, a third the whole move)."""
    four_color: bool = False
    """Four-colour deck: clubs green and diamonds blue, so every suit has its own colour."""
    large_cards: bool = False
    """Larger cards and corner indices, for players who need them."""
    winnable_only: bool = True
    """New games are deals the solver has proven winnable (on by default: a new player's
    games can all be won; a player who turned it off keeps it off, with the settings)."""
    winnable_order: str = ""
    """Where each variant's shuffled order of proven deals is (``ui.model.deal_order``)."""
    card_back: str = "blue"
    """The design on the backs of the cards (one of ``ui.themes.BACKS``)."""
    table: str = "green"
    """The table's colour (one of ``ui.themes.TABLES``)."""
    sound: bool = True
    """Card sounds (the toolbar's mute button turns them off)."""
    volume: int = 40
    """The sounds' volume, 0 to 100 (Settings); a modest level at first."""
    auto_finish: bool = False
    """Finish automatically: once a game can finish by itself, its last moves play
    without the Finish button (off by default: the game never plays by itself)."""
    safe_moves: bool = True
    """Games with automatic moves (FreeCell): a card no other card can need goes to its
    foundation by itself after each move, as an ordinary, undoable move (on by default)."""

    def option_set(self) -> engine.OptionSet:
        """The option set a new game is dealt with (the game's first when the
        preferences name none of its)."""
        sets = engine.option_sets_of(engine.variant_of(self.game))
        chosen = self.options.get(self.game)
        return next((option_set for option_set in sets if option_set.options == chosen), sets[0])

    def random_code(self) -> str:
        settings = self.option_set().settings
        options = {"draw": settings.draw, "scoring": settings.scoring, "suits": settings.suits, **dict(settings.extra)}
        return engine.format_code(engine.game_class(settings.game).random_settings(random.Random(), **options))

    def deal_like(self, settings: engine.DealCode) -> None:
        """New games get the game and options of ``settings`` (the other games keep theirs)."""
        self.game = settings.game
        self.options = {**self.options, settings.game: settings.options}

    def follow(self, game: Game) -> None:
        """Take the options of a game that was opened (so "New game" deals alike)."""
        self.deal_like(game.settings)


@dataclass(frozen=True, slots=True)
class Event:
    """What one dispatched action did.

    ``kind`` is ``"play"``, ``"undo"``, ``"new"``, ``"restart"``, ``"load"`` or
    ``"refused"`` (then ``message`` holds the rule in the player's language and
    ``rule`` the id of the rules section that explains it). ``action`` is the
    engine's record of the played or undone action; ``won`` is True when this
    action won the game.
    """

    kind: EventKind
    action: Action | None = None
    message: str = ""
    won: bool = False
    rule: str = ""


def format_clock(seconds: float) -> str:
    """Elapsed time as the header shows it.

    >>> format_clock(0), format_clock(83.9), format_clock(3725)
    ('0:00', '1:23', '1:02:05')
    """
    total = int(seconds)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


class Session:
    """Owns the game being played, the clock and the preferences."""

    def __init__(
        self,
        game: Game,
        preferences: Preferences | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game = game
        self.preferences = preferences or Preferences()
        self.preferences.follow(game)
        self._clock = clock
        self._listeners: list[Callable[[Event], None]] = []
        self._elapsed = 0.0
        self._started: float | None = None

    # ---------------------------------------------------------------- listeners

    def subscribe(self, listener: Callable[[Event], None]) -> None:
        """Call ``listener(event)`` after every dispatched action."""
        self._listeners.append(listener)

    # ------------------------------------------------------------------- clock

    @property
    def running(self) -> bool:
        return self._started is not None

    def elapsed(self) -> float:
        """Seconds of play: the clock starts with the first action and stops at a win."""
        if self._started is None:
            return self._elapsed
        return self._elapsed + max(0.0, self._clock() - self._started)

    def _start_clock(self) -> None:
        if self._started is None and not self.game.won:
            self._started = self._clock()

    def _stop_clock(self) -> None:
        self._elapsed = self.elapsed()
        self._started = None

    def set_elapsed(self, seconds: float) -> None:
        """Put the clock at ``seconds`` of play, stopped (a resumed game starts it with its next action)."""
        self._elapsed = max(0.0, float(seconds))
        self._started = None

    def _reset_clock(self) -> None:
        self._elapsed = 0.0
        self._started = None

    # ------------------------------------------------------------- actions

    def _tell(self, event: Event) -> Event:
        for listener in list(self._listeners):
            listener(event)
        return event

    def play(self, move: Move | str) -> Event:
        """Play a move (a ``Move`` or its notation); a refusal is an event too.

        With ``safe_moves`` on, the game's automatic moves follow (FreeCell's safe
        cards going home), each dispatched as a move of its own: its own event,
        save and undo step.

        >>> session = Session(engine.new_game("FC1-F4-1"), clock=lambda: 0.0)
        >>> _ = session.play("t6>c1"); _ = session.play("t6>c2")  # the 3, then the 2 of clubs to a cell
        >>> [str(m) for m in session.game.played]  # the Ace of clubs, the Ace of spades under it, the 2
        ['t6>c1', 't6>c2', 't6>f', 't6>f', 'c2>f']
        """
        event = self._tell(self._play(move))
        if event.kind == "play" and not event.won and self.preferences.safe_moves:
            automatic = self.game.safe_move()
            if automatic is not None:
                self.play(automatic)
        return event

    def undo(self) -> Event:
        return self._tell(self._undo())

    def new_game(self, code: str | None = None) -> Event:
        """Deal ``code``, or a random deal with the preferences; a bad code raises
        ``CodeError`` and changes nothing."""
        return self._tell(self._new(code))

    def restart(self) -> Event:
        """The same deal again, from the start."""
        self.game = engine.new_game(self.game.code)
        self._reset_clock()
        return self._tell(Event("restart"))

    def load(self, game: Game) -> Event:
        """Play ``game`` (a saved game, a link's), at the point it is."""
        self.game = game
        self.preferences.follow(game)
        self._reset_clock()
        return self._tell(Event("load"))

    def _play(self, move: Move | str) -> Event:
        if self.game.won:
            return Event("refused", message=_("This game is won: start a new one."))
        try:
            action = self.game.play(move)
        except IllegalMove as error:
            return self._refused(error)
        self._start_clock()
        won = self.game.won
        if won:
            self._stop_clock()
        return Event("play", action, won=won)

    def _refused(self, error: IllegalMove) -> Event:
        game = self.game.settings.game
        return Event("refused", message=refusal_text(game, error), rule=rule_anchor(game, error.reason))

    def _undo(self) -> Event:
        was_won = self.game.won
        try:
            action = self.game.undo()
        except IllegalMove as error:
            return self._refused(error)
        if was_won:
            self._start_clock()
        return Event("undo", action)

    def _new(self, code: str | None) -> Event:
        text = code or self.preferences.random_code()
        game = engine.new_game(text)  # a bad code raises CodeError for the caller
        self.game = game
        self.preferences.follow(game)
        self._reset_clock()
        return Event("new")
