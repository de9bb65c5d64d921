"""The organizer's "Officials" page: who runs the event, invite by email, the invitations'
state (invited / accepted / expired), a new link, cancel, remove a role."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts.links import public_base_url
from tournaments.events import invitations, officials
from tournaments.publishing.printing import qr_svg

from ..errors import RuleError
from ..forms import AppointForm, add_rule_error
from .access import managed_event

INVITATION = "huche_invitation"  # shown on the page after the invitation
# The links this organizer issued, by invitation id, kept in their own session only (the
# database keeps only each token's digest): the page can show one again (issue 34: it was shown
# once, and lost if the organizer looked away).
ISSUED_LINKS = "huche_invitation_links"


def _show_once(request, event, issued) -> None:
    """Keep the invitation's link for one display (and email it where email is set up)."""
    # The hall's address (HUCHE_BASE_URL, or the LAN address rather than a loopback one): the
    # person opens the link on their own phone.
    link = public_base_url(request) + issued.path
    emailed = invitations.send_invitation(issued, link, request.user)
    invitation = issued.invitation
    shown = {
        "event": event.pk,
        "id": invitation.pk,
        "name": invitation.name,
        "email": invitation.email,
        "role": invitation.get_role_display(),
        "link": link,
        "emailed": emailed,
    }
    request.session[INVITATION] = shown
    request.session[ISSUED_LINKS] = {
        **request.session.get(ISSUED_LINKS, {}),
        str(invitation.pk): shown,
    }


def _shown_again(request, event, invitations_list):
    """The invitation asked for with ``?invitation=<id>``, if this session issued its link
    and it still waits for an answer."""
    wanted = request.GET.get("invitation", "")
    shown = request.session.get(ISSUED_LINKS, {}).get(wanted)
    waiting = {str(i.pk) for i in invitations_list if i.status == "invited"}
    return shown if shown and shown.get("event") == event.pk and wanted in waiting else None


@require_http_methods(["GET", "POST"])
def officials_page(request, slug):
    event = managed_event(request, slug, organizer=True)
    form = AppointForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            issued = invitations.invite(event, request.user, **form.cleaned_data)
        except RuleError as exc:
            add_rule_error(form, exc)
        else:
            _show_once(request, event, issued)
            messages.success(
                request,
                _("%(email)s is invited as %(role)s of this event.")
                % {
                    "email": issued.invitation.email,
                    "role": issued.invitation.get_role_display().lower(),
                },
            )
            return redirect("tournaments:officials", slug=slug)
    roles = list(officials.staff_of(event))
    shown = request.session.pop(INVITATION, None)
    if shown and shown.get("event") != event.pk:
        shown = None
    invitations_list = list(invitations.invitations_of(event))
    shown = shown or _shown_again(request, event, invitations_list)
    issued_here = set(request.session.get(ISSUED_LINKS, {}))
    return render(
        request,
        "tournaments/officials.html",
        {
            "event": event,
            "form": form,
            "roles": roles,
            "last_organizer": officials.last_organizer_role(roles),
            "invitations": invitations_list,
            "issued_here": issued_here,
            "invitation": shown,
            "qr": qr_svg(shown["link"]) if shown else "",
            "email_enabled": invitations.email_enabled(),
        },
    )


@require_POST
def official_action(request, slug, role_id, action):
    event = managed_event(request, slug, organizer=True)
    try:
        if action != "remove":
            raise RuleError(_("Unknown action."))
        role = officials.remove(event, request.user, role_id)
        messages.success(
            request,
            _("%(who)s is no longer %(role)s of this event.")
            % {"who": role.user, "role": role.get_role_display().lower()},
        )
    except RuleError as exc:
        messages.error(request, exc.message)
    return redirect("tournaments:officials", slug=slug)


@require_POST
def invitation_action(request, slug, invitation_id, action):
    event = managed_event(request, slug, organizer=True)
    try:
        if action == "new-link":
            issued = invitations.new_link(event, request.user, invitation_id)
            _show_once(request, event, issued)
            messages.success(
                request,
                _("A new link for %(email)s: the previous one no longer works.")
                % {"email": issued.invitation.email},
            )
        elif action == "cancel":
            invitation = invitations.cancel(event, request.user, invitation_id)
            messages.success(
                request,
                _("The invitation of %(email)s is cancelled: its link no longer works.")
                % {"email": invitation.email},
            )
        else:
            raise RuleError(_("Unknown action."))
    except RuleError as exc:
        messages.error(request, exc.message)
    return redirect("tournaments:officials", slug=slug)
