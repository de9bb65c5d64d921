"""Events through the API: the public list, creation, settings, seating, release, standings."""

from __future__ import annotations

import pytest

from accounts.models import EventRole
from tests.builders.scene import API, logged_in
from tournaments.models import AuditEntry, Event, Round


def url(event, tail: str = "") -> str:
    return f"{API}events/{event.slug}/{tail}"


@pytest.fixture
def organizer_api(api_client, organizer):
    return logged_in(api_client, organizer)


# --- list, detail, create ----------------------------------------------------------------------


def test_anyone_lists_events_with_minimal_fields(api_client, event, make_event):
    make_event(3, name="Tournoi de Noël")
    response = api_client.get(f"{API}events/")
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 2
    assert set(body["results"][0]) == {"slug", "name", "date", "venue", "game_type", "status"}


def test_events_filter_by_status(api_client, event, make_event, organizer):
    from tournaments.seating.rounds import seat_next_round

    seat_next_round(make_event(3, name="Déjà commencé"), organizer)
    running = api_client.get(f"{API}events/?status=running").json()["results"]
    assert [e["name"] for e in running] == ["Déjà commencé"]


def test_an_unknown_event_answers_404(api_client, db):
    response = api_client.get(f"{API}events/nope/")
    assert response.status_code == 404
    assert response.json() == {"detail": "No event with the slug “nope”.", "code": "not_found"}


def test_the_detail_shows_the_settings_and_whether_results_are_visible(api_client, event):
    body = api_client.get(url(event)).json()
    assert body["number_of_games"] == 8
    assert body["team_count"] == 6
    assert body["results_visible"] is False
    assert "seed" not in body


def test_a_user_who_creates_an_event_organizes_it(organizer_api, other_organizer, api_client):
    logged_in(api_client, other_organizer)
    response = api_client.post(
        f"{API}events/",
        {"name": "Omnium d'hiver", "date": "2027-01-09", "scoring_system": "game_points"},
        format="json",
    )
    assert response.status_code == 201
    event = Event.objects.get(slug=response.json()["slug"])
    assert (event.name, event.scoring_system) == ("Omnium d'hiver", "game_points")
    assert EventRole.objects.filter(user=other_organizer, event=event, role="organizer").exists()
    assert AuditEntry.objects.filter(event=event, action="event.create").exists()


