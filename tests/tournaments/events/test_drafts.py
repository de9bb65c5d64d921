"""Draft events (issue 34, point 13): a new event is seen only by its organizers and officials
until an organizer publishes it — not on the home page, nor in the public lists and API, a 404
to anyone else; published with a clear button, asked first, audited. Events that existed before
drafts stay published (the migration)."""

from __future__ import annotations

import datetime
import html

import pytest
from django.test import Client

from accounts.models import EventRole, User
from accounts.roles import grant
from tournaments.events.creation import create_event
from tournaments.events.drafts import publish_event
from tournaments.events.teams import add_team
from tournaments.models import AuditEntry, Event
from tournaments.seating.rounds import seat_next_round

pytestmark = pytest.mark.django_db

PUBLIC = ["/e/{slug}/", "/e/{slug}/seating/", "/e/{slug}/standings/", "/e/{slug}/podium/"]


def text(response) -> str:
    return html.unescape(" ".join(response.content.decode().split()))


@pytest.fixture
def french(organizer) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    client.force_login(organizer)
    return client


@pytest.fixture
def draft(organizer) -> Event:
    event = create_event(
        organizer, name="Essai du mardi", date=datetime.date(2026, 11, 24), draft=True
    )
    for i in range(1, 5):
        add_team(event, organizer, name=f"Équipe {i}", captain=f"C{i}", partner=f"P{i}")
    seat_next_round(event, organizer)
    return event


def test_the_form_creates_a_draft_and_says_so(french):
    response = french.post(
        "/organize/new/",
        {
            "name": "Essai du mardi",
            "date": "2026-11-24",
            "game_type": "cribbage",
            "rule_set": "FADOQ",
            "number_of_games": 8,
            "scoring_system": "fadoq",
            "movement": "winners_stay",
            "confirmation": "both_captains",
            "visibility": "release",
        },
        follow=True,
    )
    event = Event.objects.get(name="Essai du mardi")
    assert event.is_draft
    assert "Événement créé, en brouillon : seuls vous et ses officiels le voyez" in text(response)


def test_a_draft_is_a_404_to_anyone_else_and_absent_from_lists(draft, other_organizer):
    team = draft.teams.first()
    game = draft.rounds.get().games.exclude(team_b=None).first()
    anonymous, stranger = Client(), Client()
    stranger.force_login(other_organizer)
    for client in (anonymous, stranger):
        for page in [*PUBLIC, "/e/{slug}/rounds/1/", f"/e/{{slug}}/teams/{team.pk}/"]:
            assert client.get(page.format(slug=draft.slug)).status_code == 404, page
        assert "Essai du mardi" not in text(client.get("/"))
        assert client.get(f"/api/v1/events/{draft.slug}/").status_code == 404
        assert client.get(f"/api/v1/events/{draft.slug}/teams/").status_code == 404
        assert client.get(f"/api/v1/events/{draft.slug}/rounds/").status_code == 404
        assert client.get(f"/api/v1/games/{game.pk}/").status_code == 404
        slugs = [e["slug"] for e in client.get("/api/v1/events/").json()["results"]]
        assert draft.slug not in slugs


def test_its_organizers_and_officials_see_it(draft, organizer):
    official = User.objects.create_user("official@example.org", "pw-official-1")
    grant(official, draft, EventRole.Role.OFFICIAL)
    for user in (organizer, official):
        client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
        client.force_login(user)
        for page in PUBLIC:
            assert client.get(page.format(slug=draft.slug)).status_code == 200, page
        assert client.get(f"/api/v1/events/{draft.slug}/").json()["published_at"] is None
    dashboard = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    dashboard.force_login(official)
    page = text(dashboard.get(f"/organize/{draft.slug}/"))
    assert "Brouillon" in page and "Publier l’événement" not in page  # organizers publish


def test_publishing_is_asked_first_then_public_and_audited(draft, french):
    page = text(french.get(f"/organize/{draft.slug}/"))
    assert (
        "Brouillon</strong> — Seuls les organisateurs et les officiels de l’événement le voient"
        in page
    )
    assert "Publier l’événement</button>" in page
    asked = french.post(f"/organize/{draft.slug}/publish/")
    assert "<h1>Publier Essai du mardi ?</h1>" in text(asked)
    assert Event.objects.get(pk=draft.pk).is_draft
    done = french.post(f"/organize/{draft.slug}/publish/", {"confirm": "1"}, follow=True)
    assert "L’événement est publié : tout le monde peut le voir maintenant." in text(done)
    assert not Event.objects.get(pk=draft.pk).is_draft
    assert Client().get(f"/e/{draft.slug}/").status_code == 200
    assert "Essai du mardi" in text(Client().get("/"))
    assert AuditEntry.objects.filter(event=draft, action="event.publish").count() == 1


def test_only_an_organizer_publishes(draft, api_client, organizer):
    official = User.objects.create_user("official@example.org", "pw-official-1")
    grant(official, draft, EventRole.Role.OFFICIAL)
    api_client.force_authenticate(official)
    assert api_client.post(f"/api/v1/events/{draft.slug}/publish/").status_code == 403
    api_client.force_authenticate(organizer)
    response = api_client.post(f"/api/v1/events/{draft.slug}/publish/")
    assert response.status_code == 200 and response.json()["published_at"]
    assert publish_event(draft, organizer).published_at is not None  # again: no change


def test_the_api_creates_a_draft(api_client, organizer):
    api_client.force_authenticate(organizer)
    response = api_client.post(
        "/api/v1/events/", {"name": "Par l’API", "date": "2026-12-01"}, format="json"
    )
    assert response.status_code == 201 and response.json()["published_at"] is None


def test_the_migration_publishes_the_events_that_existed(transactional_db):
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.migrate([("tournaments", "0009_archive_conflicts")])
    old = executor.loader.project_state([("tournaments", "0009_archive_conflicts")]).apps
    created = datetime.datetime(2025, 5, 1, tzinfo=datetime.UTC)
    old.get_model("tournaments", "Event").objects.create(
        name="Ancien", slug="ancien", date=datetime.date(2025, 5, 1), created_at=created
    )
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    event = Event.objects.get(slug="ancien")
    assert event.published_at == created and not event.is_draft


def test_a_draft_is_not_closed_before_it_is_published(draft):
    from tournaments.events.closing import closing_blockers

    assert (
        "The event is still a draft: publish it (dashboard, “Publish the event”) first."
        in closing_blockers(draft)
    )
