"""The public registration form and the team's private registration link (see, change,
withdraw until the deadline; check in on the day once the desk opens check-in)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from accounts.links import public_base_url
from accounts.throttle import client_ip, minutes, registration_per_client
from tournaments.errors import RuleError
from tournaments.events import check_in, public_registration, registration_doors
from tournaments.events.public_registration import Entry
from tournaments.forms import RegistrationForm
from tournaments.models import Team
from tournaments.publishing.printing import qr_svg

from .access import event_or_404
from .confirming import ask, confirmed


def registration_url(team: Team, request=None) -> str:
    return public_base_url(request) + reverse(
        "tournaments:registration", args=[team.registration_token]
    )


def throttled(request) -> str | None:
    """Sign-up's kind of limit: every attempt from one address counts (see accounts.throttle)."""
    # Counted before it is checked, in one step: registrations sent at once cannot slip past.
    wait = registration_per_client().take(client_ip(request))
    if wait:
        n = minutes(wait)
        return ngettext(
            "Too many registrations from this connection: try again in %(n)d minute.",
            "Too many registrations from this connection: try again in %(n)d minutes.",
            n,
        ) % {"n": n}
    return None


HONEYPOT_REFUSAL = gettext_lazy(
    "This registration was refused: the hidden box “Leave this empty” was filled, as programs "
    "that fill forms do. If you are a person, send the form again without it, or ask the "
    "organizer."
)


@require_http_methods(["GET", "POST"])
def register(request, slug):
    event = event_or_404(slug, request.user)
    form = RegistrationForm(request.POST or None, singles=event.singles)
    context = {
        "event": event,
        "form": form,
        "closed": public_registration.why_closed(event),
        "places_left": public_registration.places_left(event),
        "members_only": event.registration_who == "members",
    }
    if request.method != "POST" or context["closed"]:
        return render(request, "tournaments/register.html", context, status=200)
    refusal = throttled(request)
    if refusal is None and form.data.get("website"):
        refusal = str(HONEYPOT_REFUSAL)
    if refusal:
        context["refusal"] = refusal
        response = render(request, "tournaments/register.html", context, status=429)
        return response
    valid = form.is_valid()
    entry = Entry(**form.entry_values())
    address = client_ip(request)
    try:
        # Counted per event and address (issue 51, finding 6; registration_doors).
        with registration_doors.counted(event, entry, address):
            if not valid:
                public_registration.check_entry(
                    event, entry
                )  # the form's faults and the rules', all at once
                raise RuleError(_("Some boxes need fixing: see beside each."), code="invalid")
            team = registration_doors.register(event, entry, address)
    except RuleError as exc:
        if exc.code == registration_doors.THROTTLED:
            context["refusal"] = exc.message
            return render(request, "tournaments/register.html", context, status=429)
        form.add_rule_errors(exc)
        return render(request, "tournaments/register.html", context, status=400)
    link = registration_url(team, request)
    sent = public_registration.tell(
        team, _("Registration received: %(event)s"), confirmation_body(team, link)
    )
    messages.success(
        request,
        _("Registration received. Keep this page's address: it is your private link.")
        + (
            " " + _("It was also sent to %(email)s.") % {"email": team.contact_email}
            if sent
            else ""
        ),
    )
    return redirect("tournaments:registration", token=team.registration_token)


def confirmation_body(team: Team, link: str) -> str:
    if team.event.singles:
        lines = [
            _("%(player)s is entered in %(event)s.")
            if team.registration == Team.Registration.REGISTERED
            else _(
                "%(player)s is on the waiting list of %(event)s, and is told as soon as a "
                "place is freed."
            )
        ]
        lines[0] = lines[0] % {"player": team.name, "event": team.event.name}
    else:
        lines = pairs_confirmation(team)
    if team.event.registration_fee:
        lines.append(_("Fee: %(fee)s") % {"fee": team.event.registration_fee})
    lines.append(public_registration.private_link_words(team, link))
    return "\n\n".join(lines)


def pairs_confirmation(team: Team) -> list[str]:
    return [
        _("The team %(team)s (%(players)s) is registered for %(event)s.")
        % {"team": team.name, "players": team.players, "event": team.event.name}
        if team.registration == Team.Registration.REGISTERED
        else _(
            "The team %(team)s (%(players)s) is on the waiting list of %(event)s: it is told "
            "as soon as a place is freed."
        )
        % {"team": team.name, "players": team.players, "event": team.event.name},
    ]


def _team(token: str) -> Team:
    return get_object_or_404(
        Team.objects.select_related("event__season__league"), registration_token=token
    )


@require_http_methods(["GET"])
def registration_page(request, token):
    team = _team(token)
    return _page(
        request, team, RegistrationForm(initial=_initial(team), singles=team.event.singles)
    )


def _initial(team: Team) -> dict:
    return {
        "name": team.name,
        "captain": team.captain,
        "partner": team.partner,
        "captain_member_number": getattr(team.captain_player, "member_number", ""),
        "partner_member_number": getattr(team.partner_player, "member_number", ""),
        "club": team.club,
        "contact_email": team.contact_email,
        "contact_phone": team.contact_phone,
    }


def _page(request, team: Team, form, status: int = 200):
    event = team.event
    link = registration_url(team, request)
    waiting_rank = None
    if team.registration == Team.Registration.WAITING:
        waiting_rank = (
            event.teams.filter(registration=Team.Registration.WAITING)
            .filter(registered_at__lte=team.registered_at)
            .count()
        )
    return render(
        request,
        "tournaments/registration.html",
        {
            "event": event,
            "team": team,
            "form": form,
            "link": link,
            "qr": qr_svg(link, scale=5),
            "may_change": public_registration.may_change(team),
            "deadline": public_registration.when_words(event),
            "check_in_open": check_in.check_in_open(event) and team.active,
            "waiting_rank": waiting_rank,
        },
        status=status,
    )


@require_POST
def registration_change(request, token):
    team = _team(token)
    form = RegistrationForm(request.POST, singles=team.event.singles)
    valid = form.is_valid()
    entry = Entry(**form.entry_values())
    try:
        if not valid:
            public_registration.check_entry(team.event, entry, team=team)
            raise RuleError(_("Some boxes need fixing: see beside each."), code="invalid")
        public_registration.change(team, entry)
    except RuleError as exc:
        form.add_rule_errors(exc)
        return _page(request, team, form, status=400)
    messages.success(request, _("Your registration is changed."))
    return redirect("tournaments:registration", token=token)


@require_POST
def registration_withdraw(request, token):
    team = _team(token)
    back = reverse("tournaments:registration", args=[token])
    if not confirmed(request):
        return ask(request, "withdraw-registration", back=back, event=team.event, team=team)
    try:
        public_registration.withdraw(team, team)
    except RuleError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Your registration is withdrawn."))
    return redirect(back)


@require_POST
def registration_check_in(request, token):
    team = _team(token)
    try:
        check_in.check_in(team, team, by_captain=True)
    except RuleError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Checked in: welcome! Your team is marked present."))
    return redirect("tournaments:registration", token=token)
