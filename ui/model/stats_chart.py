"""What the Statistics dialog shows, as data: the picker of the variant, the rows of
figures and the bars of the recent results (drawn by ``ui.dom.stats_chart``)."""

from __future__ import annotations

from dataclasses import dataclass

import engine
from engine import format_dollars
from ui.model.games import page_of, pages
from ui.model.i18n import N_, _, ngettext, pgettext
from ui.model.session import format_clock
from ui.model.stats import RECENT, VariantStats, is_scored, is_vegas

__all__ = [
    "BANKROLL_NOTE",
    "STREAKS_NOTE",
    "Bar",
    "Chart",
    "PickerField",
    "chart_of",
    "figures",
    "picked_key",
    "picker_choices",
    "stats_picker",
]


BANKROLL_NOTE = N_(
    "The bankroll adds up the dollars of every Vegas game of this kind, from each game's first move; "
    "the game on the table counts at what it stands at now."
)
"""Said under the figures of a Vegas variant: what the bankroll counts."""

STREAKS_NOTE = N_(
    "A streak counts every win in a row, with help or without; the streak without help "
    "counts only wins with no hint and no undo to the last winnable position."
)
"""Said under the figures of every variant: which wins each streak counts."""


def figures(key: str, stats: VariantStats, bankroll: int | None = None) -> list[tuple[str, str]]:
    """The rows of the Statistics dialog's table, as words (``bankroll``: the running
    one, the open game's in it). A Vegas variant's figures are dollars, and say so.
    The wins without help and the best streak without help follow the wins and the
    best streak (``STREAKS_NOTE`` says which wins each streak counts).

    >>> figures("KL-D1V", VariantStats(played=1, won=1, best_score=208))[7]
    ('Best amount', '+$208')
    >>> figures("KL-D1N", VariantStats(played=1, won=1, best_score=700))[7]
    ('Best score', '700')
    >>> [label for label, _value in figures("FC-F4", VariantStats(played=1, won=1, best_score=0))][5:8]
    ['Best streak', 'Best streak without help', 'Fastest win']
    >>> dict(figures("KL-D1N", VariantStats(played=3, won=2, won_helped=1)))["Won without help"]
    '1'
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
        # TRANSLATORS: a row of figures: the number of games won with no hint and no undo
        # to the last winnable position (the win summary's "Won without help" is a sentence).
        (pgettext("statistics", "Won without help"), str(stats.won_alone)),
        (_("Win rate"), f"{stats.win_rate:.0%}" if stats.played else "–"),
        (_("Current streak"), str(stats.current_streak)),
        (_("Best streak"), str(stats.best_streak)),
        # TRANSLATORS: the most wins in a row with no hint and no undo to the last winnable position.
        (_("Best streak without help"), str(stats.best_streak_alone)),
    ]
    if is_scored(key):  # a game with no score has no best one (its results hold a 0)
        # TRANSLATORS: Vegas: the highest amount of one game, in dollars ("+$208"), never points.
        rows.append((_("Best amount") if money else _("Best score"), score(stats.best_score)))
    rows += [
        (_("Fastest win"), format_clock(stats.fastest_win) if stats.fastest_win is not None else "–"),
        (_("Average moves of a win"), f"{average:.0f}" if average is not None else "–"),
        (_("Fewest moves"), str(stats.fewest_moves) if stats.fewest_moves else "–"),
    ]
    record = page_of(key.partition("-")[0]).record_name
    if record:
        # A figure the game keeps the best of (TriPeaks' longest run).
        rows.append((_(record), str(stats.best_figure) if stats.best_figure else "–"))
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
    wins, short ones for losses, each titled with its score. It is shown with its
    words: ``label`` as its caption, a legend (``won``, ``lost``) and the ends of its
    axis (``earlier`` on the left, ``latest`` on the right)."""

    width: int
    height: int
    label: str
    bars: tuple[Bar, ...]
    won: str = ""
    lost: str = ""
    earlier: str = ""
    latest: str = ""


