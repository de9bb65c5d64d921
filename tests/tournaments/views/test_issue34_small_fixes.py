"""Issue 34, point 17: league players in the order a French reader expects; the last
organizer is not offered "Retirer" (and is told why); a withdrawn team's page says "retirée";
an invitation's name is shown and its link can be seen again by the organizer who issued it."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from tournaments.events.teams import withdraw_team
from tournaments.models import League, Player

pytestmark = pytest.mark.django_db


def french(user=None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    if user is not None:
        client.force_login(user)
    return client


def test_league_players_are_listed_with_accented_names_in_place(organizer):
    league = League.objects.create(name="Ligue", slug="ligue")
    league.organizers.add(organizer)
    for name in ("Zoé Tremblay", "Élise Roy", "Eric Gagnon", "émile Côté", "Denis Roy"):
        Player.objects.create(league=league, name=name)
    page = french(organizer).get("/organize/leagues/ligue/players/").content.decode()
    order = sorted(
        ("Zoé Tremblay", "Élise Roy", "Eric Gagnon", "émile Côté", "Denis Roy"),
        key=lambda name: page.index(name),
    )
    assert order == ["Denis Roy", "Élise Roy", "émile Côté", "Eric Gagnon", "Zoé Tremblay"]


def test_the_last_organizer_is_not_offered_remove_and_is_told_why(event, organizer):
    page = french(organizer).get(f"/organize/{event.slug}/officials/").content.decode()
    person = page.split("data-person>")[1].split("</div>")[0]
    assert "Retirer" not in person
    assert "nommez d'abord un autre organisateur" in unescape(person)


def test_with_two_organizers_each_can_be_removed(event, organizer, other_organizer):
    from accounts.models import EventRole
    from accounts.roles import grant

    grant(other_organizer, event, EventRole.Role.ORGANIZER)
    page = french(organizer).get(f"/organize/{event.slug}/officials/").content.decode()
    assert page.count(">Retirer</button>") == 2 and "data-last-organizer" not in page


def test_a_withdrawn_teams_page_says_it_withdrew(event, organizer):
    team = event.teams.first()
    withdraw_team(team, organizer)
    page = unescape(french().get(f"/e/{event.slug}/teams/{team.pk}/").content.decode())
    assert "(retirée)" in page and "Cette équipe s'est retirée du tournoi" in page


def link_on(html: str) -> str:
    found = re.search(r'<textarea id="invitation-link" readonly>(.*?)</textarea>', html, re.S)
    return unescape(found.group(1)) if found else ""


def test_an_invitations_name_is_shown_and_its_link_can_be_seen_again(event, organizer):
    client = french(organizer)
    url = f"/organize/{event.slug}/officials/"
    client.post(url, {"email": "gilles@example.org", "name": "Gilles Lavoie", "role": "official"})
    first = client.get(url).content.decode()
    link = link_on(first)
    assert link and "Gilles Lavoie" in first.split('id="invitation"')[1].split("</h2>")[0]
    later = client.get(url).content.decode()  # the organizer looked away, came back
    invitation = later.split("data-invitation>")[1].split("</div>")[0]
    assert "Gilles Lavoie" in invitation and "gilles@example.org" in invitation
    again = re.search(r'href="(\?invitation=\d+)#invitation"', invitation).group(1)
    assert link_on(client.get(url + again).content.decode()) == link
    # another organizer's browser never sees it (the database keeps only the token's digest)
    assert link_on(french(organizer).get(url + again).content.decode()) == ""
