"""The suite in several processes (pytest-xdist, ``make test``'s ``-n``), loaded with ``-p``
before pytest-django reads the settings.

- Each process gets a Redis database of its own: every test empties the cache, and the Celery
  tests read their own queues; PostgreSQL's test database is already one per process
  (pytest-django adds ``_gw0``, ``_gw1``…).
- A test file runs whole in one process (its module fixtures are built once), and the files that
  start servers of their own (``tests/deploy/``: Caddy, gunicorn, PostgreSQL clusters, restores
  into named databases) run one after the other in the same process.
- Each process, and every server or command it starts, keeps its data (``HUCHE_HOME``: collected
  static files, a hall's backups and keys) in a folder of its own, never in the checkout: there
  a test's ``collectstatic`` deleted files another process was reading, and a developer's real
  hall data would get the tests' backups.
"""

from __future__ import annotations

import os
import shutil
import tempfile
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


# Before Django's settings are read (they create the folder's files as needed).
DATA_HOME = tempfile.mkdtemp(prefix=f"huche-test-home-{_worker or 'main'}-")
os.environ["HUCHE_HOME"] = DATA_HOME


def pytest_unconfigure(config):
    shutil.rmtree(DATA_HOME, ignore_errors=True)


def group_of(nodeid: str) -> str:
    """The process a test goes to: its file's, or the servers' for the files that start
    servers of their own."""
    path = nodeid.split("::", 1)[0]
    return "servers" if path.startswith(SERIAL) else path


# The groups are given by a scheduler of our own, not by ``xdist_group`` marks: xdist 3.8 passes
# a mark to the scheduler by appending it to the test's node id, which pytest 9.2 no longer lets
# it change, so ``--dist loadgroup`` silently spread a file's tests over every process
# (pytest-xdist#1386): module fixtures built twice, two production stacks at once.
@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ByFile(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid)

    return ByFile(config, log)
