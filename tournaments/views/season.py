"""Season exports: start a CSV of every game of a season, follow its progress, download it."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from tournaments.leagues.season_export import request_season_export
from tournaments.publishing.exports import csv_filename, default_delimiter

from ..errors import RuleError
from ..models import SeasonExport
from ..selectors import exportable_seasons, season_exports_of
from .access import LoginRequired


class SeasonExportForm(forms.Form):
    delimiter = forms.ChoiceField(
        label=gettext_lazy("Delimiter"),
        choices=[
            ("comma", gettext_lazy("Comma (,)")),
            ("semicolon", gettext_lazy("Semicolon (;) for French Excel")),
        ],
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["delimiter"].initial = default_delimiter()


@require_http_methods(["GET", "POST"])
def season_export(request, season_id):
    if not request.user.is_authenticated:
        raise LoginRequired
    season = get_object_or_404(
        exportable_seasons(request.user).select_related("league"), pk=season_id
    )
    form = SeasonExportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            request_season_export(season, request.user, form.cleaned_data["delimiter"])
        except RuleError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("Export started. This page follows its progress."))
            return redirect("tournaments:season-export", season_id=season.pk)
    exports = SeasonExport.objects.filter(season=season, requested_by=request.user).defer("content")
    return render(
        request,
        "tournaments/season_export.html",
        {"season": season, "form": form, "exports": exports},
    )


@require_GET
def season_export_download(request, export_id):
    if not request.user.is_authenticated:
        raise LoginRequired
    export = get_object_or_404(
        season_exports_of(request.user).select_related("season"),
        pk=export_id,
        status=SeasonExport.Status.DONE,
    )
    response = HttpResponse(export.content, content_type="text/csv; charset=utf-8")
    name = csv_filename(f"{export.season.slug}-{export.pk}", None, "games")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
