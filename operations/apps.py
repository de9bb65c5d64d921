from django.apps import AppConfig
from django.conf import settings


class OperationsConfig(AppConfig):
    name = "operations"
    verbose_name = "Operations"

    def ready(self) -> None:
        # Optional error reports (SENTRY_DSN): started once Django is set up, in every process
        # (web, worker, beat, commands), and only when set.
        if settings.SENTRY_DSN:
            from operations.logs import error_reports

            error_reports.init(settings.SENTRY_DSN, environment=settings.SENTRY_ENVIRONMENT)
