"""docker-compose.yml with the .env docs/deploy.md §3 makes (.env.example, its three required
lines filled in), read by Debian 12's docker-compose 1.29 and by Compose v2: every service gets
exactly the settings it needs (issue 32: 1.29 passed ALLOWED_HOSTS as the literal text of a
nested default, every request was a 400 and the site never started)."""

from __future__ import annotations

import re
import secrets

import pytest

from tests.deploy.compose import composes, config, settings_seen
from tests.security.services import ROOT

pytestmark = pytest.mark.deploy
DOMAIN = "huche.club-exemple.org"  # docs/deploy.md's example
HUCHE_SERVICES = ("web", "worker", "beat")


def documented_env(secret: str, password: str) -> str:
    """.env.example with the three required lines filled in, as docs/deploy.md §3 says."""
    text = (ROOT / ".env.example").read_text()
    for name, value in {
        "HUCHE_DOMAIN": DOMAIN,
        "SECRET_KEY": secret,
        "POSTGRES_PASSWORD": password,
    }.items():
        text, found = re.subn(rf"^{name}=.*$", f"{name}={value}", text, flags=re.M)
        assert found == 1, f".env.example has no required line {name}="
    return text


@pytest.mark.parametrize("compose", composes())
def test_every_service_gets_its_settings_from_the_documented_env(compose, tmp_path):
    secret, password = secrets.token_urlsafe(50), secrets.token_urlsafe(24)
    services = config(compose, tmp_path, documented_env(secret, password))
    assert set(services) == {"caddy", "web", "worker", "beat", "db", "redis", "backup"}
    database_url = "postgres://huche:" + password + "@db:5432/huche"
    for name in HUCHE_SERVICES:
        env = services[name]["environment"]
        expected = {
            "DEBUG": "0",
            "SECRET_KEY": secret,
            "HUCHE_DOMAIN": DOMAIN,
            "DATABASE_URL": database_url,
            "REDIS_URL": "redis://redis:6379/0",
            "TRUSTED_PROXY_COUNT": "1",
            "HUCHE_SIGNING_KEY_FILE": "/keys/huche-signing-key.pem",
        }
        assert {k: str(env.get(k)) for k in expected} == expected, name
        # What Huche makes of it, as in the container.
        assert settings_seen(env) == {
            "ALLOWED_HOSTS": [DOMAIN],
            "CSRF_TRUSTED_ORIGINS": [f"https://{DOMAIN}"],
            "HUCHE_BASE_URL": f"https://{DOMAIN}",
            "DEBUG": False,
            "TRUSTED_PROXY_COUNT": 1,
            "DATABASE": ["db", 5432, "huche", "huche", password],
        }, name
    db = services["db"]["environment"]
    assert {k: db[k] for k in ("POSTGRES_DB", "POSTGRES_USER", "POSTGRES_PASSWORD")} == {
        "POSTGRES_DB": "huche",
        "POSTGRES_USER": "huche",
        "POSTGRES_PASSWORD": password,
    }
    assert services["backup"]["environment"]["DATABASE_URL"] == database_url
    caddy = services["caddy"]["environment"]
    assert (caddy["HUCHE_DOMAIN"], caddy["HUCHE_UPSTREAM"]) == (DOMAIN, "web:8000")
    # Each service only the settings it reads (issue 52): no SECRET_KEY beyond Huche's own,
    # no database password for Caddy or Redis.
    assert set(caddy) == {"HUCHE_DOMAIN", "HUCHE_UPSTREAM"}
    assert set(db) == {"POSTGRES_DB", "POSTGRES_USER", "POSTGRES_PASSWORD"}
    assert not services["redis"].get("environment")
    for name, service in services.items():
        # Nothing left unexpanded (1.29's symptom), and the console output is bounded.
        for key, value in (service.get("environment") or {}).items():
            assert "${" not in str(value) and "$$" not in str(value), (name, key, value)
        logging = service["logging"]
        assert logging["driver"] == "json-file", name
        assert (logging["options"]["max-size"], logging["options"]["max-file"]) == ("10m", "5")


@pytest.mark.parametrize("compose", composes())
def test_a_missing_required_setting_is_named(compose, tmp_path):
    text = documented_env(secrets.token_urlsafe(50), "pw").replace(f"HUCHE_DOMAIN={DOMAIN}", "")
    with pytest.raises(AssertionError, match="set HUCHE_DOMAIN in .env"):
        config(compose, tmp_path, text)


def test_no_construct_only_one_compose_reads():
    """Debian's docker-compose 1.29 leaves a nested default (${A:-${B}}) as literal text, and
    refuses keys newer than its schema: neither may come back."""
    lines = (ROOT / "docker-compose.yml").read_text().splitlines()
    text = "\n".join(line for line in lines if not line.lstrip().startswith("#"))
    nested = re.findall(r"\$\{[^}]*\$\{", text)
    assert not nested, f"nested defaults in docker-compose.yml: {nested}"
    # Keys Compose v2 reads and 1.29 does not (top-level name/include, develop, !reset...).
    for newer in ("\nname:", "\ninclude:", "develop:", "!reset", "!override", "required:"):
        assert newer not in text, newer
