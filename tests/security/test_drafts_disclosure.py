"""Issue 51, finding 3: a draft event exists for its organizers and officials only.

The scene: a league's season holds a published event, played and released, and a draft of the
same season (never published) where one of its teams is made of the very players of a team of
the published event: the draft was seated, played, and its results released, all without being
published. Its name, its slug and its own teams' names must appear in no answer to anyone else:
the player pages and ``/api/v1/players/<uid>/`` (and their ratings), the season's page, its
standings (page, CSV and API), the honours, the leaderboards, the result format, the lists and
every GET endpoint of the OpenAPI schema. Asked by an anonymous visitor, by a signed-up
stranger, and by the captain of the published team whose players are in the draft. The draft's
organizer (and its official) still find it where they manage it and on the player's page."""

from __future__ import annotations

import datetime
import itertools
import json

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User
from accounts.roles import grant
from tests.conftest import link_of
from tournaments.events.creation import create_event
from tournaments.events.drafts import publish_event
from tournaments.events.teams import add_team
from tournaments.models import Event, League, Report, Season, Team
from tournaments.ratings.service import rebuild
from tournaments.results import reporting
from tournaments.seating.rounds import seat_next_round
from tournaments.standings.service import release

pytestmark = pytest.mark.django_db

DRAFT_NAME = "Secret Draft Open"
DRAFT_SLUG = "secret-draft-open"
DRAFT_TEAMS = ["Phantom Pegs", "Phantom Two", "Phantom Three", "Phantom Four"]
# The draft's own players: named nowhere either (a leaderboard, the honours).
DRAFT_PLAYERS = ["Fantôme 1", "Ombre 1", "Fantôme 2", "Ombre 2", "Fantôme 3", "Ombre 3"]
MARKERS = (DRAFT_NAME, DRAFT_SLUG, *DRAFT_TEAMS, *DRAFT_PLAYERS)


def _play(event: Event, organizer) -> None:
    """Round 1 seated, every game confirmed, the results released."""
    round_ = seat_next_round(event, organizer)
    for i, game in enumerate(round_.games.exclude(team_b=None).order_by("table")):
        score = {"score_a": 121, "score_b": 95} if i % 2 == 0 else {"score_a": 88, "score_b": 121}
        reporting.submit(game, reporting.Actor(user=organizer), Report.Kind.FINAL, score)
    release(event, organizer)


class Scene:
    def __init__(self, make_event, organizer, official):
        self.league = League.objects.create(
            name="Ligue des brouillons", slug="ligue-brouillons", created_by=organizer
        )
        self.league.organizers.add(organizer)
        self.season = Season.objects.create(league=self.league, name="2026", slug="2026")
        self.published = make_event(4, name="Coupe publique", season=self.season)
        self.shared = self.published.teams.order_by("pk").first()
        self.draft = create_event(
            organizer,
            name=DRAFT_NAME,
            slug=DRAFT_SLUG,
            date=datetime.date(2026, 11, 28),
            venue="Salle",
            draft=True,
            season=self.season,
        )
        for i, name in enumerate(DRAFT_TEAMS):
            players = (
                {
                    "captain_player": self.shared.captain_player,
                    "partner_player": self.shared.partner_player,
                }
                if i == 0
                else {"captain": f"Fantôme {i}", "partner": f"Ombre {i}"}
            )
            add_team(self.draft, organizer, name=name, **players)
        grant(official, self.draft, "official")
        _play(self.published, organizer)
        _play(self.draft, organizer)
        rebuild()
        self.draft.refresh_from_db()
        assert self.draft.is_draft and self.draft.released_at is not None
        self.players = [self.shared.captain_player, self.shared.partner_player]


@pytest.fixture
def scene(make_event, organizer, official) -> Scene:
    return Scene(make_event, organizer, official)


def _page_urls(scene: Scene) -> list[str]:
    league, season = scene.league.slug, scene.season.slug
    published = scene.published.slug
    return [
        "/",
        f"/s/{league}/{season}/",
        f"/s/{league}/{season}/teams.csv",
        f"/s/{league}/{season}/players.csv",
        f"/s/{league}/{season}/palmares/",
        f"/s/{league}/{season}/palmares.csv",
        f"/s/{league}/palmares/",
        f"/s/{league}/palmares.csv",
        f"/l/{league}/ratings/",
        f"/e/{published}/",
        f"/e/{published}/standings/",
        f"/e/{published}/results.json",
        *[f"/p/{player.uid}/" for player in scene.players],
        f"/e/{DRAFT_SLUG}/",
        f"/e/{DRAFT_SLUG}/standings/",
        f"/e/{DRAFT_SLUG}/results.json",
        f"/e/{DRAFT_SLUG}/podium/",
    ]


