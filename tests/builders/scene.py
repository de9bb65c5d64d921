"""Helpers for the API tests: a running event with a report and a dispute, and callers by role."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from rest_framework.authtoken.models import Token

from tests.conftest import link_of
from tournaments.events.creation import create_event
from tournaments.models import Dispute, Event, Game, Report, Team
from tournaments.results.reporting import Actor, submit
from tournaments.seating.rounds import seat_next_round

API = "/api/v1/"
ROLES = ("anonymous", "captain_a", "captain_b", "official", "organizer", "other_organizer", "staff")


@dataclass
class Scene:
    """Round 1 of a 6-team event is seated. At table 1 (``game``: ``team_a`` v ``team_b``)
    captain A reported 121–100 (``report``), not yet confirmed; at table 2 the captains
    disagree (``dispute``). ``other_organizer`` organizes an event of their own."""

    event: Event
    users: dict
    game: Game
    report: Report
    dispute: Dispute
    #: The team of another event whose captain plays "captain_elsewhere" (issue 22's callers).
    elsewhere: Team | None = None

    @property
    def team_a(self) -> Team:
        return self.game.team_a

    @property
    def team_b(self) -> Team:
        return self.game.team_b

    def url(self, template: str) -> str:
        return API + template.format(**self.ids())

    def ids(self) -> dict:
        return {
            "slug": self.event.slug,
            "game": self.game.pk,
            "report": self.report.pk,
            "dispute": self.dispute.pk,
            "team_a": self.team_a.pk,
            "team_b": self.team_b.pk,
            "player": self.team_a.captain_player.uid,
            "dispute_report": self.dispute.reports.order_by("pk").first().pk,
        }


def build_scene(event, organizer, official, other_organizer, staff) -> Scene:
    create_event(other_organizer, name="Autre tournoi", date=datetime.date(2026, 12, 5))
    round_ = seat_next_round(event, organizer)
    game, disputed = round_.games.exclude(team_b=None).order_by("table")[:2]
    report = submit(game, Actor(team=game.team_a), "final", {"score_a": 121, "score_b": 100}).report
    submit(disputed, Actor(team=disputed.team_a), "final", {"score_a": 121, "score_b": 90})
    submit(disputed, Actor(team=disputed.team_b), "final", {"score_a": 100, "score_b": 121})
    users = {
        "official": official,
        "organizer": organizer,
        "other_organizer": other_organizer,
        "staff": staff,
    }
    return Scene(
        event, users, Game.objects.get(pk=game.pk), report, Dispute.objects.get(game=disputed)
    )


def captain(client, team, pin: str | None = None):
    """Send the team's live link and PIN (or the given wrong ``pin``) with every request."""
    link = link_of(team)
    client.credentials(
        HTTP_X_CAPTAIN_LINK=link.token, HTTP_X_CAPTAIN_PIN=link.pin if pin is None else pin
    )
    return client


def logged_in(client, user):
    """Authenticate with an API token, as a program would."""
    token, _created = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def as_role(client, scene: Scene, role: str):
    client.credentials()
    if role == "anonymous":
        return client
    if role == "captain_a":
        return captain(client, scene.team_a)
    if role == "captain_b":
        return captain(client, scene.team_b)
    if role == "captain_elsewhere":
        return captain(client, scene.elsewhere)
    return logged_in(client, scene.users[role])
