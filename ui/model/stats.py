"""Statistics per variant: games played and won, streaks, bests, Vegas bankroll.

A game counts as played from its first move; when it is won its result is
recorded, and when another game replaces it unfinished it counts as lost.
Pure Python, working on the plain dict that the storage keeps as JSON.

>>> variants: dict = {}
>>> start_game(variants, "KL-D1N")
>>> finish_game(variants, "KL-D1N", won=True, score=700, seconds=312.5, moves=140)
>>> s = VariantStats.from_dict(variants["KL-D1N"])
>>> s.played, s.won, s.win_rate, s.best_streak, s.best_score, s.fastest_win
(1, 1, 1.0, 1, 700, 312.5)
"""

from __future__ import annotations

import math
import os
from dataclasses import asdict, dataclass, field
from html import escape
from typing import Any, Literal

from engine import OPTION_SETS, DealCode, format_vegas, option_set, option_set_of, safejson
from ui.model.i18n import N_, _, ngettext
from ui.model.session import format_clock
from ui.model.words import in_dollars, variant_label

__all__ = [
    "BANKROLL_NOTE",
    "EXPORT_KIND",
    "MAX_STATS_CHARS",
    "MAX_STATS_DEPTH",
    "RECENT",
    "VARIANT_KEYS",
    "ImportReason",
    "ImportRefused",
    "Problem",
    "ProblemReason",
    "VariantStats",
    "chart_svg",
    "come_back",
    "figures",
    "finish_game",
    "import_refusal_text",
    "leave_game",
    "merge_import",
    "new_game_id",
    "problem_text",
    "read_import",
    "read_variants",
    "running_bankroll",
    "start_game",
    "variant_key",
    "variant_label",
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
EXPORT_KIND = "solitaire-statistics"
EXPORT_VERSION = 1

_COUNTS = (
    ("played", 0, MAX_COUNT),
    ("won", 0, MAX_COUNT),
    ("current_streak", 0, MAX_COUNT),
    ("best_streak", 0, MAX_COUNT),
    ("win_moves_total", 0, MAX_COUNT * 1000),
    ("bankroll", -MAX_SCORE * 1000, MAX_SCORE * 1000),
)


_WIN_FIGURES = ("won", "current_streak", "best_streak", "win_moves_total", "best_score", "fastest_win")
"""The figures counted over the games won: set aside together when the wins cannot be believed."""


def _whole(value: object) -> bool:
    return type(value) is int


def _game_id(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_ID_CHARS and value.isascii() and value.isalnum()


def _left_item(value: object) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 3
        and _game_id(value[0])
        and _whole(value[1])
        and -MAX_SCORE <= value[1] <= MAX_SCORE
        and _whole(value[2])
        and 0 <= value[2] <= MAX_COUNT
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
]

_FIGURE_NAMES = {
    "played": N_("the number of games played"),
    "won": N_("the number of games won"),
    "current_streak": N_("the current streak"),
    "best_streak": N_("the best streak"),
    "win_moves_total": N_("the moves of the games won"),
    "bankroll": N_("the bankroll"),
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


ImportReason = Literal["not_export", "newer", "empty", "damaged", "too_large"]


class ImportRefused(ValueError):
    """A statistics file that is not imported: ``reason`` says why, ``problems`` (for a
    damaged file) what is wrong in it; ``str()`` is stable English."""

    def __init__(self, reason: ImportReason, problems: tuple[Problem, ...] = (), detail: str = "") -> None:
        self.reason: ImportReason = reason
        self.problems = problems
        english = {
            "not_export": "This file is not a solitaire statistics export.",
            "newer": "This file comes from a newer version of the game.",
            "empty": "This statistics file has no statistics in it.",
            "too_large": "This file is far too large to be a statistics export.",
        }
        if reason != "damaged":
            text = english[reason] + (f" {detail}" if detail else "")
        elif len(problems) > 1:
            more = len(problems) - 1
            text = f"This statistics file is damaged: {problems[0]} (and {more} more problem{'s' if more > 1 else ''})."
        else:
            text = f"This statistics file is damaged: {problems[0]}."
        super().__init__(text)


def import_refusal_text(error: ImportRefused) -> str:
    """Why a statistics file was not imported, in the player's language.

    >>> from ui.model.i18n import use_language
    >>> try:
    ...     read_import('{"kind": "solitaire-statistics", "variants": {"KL-D1N": {"played": 3, "won": 9}}}')
    ... except ImportRefused as error:
    ...     _ = use_language("th")
    ...     print(import_refusal_text(error))
    ...     _ = use_language("en")
    ...     print(import_refusal_text(error))
    ไฟล์สถิตินี้เสียหาย: คลอนไดก์ จั่ว 1 ใบ คิดคะแนนแบบปกติ: ชนะมากกว่าจำนวนเกมที่เล่น
    This statistics file is damaged: Klondike, draw 1, Normal scoring: more games won than played.
    """
    plain = {
        "not_export": N_("This file is not a solitaire statistics export."),
        "newer": N_("This file comes from a newer version of the game."),
        "empty": N_("This statistics file has no statistics in it."),
        "too_large": N_("This file is far too large to be a statistics export."),
    }
    if error.reason != "damaged":
        return _(plain[error.reason])
    problems = error.problems
    if len(problems) > 1:
        more = len(problems) - 1
        return ngettext(
            "This statistics file is damaged: {problem} (and {count} more problem).",
            "This statistics file is damaged: {problem} (and {count} more problems).",
            more,
        ).format(problem=problem_text(problems[0]), count=more)
    return _("This statistics file is damaged: {problem}.").format(problem=problem_text(problems[0]))


@dataclass
class VariantStats:
    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_score: int | None = None
    fastest_win: float | None = None
    win_moves_total: int = 0
    bankroll: int = 0
    recent: list[list[int]] = field(default_factory=list)
    """The last results, oldest first: ``[1 if won else 0, score]``."""
    started: list[str] = field(default_factory=list)
    """Ids of the last games counted as played, so that none is counted twice."""
    finished: list[str] = field(default_factory=list)
    """Ids of the last games whose result was recorded, so that none is recorded twice
    (a save that failed after a win, then the same win again from the older save)."""
    left: list[list[Any]] = field(default_factory=list)
    """The last games counted lost when the player left them: ``[id, score, streak]``,
    the streak being the one the loss broke, so that the loss can be taken back
    when the game comes back to the table (Back, or Undo of New game)."""

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
        display of the statistics. ``variant``: the key the problems are said of."""
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


def new_game_id() -> str:
    """A fresh id for a game: what makes counting it idempotent.

    >>> len(new_game_id()), new_game_id() != new_game_id()
    (16, True)
    """
    return os.urandom(8).hex()  # not secrets: it pulls in hashlib, which the browser's Python lacks in part


def running_bankroll(stats: VariantStats, game: str, score: int) -> int:
    """The bankroll with the game on the table in it: a game counts from its first
    move (as it counts as played), at the amount it stands at now, until its result
    is recorded (a win, or a loss when it is left), which then holds that amount.

    >>> stats = VariantStats(played=1, bankroll=0, started=["g1"])
    >>> running_bankroll(stats, "g1", -52), running_bankroll(stats, "g2", -52)
    (-52, 0)
    >>> running_bankroll(VariantStats(played=1, bankroll=-37, started=["g1"], finished=["g1"]), "g1", -37)
    -37
    """
    if game and game in stats.started and game not in stats.finished:
        return stats.bankroll + score
    return stats.bankroll


BANKROLL_NOTE = N_(
    "The bankroll adds up the dollars of every Vegas game of this kind, from each game's first move; "
    "the game on the table counts at what it stands at now."
)
"""Said under the figures of a Vegas variant: what the bankroll counts."""


def start_game(variants: dict[str, Any], key: str, game: str | None = None) -> None:
    """A game of this variant had its first move: it now counts as played (once per
    game id: counting the same game again changes nothing)."""
    stats = VariantStats.from_dict(variants.get(key))
    if game is not None:
        if game in stats.started:
            return
        stats.started = [*stats.started, game][-RECENT:]
    stats.played += 1
    variants[key] = stats.to_dict()


def finish_game(
    variants: dict[str, Any],
    key: str,
    *,
    won: bool,
    score: int,
    seconds: float,
    moves: int,
    game: str | None = None,
    bests: bool = True,
) -> None:
    """Record the result of a game that counted as played (once per game id).

    ``bests=False``: a win of a game opened from a record at a later move,
    which must not set the best score or the fastest win.
    """
    stats = VariantStats.from_dict(variants.get(key))
    if game is not None:
        if game in stats.finished:
            return
        stats.finished = [*stats.finished, game][-RECENT:]
    if won:
        stats.won = min(stats.played, stats.won + 1)
        stats.current_streak += 1
        stats.best_streak = max(stats.best_streak, stats.current_streak)
        if bests:
            stats.best_score = score if stats.best_score is None else max(stats.best_score, score)
            stats.fastest_win = seconds if stats.fastest_win is None else min(stats.fastest_win, seconds)
        stats.win_moves_total += moves
    else:
        stats.current_streak = 0
    if is_vegas(key):
        stats.bankroll += score
    stats.recent = [*stats.recent, [int(won), score]][-RECENT:]
    variants[key] = stats.to_dict()


def leave_game(variants: dict[str, Any], key: str, game: str, *, score: int, seconds: float, moves: int) -> bool:
    """The player left an unfinished game that counted as played: it is a loss
    (once per game id), and what the loss changed is kept under the game's id
    (``left``), so that ``come_back`` can take it back. True when recorded.

    >>> variants: dict = {}
    >>> start_game(variants, "KL-D1N", "g1")
    >>> leave_game(variants, "KL-D1N", "g1", score=40, seconds=9.0, moves=12)
    True
    >>> come_back(variants, "KL-D1N", "g1"), come_back(variants, "KL-D1N", "g1")
    (True, False)
    >>> s = VariantStats.from_dict(variants["KL-D1N"])
    >>> s.played, s.recent, s.finished, s.left
    (1, [], [], [])
    """
    stats = VariantStats.from_dict(variants.get(key))
    if game in stats.finished:
        return False
    streak = stats.current_streak
    finish_game(variants, key, won=False, score=score, seconds=seconds, moves=moves, game=game)
    stats = VariantStats.from_dict(variants[key])
    stats.left = [*(item for item in stats.left if item[0] != game), [game, score, streak]][-RECENT:]
    variants[key] = stats.to_dict()
    return True


def come_back(variants: dict[str, Any], key: str, game: str) -> bool:
    """A game counted lost when it was left is on the table again: take the loss
    back. Its recent result and bankroll share go, the streak it broke continues
    unless another loss came since, and its result can be recorded again. True
    when there was a loss to take back."""
    stats = VariantStats.from_dict(variants.get(key))
    found = next((item for item in stats.left if item[0] == game), None)
    if found is None:
        return False
    _id, score, streak = found
    stats.left = [item for item in stats.left if item[0] != game]
    stats.finished = [item for item in stats.finished if item != game]
    lost = [0, score]
    at = next((i for i in range(len(stats.recent) - 1, -1, -1) if stats.recent[i] == lost), None)
    later_loss = at is None or any(not won for won, _score in stats.recent[at + 1 :])
    if at is not None:
        del stats.recent[at]
    if is_vegas(key):
        stats.bankroll -= score
    if not later_loss:
        stats.current_streak += streak
        stats.best_streak = max(stats.best_streak, stats.current_streak)
    variants[key] = stats.to_dict()
    return True


def read_variants(variants: object) -> tuple[dict[str, Any], list[Problem]]:
    """Stored statistics of every variant, checked: the figures that can be kept,
    and what was wrong (unknown variants are dropped as a problem)."""
    if not isinstance(variants, dict):
        return {}, [Problem("not_variants")]
    kept: dict[str, Any] = {}
    problems: list[Problem] = []
    for key, value in variants.items():
        if key not in VARIANT_KEYS:
            problems.append(Problem("unknown_variant", values=(str(key)[:20],)))
            continue
        stats, wrong = VariantStats.read(value, key)
        kept[key] = stats.to_dict()
        problems += wrong
    return kept, problems


def merge_import(data: object) -> dict[str, Any]:
    """Statistics read from an exported file, checked as a whole; raises
    ``ImportRefused`` (with the first thing wrong) unless every figure in it is usable."""
    if not isinstance(data, dict) or data.get("kind") != EXPORT_KIND:
        raise ImportRefused("not_export")
    version = data.get("version", EXPORT_VERSION)
    if not _whole(version) or version > EXPORT_VERSION:
        raise ImportRefused("newer")
    variants = data.get("variants")
    if not isinstance(variants, dict):
        raise ImportRefused("empty")
    kept, problems = read_variants(variants)
    if problems:
        raise ImportRefused("damaged", tuple(problems))
    return kept


def read_import(text: str) -> dict[str, Any]:
    """The statistics of an exported file's text; raises ``ImportRefused`` (a
    ValueError), before anything is changed, when the file is not a complete, sound export."""
    try:
        data = safejson.loads(text, max_chars=MAX_STATS_CHARS, max_depth=MAX_STATS_DEPTH, lenient=True)
    except safejson.JSONLimitError as error:
        if len(text) > MAX_STATS_CHARS:
            raise ImportRefused("too_large") from None
        raise ImportRefused("not_export", detail=str(error)) from None
    return merge_import(data)


def figures(key: str, stats: VariantStats, bankroll: int | None = None) -> list[tuple[str, str]]:
    """The rows of the Statistics dialog's table, as words (``bankroll``: the running
    one, the open game's in it). A Vegas variant's figures are dollars, and say so.

    >>> figures("KL-D1V", VariantStats(played=1, won=1, best_score=208))[5]
    ('Best amount', '+$208')
    >>> figures("KL-D1N", VariantStats(played=1, won=1, best_score=700))[5]
    ('Best score', '700')
    """
    money = is_vegas(key)

    def score(value: int | None) -> str:
        if value is None:
            return "–"
        return format_vegas(value) if money else str(value)

    average = stats.average_win_moves
    rows = [
        (_("Games played"), str(stats.played)),
        (_("Games won"), str(stats.won)),
        (_("Win rate"), f"{stats.win_rate:.0%}" if stats.played else "–"),
        (_("Current streak"), str(stats.current_streak)),
        (_("Best streak"), str(stats.best_streak)),
        # TRANSLATORS: Vegas: the highest amount of one game, in dollars ("+$208"), never points.
        (_("Best amount") if money else _("Best score"), score(stats.best_score)),
        (_("Fastest win"), format_clock(stats.fastest_win) if stats.fastest_win is not None else "–"),
        (_("Average moves of a win"), f"{average:.0f}" if average is not None else "–"),
    ]
    if money:
        rows.append((_("Bankroll"), format_vegas(stats.bankroll if bankroll is None else bankroll)))
    return rows


def chart_svg(recent: list[list[int]], width: int = 240, height: int = 64, money: bool = False) -> str:
    """A small bar chart of recent results: tall green bars for wins, short red ones for
    losses, each titled with its score (``money``: a Vegas amount, in dollars).

    >>> "<svg" in chart_svg([[1, 700], [0, 120]])
    True
    >>> "<title>Won, +$208</title>" in chart_svg([[1, 208]], money=True)
    True
    """
    count = max(len(recent), 1)
    gap = 2
    bar = max(2.0, (width - gap * (RECENT - 1)) / RECENT)
    wins = sum(1 for won, _score in recent if won)
    label = ngettext("Last {n} game: {won} won, {lost} lost", "Last {n} games: {won} won, {lost} lost", len(recent))
    label = label.format(n=len(recent), won=wins, lost=len(recent) - wins)
    parts = [
        f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}"'
        f' role="img" aria-label="{escape(label)}" class="stats-chart">',
        f"<title>{escape(label)}</title>",
        f'<line x1="0" y1="{height - 0.5}" x2="{width}" y2="{height - 0.5}"'
        ' stroke="currentColor" stroke-opacity="0.4"/>',
    ]
    for index, (won, score) in enumerate(recent[-count:]):
        bar_height = height - 4 if won else height * 0.3
        x = index * (bar + gap)
        colour = "#2e7d32" if won else "#c62828"
        if money:
            # TRANSLATORS: a Vegas game's result in the chart: {amount} is dollars ("+$208"), never points.
            result = (_("Won, {amount}") if won else _("Lost, {amount}")).format(amount=format_vegas(score))
        else:
            result = (_("Won, score {score}") if won else _("Lost, score {score}")).format(score=score)
        parts.append(
            f'<rect x="{x:.1f}" y="{height - bar_height:.1f}" width="{bar:.1f}" height="{bar_height:.1f}"'
            f' rx="1.5" fill="{colour}"><title>{escape(result)}</title></rect>'
        )
    parts.append("</svg>")
    return "".join(parts)
