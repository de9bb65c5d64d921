"""The page an invitation's link opens: accept the role (logged in to the invited address's
account), log in first, or create that account there. See ``events.invitations``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.forms import InvitedAccountForm
from accounts.models import Invitation, User
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
    if User.objects.filter(email__iexact=invitation.email).exists():
        return _page(request, invitation, "log_in")
    form = InvitedAccountForm(
        request.POST or None, email=invitation.email, initial={"display_name": invitation.name}
    )
    if request.method == "POST" and form.is_valid():
        try:
            user = invitations.accept_with_new_account(invitation, form)
        except RuleError as exc:
            form.add_error(None, exc.message)
        else:
            login(request, user)
            return _accepted(request, invitation)
    return _page(request, invitation, "create", form=form)
