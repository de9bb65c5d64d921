"""Server-rendered SVG line charts (no JavaScript): each team's accumulated points round by
round in an event, and the season score event by event."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from django.utils.html import escape
from django.utils.translation import gettext as _

PALETTE = [
    "#0b4f9c",
    "#a4161a",
    "#0a6b2d",
    "#8a4b00",
    "#5a189a",
    "#006d77",
    "#333333",
    "#c9184a",
    "#3a5a40",
    "#7f4f24",
]


LEGEND_CHARS = 20  # a legend line's width in the 230 px beside the plot, at 17 px bold


def legend_lines(name: str) -> list[str]:
    """A team's name on as many legend lines as it needs, cut between words (issue 25: “Les
    Valets de Jonquièr”); a word longer than a line stays whole."""
    return textwrap.wrap(name, LEGEND_CHARS, break_long_words=False) or [name]


def line_chart(
    lines: Sequence[tuple[str, Sequence[int | None]]],
    x_labels: list[str],
    *,
    label: str,
    width: int = 760,
    height: int = 380,
) -> str:
    """One polyline per ``(name, values)``, a value per x label, with a text legend. A
    ``None`` value is not drawn (the line starts at the first known value)."""
    if not lines or not x_labels:
        return ""
    top = (
        max(
            (max((v for v in values if v is not None), default=0) for _name, values in lines),
            default=0,
        )
        or 1
    )
    legend = [legend_lines(name) for name, _values in lines]
    height = max(height, 14 + 16 + 20 * sum(len(entry) for entry in legend) + 6 * len(legend))
    count = len(x_labels)
    left, right, bottom, pad = 52, 230, 34, 14
    plot_w, plot_h = width - left - right, height - bottom - pad

    def x(i: int) -> float:
        return left + (plot_w * i / max(count - 1, 1))

    def y(v: int) -> float:
        return pad + plot_h * (1 - v / top)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'role="img" class="chart" aria-label="{escape(label)}">'
    ]
    for tick in range(0, top + 1, max(top // 4, 1)):
        parts.append(
            f'<line x1="{left}" x2="{left + plot_w}" y1="{y(tick):.1f}" '
            f'y2="{y(tick):.1f}" stroke="#ccc"/><text x="{left - 6}" '
            f'y="{y(tick) + 5:.1f}" text-anchor="end" font-size="16">{tick}</text>'
        )
    for i, text in enumerate(x_labels):
        parts.append(
            f'<text x="{x(i):.1f}" y="{height - 10}" text-anchor="middle" '
            f'font-size="16">{escape(text)}</text>'
        )
    line_y = pad + 16
    for n, (name, values) in enumerate(lines):
        colour = PALETTE[n % len(PALETTE)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values) if v is not None)
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="3" points="{points}"/>'
        )
        known = [(i, v) for i, v in enumerate(values) if v is not None]
        if len(known) == 1:  # a line of one point draws nothing: a dot shows where it starts
            i, v = known[0]
            parts.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="5" fill="{colour}"/>')
        spans = "".join(
            f'<tspan x="{left + plot_w + 10}" y="{line_y + 20 * k}">{escape(text)}</tspan>'
            for k, text in enumerate(legend[n])
        )
        parts.append(
            f'<text class="legend" fill="{colour}" font-size="17" font-weight="700">'
            f"<title>{escape(name)}</title>{spans}</text>"
        )
        line_y += 20 * len(legend[n]) + 6
    parts.append("</svg>")
    return "".join(parts)


def points_chart(data, *, width: int = 760, height: int = 380, max_lines: int = 10) -> str:
    """An SVG line per team (the best ``max_lines``), with a text legend; '' without data."""
    series = data.series
    if not series or not data.rounds_played:
        return ""
    order = [row.team for row in data.standings.rows][:max_lines]
    lines = [(data.teams[t].name, series[t]) for t in order]
    return line_chart(
        lines,
        [str(i + 1) for i in range(data.rounds_played)],
        label=_("Accumulated points, round by round"),
        width=width,
        height=height,
    )


def season_chart(standings, *, max_lines: int = 8, width: int = 760, height: int = 380) -> str:
    """The best season teams' counted score after each event (x: the events, numbered)."""
    rows = standings.teams[:max_lines]
    if not rows or not standings.events:
        return ""
    lines = [(row.name, standings.cumulative(row)) for row in rows]
    return line_chart(
        lines,
        [str(i + 1) for i in range(len(standings.events))],
        label=_("Season score, event by event"),
        width=width,
        height=height,
    )
