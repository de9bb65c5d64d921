"""operations/exposure.py: a server beyond the loopback never runs with DEBUG on and never keeps an
account with the demo's published password, whatever started it (runserver, gunicorn, hall)."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from accounts.models import User
from operations import exposure


@pytest.mark.parametrize(
    ("binds", "exposed"),
    [
        (["127.0.0.1:8000"], []),
        (["localhost:8000", "[::1]:8000", "unix:/run/huche.sock"], []),
        (["0.0.0.0:8000"], ["0.0.0.0"]),
        (["0:8000"], ["0"]),
        (["192.168.1.10:8000"], ["192.168.1.10"]),
        (["[::]:8000"], ["[::]"]),
    ],
)
def test_which_listening_addresses_reach_other_machines(binds, exposed):
    assert exposure.exposed_hosts(binds) == exposed


def test_runserver_refuses_the_network_with_debug_on_and_says_what_to_run(settings):
    settings.DEBUG = True
    with pytest.raises(CommandError) as refused:
        call_command("runserver", "0.0.0.0:8765", use_reloader=False)
    assert "DEBUG on" in str(refused.value) and "make hall" in str(refused.value)


def test_gunicorn_refuses_the_network_with_debug_on(settings):
    settings.DEBUG = True
    with pytest.raises(exposure.Exposed):
        exposure.check_before_serving(["0.0.0.0:8000"], print)
    exposure.check_before_serving(["127.0.0.1:8000"], print)  # the loopback: fine


@pytest.mark.django_db
def test_demo_passwords_are_replaced_before_serving_the_network(settings):
    settings.DEBUG = False
    demo = User.objects.create_user("organisatrice@huche.demo", exposure.DEMO_PASSWORD)
    staff = User.objects.create_user("boss@example.org", exposure.DEMO_PASSWORD, is_staff=True)
    own = User.objects.create_user("org@example.org", "pw-organizer-1", is_staff=True)
    said: list[str] = []
    exposure.check_before_serving(["127.0.0.1:8000"], said.append)
    assert said == []  # this computer only: the demo keeps its published password
    exposure.check_before_serving(["0.0.0.0:8000"], said.append)
    assert len(said) == 2
    for user in (demo, staff):
        user.refresh_from_db()
        assert not user.check_password(exposure.DEMO_PASSWORD)
        new = next(line for line in said if line.startswith(user.email)).rsplit(" ", 1)[1]
        assert user.check_password(new)
    own.refresh_from_db()
    assert own.check_password("pw-organizer-1")


@pytest.mark.django_db
def test_the_demo_is_refused_on_the_network_before_it_prints_its_password(settings, capsys):
    """`make run HOST=0.0.0.0` printed the demo's password and the captains' network links,
    then runserver refused to start: the refusal now comes first, nothing is printed."""
    settings.DEBUG = True
    settings.HUCHE_LISTEN = "0.0.0.0:8000"
    with pytest.raises(CommandError) as refused:
        call_command("load_demo", "--if-own-database", "--into-this-database")
    assert "DEBUG on" in str(refused.value) and "make hall" in str(refused.value)
    out = capsys.readouterr().out
    assert "huche.demo" not in out and "http://" not in out
    assert not User.objects.exists()  # nothing loaded
