"""Server-rendered SVG line charts (no JavaScript): each team's accumulated points round by
round in an event, and the season score event by event."""

from __future__ import annotations

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


def line_chart(
    lines: list[tuple[str, list[int]]],
    x_labels: list[str],
    *,
    label: str,
    width: int = 760,
    height: int = 380,
) -> str:
    """One polyline per ``(name, values)``, a value per x label, with a text legend."""
    if not lines or not x_labels:
        return ""
    top = max((max(values, default=0) for _name, values in lines), default=0) or 1
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
    for n, (name, values) in enumerate(lines):
        colour = PALETTE[n % len(PALETTE)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="3" points="{points}"/>'
        )
        parts.append(
            f'<text x="{left + plot_w + 10}" y="{pad + 16 + 20 * n}" fill="{colour}" '
            f'font-size="17" font-weight="700">{escape(name[:22])}</text>'
        )
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
