"""Event archives on the organizer pages: download an event's archive, import one.

The checks and the writing are in ``tournaments.archives.transfer``; these views only ask who may, read
the upload and show the outcome (an error in place, or what was imported).
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from tournaments.archives.transfer import (
    MAX_BYTES,
    archive_filename,
    dumps,
    export_event,
    import_event,
    may_import,
)

from ..errors import RuleError
from ..management.commands.import_event import summary
from ..models import Season
from .access import LoginRequired, managed_event


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
    response = HttpResponse(
        dumps(export_event(event)), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{archive_filename(event)}"'
    return response


@require_http_methods(["GET", "POST"])
def archive_import(request):
    if not request.user.is_authenticated:
        raise LoginRequired
    if not may_import(request.user):
        raise PermissionDenied(_("Only organizers and staff may import an event archive."))
    form = ArchiveImportForm(request.POST or None, request.FILES or None, user=request.user)
    result = None
    if request.method == "POST" and form.is_valid():
        try:
            result = import_event(
                form.cleaned_data["file"].read(), request.user, season=form.cleaned_data["season"]
            )
        except RuleError as exc:
            form.add_error("file", _("Nothing was imported. %(error)s") % {"error": exc.message})
    status = 400 if request.method == "POST" and result is None else 200
    return render(
        request,
        "tournaments/archive_import.html",
        {
            "form": form,
            "result": result,
            "lines": summary(result) if result else [],
        },
        status=status,
    )
