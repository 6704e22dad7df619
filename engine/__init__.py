"""The rules engine: pure Python, standard library only.

>>> import engine
>>> g = engine.new_game("KL1-D1N-AAAAAAG")
>>> g.game_name, g.code, g.score_text
('Klondike', 'KL1-D1N-AAAAAAG', '0')
>>> [str(m) for m in g.legal_moves()]
['s', 't1>f', 't7>f', 't5>t4']
>>> engine.replay("KL1-D1N-AAAAAAG t1>f s").score
10
"""

from typing import TYPE_CHECKING, Any

from engine.cards import SUITS, Card, parse_card
from engine.codes import (
    CodeError,
    DealCode,
    SplitMix64,
    deal,
    format_code,
    parse_code,
    random_code,
    shuffle,
)
from engine.daily import DAILY_GAMES, daily_day, daily_deals, last_day
from engine.game import (
    UNDO_LIMIT,
    Action,
    Game,
    SaveError,
    format_dollars,
    from_json,
    game_class,
    new_game,
    replay,
)
from engine.moves import STOCK_TAP, IllegalMove, Move, NotationError, parse_move
from engine.options import OPTION_SETS, OptionSet, option_set, option_set_of, option_sets_of
from engine.variants import VARIANTS, Variant, variant_of

if TYPE_CHECKING:
    from engine.solver import Progress, Solution, solve, turning_point

_SOLVER_NAMES = ("Progress", "Solution", "solve", "turning_point")


def __getattr__(name: str) -> Any:
    # The solver is imported when first asked for: a page that only plays never
    # compiles it (the browser compiles every module it imports, on every start).
    if name in _SOLVER_NAMES:
        from engine import solver

        return getattr(solver, name)
    # Each game's class by its name (``engine.Klondike``), found through the registry:
    # a new game is one entry there, not a line here too.
    for game in VARIANTS:
        rules = game_class(game)
        if rules.__name__ == name:
            return rules
    raise AttributeError(f"module 'engine' has no attribute {name!r}")


__all__ = [
    "DAILY_GAMES",
    "OPTION_SETS",
    "STOCK_TAP",
    "SUITS",
    "UNDO_LIMIT",
    "VARIANTS",
    "Action",
    "Card",
    "CodeError",
    "DealCode",
    "Game",
    "IllegalMove",
    "Move",
    "NotationError",
    "OptionSet",
    "Progress",
    "SaveError",
    "Solution",
    "SplitMix64",
    "Variant",
    "daily_day",
    "daily_deals",
    "deal",
    "format_code",
    "format_dollars",
    "from_json",
    "game_class",
    "last_day",
    "new_game",
    "option_set",
    "option_set_of",
    "option_sets_of",
    "parse_card",
    "parse_code",
    "parse_move",
    "random_code",
    "replay",
    "shuffle",
    "solve",
    "turning_point",
    "variant_of",
]
