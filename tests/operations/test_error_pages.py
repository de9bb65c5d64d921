"""Every error a captain or a visitor can reach is a page in their language, never Django's
debug page or a bare English line (DEBUG off, as at a hall or on the central site)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import path

from config.urls import urlpatterns as site


def refuse(request):
    raise PermissionDenied


def fail(request):
    raise RuntimeError("a bug")


urlpatterns = [path("t/forbidden/", refuse), path("t/fail/", fail), *site]
handler400 = "operations.faults.bad_request"
handler404 = "operations.faults.not_found"
handler500 = "operations.faults.server_error"

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-CA"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def production(settings):
    settings.DEBUG = False
    settings.ROOT_URLCONF = __name__
    settings.ALLOWED_HOSTS = ["testserver"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "status", "french", "english"),
    [
        ("/no/such/page/", 404, "Page introuvable", "Page not found"),
        ("/t/forbidden/", 403, "Accès refusé", "Access refused"),
        ("/t/fail/", 500, "Une erreur s'est produite", "Something went wrong"),
    ],
)
def test_errors_are_pages_in_the_visitors_language(production, url, status, french, english):
    for headers, words, other in ((FRENCH, french, english), (ENGLISH, english, french)):
        response = Client(raise_request_exception=False).get(url, **headers)
        html = response.content.decode()
        assert response.status_code == status
        assert f"<h1>{words}</h1>" in html and other not in html
        assert "Traceback" not in html and "urlpatterns" not in html.lower()


@pytest.mark.django_db
def test_a_refused_form_says_so_in_french(production):
    response = Client(enforce_csrf_checks=True).post(
        "/accounts/login/", {"username": "x", "password": "y"}, **FRENCH
    )
    html = response.content.decode()
    assert response.status_code == 403
    assert "<h1>Formulaire expiré</h1>" in html and "Rien n'a été enregistré" in html
    assert "CSRF" not in html


@pytest.mark.django_db
def test_an_unknown_host_gets_a_page_not_a_debug_trace(production):
    response = Client().get("/", HTTP_HOST="evil.example", **FRENCH)
    html = response.content.decode()
    assert response.status_code == 400
    assert "<h1>Requête refusée</h1>" in html
    assert "Ce site ne répond pas au nom evil.example." in html and "HTTP_HOST" not in html
