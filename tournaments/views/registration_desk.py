"""The organizer's list of registrations, and the desk's check-in (the list, the camera scan,
dropping the teams that did not come before round 1)."""

from __future__ import annotations

from typing import cast

from django import forms
from django.contrib import messages
from django.db import transaction
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.errors import RuleError
from tournaments.events import (
    check_in,
    comeback,
    member_check,
    public_registration,
    registration_doors,
)
from tournaments.events.late_teams import late_entry
from tournaments.events.settings import update_event
from tournaments.forms import add_rule_error
from tournaments.models import Event, Team
from tournaments.words import name_key

from .access import managed_event
from .confirming import ask, confirmed

State = Team.Registration
STATE_ORDER = [State.REGISTERED, State.WAITING, State.WITHDRAWN, State.REFUSED, State.ABSENT]


class RegistrationSettingsForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = [
            "registration_open",
            "registration_deadline",
            "registration_capacity",
            "registration_who",
            "registration_fee",
        ]
        widgets = {
            "registration_deadline": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            )
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.singles:  # one player per entry: the words say so (issue 50)
            fields = self.fields
            fields["registration_open"].help_text = _(
                "Players may enter themselves through the event's link until the deadline."
            )
            fields["registration_capacity"].label = _("Capacity (players)")
            fields["registration_capacity"].help_text = _(
                "Beyond it, players go on a waiting list that moves up by itself. Empty: no cap."
            )
            fields["registration_fee"].help_text = _(
                "Shown on the form, e.g. “10 $ per player, paid at the door”. No online payment."
            )
            who = fields["registration_who"]
            assert isinstance(who, forms.ChoiceField)
            who.choices = [
                (value, _("Only the organizer enters players") if value == "organizer" else label)
                for value, label in cast("list[tuple[str, str]]", who.choices)
            ]


@require_http_methods(["GET", "POST"])
def registrations(request, slug):
    event = managed_event(request, slug, organizer=True)
    form = RegistrationSettingsForm(
        request.POST if request.POST.get("action") == "settings" else None, instance=event
    )
    if request.method == "POST":
        done = _act(request, event, form)
        if done:
            return redirect("tournaments:registrations", slug=slug)
    teams = list(
        event.teams.select_related("captain_player", "partner_player").order_by(
            "registered_at", "id"
        )
    )
    groups = [(state, [t for t in teams if t.registration == state]) for state in STATE_ORDER]
    return render(
        request,
        "tournaments/registrations.html",
        {
            "event": event,
            "form": form,
            "groups": groups,
            "states": [(s, State(s).label) for s in STATE_ORDER if s != State.ABSENT],
            "public_url": request.build_absolute_uri(reverse("tournaments:register", args=[slug])),
            "is_open": public_registration.public_registration_open(event),
            "why_closed": public_registration.why_closed(event),
            "registered": sum(1 for t in teams if t.active),
            "bursts": registration_doors.bursts(event),
            "member_tries": member_check.recent_tries(event),
        },
    )


def _act(request, event: Event, form) -> bool:
    """One action of the page; True when done (the page is shown again, updated)."""
    action = request.POST.get("action")
    try:
        if action == "settings":
            if not form.is_valid():
                return False
            with transaction.atomic():
                update_event(Event.objects.get(pk=event.pk), request.user, form.cleaned_data)
                moved = public_registration.move_up(Event.objects.get(pk=event.pk))
            messages.success(request, _("Registration settings saved."))
            if moved:
                messages.info(
                    request,
                    _("Moved up from the waiting list: %(teams)s.")
                    % {"teams": ", ".join(t.name for t in moved)},
                )
        elif action == "refuse_burst":  # issue 51, finding 6: a burst refused at once
            refused = registration_doors.refuse_burst(
                event,
                request.user,
                request.POST.get("address", ""),
                request.POST.get("registration_reason", ""),
            )
            messages.success(
                request,
                _("Refused: %(teams)s.") % {"teams": ", ".join(t.name for t in refused)},
            )
        elif action == "close":
            public_registration.close_registration(event, request.user)
            messages.success(request, _("Registration is closed."))
        elif action in ("state", "paid", "unpaid"):
            team = get_object_or_404(Team, event=event, pk=request.POST.get("team"))
            if action == "state":
                public_registration.set_state(
                    team,
                    request.user,
                    request.POST.get("registration", ""),
                    request.POST.get("registration_reason", ""),
                )
                messages.success(request, _("%(team)s is updated.") % {"team": team.name})
            else:
                public_registration.set_paid(team, request.user, action == "paid")
        else:
            messages.error(request, _("Unknown action."))
    except RuleError as exc:
        if action == "settings":
            add_rule_error(form, exc)
            return False
        messages.error(request, exc.message)
    return True


