"""Servers the tests start in a session of their own (``start_new_session=True``)."""

from __future__ import annotations

import os
import signal
import subprocess


def stop(server: subprocess.Popen) -> None:
    """Stop the server and every process it started (gunicorn's workers): TERM, then KILL."""
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
