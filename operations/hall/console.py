"""The hall's processes and the console they share: Ctrl-C reaches every one of them."""

from __future__ import annotations

import os
import signal


def deaf_to_ctrl_c() -> dict:
    """Popen's options for a helper process of the hall that Ctrl-C must not interrupt while it
    starts: the console sends it to every process, and one caught importing Django printed a
    traceback under the server's last lines. Ignored from its very first instruction (an
    ignored signal stays ignored across exec); the helper then stops in its own way."""
    if os.name == "nt":  # no such inheritance there; the helper's own handlers do what they can
        return {}
    return {"preexec_fn": lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)}
