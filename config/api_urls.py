"""The REST API, version 1: one router per app, mounted under /api/v1/."""

from django.urls import include, path

urlpatterns = [
    path("tools/", include("games.api_urls")),
    path("play/", include("games.play.api_urls")),
    path("", include("tournaments.api_urls")),
]
