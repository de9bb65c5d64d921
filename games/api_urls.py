"""/api/v1/tools/: the public game tools (see games.api)."""

from django.urls import path

from . import api

urlpatterns = [
    path("hand/", api.HandView.as_view(), name="api-tools-hand"),
    path("discard/", api.DiscardView.as_view(), name="api-tools-discard"),
    path("crapette/check/", api.CrapetteCheckView.as_view(), name="api-tools-crapette-check"),
]
