"""An event played end to end through the API, as a club's script would (issue 25's "done
when"): a league volunteer logs in with a token, finds the season, creates the event in it,
sets the tiebreaks, registers the teams by member number (looking the players up), seats
every round, has the captains report and confirm with their link and PIN (asking which game
is theirs) or reports at the desk, releases, closes, and carries the archive away. Every
request is JSON a program writes; an unknown field is refused along the way and changes
nothing."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournaments.models import Event, League, Player, Season

API = "/api/v1/"
TEAMS = [  # team, captain's member number, partner's member number
    ("Les Quinze-Deux", "F-1001", "F-1002"),
    ("Les Valets de Jonquière", "F-1003", "F-1004"),
    ("Les As de Chicoutimi", "F-1005", "F-1006"),
    ("Les Fous du Crib", "F-1007", "F-1008"),
    ("La Main de 29", "F-1009", "F-1010"),
    ("Les Nouveaux", "F-2001", None),  # a new member: no player yet, registered by name
]


class Script:
    """What a club's script keeps: a client and the answers it read."""

    def __init__(self, client: APIClient) -> None:
        self.client = client

    def call(self, method: str, path: str, body=None, *, status: int = 200, **headers):
        kwargs = {"format": "json"} if body is not None else {}
        response = getattr(self.client, method)(API + path, body, **kwargs, **headers)
        assert response.status_code == status, (
            method,
            path,
            response.status_code,
            response.content[:500],
        )
        return (
            response.json() if response.content and "json" in response["Content-Type"] else response
        )

    def refused(self, method: str, path: str, body: dict, field: str) -> None:
        answer = self.call(method, path, body, status=400)
        assert answer["field"] == field and answer["detail"], answer


def captain_of(team: dict) -> Script:
    """The team's captain's own script (their phone): the link and PIN of the captain's slip."""
    link = team["link"]
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.credentials(HTTP_X_CAPTAIN_LINK=link["token"], HTTP_X_CAPTAIN_PIN=link["pin"])
    return Script(client)


@pytest.fixture
def league(organizer):
    league = League.objects.create(
        name="Ligue FADOQ Saguenay", slug="saguenay", created_by=organizer
    )
    league.organizers.add(organizer)
    Season.objects.create(league=league, name="2026-2027", slug="2026-2027")
    for number in (n for _team, *numbers in TEAMS for n in numbers if n and n != "F-2001"):
        Player.objects.create(league=league, name=f"Membre {number}", member_number=number)
    return league


def _score(round_no: int, table: int) -> int:
    return 60 + 9 * table + 4 * round_no  # losing scores that differ from table to table


def register_teams(script: Script, slug: str) -> dict:
    """Each team by its players' member numbers, looked up; a new member by name."""
    teams = {}
    for name, captain_number, partner_number in TEAMS:
        body: dict = {"name": name}
        for role, number in (("captain", captain_number), ("partner", partner_number)):
            found = script.call("get", f"leagues/saguenay/players/?member_number={number}")
            if found["results"]:
                body[f"{role}_player"] = found["results"][0]["id"]
            else:
                body[role] = f"Nouveau {role}"
                if number:
                    body[f"{role}_member_number"] = number
        script.refused("post", f"events/{slug}/teams/", {**body, "captain_id": 1}, "captain_id")
        team = script.call("post", f"events/{slug}/teams/", body, status=201)
        teams[team["id"]] = team
    return teams


def play_round(script: Script, slug: str, teams: dict, round_no: int) -> None:
    """Seat the round, then report each game: table 1's captains report and confirm with
    their link and PIN (asking first which game is theirs); the desk reports the others."""
    script.refused("post", f"events/{slug}/rounds/", {"forse": True}, "forse")
    seated = script.call("post", f"events/{slug}/rounds/", {}, status=201)
    assert seated["number"] == round_no
    for game in seated["games"]:
        if game["team_b"] is None:
            continue
        loser = _score(round_no, game["table"])
        result = {"kind": "final", "score_a": 121, "score_b": loser}
        if game["table"] == 1:
            captain_a = captain_of(teams[game["team_a"]["id"]])
            captain_b = captain_of(teams[game["team_b"]["id"]])
            mine = captain_a.call("get", "captain/")
            assert mine["game"]["id"] == game["id"] and mine["game"]["round"] == round_no
            report = captain_a.call("post", f"games/{game['id']}/reports/", result, status=201)
            captain_b.call("post", f"reports/{report['report']['id']}/confirm/", {})
        else:
            script.refused(
                "post", f"games/{game['id']}/reports/", {**result, "scor_b": 1}, "scor_b"
            )
            script.call("post", f"games/{game['id']}/reports/", result, status=201)
    games = script.call("get", f"events/{slug}/games/?round={round_no}&status=confirmed")
    assert games["count"] == 3


