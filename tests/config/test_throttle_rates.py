"""Every API rate limit a volunteer can set is one a view applies (issue 32, finding 7:
``THROTTLE_PIN`` was documented and read by nothing)."""

from __future__ import annotations

from django.conf import settings
from django.urls import URLPattern, URLResolver, get_resolver


def _views(patterns):
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from _views(entry.url_patterns)
        elif isinstance(entry, URLPattern):
            view = getattr(entry.callback, "cls", None) or getattr(
                entry.callback, "view_class", None
            )
            if view is not None:
                yield view


def applied_scopes() -> set[str]:
    scopes = set()
    for view in _views(get_resolver().url_patterns):
        for throttle in getattr(view, "throttle_classes", ()):
            scope = getattr(throttle, "scope", None) or getattr(view, "throttle_scope", None)
            if scope:
                scopes.add(scope)
    return scopes


def test_every_configured_api_rate_is_applied_by_a_view():
    configured = set(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"])
    applied = applied_scopes()
    assert {"anon_tools", "login"} <= applied  # the finder sees the two known ones
    assert configured <= applied, f"rates no view applies: {sorted(configured - applied)}"
