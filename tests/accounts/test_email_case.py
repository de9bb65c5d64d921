"""Issue 49, point 1: people type their address as they write it (``Ginette.Lavoie@FADOQ-
Mauricie.ca``); accounts are stored in lowercase, and every door matches without regard to
case: the login page, the admin's login, the API token. The refusal says « adresse courriel »
in a sentence of Huche's own (Django's says « un adresse courriel »)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from accounts.models import User

pytestmark = pytest.mark.django_db
TYPED = "Ginette.Lavoie@FADOQ-Mauricie.ca"
PASSWORD = "Cribbage-Mauricie-26"


@pytest.fixture(autouse=True)
def ginette():
    cache.clear()
    yield User.objects.create_user(TYPED, PASSWORD, display_name="Ginette Lavoie")
    cache.clear()


def test_the_account_is_stored_in_lowercase():
    assert User.objects.get().email == "ginette.lavoie@fadoq-mauricie.ca"


@pytest.mark.parametrize("typed", [TYPED, TYPED.upper(), " ginette.lavoie@fadoq-mauricie.ca"])
def test_the_login_page_takes_the_address_as_she_writes_it(typed):
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    response = client.post("/accounts/login/", {"username": typed, "password": PASSWORD})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert client.get("/organize/").status_code == 200


def test_a_wrong_password_is_refused_in_proper_french():
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    response = client.post("/accounts/login/", {"username": TYPED, "password": "devine"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "un adresse" not in html
    assert "Adresse courriel ou mot de passe erroné" in html


def test_the_admin_login_takes_the_address_as_typed(ginette):
    ginette.is_staff = True
    ginette.save()
    client = Client()
    response = client.post("/admin/login/?next=/admin/", {"username": TYPED, "password": PASSWORD})
    assert response.status_code == 302


def test_the_api_token_takes_the_address_as_typed(api_client):
    response = api_client.post(
        "/api/v1/auth/token/", {"email": TYPED, "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200 and response.json()["token"]
