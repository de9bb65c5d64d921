"""Season exports: start a CSV of every game of a season, follow its progress, download it."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from tournaments.leagues.season_export import may_export, request_season_export
from tournaments.publishing.exports import default_delimiter

from ..errors import RuleError
from ..models import Season, SeasonExport
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
    season = get_object_or_404(Season.objects.select_related("league"), pk=season_id)
    if not may_export(request.user, season):
        raise Http404("not a season you organize")
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
    export = (
        SeasonExport.objects.select_related("season")
        .filter(pk=export_id, status=SeasonExport.Status.DONE)
        .first()
    )
    if export is None or not (
        export.requested_by_id == request.user.pk
        or (request.user.is_staff and request.user.is_active)
    ):
        raise Http404("no such export")
    response = HttpResponse(export.content, content_type="text/csv; charset=utf-8")
    name = f"{export.season.slug}-games-{export.pk}.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
