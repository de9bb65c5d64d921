"""`huche --env-file FILE COMMAND` (issue 52, point 4): the manual commands read the settings
file the services read, as systemd reads it, so a value with spaces and <> (ADMINS) needs no
shell quoting; a file that cannot be read is said in a sentence. And the hall's first-start
hint names the data folder it runs on (point 6)."""

from __future__ import annotations

import pytest

from huche import cli
from operations.management.commands import hall


def test_the_flag_comes_before_the_command_and_is_removed():
    assert cli.split_env_file(["huche", "--env-file", "/etc/h.env", "backup", "--keep", "3"]) == (
        "/etc/h.env",
        ["huche", "backup", "--keep", "3"],
    )
    assert cli.split_env_file(["huche", "--env-file=/e", "migrate"]) == ("/e", ["huche", "migrate"])


def test_values_are_read_as_systemd_reads_them(tmp_path, monkeypatch):
    env = tmp_path / "huche.env"
    env.write_text(
        "# comment\n"
        "ADMINS=Marie Tremblay <marie@club.org>, it@club.org\n"
        "SECRET_KEY=ab$cd'ef\n"
        'HUCHE_INSTALL_NAME="Ligue du Saguenay"\n'
        "DEBUG=0\n"
    )
    environ: dict[str, str] = {"HUCHE_HALL": "1", "DEBUG": "1"}
    cli.apply_env_file(str(env), environ)
    assert environ["ADMINS"] == "Marie Tremblay <marie@club.org>, it@club.org"
    assert environ["SECRET_KEY"] == "ab$cd'ef"  # no $ expansion, no quote handling inside
    assert environ["HUCHE_INSTALL_NAME"] == "Ligue du Saguenay"
    assert environ["DEBUG"] == "0"  # the file wins over the shell
    assert environ["HUCHE_HALL"] == "0"  # a central site's file: not the hall's settings


def test_an_unreadable_file_is_a_sentence_and_nothing_runs(tmp_path, capsys):
    with pytest.raises(SystemExit) as stopped:
        cli.main(["huche", "--env-file", str(tmp_path / "absent.env"), "migrate"])
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert f"Cannot read the settings file {tmp_path / 'absent.env'}" in said
    assert "Traceback" not in said and "sudo -u huche" in said


def test_the_organizer_hint_names_the_halls_data_folder(monkeypatch, settings, tmp_path):
    monkeypatch.setattr(hall, "huche_command", lambda: "huche")
    monkeypatch.setattr(hall.os, "name", "posix")
    monkeypatch.delenv("HUCHE_HOME", raising=False)
    assert hall.organizer_command() == "huche create_organizer"
    home = tmp_path / "Données Huche"
    monkeypatch.setenv("HUCHE_HOME", str(home))
    settings.HUCHE_HOME = home
    assert hall.organizer_command() == f"HUCHE_HOME='{home}' huche create_organizer"


def test_the_listen_address_reaches_the_processes_the_hall_starts(monkeypatch, settings):
    monkeypatch.setenv("HUCHE_LISTEN", "")
    settings.HUCHE_LISTEN = ""  # overridden here: restored after the test
    hall.publish_listen("0.0.0.0:8765")
    assert hall.os.environ["HUCHE_LISTEN"] == "0.0.0.0:8765"
    assert settings.HUCHE_LISTEN == "0.0.0.0:8765"