def test_a_club_script_plays_an_event_end_to_end(league, organizer):
    script = Script(APIClient(HTTP_ACCEPT_LANGUAGE="en"))
    token = script.call(
        "post", "auth/token/", {"email": organizer.email, "password": "pw-organizer-1"}
    )["token"]
    script.client.credentials(HTTP_AUTHORIZATION=f"Token {token}")

    # The season, found by name.
    leagues = script.call("get", "leagues/")["results"]
    season = next(s for lg in leagues if lg["slug"] == "saguenay" for s in lg["seasons"])

    # The event, in the season. A misspelt field first: refused, nothing created.
    event_body = {"name": "Omnium de la Saint-Jean", "date": "2027-06-24", "number_of_games": 3}
    script.refused("post", "events/", {**event_body, "seasn": season["id"]}, "seasn")
    assert not Event.objects.exists()
    event = script.call("post", "events/", {**event_body, "season": season["id"]}, status=201)
    slug = event["slug"]
    assert event["season"] == season["id"]
    assert event["published_at"] is None  # a draft until published (issue 34)
    assert script.call("post", f"events/{slug}/publish/")["published_at"]
    script.refused("patch", f"events/{slug}/", {"tiebreaks": ["luck"]}, "tiebreaks")
    settings = script.call("patch", f"events/{slug}/", {"tiebreaks": ["wins", "spread"]})
    assert settings["tiebreaks"] == ["wins", "spread"]

    # The teams, by member number: known members are looked up, the new one is named.
    teams = register_teams(script, slug)
    assert len(teams) == 6
    known = next(t for t in teams.values() if t["name"] == "Les Quinze-Deux")
    assert known["captain_player"]["member_number"] == "F-1001"
    assert Player.objects.get(member_number="F-2001").league == league  # a new member

    # Every round: seated, then each game reported (see play_round).
    for round_no in (1, 2, 3):
        play_round(script, slug, teams, round_no)

    # A tie for a medal is played off: the next playoff games are seated and reported until
    # the standings show none (a best-of-three per tie).
    for _attempt in range(10):
        ties = script.call("get", f"events/{slug}/standings/")["medal_ties"]
        if not ties:
            break
        playoff = script.call("post", f"events/{slug}/playoffs/", None, status=201)
        assert playoff["kind"] == "playoff"
        for game in playoff["games"]:
            if game["status"] == "waiting":
                script.call(
                    "post",
                    f"games/{game['id']}/reports/",
                    {"kind": "final", "score_a": 121, "score_b": 100},
                    status=201,
                )
    else:
        pytest.fail("the medal ties were never settled")

    # Release, close, and the standings the hall will see.
    script.refused("post", f"events/{slug}/release/", {"release": True}, "release")
    script.call("post", f"events/{slug}/release/", {"released": True})
    closed = script.call("post", f"events/{slug}/close/", {})
    assert closed["status"] == "finished"
    standings = script.call("get", f"events/{slug}/standings/")
    assert [row["rank"] for row in standings["rows"]][:3] == [1, 2, 3]  # the medals, untied
    assert [row["medal"] for row in standings["rows"]][:3] == ["gold", "silver", "bronze"]
    assert len(standings["rows"]) == 6
    assert standings["provisional"] is False
    season_standings = script.call("get", "leagues/saguenay/seasons/2026-2027/standings/")
    assert [e["slug"] for e in season_standings["events"]] == [slug]

    # The archive, carried to the central site.
    archive = script.call("get", f"events/{slug}/archive/")
    assert archive["event"]["status"] == "finished"
    series = [g for g in archive["games"] if g["round"] <= 3]
    assert len(series) == 9  # three tables per round (six teams)
    assert archive["season"]["slug"] == "2026-2027"
    audit = script.call("get", f"events/{slug}/audit/?limit=500")
    assert {"event.create", "team.add", "round.seat", "result.confirm", "event.close"} <= {
        entry["action"] for entry in audit["results"]
    }
