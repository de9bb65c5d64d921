"""The page an invitation's link opens: accept the role (logged in to the invited address's
account), log in first, or create that account there. See ``events.invitations``.

Logged out, the page is the same whether the invited address has an account or not (issue 33,
finding 5: "log in" or the sign-up form told the inviting organizer which): it offers both, in
the same words for everyone, until the person proves they own the address by logging in to it.
Creating the account from it counts against the sign-up limit of the address
(``accounts.throttle.signup_per_client``), like the sign-up page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from accounts.forms import InvitedAccountForm
from accounts.models import Invitation
from accounts.throttle import client_ip, minutes, signup_per_client
from tournaments.events import invitations
from tournaments.words import say

from ..errors import RuleError


def _accepted(request, invitation: Invitation):
    messages.success(
        request,
        say(
            _("You are now %(role)s of %(event)s."),
            {"role": invitation.get_role_display().lower(), "event": invitation.event.name},
        ),
    )
    return redirect("tournaments:dashboard", slug=invitation.event.slug)


def _page(request, invitation, step: str, status: int = 200, **extra):
    context = {"invitation": invitation, "event": invitation.event, "step": step, **extra}
    return render(request, "tournaments/invitation.html", context, status=status)


@require_http_methods(["GET", "POST"])
def invitation_page(request, token):
    invitation = invitations.find(token)
    if invitation is None:
        raise Http404("unknown invitation")
    if invitation.status != Invitation.Status.INVITED:
        return _page(request, invitation, invitation.status, status=410)
    user = request.user
    if user.is_authenticated:
        if not invitations.matches(invitation, user):
            return _page(request, invitation, "other_account", status=403)
        if request.method == "POST":
            try:
                invitations.accept(invitation, user)
            except RuleError as exc:
                messages.error(request, exc.message)
                return redirect("tournaments:invitation", token=token)
            return _accepted(request, invitation)
        return _page(request, invitation, "accept")
    form = InvitedAccountForm(
        request.POST or None, email=invitation.email, initial={"display_name": invitation.name}
    )
    if request.method == "POST":
        wait = signup_per_client().take(client_ip(request))  # counted before it is checked
        if wait:
            n = minutes(wait)
            throttled = ngettext(
                "Too many accounts opened from this connection: try again in %(n)d minute.",
                "Too many accounts opened from this connection: try again in %(n)d minutes.",
                n,
            ) % {"n": n}
            form = InvitedAccountForm(email=invitation.email, initial=form.initial)
            response = _page(
                request, invitation, "log_in_or_create", 429, form=form, throttled=throttled
            )
            response["Retry-After"] = str(wait)
            return response
        if form.is_valid():
            try:
                user = invitations.accept_with_new_account(invitation, form)
            except RuleError as exc:
                form.add_error(None, exc.message)
            else:
                login(request, user)
                return _accepted(request, invitation)
    return _page(request, invitation, "log_in_or_create", form=form)
