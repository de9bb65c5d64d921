"""The hall's address (issue 32, part 5): phones reach the laptop whatever address the router
gives it. The laptop's current addresses are let through when the request comes, not as they
were at start; an address it no longer has gets a French page with the links that work now;
the slips carry the laptop's name on the network (mDNS) first, the address as a fallback; the
console says when the address changes and when the name cannot be announced."""

from __future__ import annotations

import uuid
from html import unescape

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client, override_settings
from zeroconf import AddressResolverIPv4, IPVersion, Zeroconf

from common import addresses, announced_name
from operations.hall import mdns
from operations.hall import network as hall_network
from operations.hall import watch as hall_watch
from tests.config.test_foundation import settings_in_subprocess
from tests.conftest import link_of
from tournaments.publishing.printing import qr_svg

OLD, NEW = "192.168.1.10", "192.168.1.23"


class Laptop:
    """The laptop's network interfaces, as the test moves them."""

    def __init__(self, monkeypatch, address: str | None):
        self.address = address
        monkeypatch.setattr(addresses, "lan_address", lambda: self.address)
        monkeypatch.setattr(
            hall_network,
            "interface_addresses",
            lambda: frozenset({"127.0.0.1", "::1"} | ({self.address} if self.address else set())),
        )
        monkeypatch.setattr(hall_network, "_addresses", (float("-inf"), frozenset()))

    def moves_to(self, monkeypatch, address: str | None) -> None:
        self.address = address
        monkeypatch.setattr(hall_network, "_addresses", (float("-inf"), frozenset()))


@pytest.fixture
def at_the_hall():
    """The settings `make hall` gives (HUCHE_HALL=1, wildcard listen, port 8000)."""
    with override_settings(
        ALLOWED_HOSTS=["*"],
        HALL_FIXED_HOSTS=["localhost", "127.0.0.1", "[::1]"],
        MIDDLEWARE=["operations.hall.network.HallHostMiddleware", *settings.MIDDLEWARE],
        HUCHE_HALL_NAME="huche.local",
        HUCHE_LISTEN="0.0.0.0:8000",
        HUCHE_BASE_URL="",
    ):
        yield


