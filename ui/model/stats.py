"""Statistics per variant: the figures of one variant and how stored figures are read.

A game counts as played from its first move; when it is won its result is
recorded, and when another game replaces it unfinished it counts as lost.
Pure Python, working on the plain dict that the storage keeps as JSON. The
statistics' jobs are split: this module holds the figures (``VariantStats``)
and reads them back checked one by one (``Problem``); ``stats_record`` counts
a game's life (started, won, lost, left, back); ``stats_import`` checks a whole
store or an exported file; ``stats_transfer`` imports one (asked first, written
whole or not at all, restorable); ``stats_chart`` makes the dialog's rows and chart
data (drawn by ``ui.dom.stats_chart``).

>>> from ui.model.stats_record import finish_game, start_game
>>> variants: dict = {}
>>> start_game(variants, "KL-D1N")
>>> finish_game(variants, "KL-D1N", won=True, score=700, seconds=312.5, moves=140)
>>> s = VariantStats.from_dict(variants["KL-D1N"])
>>> s.played, s.won, s.win_rate, s.best_streak, s.best_score, s.fastest_win
(1, 1, 1.0, 1, 700, 312.5)
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from engine import OPTION_SETS, CodeError, DealCode, option_set, option_set_of
from engine.game import game_class
from ui.model.i18n import N_, _
from ui.model.words import in_dollars, variant_label

__all__ = [
    "MAX_ID_CHARS",
    "MAX_STATS_CHARS",
    "MAX_STATS_DEPTH",
    "RECENT",
    "VARIANT_KEYS",
    "Problem",
    "ProblemReason",
    "VariantStats",
    "is_scored",
    "is_vegas",
    "problem_text",
    "variant_key",
]

RECENT = 20
"""How many recent results a variant remembers (for the chart)."""


def variant_key(settings: DealCode) -> str:
    """The statistics key of a deal's variant.

    >>> from engine import parse_code
    >>> variant_key(parse_code("KL1-D3V-AAAAAAB")), variant_key(parse_code("SP1-S2-AAAAAAB"))
    ('KL-D3V', 'SP-S2')
    """
    return option_set_of(settings).key


def is_vegas(key: str) -> bool:
    """True when the option set ``key`` scores in dollars (its bankroll is kept)."""
    try:
        settings = option_set(key).settings
    except KeyError:
        return False
    return in_dollars(settings)


def is_scored(key: str) -> bool:
    """True when the option set ``key``'s game keeps a score (FreeCell keeps none).

    >>> is_scored("KL-D1N"), is_scored("FC-F4")
    (True, False)
    """
    try:
        return game_class(option_set(key).settings.game).has_score
    except (KeyError, CodeError):
        return True


MAX_COUNT = 10**9
"""A bound on every count (games, moves, streaks): far above any real figure, far
below where arithmetic or formatting could fail."""
MAX_SCORE = 10**9
MAX_SECONDS = 10.0**9
VARIANT_KEYS = tuple(o.key for o in OPTION_SETS)
"""Every variant that has statistics."""
MAX_ID_CHARS = 24
"""A game's id: letters and digits (see ``new_game_id``)."""
MAX_STATS_CHARS = 200_000
"""The statistics of every variant take about 3,000 characters."""
MAX_STATS_DEPTH = 5
"""file or save, variants, one variant, recent results, one result"""

_COUNTS = (
    ("played", 0, MAX_COUNT),
    ("won", 0, MAX_COUNT),
    ("current_streak", 0, MAX_COUNT),
    ("best_streak", 0, MAX_COUNT),
    ("won_helped", 0, MAX_COUNT),
    ("streak_alone", 0, MAX_COUNT),
    ("best_streak_alone", 0, MAX_COUNT),
    ("win_moves_total", 0, MAX_COUNT * 1000),
    ("bankroll", -MAX_SCORE * 1000, MAX_SCORE * 1000),
    ("fewest_moves", 0, MAX_COUNT * 1000),
    ("best_figure", 0, MAX_COUNT * 1000),
)


_WIN_FIGURES = (
    "won",
    "current_streak",
    "best_streak",
    "won_helped",
    "streak_alone",
    "best_streak_alone",
    "win_moves_total",
    "best_score",
    "fastest_win",
    "fewest_moves",
)
"""The figures counted over the games won: set aside together when the wins cannot be believed."""


def _whole(value: object) -> bool:
    return type(value) is int


