"""Running Huche: everything a volunteer who installs, watches, backs up and restores it meets.

- ``hall/``: a real event on a laptop (``huche hall``): the laptop's addresses and name on the
  Wi-Fi, the watcher process, the automatic backups, a calm word after the laptop slept;
- ``backups``: one file with everything needed to bring a site back (``huche backup`` /
  ``huche restore``);
- ``health/``: ``/healthz``, the Celery worker's heartbeat, the officials told when Redis is down;
- ``faults``: a clear 503 when the database is unreachable, the error pages, the CSP header;
- ``logs/``: no private link in a log line, errors e-mailed or sent to Sentry;
- ``exposure``: what a server beyond the loopback must never do (debug pages, demo password);
- ``housekeeping`` and ``tasks``: the daily purges.

It may import the apps (the backups sign with the archive key, the purges delete task rows);
the apps never import it. What the apps share with it lives below them, in ``common/``.
"""