def test_make_hall_checks_hosts_itself_and_shares_its_cache_between_processes(tmp_path):
    out = settings_in_subprocess(
        {"HUCHE_HALL": "1", "DATABASE_URL": f"sqlite:///{tmp_path / 'hall.sqlite3'}"},
        "[settings.ALLOWED_HOSTS, settings.MIDDLEWARE[0], settings.HALL_FIXED_HOSTS, "
        "settings.CACHES['default']['BACKEND'], settings.CACHES['default']['LOCATION'], "
        "settings.HUCHE_HALL_NAME]",
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == (
        '[["*"], "operations.hall.network.HallHostMiddleware", ["localhost", "127.0.0.1", "[::1]"], '
        '"django.core.cache.backends.filebased.FileBasedCache", '
        f'"{tmp_path / "hall-cache"}", "huche.local"]'
    )
    named = settings_in_subprocess({"HUCHE_HALL_NAME": "Salle2"}, "settings.HUCHE_HALL_NAME")
    assert named.stdout.strip() == '"salle2.local"'


@pytest.mark.django_db
def test_a_new_address_is_let_through_and_the_old_one_explained(monkeypatch, at_the_hall, event):
    laptop = Laptop(monkeypatch, OLD)
    phone = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    token = link_of(event.teams.first()).token
    assert phone.get(f"/c/{token}/", HTTP_HOST=f"{OLD}:8000").status_code == 200
    # The router gives the laptop another address while Huche runs: no restart needed.
    laptop.moves_to(monkeypatch, NEW)
    assert phone.get(f"/c/{token}/", HTTP_HOST=f"{NEW}:8000").status_code == 200
    assert phone.get(f"/c/{token}/", HTTP_HOST="huche.local:8000").status_code == 200
    assert phone.get("/", HTTP_HOST="localhost:8000").status_code == 200
    # A phone still on the old address: a page in French with the captain's own link, now.
    cache.set(announced_name.NAME_KEY, "http://huche.local:8000")
    moved = phone.get(f"/c/{token}/", HTTP_HOST=f"{OLD}:8000")
    html = unescape(moved.content.decode())
    assert moved.status_code == 400 and "L'adresse de l'ordinateur a changé" in html, html
    assert f"{OLD}:8000" in html and "Rien n'est perdu" in html
    assert f'href="http://huche.local:8000/c/{token}/"' in html
    assert f'href="http://{NEW}:8000/c/{token}/"' in html
    assert "ALLOWED_HOSTS" not in html
    # Its styles come through that same old address (static files hold no secret).
    assert phone.get("/static/huche/huche.css", HTTP_HOST=f"{OLD}:8000").status_code == 200
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get("/", HTTP_HOST="evil.example:8000")
    assert english.status_code == 400
    assert "The laptop's address has changed" in unescape(english.content.decode())


@pytest.mark.django_db
def test_slips_carry_the_name_first_and_the_address_as_fallback(
    monkeypatch, at_the_hall, event, organizer
):
    Laptop(monkeypatch, OLD)
    desk = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    desk.force_login(organizer)
    page = f"/organize/{event.slug}/slips/print/"
    link = link_of(event.teams.order_by("name").first())
    # The name not announced (no multicast): the address alone, as before.
    html = desk.get(page, HTTP_HOST="127.0.0.1:8000").content.decode().replace("<wbr>", "")
    assert qr_svg(f"http://{OLD}:8000/c/{link.token}/") in html and "huche.local" not in html
    # Announced by the watcher: the QR code and the first line carry the name; the address
    # is written out beneath for a phone that does not resolve names.
    cache.set(announced_name.NAME_KEY, "http://huche.local:8000")
    html = unescape(desk.get(page, HTTP_HOST="127.0.0.1:8000").content.decode())
    html = html.replace("<wbr>", "")
    named, fallback = (
        f"http://huche.local:8000/c/{link.token}/",
        f"http://{OLD}:8000/c/{link.token}/",
    )
    assert qr_svg(named) in html and f'<p class="slip-url">{named}</p>' in html
    assert f"""Si cette adresse ne s'ouvre pas : <span class="slip-url">{fallback}</span>""" in html


class FakeAnnouncer:
    def __init__(self, name, port, fails: str | None = None):
        self.name, self.port, self.fails, self.at = name, port, fails, None

    def start(self, address):
        self.at = None if self.fails else address
        return self.fails

    def move(self, address):
        self.at = address

    def close(self):
        self.at = None


def watcher(laptop: Laptop, announcer=FakeAnnouncer) -> tuple[hall_watch.Watcher, list[str]]:
    said: list[str] = []
    watching = hall_watch.Watcher(
        "0.0.0.0:8000",
        said.append,
        name="huche.local",
        address_of=lambda listen: laptop.address,
        announcer=announcer,
    )
    return watching, said


@pytest.mark.django_db
def test_the_console_says_when_the_address_changes_and_the_name_follows(monkeypatch):
    laptop = Laptop(monkeypatch, OLD)
    watching, said = watcher(laptop)
    with override_settings(LANGUAGE_CODE="fr-ca"):
        from django.utils import translation

        with translation.override("fr-ca"):
            watching.start()
            assert said == [
                "Huche : les téléphones peuvent aussi ouvrir http://huche.local:8000/, "
                "le nom de l'ordinateur sur ce réseau."
            ]
            assert cache.get(announced_name.NAME_KEY) == "http://huche.local:8000"
            watching.check()
            assert len(said) == 1  # no change, nothing said
            laptop.moves_to(monkeypatch, NEW)
            watching.check()
            assert said[1] == (
                f"Huche : l'adresse de l'ordinateur a changé ({OLD}, maintenant {NEW}). Les "
                f"téléphones ouvrent maintenant http://{NEW}:8000/. Les fiches imprimées avec "
                "l'ancienne adresse ne s'ouvrent plus : imprimez-les de nouveau (docs/hall.md, "
                "«\u00a0If the address changes\u00a0»). Les fiches imprimées avec http://huche.local:8000/ "
                "fonctionnent toujours."
            )
            assert watching.announcer.at == NEW  # the name leads to the new address
            laptop.moves_to(monkeypatch, None)
            watching.check()
            assert "a quitté le réseau" in said[2]
            watching.stop()
            assert cache.get(announced_name.NAME_KEY) is None


@pytest.mark.django_db
def test_without_multicast_the_hall_says_so_and_prints_the_address(monkeypatch):
    """zeroconf cannot even open its socket: the watcher says why, the slips keep the address."""

    def no_multicast(*args, **kwargs):
        raise OSError(19, "No such device")

    monkeypatch.setattr(mdns, "Zeroconf", no_multicast)
    laptop = Laptop(monkeypatch, OLD)
    watching, said = watcher(laptop, announcer=mdns.Announcer)
    from django.utils import translation

    with translation.override("fr-ca"):
        watching.start()
    assert said == [
        "Huche : le nom huche.local n'est pas disponible sur ce réseau ([Errno 19] No such "
        f"device) : les téléphones utilisent l'adresse http://{OLD}:8000/."
    ]
    assert cache.get(announced_name.NAME_KEY) is None
    watching.stop()


@pytest.mark.slow
def test_the_name_is_announced_by_mdns_and_follows_the_address():
    """The real thing: zeroconf announces the name; another mDNS client resolves it, before and
    after the address changes. Needs multicast on this machine's network (skipped otherwise)."""
    name = f"huche-test-{uuid.uuid4().hex[:8]}.local"
    announcer = mdns.Announcer(name, 8000)
    why = announcer.start("10.213.9.1")
    if why:
        pytest.skip(f"no multicast here: {why}")
    phone = Zeroconf(ip_version=IPVersion.V4Only)
    try:
        for address in ("10.213.9.1", "10.213.9.2"):
            announcer.move(address)
            resolver = AddressResolverIPv4(f"{name}.")
            assert resolver.request(phone, 3000), f"{name} not resolved"
            assert resolver.parsed_addresses() == [address]
            phone.close()  # a phone with no memory of the old answer
            phone = Zeroconf(ip_version=IPVersion.V4Only)
    finally:
        phone.close()
        announcer.close()


@pytest.mark.slow
def test_a_second_laptop_does_not_take_the_name_of_the_first():
    """Two halls on one network (two rooms, one router): the second `huche hall` announced
    huche.local too (zeroconf renamed the service, not the host), so a slip's QR code could
    open either laptop. It now leaves the name to the first and says why."""
    name = f"huche-test-{uuid.uuid4().hex[:8]}.local"
    first, second = mdns.Announcer(name, 8000), mdns.Announcer(name, 8000)
    why = first.start("10.213.9.1")
    if why:
        pytest.skip(f"no multicast here: {why}")
    phone = Zeroconf(ip_version=IPVersion.V4Only)
    try:
        taken = second.start("10.213.9.2")
        assert taken and "10.213.9.1" in taken and "HUCHE_HALL_NAME" in taken
        resolver = AddressResolverIPv4(f"{name}.")
        assert resolver.request(phone, 3000)
        assert resolver.parsed_addresses() == ["10.213.9.1"]  # the first laptop's only
    finally:
        phone.close()
        second.close()
        first.close()
