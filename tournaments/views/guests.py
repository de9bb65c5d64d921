"""The desk's page for a club night's guests: tick who plays as a guest tonight; a guest past
the season's allowed nights is a warning, never a refusal (``leagues.guests``)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.leagues import guests

from ..errors import RuleError
from .access import managed_event


@require_http_methods(["GET", "POST"])
def event_guests(request, slug):
    event = managed_event(request, slug)  # officials too: the desk marks guests
    if request.method == "POST":
        try:
            warnings = guests.set_guests(event, request.user, request.POST.getlist("guests"))
        except RuleError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("The guests of this event are saved."))
            for warning in warnings:
                messages.warning(request, warning)
            return redirect("tournaments:event-guests", slug=slug)
    seats = guests.seats(event)
    return render(
        request,
        "tournaments/event_guests.html",
        {
            "event": event,
            "seats": seats,
            "warnings": guests.warnings(event) if request.method == "GET" else [],
            "season": event.season,
        },
    )
