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
    ArchiveNotProved,
    archive_filename,
    dumps,
    export_event,
    import_event,
    may_import,
)

from ..errors import RuleError
from ..management.commands.import_event import plan, summary
from ..models import ArchiveKey, Season
from .access import LoginRequired, managed_event
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
            raise forms.ValidationError(
                _("The file is too large (%(size)d MB): an event archive is at most %(max)d MB.")
                % {"size": upload.size // 2**20, "max": MAX_BYTES // 2**20}
            )
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


@require_http_methods(["GET", "POST"])
def archive_import(request):
    """Upload an archive; one whose origin is not proved is shown (what it would add, what
    its signature proves) and imported only once the organizer confirms."""
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
    }
    if confirming:
        try:
            context["result"] = pending.confirm(
                request.POST["pending"], request.user, trust_key=request.POST.get("trust") == "1"
            )
        except RuleError as exc:
            context["error"] = _("Nothing was imported. %(error)s") % {"error": exc.message}
    elif request.method == "POST" and form.is_valid():
        data, season = form.cleaned_data["file"].read(), form.cleaned_data["season"]
        try:
            context["result"] = import_event(data, request.user, season=season)
        except ArchiveNotProved as exc:
            context |= {
                "unproved": exc.origin,
                "plan": plan(exc.plan),
                "pending": pending.hold(data, request.user, season),
            }
        except RuleError as exc:
            form.add_error("file", _("Nothing was imported. %(error)s") % {"error": exc.message})
    if context["result"]:
        context["lines"] = summary(context["result"])
    failed = request.method == "POST" and not (context["result"] or "unproved" in context)
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
