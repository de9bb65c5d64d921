"""/api/v1/play/: the practice games (see games.play.cribbage.api and games.play.crapette.api)."""

from django.urls import path

from .crapette import api as crapette_api
from .cribbage import api

urlpatterns = [
    path("cribbage/", api.NewCribbageView.as_view(), name="api-play-cribbage"),
    path(
        "cribbage/<uuid:game_id>/", api.CribbageStateView.as_view(), name="api-play-cribbage-state"
    ),
    path(
        "cribbage/<uuid:game_id>/act/", api.CribbageActView.as_view(), name="api-play-cribbage-act"
    ),
    path("crapette/", crapette_api.NewCrapetteView.as_view(), name="api-play-crapette"),
    path(
        "crapette/<uuid:game_id>/",
        crapette_api.CrapetteStateView.as_view(),
        name="api-play-crapette-state",
    ),
    path(
        "crapette/<uuid:game_id>/act/",
        crapette_api.CrapetteActView.as_view(),
        name="api-play-crapette-act",
    ),
]
