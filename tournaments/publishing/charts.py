"""Server-rendered SVG line charts (no JavaScript): each team's accumulated points round by
round in an event, and the season score event by event."""

from __future__ import annotations

import re
import unicodedata
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


LEGEND_FONT = 17  # px, bold
LEGEND_ROOM = 230 - 10 - 6  # the legend column beside the plot, less its gap and a margin

# Advance widths of DejaVu Sans Bold, in hundredths of the font size, measured in Chromium:
# the font a Debian or Ubuntu browser gives ``system-ui``, and wider than Segoe UI, Roboto or
# Arial, so a legend that fits with these fits on those screens too. Accented letters count as
# their base letter; any other character as an "M".
ADVANCE = {
    **dict.fromkeys("0123456789", 70),
    **dict(zip("abcdefghijklmnopqrstuvwxyz", [67, 72, 59, 72, 68, 44, 72, 71, 34, 34, 67, 34,
        104, 71, 69, 72, 72, 49, 60, 48, 71, 65, 92, 65, 65, 58], strict=True)),
    **dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", [77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77, 64,
        100, 84, 85, 73, 85, 77, 72, 68, 81, 77, 110, 77, 72, 73], strict=True)),
    " ": 35, "-": 42, "'": 31, "\u2019": 38, ".": 38, ",": 38, "&": 87, "(": 46, ")": 46,
    "/": 37, "#": 84, ":": 40, "!": 46, "?": 58, "+": 84, "*": 52, '"': 52, "_": 50,
}  # fmt: skip
WIDEST = ADVANCE["M"]


def text_width(text: str, size: float = LEGEND_FONT) -> float:
    """The width ``text`` takes in bold at ``size`` px (an upper estimate, see ``ADVANCE``)."""
    total = 0
    for char in text:
        base = unicodedata.normalize("NFKD", char)[:1] or char
        total += ADVANCE.get(char, ADVANCE.get(base, WIDEST))
    return total * size / 100


def legend_lines(name: str, room: float = LEGEND_ROOM) -> list[str]:
    """A team's name on as many legend lines as it needs, each no wider than the legend's
    column (a count of characters let “Mmmm Wwww Mmmm Wwww” run out of the chart at 1366 px,
    issue 50), cut between words or after a hyphen (issue 25: “Les Valets de Jonquièr”); only a
    word wider than the column on its own is cut inside."""
    lines: list[str] = []
    line = ""
    for piece in re.findall(r"[^\s-]*-|[^\s-]+", name):
        joined = f"{line}{'' if not line or line.endswith('-') else ' '}{piece}"
        if text_width(joined, LEGEND_FONT) <= room:
            line = joined
            continue
        if line:
            lines.append(line)
        line = piece
        while text_width(line, LEGEND_FONT) > room:  # one word wider than the column
            cut = max((i for i in range(1, len(line)) if text_width(line[:i]) <= room), default=1)
            lines.append(line[:cut])
            line = line[cut:]
    if line:
        lines.append(line)
    return lines or [name]


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


def band_chart(
    values: Sequence[tuple[float, float, float]],
    x_labels: Sequence[str],
    *,
    label: str,
    width: int = 560,
    height: int = 300,
) -> str:
    """One line (the middle value) in a shaded band (low to high), a ``(middle, low, high)`` per
    x label: a rating and its range, game after game. '' without values."""
    if not values:
        return ""
    bottom_value = min(low for _mid, low, _high in values)
    top_value = max(high for _mid, _low, high in values)
    step = 5 if top_value - bottom_value <= 40 else 10
    floor = int(bottom_value // step) * step
    ceiling = (int(top_value // step) + 1) * step
    left, right, bottom, pad = 52, 20, 34, 14
    plot_w, plot_h = width - left - right, height - bottom - pad
    count = len(values)

    def x(i: int) -> float:
        return left + (plot_w * i / max(count - 1, 1))

    def y(v: float) -> float:
        return pad + plot_h * (1 - (v - floor) / (ceiling - floor))

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'role="img" class="chart band-chart" aria-label="{escape(label)}">'
    ]
    for tick in range(floor, ceiling + 1, step):
        parts.append(
            f'<line x1="{left}" x2="{left + plot_w}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
            f'stroke="#ccc"/><text x="{left - 6}" y="{y(tick) + 6:.1f}" text-anchor="end" '
            f'font-size="18">{tick}</text>'
        )
    every = max(1, -(-count // 6))  # at most about seven labels under the axis
    shown = [i for i in range(count) if i % every == 0]
    if shown[-1] != count - 1:  # the last game labelled, in the place of a label too near it
        shown = shown[:-1] if count - 1 - shown[-1] < every / 2 else shown
        shown.append(count - 1)
    for i in shown:
        parts.append(
            f'<text x="{x(i):.1f}" y="{height - 10}" text-anchor="middle" '
            f'font-size="18">{escape(x_labels[i])}</text>'
        )
    upper = [f"{x(i):.1f},{y(high):.1f}" for i, (_m, _l, high) in enumerate(values)]
    lower = [f"{x(i):.1f},{y(low):.1f}" for i, (_m, low, _h) in enumerate(values)]
    parts.append(
        f'<polygon class="band" fill="{PALETTE[0]}" fill-opacity="0.18" stroke="none" '
        f'points="{" ".join(upper + lower[::-1])}"/>'
    )
    middle = " ".join(f"{x(i):.1f},{y(mid):.1f}" for i, (mid, _l, _h) in enumerate(values))
    parts.append(
        f'<polyline fill="none" stroke="{PALETTE[0]}" stroke-width="3" points="{middle}"/>'
    )
    last_x, last_y = x(count - 1), y(values[-1][0])
    parts.append(f'<circle cx="{last_x:.1f}" cy="{last_y:.1f}" r="5" fill="{PALETTE[0]}"/>')
    parts.append("</svg>")
    return "".join(parts)