def _game_id(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_ID_CHARS and value.isascii() and value.isalnum()


def _left_item(value: object) -> bool:
    """``[id, score, streak]``, or ``[id, score, streak, streak without help]``
    (items written before the streak without help have three)."""
    return (
        isinstance(value, list)
        and len(value) in (3, 4)
        and _game_id(value[0])
        and _whole(value[1])
        and -MAX_SCORE <= value[1] <= MAX_SCORE
        and all(_whole(count) and 0 <= count <= MAX_COUNT for count in value[2:])
    )


def _number(value: object) -> bool:
    return (type(value) is int or type(value) is float) and math.isfinite(value)


ProblemReason = Literal[
    "not_figures",
    "count_range",
    "best_score",
    "fastest_win",
    "recent_not_list",
    "recent_result",
    "started_games",
    "finished_games",
    "left_games",
    "won_over_played",
    "not_variants",
    "unknown_variant",
    "daily_results",
]

_FIGURE_NAMES = {
    "played": N_("the number of games played"),
    "won": N_("the number of games won"),
    "current_streak": N_("the current streak"),
    "best_streak": N_("the best streak"),
    # TRANSLATORS: help is a hint, or an undo to the last position that can be won.
    "won_helped": N_("the number of games won with help"),
    "streak_alone": N_("the current streak without help"),
    "best_streak_alone": N_("the best streak without help"),
    "win_moves_total": N_("the moves of the games won"),
    "bankroll": N_("the bankroll"),
    "fewest_moves": N_("the fewest moves of a win"),
    # TRANSLATORS: a figure some games keep of their own, such as TriPeaks' longest run.
    "best_figure": N_("the game's own record"),
}
"""Each counted figure, as a problem with it names it."""

_PROBLEMS: dict[ProblemReason, str] = {
    "not_figures": N_("its figures are not a set of figures"),
    "best_score": N_("the best score is out of range"),
    "fastest_win": N_("the fastest win is not a time"),
    "recent_not_list": N_("the recent results are not a list"),
    "recent_result": N_("a recent result is not a result"),
    "started_games": N_("the list of games started is damaged"),
    "finished_games": N_("the list of games finished is damaged"),
    "left_games": N_("the list of games left unfinished is damaged"),
    "won_over_played": N_("more games won than played"),
    "daily_results": N_("some daily deal results are damaged"),
}
"""The problems with one variant's figures that need no values, in words."""


@dataclass(frozen=True)
class Problem:
    """What is wrong with stored or imported statistics: a machine-readable reason,
    the variant it is in (a statistics key, or ``""``) and the values its words speak
    of. ``str()`` is stable English; ``problem_text`` words it in the player's language.

    >>> p = Problem("count_range", "KL-D1N", ("played", 0, 10))
    >>> str(p)
    'KL-D1N: played is not a whole number from 0 to 10'
    >>> problem_text(p)
    'Klondike, draw 1, Normal scoring: the number of games played is not a whole number from 0 to 10'
    """

    reason: ProblemReason
    variant: str = ""
    values: tuple[object, ...] = ()

    def __str__(self) -> str:
        english = {
            "not_figures": "not a set of figures",
            "best_score": "best score is out of range",
            "fastest_win": "fastest win is not a time",
            "recent_not_list": "recent results are not a list",
            "recent_result": "a recent result is not a result",
            "started_games": "the started games are not a list of games",
            "finished_games": "the finished games are not a list of games",
            "left_games": "the games left are not a list of games",
            "won_over_played": "more games won than played",
            "not_variants": "the statistics are not a set of variants",
            "daily_results": "some daily deal results are damaged",
        }
        if self.reason == "count_range":
            name, low, high = self.values
            what = f"{str(name).replace('_', ' ')} is not a whole number from {low} to {high}"
        elif self.reason == "unknown_variant":
            return f"{self.values[0]!r} is not a game variant"
        else:
            what = english[self.reason]
        return f"{self.variant}: {what}" if self.variant else what


def problem_text(problem: Problem) -> str:
    """A problem with statistics in the player's language."""
    if problem.reason == "unknown_variant":
        return _("“{name}” is not a game variant").format(name=problem.values[0])
    if problem.reason == "not_variants":
        return _("the statistics are not a set of variants")
    if problem.reason == "count_range":
        name, low, high = problem.values
        figure = _(_FIGURE_NAMES[str(name)]) if name in _FIGURE_NAMES else str(name)
        what = _("{figure} is not a whole number from {low} to {high}").format(figure=figure, low=low, high=high)
    else:
        what = _(_PROBLEMS[problem.reason])
    if not problem.variant:
        return what
    return _("{variant}: {problem}").format(variant=variant_label(problem.variant), problem=what)


@dataclass
class VariantStats:
    """The figures of one variant's games, as the Stats dialog shows them and storage keeps them."""

    played: int = 0
    won: int = 0
    current_streak: int = 0
    """Wins in a row, with help or without."""
    best_streak: int = 0
    best_score: int | None = None
    fastest_win: float | None = None
    win_moves_total: int = 0
    bankroll: int = 0
    fewest_moves: int = 0
    """The fewest moves of a win (0 before the first win)."""
    best_figure: int = 0
    """The best of a figure the game keeps of its own (TriPeaks' longest run; 0: none yet)."""
    won_helped: int = 0
    """The games won with help (a hint, an undo to the last winnable position): at most ``won``."""
    streak_alone: int = 0
    """Wins in a row without help: a win with help ends it (and continues ``current_streak``)."""
    best_streak_alone: int = 0
    """The best streak of wins without help."""
    recent: list[list[int]] = field(default_factory=list)
    """The last results, oldest first: ``[1 if won else 0, score]``."""
    started: list[str] = field(default_factory=list)
    """Ids of the last games counted as played, so that none is counted twice."""
    finished: list[str] = field(default_factory=list)
    """Ids of the last games whose result was recorded, so that none is recorded twice
    (a save that failed after a win, then the same win again from the older save)."""
    left: list[list[Any]] = field(default_factory=list)
    """The last games counted lost when the player left them: ``[id, score, streak,
    streak without help]``, the streaks being the ones the loss broke, so that the loss
    can be taken back when the game comes back to the table (Back, or Undo of New
    game). Items written before the streak without help have three elements."""

    @property
    def won_alone(self) -> int:
        """The games won without help."""
        return self.won - self.won_helped

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def average_win_moves(self) -> float | None:
        """The moves of a win on average; None with no win, or when the moves of the
        wins are not all known (every win takes a move at least: a total short of
        the wins comes from figures set by hand)."""
        if not self.won or self.win_moves_total < self.won:
            return None
        return self.win_moves_total / self.won

    @classmethod
    def from_dict(cls, data: object) -> VariantStats:
        """Read stored figures, keeping every well-formed one and dropping the rest."""
        return cls.read(data)[0]

    @classmethod
    def read(cls, data: object, variant: str = "") -> tuple[VariantStats, list[Problem]]:
        """Stored figures checked one by one: the well-formed ones, and what was wrong
        with the others. A missing figure keeps its default and is not a problem
        (older saves lack newer figures); a present one must be a number of its kind
        in its range, since one absurd value (``1e999``, 400 digits) would break every
        display of the statistics. ``variant``: the key the problems are said of.

        Figures from before wins with help were told apart have no ``won_helped``
        (0: each earlier win is taken as it was recorded, without help) and their
        streaks without help are their streaks. A figure that says more than the
        one it is part of (wins with help over wins, a streak without help over
        the streak) is brought down to it.

        >>> old = VariantStats.from_dict({"played": 5, "won": 4, "current_streak": 2, "best_streak": 3})
        >>> old.won_helped, old.streak_alone, old.best_streak_alone
        (0, 2, 3)
        """
        stats = cls()
        if not isinstance(data, dict):
            return stats, [Problem("not_figures", variant)]
        problems: list[Problem] = []
        for name, low, high in _COUNTS:
            if name not in data:
                continue
            value = data[name]
            if _whole(value) and low <= value <= high:
                setattr(stats, name, value)
            else:
                problems.append(Problem("count_range", variant, (name, low, high)))
        if "streak_alone" not in data:
            stats.streak_alone = stats.current_streak
        if "best_streak_alone" not in data:
            stats.best_streak_alone = stats.best_streak
        stats.won_helped = min(stats.won_helped, stats.won)
        stats.streak_alone = min(stats.streak_alone, stats.current_streak)
        stats.best_streak_alone = min(max(stats.best_streak_alone, stats.streak_alone), stats.best_streak)
        best = data.get("best_score")
        if best is not None:
            if _whole(best) and -MAX_SCORE <= best <= MAX_SCORE:
                stats.best_score = best
            else:
                problems.append(Problem("best_score", variant))
        fastest = data.get("fastest_win")
        if fastest is not None:
            if _number(fastest) and 0 <= fastest <= MAX_SECONDS:
                stats.fastest_win = float(fastest)
            else:
                problems.append(Problem("fastest_win", variant))
        recent = data.get("recent", [])
        if not isinstance(recent, list):
            problems.append(Problem("recent_not_list", variant))
            recent = []
        for item in recent[-RECENT:]:
            if (
                isinstance(item, list)
                and len(item) == 2
                and item[0] in (0, 1)
                and _whole(item[0])
                and _whole(item[1])
                and -MAX_SCORE <= item[1] <= MAX_SCORE
            ):
                stats.recent.append([item[0], item[1]])
            else:
                problems.append(Problem("recent_result", variant))
                break
        for name in ("started", "finished"):
            ids = data.get(name, [])
            if isinstance(ids, list) and len(ids) <= RECENT and all(_game_id(item) for item in ids):
                setattr(stats, name, list(ids))
            else:
                problems.append(Problem("started_games" if name == "started" else "finished_games", variant))
        left = data.get("left", [])
        if isinstance(left, list) and len(left) <= RECENT and all(_left_item(item) for item in left):
            stats.left = [list(item) for item in left]
        else:
            problems.append(Problem("left_games", variant))
        if stats.won > stats.played:
            # Which of the two counts is wrong is unknown, but the wins cannot be
            # believed: every figure counted over them goes, not only ``won``
            # (wins kept with no moves would average 0 moves a win).
            problems.append(Problem("won_over_played", variant))
            fresh = cls()
            for name in _WIN_FIGURES:
                setattr(stats, name, getattr(fresh, name))
        return stats, problems

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