def chart_of(
    recent: list[list[int]], width: int = 240, height: int = 64, money: bool = False, scored: bool = True
) -> Chart:
    """The chart of recent results (``money``: a Vegas amount, in dollars; not
    ``scored``: a game with no score, whose results say won or lost only).

    >>> chart = chart_of([[1, 700], [0, 120]])
    >>> chart.label, [(bar.won, bar.title) for bar in chart.bars]
    ('Last 2 games: 1 won, 1 lost', [(True, 'Won, score 700'), (False, 'Lost, score 120')])
    >>> chart.won, chart.lost, chart.earlier, chart.latest
    ('Won', 'Lost', 'Earlier games', 'Latest game')
    >>> round(chart.bars[-1].x + chart.bars[-1].width) == chart.width  # the latest at the right end
    True
    >>> chart_of([[1, 208]], money=True).bars[0].title
    'Won, +$208'
    >>> chart_of([[1, 0]], scored=False).bars[0].title
    'Won'
    """
    count = min(max(len(recent), 1), RECENT)
    first = RECENT - count  # the latest result at the right end, where the axis says so
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
        bars.append(Bar((first + index) * (bar + gap), height - bar_height, bar, bar_height, bool(won), result))
    # TRANSLATORS: the chart's legend and the ends of its axis (the oldest result on the left).
    words = (_("Won"), _("Lost"), _("Earlier games"), _("Latest game"))
    return Chart(width, height, label, tuple(bars), *words)


# ------------------------------------------------------------------ the picker


@dataclass(frozen=True, slots=True)
class PickerField:
    """One list of the Statistics dialog's picker: the games (``name`` "game"), or one
    option of theirs, as New game's rows (``games``: the games it serves, which share it)."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]
    """Each value with its words, translated."""
    games: tuple[str, ...] = ()


def stats_picker() -> tuple[PickerField, ...]:
    """The picker of a variant's statistics: the game, then each of its options, in
    New game's words. A variant's whole name ("Klondike, draw 1, Normal scoring") no
    longer has to fit one list on a phone.

    >>> [(field.name, field.games) for field in stats_picker()][:3]
    [('game', ()), ('draw', ('KL',)), ('scoring', ('KL',))]
    """
    rows: dict[str, tuple[str, tuple[tuple[str, str], ...], list[str]]] = {}
    for page in pages():
        for group in page.options:
            rows.setdefault(group.name, (group.legend, group.choices, []))[2].append(page.game)
    games = tuple((page.game, _(page.name)) for page in pages())
    fields = [PickerField("game", _("Game"), games)]
    for name, (legend, choices, served) in rows.items():
        fields.append(PickerField(name, _(legend), tuple((value, _(words)) for value, words in choices), tuple(served)))
    return tuple(fields)


def picker_choices(key: str) -> dict[str, str]:
    """What the picker shows for a statistics key.

    >>> picker_choices("KL-D3V")
    {'game': 'KL', 'draw': '3', 'scoring': 'V'}
    """
    game, _dash, options = key.partition("-")
    return {"game": game, **page_of(game).choices(options)}


def picked_key(choices: dict[str, str]) -> str:
    """The statistics key of what the picker shows (the game's first option set for
    choices that make none).

    >>> picked_key({"game": "KL", "draw": "3", "scoring": "V", "suits": "4"}), picked_key({"game": "FC", "cells": "2"})
    ('KL-D3V', 'FC-F2')
    """
    game = choices.get("game", "")
    if game not in engine.VARIANTS:
        game = next(iter(engine.VARIANTS))
    page = page_of(game)
    options = page.options_text({group.name: choices[group.name] for group in page.options if group.name in choices})
    sets = engine.option_sets_of(engine.variant_of(game))
    return next((o.key for o in sets if o.options == options), sets[0].key)
