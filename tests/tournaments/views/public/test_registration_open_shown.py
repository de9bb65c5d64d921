"""Issue 49, point 12: while an event's registration was open, its public page and the home
page's list neither said so nor linked the form: teams could register only through the link
the organizer shared by hand."""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

pytestmark = pytest.mark.django_db


def test_the_event_page_and_the_home_page_link_the_open_form(make_event):
    cache.clear()
    event = make_event(
        0,
        name="Omnium de la Mauricie",
        registration_open=True,
        registration_capacity=10,
        registration_deadline=timezone.now() + datetime.timedelta(days=7),
    )
    closed = make_event(0, name="Tournoi fermé")
    form = f'href="/e/{event.slug}/register/"'
    visitor = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    page = visitor.get(f"/e/{event.slug}/").content.decode()
    assert "Les inscriptions sont ouvertes" in page and form in page
    home = visitor.get("/").content.decode()
    assert form in home and "inscriptions ouvertes : inscrire une équipe" in home
    assert f'href="/e/{closed.slug}/register/"' not in home
    assert (
        "Les inscriptions sont ouvertes" not in visitor.get(f"/e/{closed.slug}/").content.decode()
    )