# --- check-in at the door -----------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def check_in_desk(request, slug):
    event = managed_event(request, slug)
    if request.method == "POST":
        _check_in_action(request, event)
        return redirect(
            reverse("tournaments:check-in", args=[slug]) + request.POST.get("anchor", "")
        )
    teams = sorted(event.teams.active(), key=lambda t: name_key(t.name))
    present = [t for t in teams if t.checked_in_at]
    return render(
        request,
        "tournaments/check_in.html",
        {
            "event": event,
            "teams": teams,
            "present": len(present),
            "absentees": sorted(check_in.absentees(event), key=lambda t: name_key(t.name)),
            "dropped": sorted(check_in.dropped(event), key=lambda t: name_key(t.name)),
            "started": event.rounds.exists(),
            "returning": sorted(comeback.returning(event), key=lambda t: name_key(t.name)),
            "late": late_entry(event),
        },
    )


def _check_in_action(request, event: Event) -> None:
    action = request.POST.get("action")
    try:
        if action == "open":
            check_in.open_check_in(event, request.user)
            messages.success(request, _("Check-in is open: captains may check in from their link."))
        elif action in ("present", "undo"):
            team = get_object_or_404(Team, event=event, pk=request.POST.get("team"))
            if action == "present":
                check_in.check_in(team, request.user)
                messages.success(request, _("%(team)s is present.") % {"team": team.name})
            else:
                check_in.undo_check_in(team, request.user)
        elif action == "comeback":
            team = get_object_or_404(Team, event=event, pk=request.POST.get("team"))
            team = comeback.bring_back(team, request.user, request.POST.get("missed_rounds", ""))
            messages.success(
                request,
                _("%(team)s is back, present, with its players and contact.") % {"team": team.name},
            )
        elif action == "restore":
            teams = check_in.restore_absentees(event, request.user)
            messages.success(
                request,
                _("Put back: %(teams)s.") % {"teams": ", ".join(t.name for t in teams) or "—"},
            )
    except RuleError as exc:
        messages.error(request, exc.message)


@require_POST
def drop_absentees(request, slug):
    event = managed_event(request, slug)
    back = reverse("tournaments:check-in", args=[slug])
    if not confirmed(request):
        return ask(request, "drop-absentees", back=back, event=event)
    try:
        teams = check_in.drop_absentees(event, request.user)
    except RuleError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            ngettext(
                "%(n)d team dropped: %(teams)s.", "%(n)d teams dropped: %(teams)s.", len(teams)
            )
            % {"n": len(teams), "teams": ", ".join(t.name for t in teams) or "—"},
        )
    return redirect(back)


@require_http_methods(["GET", "POST"])
def check_in_scan(request, slug):
    """The camera page (GET), and what it posts: the text of a QR code read (JSON answer)."""
    event = managed_event(request, slug)
    if request.method == "GET":
        return render(request, "tournaments/check_in_scan.html", {"event": event})
    try:
        team = check_in.team_for_code(event, request.POST.get("code", ""))
        already = team.checked_in_at is not None
        check_in.check_in(team, request.user)
    except RuleError as exc:
        return JsonResponse({"ok": False, "message": exc.message}, status=exc.status)
    message = (_("%(team)s was already checked in.") if already else _("%(team)s is present.")) % {
        "team": team.name
    }
    return JsonResponse({"ok": True, "team": team.name, "message": message})