def test_an_unknown_rule_set_creates_nothing(organizer_api, db):
    response = organizer_api.post(
        f"{API}events/", {"name": "X", "date": "2027-01-09", "rule_set": "POKER"}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["detail"].startswith("Unknown rule set “POKER”: choose one of STANDARD_2P_121")
    assert "FADOQ" in body["detail"]
    assert (body["code"], body["field"]) == ("choice", "rule_set")
    assert not Event.objects.exists()


def test_a_taken_slug_is_refused(organizer_api, event):
    response = organizer_api.post(
        f"{API}events/", {"name": "X", "date": "2027-01-09", "slug": event.slug}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["detail"] == (
        f"slug: The slug “{event.slug}” is taken by another "
        "event: choose another one or leave it out."
    )
    assert Event.objects.count() == 1


def test_a_missing_date_is_named(organizer_api, db):
    response = organizer_api.post(f"{API}events/", {"name": "X"}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "date: This field is required."
    assert response.json()["field"] == "date"


# --- settings ----------------------------------------------------------------------------------


def test_the_organizer_changes_settings_and_the_change_is_audited(organizer_api, event):
    response = organizer_api.patch(
        url(event), {"visibility": "live", "bye_points": 90}, format="json"
    )
    assert response.status_code == 200
    event.refresh_from_db()
    assert (event.visibility, event.bye_points) == ("live", 90)
    entry = AuditEntry.objects.filter(event=event, action="event.settings").get()
    assert entry.after == {"visibility": "live", "bye_points": 90}


def test_an_official_may_not_change_settings(api_client, event, official):
    response = logged_in(api_client, official).patch(
        url(event), {"venue": "Ailleurs"}, format="json"
    )
    assert response.status_code == 403
    assert response.json() == {
        "detail": "Only the organizer of this event may do this.",
        "code": "organizer_only",
    }
    event.refresh_from_db()
    assert event.venue == "Salle communautaire"


def test_another_organizer_does_not_learn_the_event_exists(api_client, event, other_organizer):
    response = logged_in(api_client, other_organizer).patch(
        url(event), {"venue": "X"}, format="json"
    )
    assert response.status_code == 404
    assert response.json()["detail"] == f"No event with the slug “{event.slug}”."


def test_the_game_is_fixed_once_the_first_round_is_seated(organizer_api, event):
    organizer_api.post(url(event, "rounds/"), {}, format="json")
    response = organizer_api.patch(
        url(event), {"movement": "swiss", "venue": "Ailleurs"}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "detail": "“movement” cannot change once the first round is seated.",
        "code": "fixed",
        "field": "movement",
    }
    event.refresh_from_db()
    assert (event.movement, event.venue) == ("winners_stay", "Salle communautaire")


def test_the_series_cannot_be_shortened_below_the_seated_rounds(organizer_api, event):
    organizer_api.post(url(event, "rounds/"), {}, format="json")
    organizer_api.post(url(event, "rounds/"), {"force": True}, format="json")
    for response in (
        organizer_api.patch(url(event), {"number_of_games": 1}, format="json"),
        organizer_api.post(url(event, "number-of-games/"), {"number_of_games": 1}, format="json"),
    ):
        assert response.status_code == 400
        assert response.json() == {
            "detail": "2 rounds are already seated: the series cannot be shorter than that.",
            "code": "too_few",
            "field": "number_of_games",
        }
    event.refresh_from_db()
    assert event.number_of_games == 8


def test_an_official_changes_the_number_of_games(api_client, event, official):
    response = logged_in(api_client, official).post(
        url(event, "number-of-games/"), {"number_of_games": 10}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["number_of_games"] == 10


def test_a_number_of_games_out_of_range_is_refused(organizer_api, event):
    response = organizer_api.post(
        url(event, "number-of-games/"), {"number_of_games": 31}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["detail"] == (
        "number_of_games: The number of games must be between 1 and 30."
    )
    assert response.json()["field"] == "number_of_games"
    event.refresh_from_db()
    assert event.number_of_games == 8


# --- seating -----------------------------------------------------------------------------------


def test_an_official_seats_the_first_round(api_client, event, official):
    response = logged_in(api_client, official).post(url(event, "rounds/"), {}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["number"] == 1 and body["forced"] is False
    assert [g["table"] for g in body["games"]] == [1, 2, 3]
    event.refresh_from_db()
    assert event.status == "running"


def test_the_next_round_waits_for_every_result_unless_forced(organizer_api, event):
    organizer_api.post(url(event, "rounds/"), {}, format="json")
    refused = organizer_api.post(url(event, "rounds/"), {}, format="json")
    assert refused.status_code == 400
    assert refused.json()["code"] == "round_open"
    assert refused.json()["detail"].startswith(
        "Round 1 still has 3 games without a confirmed result."
    )
    assert Round.objects.filter(event=event).count() == 1
    forced = organizer_api.post(url(event, "rounds/"), {"force": True}, format="json")
    assert forced.status_code == 201
    assert forced.json()["forced"] is True


def test_an_event_needs_three_teams(organizer_api, make_event):
    small = make_event(2, name="Trop petit")
    response = organizer_api.post(url(small, "rounds/"), {}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "detail": "An event needs at least 3 teams to take place: 2 registered.",
        "code": "too_few_teams",
    }
    assert not small.rounds.exists()


def test_a_force_flag_must_be_a_boolean(organizer_api, event):
    response = organizer_api.post(url(event, "rounds/"), {"force": "perhaps"}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "force"
    assert response.json()["detail"] == "force: Must be a valid boolean."
    assert not event.rounds.exists()


def test_playoffs_wait_for_the_whole_series(organizer_api, event):
    organizer_api.post(url(event, "rounds/"), {}, format="json")
    response = organizer_api.post(url(event, "playoffs/"), {}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "detail": "Playoffs come after the whole series is played and confirmed.",
        "code": "series_open",
    }


# --- release and standings ---------------------------------------------------------------------


def test_standings_stay_hidden_until_released(api_client, event, organizer):
    hidden = api_client.get(url(event, "standings/"))
    assert hidden.status_code == 403
    assert hidden.json() == {"detail": "The results are not released yet.", "code": "not_released"}
    released = logged_in(api_client, organizer).post(url(event, "release/"), {}, format="json")
    assert released.status_code == 200
    assert released.json()["released_at"] is not None
    api_client.credentials()
    shown = api_client.get(url(event, "standings/"))
    assert shown.status_code == 200
    body = shown.json()
    assert body["released"] is True
    assert len(body["rows"]) == 6
    assert {row["team"]["name"] for row in body["rows"]} == {f"Équipe {i}" for i in range(1, 7)}
    assert body["columns"][0]["key"] in body["rows"][0]["metrics"]


def test_officials_see_the_standings_before_the_release(api_client, event, official):
    response = logged_in(api_client, official).get(url(event, "standings/"))
    assert response.status_code == 200
    assert response.json()["released"] is False


def test_releasing_twice_is_refused_and_hiding_again_works(organizer_api, event):
    organizer_api.post(url(event, "release/"), {}, format="json")
    again = organizer_api.post(url(event, "release/"), {}, format="json")
    assert again.status_code == 400
    assert again.json() == {"detail": "The results are already released.", "code": "released"}
    hidden = organizer_api.post(url(event, "release/"), {"released": False}, format="json")
    assert hidden.json()["released_at"] is None


def test_the_audit_log_lists_changes_newest_first(organizer_api, event):
    organizer_api.post(url(event, "rounds/"), {}, format="json")
    response = organizer_api.get(url(event, "audit/"))
    assert response.status_code == 200
    actions = [entry["action"] for entry in response.json()["results"]]
    assert actions[0] == "round.seat"
    assert actions[-1] == "event.create"
    assert response.json()["results"][0]["actor"] == "Organizer"
