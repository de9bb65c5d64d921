"""``Cache-Control: private, no-store`` on every answer that may hold a private link or a
contact (issue 51, finding 9): a browser's disk cache, a shared computer's back button or a
proxy must not keep a registration's page (its link, the captain's phone and e-mail), a list of
registrations, an organizer's page or an API answer given to someone identified.

Which answers: those of a private link's path (common/private_links.py: /c/, /r/,
/invitation/, /api/v1/registrations/...), of the organizers' and accounts' pages
(/organize/, /accounts/, /admin/), every answer to a caller identified (a session, an API
token, a captain's link header), and every answer to a POST, PUT, PATCH or DELETE (a
registration's answer gives its new link). The public pages of anonymous visitors keep their
caching.
"""

from __future__ import annotations

from django.utils.cache import patch_cache_control

from common.private_links import PRIVATE_LINKS

PRIVATE_PREFIXES = (*(link.prefix for link in PRIVATE_LINKS), "/organize/", "/accounts/", "/admin/")
IDENTIFYING_HEADERS = ("HTTP_AUTHORIZATION", "HTTP_X_CAPTAIN_LINK", "HTTP_X_CAPTAIN_PIN")


def is_private(request) -> bool:
    """Whether the answer to ``request`` may hold a private link or a contact."""
    if request.method not in ("GET", "HEAD") or request.path_info.startswith(PRIVATE_PREFIXES):
        return True
    if any(request.META.get(header) for header in IDENTIFYING_HEADERS):
        return True
    user = getattr(request, "user", None)
    return bool(getattr(user, "is_authenticated", False))


class PrivateAnswersMiddleware:
    """Marks the private answers (:func:`is_private`) ``private, no-store``."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if is_private(request):
            patch_cache_control(response, private=True, no_store=True)
        return response
