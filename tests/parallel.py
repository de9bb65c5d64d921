"""The suite in several processes (pytest-xdist, ``make test``'s ``-n``), loaded with ``-p``
before pytest-django reads the settings.

- Each process gets a Redis database of its own: every test empties the cache, and the Celery
  tests read their own queues; PostgreSQL's test database is already one per process
  (pytest-django adds ``_gw0``, ``_gw1``…).
- A test file runs whole in one process (its module fixtures are built once), and the files that
  start servers of their own (``tests/deploy/``: Caddy, gunicorn, PostgreSQL clusters, restores
  into named databases) run one after the other in the same process.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit

import pytest

SERIAL = ("tests/deploy/",)


def own_redis_database(url: str, worker: str) -> str:
    """``redis://host:6379/0`` for worker ``gw2`` → ``redis://host:6379/3``."""
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{base + 1 + int(worker.removeprefix('gw'))}"))


_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if _worker.startswith("gw") and os.environ.get("REDIS_URL"):
    # Before Django's settings are read, and inherited by the servers the tests start.
    os.environ["REDIS_URL"] = own_redis_database(os.environ["REDIS_URL"], _worker)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Group every test by its file (or with the servers' files) for ``--dist loadgroup``."""
    for item in items:
        if item.get_closest_marker("xdist_group"):
            continue
        path = item.nodeid.split("::", 1)[0]
        group = "servers" if path.startswith(SERIAL) else path
        item.add_marker(pytest.mark.xdist_group(group))
