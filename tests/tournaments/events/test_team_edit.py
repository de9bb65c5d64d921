"""Correcting a team after registration (issue 16: "team edit"): from the Teams page or the API,
by an organizer or an official; a typo in a name is fixed on the player (the same person in the
league's other events), never by creating a new player; audited; refused clearly, changing
nothing, when the event is finished or the name is taken."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.builders.scene import captain, logged_in
from tournaments.events.team_edit import edit_team
from tournaments.leagues import seasons as leagues
from tournaments.models import AuditEntry, Event, Player

pytestmark = pytest.mark.django_db


def french(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    client.force_login(user)
    return client


def form_of(team, **changes) -> dict:
    values = {
        "name": team.name,
        "captain": team.captain,
        "partner": team.partner,
        "captain_member_number": "",
        "partner_member_number": "",
    }
    return values | changes


def test_the_teams_page_links_to_the_correction_of_each_team(event, official):
    html = french(official).get(f"/organize/{event.slug}/teams/").content.decode()
    for team in event.teams.all():
        assert f'href="/organize/{event.slug}/teams/{team.pk}/edit/"' in html


def test_a_captains_name_typo_is_fixed_on_the_player(event, organizer):
    team = event.teams.order_by("id").first()
    player, players = team.captain_player, Player.objects.count()
    response = french(organizer).post(
        f"/organize/{event.slug}/teams/{team.pk}/edit/",
        form_of(team, name="Les Rois du Crib", captain="Gisèle Tremblay"),
        follow=True,
    )
    assert "L&#x27;équipe Les Rois du Crib est enregistrée." in response.content.decode()
    team.refresh_from_db()
    player.refresh_from_db()
    assert (team.name, team.captain) == ("Les Rois du Crib", "Gisèle Tremblay")
    assert team.captain_player_id == player.pk and player.name == "Gisèle Tremblay"
    assert Player.objects.count() == players  # corrected, not a new player
    entry = AuditEntry.objects.get(action="team.edit")
    assert entry.event == event and entry.actor == organizer
    assert (entry.before["name"], entry.after["name"]) == ("Équipe 1", "Les Rois du Crib")
    assert entry.after["captain"] == "Gisèle Tremblay"


def test_a_name_another_team_has_is_refused_and_nothing_changes(event, official):
    first, second = event.teams.order_by("id")[:2]
    html = (
        french(official)
        .post(
            f"/organize/{event.slug}/teams/{first.pk}/edit/",
            form_of(first, name=second.name.upper(), captain="Autre"),
        )
        .content.decode()
    )
    assert f"Une équipe nommée « {second.name.upper()} »" in html or "déjà inscrite" in html
    first.refresh_from_db()
    assert first.name == "Équipe 1" and first.captain_player.name == "Capitaine 1"
    assert not AuditEntry.objects.filter(action="team.edit").exists()


def test_a_finished_event_refuses_corrections_until_reopened(event, organizer):
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    team = event.teams.order_by("id").first()
    client = french(organizer)
    page = client.get(f"/organize/{event.slug}/teams/{team.pk}/edit/").content.decode()
    assert "Le tournoi est terminé : rouvrez-le pour corriger ses équipes." in page
    html = client.post(
        f"/organize/{event.slug}/teams/{team.pk}/edit/", form_of(team, captain="Quelqu'un")
    ).content.decode()
    assert "rouvrez-le pour corriger ses équipes" in html
    team.refresh_from_db()
    assert team.captain == "Capitaine 1" and team.captain_player.name == "Capitaine 1"


def test_a_cribbage_team_keeps_a_partner(event, organizer):
    team = event.teams.order_by("id").first()
    html = (
        french(organizer)
        .post(f"/organize/{event.slug}/teams/{team.pk}/edit/", form_of(team, partner=""))
        .content.decode()
    )
    assert "Indiquez le nom du partenaire." in html
    team.refresh_from_db()
    assert team.partner == "Partenaire 1"


def test_a_member_number_of_another_league_player_is_refused(event, organizer):
    league = leagues.create_league(organizer, name="Ligue FADOQ Laurentides")
    season = leagues.create_season(
        league,
        organizer,
        name="Automne 2026",
        aggregation="placement",
        placement_points=[10, 6, 4],
        best_of=3,
    )
    leagues.set_season_events(season, organizer, [event.pk])
    Player.objects.create(league=league, name="Réjean Côté", member_number="F-1234")
    team = event.teams.order_by("id").first()
    Player.objects.filter(pk=team.captain_player_id).update(league=league)
    team.refresh_from_db()
    with pytest.raises(Exception, match="F-1234") as refused:
        edit_team(team, organizer, **form_of(team, captain_member_number="F-1234"))
    assert getattr(refused.value, "code", "") == "number_taken"
    edit_team(team, organizer, **form_of(team, captain_member_number="F-5678"))
    team.captain_player.refresh_from_db()
    assert team.captain_player.member_number == "F-5678"


def test_the_api_corrects_a_team_for_an_official_not_for_a_captain(event, official):
    team = event.teams.order_by("id").first()
    url = f"/api/v1/events/{event.slug}/teams/{team.pk}/"
    refused = captain(APIClient(), team).patch(url, {"captain": "Moi"}, format="json")
    assert refused.status_code == 403 and refused.json()["detail"]
    client = logged_in(APIClient(), official)
    response = client.patch(url, {"partner": "Réjean Côté"}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["partner"] == "Réjean Côté"
    team.refresh_from_db()
    assert (team.name, team.captain, team.partner) == ("Équipe 1", "Capitaine 1", "Réjean Côté")
    assert team.partner_player.name == "Réjean Côté"
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    finished = client.patch(url, {"partner": "Autre"}, format="json", HTTP_ACCEPT_LANGUAGE="fr-CA")
    assert finished.status_code == 400 and "rouvrez-le" in finished.json()["detail"]


def test_the_audit_log_says_the_correction_in_words(event, organizer):
    team = event.teams.order_by("id").first()
    edit_team(
        team, organizer, **form_of(team, captain="Gisèle Tremblay", captain_member_number="F-1")
    )
    html = french(organizer).get(f"/organize/{event.slug}/audit/").content.decode()
    html = html.replace("&#x27;", "'")
    assert "a corrigé l’équipe Équipe 1." in html
    assert "Capitaine 1" in html and "Gisèle Tremblay" in html
    assert "Numéro de membre du capitaine" in html
    assert "team.edit" not in html and "captain_member_number" not in html
