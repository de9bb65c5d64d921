"""Issue 16: CSV files that Excel opens right (`;` by default in French, `,` on request, BOM,
words in the export's language, local times without seconds), the same files through the API
with a token, and no formula injection from names typed on a page, the API or a CSV import."""

from __future__ import annotations

import csv
import datetime
import io
import re

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.tournaments.test_fadoq_event import SERIES  # a known 8-round series with medals
from tournaments.events.creation import create_event
from tournaments.events.teams import add_team
from tournaments.leagues.season_export import build_season_export, request_season_export
from tournaments.models import Game, League, Report, Season, Team
from tournaments.publishing.exports import safe_cell
from tournaments.results import reporting
from tournaments.seating.rounds import seat_next_round
from tournaments.standings.service import release

pytestmark = pytest.mark.django_db

# 14:05 UTC is 09:05 in Montreal (UTC-5 in November).
MORNING = datetime.datetime(2026, 11, 21, 14, 5, 33, 123456, tzinfo=datetime.UTC)
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def body(response) -> str:
    data = b"".join(response.streaming_content) if response.streaming else response.content
    return data.decode("utf-8")


def rows(text: str, delimiter: str) -> list[list[str]]:
    assert text.startswith("\ufeff"), "no BOM: Excel would garble the accents"
    return list(csv.reader(io.StringIO(text[1:]), delimiter=delimiter))


@pytest.fixture
def played(event, organizer):
    """Round 1 confirmed at every table (team A wins 121-85: a skunk), results released."""
    round_ = seat_next_round(event, organizer)
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    for game in round_.games.filter(team_b__isnull=False):
        reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 85})
    Report.objects.filter(game__round=round_).update(created_at=MORNING)
    Team.objects.filter(event=event).update(registered_at=MORNING)
    release(event, organizer)
    return event


def organizer_client(organizer, language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(organizer)
    return client


def test_french_exports_default_to_semicolons_with_french_words_and_local_times(played, organizer):
    client = organizer_client(organizer, "fr-ca")
    games = rows(body(client.get(f"/organize/{played.slug}/export/games.csv")), ";")
    assert games[0][:5] == ["Ronde", "Type", "Table", "Équipe A", "Équipe B"]
    first = games[1]
    assert first[1] == "Série" and first[8] == "pétrin" and first[9] == "Confirmée"
    assert first[10] == "2026-11-21 09:05"  # local, no seconds, no microseconds
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", first[11])
    teams = rows(body(client.get(f"/organize/{played.slug}/export/teams.csv")), ";")
    assert teams[1][:4] == ["Équipe 1", "Capitaine 1", "Partenaire 1", "2026-11-21 09:05"]


def test_english_exports_default_to_commas_and_either_can_be_chosen(played, organizer):
    client = organizer_client(organizer, "en")
    games = rows(body(client.get(f"/organize/{played.slug}/export/games.csv")), ",")
    assert games[0][:3] == ["Round", "Kind", "Table"] and games[1][8] == "skunk"
    semicolons = body(client.get(f"/organize/{played.slug}/export/games.csv?delimiter=semicolon"))
    assert rows(semicolons, ";") == games
    french = organizer_client(organizer, "fr-ca")
    commas = body(french.get(f"/organize/{played.slug}/export/standings.csv?delimiter=comma"))
    assert rows(commas, ",")[0][:2] == ["Rang", "Équipe"]


def test_medals_in_the_exports_language(event, organizer):
    team = dict(enumerate(event.teams.order_by("id"), start=1))
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    for number, tables in SERIES.items():
        round_ = event.rounds.create(number=number, movement="winners_stay")
        for table, (winner, loser, score) in enumerate(tables, start=1):
            game = Game.objects.create(
                round=round_, table=table, team_a=team[winner], team_b=team[loser]
            )
            reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": score})
    release(event, organizer)
    french = rows(
        body(
            organizer_client(organizer, "fr-ca").get(f"/organize/{event.slug}/export/standings.csv")
        ),
        ";",
    )
    assert french[1][1] == "Équipe 1" and french[1][-1] == "or"
    english = rows(
        body(organizer_client(organizer, "en").get(f"/organize/{event.slug}/export/standings.csv")),
        ",",
    )
    assert english[1][-1] == "gold"


def test_api_exports_with_a_token(played, organizer):
    token = Token.objects.create(user=organizer)
    api = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}", HTTP_ACCEPT_LANGUAGE="fr-ca")
    by_accept = api.get(f"/api/v1/events/{played.slug}/export/games/", HTTP_ACCEPT="text/csv")
    assert by_accept.status_code == 200
    assert by_accept["Content-Type"].startswith("text/csv")
    page = body(
        organizer_client(organizer, "fr-ca").get(f"/organize/{played.slug}/export/games.csv")
    )
    assert body(by_accept) == page
    by_format = api.get(f"/api/v1/events/{played.slug}/export/teams/?format=csv&delimiter=comma")
    assert by_format.status_code == 200 and rows(body(by_format), ",")[0][0] == "Équipe"
    anonymous = APIClient(HTTP_ACCEPT_LANGUAGE="en").get(
        f"/api/v1/events/{played.slug}/export/standings/"
    )
    assert anonymous.status_code in (401, 403) and "detail" in anonymous.json()


