from django.urls import path

from .crapette import views as crapette_views
from .cribbage import views

app_name = "play"

urlpatterns = [
    path("", views.play_home, name="home"),
    path("<uuid:game_id>/", views.play_game, name="game"),
    path("<uuid:game_id>/record/", views.play_record, name="record"),
    path("crapette/", crapette_views.crapette_home, name="crapette-home"),
    path("crapette/<uuid:game_id>/", crapette_views.crapette_game, name="crapette-game"),
    path("crapette/<uuid:game_id>/record/", crapette_views.crapette_record, name="crapette-record"),
]
