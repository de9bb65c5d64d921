"""UPGRADING.md as a volunteer follows it (issue 32: the first update command called a backup
service the old stack did not have; the new required settings and the database password were
undocumented). Its commands are read from the page itself: each one names only services of the
stack it runs against (the old stacks before `git pull`, the new one after), and an old site's
.env with only the lines the page says to add gives every service its settings."""

from __future__ import annotations

import os
import re
import secrets
import shlex
import subprocess
import sys
import tarfile
from io import BytesIO
from pathlib import Path

import pytest
import yaml

from tests.deploy.compose import composes, config, settings_seen
from tests.security.services import ROOT

PAGE = (ROOT / "UPGRADING.md").read_text()
OLD_STACKS = sorted((Path(__file__).parent / "old_stacks").glob("*-docker-compose.yml"))
# Subcommands both Composes know, and those whose first word after the options is one service.
SUBCOMMANDS = {"exec", "run", "up", "ps", "logs", "stop", "start", "restart", "pull", "config"}
ONE_SERVICE = {"exec", "run"}


def services_of(path: Path) -> set[str]:
    return set(yaml.safe_load(path.read_text())["services"])


def compose_commands() -> list[tuple[bool, list[str]]]:
    """(after `git pull`?, words after `docker compose`) for each compose line of the page's
    sh blocks, in order."""
    commands, pulled = [], False
    for block in re.findall(r"```sh\n(.*?)```", PAGE, re.S):
        for line in block.splitlines():
            words = shlex.split(line.split(" > ")[0], comments=True)
            if words[:2] == ["git", "pull"]:
                pulled = True
            elif words[:2] == ["docker", "compose"]:
                commands.append((pulled, words[2:]))
            elif words[:1] == ["docker-compose"]:
                commands.append((pulled, words[1:]))
    return commands


def services_named(words: list[str]) -> list[str]:
    subcommand, rest = words[0], [w for w in words[1:] if not w.startswith("-")]
    assert subcommand in SUBCOMMANDS, f"UPGRADING.md: `{subcommand}` is not a compose command"
    return rest[:1] if subcommand in ONE_SERVICE else rest


def test_the_page_is_linked_from_the_deployment_guide():
    assert "UPGRADING.md" in (ROOT / "docs" / "deploy.md").read_text()


def test_the_old_stacks_are_the_ones_history_had():
    assert len(OLD_STACKS) == 2
    assert "backup" not in services_of(OLD_STACKS[0])  # the site the issue updated


def test_every_command_names_only_services_the_stack_has_at_that_point():
    commands = compose_commands()
    assert any(not pulled for pulled, _ in commands), "no backup before `git pull`"
    assert commands[0][1][:2] == ["exec", "-T"] and "pg_dump" in commands[0][1]
    new = services_of(ROOT / "docker-compose.yml")
    for pulled, words in commands:
        stacks = [ROOT / "docker-compose.yml"] if pulled else OLD_STACKS
        for stack in stacks:
            missing = set(services_named(words)) - services_of(stack)
            assert not missing, f"`{' '.join(words)}`: no service {missing} in {stack.name}"
    assert ["up", "-d", "--build", "--remove-orphans"] in [w for p, w in commands if p]
    assert {"web", "db"} <= new


def added_lines() -> list[str]:
    """The lines UPGRADING.md says to add to .env (its ini blocks)."""
    blocks = re.findall(r"```ini\n(.*?)```", PAGE, re.S)
    assert blocks, "UPGRADING.md shows no lines to add to .env"
    return [line for block in blocks for line in block.splitlines() if line.strip()]


# The .env of a site made before 2026-11-24, as that README said.
OLD_ENV = "SECRET_KEY={secret}\nALLOWED_HOSTS=huche.club-exemple.org\n"


@pytest.mark.deploy
@pytest.mark.parametrize("compose", composes())
def test_an_old_env_with_the_documented_lines_runs_the_new_stack(compose, tmp_path):
    secret = secrets.token_urlsafe(50)
    old = OLD_ENV.format(secret=secret)
    # The old .env alone: the new stack names what is missing.
    with pytest.raises(AssertionError, match="set HUCHE_DOMAIN in .env"):
        config(compose, tmp_path, old)
    services = config(compose, tmp_path, old + "\n".join(added_lines()) + "\n")
    # The database keeps the old default password, and every service uses it.
    url = "postgres://huche:huche@db:5432/huche"
    for name in ("web", "worker", "beat", "backup"):
        assert services[name]["environment"]["DATABASE_URL"] == url, name
    assert services["db"]["environment"]["POSTGRES_PASSWORD"] == "huche"
    web = settings_seen(services["web"]["environment"])
    assert web["ALLOWED_HOSTS"] == ["huche.club-exemple.org"]
    assert web["CSRF_TRUSTED_ORIGINS"] == ["https://huche.club-exemple.org"]
    assert web["DATABASE"] == ["db", 5432, "huche", "huche", "huche"]
    assert services["caddy"]["environment"]["HUCHE_DOMAIN"] == "huche.club-exemple.org"


OLD_RELEASE = "76a337e"  # the release the issue-52 probe upgraded from, before ratings
RATED = """
from tournaments.models import Event, RatingPoint
released = Event.objects.filter(released_at__isnull=False)
print(released.count(), RatingPoint.objects.filter(event__in=released, latest=True).count())
"""


@pytest.mark.slow
def test_the_events_released_before_the_upgrade_are_rated_by_its_first_start(tmp_path):
    """The previous release's own code makes a site with released events (its demo: a season
    with two released events); today's code then starts on that database as every start does
    (migrate), and the old events' ratings are there, no `rebuild_ratings` typed (issue 52)."""
    exported = subprocess.run(
        ["git", "archive", "--format=tar", OLD_RELEASE], cwd=ROOT, capture_output=True
    )
    if exported.returncode != 0:
        pytest.skip(f"the checkout has no {OLD_RELEASE} (a shallow clone)")
    old = tmp_path / "old"
    with tarfile.open(fileobj=BytesIO(exported.stdout)) as archive:
        archive.extractall(old, filter="data")
    kept = ("PATH", "LANG", "HOME", "TMPDIR")
    env = {k: v for k, v in os.environ.items() if k in kept} | {
        "DATABASE_URL": f"sqlite:///{tmp_path / 'site.sqlite3'}",
        "HUCHE_SIGNING_KEY_FILE": str(tmp_path / "huche-signing-key.pem"),
        "HUCHE_HOME": str(tmp_path / "home"),
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "PYTHONDONTWRITEBYTECODE": "1",
    }

    def manage(code: Path, *args: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=code,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
        return done.stdout

    manage(old, "migrate", "--noinput", "-v0")
    manage(old, "load_demo", "--quiet")
    manage(ROOT, "migrate", "--noinput", "-v0")  # the first start of the new release
    released, rated = map(int, manage(ROOT, "shell", "--no-imports", "-c", RATED).split()[-2:])
    assert released == 2 and rated > 0, (released, rated)
