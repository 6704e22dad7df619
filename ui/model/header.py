"""The header's figures and the page's state attributes, derived from the game.

``header_of`` is what the header shows (score, moves, deal code, game name,
time, whether Undo can do anything) and what ``<body>`` says of the game
(``data-game``, ``data-scored``, ``data-vegas``, ``data-won``); the page puts it
in the table state at every frame and ``ui.dom.header`` writes it, in the same
frame as the cards, so figures and table always agree.

>>> import engine
>>> h = header_of(engine.new_game("KL1-D3V-AAAAAAG"), 83.9, back_to_replaced=False)
>>> h.score, h.moves, h.code, h.game_name, h.time, h.undo_disabled
('-$52', '0', 'KL1-D3V-AAAAAAG', 'Klondike', '1:23', True)
>>> h.body["data-vegas"], h.body["data-won"]
('true', 'false')
>>> header_of(engine.new_game("KL1-D3V-AAAAAAG"), 0, back_to_replaced=True).undo_disabled
False
"""

from __future__ import annotations

from dataclasses import dataclass

import engine
from ui.model.games import page_of
from ui.model.session import format_clock
from ui.model.words import game_name, in_dollars

__all__ = ["Header", "header_of"]


def _flag(value: bool) -> str:
    return "true" if value else "false"


@dataclass(frozen=True, slots=True)
class Header:
    """What the header shows, as text, and the body's attributes of the game."""

    score: str
    moves: str
    code: str
    game_name: str
    time: str
    undo_disabled: bool
    game: str
    """The game's id (``data-game``: the style rules of its table)."""
    scored: bool
    vegas: bool
    won: bool
    figure: tuple[str, str] | None = None
    """A figure of the game's own after the moves (label, value: TriPeaks' run), or None."""

    @property
    def body(self) -> dict[str, str]:
        """The ``<body>`` attributes of the game on the table."""
        return {
            "data-game": self.game,
            "data-scored": _flag(self.scored),
            # Vegas scores in dollars: the header's and the win summary's label says "Amount"
            # (static/css/table.css).
            "data-vegas": _flag(self.vegas),
            "data-won": _flag(self.won),
        }


def header_of(game: engine.Game, elapsed: float, back_to_replaced: bool) -> Header:
    """The header of ``game`` after ``elapsed`` seconds of play; ``back_to_replaced``: Undo
    brings back the game this one replaced (it can, with nothing left to undo)."""
    settings = game.settings
    return Header(
        score=game.score_text,
        moves=str(game.moves),
        code=game.code,
        game_name=game_name(settings.game),
        time=format_clock(elapsed),
        undo_disabled=not (game.can_undo or back_to_replaced),
        game=settings.game,
        scored=game.has_score,
        vegas=in_dollars(settings),
        won=game.won,
        figure=page_of(settings.game).figure(game),
    )
