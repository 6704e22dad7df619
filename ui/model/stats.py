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

from dataclasses import asdict, dataclass, field
from html import escape
from typing import Any

from engine import DealCode

__all__ = [
    "RECENT",
    "VariantStats",
    "chart_svg",
    "finish_game",
    "merge_import",
    "start_game",
    "unfinish_game",
    "variant_key",
    "variant_label",
]

RECENT = 20
"""How many recent results a variant remembers (for the chart)."""

_SCORING = {"N": "Normal", "V": "Vegas", "C": "Classic"}
_GAMES = {"KL": "Klondike", "SD": "Spiderette", "SP": "Spider"}


def variant_key(settings: DealCode) -> str:
    """The statistics key of a deal's variant.

    >>> from engine import parse_code
    >>> variant_key(parse_code("KL1-D3V-AAAAAAB")), variant_key(parse_code("SP1-S2-AAAAAAB"))
    ('KL-D3V', 'SP-S2')
    """
    if settings.game == "KL":
        return f"KL-D{settings.draw}{settings.scoring}"
    return f"{settings.game}-S{settings.suits}"


def variant_label(key: str) -> str:
    """Words for a variant key.

    >>> variant_label("KL-D3V"), variant_label("SD-S1")
    ('Klondike, draw 3, Vegas', 'Spiderette, 1 suit')
    """
    game, _, options = key.partition("-")
    name = _GAMES.get(game, game)
    if game == "KL" and len(options) == 3:
        return f"{name}, draw {options[1]}, {_SCORING.get(options[2], options[2])}"
    suits = options[1:]
    return f"{name}, {suits} suit{'s' if suits != '1' else ''}"


def is_vegas(key: str) -> bool:
    return key.startswith("KL-") and key.endswith("V")


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

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def average_win_moves(self) -> float | None:
        return self.win_moves_total / self.won if self.won else None

    @classmethod
    def from_dict(cls, data: object) -> VariantStats:
        """Read stored figures, keeping every well-formed one and dropping the rest."""
        stats = cls()
        if not isinstance(data, dict):
            return stats
        for name in ("played", "won", "current_streak", "best_streak", "win_moves_total", "bankroll"):
            value = data.get(name)
            if isinstance(value, int) and not isinstance(value, bool) and (value >= 0 or name == "bankroll"):
                setattr(stats, name, value)
        best = data.get("best_score")
        if isinstance(best, int) and not isinstance(best, bool):
            stats.best_score = best
        fastest = data.get("fastest_win")
        if isinstance(fastest, int | float) and not isinstance(fastest, bool) and fastest >= 0:
            stats.fastest_win = float(fastest)
        recent = data.get("recent")
        if isinstance(recent, list):
            stats.recent = [
                [int(item[0] == 1), int(item[1])]
                for item in recent
                if isinstance(item, list) and len(item) == 2 and all(isinstance(v, int) for v in item)
            ][-RECENT:]
        stats.won = min(stats.won, stats.played)
        return stats

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def start_game(variants: dict[str, Any], key: str) -> None:
    """A game of this variant had its first move: it now counts as played."""
    stats = VariantStats.from_dict(variants.get(key))
    stats.played += 1
    variants[key] = stats.to_dict()


def finish_game(
    variants: dict[str, Any], key: str, *, won: bool, score: int, seconds: float, moves: int, bests: bool = True
) -> None:
    """Record the result of a game that counted as played.

    ``bests=False``: a win of a game opened from a record at a later move,
    which must not set the best score or the fastest win.
    """
    stats = VariantStats.from_dict(variants.get(key))
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


def unfinish_game(variants: dict[str, Any], key: str, *, score: int, streak: int) -> None:
    """Take back a loss recorded by ``finish_game`` (the game came back to the
    table): its recent result and bankroll share go, and the streak it broke
    (``streak``, as it was before) continues unless another loss came since.

    >>> variants: dict = {}
    >>> start_game(variants, "KL-D1N")
    >>> finish_game(variants, "KL-D1N", won=False, score=40, seconds=9.0, moves=12)
    >>> unfinish_game(variants, "KL-D1N", score=40, streak=3)
    >>> s = VariantStats.from_dict(variants["KL-D1N"])
    >>> s.played, s.recent, s.current_streak
    (1, [], 3)
    """
    stats = VariantStats.from_dict(variants.get(key))
    lost = [0, score]
    at = next((i for i in range(len(stats.recent) - 1, -1, -1) if stats.recent[i] == lost), None)
    later_loss = at is None or any(not won for won, _ in stats.recent[at + 1 :])
    if at is not None:
        del stats.recent[at]
    if is_vegas(key):
        stats.bankroll -= score
    if not later_loss:
        stats.current_streak += streak
        stats.best_streak = max(stats.best_streak, stats.current_streak)
    variants[key] = stats.to_dict()


def merge_import(data: object) -> dict[str, Any]:
    """Statistics read from an exported file, checked; raises ValueError when unusable."""
    if not isinstance(data, dict) or data.get("kind") != "solitaire-statistics":
        raise ValueError("This file is not a solitaire statistics export.")
    variants = data.get("variants")
    if not isinstance(variants, dict):
        raise ValueError("This statistics file has no statistics in it.")
    return {key: VariantStats.from_dict(value).to_dict() for key, value in variants.items() if isinstance(key, str)}


def chart_svg(recent: list[list[int]], width: int = 240, height: int = 64) -> str:
    """A small bar chart of recent results: tall green bars for wins, short red ones for losses.

    >>> "<svg" in chart_svg([[1, 700], [0, 120]])
    True
    """
    count = max(len(recent), 1)
    gap = 2
    bar = max(2.0, (width - gap * (RECENT - 1)) / RECENT)
    wins = sum(1 for won, _ in recent if won)
    label = f"Last {len(recent)} games: {wins} won, {len(recent) - wins} lost"
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
        parts.append(
            f'<rect x="{x:.1f}" y="{height - bar_height:.1f}" width="{bar:.1f}" height="{bar_height:.1f}"'
            f' rx="1.5" fill="{colour}"><title>{"Won" if won else "Lost"}, score {score}</title></rect>'
        )
    parts.append("</svg>")
    return "".join(parts)