def _api_urls(scene: Scene) -> list[str]:
    """Every GET of the OpenAPI schema, each path parameter given each value the scene has."""
    schema = json.loads(Client().get("/api/schema/?format=json").content)
    events = [scene.published, scene.draft]
    values = {
        "slug": [e.slug for e in events] + [scene.season.slug],
        "league": [scene.league.slug],
        "season": [scene.season.slug],
        "number": [1],
        "uid": [p.uid for p in scene.players],
        "id": [t.pk for t in Team.objects.filter(event__in=events)][:3] + [1],
        "which": ["teams", "players"],
        "token": ["no-such-registration"],
        "game_id": ["00000000-0000-4000-8000-000000000000"],
    }
    urls = []
    for path, operations in schema["paths"].items():
        if "get" not in operations:
            continue
        names = [p["name"] for p in operations["get"].get("parameters", []) if p["in"] == "path"]
        choices = [[(n, v) for v in values.get(n, ["x"])] for n in names]
        for combination in itertools.product(*choices):
            url = path
            for name, value in combination:
                url = url.replace("{" + name + "}", str(value))
            urls.append(url)
    return urls


def _text(response) -> str:
    content = b"".join(response.streaming_content) if response.streaming else response.content
    text = content.decode(errors="replace")
    if "json" in response.get("Content-Type", ""):
        text = json.dumps(json.loads(text), ensure_ascii=False)
    return text


def _leaks(client, urls: list[str]) -> list[str]:
    leaks = []
    for url in urls:
        cache.clear()  # the throttles, and the pages cached for everyone
        response = client.get(url)
        assert response.status_code < 500, f"{url}: {response.status_code}"
        if response.status_code == 200:
            text = _text(response)
            leaks += [f"{url}: {marker!r}" for marker in MARKERS if marker in text]
    return leaks


def _callers(scene: Scene) -> dict[str, tuple[Client, APIClient]]:
    stranger = User.objects.create_user("stranger@example.org", "pw-stranger-1")
    page_stranger, api_stranger = Client(), APIClient()
    page_stranger.force_login(stranger)
    api_stranger.force_authenticate(stranger)
    link = link_of(scene.shared)
    page_captain = Client()
    assert page_captain.post(f"/c/{link.token}/", {"pin": link.pin}).status_code == 302
    api_captain = APIClient()
    api_captain.credentials(HTTP_X_CAPTAIN_LINK=link.token, HTTP_X_CAPTAIN_PIN=link.pin)
    return {
        "anonymous": (Client(), APIClient()),
        "stranger": (page_stranger, api_stranger),
        "captain": (page_captain, api_captain),
    }


@pytest.mark.parametrize("caller", ["anonymous", "stranger", "captain"])
def test_no_public_page_names_a_draft(scene, caller):
    pages, _api = _callers(scene)[caller]
    assert _leaks(pages, _page_urls(scene)) == []


@pytest.mark.parametrize("caller", ["anonymous", "stranger", "captain"])
def test_no_api_answer_names_a_draft(scene, caller):
    _pages, api = _callers(scene)[caller]
    urls = _api_urls(scene)
    assert len(urls) > 40  # the walk reaches the whole API
    assert _leaks(api, urls) == []


def test_the_players_record_and_ratings_leave_the_draft_out(scene):
    player = scene.players[0]
    record = APIClient().get(f"/api/v1/players/{player.uid}/").json()
    assert [line["event"]["slug"] for line in record["events"]] == [scene.published.slug]
    assert record["games"] == 1
    ratings = APIClient().get(f"/api/v1/players/{player.uid}/ratings/").json()
    # Rated on the published event's one game only: the draft's game is not counted.
    assert [point["event"] for point in ratings["history"]] == [scene.published.slug]


def test_the_season_counts_only_its_published_events(scene):
    standings = (
        APIClient()
        .get(f"/api/v1/leagues/{scene.league.slug}/seasons/{scene.season.slug}/standings/")
        .json()
    )
    assert DRAFT_SLUG not in json.dumps(standings)
    teams = {row["name"] for row in standings.get("teams", standings.get("rows", []))}
    assert not teams & set(DRAFT_TEAMS)


@pytest.mark.parametrize("who", ["organizer", "official"])
def test_the_drafts_organizer_and_official_still_see_it(scene, who, organizer, official):
    client = APIClient()
    client.force_authenticate({"organizer": organizer, "official": official}[who])
    assert client.get(f"/api/v1/events/{DRAFT_SLUG}/").status_code == 200
    record = client.get(f"/api/v1/players/{scene.players[0].uid}/").json()
    assert DRAFT_SLUG in {line["event"]["slug"] for line in record["events"]}
    pages = Client()
    pages.force_login({"organizer": organizer, "official": official}[who])
    assert DRAFT_NAME in pages.get(f"/p/{scene.players[0].uid}/").content.decode()


def test_once_published_the_draft_is_public_everywhere(
    scene, organizer, tasks_in_process, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        publish_event(scene.draft, organizer)  # its released games now count: ratings rebuilt
    cache.clear()
    player = scene.players[0]
    record = APIClient().get(f"/api/v1/players/{player.uid}/").json()
    assert DRAFT_SLUG in {line["event"]["slug"] for line in record["events"]}
    ratings = APIClient().get(f"/api/v1/players/{player.uid}/ratings/").json()
    assert sorted(point["event"] for point in ratings["history"]) == sorted(
        [scene.published.slug, DRAFT_SLUG]
    )
    season = Client().get(f"/s/{scene.league.slug}/{scene.season.slug}/").content.decode()
    assert DRAFT_NAME in season
