"""A three-way medal tie said in words before its first game (issue 25): who plays whom, what
each result means for the places, and each match's running score, on the dashboard and on the
public standings (the projector shows the same box)."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from tournaments.events import registration
from tournaments.models import Game, Report, Round
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.service import event_standings, release, seat_playoff_games

pytestmark = pytest.mark.django_db


def report(game, a_wins: bool, organizer) -> None:
    scores = {"score_a": 121, "score_b": 100} if a_wins else {"score_a": 100, "score_b": 121}
    reporting.submit(game, reporting.Actor(user=organizer), Report.Kind.FINAL, scores)


@pytest.fixture
def three_way_tie(event, organizer):
    """Six teams, two games, the team listed first wins every table 121-100: the three winners
    end level on 242 points, nothing splits them but the playoff (places 1 to 3)."""
    registration.set_number_of_games(event, organizer, 2)
    release(event, organizer)
    for _ in range(2):
        for game in seating.seat_next_round(event, organizer).games.exclude(team_b=None):
            report(game, True, organizer)
    [tie] = event_standings(event).standings.medal_ties
    assert tie.places == (1, 3) and len(tie.teams) == 3
    return event, [event.teams.get(pk=t).name for t in tie.teams]


def pages(event, organizer) -> list[str]:
    staff = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    staff.force_login(organizer)
    found = []
    for client, url in (
        (staff, f"/organize/{event.slug}/"),
        (Client(HTTP_ACCEPT_LANGUAGE="fr-CA"), f"/e/{event.slug}/standings/"),
        (Client(HTTP_ACCEPT_LANGUAGE="fr-CA"), f"/e/{event.slug}/standings/?display=projector"),
    ):
        found.append(html.unescape(" ".join(client.get(url).content.decode().split())))
    return found


def test_the_ladder_is_explained_before_the_first_game(three_way_tie, organizer):
    event, (first, second, third) = three_way_tie
    for page in pages(event, organizer):
        assert (
            f"{first}, {second}, {third} sont à égalité de points pour les places 1 à 3. "
            "Classées dans cet ordre par les bris d'égalité, elles jouent une échelle de deux "
            "de trois"
        ) in page
        assert (
            f"Match 1 : {second} contre {third}.</strong> La perdante prend la 3e place "
            "(bronze) ; la gagnante joue le match 2."
        ) in page
        assert (
            f"Match 2 : {first} contre la gagnante du match 1.</strong> La gagnante prend la "
            "1re place (or), la perdante la 2e place (argent)."
        ) in page
        assert "Pas commencé : partie 1 à jouer." in page
        assert "match A" not in page and "match B" not in page


def test_each_match_says_how_it_stands(three_way_tie, organizer):
    event, (first, second, third) = three_way_tie
    [game] = seat_playoff_games(event, organizer)
    report(game, False, organizer)  # the lower seed wins game 1
    for page in pages(event, organizer):
        assert f"{third} mènent 1–0." in page
    [game] = seat_playoff_games(event, organizer)
    report(game, True, organizer)
    assert "Égalité 1–1 : la prochaine partie décide." in pages(event, organizer)[0]
    [game] = seat_playoff_games(event, organizer)
    report(game, True, organizer)
    dashboard = pages(event, organizer)[0]
    assert f"{second} a gagné le match 2–1." in dashboard
    assert f"Match 2 : {first} contre {second}." in dashboard
    assert Game.objects.filter(round__kind=Round.Kind.PLAYOFF).count() == 3
