"""docs/hall.md: « Stop Huche with Ctrl-C ». The console sends it to every process of the hall
(the server, its workers, the automatic backups). Whenever it is pressed, while Huche prepares
(migrations, static files) or while it serves, Huche ends without a traceback nor « Fatal
Python error »: the volunteer read those and doubted the last backup."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
pytestmark = pytest.mark.slow


def hall_until_ctrl_c(tmp_path: Path, when: str, port: int) -> tuple[int, str]:
    """``huche hall`` stopped by Ctrl-C ``when`` it "prepares" (2.5 s after its start: its
    migrations and static files take longer) or once it "serves" (its first backup written)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("HUCHE_", "DJANGO_", "DATABASE_URL", "REDIS_URL"))
    }
    env |= {"HUCHE_HOME": str(tmp_path / "data"), "PYTHONUNBUFFERED": "1"}
    huche = Path(sys.executable).with_name("huche")
    hall = subprocess.Popen(
        [
            str(huche),
            "hall",
            "--listen",
            f"127.0.0.1:{port}",
            "--backup-dir",
            str(tmp_path / "usb"),
        ],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    assert hall.stdout is not None
    printed: list[str] = []
    serving = threading.Event()

    def read() -> None:
        for line in hall.stdout:
            printed.append(line)
            if "Sauvegarde écrite" in line:
                serving.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    if when == "prepares":
        time.sleep(2.5)
    else:
        assert serving.wait(90), "".join(printed)
    os.killpg(hall.pid, signal.SIGINT)  # Ctrl-C, to the whole console
    hall.wait(timeout=90)
    reader.join(timeout=10)
    return hall.returncode, "".join(printed)


@pytest.mark.parametrize("when", ["prepares", "serves"])
def test_ctrl_c_stops_the_hall_in_words(tmp_path, free_tcp_port, when):
    code, out = hall_until_ctrl_c(tmp_path, when, free_tcp_port)
    assert "Traceback" not in out and "Fatal Python error" not in out, out
    if "Arrêté" in out:  # pressed while it started or prepared
        assert code == 130
    else:
        assert code == 0 and "Sauvegarde écrite" in out, out  # served, backed up, stopped