def test_api_exports_are_in_the_openapi_schema(api_client):
    schema = api_client.get("/api/schema/?format=json").json()
    path = schema["paths"]["/api/v1/events/{slug}/export/{what}/"]["get"]
    assert "text/csv" in path["responses"]["200"]["content"]


# --- formula injection -----------------------------------------------------------------------

DANGEROUS = {
    "name": '=cmd|" /C calc"!A0',
    "captain": "@SUM(1+1)*cmd",
    "partner": "+1+1",
}


def test_formula_names_from_every_way_in_are_neutralised_in_every_export(organizer):
    league = League.objects.create(name="Ligue", slug="ligue", created_by=organizer)
    season = Season.objects.create(league=league, name="2026", slug="2026")
    event = create_event(
        organizer,
        name="=1+1 Tournoi",
        date=datetime.date(2026, 11, 21),
        venue="@Salle",
        seed=7,
        season=season,
    )
    client = organizer_client(organizer, "fr-ca")
    # 1. The teams page.
    response = client.post(
        f"/organize/{event.slug}/teams/",
        {
            "team-name": DANGEROUS["name"],
            "team-captain": DANGEROUS["captain"],
            "team-partner": DANGEROUS["partner"],
        },
    )
    assert response.status_code == 302
    # 2. The API, with a token.
    token = Token.objects.create(user=organizer)
    api = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}", HTTP_ACCEPT_LANGUAGE="en")
    created = api.post(
        f"/api/v1/events/{event.slug}/teams/",
        {"name": "-2+3", "captain": '=HYPERLINK("http://x")', "partner": "@A1"},
        format="json",
    )
    assert created.status_code == 201, created.content
    # 3. A CSV import on the page (French Excel: ';') and 4. through the API.
    client.post(
        f"/organize/{event.slug}/teams/import/", {"import-text": '"+Les Rois";"-Jean";"=Marie"\n'}
    )
    imported = api.post(
        f"/api/v1/events/{event.slug}/teams/import/",
        {"text": "@Pétroles,+Luc,-Ève\n"},
        format="json",
    )
    assert imported.status_code == 201, imported.content
    names = set(event.teams.values_list("name", flat=True))
    assert names == {DANGEROUS["name"], "-2+3", "+Les Rois", "@Pétroles"}  # stored as typed

    round_ = seat_next_round(event, organizer)
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    for game in round_.games.filter(team_b__isnull=False):
        reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 100})
    release(event, organizer)

    files = {}
    for what in ("standings", "games", "teams"):
        for delimiter, char in (("semicolon", ";"), ("comma", ",")):
            files[f"{what} {char}"] = (
                body(client.get(f"/organize/{event.slug}/export/{what}.csv?delimiter={delimiter}")),
                char,
            )
        files[f"api {what}"] = (
            body(api.get(f"/api/v1/events/{event.slug}/export/{what}/?format=csv")),
            ",",
        )
    for which in ("teams", "players"):
        files[f"season {which}"] = (
            body(client.get(f"/s/{league.slug}/{season.slug}/{which}.csv")),
            ";",
        )
    export = request_season_export(season, organizer, "semicolon")
    files["season games"] = (build_season_export(export.pk).content, ";")

    for label, (text, delimiter) in files.items():
        cells = [cell for row in rows(text, delimiter) for cell in row]
        for cell in cells:
            if re.fullmatch(r"-?\d+", cell):
                continue  # numbers stay numbers (a negative spread included)
            assert not cell.startswith(FORMULA), f"{label}: {cell!r} would run as a formula"
        joined = "\n".join(cells)
        if "teams" in label and "season" not in label:
            # The names still read right: the apostrophe only stops the spreadsheet.
            for value in (
                DANGEROUS["name"],
                DANGEROUS["captain"],
                DANGEROUS["partner"],
                "-2+3",
                "+Les Rois",
                "@Pétroles",
            ):
                assert "'" + value in cells, (label, value)
        if label != "season players":
            assert "'" + DANGEROUS["name"] in joined, label
        else:
            assert "'" + DANGEROUS["captain"] in joined, label


