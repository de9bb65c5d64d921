"""The tournaments API under /api/v1/ (see tournaments.api for the conventions)."""

from django.urls import path
from rest_framework.routers import SimpleRouter

from common.private_links import REGISTRATION_API

from .api.views import (
    archives,
    auth,
    captain,
    events,
    exports,
    honours,
    leagues,
    officials,
    ratings,
    registrations,
    results,
    rounds,
    seasons,
    teams,
)

EVENT = r"events/(?P<slug>[-\w]+)"

router = SimpleRouter()
router.register("events", events.EventViewSet, basename="api-event")
router.register(f"{EVENT}/teams", teams.TeamViewSet, basename="api-team")
router.register(f"{EVENT}/rounds", rounds.RoundViewSet, basename="api-round")
router.register(f"{EVENT}/games", rounds.EventGameViewSet, basename="api-event-game")
router.register(f"{EVENT}/officials", officials.OfficialViewSet, basename="api-official")
router.register("leagues", leagues.LeagueViewSet, basename="api-league")
LEAGUE = r"leagues/(?P<league>[-\w]+)"
router.register(f"{LEAGUE}/seasons", leagues.SeasonViewSet, basename="api-league-season")
router.register(f"{LEAGUE}/players", leagues.LeaguePlayerViewSet, basename="api-league-player")

urlpatterns = [
    path("auth/token/", auth.ObtainTokenView.as_view(), name="api-token"),
    path("captain/", captain.CaptainView.as_view(), name="api-captain"),
    path("archives/", archives.ArchiveImportView.as_view(), name="api-archive-import"),
    path("games/<int:pk>/", rounds.GameDetailView.as_view(), name="api-game"),
    path("games/<int:pk>/reports/", results.SubmitReportView.as_view(), name="api-game-reports"),
    path(
        "games/<int:pk>/withdrawal/", results.WithdrawalView.as_view(), name="api-game-withdrawal"
    ),
    path(
        "reports/<int:pk>/confirm/", results.ConfirmReportView.as_view(), name="api-report-confirm"
    ),
    path(
        "disputes/<int:pk>/decide/", results.DecideDisputeView.as_view(), name="api-dispute-decide"
    ),
    path(
        "leagues/<slug:league>/seasons/<slug:season>/standings/",
        seasons.SeasonStandingsView.as_view(),
        name="api-season-standings",
    ),
    path(
        "leagues/<slug:league>/seasons/<slug:season>/export/<str:which>/",
        exports.SeasonStandingsCsvView.as_view(),
        name="api-season-csv",
    ),
    path(
        "leagues/<slug:league>/seasons/<slug:season>/exports/",
        exports.SeasonExportStartView.as_view(),
        name="api-season-exports",
    ),
    path(
        "leagues/<slug:league>/seasons/<slug:season>/honours/",
        honours.SeasonHonoursView.as_view(),
        name="api-season-honours",
    ),
    path(
        "leagues/<slug:league>/honours/",
        honours.LeagueHonoursView.as_view(),
        name="api-league-honours",
    ),
    path("season-exports/<int:pk>/", exports.SeasonExportView.as_view(), name="api-season-export"),
    path("players/<uuid:uid>/", seasons.PlayerRecordView.as_view(), name="api-player"),
    # registration before the day and check-in at the door (issue 36)
    path(
        "events/<slug:slug>/registrations/",
        registrations.EventRegistrationsView.as_view(),
        name="api-registrations",
    ),
    path(
        "events/<slug:slug>/registrations/<int:pk>/state/",
        registrations.EventRegistrationStateView.as_view(),
        name="api-registration-state",
    ),
    path(
        "events/<slug:slug>/check-ins/",
        registrations.EventCheckInsView.as_view(),
        name="api-check-ins",
    ),
    path(
        REGISTRATION_API.route,
        registrations.OwnRegistrationView.as_view(),
        name="api-own-registration",
    ),
    path(
        REGISTRATION_API.route + "withdraw/",
        registrations.OwnRegistrationWithdrawView.as_view(),
        name="api-own-registration-withdraw",
    ),
    path(
        REGISTRATION_API.route + "check-in/",
        registrations.OwnCheckInView.as_view(),
        name="api-own-check-in",
    ),
    path(
        "players/<uuid:uid>/ratings/",
        ratings.PlayerRatingView.as_view(),
        name="api-player-ratings",
    ),
    path(
        "leagues/<slug:league>/ratings/",
        ratings.LeaderboardView.as_view(),
        name="api-league-ratings",
    ),
    *router.urls,
]
