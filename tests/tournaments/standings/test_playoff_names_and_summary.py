"""Issue 34, point 16: one name for each playoff game everywhere ("Barrage, match 2, partie 1":
captain's cards, desk, public pages, CSV), and after the playoff the tie's box is replaced by
how it was settled (who won which match, the final order), on the public standings and on the
captain's page of each tied team."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from tests.conftest import link_of
from tests.tournaments.standings.test_playoff_words import report, tied
from tournaments.models import Event, Game, Round
from tournaments.standings.service import event_standings, open_playoff_games, seat_playoff_games

pytestmark = pytest.mark.django_db


def text(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    raw = b"".join(response.streaming_content) if response.streaming else response.content
    body = raw.decode("utf-8-sig")
    return html.unescape(" ".join(body.split()))


@pytest.fixture
def played_off(event, organizer):
    """A three-way tie played as a round robin of best-of-three; the first listed of each
    game wins; returns the event, the seeds' names and each match's winner."""
    event, seeds = tied(event, organizer, "round_robin", 3)
    seat_playoff_games(event, organizer)
    while games := open_playoff_games(event):
        report(games[0], True, organizer)
    return Event.objects.get(pk=event.pk), seeds


def test_each_playoff_game_has_one_name_everywhere(played_off, organizer, captain_client):
    event, seeds = played_off
    games = list(
        Game.objects.filter(round__event=event, round__kind=Round.Kind.PLAYOFF).order_by(
            "round__number"
        )
    )
    assert len(games) == 6  # three matches won 2-0
    names = [
        "Barrage, match 1, partie 1",
        "Barrage, match 1, partie 2",
        "Barrage, match 2, partie 1",
    ]
    staff = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    staff.force_login(organizer)
    csv = text(staff, f"/organize/{event.slug}/export/games.csv")
    desk = text(staff, f"/organize/{event.slug}/desk/")
    public = text(Client(HTTP_ACCEPT_LANGUAGE="fr-CA"), f"/e/{event.slug}/")
    for name in names:
        assert name in csv and name in desk and name in public
    number = games[0].round.number
    assert f"\n{number};" not in csv and f" {number};Barrage" not in csv  # no "round 3" for it
    # A tied team's captain: one card per game, each named differently.
    team = games[0].team_a
    captain = captain_client(team)
    captain.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr-CA"
    home = text(captain, f"/c/{link_of(team).token}/")
    cards = [
        h.split("</h2>")[0] for h in home.split("<h2>")[1:] if "Barrage" in h.split("</h2>")[0]
    ]
    assert len(cards) == 4 and len(set(cards)) == 4, cards
    assert "Barrage, match 1, partie 1 — table 1" in cards


def test_after_the_playoff_the_public_and_the_captains_read_how_the_tie_was_settled(
    played_off, organizer, captain_client
):
    event, (first, second, third) = played_off
    rows = event_standings(event).standings.rows
    order = [event.teams.get(pk=r.team).name for r in rows[:3]]
    standings = text(Client(HTTP_ACCEPT_LANGUAGE="fr-CA"), f"/e/{event.slug}/standings/")
    said = (
        f"{first}, {second}, {third} étaient à égalité de points pour les places 1 à 3 : le "
        "barrage les a départagées."
    )
    final = (
        f"Classement final : 1re place (or) : {order[0]}, 2e place (argent) : {order[1]}, "
        f"3e place (bronze) : {order[2]}."
    )
    assert said in standings and final in standings
    assert standings.count("a gagné le match 2–0.") == 3  # each of the three matches
    assert "à départager par un barrage" not in standings  # the tie's box before it is gone
    for name in (first, second, third):
        team = event.teams.get(name=name)
        captain = captain_client(team)
        captain.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr-CA"
        home = text(captain, f"/c/{link_of(team).token}/")
        assert said in home and final in home
    outsider = event.teams.exclude(name__in=(first, second, third)).first()
    outside = captain_client(outsider)
    outside.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr-CA"
    assert "Classement final" not in text(outside, f"/c/{link_of(outsider).token}/")
