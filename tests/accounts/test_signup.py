"""From a blank install, a club organizer opens an account on a page (no admin, no command
line), in French or English: Django's password rules, one account per email, throttled per
connection like the login, recorded in the audit log; then creates an event at once."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from accounts.models import User
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db
GOOD = {
    "email": "Lucie.Gagnon@Example.org",
    "display_name": "Lucie Gagnon",
    "password1": "Cribbage-Laurentides-26",
    "password2": "Cribbage-Laurentides-26",
}


@pytest.fixture(autouse=True)
def empty_throttle():
    cache.clear()
    yield
    cache.clear()


def test_the_login_page_leads_a_new_organizer_to_the_signup_page():
    html = Client(HTTP_ACCEPT_LANGUAGE="fr-CA").get("/accounts/login/").content.decode()
    assert 'href="/accounts/signup/"' in html and "Créer un compte d'organisateur<" in html


def test_a_new_organizer_opens_an_account_and_creates_an_event():
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    response = client.post("/accounts/signup/", GOOD, follow=True)
    assert response.redirect_chain[-1][0] == "/organize/new/"
    assert "est créé : vous êtes connecté" in response.content.decode()
    user = User.objects.get()
    assert (user.email, user.display_name, user.is_staff) == (
        "lucie.gagnon@example.org",
        "Lucie Gagnon",
        False,
    )
    assert user.check_password(GOOD["password1"])
    entry = AuditEntry.objects.get(action="account.create")
    assert entry.actor == user and entry.event is None
    assert "password" not in str(entry.after)
    created = client.post(
        "/organize/new/",
        {
            "name": "Omnium",
            "date": "2026-11-28",
            "venue": "Salle",
            "game_type": "cribbage",
            "rule_set": "FADOQ",
            "number_of_games": 8,
            "scoring_system": "fadoq",
            "tiebreaks": "",
            "movement": "winners_stay",
            "confirmation": "both_captains",
            "visibility": "release",
        },
    )
    assert created.status_code == 302 and created["Location"].endswith("/teams/")


@pytest.mark.parametrize(
    "password, said",
    [
        ("12345678901", "entièrement numérique"),
        ("password123", "trop courant"),
        ("court1", "trop court"),
    ],
)
def test_a_weak_password_is_refused_in_french_and_creates_nothing(password, said):
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    html = client.post(
        "/accounts/signup/", GOOD | {"password1": password, "password2": password}
    ).content.decode()
    assert said in html
    # Said under "Mot de passe", where it was chosen, not under its repetition.
    chosen, repeated = html.split('id="id_password2"', 1)
    assert said in chosen.split('id="id_password1"', 1)[1] and said not in repeated
    assert not User.objects.exists()


def test_an_email_already_used_is_refused_whatever_its_case():
    User.objects.create_user("lucie.gagnon@example.org", "x-Secret-99")
    html = Client(HTTP_ACCEPT_LANGUAGE="fr-CA").post("/accounts/signup/", GOOD).content.decode()
    assert "Un compte utilise déjà cette adresse courriel" in html
    assert User.objects.count() == 1


def test_the_page_speaks_english_too():
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get("/accounts/signup/").content.decode()
    assert "Create an organizer account" in html and "Create my account" in html


def test_signups_from_one_connection_are_throttled(settings):
    settings.THROTTLE_SIGNUP_CLIENT = {"failures": 2, "window": 3600}
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    for n in range(2):
        client.post("/accounts/signup/", GOOD | {"email": f"o{n}@example.org"})
        client.logout()
    response = client.post("/accounts/signup/", GOOD | {"email": "o9@example.org"})
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    assert "Trop de comptes ouverts depuis cette connexion" in response.content.decode()
    assert not User.objects.filter(email="o9@example.org").exists()
    assert User.objects.count() == 2


def test_a_logged_in_user_is_sent_to_their_events():
    client = Client()
    client.force_login(User.objects.create_user("a@example.org", "x-Secret-99"))
    assert client.get("/accounts/signup/")["Location"] == "/organize/"


def test_a_central_site_may_close_signups(settings):
    settings.HUCHE_SIGNUP = False
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    assert 'href="/accounts/signup/"' not in client.get("/accounts/login/").content.decode()
    response = client.post("/accounts/signup/", GOOD)
    assert response.status_code == 403
    assert "Ce site n'ouvre pas de comptes de lui-même" in response.content.decode().replace(
        "&#x27;", "'"
    )
    assert not User.objects.exists()
