"""Read by gunicorn when started from this folder (the Docker image, `make hall`, the tests).

Before binding: a server listening beyond the loopback never runs with DEBUG on and never
keeps an account with the demo's published password (operations/exposure.py). At the hall, a
laptop's sleep is told calmly (operations/hall/suspend.py).
"""

import os
import sys

# Captains' private links (/c/<token>/) masked in the access and error logs
# (operations/logs/gunicorn_logger.py). The access log is on where the command line asks for it
# (--access-logfile -: the compose file, deploy/systemd/huche-web.service), to the console:
# Docker's log files or the journal rotate it.
logger_class = "operations.logs.gunicorn_logger.GunicornLogger"

# No control socket (gunicorn 25+, `gunicornc`): Huche never uses it, and every gunicorn of one
# account would otherwise share ~/.gunicorn/gunicorn.ctl (two hall servers, two central web
# servers). Older gunicorns ignore the setting.
control_socket_disable = True


def on_starting(server):
    try:
        _on_starting(server)
    except KeyboardInterrupt:  # Ctrl-C while it starts (the hall's console): words, no traceback
        from huche.cli import stopped_words

        print(stopped_words(), file=sys.stderr, flush=True)
        sys.exit(130)


def _on_starting(server):
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.db import connections
    from django.utils import translation

    from operations import exposure
    from operations.hall import suspend

    try:
        exposure.check_before_serving(server.cfg.bind, lambda line: print(line, flush=True))
    except exposure.Exposed as refused:
        print(f"Error: {refused}", file=sys.stderr, flush=True)
        sys.exit(3)
    finally:
        connections.close_all()  # the workers open their own
    if settings.HUCHE_HALL:  # a laptop that sleeps: a calm French line, not "WORKER TIMEOUT"
        translation.activate(settings.LANGUAGE_CODE)
        suspend.calm_after_sleep(server, lambda line: print(line, flush=True))
