"""``GET /healthz``: is each service Huche depends on working right now?

Anyone sees ``{"status": "ok" | "dégradé", "failing": [names]}``: the failing components'
names (database, cache, broker, worker) and nothing else, so a failure shows no host name nor
error text to strangers. Staff (``is_staff``) also see each component's detail, and the details
go to the log. The status code is for orchestrators and uptime checkers: 503 only when the
database is down (nothing works without it); with Redis or the worker down, pages and score
entry still work (the work waits in the outbox), so 200 with "dégradé". The containers' own
health checks use ``/healthz/live``, so a dead worker never marks the web container unhealthy.
"""

from __future__ import annotations

import logging

from celery import current_app
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache

from huche import __version__ as VERSION  # noqa: N812 (a constant here)
from operations.health import heartbeat

log = logging.getLogger(__name__)

OK, DEGRADED = "ok", "dégradé"
# Without these, nothing works: the answer is 503.
VITAL = {"database"}


def check_database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return connection.vendor


def check_cache() -> str:
    cache.set("healthz", "ok", 10)
    if cache.get("healthz") != "ok":
        raise RuntimeError("the cache did not keep a value")
    return str(settings.CACHES["default"]["BACKEND"]).rsplit(".", 1)[-1]


def check_broker() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "eager (tasks run in the web process)"
    with current_app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=1)
    return "redis"


def check_worker() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "eager (no worker: tasks run in the web process)"
    stale = float(settings.WORKER_HEARTBEAT_STALE)
    seen = heartbeat.age()
    if seen is None:
        raise RuntimeError("no Celery worker has written its heartbeat")
    if seen > stale:
        raise RuntimeError(f"the last worker heartbeat is {seen:.0f} s old (over {stale:.0f} s)")
    return f"heartbeat {seen:.0f} s ago"


CHECKS = {
    "database": check_database,
    "cache": check_cache,
    "broker": check_broker,
    "worker": check_worker,
}


def _is_staff(request) -> bool:
    try:  # reading the session needs the database, which may be the failing service
        return bool(getattr(request.user, "is_staff", False))
    except Exception:
        return False


@never_cache
def healthz(request):
    report, failing = {}, []
    for name, check in CHECKS.items():
        try:
            report[name] = {"ok": True, "detail": check()}
        except Exception as exc:  # any failure of a service is reported, not raised
            report[name] = {"ok": False, "detail": f"{type(exc).__name__}: {exc}"}
            failing.append(name)
            log.warning("healthz: %s failing: %s", name, report[name]["detail"])
    body: dict = {"status": DEGRADED if failing else OK, "failing": failing}
    if _is_staff(request):  # details and which Huche runs: for the maintainer, not the public
        body.update(report)
        body["version"] = VERSION
    status = 503 if VITAL & set(failing) else 200
    return JsonResponse(body, status=status, json_dumps_params={"ensure_ascii": False})


@never_cache
def live(request):
    """``GET /healthz/live``: the web process answers. Touches neither the database nor the
    cache, so a load balancer does not take every web process out when PostgreSQL or Redis
    blinks (``/healthz`` says which service is down). Also the benchmarks' trivial view."""
    return HttpResponse("ok\n", content_type="text/plain")
