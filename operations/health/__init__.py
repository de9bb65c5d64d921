"""Is Huche working? ``/healthz`` (views), the Celery worker's heartbeat, and the officials told
on their pages when Redis is down (service_status)."""
