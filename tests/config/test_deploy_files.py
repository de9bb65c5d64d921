"""The central site's files (docker-compose.yml, deploy/Caddyfile, .env.example) against what
config/settings.py reads: a setting put in .env must reach Huche, every service comes back
after a reboot and says whether it is healthy (docs/deploy.md)."""

from __future__ import annotations

import ast
import re
import runpy
from pathlib import Path

import pytest
import yaml
from gunicorn.config import Config
from kombu import Connection

from config import settings as site

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]
CADDYFILE = (ROOT / "deploy" / "Caddyfile").read_text()
ENV_EXAMPLE = (ROOT / ".env.example").read_text()
READERS = {"env_bool", "env_list", "get", "getenv"}


def settings_read() -> set[str]:
    """Every environment variable config/settings.py reads (os.environ.get, os.environ[…],
    os.getenv, env_bool, env_list), found in its syntax tree."""
    tree = ast.parse((ROOT / "config" / "settings.py").read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name == "get" and "environ" not in ast.unparse(func):
                continue  # dict.get, not the environment
            if name in READERS and node.args and isinstance(node.args[0], ast.Constant):
                names.add(node.args[0].value)
        elif (
            isinstance(node, ast.Subscript)
            and ast.unparse(node.value) == "os.environ"
            and isinstance(node.slice, ast.Constant)
        ):
            names.add(node.slice.value)
    return {name for name in names if isinstance(name, str) and name.isupper()}


def test_the_parser_finds_the_settings_huche_reads():
    read = settings_read()
    assert {"SECRET_KEY", "ALLOWED_HOSTS", "EMAIL_URL", "TRUSTED_PROXY_COUNT"} <= read
    assert len(read) > 30


@pytest.mark.parametrize("name", sorted(settings_read()))
def test_env_example_explains_every_setting(name):
    line = re.search(rf"^#? ?{name}=.*$", ENV_EXAMPLE, re.M)
    assert line, f"{name} (read by config/settings.py) is missing from .env.example"
    before = ENV_EXAMPLE[: line.start()].rstrip("\n").rsplit("\n", 1)[-1]
    assert before.startswith("#"), f"{name} in .env.example has no comment above it"


HUCHE_READS_ENV = {"web", "worker", "beat", "backup"}


@pytest.mark.parametrize("service", sorted(SERVICES))
def test_every_service_reads_env_restarts_and_has_a_healthcheck(service):
    spec = SERVICES[service]
    env_files = spec.get("env_file")
    env_files = [env_files] if isinstance(env_files, str) else env_files or []
    if service in HUCHE_READS_ENV:
        assert ".env" in env_files, f"{service}: settings in .env would not reach it"
    else:  # Caddy, PostgreSQL, Redis: only what they read, never .env's secrets (issue 52)
        assert ".env" not in env_files, f"{service}: .env's secrets would reach it"
    assert spec.get("restart") in {"unless-stopped", "always"}, f"{service}: no restart policy"
    check = spec.get("healthcheck", {}).get("test")
    assert check and check != ["NONE"], f"{service}: no healthcheck"


def test_nothing_in_compose_hides_a_setting_from_env():
    """A value written in the compose file wins over .env: only those derived from .env (or
    the stack's own service addresses) may be set there."""
    allowed = {"DEBUG", "DATABASE_URL", "REDIS_URL", "HUCHE_UPSTREAM", "BACKUP_DIR"}
    allowed |= {"POSTGRES_DB", "POSTGRES_USER"}
    for service, spec in SERVICES.items():
        for name, value in (spec.get("environment") or {}).items():
            if name in allowed:
                continue
            # ${NAME:-default}, or ${NAME:?message} for a required one: .env's value wins.
            assert re.fullmatch(rf"\$\{{{name}:[-?].+\}}", str(value)), (
                f"{service}: {name}={value} cannot be changed in .env"
            )


def test_the_web_service_is_checked_through_healthz_live_and_waits_for_the_database():
    web = SERVICES["web"]
    assert "/healthz/live" in str(web["healthcheck"]["test"])
    for service in ("web", "worker", "beat"):
        needs = SERVICES[service]["depends_on"]
        assert needs["db"]["condition"] == "service_healthy", service
        assert needs["redis"]["condition"] == "service_healthy", service


def test_one_separate_beat_and_a_worker_without_it():
    assert "beat" in SERVICES["beat"]["command"]
    assert (
        "--beat" not in SERVICES["worker"]["command"] and "-B" not in SERVICES["worker"]["command"]
    )


def test_caddy_serves_https_for_the_domain_compressed_in_front_of_gunicorn():
    caddy = SERVICES["caddy"]
    assert caddy["image"] == "caddy:2"
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in caddy["volumes"]
    assert {"80:80", "443:443"} <= set(caddy["ports"])
    assert "ports" not in SERVICES["web"]  # gunicorn is reached through Caddy only
    assert re.search(r"^\{\$HUCHE_DOMAIN\} \{$", CADDYFILE, re.M)  # automatic HTTPS
    assert re.search(r"^\s*encode( @\w+)? zstd gzip$", CADDYFILE, re.M)
    assert "reverse_proxy {$HUCHE_UPSTREAM:web:8000}" in CADDYFILE
    assert caddy["environment"]["HUCHE_UPSTREAM"] == "web:8000"
    env = SERVICES["web"]["environment"]
    assert env["TRUSTED_PROXY_COUNT"] == "${TRUSTED_PROXY_COUNT:-1}"  # Caddy, one proxy
    # CSRF_TRUSTED_ORIGINS and the rest follow it in settings.py (tests/deploy/test_compose_config.py)
    assert env["HUCHE_DOMAIN"] == "${HUCHE_DOMAIN:?set HUCHE_DOMAIN in .env}"
    assert re.search(r"^HUCHE_DOMAIN=", ENV_EXAMPLE, re.M)


def test_the_backup_service_runs_the_backup_script_and_keeps_the_files_outside():
    backup = SERVICES["backup"]
    assert "/deploy/backup.sh" in " ".join(backup["command"])
    assert "./backups:/backups" in backup["volumes"]
    # `manage.py backup` needs Huche's image and settings, and puts the signing key in the file.
    assert backup["image"] == SERVICES["web"]["image"]
    assert "huchekeys:/keys" in backup["volumes"]
    assert "huche-*.tar" in " ".join(backup["healthcheck"]["test"])


def test_each_gunicorn_keeps_no_control_socket_shared_by_the_account():
    """gunicorn 25+ opens ~/.gunicorn/gunicorn.ctl by default: two servers of one account (two
    halls, two central web servers) would share it (issue 52). Huche's config turns it off."""
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert "control_socket_disable" in Config().settings
    assert settings["control_socket_disable"] is True


def test_the_embedded_broker_names_its_host():
    """`make run`: kombu warns "No hostname was supplied" for a bare memory:// at each start."""
    if site.REDIS_URL:
        pytest.skip("REDIS_URL set: the embedded broker is not used")
    assert Connection(site.CELERY_BROKER_URL).hostname == "localhost"
