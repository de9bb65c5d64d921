"""Tiebreaks and deletion through the API, and the audit log's actor in the reader's language
(issue 25: ``PATCH {"tiebreaks": …}`` answered 200 and changed nothing; deleting an event
before any result was possible nowhere)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.builders.scene import API, captain, logged_in
from tournaments.models import AuditEntry, Event, Team
from tournaments.results.reporting import Actor, submit
from tournaments.seating.rounds import seat_next_round
from tournaments.standings.service import config_for


@pytest.fixture
def org(api_client, organizer):
    return logged_in(api_client, organizer)


def url(event, tail=""):
    return f"{API}events/{event.slug}/{tail}"


# --- tiebreaks -----------------------------------------------------------------------------------


def test_the_tiebreak_order_is_changed_and_used(org, event):
    response = org.patch(url(event), {"tiebreaks": ["head_to_head", "spread"]}, format="json")
    assert response.status_code == 200
    assert response.json()["tiebreaks"] == ["head_to_head", "spread"]
    event.refresh_from_db()
    assert event.tiebreaks == ["head_to_head", "spread"]
    entry = AuditEntry.objects.filter(event=event, action="event.settings").latest("pk")
    assert entry.after == {"tiebreaks": ["head_to_head", "spread"]}
    # The standings break ties in that order (the draw of lots still last).
    assert config_for(event).chain == ("head_to_head", "spread", "drawn_lot")


def test_an_unknown_tiebreak_is_refused_with_the_allowed_keys(org, event):
    response = org.patch(url(event), {"tiebreaks": ["wins", "luck"]}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == "tiebreaks"
    assert body["detail"].startswith("“luck” is not a tiebreak of this scoring system. Allowed: ")
    assert "head_to_head (Head-to-head)" in body["detail"]
    assert "spread (Point spread)" in body["detail"]
    assert " points (" not in body["detail"]  # the primary metric is no tiebreak
    event.refresh_from_db()
    assert event.tiebreaks == []


@pytest.mark.parametrize(
    ("chain", "words"),
    [
        (["wins", "wins"], "Each tiebreak may appear only once."),
        (["drawn_lot", "wins"], "it must come last"),
        ("wins", "Expected a list of items"),
    ],
)
def test_a_malformed_tiebreak_order_is_refused(org, event, chain, words):
    response = org.patch(url(event), {"tiebreaks": chain}, format="json")
    assert response.status_code == 400
    assert words in response.json()["detail"]
    event.refresh_from_db()
    assert event.tiebreaks == []


def test_a_new_scoring_system_must_fit_the_stored_order(org, event):
    org.patch(url(event), {"tiebreaks": ["wins", "spread"]}, format="json")
    response = org.patch(url(event), {"scoring_system": "wins"}, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == "tiebreaks"
    event.refresh_from_db()
    assert event.scoring_system == "fadoq"


def test_an_empty_order_goes_back_to_the_systems_own(org, event):
    org.patch(url(event), {"tiebreaks": ["spread"]}, format="json")
    assert org.patch(url(event), {"tiebreaks": []}, format="json").json()["tiebreaks"] == []


# --- deletion ------------------------------------------------------------------------------------


def test_an_event_with_no_result_is_deleted_and_audited(org, event, organizer):
    seat_next_round(event, organizer)
    slug, name = event.slug, event.name
    response = org.delete(url(event) + "?confirm_name=Tournoi%20r%C3%A9gional")
    assert response.status_code == 204
    assert not Event.objects.filter(slug=slug).exists()
    assert not Team.objects.filter(event_id=event.pk).exists()
    assert org.get(f"{API}events/{slug}/").status_code == 404
    entry = AuditEntry.objects.get(action="event.delete")
    assert entry.event is None and entry.actor == organizer
    assert entry.before["name"] == name and entry.before["teams"] == 6
    assert AuditEntry.objects.filter(action="event.create", target=name).exists()  # log kept


def test_an_event_with_a_result_is_deleted_its_archive_kept(org, event, organizer):
    game = seat_next_round(event, organizer).games.exclude(team_b=None).first()
    submit(game, Actor(team=game.team_a), "final", {"score_a": 121, "score_b": 90})
    refused = org.delete(url(event) + "?confirm_name=Tournoi")
    assert refused.status_code == 400 and refused.json()["code"] == "name_mismatch"
    assert Event.objects.filter(pk=event.pk).exists()
    response = org.delete(url(event) + "?confirm_name=Tournoi%20r%C3%A9gional")
    assert response.status_code == 204
    entry = AuditEntry.objects.get(action="event.delete")
    assert entry.before["reports"] == 1
    assert entry.before["archive"]["event"]["uid"] == str(event.uid)


def test_an_official_may_not_delete(api_client, event, official):
    response = logged_in(api_client, official).delete(url(event))
    assert response.status_code == 403
    assert Event.objects.filter(pk=event.pk).exists()


# --- the audit log's actor -----------------------------------------------------------------------


def test_the_audit_actor_is_in_the_language_of_the_entry(org, api_client, event, organizer):
    game = seat_next_round(event, organizer).games.exclude(team_b=None).first()
    captain(api_client, game.team_a).post(
        f"{API}games/{game.pk}/reports/",
        {"kind": "final", "score_a": 121, "score_b": 90},
        format="json",
    )
    logged_in(api_client, organizer)
    french = api_client.get(url(event, "audit/"), HTTP_ACCEPT_LANGUAGE="fr-CA").json()
    entry = french["results"][0]
    assert entry["action"] == "result.report"
    assert entry["actor"] == f"Le capitaine de l’équipe {game.team_a.name}"
    assert entry["text"].startswith(entry["actor"])
    english = api_client.get(url(event, "audit/"), HTTP_ACCEPT_LANGUAGE="en").json()
    assert english["results"][0]["actor"] == f"The captain of {game.team_a.name}"


def test_an_api_call_without_accept_language_answers_in_the_sites_language(
    org, event, organizer, settings
):
    # An English-speaking club (HUCHE_LANGUAGE=en): its script asks for no language.
    seat_next_round(event, organizer)
    api_client = APIClient()  # no Accept-Language at all (the fixture's asks for English)
    logged_in(api_client, organizer)
    settings.LANGUAGE_CODE = "en"
    english = api_client.get(url(event, "audit/")).json()["results"][0]["text"]
    assert english == "Organizer seated round 1 (3 tables)."
    settings.LANGUAGE_CODE = "fr-ca"
    french = api_client.get(url(event, "audit/")).json()["results"][0]["text"]
    assert "ronde 1" in french and "3 tables" in french
