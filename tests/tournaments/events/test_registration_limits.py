"""Issue 16: one person cannot be both captain and partner; team and player names have a length
limit with a clear message; the same refusals on the teams page, through the API and in a CSV
import, and none of them registers anything."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from tournaments.errors import RuleError
from tournaments.events.csv_import import import_teams
from tournaments.events.names import PLAYER_NAME_MAX, TEAM_NAME_MAX
from tournaments.events.teams import add_team
from tournaments.models import Player, Team

pytestmark = pytest.mark.django_db

LONG_TEAM = "Les Rois du Crib de Saint-Jean-sur-Richelieu et de la Montérégie réunis"  # 71


def counts():
    return Team.objects.count(), Player.objects.count()


@pytest.fixture
def empty_event(make_event):
    return make_event(0)


def test_the_limits_fit_real_names():
    assert len("Les Rois du Crib de Saint-Jean-sur-Richelieu") <= TEAM_NAME_MAX < len(LONG_TEAM)
    assert len("Marie-Ève Tremblay-Bouchard") <= PLAYER_NAME_MAX


@pytest.mark.parametrize(
    ("fields", "code", "field"),
    [
        (dict(name="Les As", captain="Jean Roy", partner="Jean Roy"), "same_player", "partner"),
        (
            dict(name="Les As", captain="Jean Roy", partner="  jean   ROY "),
            "same_player",
            "partner",
        ),
        (dict(name=LONG_TEAM, captain="Rita", partner="Paul"), "too_long", "name"),
        (
            dict(name="Les As", captain="R" * (PLAYER_NAME_MAX + 1), partner="Paul"),
            "too_long",
            "captain",
        ),
        (
            dict(name="Les As", captain="Rita", partner="P" * (PLAYER_NAME_MAX + 1)),
            "too_long",
            "partner",
        ),
        (dict(name="Les\nAs", captain="Rita", partner="Paul"), "control_character", "name"),
    ],
)
def test_service_refusals_change_nothing(empty_event, organizer, fields, code, field):
    before = counts()
    with pytest.raises(RuleError) as error:
        add_team(empty_event, organizer, **fields)
    assert (error.value.code, error.value.field) == (code, field)
    assert counts() == before


def test_same_name_with_two_different_member_numbers_is_two_people(empty_event, organizer):
    team = add_team(
        empty_event,
        organizer,
        name="Père et fils",
        captain="Jean Roy",
        partner="Jean Roy",
        captain_member_number="A-1",
        partner_member_number="A-2",
    )
    assert team.captain_player_id != team.partner_player_id


def test_teams_page_says_why_in_french(empty_event, organizer):
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    client.force_login(organizer)
    page = client.post(
        f"/organize/{empty_event.slug}/teams/",
        {"team-name": "Les As", "team-captain": "Jean Roy", "team-partner": "Jean Roy"},
    )
    assert page.status_code == 200
    assert (
        "«\u00a0Jean Roy\u00a0» est inscrit à la fois comme capitaine et comme partenaire : le "
        "partenaire est une autre personne."
    ) in page.content.decode()
    page = client.post(
        f"/organize/{empty_event.slug}/teams/",
        {"team-name": LONG_TEAM, "team-captain": "Rita", "team-partner": "Paul"},
    )
    assert f'maxlength="{TEAM_NAME_MAX}"' in page.content.decode()
    assert f"au plus {TEAM_NAME_MAX} caractères" in page.content.decode()
    assert Team.objects.count() == 0


def test_api_refuses_with_a_detail_and_the_field(empty_event, organizer, api_client):
    api_client.force_authenticate(organizer)
    url = f"/api/v1/events/{empty_event.slug}/teams/"
    same = api_client.post(
        url, {"name": "Les As", "captain": "Rita", "partner": "rita"}, format="json"
    )
    assert same.status_code == 400
    assert (
        same.json()["code"] == "same_player"
        and "partner is another person" in same.json()["detail"]
    )
    long = api_client.post(
        url, {"name": LONG_TEAM, "captain": "Rita", "partner": "Paul"}, format="json"
    )
    assert long.status_code == 400 and "detail" in long.json()
    assert str(TEAM_NAME_MAX) in str(long.json())
    assert Team.objects.count() == 0


def test_csv_import_names_the_line_and_registers_nothing(empty_event, organizer):
    before = counts()
    text = f"Les As;Rita;Paul\n{LONG_TEAM};Léa;Zoé\n"
    with translation.override("en"), pytest.raises(RuleError) as error:
        import_teams(empty_event, organizer, text)
    assert str(error.value).startswith(
        f"Line 2: The team name is 71 characters long: at most {TEAM_NAME_MAX}"
    )
    with pytest.raises(RuleError) as error:
        import_teams(empty_event, organizer, "Les As;Rita;Paul\nLes Rois;Léa;léa\n")
    assert str(error.value).startswith("Line 2:") and error.value.code == "same_player"
    assert counts() == before
