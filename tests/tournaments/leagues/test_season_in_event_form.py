"""An event is put in its season from its own form (issue 34, point 8): creation and settings
offer the seasons of the leagues the organizer organizes; an event created in no season while
the organizer has seasons gets a gentle word pointing to its settings."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from tournaments.leagues.seasons import create_league, create_season
from tournaments.models import Event

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Omnium de Noël",
    "date": "2026-12-12",
    "game_type": "cribbage",
    "rule_set": "FADOQ",
    "number_of_games": 8,
    "scoring_system": "fadoq",
    "movement": "winners_stay",
    "confirmation": "both_captains",
    "visibility": "release",
}


def text(response) -> str:
    return html.unescape(" ".join(response.content.decode().split()))


@pytest.fixture
def french(organizer) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    client.force_login(organizer)
    return client


@pytest.fixture
def season(organizer):
    league = create_league(organizer, name="FADOQ Saguenay")
    return create_season(league, organizer, name="Saison 2026-2027")


def test_the_new_event_form_offers_my_seasons_only(french, season, other_organizer):
    theirs = create_season(
        create_league(other_organizer, name="Ligue d’ailleurs"), other_organizer, name="Autre"
    )
    page = text(french.get("/organize/new/"))
    assert "Saison" in page and "Dans aucune saison" in page
    # The organizer's one season is chosen already (« Dans aucune saison » stays offered).
    assert (
        f'<option value="{season.pk}" selected>FADOQ Saguenay — Saison 2026-2027</option>' in page
    )
    # Their season is not offered (by its label: other choices, best of 3, may have its id).
    assert "Ligue d’ailleurs" not in page and f'<option value="{theirs.pk}">Ligue' not in page


def test_an_event_is_created_in_its_season(french, season):
    french.post("/organize/new/", {**FORM, "season": season.pk})
    assert Event.objects.get(name="Omnium de Noël").season == season


def test_created_in_no_season_a_gentle_prompt(french, season):
    response = french.post("/organize/new/", FORM, follow=True)
    event = Event.objects.get(name="Omnium de Noël")
    assert event.season is None
    assert (
        "Cet événement n’est dans aucune saison. S’il compte pour une saison de ligue, "
        "choisissez-la dans les paramètres de l’événement."
    ) in re.sub(r"<[^>]+>", "", text(response))
    # The settings as a link to tap, not an address in words.
    html = response.content.decode()
    assert f'<a href="/organize/{event.slug}/settings/">les paramètres de l’événement</a>' in html


def test_no_prompt_nor_field_without_seasons(french):
    assert "Dans aucune saison" not in text(french.get("/organize/new/"))
    response = french.post("/organize/new/", FORM, follow=True)
    assert "n’est dans aucune saison" not in text(response)


def test_the_settings_put_the_event_in_a_season_and_take_it_out(french, season, make_event):
    event = make_event(4)
    french.post(f"/organize/{event.slug}/settings/", {**FORM, "season": season.pk})
    assert Event.objects.get(pk=event.pk).season == season
    page = text(french.get(f"/organize/{event.slug}/settings/"))
    assert f'<option value="{season.pk}" selected>' in page
    french.post(f"/organize/{event.slug}/settings/", {**FORM, "season": ""})
    assert Event.objects.get(pk=event.pk).season is None


def test_a_season_counting_game_points_warns_an_event_counting_something_else(french, organizer):
    """Issue 50's leftover: an event counting accumulated points put in a season scored by the
    ACC's rule (12 game points or more a night) is saved with a warning; a game-points event
    is not warned; another scoring system than the season's other events is said too."""
    league = create_league(organizer, name="Club du mardi")
    season = create_season(league, organizer, name="Hiver", aggregation="threshold")
    nights = {**FORM, "scoring_system": "game_points", "season": season.pk}
    quiet = text(french.post("/organize/new/", {**nights, "name": "Soirée 1"}, follow=True))
    assert "compte chaque soirée" not in quiet and "D’autres événements" not in quiet
    response = text(french.post("/organize/new/", {**FORM, "season": season.pk}, follow=True))
    assert Event.objects.get(name="Omnium de Noël").season == season  # saved all the same
    assert (
        "La saison « Hiver » compte chaque soirée par ses points de partie; « Omnium de "
        "Noël » compte les points accumulés (FADOQ) : ses soirées seraient comptées sur cette "
        "base."
    ) in response
    assert (
        "D’autres événements de la saison « Hiver » comptent les points de partie (victoire "
        "2, pétrin 3); « Omnium de Noël » compte les points accumulés (FADOQ) : ses points de "
        "saison ne se compareraient pas aux leurs."
    ) in response


def test_with_two_seasons_the_organizer_chooses(french, season, organizer):
    second = create_season(season.league, organizer, name="Saison 2027-2028")
    page = text(french.get("/organize/new/"))
    assert " selected>FADOQ Saguenay" not in page
    assert f'<option value="{second.pk}">FADOQ Saguenay — Saison 2027-2028</option>' in page
