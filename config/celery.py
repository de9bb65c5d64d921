"""The Celery app. With REDIS_URL it uses Redis as broker; without, tasks run eagerly in-process."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("huche")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Each worker tells /healthz it is alive (operations/health/heartbeat.py).
app.steps["worker"].add("operations.health.heartbeat:Heartbeat")
