"""Issue 50: a call that asks for no language (no ``Accept-Language``: a club's script, a
spreadsheet fetching a CSV) gets the site's language, ``HUCHE_LANGUAGE`` (``LANGUAGE_CODE``):
French by default, English on an English-speaking club's site. The API's JSON answers, its CSV
and the organizer pages' CSV downloads alike; a caller's own choice still wins."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.builders.scene import API, logged_in
from tournaments.seating.rounds import seat_next_round

pytestmark = pytest.mark.django_db


FRENCH = (
    "Ronde;Type;Table;Équipe A;Équipe B;Pointage A;Pointage B;Gagnant;Pétrin;État;Déclaré le;"
    "Confirmé le"
)
ENGLISH = (
    "Round,Kind,Table,Team A,Team B,Score A,Score B,Winner,Skunk,Status,Reported at,Confirmed at"
)


def first_line(response) -> str:
    body = b"".join(response.streaming_content).decode("utf-8-sig")
    return body.splitlines()[0]


@pytest.fixture
def seated(event, organizer):
    seat_next_round(event, organizer)
    return event


def api_csv(event, organizer, **headers):
    client = logged_in(APIClient(**headers), organizer)  # APIClient() sends no Accept-Language
    return client.get(f"{API}events/{event.slug}/export/games/?format=csv")


def page_csv(event, organizer, **headers):
    client = Client(**headers)
    client.force_login(organizer)
    return client.get(f"/organize/{event.slug}/export/games.csv")


@pytest.mark.parametrize("fetch", [api_csv, page_csv], ids=["api", "page"])
def test_a_csv_asked_in_no_language_is_french_by_default(seated, organizer, settings, fetch):
    settings.LANGUAGE_CODE = "fr-ca"  # HUCHE_LANGUAGE unset
    response = fetch(seated, organizer)
    assert response.status_code == 200
    header = first_line(response)
    assert header == FRENCH  # French words, French Excel's ';'


@pytest.mark.parametrize("fetch", [api_csv, page_csv], ids=["api", "page"])
def test_a_csv_asked_in_no_language_is_english_on_an_english_site(
    seated, organizer, settings, fetch
):
    settings.LANGUAGE_CODE = "en"  # HUCHE_LANGUAGE=en
    response = fetch(seated, organizer)
    assert response.status_code == 200
    header = first_line(response)
    assert header == ENGLISH


@pytest.mark.parametrize("fetch", [api_csv, page_csv], ids=["api", "page"])
def test_the_callers_language_wins_over_the_sites(seated, organizer, settings, fetch):
    settings.LANGUAGE_CODE = "en"
    response = fetch(seated, organizer, HTTP_ACCEPT_LANGUAGE="fr-CA")
    assert first_line(response) == FRENCH


def test_a_json_answer_in_no_language_follows_the_site(seated, organizer, settings):
    client = logged_in(APIClient(), organizer)
    refusal = {"name": "X", "date": "2027-01-09", "rule_set": "POKER"}
    settings.LANGUAGE_CODE = "en"
    english = client.post(f"{API}events/", refusal, format="json").json()["detail"]
    assert english.startswith("Unknown rule set “POKER”: choose one of ")
    settings.LANGUAGE_CODE = "fr-ca"
    french = client.post(f"{API}events/", refusal, format="json").json()["detail"]
    assert french.startswith("Valeur inconnue pour le règlement\u00a0: «\u00a0POKER\u00a0»")
