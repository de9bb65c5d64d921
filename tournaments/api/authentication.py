"""Captains authenticate to the API with their team's private link and PIN.

Two headers, both required: ``X-Captain-Link: <token>`` (the token of the link printed on the
captain's slip) and ``X-Captain-Pin: <pin>``. The PIN is checked by :func:`accounts.links.check_pin`
on every request, so wrong PINs count towards the link's lockout exactly as on the pages.

On success ``request.user`` stays anonymous and ``request.auth`` is the
:class:`~accounts.models.CaptainLink`; :func:`actor_of` turns either kind of caller into the
:class:`~tournaments.results.reporting.Actor` the reporting service expects.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from accounts.links import check_pin, live_link, normalize_pin
from accounts.models import CaptainLink
from accounts.throttle import client_ip, minutes
from tournaments.results.reporting import Actor

from ..models import Report

LINK_HEADER = "X-Captain-Link"
PIN_HEADER = "X-Captain-Pin"


class CaptainLinkAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request):
        token = request.headers.get(LINK_HEADER, "").strip()
        if not token:
            return None
        link = live_link(token)
        if link is None:
            raise self._dead_link(token)
        pin = request.headers.get(PIN_HEADER, "")
        if not pin.strip():
            raise _failed(
                _("Give the link's PIN in the %(header)s header.") % {"header": PIN_HEADER},
                "pin_required",
            )
        typed = normalize_pin(pin)
        if typed is None:  # a typo, not a guess: no attempt spent
            raise _failed(
                _(
                    "A PIN is 6 digits (spaces and dashes are ignored): nothing was "
                    "checked, no attempt is used."
                ),
                "pin_format",
            )
        verdict = check_pin(link, typed, client=client_ip(request))
        if verdict.throttled:
            raise exceptions.Throttled(
                wait=verdict.retry_after,
                detail=ngettext(
                    "Too many wrong PINs from this address: try again in %(n)d "
                    "minute, or ask an official.",
                    "Too many wrong PINs from this address: try again in %(n)d "
                    "minutes, or ask an official.",
                    minutes(verdict.retry_after),
                )
                % {"n": minutes(verdict.retry_after)},
            )
        if verdict.locked:
            raise exceptions.PermissionDenied(
                _(
                    "Too many wrong PINs: this link is locked for 15 minutes. An official can "
                    "unlock it."
                ),
                code="link_locked",
            )
        if not verdict.ok:
            raise _failed(
                ngettext(
                    "Wrong PIN. %(n)d attempt left before the link is locked.",
                    "Wrong PIN. %(n)d attempts left before the link is locked.",
                    verdict.attempts_left,
                )
                % {"n": verdict.attempts_left},
                "wrong_pin",
            )
        return (AnonymousUser(), link)

    @staticmethod
    def _dead_link(token: str) -> exceptions.APIException:
        link = CaptainLink.objects.select_related("team").filter(token=token).first()
        if link is not None and link.team.withdrawn_at is not None:
            return exceptions.PermissionDenied(
                _("%(team)s has withdrawn: its link no longer reports results.")
                % {"team": link.team},
                code="withdrawn",
            )
        if link is not None:
            return _failed(
                _("This link was revoked: ask an official for the team's new link."), "link_revoked"
            )
        return _failed(
            _("Unknown captain's link: check the %(header)s header.") % {"header": LINK_HEADER},
            "link_unknown",
        )


def _failed(message: str, code: str) -> exceptions.AuthenticationFailed:
    return exceptions.AuthenticationFailed(message, code=code)


def captain_link_of(request) -> CaptainLink | None:
    return request.auth if isinstance(request.auth, CaptainLink) else None


def client_of(request) -> str:
    return client_ip(request)


def actor_of(request) -> Actor:
    """The reporting actor: the captain behind a link, or the logged-in user."""
    link = captain_link_of(request)
    if link is not None:
        return Actor(team=link.team, channel=Report.Channel.LINK, client=client_of(request))
    return Actor(user=request.user, channel=Report.Channel.ACCOUNT, client=client_of(request))


class CaptainLinkScheme(OpenApiAuthenticationExtension):
    target_class = "tournaments.api.authentication.CaptainLinkAuthentication"
    name = ["captainLink", "captainPin"]

    def get_security_definition(self, auto_schema):
        return [
            {
                "type": "apiKey",
                "in": "header",
                "name": LINK_HEADER,
                "description": "A captain's private link token (on the captain's slip, the "
                "last part of the link printed with the PIN).",
            },
            {
                "type": "apiKey",
                "in": "header",
                "name": PIN_HEADER,
                "description": "The PIN of that link. Wrong PINs count towards a 15-minute "
                "lockout.",
            },
        ]


#: Every API view that identifies its caller: a token (``Authorization: Token …``), the page
#: session, or a captain's link + PIN. Token first, so an anonymous call answers 401.
API_AUTHENTICATION = [
    authentication.TokenAuthentication,
    authentication.SessionAuthentication,
    CaptainLinkAuthentication,
]
