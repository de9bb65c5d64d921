"""What the desk prints and where its links point: a table sheet without any PIN, one slip per
captain with only their own PIN, and links a phone on the hall's Wi-Fi can open."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
from django.core.management import call_command
from django.test import Client, override_settings

from accounts.links import public_base_url
from accounts.models import User
from common import addresses
from tests.config.test_foundation import settings_in_subprocess
from tests.conftest import link_of
from tournaments.events.teams import withdraw_team
from tournaments.publishing.printing import qr_svg
from tournaments.seating import rounds as seating

LAN = "192.168.1.10"


@pytest.fixture
def desk(organizer):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organizer)
    return client


def slips_of(html: str) -> dict[str, str]:
    """The slips of the printed page, by team name (addresses read whole: the <wbr> that let
    them wrap between their parts are left out)."""
    html = html.replace("<wbr>", "")
    found = {}
    for block in re.findall(r'<article class="slip".*?</article>', html, re.S):
        found[re.search(r"<h2>(.*?)</h2>", block).group(1)] = block
    return found


# --- the shared table sheet ---------------------------------------------------------------------
def test_the_table_sheet_carries_no_link_and_no_pin(desk, event, organizer):
    round_ = seating.seat_next_round(event, organizer)
    html = desk.get(f"/organize/{event.slug}/rounds/1/print/").content.decode()
    assert html.count('class="sheet-page"') == round_.games.filter(team_b__isnull=False).count()
    for team in event.teams.all():
        link = link_of(team)
        assert link.pin not in html and link.token not in html
    assert "/c/" not in html and "<svg" not in html
    game = round_.games.filter(team_b__isnull=False).order_by("table").first()
    final = (
        html.split(f'data-table="{game.table}"')[1].split("sheet-final")[1].split("</section>")[0]
    )
    assert "Final score" in final
    assert game.team_a.name in final and game.team_b.name in final


# --- captains' slips ----------------------------------------------------------------------------
@override_settings(HUCHE_BASE_URL=f"http://{LAN}:8000")
def test_each_slip_holds_its_own_team_link_and_pin_only(desk, event, organizer):
    gone = event.teams.order_by("pk").last()
    withdraw_team(gone, organizer)
    html = desk.get(f"/organize/{event.slug}/slips/print/").content.decode().replace("<wbr>", "")
    slips = slips_of(html)
    still_in = event.teams.filter(withdrawn_at__isnull=True)
    assert set(slips) == {team.name for team in still_in}
    assert gone.name not in slips
    for team in still_in:
        slip, link = slips[team.name], link_of(team)
        url = f"http://{LAN}:8000/c/{link.token}/"
        assert f"{link.pin[:3]} {link.pin[3:]}" in slip
        assert url in slip
        # The QR code is the QR code of that very address.
        assert qr_svg(url) in slip
        for other in still_in.exclude(pk=team.pk):
            assert link_of(other).pin not in slip.replace(" ", "")
            assert link_of(other).token not in slip
    assert "only this computer" not in html


def test_slips_warn_when_their_links_only_work_on_this_computer(desk, event):
    html = desk.get(f"/organize/{event.slug}/slips/print/", HTTP_HOST="127.0.0.1:8000")
    assert "http://127.0.0.1:8000/c/" in html.content.decode().replace("<wbr>", "")
    assert "which only this computer can open" in html.content.decode()


def test_the_dashboard_and_teams_page_lead_to_the_slips(desk, event, organizer):
    seating.seat_next_round(event, organizer)
    for page in ("", "teams/"):
        html = desk.get(f"/organize/{event.slug}/{page}").content.decode()
        assert f"/organize/{event.slug}/slips/print/" in html


# --- the public base URL ------------------------------------------------------------------------
class FakeRequest:
    scheme = "http"

    def __init__(self, host):
        self.host = host

    def get_host(self):
        return self.host


@pytest.mark.parametrize(
    ("base", "listen", "host", "expected"),
    [
        # HUCHE_BASE_URL wins over everything.
        (
            "https://huche.example.org",
            "0.0.0.0:8000",
            "127.0.0.1:8000",
            "https://huche.example.org",
        ),
        # The organizer's browser used the LAN address: keep it.
        ("", "0.0.0.0:8000", f"{LAN}:8000", f"http://{LAN}:8000"),
        ("", "", "salle.local:8080", "http://salle.local:8080"),
        # The browser says 127.0.0.1 but the server listens on the network: the LAN address.
        ("", "0.0.0.0:8123", "127.0.0.1:8123", f"http://{LAN}:8123"),
        ("", "0.0.0.0:8000", "localhost:8000", f"http://{LAN}:8000"),
        ("", "10.213.7.1:9000", "127.0.0.1:9000", "http://10.213.7.1:9000"),
        # Only loopback is known: nothing better to print (the page says so).
        ("", "127.0.0.1:8000", "127.0.0.1:8000", "http://127.0.0.1:8000"),
        ("", "", "127.0.0.1:8000", "http://127.0.0.1:8000"),
    ],
)
def test_printed_links_use_the_address_phones_can_reach(monkeypatch, base, listen, host, expected):
    monkeypatch.setattr(addresses, "lan_address", lambda: LAN)
    with override_settings(HUCHE_BASE_URL=base, HUCHE_LISTEN=listen):
        assert public_base_url(FakeRequest(host)) == expected


def test_without_a_request_the_served_address_and_port(monkeypatch):
    monkeypatch.setattr(addresses, "lan_address", lambda: LAN)
    with override_settings(HUCHE_BASE_URL="", HUCHE_LISTEN="0.0.0.0:8123"):
        assert public_base_url() == f"http://{LAN}:8123"
    with override_settings(HUCHE_BASE_URL="", HUCHE_LISTEN=""):
        assert public_base_url() == "http://127.0.0.1:8000"


def test_a_wildcard_with_no_network_falls_back_to_loopback(monkeypatch):
    monkeypatch.setattr(addresses, "lan_address", lambda: None)
    assert addresses.served_base_url("0.0.0.0:8000") == "http://127.0.0.1:8000"


@pytest.mark.skipif(not shutil.which("ip"), reason="no iproute2 'ip' to list the interfaces")
def test_the_lan_address_is_one_of_this_machines_addresses():
    listed = subprocess.run(["ip", "-4", "-o", "addr"], capture_output=True, text=True).stdout
    mine = re.findall(r"inet (\d+\.\d+\.\d+\.\d+)/", listed)
    address = addresses.lan_address()
    if all(addresses.is_loopback(a) for a in mine):
        assert address is None
    else:
        assert address in mine and not addresses.is_loopback(address)


@override_settings(HUCHE_BASE_URL=f"http://{LAN}:8000")
def test_the_api_gives_the_same_public_link(api_client, event, organizer):
    team = event.teams.first()
    api_client.force_authenticate(organizer)
    response = api_client.post(f"/api/v1/events/{event.slug}/teams/{team.pk}/new-link/")
    assert response.status_code == 201
    assert response.json()["url"] == f"http://{LAN}:8000/c/{response.json()['token']}/"


def test_load_demo_prints_links_for_the_port_and_address_served(monkeypatch, db, capsys):
    monkeypatch.setattr(addresses, "lan_address", lambda: LAN)
    with override_settings(HUCHE_BASE_URL="", HUCHE_LISTEN="0.0.0.0:8123"):
        call_command("load_demo")
    out = capsys.readouterr().out
    links = re.findall(r"(http://\S+/c/\S+/)\s+PIN \d{6}", out)
    assert len(links) == 6
    assert all(link.startswith(f"http://{LAN}:8123/c/") for link in links)
    assert f"Phones on the hall's network open: http://{LAN}:8123/" in out
    assert "127.0.0.1" not in out


def test_settings_let_the_hall_address_through_and_refuse_a_bad_base_url():
    out = settings_in_subprocess(
        {"HUCHE_BASE_URL": "http://192.168.1.10:8000/"},
        "[settings.HUCHE_BASE_URL, settings.ALLOWED_HOSTS]",
    )
    base, hosts = json.loads(out.stdout)
    assert base == "http://192.168.1.10:8000" and "192.168.1.10" in hosts
    bad = settings_in_subprocess({"HUCHE_BASE_URL": "192.168.1.10:8000"}, "settings.DEBUG")
    assert bad.returncode != 0 and "HUCHE_BASE_URL" in bad.stderr


def test_one_teams_new_slip_alone_after_a_new_link(desk, event):
    team = event.teams.order_by("pk").first()
    old = link_of(team)
    assert (
        desk.post(f"/organize/{event.slug}/teams/{team.pk}/new-link/", {"confirm": "1"}).status_code
        == 302
    )
    teams_page = desk.get(f"/organize/{event.slug}/teams/").content.decode()
    assert f"/organize/{event.slug}/slips/print/?team={team.pk}" in teams_page
    html = (
        desk.get(f"/organize/{event.slug}/slips/print/?team={team.pk}")
        .content.decode()
        .replace("<wbr>", "")
    )
    assert list(slips_of(html)) == [team.name]
    new = link_of(team)
    assert new.token in html and old.token not in html and old.pk != new.pk
    assert desk.get(f"/organize/{event.slug}/slips/print/?team=999999").status_code == 404


def test_a_demo_loaded_into_a_real_site_does_not_get_the_published_password(db, capsys):
    # The hall's database or the central site (DEBUG off): the demo's accounts get a password
    # of their own, printed once on the console, never the one the README publishes.
    # (asked for explicitly: into a database not its own, the demo is refused otherwise)
    with override_settings(DEBUG=False, TESTING=False):
        call_command("load_demo", "--into-this-database")
    out = capsys.readouterr().out
    password = re.search(r"Accounts \(password '([^']+)'\)", out).group(1)
    organizer = User.objects.get(email="organisatrice@huche.demo")
    assert password != "huche-demo" and not organizer.check_password("huche-demo")
    assert organizer.check_password(password)
    with override_settings(DEBUG=False, TESTING=False):
        call_command("load_demo", "--into-this-database")  # again: it does not pretend to know it
    assert "the password printed when the demo was loaded" in capsys.readouterr().out
