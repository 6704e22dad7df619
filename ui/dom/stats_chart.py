"""The Statistics dialog's chart of recent results, drawn from its data
(``ui.model.stats_chart.Chart``) as a small SVG."""

from __future__ import annotations

from html import escape
from typing import Any

from ui.model.stats_chart import Chart

__all__ = ["LOSS_COLOUR", "WIN_COLOUR", "chart_svg", "draw_chart"]

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


def draw_chart(element: Any, chart: Chart) -> None:
    """Show ``chart`` in ``element``."""
    element.innerHTML = chart_svg(chart)
