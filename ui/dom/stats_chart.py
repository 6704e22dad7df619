"""The Statistics dialog's chart of recent results, drawn from its data
(``ui.model.stats_chart.Chart``) as a small SVG in a figure with its words: the
caption (how many games, won and lost), the ends of its axis and a legend."""

from __future__ import annotations

from html import escape
from typing import Any

from ui.model.stats_chart import Chart

__all__ = ["LOSS_COLOUR", "WIN_COLOUR", "chart_html", "chart_svg", "draw_chart"]

WIN_COLOUR = "#2e7d32"
LOSS_COLOUR = "#c62828"


def chart_svg(chart: Chart) -> str:
    """The chart as SVG text, built from numbers and escaped words only.

    >>> from ui.model.stats_chart import chart_of
    >>> svg = chart_svg(chart_of([[1, 700], [0, 120]]))
    >>> svg.startswith("<svg") and svg.count("<rect") == 2
    True
    """
    width, height = chart.width, chart.height
    label = escape(chart.label)
    parts = [
        f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}"'
        f' role="img" aria-label="{label}" class="stats-chart">',
        f"<title>{label}</title>",
        f'<line x1="0" y1="{height - 0.5}" x2="{width}" y2="{height - 0.5}"'
        ' stroke="currentColor" stroke-opacity="0.4"/>',
    ]
    for bar in chart.bars:
        colour = WIN_COLOUR if bar.won else LOSS_COLOUR
        parts.append(
            f'<rect x="{bar.x:.1f}" y="{bar.y:.1f}" width="{bar.width:.1f}" height="{bar.height:.1f}"'
            f' rx="1.5" fill="{colour}"><title>{escape(bar.title)}</title></rect>'
        )
    parts.append("</svg>")
    return "".join(parts)


def chart_html(chart: Chart) -> str:
    """The chart with its words: a figure whose caption says what it shows, the
    bars, the ends of the axis under them and a legend of the two colours.

    >>> from ui.model.stats_chart import chart_of
    >>> html = chart_html(chart_of([[1, 700], [0, 120]]))
    >>> html.count("<figcaption"), html.count('class="swatch'), "Earlier games" in html
    (1, 2, True)
    """

    def key(kind: str, words: str) -> str:  # the colours are the stylesheet's (no inline style: the CSP)
        return f'<li><span class="swatch {kind}"></span>{escape(words)}</li>'

    return "".join(
        (
            '<figure class="stats-figure">',
            f'<figcaption class="stats-chart-caption">{escape(chart.label)}</figcaption>',
            chart_svg(chart),
            '<div class="stats-axis" aria-hidden="true">'
            f"<span>{escape(chart.earlier)}</span><span>{escape(chart.latest)}</span></div>",
            f'<ul class="stats-legend">{key("won", chart.won)}{key("lost", chart.lost)}</ul>',
            "</figure>",
        )
    )


def draw_chart(element: Any, chart: Chart) -> None:
    """Show ``chart`` in ``element``."""
    element.innerHTML = chart_html(chart)
