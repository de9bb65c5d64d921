"""deploy/systemd/ (docs/deploy-systemd.md) read as systemd reads it, with its fixed places
(/srv/huche, /var/lib/huche, /var/log/caddy, gunicorn's port) moved to the test's: the
production-stack test starts the very command lines, env file and Caddyfile a site installs."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from tests.security.services import PYTHON, ROOT

SYSTEMD = ROOT / "deploy" / "systemd"


def unit_lines(name: str, key: str) -> list[str]:
    """Every value of ``key`` in the unit file (ExecStartPre may come several times)."""
    text = (SYSTEMD / name).read_text()
    return [m.group(1).strip() for m in re.finditer(rf"^{key}=(.*)$", text, re.M)]


def env_file(path: Path) -> dict[str, str]:
    """KEY=value lines of a systemd EnvironmentFile (comments and blank lines skipped)."""
    pairs = (line.split("=", 1) for line in path.read_text().splitlines() if "=" in line)
    return {k.strip(): v.strip() for k, v in pairs if not k.lstrip().startswith("#")}


def unit_environment(name: str) -> dict[str, str]:
    return dict(value.split("=", 1) for value in unit_lines(name, "Environment"))


class Places:
    """The recipe's fixed places and where the test puts them."""

    def __init__(self, state: Path, caddy_logs: Path, web_port: int):
        self.moves = [
            ("/srv/huche/.venv/bin", str(Path(PYTHON).parent)),
            ("/srv/huche", str(ROOT)),
            ("/var/lib/huche", str(state)),
            ("/var/log/caddy", str(caddy_logs)),
            ("127.0.0.1:8000", f"127.0.0.1:{web_port}"),
        ]

    def __call__(self, text: str) -> str:
        for fixed, here in self.moves:
            text = text.replace(fixed, here)
        return text

    def command(self, line: str, env: dict[str, str]) -> list[str]:
        """An Exec line split as systemd splits it, ${NAME} taken from the environment."""
        words = shlex.split(self(line))
        return [re.sub(r"\$\{(\w+)\}", lambda m: env[m.group(1)], word) for word in words]
