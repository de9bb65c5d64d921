"""The embargo on every surface (issue 33, finding 2).

A 6-team "winners stay" event of a league's season, not released: rounds 1 and 2 are played and
confirmed, round 3 is being played (one game confirmed, one disputed, the others waiting). With
"winners stay" the team that kept its table won, so an earlier round's tables are its results.

Every GET endpoint of the OpenAPI schema (each path parameter given every value the scene has:
each round, each game, each team, each player…) and every public page of the event is asked by
an anonymous caller and by the captain of one team (link + PIN on the API; a browser that
entered the PIN on the pages). Nothing in the answers may tell an earlier round's result of a
game the caller did not play: no seating of it, no status or score of any game but the
caller's own. The event's officials still see everything.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from accounts.roles import grant
from tests.conftest import link_of
from tournaments.models import Event, Game, League, Report, Round, Season, Team
from tournaments.results import reporting
from tournaments.seating.rounds import seat_next_round

pytestmark = pytest.mark.django_db

CURRENT = 3


@dataclass
class Scene:
    event: object
    league: League
    season: Season
    teams: list[Team]
    games: list[Game]  # every game with two teams, every round

    def past_games(self, own: Team | None) -> list[Game]:
        """The games whose result the caller must not be able to infer."""
        return [
            g
            for g in self.games
            if g.round.number < CURRENT
            and (own is None or own.pk not in (g.team_a_id, g.team_b_id))
        ]


def _report(game: Game, official, *, a_wins: bool) -> None:
    score = {"score_a": 121, "score_b": 95} if a_wins else {"score_a": 88, "score_b": 121}
    reporting.submit(game, reporting.Actor(user=official), Report.Kind.FINAL, score)


@pytest.fixture
def scene(make_event, organizer, official) -> Scene:
    league = League.objects.create(name="Ligue FADOQ", slug="ligue-fadoq", created_by=organizer)
    season = Season.objects.create(league=league, name="2026-2027", slug="2026-2027")
    event = make_event(6, season=season)
    assert event.movement == "winners_stay"
    grant(official, event, "official")
    for number in (1, 2, CURRENT):
        round_ = seat_next_round(event, organizer)
        games = list(round_.games.exclude(team_b=None).order_by("table"))
        if number < CURRENT:
            for i, game in enumerate(games):  # not always the team listed first
                _report(game, organizer, a_wins=i % 2 == 0)
        else:
            _report(games[0], organizer, a_wins=False)
            disputed = games[1]
            captain_a = reporting.Actor(team=disputed.team_a)
            captain_b = reporting.Actor(team=disputed.team_b)
            reporting.submit(disputed, captain_a, "final", {"score_a": 121, "score_b": 90})
            reporting.submit(disputed, captain_b, "final", {"score_a": 100, "score_b": 121})
    event.refresh_from_db()
    assert event.released_at is None and not event.results_public
    games = list(
        Game.objects.filter(round__event=event, team_b__isnull=False).select_related(
            "round", "team_a", "team_b"
        )
    )
    assert {g.status for g in games} >= {"confirmed", "disputed", "waiting"}
    teams = list(event.teams.order_by("pk"))
    return Scene(event, league, season, teams, games)


# --- the API: every GET of the schema ---------------------------------------------------------


def _values(scene: Scene, path: str, name: str, schema: dict) -> list:
    """Every value the scene has for a path parameter (None: a parameter this test does not know,
    which fails the test so that a new endpoint is walked too)."""
    if "enum" in schema:
        return list(schema["enum"])
    event = scene.event
    rounds = list(Round.objects.filter(event=event).values_list("number", flat=True))
    players = [t.captain_player for t in scene.teams] + [t.partner_player for t in scene.teams]
    by_name = {
        "slug": [scene.season.slug if "/seasons/{slug}" in path else event.slug],
        "league": [scene.league.slug],
        "season": [scene.season.slug],
        "number": rounds,
        "uid": [p.uid for p in players],
        "game_id": ["00000000-0000-4000-8000-000000000000"],
        "token": _registration_tokens(scene),
    }
    if name == "id":
        if path.startswith("/api/v1/games/"):
            return [g.pk for g in Game.objects.filter(round__event=event)]
        if "/teams/" in path:
            return [t.pk for t in scene.teams]
        if "/players/" in path:
            return [p.pk for p in players]
        return [1]  # season exports: nobody here has one
    return by_name.get(name)


def _registration_tokens(scene: Scene) -> list[str]:
    """A team's private registration link (issue 36) is walked too: whoever holds it sees that
    registration, and no earlier result of the event through it."""
    team = scene.teams[0]
    if not team.registration_token:
        team.registration_token = "embargo-walk-registration-token"
        team.save(update_fields=["registration_token"])
    return [team.registration_token, "no-such-registration"]


def _urls(scene: Scene, schema: dict) -> list[str]:
    urls = []
    for path, operations in schema["paths"].items():
        if "get" not in operations:
            continue
        parameters = [p for p in operations["get"].get("parameters", []) if p["in"] == "path"]
        choices = []
        for parameter in parameters:
            values = _values(scene, path, parameter["name"], parameter.get("schema", {}))
            assert values is not None, f"{path}: no value for {{{parameter['name']}}}"
            choices.append([(parameter["name"], v) for v in values])
        for combination in itertools.product(*choices):
            url = path
            for name, value in combination:
                url = url.replace("{" + name + "}", str(value))
            urls.append(url)
    slug = scene.event.slug
    # The filters that once told results: a status, an earlier round, a team.
    urls += [
        f"/api/v1/events/{slug}/games/?status=disputed",
        f"/api/v1/events/{slug}/games/?status=confirmed",
        f"/api/v1/events/{slug}/games/?round=1",
        *[f"/api/v1/events/{slug}/games/?team={t.pk}" for t in scene.teams],
        f"/api/v1/events/{slug}/rounds/?kind=series",
    ]
    return urls


def _game_dicts(body):
    """Every game (``round`` + ``table`` + teams) and every round (``number`` + ``games``) in a
    JSON answer, however deep."""
    if isinstance(body, dict):
        if "team_a" in body and "table" in body:
            yield body
        for value in body.values():
            yield from _game_dicts(value)
    elif isinstance(body, list):
        for value in body:
            yield from _game_dicts(value)


def _team_id(ref) -> int | None:
    return ref.get("id") if isinstance(ref, dict) else ref


def _api_leaks(scene: Scene, own: Team | None, url: str, body) -> list[str]:
    own_id = own.pk if own else None
    round_of = {g.pk: g.round.number for g in scene.games}
    leaks = []
    for game in _game_dicts(body):
        teams = {_team_id(game.get("team_a")), _team_id(game.get("team_b"))}
        mine = own_id in teams
        number = game.get("round") if isinstance(game.get("round"), int) else None
        number = number or round_of.get(game.get("id"))
        if number is not None and number < CURRENT and not mine:
            leaks.append(f"{url}: round {number}'s game at table {game['table']}: {teams}")
        if not mine and game.get("status") is not None:
            leaks.append(f"{url}: status {game['status']!r} of a game of round {number}")
        if not mine and game.get("result") is not None:
            leaks.append(f"{url}: result of a game of round {number}")
    text = json.dumps(body)
    if '"score_a"' in text and own is None:
        leaks.append(f"{url}: a score")
    return leaks


def _schema() -> dict:
    return json.loads(Client().get("/api/schema/?format=json").content)


def _api_client(captain: Team | None) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    if captain is not None:
        link = link_of(captain)
        client.credentials(HTTP_X_CAPTAIN_LINK=link.token, HTTP_X_CAPTAIN_PIN=link.pin)
    return client


def _walk_api(scene: Scene, captain: Team | None) -> tuple[list[str], int]:
    client = _api_client(captain)
    leaks, answered = [], 0
    for url in _urls(scene, _schema()):
        cache.clear()  # the throttles
        response = client.get(url)
        assert response.status_code < 500, f"{url}: {response.status_code}"
        if response.status_code != 200:
            continue
        answered += 1
        if "json" not in response.get("Content-Type", ""):
            leaks += [f"{url}: {line}" for line in _page_leaks(scene, captain, response)]
            continue
        leaks += _api_leaks(scene, captain, url, response.json())
    return leaks, answered


# --- the pages --------------------------------------------------------------------------------


def _page_urls(scene: Scene, captain: Team | None) -> list[str]:
    slug = scene.event.slug
    urls = [
        "/",
        f"/e/{slug}/",
        f"/e/{slug}/seating/",
        f"/e/{slug}/seating/?display=projector",
        f"/e/{slug}/standings/",
        f"/e/{slug}/podium/",
        f"/s/{scene.league.slug}/{scene.season.slug}/",
        *[f"/e/{slug}/rounds/{n}/" for n in range(1, CURRENT + 1)],
        *[f"/e/{slug}/teams/{t.pk}/" for t in scene.teams],
        *[f"/p/{t.captain_player.uid}/" for t in scene.teams],
    ]
    if captain is not None:
        urls.append(f"/c/{link_of(captain).token}/")
    return urls


def _page_leaks(scene: Scene, own: Team | None, response) -> list[str]:
    """A past game shown: a row (or a line) with both of its teams; a score; a dispute."""
    content = b"".join(response.streaming_content) if response.streaming else response.content
    html = content.decode()
    rows = re.findall(r"<tr.*?</tr>", html, re.S) or html.splitlines()
    current = {
        frozenset((g.team_a.name, g.team_b.name)) for g in scene.games if g.round.number == CURRENT
    }
    leaks = []
    for game in scene.past_games(own):
        pair = frozenset((game.team_a.name, game.team_b.name))
        if pair in current:  # the same two teams play now: their row is the current one
            continue
        if any(game.team_a.name in row and game.team_b.name in row for row in rows):
            leaks.append(f"round {game.round.number}: {game.team_a.name} v {game.team_b.name}")
    if own is None and re.search(r"\b121\s*[–-]|[–-]\s*121\b", html):
        leaks.append("a score")
    if re.search(r"contest|disput|litige", html, re.I) and own is None:
        leaks.append("a dispute")
    return leaks


def _walk_pages(scene: Scene, captain: Team | None) -> list[str]:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    if captain is not None:
        link = link_of(captain)
        assert client.post(f"/c/{link.token}/", {"pin": link.pin}).status_code == 302
    leaks = []
    for url in _page_urls(scene, captain):
        response = client.get(url)
        assert response.status_code == 200, f"{url}: {response.status_code}"
        leaks += [f"{url}: {leak}" for leak in _page_leaks(scene, captain, response)]
    return leaks


# --- the tests --------------------------------------------------------------------------------


def test_the_api_tells_an_anonymous_caller_no_earlier_result(scene):
    leaks, answered = _walk_api(scene, None)
    assert answered > 20  # the walk did reach the public endpoints
    assert leaks == []


def test_the_api_tells_another_teams_captain_nothing_but_their_own_games(scene):
    captain = scene.teams[0]
    leaks, answered = _walk_api(scene, captain)
    assert answered > 20
    assert leaks == []
    # ...and they do see their own games of the earlier rounds, with their status.
    client = _api_client(captain)
    own = client.get(f"/api/v1/events/{scene.event.slug}/games/?team={captain.pk}").json()
    rows = own["results"] if isinstance(own, dict) else own
    assert sorted(g["round"] for g in rows) == [1, 2, 3]
    assert all(g["status"] for g in rows)


def test_the_public_pages_tell_nothing_of_an_earlier_round(scene):
    assert _walk_pages(scene, None) == []


def test_the_pages_tell_another_teams_captain_nothing_of_others_earlier_games(scene):
    assert _walk_pages(scene, scene.teams[0]) == []


def test_the_disputes_are_not_a_filter_before_the_release(scene):
    response = _api_client(None).get(f"/api/v1/events/{scene.event.slug}/games/?status=disputed")
    assert response.status_code == 403
    assert "not public before the results are released" in response.json()["detail"]


def test_an_earlier_round_is_refused_in_words(scene):
    response = _api_client(None).get(f"/api/v1/events/{scene.event.slug}/rounds/1/")
    assert response.status_code == 403
    assert response.json()["code"] == "not_released"
    assert "winners stay" in response.json()["detail"]
    current = _api_client(None).get(f"/api/v1/events/{scene.event.slug}/rounds/{CURRENT}/")
    assert current.status_code == 200 and len(current.json()["games"]) == 3


def test_the_officials_still_see_everything(scene, official):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_authenticate(official)
    rounds = client.get(f"/api/v1/events/{scene.event.slug}/rounds/").json()
    rows = rounds["results"] if isinstance(rounds, dict) else rounds
    assert [r["number"] for r in rows] == [1, 2, 3]
    disputed = client.get(f"/api/v1/events/{scene.event.slug}/games/?status=disputed").json()
    rows = disputed["results"] if isinstance(disputed, dict) else disputed
    assert [g["status"] for g in rows] == ["disputed"]


def test_once_released_everything_is_public(scene, organizer):
    from tournaments.standings.service import release

    release(scene.event, organizer)
    cache.clear()
    rounds = _api_client(None).get(f"/api/v1/events/{scene.event.slug}/rounds/").json()
    rows = rounds["results"] if isinstance(rounds, dict) else rounds
    assert [r["number"] for r in rows] == [1, 2, 3]
    assert all(g["status"] for r in rows for g in r["games"])


# --- the same event as a draft (issue 51, finding 3) ------------------------------------------


def _names_the_event(scene: Scene, response) -> list[str]:
    content = b"".join(response.streaming_content) if response.streaming else response.content
    text = content.decode(errors="replace")
    if "json" in response.get("Content-Type", "") and text:
        text = json.dumps(json.loads(text), ensure_ascii=False)
    event = Event.objects.get(pk=scene.event.pk)
    markers = [event.name, f"/e/{event.slug}/", f'"slug": "{event.slug}"']
    markers += [team.name for team in scene.teams]
    return [marker for marker in markers if marker in text]


@pytest.mark.parametrize("released", [False, True])
def test_a_draft_is_named_by_no_answer_released_or_not(scene, organizer, released):
    """The embargo's walk (every GET of the schema, every public page) with the event a draft:
    whether its results are released or not, no answer to an anonymous caller names it."""
    from tournaments.standings.service import release

    # Names of its own (the fixtures' other event has the same ones), then a draft.
    type(scene.event).objects.filter(pk=scene.event.pk).update(
        published_at=None, name="Brouillon de la ligue"
    )
    for team in scene.teams:
        Team.objects.filter(pk=team.pk).update(name=f"Fantôme {team.pk}")
        team.refresh_from_db()
    scene.event.refresh_from_db()
    if released:
        release(scene.event, organizer)
    client, pages = _api_client(None), Client(HTTP_ACCEPT_LANGUAGE="fr")
    leaks, answered = [], 0
    urls = _urls(scene, _schema()) + _page_urls(scene, None)
    holder = scene.teams[0].registration_token  # its team's own link: part of the event
    for url in urls:
        if holder in url:
            continue
        cache.clear()
        response = (pages if not url.startswith("/api/") else client).get(url)
        assert response.status_code < 500, f"{url}: {response.status_code}"
        if response.status_code == 200:
            answered += 1
            leaks += [f"{url}: {marker}" for marker in _names_the_event(scene, response)]
    assert answered > 30  # the public lists, the season, the players: still answered
    assert leaks == []
