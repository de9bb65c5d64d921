"""``/healthz`` (is each service working?) and ``/healthz/live`` (is this process answering?)."""

from django.urls import path

from operations.health.views import healthz, live

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("healthz/live", live, name="healthz-live"),
]
