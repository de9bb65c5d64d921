"""Public pages served whole from the cache, like static files: compressed once, with ``ETag``
and ``Last-Modified`` so a phone that refreshes gets a 304 (issue 54).

At the end of a round every phone in the hall refreshes the standings at once, though the page
changes only when a result is confirmed. For a visitor who shares nothing of their own with the
page (not logged in, no session, no message waiting: the anonymous public, nearly every phone),
the whole response is one render per event version (``publishing.caching.page_fragment``: each
process's memory in front of Redis, one renderer at a time), gzipped once when rendered, and
answered without touching the template engine.

Who gets what is still decided before the cache: the view checks the embargo and the draft
rule first, and the key holds everything the answer depends on for an anonymous visitor — the
event's version (bumped by every change, a release or a hide included), whether its results
are public and released, the language, the full path (the projector view, the language form's
``next``). Anyone else (an organizer, an official, a captain logged in, anyone with a session)
gets the page rendered for them, as before: nothing they see is ever stored for another.

The standings page finds its stored answer without reading the event row (:func:`stored`): the
event's version and visibility come from its head in the cache (``publishing.heads``), written
after every commit that changes them; a miss reads the row as before.

A shared page carries nothing of its visitor's: no CSRF token (the language form needs none:
its view is exempt, ``config/urls.py``) and no cookie is set, so each view costs a cache lookup
and a copy, and compressing the body once is safe (BREACH needs a secret beside text the
attacker chooses). A render that would put a token in the body is not shared (:func:`freeze`).
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_vary_headers
from django.utils.http import http_date, parse_etags, parse_http_date_safe
from django.utils.translation import get_language

from tournaments.publishing import heads
from tournaments.publishing.caching import page_fragment, stored_fragment

log = logging.getLogger(__name__)

#: Below this the response is sent as it is (GZipMiddleware's own threshold).
MIN_GZIP = 200


@dataclass(frozen=True)
class WholePage:
    """A response as stored: the body, the body gzipped, its ETag, when it was rendered."""

    status: int
    content_type: str
    body: bytes
    gzipped: bytes | None
    etag: str
    modified: float


def shareable(request: HttpRequest, user=None) -> bool:
    """Whether the visitor may get the answer stored for everyone: a GET from nobody in
    particular (no login, no session, no message waiting for them). ``user``: the caller as
    the API authenticated them (a token), if not the request's."""
    user = user if user is not None else getattr(request, "user", None)
    return (
        request.method in ("GET", "HEAD")
        and not (user is not None and user.is_authenticated)
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "messages" not in request.COOKIES
    )


class Personal(Exception):
    """A render that holds something of its visitor's (a CSRF token asked for, a cookie): never
    stored for everyone. Carries the response, which still answers that visitor."""

    def __init__(self, response: HttpResponse):
        super().__init__("a page for everyone would carry one visitor's token or cookie")
        self.response = response


def freeze(response: HttpResponse, *, compress: bool = True) -> WholePage:
    """The response as stored: gzipped once, its ETag the hash of its body."""
    body = bytes(response.content)
    gzipped = (
        gzip.compress(body, compresslevel=6, mtime=0)
        if compress and len(body) >= MIN_GZIP
        else None
    )
    digest = hashlib.blake2b(body, digest_size=16).hexdigest()
    return WholePage(
        response.status_code,
        response.get("Content-Type", "text/html; charset=utf-8"),
        body,
        gzipped,
        f'"{digest}"',
        time.time(),
    )


def serve(
    request: HttpRequest,
    event,
    page: str,
    render: Callable[[], HttpResponse],
    *,
    compress: bool = True,
    user=None,
) -> HttpResponse:
    """The page for ``request``: stored whole and shared if the visitor is nobody in particular
    (see the module docstring), else rendered for them by ``render``."""
    if not shareable(request, user):
        return render()
    heads.remember(event)  # the next anonymous view finds its key without the row

    def shared() -> WholePage:
        response = render()
        # A token in the body (``{% csrf_token %}``, get_token) or a cookie is the visitor's own.
        if request.META.get("CSRF_COOKIE_NEEDS_UPDATE") or response.cookies:
            raise Personal(response)
        return freeze(response, compress=compress)

    try:
        stored: WholePage = page_fragment(
            event, _key(request, page, event.results_public, bool(event.released_at)), shared
        )
    except Personal as personal:
        log.error("%s page of event %s not shared: %s", page, event.pk, personal)
        return personal.response
    return answer(request, stored)


def stored(request: HttpRequest, slug: str, page: str) -> HttpResponse | None:
    """The stored page for an anonymous visitor, found with the event's head alone (no SQL), or
    None: the caller reads the row (a visitor with a session, no head in the cache, a draft,
    no page stored for this version yet) and calls :func:`serve`.

    Only for a page whose rule is the draft rule and the embargo alone, as the head holds them
    (the standings page): the key is the one :func:`serve` stores under."""
    if not shareable(request):
        return None
    head = heads.get(slug)
    if head is None or not head.published:
        return None
    found = stored_fragment(head, _key(request, page, head.results_public, head.released))
    if not isinstance(found, WholePage):
        return None
    return answer(request, found)


def _key(request: HttpRequest, page: str, results_public: bool, released: bool) -> str:
    return (
        f"whole:{page}:{get_language()}:{int(results_public)}:{int(released)}:"
        f"{request.get_full_path()}"
    )


def answer(request: HttpRequest, stored: WholePage) -> HttpResponse:
    """A 304 if the visitor has this version already, else the stored body (gzipped if they
    accept it)."""
    if _not_modified(request, stored):
        response: HttpResponse = HttpResponseNotModified()
    else:
        gzipped = stored.gzipped is not None and "gzip" in request.headers.get(
            "Accept-Encoding", ""
        )
        response = HttpResponse(
            stored.gzipped if gzipped else stored.body,
            status=stored.status,
            content_type=stored.content_type,
        )
        if gzipped:
            response["Content-Encoding"] = "gzip"
    response["ETag"] = stored.etag
    response["Last-Modified"] = http_date(stored.modified)
    response["Cache-Control"] = "no-cache"  # keep it, but ask again each time (cheap: a 304)
    patch_vary_headers(response, ("Accept-Encoding", "Accept-Language", "Cookie"))
    return response


def _not_modified(request: HttpRequest, stored: WholePage) -> bool:
    if stored.status != 200:
        return False
    tags = request.headers.get("If-None-Match")
    if tags is not None:
        wanted = {tag.removeprefix("W/") for tag in parse_etags(tags)}
        return "*" in wanted or stored.etag in wanted
    since = parse_http_date_safe(request.headers.get("If-Modified-Since", ""))
    return since is not None and int(stored.modified) <= since
