"""A club that pastes its list every week (found in a walk-through: the season showed every player
twice, « Normand Lavoie » 1st and 8th). With « Enter names the league already knows as those
players », a name that one player of the league bears is entered as that player; two players
of that name, or one already playing in the event, are never guessed; without it names never
link, as before."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from tournaments.events.creation import create_event
from tournaments.events.csv_import import import_teams
from tournaments.models import League, Player, Season

pytestmark = pytest.mark.django_db

NAMES = "Normand Lavoie\nMarcel Bouchard\nLise Pelletier\n"


@pytest.fixture
def season(organizer):
    league = League.objects.create(name="Club ACC Laval", slug="laval", created_by=organizer)
    league.organizers.add(organizer)
    return Season.objects.create(league=league, name="2026-2027", slug="2026-2027")


def night(organizer, season, day: int):
    return create_event(
        organizer,
        name=f"Soirée du {day}",
        date=datetime.date(2026, 11, day),
        season=season,
        rule_set="STANDARD_2P_121",
        entry="singles",
        scoring_system="game_points",
        number_of_games=3,
        seed=day,
    )


def players_of(event) -> dict[str, Player]:
    return {team.name: team.captain_player for team in event.teams.all()}


def test_the_second_night_enters_the_same_people(organizer, season):
    first = import_teams(night(organizer, season, 3), organizer, NAMES, link_names=True)
    assert first.linked == [] and Player.objects.count() == 3
    # Typed a little otherwise the next week: case and spaces do not make another person.
    second_night = night(organizer, season, 10)
    second = import_teams(
        second_night,
        organizer,
        "normand  lavoie\nMarcel Bouchard\nLise Pelletier\nGilles Ouellet\n",
        link_names=True,
    )
    assert second.linked == ["normand  lavoie", "Marcel Bouchard", "Lise Pelletier"]
    assert Player.objects.count() == 4  # only Gilles is new
    before = {p.name: p for p in Player.objects.all()}
    after = players_of(second_night)
    assert after["Marcel Bouchard"] == before["Marcel Bouchard"]
    assert after["normand  lavoie"] == before["Normand Lavoie"]


def test_names_never_link_unless_asked(organizer, season):
    import_teams(night(organizer, season, 3), organizer, NAMES)
    imported = import_teams(night(organizer, season, 10), organizer, NAMES)
    assert imported.linked == [] and Player.objects.count() == 6


def test_two_people_of_one_name_are_never_guessed(organizer, season):
    league = season.league
    Player.objects.create(league=league, name="Marcel Bouchard", member_number="F-1")
    Player.objects.create(league=league, name="Marcel Bouchard", member_number="F-2")
    merged_away = Player.objects.create(league=league, name="Lise Pelletier")
    lise = Player.objects.create(league=league, name="Lise Pelletier")
    merged_away.merged_into = lise
    merged_away.save()
    event = night(organizer, season, 10)
    imported = import_teams(event, organizer, NAMES, link_names=True)
    assert imported.homonyms == ["Marcel Bouchard"]
    assert imported.linked == ["Lise Pelletier"]  # the merged duplicate is not a second Lise
    assert players_of(event)["Lise Pelletier"] == lise
    marcel = players_of(event)["Marcel Bouchard"]
    assert marcel.member_number == "" and Player.objects.filter(name="Marcel Bouchard").count() == 3


def test_a_namesake_already_in_the_event_is_not_them(organizer, season):
    """Two teams each with a « Jean Roy »: the second is another person, as without the box."""
    event = create_event(
        organizer, name="Omnium", date=datetime.date(2026, 11, 14), season=season, seed=1
    )
    imported = import_teams(
        event, organizer, "Les As;Jean Roy;Rita\nLes Rois;Jean Roy;Paul\n", link_names=True
    )
    assert imported.linked == []
    assert Player.objects.filter(name="Jean Roy").count() == 2
    again = create_event(
        organizer, name="Omnium 2", date=datetime.date(2026, 11, 21), season=season, seed=2
    )
    imported = import_teams(again, organizer, "Les Valets;Rita;Paul\n", link_names=True)
    assert imported.linked == ["Rita", "Paul"]


def test_the_teams_page_offers_it_on_and_says_what_it_did(organizer, season):
    import_teams(night(organizer, season, 3), organizer, NAMES)
    event = night(organizer, season, 10)
    client = Client()
    client.force_login(organizer)
    url = f"/organize/{event.slug}/teams/"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    box = re.search(r'<input[^>]*name="import-link_names"[^>]*>', page)
    assert box and " checked" in box.group(0)  # on unless the organizer unticks it
    assert "Inscrire les noms déjà connus de la ligue comme ces joueurs" in page
    response = client.post(
        f"{url}import/",
        {"import-text": NAMES, "import-link_names": "on"},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert "3 joueurs inscrits." in said
    assert (
        "3 noms sont des joueurs connus de la ligue, inscrits comme ces joueurs : "
        "Normand Lavoie, Marcel Bouchard, Lise Pelletier." in said
    )
    assert Player.objects.count() == 3


def test_the_api_links_by_name_only_when_asked(organizer, season, api_client):
    import_teams(night(organizer, season, 3), organizer, NAMES)
    event = night(organizer, season, 10)
    api_client.force_authenticate(organizer)
    url = f"/api/v1/events/{event.slug}/teams/import/"
    body = api_client.post(url, {"text": NAMES, "link_names": True}, format="json").json()
    assert body["created"] == 3 and body["linked"] == NAMES.split("\n")[:3]
    assert body["homonyms"] == [] and Player.objects.count() == 3
