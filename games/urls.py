from django.urls import path

from . import views

app_name = "games"

urlpatterns = [
    path("", views.tools_index, name="index"),
    path("hand/", views.hand_calculator, name="hand"),
    path("discard/", views.discard_advisor, name="discard"),
    path("crapette/", views.crapette_checker, name="crapette"),
]
