"""Issue 34, point 5: every role's menus are built from what the viewer may open. Each link of
each role's menus (the site's menu, the event's and the organizer's, the organizer's and the
league's pages, the captain's page) is followed as that person: none answers 404 or 403."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command
from django.test import Client

from accounts.models import User
from tests.conftest import link_of
from tournaments.models import Event

pytestmark = pytest.mark.django_db

HREF = re.compile(r'<a [^>]*href="([^"]+)"')
# Where the walk starts, per role: the pages that person is given (their menus lead on).
STARTS = {
    "anonymous": ["/", "/e/demo-fadoq/"],
    "captain": ["{captain}"],
    "official": ["/organize/", "/organize/demo-fadoq/", "/organize/demo-fadoq/desk/"],
    "organizer": [
        "/organize/",
        "/organize/demo-fadoq/",
        "/organize/leagues/",
        "/organize/leagues/fadoq-saguenay/",
    ],
    "staff": ["/organize/", "/organize/demo-fadoq/", "/organize/leagues/"],
}
LOGINS = {
    "official": "arbitre@huche.demo",
    "organizer": "organisatrice@huche.demo",
    "staff": "admin@huche.demo",
}


def links(html: str) -> set[str]:
    found = set()
    for href in HREF.findall(html):
        href = href.replace("&amp;", "&")
        parts = urlsplit(href)
        if parts.scheme or parts.netloc or href.startswith(("#", "/static/", "mailto:")):
            continue
        found.add(href)
    return found


def client_for(role: str, captain: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    if role in LOGINS:
        client.force_login(User.objects.get(email=LOGINS[role]))
    if role == "captain":
        token = captain.strip("/").split("/")[-1]
        link = link_of(Event.objects.get(slug="demo-fadoq").teams.get(links__token=token))
        assert client.post(captain, {"pin": link.pin}).status_code == 302
    return client


@pytest.mark.parametrize("role", sorted(STARTS))
def test_every_link_of_every_menu_opens_for_its_viewer(role):
    call_command("load_demo", quiet=True)
    event = Event.objects.get(slug="demo-fadoq")
    captain = f"/c/{link_of(event.teams.order_by('pk').first()).token}/"
    client = client_for(role, captain)
    broken = []
    for start in STARTS[role]:
        start = start.format(captain=captain)
        page = client.get(start)
        assert page.status_code == 200, (role, start, page.status_code)
        for href in sorted(links(page.content.decode())):
            status = client.get(href).status_code
            if status in (403, 404):
                broken.append(f"{start} → {href}: {status}")
    assert not broken, f"{role} is offered links that do not open:\n" + "\n".join(broken)


def test_the_officials_menu_has_no_organizer_only_page(client):
    call_command("load_demo", quiet=True)
    client.force_login(User.objects.get(email=LOGINS["official"]))
    menu = client.get("/organize/demo-fadoq/desk/", HTTP_ACCEPT_LANGUAGE="fr-ca").content.decode()
    nav = menu[menu.index('data-menu="event"') :].split("</nav>")[0]
    assert "Bureau des officiels" in nav
    for organizer_only in ("Paramètres", "Officiels<", "Journal des modifications"):
        assert organizer_only not in nav
