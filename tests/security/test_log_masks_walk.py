"""Issue 51, finding 5: no private link's token in any log. Every route of the site is walked;
a route carrying a secret in its path (a ``str``/``path`` parameter or a regex group, unless
its name is one of the plain words of :data:`PLAIN`, or any parameter named like a token) must
have its token masked by common/private_links.py, the one list that the URL patterns, Django's
and gunicorn's log filters, the error reports and Caddy's log share. A new token route that
does not take its route from that list fails here (proved with a synthetic route)."""

from __future__ import annotations

import logging
import re

import pytest
from django.http import HttpResponse
from django.urls import URLPattern, URLResolver, get_resolver, path, resolve
from django.urls.converters import IntConverter, SlugConverter, UUIDConverter
from django.urls.resolvers import RoutePattern
from gunicorn.config import Config  # type: ignore[import-untyped]

from common.private_links import CADDY_PATTERN, CADDY_REPLACEMENT, PRIVATE_LINKS, mask
from operations.logs.gunicorn_logger import GunicornLogger
from operations.logs.masks import MaskPrivateLinks
from tests.config.test_deploy_files import CADDYFILE

TOKEN = "Zq8sEcReT-t0k3n_Xy"
# Path parameters that name something public (a kind of export, an action's name, Django's
# admin's object, a row's number, the slugs of the API's routers): not a secret, whatever
# their converter or regex.
PLAIN = {
    "slug",
    "league",
    "season",
    "number",
    "content_type_id",
    "which",
    "what",
    "action",
    "object_id",
    "id",
    "pk",
    "app_label",
    "format",
    "url",
}
NOT_SECRET_CONVERTERS = (IntConverter, SlugConverter, UUIDConverter)
SAMPLES = {
    IntConverter: "7",
    SlugConverter: "club",
    UUIDConverter: "1c5e2ad4-3b1f-4f6e-9c1d-2a3b4c5d6e7f",
}
ROUTE_PARAMETER = re.compile(r"<(?:(?P<converter>\w+):)?(?P<name>\w+)>")
REGEX_GROUP = re.compile(r"\(\?P<(?P<name>\w+)>[^)]*\)")


def _is_secret(name: str, converter: object | None) -> bool:
    if "token" in name.lower() or "secret" in name.lower():
        return True
    return name not in PLAIN and not isinstance(converter, NOT_SECRET_CONVERTERS)


def _concrete(pattern) -> tuple[str, bool]:
    """One piece of a route as a concrete path (secrets as TOKEN), and whether it has one."""
    route = str(pattern.pattern)
    converters = getattr(pattern.pattern, "converters", {})
    secret = False

    def sample(found: re.Match) -> str:
        nonlocal secret
        converter = converters.get(found["name"])
        if _is_secret(found["name"], converter):
            secret = True
            return TOKEN
        return SAMPLES.get(type(converter), "7" if found["name"] in ("pk", "id") else "club")

    if isinstance(pattern.pattern, RoutePattern):  # a route: "r/<str:token>/"
        return ROUTE_PARAMETER.sub(sample, route), secret
    concrete = REGEX_GROUP.sub(sample, route.removeprefix("^").removesuffix("$"))
    return concrete.replace("\\.", "."), secret


def token_routes(patterns, prefix: str = "/"):
    """Every route of ``patterns`` whose path carries a secret: (its path with TOKEN in it)."""
    for pattern in patterns:
        piece, secret = _concrete(pattern)
        if isinstance(pattern, URLResolver):
            yield from (
                (url, True) if secret else (url, inner)
                for url, inner in token_routes(pattern.url_patterns, prefix + piece)
            )
        elif isinstance(pattern, URLPattern) and secret:
            yield prefix + piece, True


def unmasked(patterns) -> list[str]:
    """The token routes whose token a log line, an error report or Caddy's log would show."""
    caddy = re.compile(CADDY_PATTERN)
    caddy_replacement = CADDY_REPLACEMENT.replace("${1}", r"\1")
    return [
        url
        for url, _ in token_routes(patterns)
        if TOKEN in mask(f'"GET {url}?x=1 HTTP/1.1" 200 "https://huche.example.org{url}"')
        or TOKEN in caddy.sub(caddy_replacement, url)
    ]


def test_every_token_route_of_the_site_is_masked():
    routes = [url for url, _ in token_routes(get_resolver().url_patterns)]
    # The walk sees the private links (so it is not vacuous) and builds real paths.
    for expected in ("/r/", "/c/", "/invitation/", "/api/v1/registrations/"):
        assert any(url.startswith(expected + TOKEN) for url in routes), expected
    for url in routes:
        if url.startswith(tuple(link.prefix for link in PRIVATE_LINKS)):
            assert resolve(url).kwargs["token"] == TOKEN
    assert unmasked(get_resolver().url_patterns) == []


def _view(request, token):
    return HttpResponse()


@pytest.mark.parametrize(
    "route",
    ["vote/<str:token>/", "ballot/<str:code>/", "api/v1/teams/<slug:slug>/<str:secret_key>/"],
)
def test_a_new_token_route_outside_the_list_fails_the_walk(route):
    synthetic = [*get_resolver().url_patterns, path(route, _view, name="synthetic")]
    (found,) = unmasked(synthetic)
    assert TOKEN in found and found.startswith("/" + route.split("<")[0])


def test_a_route_made_from_the_list_passes_the_walk():
    (registration, *_) = [link for link in PRIVATE_LINKS if link.prefix == "/r/"]
    synthetic = [path(registration.route + "receipt/", _view, name="synthetic")]
    assert [url for url, _ in token_routes(synthetic)] == [f"/r/{TOKEN}/receipt/"]
    assert unmasked(synthetic) == []


def test_caddys_log_masks_with_the_lists_pattern_in_every_field():
    line = f"regexp {CADDY_PATTERN} {CADDY_REPLACEMENT}"
    for field in ("request>uri", "request>headers>Referer", "resp_headers>Location"):
        assert f"{field} {line}" in CADDYFILE


@pytest.mark.parametrize("prefix", ["/r/", "/invitation/", "/api/v1/registrations/", "/c/"])
def test_django_and_gunicorn_logs_mask_every_kind_of_link(prefix, tmp_path):
    record = logging.LogRecord(
        "django.request",
        logging.WARNING,
        __file__,
        1,
        "Not Found: %s",
        (f"{prefix}{TOKEN}/",),
        None,
    )
    assert MaskPrivateLinks().filter(record)
    assert record.getMessage() == f"Not Found: {prefix}***/"
    cfg = Config()
    cfg.set("accesslog", str(tmp_path / "access.log"))
    logger = GunicornLogger(cfg)
    logger.access_log.info('"GET %s%s/change/ HTTP/1.1" 200', prefix, TOKEN)
    for handler in logger.access_log.handlers:
        handler.flush()
    access = (tmp_path / "access.log").read_text()
    assert f'"GET {prefix}***/change/ HTTP/1.1" 200' in access
    assert TOKEN not in access
