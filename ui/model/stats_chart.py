"""What the Statistics dialog shows, as data: the rows of figures and the bars of
the recent results (drawn by ``ui.dom.stats_chart``)."""

from __future__ import annotations

from dataclasses import dataclass

from engine import format_dollars
from ui.model.games import page_of
from ui.model.i18n import N_, _, ngettext
from ui.model.session import format_clock
from ui.model.stats import RECENT, VariantStats, is_scored, is_vegas

__all__ = ["BANKROLL_NOTE", "Bar", "Chart", "chart_of", "figures"]


BANKROLL_NOTE = N_(
    "The bankroll adds up the dollars of every Vegas game of this kind, from each game's first move; "
    "the game on the table counts at what it stands at now."
)
"""Said under the figures of a Vegas variant: what the bankroll counts."""


def figures(key: str, stats: VariantStats, bankroll: int | None = None) -> list[tuple[str, str]]:
    """The rows of the Statistics dialog's table, as words (``bankroll``: the running
    one, the open game's in it). A Vegas variant's figures are dollars, and say so.

    >>> figures("KL-D1V", VariantStats(played=1, won=1, best_score=208))[5]
    ('Best amount', '+$208')
    >>> figures("KL-D1N", VariantStats(played=1, won=1, best_score=700))[5]
    ('Best score', '700')
    >>> [label for label, _value in figures("FC-F4", VariantStats(played=1, won=1, best_score=0))][4:6]
    ['Best streak', 'Fastest win']
    """
    money = is_vegas(key)

    def score(value: int | None) -> str:
        if value is None:
            return "–"
        return format_dollars(value) if money else str(value)

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
        (_("Fewest moves"), str(stats.fewest_moves) if stats.fewest_moves else "–"),
    ]
    record = page_of(key.partition("-")[0]).record_name
    if record:
        # A figure the game keeps the best of (TriPeaks' longest run).
        rows.append((_(record), str(stats.best_figure) if stats.best_figure else "–"))
    if not is_scored(key):
        del rows[5]  # a game with no score has no best one (its results hold a 0)
    if money:
        rows.append((_("Bankroll"), format_dollars(stats.bankroll if bankroll is None else bankroll)))
    return rows


@dataclass(frozen=True, slots=True)
class Bar:
    """One recent result: where its bar stands, whether it was won, and its words."""

    x: float
    y: float
    width: float
    height: float
    won: bool
    title: str


@dataclass(frozen=True, slots=True)
class Chart:
    """A small bar chart of recent results, ``width`` by ``height``: tall bars for
    wins, short ones for losses, each titled with its score."""

    width: int
    height: int
    label: str
    bars: tuple[Bar, ...]


def chart_of(
    recent: list[list[int]], width: int = 240, height: int = 64, money: bool = False, scored: bool = True
) -> Chart:
    """The chart of recent results (``money``: a Vegas amount, in dollars; not
    ``scored``: a game with no score, whose results say won or lost only).

    >>> chart = chart_of([[1, 700], [0, 120]])
    >>> chart.label, [(bar.won, bar.title) for bar in chart.bars]
    ('Last 2 games: 1 won, 1 lost', [(True, 'Won, score 700'), (False, 'Lost, score 120')])
    >>> chart_of([[1, 208]], money=True).bars[0].title
    'Won, +$208'
    >>> chart_of([[1, 0]], scored=False).bars[0].title
    'Won'
    """
    count = max(len(recent), 1)
    gap = 2
    bar = max(2.0, (width - gap * (RECENT - 1)) / RECENT)
    wins = sum(1 for won, _score in recent if won)
    label = ngettext("Last {n} game: {won} won, {lost} lost", "Last {n} games: {won} won, {lost} lost", len(recent))
    label = label.format(n=len(recent), won=wins, lost=len(recent) - wins)
    bars = []
    for index, (won, score) in enumerate(recent[-count:]):
        bar_height = height - 4 if won else height * 0.3
        if money:
            # TRANSLATORS: a Vegas game's result in the chart: {amount} is dollars ("+$208"), never points.
            result = (_("Won, {amount}") if won else _("Lost, {amount}")).format(amount=format_dollars(score))
        elif scored:
            result = (_("Won, score {score}") if won else _("Lost, score {score}")).format(score=score)
        else:
            # TRANSLATORS: a result in the chart of a game that keeps no score (FreeCell).
            result = _("Won") if won else _("Lost")
        bars.append(Bar(index * (bar + gap), height - bar_height, bar, bar_height, bool(won), result))
    return Chart(width, height, label, tuple(bars))
