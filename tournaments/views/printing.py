"""What the desk prints: a score sheet per table each round, and the captains' slips.

The table sheet is shared by both teams, so it carries no link and no PIN; each captain gets
their own slip (QR code, link, PIN) at registration, so no captain holds the other team's PIN.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from accounts.links import public_base_url, reaches_phones
from common.announced_name import announced_base_url
from tournaments.publishing.printing import captain_slips, table_sheets

from ..models import Round
from .access import managed_event


@require_GET
def print_round(request, slug, number):
    """One score sheet per table: teams, hand-by-hand grid, final score and signatures."""
    event = managed_event(request, slug)
    round_ = get_object_or_404(Round, event=event, number=number)
    games, byes = table_sheets(round_)
    return render(
        request,
        "tournaments/print_round.html",
        {
            "event": event,
            "round": round_,
            "games": games,
            "byes": byes,
            "deals": range(1, 13),
        },
    )


@require_GET
def print_slips(request, slug):
    """One cut-out slip per team for the desk to hand to that team's captain only;
    ``?team=ID``: that team's slip alone (after a new link and PIN)."""
    event = managed_event(request, slug)
    base_url = public_base_url(request)
    # At the hall, the laptop's name on the network while it is announced: it survives a
    # change of address; the address itself is written out for phones that do not know names.
    named = None if settings.HUCHE_BASE_URL else announced_base_url()
    slips = captain_slips(event, named, base_url) if named else captain_slips(event, base_url)
    team = request.GET.get("team", "")
    if team:
        slips = [slip for slip in slips if str(slip.team.pk) == team]
        if not slips:
            raise Http404("no such team still in this event")
    return render(
        request,
        "tournaments/print_slips.html",
        {
            "event": event,
            "slips": slips,
            "base_url": base_url,
            "reaches_phones": reaches_phones(base_url),
        },
    )
