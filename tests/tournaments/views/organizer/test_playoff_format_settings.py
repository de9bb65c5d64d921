"""Issue 25: the organizer chooses how a tie of three or more teams is played off, on the
settings page and through the API; the choice is fixed once the first playoff game is seated;
an archive carries it (and an archive from before the choice existed means the stepladder)."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from tests.builders.scene import API, logged_in
from tournaments.events.creation import set_number_of_games
from tournaments.models import Event, Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.service import release, seat_playoff_games

pytestmark = pytest.mark.django_db


def settings_page(client, event) -> str:
    return html.unescape(client.get(f"/organize/{event.slug}/settings/").content.decode())


def form_of(event, **changes) -> dict:
    return {
        "name": event.name,
        "date": "2026-11-21",
        "venue": "",
        "game_type": "cribbage",
        "rule_set": "FADOQ",
        "number_of_games": event.number_of_games,
        "scoring_system": "fadoq",
        "tiebreaks": "",
        "movement": "winners_stay",
        "confirmation": "both_captains",
        "visibility": "release",
        "bye_points": "",
        **changes,
    }


@pytest.fixture
def staff(organizer):
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    client.force_login(organizer)
    return client


def three_way_tie(event, organizer) -> None:
    """Six teams, two games, the team listed first wins every table: three level on 242."""
    set_number_of_games(event, organizer, 2)
    release(event, organizer)
    for _ in range(2):
        for game in seating.seat_next_round(event, organizer).games.exclude(team_b=None):
            reporting.submit(
                game,
                reporting.Actor(user=organizer),
                Report.Kind.FINAL,
                {"score_a": 121, "score_b": 100},
            )


def test_a_new_event_plays_a_round_robin_of_best_of_threes(event):
    assert (event.playoff_format, event.playoff_best_of) == ("round_robin", 3)


def test_the_settings_page_offers_the_formats_in_french_and_saves_the_choice(staff, event):
    page = settings_page(staff, event)
    assert "Barrage entre trois équipes ou plus à égalité" in page
    assert "Tournoi à la ronde entre les équipes à égalité" in page
    assert "Échelle selon les bris d'égalité" in page
    assert "Chaque match de barrage" in page and "Une seule partie" in page
    response = staff.post(
        f"/organize/{event.slug}/settings/",
        form_of(event, playoff_format="stepladder", playoff_best_of="1"),
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.playoff_format, event.playoff_best_of) == ("stepladder", 1)
    # A post without the fields (a form from before them) leaves them as they are.
    assert staff.post(f"/organize/{event.slug}/settings/", form_of(event)).status_code == 302
    event.refresh_from_db()
    assert (event.playoff_format, event.playoff_best_of) == ("stepladder", 1)
    bad = staff.post(
        f"/organize/{event.slug}/settings/", form_of(event, playoff_best_of="2")
    ).content.decode()
    assert "Sélectionnez un choix valide" in bad
    event.refresh_from_db()
    assert event.playoff_best_of == 1


def test_once_the_playoff_has_begun_the_format_is_fixed(staff, event, organizer, api_client):
    three_way_tie(event, organizer)
    seat_playoff_games(event, organizer)
    page = settings_page(staff, event)
    for name in ("playoff_format", "playoff_best_of"):
        assert re.search(rf'<input type="radio" name="{name}"[^>]*disabled', page), name
    staff.post(f"/organize/{event.slug}/settings/", form_of(event, playoff_format="stepladder"))
    assert Event.objects.get(pk=event.pk).playoff_format == "round_robin"
    response = logged_in(api_client, organizer).patch(
        f"{API}events/{event.slug}/", {"playoff_format": "stepladder"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "playoff_format"
    assert response.json()["code"] == "fixed"
    assert Event.objects.get(pk=event.pk).playoff_format == "round_robin"


def test_the_api_reads_and_changes_the_format(api_client, event, organizer):
    api = logged_in(api_client, organizer)
    body = api.get(f"{API}events/{event.slug}/").json()
    assert (body["playoff_format"], body["playoff_best_of"]) == ("round_robin", 3)
    response = api.patch(
        f"{API}events/{event.slug}/",
        {"playoff_format": "stepladder", "playoff_best_of": 1},
        format="json",
    )
    assert response.status_code == 200
    event.refresh_from_db()
    assert (event.playoff_format, event.playoff_best_of) == ("stepladder", 1)
    refused = api.patch(f"{API}events/{event.slug}/", {"playoff_format": "knockout"}, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "playoff_format"
    assert Event.objects.get(pk=event.pk).playoff_format == "stepladder"


@pytest.fixture
def site_staff(db):
    from accounts.models import User

    return User.objects.create_user("staff@example.org", "pw-staff-1", is_staff=True)


def test_an_archive_carries_the_format_and_an_old_one_means_the_stepladder(make_event, site_staff):
    from django.db import transaction

    from tournaments.archives.transfer import checksum, export_event, import_event

    with transaction.atomic():
        event = make_event(4, name="Omnium")
        event.playoff_best_of = 1
        event.save(update_fields=["playoff_best_of"])
        archive = export_event(event)
        transaction.set_rollback(True)
    assert (archive["event"]["playoff_format"], archive["event"]["playoff_best_of"]) == (
        "round_robin",
        1,
    )
    old = {**archive, "event": dict(archive["event"])}
    imported = import_event(archive, site_staff, confirmed=True).event
    assert (imported.playoff_format, imported.playoff_best_of) == ("round_robin", 1)
    del old["event"]["playoff_format"], old["event"]["playoff_best_of"]
    old["event"]["uid"] = "0f8fad5b-d9cb-469f-a165-70867728950e"
    old.pop("signature", None)
    old["checksum"] = checksum(old)
    before = import_event(old, site_staff, confirmed=True).event
    assert (before.playoff_format, before.playoff_best_of) == ("stepladder", 3)
