"""The players' ratings now: the latest point of each, from released events only.

Read by the Swiss seeding of round 1 (``seating.rounds``) and by the pages. Layer 2: the models
and the engine's constants only.
"""

from __future__ import annotations

from collections.abc import Iterable

from tournaments.models import RatingPoint, Team
from tournaments.ratings.engine import MU


def released_points():
    """Rating points of released events only: the embargo holds even in the seconds between an
    event hidden again and the rebuild that takes its games out. A draft's points never show
    (released or not, it exists for its organizers and officials only)."""
    return RatingPoint.objects.filter(
        event__released_at__isnull=False, event__published_at__isnull=False
    )


def player_ratings(player_ids: Iterable[int]) -> dict[int, tuple[float, float]]:
    """Player id → (mu, sigma) now; players never rated are left out."""
    rows = released_points().filter(
        latest=True, partner__isnull=True, player_id__in=list(player_ids)
    )
    return {player: (mu, sigma) for player, mu, sigma in rows.values_list("player", "mu", "sigma")}


def team_strengths(teams: Iterable[Team]) -> dict[int, float]:
    """Team id → its players' ratings added up (openskill's team of ratings); a player never
    rated, or not linked to a player, counts as a newcomer (mu = 25)."""
    teams = list(teams)
    seats = {team.pk: _seats(team) for team in teams}
    known = player_ratings(p for players in seats.values() for p in players if p)
    return {
        team: sum(known[p][0] if p in known else MU for p in players)
        for team, players in seats.items()
    }


def _seats(team: Team) -> list[int | None]:
    """The team's players, None for one not linked to a player record."""
    has_partner = bool(team.partner or team.partner_player_id)
    return [team.captain_player_id] + ([team.partner_player_id] if has_partner else [])
