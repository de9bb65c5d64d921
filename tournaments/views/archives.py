"""Event archives on the organizer pages: download an event's archive, import one.

The checks and the writing are in ``tournaments.archives.transfer``; these views only ask who may, read
the upload and show the outcome (an error in place, or what was imported).
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.archives import origin, pending, signing
from tournaments.archives.transfer import (
    MAX_BYTES,
    ArchiveDiverged,
    ArchiveNotProved,
    archive_filename,
    dumps,
    export_event,
    import_event,
    may_import,
    too_large_message,
)

from ..errors import RuleError
from ..management.commands.import_event import plan, summary
from ..models import ArchiveKey, ArchiveSettlement, Season
from .access import LoginRequired, managed_event
from .confirming import action_text, confirmed, question_text
from .league import managed_league


def seasons_for(user):
    """The seasons ``user`` may import into: staff all, league organizers their leagues'."""
    seasons = Season.objects.select_related("league").order_by("league__name", "-slug")
    return seasons if user.is_staff else seasons.filter(league__organizers=user)


class ArchiveImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Event archive (.json)"))
    season = forms.ModelChoiceField(
        label=gettext_lazy("Season"),
        queryset=Season.objects.none(),
        required=False,
        empty_label=gettext_lazy("No season (an event on its own)"),
        help_text=gettext_lazy(
            "In a season, the teams are linked to the league's players "
            "(same player or same member number)."
        ),
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        season = self.fields["season"]
        assert isinstance(season, forms.ModelChoiceField), "season is a model choice field"
        season.queryset = seasons_for(user)

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(too_large_message(upload.size))
        return upload


@require_GET
def event_archive(request, slug):
    """The event's archive as a file (organizers and officials of the event)."""
    event = managed_event(request, slug)
    try:
        text = dumps(export_event(event))
    except RuleError as exc:  # the signing key is unreadable: say so, not a bare 500
        return HttpResponse(exc.message, status=503, content_type="text/plain; charset=utf-8")
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{archive_filename(event)}"'
    return response


def choices_in(post) -> dict[int, str]:
    """``game-<id>`` = ``here`` | ``archive``: which version of each diverged game stands."""
    wanted = {ArchiveSettlement.Stands.HERE, ArchiveSettlement.Stands.ARCHIVE}
    return {
        int(key.removeprefix("game-")): value
        for key, value in post.items()
        if key.startswith("game-") and key[5:].isdigit() and value in wanted
    }


def _upload(request, form, context: dict) -> None:
    """A new upload: imported at once when confirmed (``confirm=1``, asked in place by
    confirm.js), else shown with what it would add and a button that confirms it."""
    data, season = form.cleaned_data["file"].read(), form.cleaned_data["season"]
    try:
        pending.admit_upload(request.user)
        if confirmed(request):
            context["result"] = import_event(data, request.user, season=season)
        else:
            context["ask"] = plan(import_event(data, request.user, season=season, preview=True))
            context["pending"] = pending.hold(data, request.user, season)
    except ArchiveNotProved as exc:
        context |= {
            "unproved": exc.origin,
            "plan": plan(exc.plan),
            "pending": pending.hold(data, request.user, season),
        }
    except ArchiveDiverged as exc:
        context |= {"diverged": exc, "pending": pending.hold(data, request.user, season)}
    except RuleError as exc:
        form.add_error("file", _("Nothing was imported. %(error)s") % {"error": exc.message})


def _confirm(request, context: dict) -> None:
    """The importer's answer for an upload held: confirmed, and which versions stand."""
    held = request.POST["pending"]
    try:
        context["result"] = pending.confirm(
            held,
            request.user,
            trust_key=request.POST.get("trust") == "1",
            choices=choices_in(request.POST),
        )
    except ArchiveDiverged as exc:
        context |= {"diverged": exc, "pending": {"pk": held}}
    except RuleError as exc:
        context["error"] = _("Nothing was imported. %(error)s") % {"error": exc.message}


@require_http_methods(["GET", "POST"])
def archive_import(request):
    """Upload an archive. Importing cannot be undone, so it is asked first (in place with
    JavaScript, else on this page with what it would add); one whose origin is not proved is
    shown with what its signature proves; games corrected differently here and in the archive
    are shown side by side for a league organizer to choose which version stands."""
    if not request.user.is_authenticated:
        raise LoginRequired
    if not may_import(request.user):
        raise PermissionDenied(_("Only organizers and staff may import an event archive."))
    confirming = request.method == "POST" and "pending" in request.POST
    form = ArchiveImportForm(
        None if confirming else request.POST or None,
        None if confirming else request.FILES or None,
        user=request.user,
    )
    context: dict = {
        "form": form,
        "result": None,
        "this_site": signing.this_install_if_readable(),
        "question": question_text("import"),
        "question_action": action_text("import"),
    }
    if confirming:
        _confirm(request, context)
    elif request.method == "POST" and form.is_valid():
        _upload(request, form, context)
    if context["result"]:
        context["lines"] = summary(context["result"])
    waiting = any(key in context for key in ("unproved", "ask", "diverged"))
    failed = request.method == "POST" and not (context["result"] or waiting)
    return render(
        request, "tournaments/archive_import.html", context, status=400 if failed else 200
    )


@require_POST
def forget_archive_key(request, slug, pk):
    """A league organizer stops trusting a hall's key (that hall's installation changed): its
    next archive is shown for confirmation again, and its new key may then be trusted."""
    league = managed_league(request, slug)
    key = get_object_or_404(ArchiveKey, pk=pk, league=league)
    origin.forget(key, request.user)
    messages.success(
        request,
        _(
            "The key of “%(hall)s” is no longer trusted: its next archive will be shown "
            "for confirmation."
        )
        % {"hall": key.hall},
    )
    return redirect("tournaments:league", slug=league.slug)
