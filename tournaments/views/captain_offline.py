"""The captains' service worker, served under /c/ so that it may look after the captains' pages.

A service worker only controls pages under the folder it is served from: from /static/ it could
not open /c/<token>/ with no network. Its code stays a static file (static/huche/captain-sw.js);
this view only serves it from here. Browsers register it over HTTPS only (report.js never
registers it on the hall's plain-HTTP network).
"""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpResponse
from django.views.decorators.http import require_GET

SCRIPT = "huche/captain-sw.js"


def _script() -> bytes:
    found = finders.find(SCRIPT)
    if found:
        with open(found, "rb") as source:
            return source.read()
    with staticfiles_storage.open(SCRIPT) as collected:
        return collected.read()


@require_GET
def service_worker(request):
    response = HttpResponse(_script(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # a new version is picked up at the next visit
    return response
