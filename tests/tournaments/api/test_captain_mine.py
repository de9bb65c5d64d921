"""A captain holding a link and PIN asks which event, team and game are theirs now (issue 25)."""

from __future__ import annotations

from tests.builders.scene import API, captain, logged_in
from tournaments.results.reporting import Actor, confirm, submit
from tournaments.seating.rounds import seat_next_round


def test_before_the_first_round_there_is_no_game(api_client, event):
    team = event.teams.order_by("pk").first()
    body = captain(api_client, team).get(f"{API}captain/").json()
    assert body["event"] == {
        "slug": event.slug,
        "name": "Tournoi régional",
        "status": "registration",
        "rounds_seated": 0,
    }
    assert body["team"]["id"] == team.pk
    assert body["game"] is None
    assert body["waiting"] == 0


def test_the_game_of_the_latest_round_is_the_captains(api_client, event, organizer):
    first = seat_next_round(event, organizer).games.exclude(team_b=None).order_by("table").first()
    team = first.team_a
    report = submit(first, Actor(team=first.team_a), "final", {"score_a": 121, "score_b": 90})
    confirm(report.report, Actor(team=first.team_b))
    seat_next_round(event, organizer, force=True)
    body = captain(api_client, team).get(f"{API}captain/").json()
    game = body["game"]
    assert game["round"] == 2
    assert team.pk in (game["team_a"]["id"], (game["team_b"] or {}).get("id"))
    assert game["id"] != first.pk
    assert body["waiting"] == 1
    # With the id a script reports for its team.
    assert api_client.get(f"{API}games/{game['id']}/").json()["reports"] == []


def test_only_a_captains_link_asks(api_client, event, organizer):
    assert api_client.get(f"{API}captain/").status_code == 401
    response = logged_in(api_client, organizer).get(f"{API}captain/")
    assert response.status_code == 403
    assert response.json()["detail"].startswith("Only a captain asks this")


def test_a_wrong_pin_is_refused_and_counted(api_client, event):
    team = event.teams.first()
    response = captain(api_client, team, pin="000001").get(f"{API}captain/")
    assert response.status_code == 401
    assert response.json()["code"] == "wrong_pin"
