"""Where Huche keeps its data and finds its site files (config/home.py), which server `huche
hall` picks, and the version a maintainer reads (huche --version, the footer, /healthz)."""

from __future__ import annotations

import importlib.metadata
import os
import subprocess
import sys
from pathlib import Path

import pytest

from config import home
from huche import cli
from operations.management.commands import hall

VERSION = importlib.metadata.version("huche")


def checkout(tmp_path: Path) -> Path:
    (tmp_path / "manage.py").write_text("")
    return tmp_path


def test_a_checkout_keeps_its_data_and_site_files_in_itself(tmp_path):
    base = checkout(tmp_path)
    assert home.data_home(base, environ={}) == base
    assert home.site_files(base) == base


def test_installed_the_data_goes_to_the_platforms_user_data_folder(tmp_path, monkeypatch):
    installed = tmp_path / "site-packages"  # no manage.py: the wheel's layout
    user_data = tmp_path / "user" / "huche"
    monkeypatch.setattr(home.platformdirs, "user_data_dir", lambda *a, **k: str(user_data))
    assert home.data_home(installed, environ={}) == user_data
    assert user_data.is_dir()  # created: the database and the keys go there at once
    assert home.site_files(installed) == installed / "huche"


def test_huche_home_chooses_the_data_folder_also_in_a_checkout(tmp_path):
    chosen = tmp_path / "clé USB" / "huche"
    assert home.data_home(checkout(tmp_path), environ={"HUCHE_HOME": str(chosen)}) == chosen
    assert chosen.is_dir()


def test_the_hall_keeps_its_database_keys_and_static_files_in_the_data_folder(tmp_path):
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("HUCHE_", "DATABASE_URL", "SECRET_KEY"))
    }
    env |= {
        "HUCHE_HALL": "1",
        "HUCHE_HOME": str(tmp_path),
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    show = (
        "import django; from django.conf import settings; django.setup(); "
        "print(settings.DATABASES['default']['NAME'], settings.HUCHE_SECRET_KEY_FILE, "
        "settings.HUCHE_SIGNING_KEY_FILE, settings.STATIC_ROOT, sep='\\n')"
    )
    shown = subprocess.run(
        [sys.executable, "-c", show], env=env, capture_output=True, text=True, check=True
    ).stdout.split("\n")[:4]
    assert [Path(path) for path in shown] == [
        tmp_path / "hall.sqlite3",
        tmp_path / ".hall-secret-key",
        tmp_path / "huche-signing-key.pem",
        tmp_path / "staticfiles",
    ]
    assert (tmp_path / ".hall-secret-key").read_text().strip()  # generated there


@pytest.mark.parametrize(("chosen", "open_"), [("", False), ("1", True)])
def test_at_a_hall_nobody_on_the_wifi_opens_an_account_unless_asked(tmp_path, chosen, open_):
    """Anyone on the hall's Wi-Fi opened an organizer account and listed a sham « RÉSULTATS
    OFFICIELS » event on the hall's home page; the organizer's account is made by `huche hall`
    (or create_organizer), officials come by invitation. HUCHE_SIGNUP=1 opens it again."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("HUCHE_", "DATABASE_URL", "SECRET_KEY"))
    }
    env |= {"HUCHE_HALL": "1", "HUCHE_HOME": str(tmp_path), "HUCHE_SIGNUP": chosen}
    env |= {"DJANGO_SETTINGS_MODULE": "config.settings"}
    show = "import django; from django.conf import settings; django.setup(); print(settings.HUCHE_SIGNUP)"
    shown = subprocess.run(
        [sys.executable, "-c", show], env=env, capture_output=True, text=True, check=True
    )
    assert shown.stdout.strip() == str(open_)


@pytest.mark.skipif(os.name == "nt", reason="no POSIX rights")
def test_the_data_folder_it_creates_is_the_users_only(tmp_path):
    """The live database and the keys are there: readable by this account only, as the
    backups are (it was 0755, the database 0644, for every account of the laptop)."""
    chosen = tmp_path / "huche"
    home.data_home(tmp_path / "site-packages", environ={"HUCHE_HOME": str(chosen)})
    assert chosen.stat().st_mode & 0o777 == 0o700


def test_gunicorn_serves_where_it_runs_and_waitress_elsewhere(monkeypatch):
    assert hall.chosen_server("auto") == "gunicorn"  # Linux, gunicorn installed
    monkeypatch.setattr(hall.os, "name", "nt")  # Windows: gunicorn cannot run
    assert hall.chosen_server("auto") == "waitress"
    assert hall.chosen_server("gunicorn") == "gunicorn"  # --server forces either


def test_waitress_serves_where_gunicorn_is_not_installed(monkeypatch):
    real = hall.importlib.util.find_spec
    monkeypatch.setattr(
        hall.importlib.util, "find_spec", lambda name: None if name == "gunicorn" else real(name)
    )
    assert hall.chosen_server("auto") == "waitress"


def test_huche_version_prints_huches_version_not_djangos(capsys):
    cli.main(["huche", "--version"])
    assert capsys.readouterr().out == f"huche {VERSION}\n"


def test_huche_hall_says_its_version_and_its_help_in_french(tmp_path):
    """`huche hall --version` printed Django's version (5.2.19); its help was English."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HUCHE_", "DJANGO_"))}
    env |= {"HUCHE_HOME": str(tmp_path)}

    def hall(option: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "huche", "hall", option],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    assert hall("--version").strip() == VERSION
    assert "Servir un vrai événement sur le réseau de la salle" in hall("--help")


@pytest.mark.django_db
def test_every_page_says_which_version_runs(client):
    page = client.get("/").content.decode()
    assert f'Huche <span class="version">{VERSION}</span>' in page


@pytest.mark.django_db
def test_healthz_shows_the_version_to_staff_only(client, staff):
    assert "version" not in client.get("/healthz").json()
    client.force_login(staff)
    assert client.get("/healthz").json()["version"] == VERSION


@pytest.mark.parametrize("command", [["backup", "usb"], ["export_event", "omnium", "-o", "e.json"]])
def test_a_window_without_the_halls_folder_is_told_so_not_a_traceback(tmp_path, command):
    """docs/hall.md: a backup by hand from a second window, where HUCHE_HOME was not set as in
    the window serving: « no such table » in a traceback before; now what to check."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("HUCHE_", "DATABASE_URL", "SECRET_KEY", "DJANGO_"))
    }
    env |= {"HUCHE_HOME": str(tmp_path / "other"), "PYTHONUNBUFFERED": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "huche", *command],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"Aucune donnée Huche dans {tmp_path / 'other'}" in done.stderr
    assert not (tmp_path / "other" / "hall.sqlite3").exists()  # no empty database left
