"""docs/deploy-systemd.md against deploy/systemd/: every file the page installs exists, every
file there is installed, and the units read the env file the page fills in. (The units' command
lines themselves are run by tests/deploy/test_production_stack.py.)"""

from __future__ import annotations

import re

from tests.deploy.systemd_recipe import SYSTEMD, env_file, unit_environment, unit_lines
from tests.security.services import ROOT

PAGE = (ROOT / "docs" / "deploy-systemd.md").read_text()
UNITS = ("huche-web.service", "huche-worker.service", "huche-beat.service")


def test_the_page_is_linked_from_the_deployment_guide():
    assert "docs/deploy-systemd.md" in (ROOT / "docs" / "deploy.md").read_text()


def test_the_page_installs_every_file_of_the_recipe_and_only_those():
    commands = "\n".join(re.findall(r"```sh\n(.*?)```", PAGE, re.S))
    named = set(re.findall(r"/srv/huche/deploy/systemd/([\w.-]+)", commands))
    assert named == {path.name for path in SYSTEMD.iterdir()}
    enabled = re.search(r"systemctl enable --now (.+)", commands).group(1).split()
    assert [f"{name}.service" for name in enabled] == list(UNITS)


def test_the_units_run_as_huche_from_the_checkout_with_the_env_file():
    for unit in UNITS:
        assert unit_lines(unit, "User") == ["huche"], unit
        assert unit_lines(unit, "WorkingDirectory") == ["/srv/huche"], unit
        assert unit_lines(unit, "EnvironmentFile") == ["/etc/huche/huche.env"], unit
        assert unit_lines(unit, "Restart") == ["always"], unit
    settings = env_file(SYSTEMD / "huche.env")
    assert {"HUCHE_DOMAIN", "SECRET_KEY", "DATABASE_URL", "REDIS_URL"} <= set(settings)
    assert ":password@" in settings["DATABASE_URL"]  # the page says to replace it
    assert settings["DEBUG"] == "0" and settings["TRUSTED_PROXY_COUNT"] == "1"


def test_caddy_uses_the_sites_caddyfile_and_no_secret():
    assert "import /srv/huche/deploy/Caddyfile" in (SYSTEMD / "Caddyfile").read_text()
    caddy = unit_environment("caddy-huche.conf")
    assert caddy["HUCHE_UPSTREAM"] == "127.0.0.1:8000"
    assert "--bind 127.0.0.1:8000" in unit_lines("huche-web.service", "ExecStart")[0]
    # Debian's caddy.service prints its environment (--environ): no secret may be in it.
    assert not {"SECRET_KEY", "DATABASE_URL", "POSTGRES_PASSWORD"} & set(caddy)
