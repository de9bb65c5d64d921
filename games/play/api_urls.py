"""/api/v1/play/: the practice games (see games.play.api)."""

from django.urls import path

from . import api

urlpatterns = [
    path("cribbage/", api.NewCribbageView.as_view(), name="api-play-cribbage"),
    path("cribbage/<uuid:game_id>/", api.CribbageStateView.as_view(),
         name="api-play-cribbage-state"),
    path("cribbage/<uuid:game_id>/act/", api.CribbageActView.as_view(),
         name="api-play-cribbage-act"),
]
