"""``make run`` never puts the demo beside a real tournament (issue 34, point 13): load_demo
refuses a database that is not its own SQLite file unless asked explicitly, and says so."""

from __future__ import annotations

import io
import pathlib

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.models import Event

pytestmark = pytest.mark.django_db

POSTGRES = {
    "default": {
        **settings.DATABASES["default"],
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "tournoi_reel",
        "HOST": "127.0.0.1",
    }
}


def test_another_database_is_refused_in_words(monkeypatch):
    monkeypatch.delenv("HUCHE_DEMO_OK", raising=False)
    from tournaments.management.commands import load_demo

    where = load_demo.foreign_database(POSTGRES["default"])
    assert where == "postgresql « tournoi_reel » (127.0.0.1)"
    words = load_demo.refusal(where)
    assert "NOT loaded" in words and "--into-this-database" in words and "HUCHE_DEMO_OK=1" in words
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(load_demo, "foreign_database", lambda: where)
        with pytest.raises(CommandError, match="The demo data was NOT loaded"):
            call_command("load_demo", "--quiet")
        err = io.StringIO()
        call_command("load_demo", "--quiet", "--if-own-database", stderr=err)
        assert "NOT loaded" in err.getvalue()
        assert not Event.objects.exists()
        call_command("load_demo", "--quiet", "--into-this-database")
        assert Event.objects.filter(slug="demo-fadoq").exists()


def test_the_environment_says_yes_too(monkeypatch):
    from tournaments.management.commands import load_demo

    monkeypatch.setattr(load_demo, "foreign_database", lambda: "postgresql « x » (h)")
    monkeypatch.setenv("HUCHE_DEMO_OK", "1")
    call_command("load_demo", "--quiet")
    assert Event.objects.filter(slug="demo-fadoq").exists()


def test_its_own_sqlite_file_is_accepted():
    from tournaments.management.commands import load_demo

    own = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": settings.BASE_DIR / "huche.sqlite3",
        }
    }
    other = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": settings.BASE_DIR / "hall.sqlite3",
        }
    }
    assert load_demo.foreign_database(own["default"]) is None
    hall = pathlib.Path(settings.BASE_DIR) / "hall.sqlite3"
    assert load_demo.foreign_database(other["default"]) == f"SQLite {hall}"


def test_make_run_and_the_readme_say_so():
    root = pathlib.Path(settings.BASE_DIR)
    assert "load_demo --if-own-database" in (root / "Makefile").read_text()
    readme = " ".join((root / "README.md").read_text().split())
    assert "`manage.py load_demo --into-this-database`, or `HUCHE_DEMO_OK=1 make run`" in readme


def test_an_installed_huche_is_told_in_its_language_with_its_own_command(monkeypatch):
    """A wheel install has no manage.py nor make: « huche load_demo » was answered in English
    with « manage.py load_demo » and « make run »."""
    from django.utils import translation

    from tournaments.management.commands.load_demo import refusal

    monkeypatch.setattr("sys.argv", ["/home/lise/.local/bin/huche", "load_demo"])
    with translation.override("fr-ca"):
        words = refusal("SQLite /home/lise/hall.sqlite3")
    assert words.startswith("La démonstration n’a PAS été chargée")
    assert "huche load_demo --into-this-database" in words
    assert "manage.py" not in words and "make" not in words
