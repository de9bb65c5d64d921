from django.urls import path

from .views import public

app_name = "tournaments"

urlpatterns = [
    path("", public.home, name="home"),
    path("organize/", public.home, name="organizer-home"),
    path("e/<slug:slug>/", public.home, name="event"),
]
