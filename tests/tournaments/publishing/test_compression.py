"""Public pages arrive gzipped from Huche itself (a hall has no proxy); pages with a secret
(a captain's link, the organizers' pages, the login) never are (BREACH)."""

from __future__ import annotations

import gzip

import pytest
from django.test import Client

from tests.conftest import link_of

pytestmark = pytest.mark.django_db


def fetch(client: Client, url: str):
    return client.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")


def test_public_pages_travel_compressed(event):
    visitor = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    for url in (
        "/",
        f"/e/{event.slug}/",
        f"/e/{event.slug}/standings/",
        f"/e/{event.slug}/seating/",
    ):
        response = fetch(visitor, url)
        assert response.status_code == 200, url
        assert response["Content-Encoding"] == "gzip", url
        assert "Accept-Encoding" in response["Vary"]
        assert b"</html>" in gzip.decompress(response.content)


def test_pages_with_a_secret_are_never_compressed(event, organizer, captain_client):
    team = event.teams.order_by("id").first()
    captain = captain_client(team)
    desk = Client()
    desk.force_login(organizer)
    for client, url in (
        (Client(), f"/c/{link_of(team).token}/"),  # the PIN form
        (captain, f"/c/{link_of(team).token}/"),  # the captain's page
        (desk, f"/organize/{event.slug}/teams/"),  # every team's PIN
        (Client(), "/accounts/login/"),
    ):
        response = fetch(client, url)
        assert response.status_code == 200, url
        assert not response.has_header("Content-Encoding"), url
