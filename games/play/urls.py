from django.urls import path

from . import views

app_name = "play"

urlpatterns = [
    path("", views.play_home, name="home"),
    path("<uuid:game_id>/", views.play_game, name="game"),
    path("<uuid:game_id>/record/", views.play_record, name="record"),
]
