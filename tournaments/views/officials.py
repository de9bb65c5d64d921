"""The organizer's "Officials" page: who runs the event, appoint by email, remove, new link."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts.links import public_base_url
from accounts.models import EventRole
from tournaments.events import officials
from tournaments.publishing.printing import qr_svg

from ..errors import RuleError
from ..forms import AppointForm, add_rule_error
from .access import managed_event

INVITATION = "huche_invitation"  # shown once on the page after the appointment, then forgotten


def _invite(request, event, appointment) -> None:
    """Keep the set-password link for one display (and email it where email is set up)."""
    # The hall's address (HUCHE_BASE_URL, or the LAN address rather than a loopback one): the
    # person opens the link on their own phone.
    link = (
        public_base_url(request) + officials.set_password_path(appointment.user)
        if appointment.needs_password
        else None
    )
    emailed = officials.send_invitation(appointment, event, link, request.user)
    request.session[INVITATION] = {
        "event": event.pk,
        "email": appointment.user.email,
        "name": str(appointment.user),
        "role": appointment.role.get_role_display(),
        "link": link,
        "emailed": emailed,
    }


@require_http_methods(["GET", "POST"])
def officials_page(request, slug):
    event = managed_event(request, slug, organizer=True)
    form = AppointForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            appointment = officials.appoint(event, request.user, **form.cleaned_data)
        except RuleError as exc:
            add_rule_error(form, exc)
        else:
            _invite(request, event, appointment)
            messages.success(
                request,
                _("%(who)s is now %(role)s of this event.")
                % {"who": appointment.user, "role": appointment.role.get_role_display().lower()},
            )
            return redirect("tournaments:officials", slug=slug)
    invitation = request.session.pop(INVITATION, None)
    if invitation and invitation.get("event") != event.pk:
        invitation = None
    return render(
        request,
        "tournaments/officials.html",
        {
            "event": event,
            "form": form,
            "roles": officials.staff_of(event),
            "invitation": invitation,
            "qr": qr_svg(invitation["link"]) if invitation and invitation["link"] else "",
            "email_enabled": officials.email_enabled(),
        },
    )


@require_POST
def official_action(request, slug, role_id, action):
    event = managed_event(request, slug, organizer=True)
    try:
        if action == "remove":
            role = officials.remove(event, request.user, role_id)
            messages.success(
                request,
                _("%(who)s is no longer %(role)s of this event.")
                % {"who": role.user, "role": role.get_role_display().lower()},
            )
        elif action == "new-link":
            found = EventRole.objects.select_related("user").filter(event=event, pk=role_id).first()
            if found is None:
                raise RuleError(_("No such official or organizer in this event."))
            appointment = officials.appoint(event, request.user, found.user.email, found.role)
            _invite(request, event, appointment)
            messages.success(
                request,
                _("A new link for %(who)s: the previous one no longer works.")
                % {"who": found.user},
            )
    except RuleError as exc:
        messages.error(request, exc.message)
    return redirect("tournaments:officials", slug=slug)
