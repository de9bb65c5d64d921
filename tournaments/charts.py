"""Server-rendered SVG chart of each team's accumulated points round by round (no JavaScript)."""

from __future__ import annotations

from django.utils.html import escape

PALETTE = ["#0b4f9c", "#a4161a", "#0a6b2d", "#8a4b00", "#5a189a", "#006d77", "#333333",
           "#c9184a", "#3a5a40", "#7f4f24"]


def points_chart(data, *, width: int = 760, height: int = 380, max_lines: int = 10) -> str:
    """An SVG line per team (the best ``max_lines``), with a text legend; '' without data."""
    series = data.series
    if not series or not data.rounds_played:
        return ""
    order = [row.team for row in data.standings.rows][:max_lines]
    top = max((max(series[t], default=0) for t in order), default=0) or 1
    rounds = data.rounds_played
    left, right, bottom, pad = 52, 230, 34, 14
    plot_w, plot_h = width - left - right, height - bottom - pad

    def x(i: int) -> float:
        return left + (plot_w * i / max(rounds - 1, 1))

    def y(v: int) -> float:
        return pad + plot_h * (1 - v / top)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
             f'role="img" class="chart" aria-label="points by round">']
    for tick in range(0, top + 1, max(top // 4, 1)):
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y(tick):.1f}" '
                     f'y2="{y(tick):.1f}" stroke="#ccc"/><text x="{left - 6}" '
                     f'y="{y(tick) + 5:.1f}" text-anchor="end" font-size="16">{tick}</text>')
    for i in range(rounds):
        parts.append(f'<text x="{x(i):.1f}" y="{height - 10}" text-anchor="middle" '
                     f'font-size="16">{i + 1}</text>')
    for n, team_id in enumerate(order):
        colour = PALETTE[n % len(PALETTE)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series[team_id]))
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="3" '
                     f'points="{points}"/>')
        name = escape(data.teams[team_id].name)[:22]
        parts.append(f'<text x="{left + plot_w + 10}" y="{pad + 16 + 20 * n}" fill="{colour}" '
                     f'font-size="17" font-weight="700">{name}</text>')
    parts.append("</svg>")
    return "".join(parts)
