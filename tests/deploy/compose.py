"""docker-compose.yml as Debian 12's `docker-compose` (1.29, which CI installs) and Compose v2
read it: `config` prints the file with .env's values put in, with no Docker daemon."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.security.services import ROOT

V1 = ["docker-compose"]
V2 = ["docker", "compose"]


def composes() -> list:
    """1.29 is required in CI (.ci/run installs it; HUCHE_COMPOSE_REQUIRED=1); v2 when present."""
    v2 = (
        shutil.which("docker")
        and subprocess.run([*V2, "version"], capture_output=True).returncode == 0
    )
    return [
        pytest.param(V1, id="docker-compose-1.29"),
        pytest.param(V2, id="compose-v2", marks=[] if v2 else pytest.mark.skip("no Compose v2")),
    ]


def need(compose: list[str]) -> None:
    if shutil.which(compose[0]):
        return
    reason = f"{compose[0]} is not installed (Debian: apt-get install docker-compose)"
    if compose == V1 and os.environ.get("HUCHE_COMPOSE_REQUIRED") == "1":
        pytest.fail(f"CI must check the compose file with Debian's docker-compose, but {reason}")
    pytest.skip(reason)


def config(compose: list[str], folder: Path, env_text: str, compose_file: Path | None = None):
    """The compose file (by default the checkout's) read with ``env_text`` as its .env, from a
    folder of its own, with nothing from this process's environment (which would win)."""
    need(compose)
    shutil.copy(compose_file or ROOT / "docker-compose.yml", folder / "docker-compose.yml")
    (folder / ".env").write_text(env_text)
    done = subprocess.run(
        [*compose, "config"],
        cwd=folder,
        env={"PATH": os.environ["PATH"], "HOME": str(folder)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, f"{' '.join(compose)} config: {done.stderr[-2000:]}"
    return yaml.safe_load(done.stdout)["services"]


def settings_seen(environment: dict[str, str]) -> dict:
    """Huche's settings in a container given ``environment`` (the checkout stands for the image)."""
    code = (
        "import json, django; from django.conf import settings as s; django.setup(); "
        "db = s.DATABASES['default']; print(json.dumps({'ALLOWED_HOSTS': s.ALLOWED_HOSTS, "
        "'CSRF_TRUSTED_ORIGINS': s.CSRF_TRUSTED_ORIGINS, 'HUCHE_BASE_URL': s.HUCHE_BASE_URL, "
        "'DEBUG': s.DEBUG, 'TRUSTED_PROXY_COUNT': s.TRUSTED_PROXY_COUNT, "
        "'DATABASE': [db['HOST'], db['PORT'], db['NAME'], db['USER'], db['PASSWORD']]}))"
    )
    env = {"PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": "config.settings"}
    # `config` writes a "$" of the value as "$$": the container gets one.
    env |= {name: str(value).replace("$$", "$") for name, value in environment.items()}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return yaml.safe_load(done.stdout.strip().splitlines()[-1])
