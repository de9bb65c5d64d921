"""Guests through the API (issue 50): the event's officials and organizers mark a team's
players as guests; a stranger's account and an anonymous caller are refused, nothing changed;
the OpenAPI schema documents the call."""

from __future__ import annotations

import pytest

from tests.builders.scene import API, logged_in
from tournaments.models import AuditEntry, Team

pytestmark = pytest.mark.django_db


def url(event, team) -> str:
    return f"{API}events/{event.slug}/teams/{team.pk}/guests/"


def test_the_organizer_marks_a_guest_and_fields_left_out_keep_their_value(
    api_client, organizer, event
):
    team, other = event.teams.order_by("id")[:2]
    Team.objects.filter(pk=other.pk).update(partner_guest=True)
    client = logged_in(api_client, organizer)
    response = client.post(url(event, team), {"captain_guest": True}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["team"]["captain_guest"] is True and body["team"]["partner_guest"] is False
    assert body["warnings"] == []
    team.refresh_from_db()
    assert (team.captain_guest, team.partner_guest) == (True, False)
    assert Team.objects.get(pk=other.pk).partner_guest  # another team's guest untouched
    assert AuditEntry.objects.filter(event=event, action="team.edit", target=str(team)).exists()
    # Back to a member: the mark is left off.
    response = client.post(url(event, team), {"captain_guest": False}, format="json")
    assert response.json()["team"]["captain_guest"] is False


def test_an_official_may_mark_guests_as_at_the_desk(api_client, official, event):
    team = event.teams.order_by("id").first()
    response = logged_in(api_client, official).post(
        url(event, team), {"partner_guest": True}, format="json"
    )
    assert response.status_code == 200
    assert Team.objects.get(pk=team.pk).partner_guest


def test_a_strangers_account_is_refused_and_nothing_changes(api_client, other_organizer, event):
    team = event.teams.order_by("id").first()
    response = logged_in(api_client, other_organizer).post(
        url(event, team), {"captain_guest": True}, format="json"
    )
    assert response.status_code in (403, 404)
    anonymous = api_client.__class__(HTTP_ACCEPT_LANGUAGE="en").post(
        url(event, team), {"captain_guest": True}, format="json"
    )
    assert anonymous.status_code in (401, 403)
    assert not Team.objects.get(pk=team.pk).captain_guest


def test_a_mark_that_is_not_true_or_false_is_refused_in_words(api_client, organizer, event):
    team = event.teams.order_by("id").first()
    response = logged_in(api_client, organizer).post(
        url(event, team), {"captain_guest": "maybe", "extra": 1}, format="json"
    )
    assert response.status_code == 400
    assert not Team.objects.get(pk=team.pk).captain_guest


def test_the_schema_documents_the_guests_call(api_client):
    schema = api_client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    text = schema.content.decode()
    assert "/teams/{id}/guests/" in text
    assert "TeamGuests" in text and "captain_guest" in text
