"""The hall's automatic backups: while ``huche hall`` serves, one backup every few minutes
into the folder the organizer chose (a USB stick: ``--backup-dir E:\\`` or HUCHE_BACKUP_DIR),
the last N kept, each written under a temporary name then renamed (operations/backups.py), and a
last one when Huche stops. ``huche restore FILE`` brings one back on another laptop.

They run in a small child process: gunicorn replaces the hall's own process (``os.execv``), so
a thread of it would not survive. The child holds one end of a pipe whose other end the server
keeps (across the exec): when the server ends, for whatever reason, the pipe closes and the
child writes its last backup and ends too. A quiet spell writes nothing: a backup identical to
the latest one is not written again, so the last N are N different moments.
"""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
import threading
from pathlib import Path

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from operations import backups
from operations.hall import console

EVERY_MINUTES = 5
KEEP = 24  # two hours at five minutes, more when nothing changed


def command(directory: Path, every_seconds: float, keep: int) -> list[str]:
    # Ctrl-C reaches every process of the console: this one ignores it from its first line and
    # ends when the server's pipe closes, after its last backup. Interrupted instead, it left a
    # thread blocked reading the pipe at exit: « Fatal Python error » after the last backup, or
    # a traceback when pressed during start, and the volunteer doubted the backup.
    code = (
        "import signal; signal.signal(signal.SIGINT, signal.SIG_IGN); "
        "import django; django.setup(); from operations.hall.automatic_backups import main; main()"
    )
    return [sys.executable, "-c", code, str(directory), str(every_seconds), str(keep)]


def start(directory: Path, every_seconds: float, keep: int) -> subprocess.Popen:
    child = subprocess.Popen(
        command(directory, every_seconds, keep), stdin=subprocess.PIPE, **console.deaf_to_ctrl_c()
    )
    assert child.stdin is not None
    os.set_inheritable(child.stdin.fileno(), True)  # kept by gunicorn after the exec
    return child


def main() -> None:
    translation.activate(settings.LANGUAGE_CODE)
    directory, every, keep = Path(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
    stopped = threading.Event()

    def watch_the_server() -> None:
        sys.stdin.buffer.read()  # returns when the server's end of the pipe closes
        stopped.set()

    threading.Thread(target=watch_the_server, daemon=True).start()
    while True:
        back_up_once(directory, keep, every)
        if stopped.wait(every):
            break
    back_up_once(directory, keep, every)


def back_up_once(directory: Path, keep: int, every: float) -> None:
    now = datetime.datetime.now().strftime("%H:%M")
    try:
        written = backups.backup(directory, skip_unchanged=True)
        backups.prune(directory, keep)
    except (backups.BackupError, OSError) as exc:
        print(
            _("%(time)s The automatic backup failed: %(error)s Next try in %(minutes)s minutes.")
            % {"time": now, "error": exc, "minutes": round(every / 60, 1)},
            flush=True,
        )
        return
    if not written.unchanged:
        print(
            _("%(time)s Backup written: %(path)s") % {"time": now, "path": written.path}, flush=True
        )
