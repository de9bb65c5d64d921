"""``GET /healthz``: is each service Huche depends on reachable right now?"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache

from config.celery import app
from config.version import VERSION


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
    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=1)
    return "redis"


CHECKS = {"database": check_database, "cache": check_cache, "broker": check_broker}


@never_cache
def healthz(request):
    report, failing = {}, []
    for name, check in CHECKS.items():
        try:
            report[name] = {"ok": True, "detail": check()}
        except Exception as exc:  # any failure of a service is reported, not raised
            report[name] = {"ok": False, "detail": f"{type(exc).__name__}: {exc}"}
            failing.append(name)
    body = {"status": "ok" if not failing else "unavailable", "failing": failing, **report}
    if request.user.is_staff:  # which Huche runs: for the maintainer, not for the public
        body["version"] = VERSION
    return JsonResponse(body, status=503 if failing else 200)


@never_cache
def live(request):
    """``GET /healthz/live``: the web process answers. Touches neither the database nor the
    cache, so a load balancer does not take every web process out when PostgreSQL or Redis
    blinks (``/healthz`` says which service is down). Also the benchmarks' trivial view."""
    return HttpResponse("ok\n", content_type="text/plain")