def test_safe_cell_rules():
    assert safe_cell("=1+1") == "'=1+1"
    assert safe_cell("\tx") == "'\tx" and safe_cell("\rx") == "'\rx"
    assert safe_cell("Les Rois") == "Les Rois" and safe_cell("") == ""
    assert safe_cell(-10) == -10 and safe_cell(121) == 121


@pytest.mark.usefixtures("tasks_in_process")
def test_season_exports_through_the_api(organizer, django_capture_on_commit_callbacks):
    league = League.objects.create(name="Ligue", slug="ligue", created_by=organizer)
    league.organizers.add(organizer)
    season = Season.objects.create(league=league, name="2026", slug="2026")
    event = create_event(
        organizer, name="Tournoi d'automne", date=datetime.date(2026, 11, 21), seed=3, season=season
    )
    for n in range(1, 5):
        registration_add(event, organizer, n)
    round_ = seat_next_round(event, organizer)
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    for game in round_.games.filter(team_b__isnull=False):
        reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 85})
    release(event, organizer)
    token = Token.objects.create(user=organizer)
    api = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}", HTTP_ACCEPT_LANGUAGE="fr-ca")

    standings = api.get("/api/v1/leagues/ligue/seasons/2026/export/teams/?format=csv")
    assert standings.status_code == 200
    assert rows(body(standings), ";")[0][:3] == ["Rang", "Ex æquo", "Équipe"]

    with django_capture_on_commit_callbacks(execute=True):
        started = api.post("/api/v1/leagues/ligue/seasons/2026/exports/", {}, format="json")
    assert started.status_code == 202 and started.json()["delimiter"] == "semicolon"
    status = api.get(f"/api/v1/season-exports/{started.json()['id']}/").json()
    assert status["status"] == "done" and status["csv"].endswith("?format=csv")
    games = api.get(f"/api/v1/season-exports/{status['id']}/", HTTP_ACCEPT="text/csv")
    assert games.status_code == 200 and games["Content-Type"].startswith("text/csv")
    table = rows(body(games), ";")
    assert table[0][:2] == ["Événement", "Ronde"]
    assert table[1][0] == "Tournoi d'automne" and table[1][9] == "pétrin"


def registration_add(event, organizer, n):
    add_team(
        event, organizer, name=f"Équipe {n}", captain=f"Capitaine {n}", partner=f"Partenaire {n}"
    )
