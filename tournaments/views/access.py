"""Server-side access checks shared by the pages (the API has its own permission classes)."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import get_object_or_404, render

from accounts.links import live_link
from accounts.models import CaptainLink, EventRole
from accounts.unlock import unlock_of

from ..models import Event
from ..selectors import managed_events, visible_events


class LoginRequired(Exception):
    """Raised to send an anonymous visitor to the login page."""


class TeamWithdrawn(Exception):
    """Raised when a withdrawn team's captain opens their link: a page says so, not a 404."""

    def __init__(self, team):
        super().__init__(str(team))
        self.team = team


def event_or_404(slug: str, user) -> Event:
    """The event, if ``user`` may see it (a draft: only its organizers and officials)."""
    return get_object_or_404(visible_events(user).select_related("season__league"), slug=slug)


def managed_event(request, slug: str, *, organizer: bool = False) -> Event:
    """The event, if the user organizes it (``organizer``) or officiates it; otherwise 404.

    Another organizer's event answers 404, not 403: its existence is not disclosed.
    """
    if not request.user.is_authenticated:
        raise LoginRequired
    return get_object_or_404(
        managed_events(request.user, organizer=organizer).select_related("season__league"),
        slug=slug,
    )


def captain_link(request, token: str):
    """The live link for ``token`` and this phone's unlock of it: None unless its PIN was
    typed here today and no other team's PIN since (``accounts.unlock``)."""
    link = live_link(token)
    if link is None:
        withdrawn = (
            CaptainLink.objects.select_related("team__event")
            .filter(token=token, team__withdrawn_at__isnull=False)
            .first()
        )
        if withdrawn is not None:
            raise TeamWithdrawn(withdrawn.team)
        raise Http404("unknown or revoked link")
    return link, unlock_of(request.session, link)


def withdrawn_page(request, team):
    """The team has withdrawn: say so, and whom to see (the event's organizers and officials)."""
    people = (
        EventRole.objects.filter(event=team.event)
        .select_related("user")
        .order_by("role", "user__display_name", "user__email")
    )
    return render(
        request,
        "tournaments/captain_withdrawn.html",
        {"team": team, "event": team.event, "people": sorted({str(r.user) for r in people})},
        status=410,
    )


class LoginRequiredMiddleware:
    """Turn :class:`LoginRequired` into a redirect to the login page, and
    :class:`TeamWithdrawn` into the withdrawn team's page."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, LoginRequired):
            return redirect_to_login(request.get_full_path())
        if isinstance(exception, TeamWithdrawn):
            return withdrawn_page(request, exception.team)
        return None
