from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # The tasks register themselves with the outbox and listen for confirmed results.
        from tournaments import tasks  # noqa: F401

        # A player's rename or merge renews the stamp of the cached league tables.
        from tournaments.publishing import league_tables  # noqa: F401
