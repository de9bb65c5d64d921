"""What the desk prints: table score sheets and captains' slips with QR codes (segno writes
SVG, no image library needed)."""

from __future__ import annotations

import io
from dataclasses import dataclass

import segno

from accounts.links import captain_url
from tournaments.events.options import two_handed
from tournaments.models import Event, Team

#: Deals printed on a sheet: a game to 121 rarely lasts longer, four-handed or two-handed.
SHEET_DEALS = 12


def sheet_context(event: Event) -> dict:
    """What a table's score sheet needs beyond its games: its rows, and whether the game is
    two-handed (two hands and a crib a deal, no partners' columns; issue 50) or the four-hand
    partnership sheet."""
    return {"deals": range(1, SHEET_DEALS + 1), "two_hand": two_handed(event)}


def qr_svg(url: str, *, scale: int = 4) -> str:
    """An inline SVG QR code of ``url`` (error correction M: survives a crease or a stain)."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(
        buffer, kind="svg", scale=scale, xmldecl=False, svgns=True, omitsize=False
    )
    return buffer.getvalue().decode()


@dataclass(frozen=True)
class CaptainSlip:
    """What one captain alone receives at registration: their team's link, QR code and PIN."""

    team: Team
    pin: str
    url: str
    qr: str
    fallback_url: str | None = None


def captain_slips(
    event, base_url: str, fallback_base: str | None = None, *, teams=None
) -> list[CaptainSlip]:
    """One slip per team still in, with its live link (a team without one gets a new one at
    the teams page); links point at ``base_url``, the address phones at the hall use (the
    QR code's), and at ``fallback_base`` too if given (written out, for phones the first fails).
    ``teams``: only those (one team's slip: no QR code drawn for the others)."""
    slips = []
    teams = (event.teams if teams is None else teams).active()
    teams = teams.prefetch_related("links").order_by("name")
    for team in teams:
        live = [link for link in team.links.all() if link.revoked_at is None]
        if live:
            url = captain_url(live[0], base_url)
            fallback = captain_url(live[0], fallback_base) if fallback_base else None
            slips.append(
                CaptainSlip(
                    team=team, pin=live[0].pin, url=url, qr=qr_svg(url), fallback_url=fallback
                )
            )
    return slips


def table_sheets(round_) -> tuple[list, list]:
    """(games seated at a table, byes) of a round: one printed sheet per table. The sheet is
    shared by both teams at the table, so it carries no link and no PIN."""
    games = list(round_.games.select_related("team_a", "team_b").order_by("table", "pk"))
    return [g for g in games if g.team_b_id], [g for g in games if not g.team_b_id]
