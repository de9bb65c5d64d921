"""What the desk prints: a score sheet per table each round, and the captains' slips.

The table sheet is shared by both teams, so it carries no link and no PIN; each captain gets
their own slip (QR code, link, PIN) at registration, so no captain holds the other team's PIN.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from accounts.links import public_base_url, reaches_phones
from common.announced_name import announced_base_url
from tournaments.errors import RuleError
from tournaments.publishing import print_jobs
from tournaments.publishing.printing import captain_slips, sheet_context, table_sheets

from ..models import Round
from .access import managed_event


@require_GET
def print_round(request, slug, number):
    """One score sheet per table: teams, hand-by-hand grid, final score and signatures
    (a big event's written by the background task: ``publishing.print_jobs``)."""
    event = managed_event(request, slug)
    round_ = get_object_or_404(Round, event=event, number=number)
    context = {"event": event, "round": round_} | sheet_context(event)
    if print_jobs.in_background(event):
        context["byes"] = list(round_.games.filter(team_b__isnull=True).select_related("team_a"))
        context["tables"] = round_.games.filter(team_b__isnull=False).count()
        return _from_job(
            request,
            "tournaments/print_round.html",
            context,
            lambda: print_jobs.ask(
                event,
                request.user,
                print_jobs.Kind.ROUND,
                print_jobs.round_key(round_),
                round_number=round_.number,
            ),
        )
    context["games"], context["byes"] = table_sheets(round_)
    return render(request, "tournaments/print_round.html", context)


def _from_job(request, template: str, context: dict, ask):
    """The page with the job's document, or "being prepared" (reloading itself) until then;
    refused in words (429) past the organizer's jobs at once."""
    try:
        job = ask()
    except RuleError as exc:
        context["preparing"] = exc.message
        context["poll_seconds"] = print_jobs.POLL_SECONDS * 5
        response = render(request, template, context, status=exc.status)
        response["Retry-After"] = str(exc.extra.get("retry_after", 15))
        return response
    if job.status != job.Status.DONE:
        job.refresh_from_db()  # eager (the laptop without Redis): written as it was sent
    context["document"] = print_jobs.document(job)
    if context["document"] is None:
        if job.status == job.Status.FAILED:  # the task gave up its retries
            context["preparing"] = _("Preparing it failed: reload the page to try again.")
        else:
            context["preparing"] = _("It takes a few seconds per hundred teams.")
        context["poll_seconds"] = print_jobs.POLL_SECONDS
        return render(request, template, context, status=202)
    return render(request, template, context)


@require_GET
def print_slips(request, slug):
    """One cut-out slip per team for the desk to hand to that team's captain only;
    ``?team=ID``: that team's slip alone (after a new link and PIN)."""
    event = managed_event(request, slug)
    base_url = public_base_url(request)
    # At the hall, the laptop's name on the network while it is announced: it survives a
    # change of address; the address itself is written out for phones that do not know names.
    named = None if settings.HUCHE_BASE_URL else announced_base_url()
    context = {"event": event, "base_url": base_url, "reaches_phones": reaches_phones(base_url)}
    team = request.GET.get("team", "")
    if not team and print_jobs.in_background(event):  # a big event: the background task
        first, fallback = (named, base_url) if named else (base_url, "")
        context["teams"] = event.teams.active().count()
        return _from_job(
            request,
            "tournaments/print_slips.html",
            context,
            lambda: print_jobs.ask(
                event,
                request.user,
                print_jobs.Kind.SLIPS,
                print_jobs.slips_key(event, first, fallback),
                base_url=first,
                fallback_url=fallback,
            ),
        )
    if team and not team.isdigit():
        raise Http404("no such team still in this event")
    teams = event.teams.filter(pk=team) if team else None
    slips = (
        captain_slips(event, named, base_url, teams=teams)
        if named
        else captain_slips(event, base_url, teams=teams)
    )
    if team and not slips:
        raise Http404("no such team still in this event")
    context["slips"] = slips
    return render(request, "tournaments/print_slips.html", context)
