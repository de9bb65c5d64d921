"""The captains' service worker, served under /c/ so that it may look after the captains' pages.

A service worker only controls pages under the folder it is served from: from /static/ it could
not open /c/<token>/ with no network. Its code stays a static file (static/huche/captain-sw.js);
this view only serves it from here. Browsers register it over HTTPS only (report.js never
registers it on the hall's plain-HTTP network).

The captain's private pages say which unlock they belong to (:func:`private_page`): the worker
keeps its copies of them under that unlock only, until its end, and drops them as soon as the
server answers a captain's page without it (the PIN page: the captain left, the day ended,
another team's PIN was typed; a 404: the link was replaced).
"""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpResponse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_GET

SCRIPT = "huche/captain-sw.js"
#: Read by the service worker: "<unlock id> <end, epoch seconds>" on a captain's private page.
UNLOCK_HEADER = "X-Huche-Unlock"
#: On the answer to "Forget this code": the browser drops its HTTP cache of this site (HTTPS).
FORGET_HEADERS = {"Clear-Site-Data": '"cache"'}


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


def private_page(response: HttpResponse, unlock) -> HttpResponse:
    """A page only this phone's unlock may see: never in the browser's HTTP cache (Back after
    "Forget this code" shows nothing), kept by the service worker under ``unlock`` only."""
    response[UNLOCK_HEADER] = unlock.header
    patch_cache_control(response, private=True, no_store=True)
    return response
