"""Issue 21: correcting a team refuses exactly what registering it refuses (a team name of 61
characters, a player's name of 61, an invisible character, a name another team has), with the
same message, on the page, through the API and in the service; and the refusal changes nothing.
Before, an edit accepted 120 characters and line breaks: it made names registration refuses."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from tournaments.errors import RuleError
from tournaments.events.names import PLAYER_NAME_MAX, TEAM_NAME_MAX
from tournaments.events.team_edit import edit_team
from tournaments.events.teams import add_team
from tournaments.models import AuditEntry, Team

pytestmark = pytest.mark.django_db

GOOD = {"name": "Les Nouveaux", "captain": "Rita Roy", "partner": "Paul Roy"}
REFUSED = {
    "team name of 61 characters": {"name": "T" * (TEAM_NAME_MAX + 1)},
    "captain's name of 61 characters": {"captain": "C" * (PLAYER_NAME_MAX + 1)},
    "partner's name of 61 characters": {"partner": "P" * (PLAYER_NAME_MAX + 1)},
    "line break in the team name": {"name": "Les\nNouveaux"},
    "tab in the captain's name": {"captain": "Rita\tRoy"},
    "another team's name": {"name": "ÉQUIPE 2"},
}
CASES = pytest.mark.parametrize("change", REFUSED.values(), ids=list(REFUSED))


def snapshot(event) -> list[tuple]:
    return list(event.teams.order_by("id").values_list("name", "captain", "partner"))


def errors_in(html: str) -> list[str]:
    """The messages a person reads beside the form (field errors, then the page's messages)."""
    found = re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', html, re.S)
    return [unescape(m) for block in found for m in re.findall(r"<li>(.*?)</li>", block, re.S)]


def french(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    client.force_login(user)
    return client


@CASES
def test_the_service_refuses_an_edit_as_registration_does(event, organizer, change):
    team = event.teams.order_by("id").first()
    before = snapshot(event)
    with pytest.raises(RuleError) as registering:
        add_team(event, organizer, **(GOOD | change))
    with pytest.raises(RuleError) as editing:
        edit_team(team, organizer, **(GOOD | change))
    assert (editing.value.code, editing.value.field, editing.value.message) == (
        registering.value.code,
        registering.value.field,
        registering.value.message,
    )
    assert snapshot(event) == before
    assert not AuditEntry.objects.filter(action="team.edit").exists()


@CASES
def test_the_edit_page_says_what_the_teams_page_says(event, organizer, change):
    team = event.teams.order_by("id").first()
    client = french(organizer)
    before = snapshot(event)
    values = GOOD | change
    registering = client.post(
        f"/organize/{event.slug}/teams/", {f"team-{k}": v for k, v in values.items()}
    )
    editing = client.post(f"/organize/{event.slug}/teams/{team.pk}/edit/", values)
    assert registering.status_code == editing.status_code == 200
    said = errors_in(registering.content.decode())
    assert said and errors_in(editing.content.decode()) == said
    assert snapshot(event) == before


def test_the_edit_page_limits_typing_as_the_teams_page_does(event, organizer):
    team = event.teams.order_by("id").first()
    html = french(organizer).get(f"/organize/{event.slug}/teams/{team.pk}/edit/").content.decode()
    assert html.count(f'maxlength="{TEAM_NAME_MAX}"') >= 1
    assert 'maxlength="120"' not in html


@CASES
def test_the_api_refuses_an_edit_as_it_refuses_a_registration(event, organizer, api_client, change):
    team = event.teams.order_by("id").first()
    api_client.force_authenticate(organizer)
    before = snapshot(event)
    values = GOOD | change
    registering = api_client.post(f"/api/v1/events/{event.slug}/teams/", values, format="json")
    editing = api_client.patch(
        f"/api/v1/events/{event.slug}/teams/{team.pk}/", values, format="json"
    )
    assert registering.status_code == editing.status_code == 400
    assert editing.json()["detail"] == registering.json()["detail"]
    assert editing.json()["code"] == registering.json()["code"]
    assert snapshot(event) == before


def test_the_schema_shows_the_same_limits_for_registering_and_editing(api_client):
    schema = api_client.get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]
    for field, limit in (("name", TEAM_NAME_MAX), ("captain", PLAYER_NAME_MAX)):
        assert schema["TeamCreateRequest"]["properties"][field]["maxLength"] == limit
        assert schema["PatchedTeamEditRequest"]["properties"][field]["maxLength"] == limit


def test_a_name_registration_accepts_is_accepted_by_an_edit(event, organizer):
    team = event.teams.order_by("id").first()
    longest = "N" * TEAM_NAME_MAX
    edit_team(team, organizer, **(GOOD | {"name": longest, "captain": "C" * PLAYER_NAME_MAX}))
    assert Team.objects.get(pk=team.pk).name == longest
