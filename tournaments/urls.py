"""Page URLs, split by audience: public, captain (private link), organizer/official."""

from django.urls import path

from common.private_links import CAPTAIN, INVITATION, REGISTRATION

from .views import (
    archives,
    bracket,
    captain,
    captain_offline,
    exports,
    guests,
    honours,
    invitations,
    league,
    officials,
    organizer,
    players,
    printing,
    public,
    public_registration,
    ratings,
    registration_desk,
    results_format,
    season,
)

app_name = "tournaments"

urlpatterns = [
    # public
    path("", public.home, name="home"),
    path("e/<slug:slug>/", public.event_home, name="event"),
    path("e/<slug:slug>/seating/", public.seating, name="seating"),
    path("e/<slug:slug>/rounds/<int:number>/", public.round_results, name="round"),
    path("e/<slug:slug>/standings/", public.standings, name="standings"),
    path("e/<slug:slug>/teams/<int:team_id>/", public.team_page, name="team"),
    path("e/<slug:slug>/podium/", public.podium, name="podium"),
    path("e/<slug:slug>/bracket/", bracket.bracket_page, name="bracket"),
    path("e/<slug:slug>/results.json", results_format.results_json, name="results-json"),
    path("schemas/results/2.json", results_format.results_schema, name="results-schema"),
    path(
        "schemas/results/1.json",
        results_format.results_schema,
        {"version": 1},
        name="results-schema-1",
    ),
    # the league's honours first: "palmares" is not taken for a season's slug
    path("s/<slug:league_slug>/palmares/", honours.league_honours, name="league-honours"),
    path(
        "s/<slug:league_slug>/palmares.csv", honours.league_honours_csv, name="league-honours-csv"
    ),
    path("s/<slug:league_slug>/<slug:season_slug>/", league.season_page, name="season"),
    path(
        "s/<slug:league_slug>/<slug:season_slug>/palmares/",
        honours.season_honours,
        name="season-honours",
    ),
    path(
        "s/<slug:league_slug>/<slug:season_slug>/palmares.csv",
        honours.season_honours_csv,
        name="season-honours-csv",
    ),
    path(
        "s/<slug:league_slug>/<slug:season_slug>/<str:which>.csv",
        league.season_csv,
        name="season-csv",
    ),
    path("p/<uuid:uid>/", players.player_page, name="player"),
    # a team registering itself, and its private registration link (the token is the capability;
    # every private link's route comes from common/private_links.py, which the log masks share)
    path("e/<slug:slug>/register/", public_registration.register, name="register"),
    path(REGISTRATION.route, public_registration.registration_page, name="registration"),
    path(
        REGISTRATION.route + "change/",
        public_registration.registration_change,
        name="registration-change",
    ),
    path(
        REGISTRATION.route + "withdraw/",
        public_registration.registration_withdraw,
        name="registration-withdraw",
    ),
    path(
        REGISTRATION.route + "check-in/",
        public_registration.registration_check_in,
        name="registration-check-in",
    ),
    path("l/<slug:league_slug>/ratings/", ratings.leaderboard_page, name="ratings"),
    # an invitation to run an event (its link: the token is the capability)
    path(INVITATION.route, invitations.invitation_page, name="invitation"),
    # captains (private link + PIN)
    path("c/sw.js", captain_offline.service_worker, name="captain-sw"),
    path(CAPTAIN.route, captain.captain_home, name="captain"),
    path(CAPTAIN.route + "forget/", captain.captain_forget, name="captain-forget"),
    path(CAPTAIN.route + "games/<int:game_id>/", captain.captain_game, name="captain-game"),
    path(
        CAPTAIN.route + "games/<int:game_id>/confirm/",
        captain.captain_confirm,
        name="captain-confirm",
    ),
    # organizers and officials
    path("organize/", public.organizer_home, name="organizer-home"),
    path("organize/new/", organizer.event_create, name="event-create"),
    path("organize/new/import/", archives.archive_import, name="archive-import"),
    path("organize/seasons/<int:season_id>/export/", season.season_export, name="season-export"),
    path(
        "organize/seasons/exports/<int:export_id>.csv",
        season.season_export_download,
        name="season-export-download",
    ),
    path("organize/leagues/", league.league_list, name="leagues"),
    path("organize/leagues/<slug:slug>/", league.league_page, name="league"),
    path("organize/leagues/<slug:slug>/players/", players.league_players, name="league-players"),
    path(
        "organize/leagues/<slug:slug>/archive-keys/<int:pk>/forget/",
        archives.forget_archive_key,
        name="archive-key-forget",
    ),
    path(
        "organize/leagues/<slug:slug>/seasons/<slug:season_slug>/",
        league.season_settings,
        name="season-settings",
    ),
    path(
        "organize/leagues/<slug:slug>/seasons/<slug:season_slug>/events/",
        league.season_events,
        name="season-events",
    ),
    path("organize/<slug:slug>/", organizer.dashboard, name="dashboard"),
    path("organize/<slug:slug>/settings/", organizer.event_settings, name="settings"),
    path("organize/<slug:slug>/delete/", organizer.delete_event, name="event-delete"),
    path("organize/<slug:slug>/publish/", organizer.publish_event, name="event-publish"),
    path("organize/<slug:slug>/teams/", organizer.teams, name="teams"),
    path("organize/<slug:slug>/teams/import/", organizer.teams_import, name="teams-import"),
    path("organize/<slug:slug>/guests/", guests.event_guests, name="event-guests"),
    path("organize/<slug:slug>/teams/<int:team_id>/edit/", organizer.team_edit, name="team-edit"),
    path(
        "organize/<slug:slug>/teams/<int:team_id>/<str:action>/",
        organizer.team_action,
        name="team-action",
    ),
    path(
        "organize/<slug:slug>/registrations/", registration_desk.registrations, name="registrations"
    ),
    path("organize/<slug:slug>/check-in/", registration_desk.check_in_desk, name="check-in"),
    path(
        "organize/<slug:slug>/check-in/drop/",
        registration_desk.drop_absentees,
        name="check-in-drop",
    ),
    path(
        "organize/<slug:slug>/check-in/scan/", registration_desk.check_in_scan, name="check-in-scan"
    ),
    path("organize/<slug:slug>/rounds/next/", organizer.seat_round, name="seat-round"),
    path(
        "organize/<slug:slug>/rounds/<int:number>/tables/",
        organizer.round_tables,
        name="round-tables",
    ),
    path(
        "organize/<slug:slug>/rounds/<int:number>/print/", printing.print_round, name="print-round"
    ),
    path("organize/<slug:slug>/slips/print/", printing.print_slips, name="print-slips"),
    path("organize/<slug:slug>/games-count/", organizer.number_of_games, name="number-of-games"),
    path("organize/<slug:slug>/release/", organizer.release_results, name="release"),
    path("organize/<slug:slug>/playoffs/", organizer.playoffs, name="playoffs"),
    path("organize/<slug:slug>/bracket/", bracket.bracket_organize, name="bracket-organize"),
    path("organize/<slug:slug>/bracket/seat/", bracket.bracket_seat, name="bracket-seat"),
    path(
        "organize/<slug:slug>/bracket/absent/<int:team_id>/",
        bracket.bracket_absent_team,
        name="bracket-absent",
    ),
    path("organize/<slug:slug>/bracket/consolation/", bracket.consolation, name="consolation"),
    path("organize/<slug:slug>/officials/", officials.officials_page, name="officials"),
    path(
        "organize/<slug:slug>/officials/<int:role_id>/<str:action>/",
        officials.official_action,
        name="official-action",
    ),
    path(
        "organize/<slug:slug>/invitations/<int:invitation_id>/<str:action>/",
        officials.invitation_action,
        name="invitation-action",
    ),
    path("organize/<slug:slug>/close/", organizer.close_event, name="close"),
    path("organize/<slug:slug>/reopen/", organizer.reopen_event, name="reopen"),
    path("organize/<slug:slug>/desk/", organizer.desk, name="desk"),
    path("organize/<slug:slug>/desk/games/<int:game_id>/", organizer.desk_game, name="desk-game"),
    path("organize/<slug:slug>/audit/", organizer.audit_log, name="audit"),
    path("organize/<slug:slug>/archive.json", archives.event_archive, name="archive"),
    path("organize/<slug:slug>/export/<str:what>.csv", exports.export_csv, name="export"),
]
