"""Who may open what: ONE table for every page and every API endpoint of Huche.

Every URL pattern of the project (walked with Django's resolver) must have at least one row
here, or be listed in ``EXCLUDED`` with a reason: a new page or endpoint without an entry
fails :func:`test_every_route_has_an_entry`.

The scene (``tests.builders.scene.build_scene``): round 1 of a 6-team event is seated; at table 1 (``game``,
team A v team B) captain A reported 121–100 and captain B has not answered; at table 2 the
captains disagree (``dispute``). The event belongs to a season of a league the organizer
organizes; the organizer has a finished season export. ``other_organizer`` organizes an event of their own.

The nine callers, in this order in every row:

=================  ===========================================================================
anonymous          nobody
captain_a          pages: a browser that entered team A's PIN; API: team A's link + PIN headers
captain_b          the same for team B (the opponent at table 1)
official           official (floor manager) of the event
organizer          organizer of the event
other_organizer    organizer of another event only
staff              ``is_staff``: every event, ``/admin/``
stranger           issue 22's attacker: signed up and runs an event of their own (two teams)
captain_elsewhere  the captain of a team of the stranger's event (its link + PIN)
=================  ===========================================================================

Every id in a URL is the victim's (the scene's event). The last two columns are written out
where a row says so (``stranger=``, ``elsewhere=``); otherwise they follow from the others: the
stranger is answered as ``other_organizer`` (an organizer of another event only), and a captain
of another event as anonymous on pages (their PIN opens only their own link's pages), and on
the API as a caller identified but not allowed: 404 where ``other_organizer`` gets 404 (the
event's private endpoints), else 403 where anonymous gets 401.

Expected outcomes: a status code; ``LOGIN`` a redirect to the login page; ``PIN`` the link's
PIN form (200) — the captain's pages of a link show nothing else to a browser that has not
entered the PIN; ``TO_PIN`` a redirect to that PIN form; ``DONE`` a redirect that is not to
the login page (a page's POST that did its work). A row with an ``effect`` also checks that the
change happened for DONE/2xx callers and did **not** happen for everyone else.

API statuses: ``401`` nobody identified; ``403`` identified but not allowed (captains;
officials where only the organizer may act; standings before release); ``404`` the event's
private endpoints asked by a user with no role in it (not disclosed, as on the pages); ``400``
allowed but the service refuses the request as it stands (the playoffs before the series ends).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from django.conf import settings
from django.shortcuts import resolve_url
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from tests.builders.scene import ROLES, Scene, as_role, build_scene
from tests.builders.stranger import captain_elsewhere, stranger_event, stranger_of
from tests.conftest import link_of

LOGIN, PIN, TO_PIN, DONE = "login", "pin", "to_pin", "done"
A, B = "captain_a", "captain_b"


@dataclass(frozen=True)
class Row:
    name: str  # the URL's name (namespace:name), as in the resolver
    method: str
    url: str  # formatted with Scene ids (see ``ids``)
    expected: tuple  # one per caller, in CALLERS order
    data: dict | None = None
    effect: Callable | None = None  # effect(scene) -> bool: did the change happen?
    api: bool = field(default=False)


CALLERS = (*ROLES, "stranger", "captain_elsewhere")
_UNSET = object()


def _callers(expected: tuple, api: bool, stranger, elsewhere) -> tuple:
    """The nine outcomes: the seven given, then the stranger's and the other captain's (see
    the module's docstring for the rule when a row does not write them out)."""
    anonymous, other = expected[0], expected[5]
    if stranger is _UNSET:
        stranger = other
    if elsewhere is _UNSET:
        if not api:
            elsewhere = anonymous
        elif other == 404:
            elsewhere = 404
        else:
            elsewhere = 403 if anonymous == 401 else anonymous
    return (*expected, stranger, elsewhere)


def page(
    name, method, url, *expected, data=None, effect=None, stranger=_UNSET, elsewhere=_UNSET
) -> Row:
    outcomes = _callers(tuple(expected), False, stranger, elsewhere)
    return Row(name, method, url, outcomes, data, effect, api=False)


def api(
    name, method, url, *expected, data=None, effect=None, stranger=_UNSET, elsewhere=_UNSET
) -> Row:
    outcomes = _callers(tuple(expected), True, stranger, elsewhere)
    return Row(name, method, "/api/v1/" + url, outcomes, data, effect, api=True)


# --- effects: what a successful call changes ---------------------------------------------------
def _event(scene):
    scene.event.refresh_from_db()
    return scene.event


def released(scene) -> bool:
    return _event(scene).released_at is not None


def finished(scene) -> bool:
    return _event(scene).status == "finished"


def official_invited(scene) -> bool:
    from accounts.models import Invitation

    return Invitation.objects.filter(event=scene.event, email="nouvel@example.org").exists()


def invitation_renewed(scene) -> bool:
    from accounts.models import Invitation

    return Invitation.objects.filter(event=scene.event, email="pending@example.org").count() == 2


def official_removed(scene) -> bool:
    from accounts.models import EventRole

    return not EventRole.objects.filter(pk=scene.extra["official_role"]).exists()


def team_a_renamed(scene) -> bool:
    scene.team_a.refresh_from_db()
    return scene.team_a.name == "Les Rois du Crib"


def team_a_checked_in(scene) -> bool:
    scene.team_a.refresh_from_db()
    return scene.team_a.checked_in_at is not None


def games_is_9(scene) -> bool:
    return _event(scene).number_of_games == 9


def second_round(scene) -> bool:
    return scene.event.rounds.count() == 2


def teams_added(scene) -> bool:
    return scene.event.teams.count() > 6


def new_link_a(scene) -> bool:
    return link_of(scene.team_a).token != scene.extra["token_a"]


def game_confirmed(scene) -> bool:
    scene.game.refresh_from_db()
    return scene.game.status == "confirmed"


def venue_changed(scene) -> bool:
    return _event(scene).venue == "Gymnase"


def league_created(scene) -> bool:
    from tournaments.models import League

    return League.objects.filter(name="Ligue des Laurentides").exists()


def archive_key_forgotten(scene) -> bool:
    from tournaments.models import ArchiveKey

    return not ArchiveKey.objects.filter(pk=scene.extra["archive_key"]).exists()


def season_best_of_3(scene) -> bool:
    return _event(scene).season.best_of == 3


def event_left_season(scene) -> bool:
    return _event(scene).season_id is None


def season_2027_created(scene) -> bool:
    from tournaments.models import Season

    return Season.objects.filter(slug="2027").exists()


def practice_game_created(scene) -> bool:
    from games.models import PracticeGame

    return PracticeGame.objects.exists()


NO_GAME = "00000000-0000-4000-8000-000000000000"
ANYONE = (200,) * 7
USERS_ONLY = (LOGIN, LOGIN, LOGIN, 200, 200, 200, 200)
OFFICIALS = (LOGIN, LOGIN, LOGIN, 200, 200, 404, 200)
ORGANIZER = (LOGIN, LOGIN, LOGIN, 404, 200, 404, 200)
OFFICIALS_POST = (LOGIN, LOGIN, LOGIN, DONE, DONE, 404, DONE)
ORGANIZER_POST = (LOGIN, LOGIN, LOGIN, 404, DONE, 404, DONE)
EVENT = "/organize/{slug}"
SLUG_TEAM = "events/{slug}/teams/{team_a}"

#   name                                 method  url                                anon  capA  capB  offl  org   othr  staff
MATRIX = [
    # --- public pages -------------------------------------------------------------------------
    page("tournaments:home", "GET", "/", *ANYONE),
    page("tournaments:event", "GET", "/e/{slug}/", *ANYONE),
    page("tournaments:seating", "GET", "/e/{slug}/seating/", *ANYONE),
    page("tournaments:round", "GET", "/e/{slug}/rounds/1/", *ANYONE),
    page("tournaments:standings", "GET", "/e/{slug}/standings/", *ANYONE),
    page("tournaments:team", "GET", "/e/{slug}/teams/{team_a}/", *ANYONE),
    page("tournaments:podium", "GET", "/e/{slug}/podium/", *ANYONE),
    # The bracket (issue 50): public like the standings (the embargo says it in words); its
    # desk for the officials, the consolation event the organizer's. This event has no
    # bracket: the services refuse in words and nothing changes.
    page("tournaments:bracket", "GET", "/e/{slug}/bracket/", *ANYONE),
    page("tournaments:bracket-organize", "GET", EVENT + "/bracket/", *OFFICIALS),
    page("tournaments:bracket-seat", "POST", EVENT + "/bracket/seat/", *OFFICIALS_POST),
    page(
        "tournaments:bracket-absent",
        "POST",
        EVENT + "/bracket/absent/{team_a}/",
        *OFFICIALS_POST,
    ),
    page("tournaments:consolation", "POST", EVENT + "/bracket/consolation/", *ORGANIZER_POST),
    page("tournaments:event-guests", "GET", EVENT + "/guests/", *OFFICIALS),
    # The open results format: the embargo until the release (403 in words), the schema public.
    page(
        "tournaments:results-json",
        "GET",
        "/e/{slug}/results.json",
        403,
        403,
        403,
        200,
        200,
        403,
        200,
    ),
    page("tournaments:results-schema", "GET", "/schemas/results/2.json", *ANYONE),
    page("tournaments:results-schema-1", "GET", "/schemas/results/1.json", *ANYONE),
    page("healthz", "GET", "/healthz", *ANYONE),
    page("healthz-live", "GET", "/healthz/live", *ANYONE),
    page("javascript-catalog", "GET", "/jsi18n/", *ANYONE),
    page("set_language", "POST", "/i18n/setlang/", *(DONE,) * 7, data={"language": "en"}),
    page("games:index", "GET", "/tools/", *ANYONE),
    page("games:hand", "GET", "/tools/hand/", *ANYONE),
    page("games:discard", "GET", "/tools/discard/", *ANYONE),
    page("games:crapette", "GET", "/tools/crapette/", *ANYONE),
    # Practice games: anyone plays; a game's UUID is its capability (none exists in the scene).
    page("play:home", "GET", "/play/", *ANYONE),
    page(
        "play:home",
        "POST",
        "/play/",
        *(DONE,) * 7,
        data={"level": "easy", "target": "61"},
        effect=practice_game_created,
    ),
    page("play:game", "GET", f"/play/{NO_GAME}/", *(404,) * 7),
    page("play:game", "POST", f"/play/{NO_GAME}/", *(404,) * 7, data={"move": 0, "action": "Go"}),
    page("play:record", "GET", f"/play/{NO_GAME}/record/", *(404,) * 7),
    page("play:crapette-home", "GET", "/play/crapette/", *ANYONE),
    page(
        "play:crapette-home",
        "POST",
        "/play/crapette/",
        *(DONE,) * 7,
        data={"level": "easy", "vigilance": "always", "loading": "same-suit"},
        effect=practice_game_created,
    ),
    page("play:crapette-game", "GET", f"/play/crapette/{NO_GAME}/", *(404,) * 7),
    page(
        "play:crapette-game",
        "POST",
        f"/play/crapette/{NO_GAME}/",
        *(404,) * 7,
        data={"move": 0, "action": "turn"},
    ),
    page("play:crapette-record", "GET", f"/play/crapette/{NO_GAME}/record/", *(404,) * 7),
    page("schema", "GET", "/api/schema/", *ANYONE),
    page("api-docs", "GET", "/api/docs/", *ANYONE),
    page("accounts:login", "GET", "/accounts/login/", 200, 200, 200, DONE, DONE, DONE, DONE),
    page("accounts:logout", "POST", "/accounts/logout/", *(DONE,) * 7),
    # Opening an organizer account: anyone not logged in (a captain's PIN is no account);
    # someone already logged in is sent to their events, and nothing is created.
    page("accounts:signup", "GET", "/accounts/signup/", 200, 200, 200, DONE, DONE, DONE, DONE),
    page(
        "accounts:signup",
        "POST",
        "/accounts/signup/",
        *(DONE,) * 7,
        data={
            "email": "nouvelle@example.org",
            "display_name": "Nouvelle",
            "password1": "Cribbage-Laurentides-26",
            "password2": "Cribbage-Laurentides-26",
        },
    ),
    # An invitation's link (to pending@example.org, who has no account): anyone who holds it
    # may create that account there; an account of another address is told to log in with the
    # invited one (403); a wrong token is not found.
    page(
        "tournaments:invitation",
        "GET",
        "/invitation/{invitation_token}/",
        200,
        200,
        200,
        403,
        403,
        403,
        403,
        stranger=403,
        elsewhere=200,
    ),
    page("tournaments:invitation", "GET", "/invitation/wrong-token/", *(404,) * 7, elsewhere=404),
    page("tournaments:season", "GET", "/s/ligue-fadoq/2026/", *ANYONE),
    page("tournaments:season-csv", "GET", "/s/ligue-fadoq/2026/players.csv", *ANYONE),
    page("tournaments:player", "GET", "/p/{player}/", *ANYONE),
    # The honours board and the ratings: public, and only released events count (issue 37).
    page("tournaments:season-honours", "GET", "/s/ligue-fadoq/2026/palmares/", *ANYONE),
    page("tournaments:season-honours-csv", "GET", "/s/ligue-fadoq/2026/palmares.csv", *ANYONE),
    page("tournaments:league-honours", "GET", "/s/ligue-fadoq/palmares/", *ANYONE),
    page("tournaments:league-honours-csv", "GET", "/s/ligue-fadoq/palmares.csv", *ANYONE),
    page("tournaments:ratings", "GET", "/l/ligue-fadoq/ratings/", *ANYONE),
    # --- captains: the private link + PIN --------------------------------------------------------
    # The captains' service worker is a script with nothing of any team in it: anyone.
    page("tournaments:captain-sw", "GET", "/c/sw.js", *ANYONE),
    page("tournaments:captain", "GET", "/c/{token_a}/", PIN, 200, PIN, PIN, PIN, PIN, PIN),
    page(
        "tournaments:captain",
        "POST",
        "/c/{token_a}/",
        403,
        200,
        403,
        403,
        403,
        403,
        403,
        data={"pin": "{wrong_pin_a}"},
    ),
    page(
        "tournaments:captain-game",
        "GET",
        "/c/{token_a}/games/{game}/",
        TO_PIN,
        200,
        TO_PIN,
        TO_PIN,
        TO_PIN,
        TO_PIN,
        TO_PIN,
    ),
    page(
        "tournaments:captain-confirm",
        "POST",
        "/c/{token_b}/games/{game}/confirm/",
        TO_PIN,
        TO_PIN,
        DONE,
        TO_PIN,
        TO_PIN,
        TO_PIN,
        TO_PIN,
        data={"report": "{report}"},
        effect=game_confirmed,
    ),
    # "Not my phone: forget this code" (issue 33): anyone may make their own browser forget a
    # link; it changes nothing of anyone else's and says nothing but the PIN page.
    page("tournaments:captain-forget", "POST", "/c/{token_a}/forget/", *(TO_PIN,) * 7),
    # --- organizers and officials ----------------------------------------------------------------
    page("tournaments:organizer-home", "GET", "/organize/", *USERS_ONLY),
    page("tournaments:event-create", "GET", "/organize/new/", *USERS_ONLY),
    page("tournaments:season-export", "GET", "/organize/seasons/{season}/export/", *ORGANIZER),
    page(
        "tournaments:season-export-download",
        "GET",
        "/organize/seasons/exports/{season_export}.csv",
        *ORGANIZER,
    ),
    page("tournaments:dashboard", "GET", EVENT + "/", *OFFICIALS),
    page("tournaments:settings", "GET", EVENT + "/settings/", *ORGANIZER),
    page("tournaments:teams", "GET", EVENT + "/teams/", *OFFICIALS),
    page(
        "tournaments:teams-import",
        "POST",
        EVENT + "/teams/import/",
        *OFFICIALS_POST,
        # the scene's rounds are seated: the late teams' missed rounds are chosen (issue 34)
        data={
            "import-text": "Les As, Paul, Jeanne\nLes Valets, Yves, Lise",
            "import-missed_rounds": "bye",
        },
        effect=teams_added,
    ),
    page("tournaments:team-edit", "GET", EVENT + "/teams/{team_a}/edit/", *OFFICIALS),
    page(
        "tournaments:team-edit",
        "POST",
        EVENT + "/teams/{team_a}/edit/",
        *OFFICIALS_POST,
        data={"name": "Les Rois du Crib", "captain": "Gisèle", "partner": "Réjean"},
        effect=team_a_renamed,
    ),
    page(
        "tournaments:team-action",
        "POST",
        EVENT + "/teams/{team_a}/new-link/",
        *OFFICIALS_POST,
        data={
            "confirm": "1"
        },  # answered (the question: tests/tournaments/views/organizer/test_confirmations.py)
        effect=new_link_a,
    ),
    page(
        "tournaments:seat-round",
        "POST",
        EVENT + "/rounds/next/",
        *OFFICIALS_POST,
        data={"force": "1", "confirm": "1"},
        effect=second_round,
    ),
    page("tournaments:print-round", "GET", EVENT + "/rounds/1/print/", *OFFICIALS),
    page("tournaments:print-slips", "GET", EVENT + "/slips/print/", *OFFICIALS),
    page(
        "tournaments:number-of-games",
        "POST",
        EVENT + "/games-count/",
        *OFFICIALS_POST,
        data={"number_of_games": "9"},
        effect=games_is_9,
    ),
    page(
        "tournaments:release",
        "POST",
        EVENT + "/release/",
        *ORGANIZER_POST,
        data={"confirm": "1"},
        effect=released,
    ),
    page("tournaments:playoffs", "POST", EVENT + "/playoffs/", *OFFICIALS_POST),
    # Closing and reopening: organizers only (round 1 is open, so closing is refused with its
    # reasons, and there is nothing to reopen: a redirect to the dashboard with the message).
    page("tournaments:officials", "GET", EVENT + "/officials/", *ORGANIZER),
    page(
        "tournaments:officials",
        "POST",
        EVENT + "/officials/",
        *ORGANIZER_POST,
        data={"email": "nouvel@example.org", "role": "official"},
        effect=official_invited,
    ),
    page(
        "tournaments:official-action",
        "POST",
        EVENT + "/officials/{official_role}/remove/",
        *ORGANIZER_POST,
        effect=official_removed,
    ),
    page(
        "tournaments:invitation-action",
        "POST",
        EVENT + "/invitations/{invitation}/new-link/",
        *ORGANIZER_POST,
        effect=invitation_renewed,
    ),
    page("tournaments:close", "POST", EVENT + "/close/", *ORGANIZER_POST, data={"confirm": "1"}),
    # Deleting: organizers only; without the event's name typed the organizer is sent back to
    # the settings page with what to type, and nothing is deleted.
    page(
        "tournaments:event-delete",
        "POST",
        EVENT + "/delete/",
        *ORGANIZER_POST,
        data={"confirm": "1"},
    ),
    # Publishing (the scene's event is published already: nothing changes): organizers only.
    page(
        "tournaments:event-publish",
        "POST",
        EVENT + "/publish/",
        *ORGANIZER_POST,
        data={"confirm": "1"},
    ),
    # Tables by hand: officials; the scene's round has results, so the change is refused in
    # words on the desk (tests/tournaments/seating/test_by_hand.py).
    page(
        "tournaments:round-tables",
        "POST",
        EVENT + "/rounds/1/tables/",
        *OFFICIALS_POST,
        data={"change": "swap", "one": "{team_a}", "other": "{team_a}"},
    ),
    page(
        "tournaments:reopen", "POST", EVENT + "/reopen/", *ORGANIZER_POST, data={"reason": "Erreur"}
    ),
    page("tournaments:desk", "GET", EVENT + "/desk/", *OFFICIALS),
    page("tournaments:desk-game", "GET", EVENT + "/desk/games/{game}/", *OFFICIALS),
    page(
        "tournaments:desk-game",
        "POST",
        EVENT + "/desk/games/{game}/",
        *OFFICIALS_POST,
        data={"action": "confirm", "report": "{report}"},
        effect=game_confirmed,
    ),
    page("tournaments:audit", "GET", EVENT + "/audit/", *ORGANIZER),
    page("tournaments:export", "GET", EVENT + "/export/standings.csv", *OFFICIALS),
    page("tournaments:archive", "GET", EVENT + "/archive.json", *OFFICIALS),
    # Importing an archive: whoever organizes an event or a league, and staff (not officials).
    page(
        "tournaments:archive-import",
        "GET",
        "/organize/new/import/",
        LOGIN,
        LOGIN,
        LOGIN,
        403,
        200,
        200,
        200,
    ),
    # Leagues: any user may create one; its organizers (the scene's organizer) and staff edit it.
    page("tournaments:leagues", "GET", "/organize/leagues/", *USERS_ONLY),
    page(
        "tournaments:leagues",
        "POST",
        "/organize/leagues/",
        LOGIN,
        LOGIN,
        LOGIN,
        DONE,
        DONE,
        DONE,
        DONE,
        data={"name": "Ligue des Laurentides"},
        effect=league_created,
    ),
    page("tournaments:league", "GET", "/organize/leagues/ligue-fadoq/", *ORGANIZER),
    page("tournaments:league-players", "GET", "/organize/leagues/ligue-fadoq/players/", *ORGANIZER),
    page(
        "tournaments:archive-key-forget",
        "POST",
        "/organize/leagues/ligue-fadoq/archive-keys/{archive_key}/forget/",
        *ORGANIZER_POST,
        effect=archive_key_forgotten,
    ),
    page(
        "tournaments:season-settings",
        "GET",
        "/organize/leagues/ligue-fadoq/seasons/2026/",
        *ORGANIZER,
    ),
    page(
        "tournaments:season-settings",
        "POST",
        "/organize/leagues/ligue-fadoq/seasons/2026/",
        *ORGANIZER_POST,
        data={"name": "2026", "aggregation": "points", "best_of": "3"},
        effect=season_best_of_3,
    ),
    page(
        "tournaments:season-events",
        "POST",
        "/organize/leagues/ligue-fadoq/seasons/2026/events/",
        *ORGANIZER_POST,
        effect=event_left_season,
    ),
    # --- API: public tools and tokens ------------------------------------------------------------
    api(
        "api-tools-hand",
        "POST",
        "tools/hand/",
        *ANYONE,
        data={"hand": "5H 5C 5S JD", "starter": "5D"},
    ),
    api(
        "api-tools-discard",
        "POST",
        "tools/discard/",
        *ANYONE,
        data={"cards": "5H 5C 5S JD 4D 6D", "dealer": False},
    ),
    api(
        "api-tools-crapette-check",
        "POST",
        "tools/crapette/check/",
        *(400,) * 7,
        data={"record": {}},
    ),
    api(
        "api-play-cribbage",
        "POST",
        "play/cribbage/",
        *(201,) * 7,
        data={"level": "easy"},
        effect=practice_game_created,
    ),
    api("api-play-cribbage-state", "GET", f"play/cribbage/{NO_GAME}/", *(404,) * 7),
    api(
        "api-play-cribbage-act",
        "POST",
        f"play/cribbage/{NO_GAME}/act/",
        *(404,) * 7,
        data={"move": 0, "action": {"type": "Go"}},
    ),
    api(
        "api-play-crapette",
        "POST",
        "play/crapette/",
        *(201,) * 7,
        data={"level": "easy"},
        effect=practice_game_created,
    ),
    api("api-play-crapette-state", "GET", f"play/crapette/{NO_GAME}/", *(404,) * 7),
    api(
        "api-play-crapette-act",
        "POST",
        f"play/crapette/{NO_GAME}/act/",
        *(404,) * 7,
        data={"move": 0, "action": "turn"},
    ),
    api(
        "api-token",
        "POST",
        "auth/token/",
        *(400,) * 7,
        data={"email": "org@example.org", "password": "not-the-password"},
    ),
    # --- API: events -----------------------------------------------------------------------------
    api("api-event-list", "GET", "events/", *ANYONE),
    api(
        "api-event-list",
        "POST",
        "events/",
        401,
        403,
        403,
        201,
        201,
        201,
        201,
        data={"name": "Omnium d'hiver", "date": "2026-12-12"},
    ),
    api("api-event-detail", "GET", "events/{slug}/", *ANYONE),
    api(
        "api-event-detail",
        "PATCH",
        "events/{slug}/",
        401,
        403,
        403,
        403,
        200,
        404,
        200,
        data={"venue": "Gymnase"},
        effect=venue_changed,
    ),
    api(
        "api-event-release",
        "POST",
        "events/{slug}/release/",
        401,
        403,
        403,
        403,
        200,
        404,
        200,
        effect=released,
    ),
    api(
        "api-event-number-of-games",
        "POST",
        "events/{slug}/number-of-games/",
        401,
        403,
        403,
        200,
        200,
        404,
        200,
        data={"number_of_games": 9},
        effect=games_is_9,
    ),
    api(
        "api-round-list",
        "POST",
        "events/{slug}/rounds/",
        401,
        403,
        403,
        201,
        201,
        404,
        201,
        data={"force": True},
        effect=second_round,
    ),
    api("api-event-playoffs", "POST", "events/{slug}/playoffs/", 401, 403, 403, 400, 400, 404, 400),
    api("api-official-list", "GET", "events/{slug}/officials/", 401, 403, 403, 403, 200, 404, 200),
    api(
        "api-official-invitations",
        "GET",
        "events/{slug}/officials/invitations/",
        401,
        403,
        403,
        403,
        200,
        404,
        200,
    ),
    api(
        "api-official-list",
        "POST",
        "events/{slug}/officials/",
        401,
        403,
        403,
        403,
        201,
        404,
        201,
        data={"email": "nouvel@example.org", "role": "official"},
        effect=official_invited,
    ),
    api(
        "api-official-detail",
        "DELETE",
        "events/{slug}/officials/{official_role}/",
        401,
        403,
        403,
        403,
        204,
        404,
        204,
        effect=official_removed,
    ),
    # No team of the scene has withdrawn: officials are told there is nothing to settle.
    api(
        "api-game-withdrawal",
        "POST",
        "games/{game}/withdrawal/",
        401,
        403,
        403,
        400,
        400,
        404,
        400,
        data={"how": "bye"},
    ),
    # Publishing (the scene's event is already published: answered, unchanged): organizers.
    api("api-event-publish", "POST", "events/{slug}/publish/", 401, 403, 403, 403, 200, 404, 200),
    api(
        "api-event-close",
        "POST",
        "events/{slug}/close/",
        401,
        403,
        403,
        403,
        400,
        404,
        400,
        effect=finished,
    ),
    api(
        "api-event-reopen",
        "POST",
        "events/{slug}/reopen/",
        401,
        403,
        403,
        403,
        400,
        404,
        400,
        data={"reason": "Erreur de saisie"},
    ),
    api(
        "api-event-standings", "GET", "events/{slug}/standings/", 403, 403, 403, 200, 200, 403, 200
    ),
    api("api-event-results", "GET", "events/{slug}/results/", 403, 403, 403, 200, 200, 403, 200),
    api("api-event-audit", "GET", "events/{slug}/audit/", 401, 403, 403, 403, 200, 404, 200),
    api(
        "api-event-export", "GET", "events/{slug}/export/games/", 401, 403, 403, 200, 200, 404, 200
    ),
    api("api-season-csv", "GET", "leagues/ligue-fadoq/seasons/2026/export/teams/", *ANYONE),
    api(
        "api-season-exports",
        "POST",
        "leagues/ligue-fadoq/seasons/2026/exports/",
        401,
        403,
        403,
        404,
        202,
        404,
        202,
        data={"delimiter": "semicolon"},
        elsewhere=403,  # a captain's link is no login: "log in to do this"
    ),
    api(
        "api-season-export",
        "GET",
        "season-exports/{season_export}/",
        401,
        403,
        403,
        404,
        200,
        404,
        200,
        elsewhere=403,  # a captain's link is no login: "log in to do this"
    ),
    # --- API: teams ------------------------------------------------------------------------------
    api("api-team-list", "GET", "events/{slug}/teams/", *ANYONE),
    api(
        "api-team-list",
        "POST",
        "events/{slug}/teams/",
        401,
        403,
        403,
        201,
        201,
        404,
        201,
        data={
            "name": "Les Nouveaux",
            "captain": "Rita",
            "partner": "Gilles",
            "missed_rounds": "bye",
        },
        effect=teams_added,
    ),
    api("api-team-detail", "GET", SLUG_TEAM + "/", *ANYONE),
    api(
        "api-team-detail",
        "PATCH",
        SLUG_TEAM + "/",
        401,
        403,
        403,
        200,
        200,
        404,
        200,
        data={"name": "Les Rois du Crib"},
        effect=team_a_renamed,
    ),
    api(
        "api-team-import-teams",
        "POST",
        "events/{slug}/teams/import/",
        401,
        403,
        403,
        201,
        201,
        404,
        201,
        data={"text": "Les As, Paul, Jeanne\nLes Valets, Yves, Lise", "missed_rounds": "bye"},
        effect=teams_added,
    ),
    api("api-team-withdraw", "POST", SLUG_TEAM + "/withdraw/", 401, 403, 403, 200, 200, 404, 200),
    api(
        "api-team-guests",
        "POST",
        SLUG_TEAM + "/guests/",
        401,
        403,
        403,
        200,
        200,
        404,
        200,
        data={"captain_guest": True},
    ),
    # Under the embargo like the standings: the bracket is results.
    api("api-event-bracket", "GET", "events/{slug}/bracket/", 403, 403, 403, 200, 200, 403, 200),
    api(
        "api-team-new-link",
        "POST",
        SLUG_TEAM + "/new-link/",
        401,
        403,
        403,
        201,
        201,
        404,
        201,
        effect=new_link_a,
    ),
    api("api-team-unlock", "POST", SLUG_TEAM + "/unlock/", 401, 403, 403, 200, 200, 404, 200),
    # --- API: rounds, games, results -------------------------------------------------------------
    api("api-round-list", "GET", "events/{slug}/rounds/", *ANYONE),
    api("api-round-detail", "GET", "events/{slug}/rounds/1/", *ANYONE),
    api("api-event-game-list", "GET", "events/{slug}/games/", *ANYONE),
    # A game's status tells a result (a dispute): before the release, only for the officials
    # (issue 33; the embargo's walk of every surface is tests/security/test_embargo.py).
    api(
        "api-event-game-list",
        "GET",
        "events/{slug}/games/?status=reported",
        403,
        403,
        403,
        200,
        200,
        403,
        200,
    ),
    api("api-game", "GET", "games/{game}/", *ANYONE),
    # Reporting 121-100 again: captain A already reported it (a retry: 200, the stored report),
    # captain B agrees with it (a new report, 201).
    api(
        "api-game-reports",
        "POST",
        "games/{game}/reports/",
        401,
        200,
        201,
        201,
        201,
        403,
        201,
        data={"kind": "final", "score_a": 121, "score_b": 100},
    ),
    # A report or a dispute is seen only by the event's officials and the captains of its game
    # (issue 22): anyone else is told it does not exist, as for an unknown id.
    api(
        "api-report-confirm",
        "POST",
        "reports/{report}/confirm/",
        401,
        403,
        200,
        200,
        200,
        404,
        200,
        effect=game_confirmed,
    ),
    api(
        "api-dispute-decide",
        "POST",
        "disputes/{dispute}/decide/",
        401,
        404,
        404,
        200,
        200,
        404,
        200,
        data={"report": "{dispute_report}"},
    ),
    # --- API: seasons and players (only released events count, for every caller) -------------
    api("api-season-standings", "GET", "leagues/ligue-fadoq/seasons/2026/standings/", *ANYONE),
    api("api-player", "GET", "players/{player}/", *ANYONE),
    api("api-player-ratings", "GET", "players/{player}/ratings/", *ANYONE),
    api("api-league-ratings", "GET", "leagues/ligue-fadoq/ratings/", *ANYONE),
    api("api-league-honours", "GET", "leagues/ligue-fadoq/honours/", *ANYONE),
    api("api-season-honours", "GET", "leagues/ligue-fadoq/seasons/2026/honours/", *ANYONE),
    # --- API: leagues, seasons' settings, a league's players (issue 25) ----------------------
    # Leagues and seasons are public (their standings are); settings and players are the
    # league's organizers' (the scene's organizer): anyone else logged in gets the pages' 404,
    # a captain's link is no login (403).
    api("api-league-list", "GET", "leagues/", *ANYONE),
    api(
        "api-league-list",
        "POST",
        "leagues/",
        401,
        403,
        403,
        201,
        201,
        201,
        201,
        data={"name": "Ligue des Laurentides"},
        effect=league_created,
    ),
    api("api-league-detail", "GET", "leagues/ligue-fadoq/", *ANYONE),
    api("api-league-season-list", "GET", "leagues/ligue-fadoq/seasons/", *ANYONE),
    api(
        "api-league-season-list",
        "POST",
        "leagues/ligue-fadoq/seasons/",
        401,
        403,
        403,
        404,
        201,
        404,
        201,
        data={"name": "2027"},
        effect=season_2027_created,
        elsewhere=403,
    ),
    api("api-league-season-detail", "GET", "leagues/ligue-fadoq/seasons/2026/", *ANYONE),
    api(
        "api-league-season-detail",
        "PATCH",
        "leagues/ligue-fadoq/seasons/2026/",
        401,
        403,
        403,
        404,
        200,
        404,
        200,
        data={"best_of": 3},
        effect=season_best_of_3,
        elsewhere=403,
    ),
    api(
        "api-league-player-list",
        "GET",
        "leagues/ligue-fadoq/players/?member_number=F-1002",
        401,
        403,
        403,
        404,
        200,
        404,
        200,
        elsewhere=403,
    ),
    api(
        "api-league-player-detail",
        "GET",
        "leagues/ligue-fadoq/players/{league_player}/",
        401,
        403,
        403,
        404,
        200,
        404,
        200,
        elsewhere=403,
    ),
    # The event out of its season: its organizer also organizes the league.
    api(
        "api-event-detail",
        "PATCH",
        "events/{slug}/",
        401,
        403,
        403,
        403,
        200,
        404,
        200,
        data={"season": None},
        effect=event_left_season,
    ),
    # Deleting the event: only ever by its organizers, and without `?confirm_name=` the event's
    # name a 400 (name_mismatch) that deletes nothing.
    api("api-event-detail", "DELETE", "events/{slug}/", 401, 403, 403, 403, 400, 404, 400),
    # --- API: archives ---------------------------------------------------------------------------
    api("api-event-archive", "GET", "events/{slug}/archive/", 401, 403, 403, 200, 200, 404, 200),
    # Importing: whoever organizes an event or a league, and staff ({"hello": "world"} is no
    # archive: a 400 once allowed).
    api(
        "api-archive-import",
        "POST",
        "archives/",
        401,
        403,
        403,
        403,
        400,
        400,
        400,
        data={"archive": {"hello": "world"}},
    ),
    # --- API: a captain's link asks which game is theirs ---------------------------------------
    api(
        "api-captain",
        "GET",
        "captain/",
        401,
        200,
        200,
        403,
        403,
        403,
        403,
        elsewhere=200,
    ),
    # --- registration before the day and check-in (issue 36) ----------------------------------
    # The form is public (closed here: round 1 is seated); a registration's private link is a
    # capability: whoever holds the token sees that one registration (and no other), the same
    # for every caller; after round 1 it can no longer be changed nor withdrawn (400).
    page("tournaments:register", "GET", "/e/{slug}/register/", *ANYONE),
    page(
        "tournaments:registration",
        "GET",
        "/r/{reg_token_a}/",
        *ANYONE,
        stranger=200,
        elsewhere=200,
    ),
    page("tournaments:registration", "GET", "/r/wrong-token-000000/", *(404,) * 7, elsewhere=404),
    page(
        "tournaments:registration-change",
        "POST",
        "/r/{reg_token_a}/change/",
        *(400,) * 7,
        data={"name": "Autre", "captain": "A", "partner": "B", "contact_phone": "1"},
        stranger=400,
        elsewhere=400,
    ),
    page(
        "tournaments:registration-withdraw",
        "POST",
        "/r/{reg_token_a}/withdraw/",
        *ANYONE,
        stranger=200,
        elsewhere=200,
    ),
    page(
        "tournaments:registration-check-in",
        "POST",
        "/r/{reg_token_a}/check-in/",
        *(DONE,) * 7,
        stranger=DONE,
        elsewhere=DONE,
    ),
    page("tournaments:registrations", "GET", EVENT + "/registrations/", *ORGANIZER),
    page(
        "tournaments:registrations",
        "POST",
        EVENT + "/registrations/",
        *ORGANIZER_POST,
        data={"action": "paid", "team": "{team_a}"},
        effect=lambda scene: scene.event.teams.get(pk=scene.team_a.pk).paid,
    ),
    page("tournaments:check-in", "GET", EVENT + "/check-in/", *OFFICIALS),
    page(
        "tournaments:check-in",
        "POST",
        EVENT + "/check-in/",
        *OFFICIALS_POST,
        data={"action": "present", "team": "{team_a}"},
        effect=lambda scene: team_a_checked_in(scene),
    ),
    page("tournaments:check-in-drop", "POST", EVENT + "/check-in/drop/", *OFFICIALS),
    page("tournaments:check-in-scan", "GET", EVENT + "/check-in/scan/", *OFFICIALS),
    page(
        "tournaments:check-in-scan",
        "POST",
        EVENT + "/check-in/scan/",
        *OFFICIALS,
        data={"code": "{reg_code_a}"},
        effect=lambda scene: team_a_checked_in(scene),
    ),
    api(
        "api-registrations",
        "GET",
        "events/{slug}/registrations/",
        401,
        403,
        403,
        403,
        200,
        404,
        200,
    ),
    api(
        "api-registrations",
        "POST",
        "events/{slug}/registrations/",
        *(403,) * 7,
        data={"name": "Neuve", "captain": "A", "partner": "B", "contact_phone": "1"},
        stranger=403,
        elsewhere=403,
    ),
    api(
        "api-registration-state",
        "POST",
        "events/{slug}/registrations/{team_a}/state/",
        401,
        403,
        403,
        403,
        400,
        404,
        400,
        data={"registration": "waiting"},
    ),
    api("api-check-ins", "GET", "events/{slug}/check-ins/", 401, 403, 403, 200, 200, 404, 200),
    api(
        "api-check-ins",
        "POST",
        "events/{slug}/check-ins/",
        401,
        403,
        403,
        200,
        200,
        404,
        200,
        data={"team": "{team_a}"},
        effect=lambda scene: team_a_checked_in(scene),
    ),
    api(
        "api-own-registration",
        "GET",
        "registrations/{reg_token_a}/",
        *(200,) * 7,
        stranger=200,
        elsewhere=200,
    ),
    api(
        "api-own-registration",
        "PUT",
        "registrations/{reg_token_a}/",
        *(400,) * 7,
        data={"name": "Autre", "captain": "A", "partner": "B", "contact_phone": "1"},
        stranger=400,
        elsewhere=400,
    ),
    api(
        "api-own-registration-withdraw",
        "POST",
        "registrations/{reg_token_a}/withdraw/",
        *(400,) * 7,
        stranger=400,
        elsewhere=400,
    ),
    api(
        "api-own-check-in",
        "POST",
        "registrations/{reg_token_a}/check-in/",
        *(400,) * 7,
        stranger=400,
        elsewhere=400,
    ),
]

#: Routes with no row, each with the reason.
EXCLUDED = {
    "admin/": "Django's admin: staff only, guarded by django.contrib.admin itself "
    "(login page for everyone else); not Huche's code.",
}


# --- the resolver walk -------------------------------------------------------------------------
def routes(patterns=None, prefix="", namespace=None):
    """Every (route, name) of the project, names qualified by their namespace."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            ns = pattern.namespace or namespace
            yield from routes(pattern.url_patterns, prefix + str(pattern.pattern), ns)
        elif isinstance(pattern, URLPattern):
            name = pattern.name or prefix + str(pattern.pattern)
            if namespace and pattern.name:
                name = f"{namespace}:{pattern.name}"
            yield prefix + str(pattern.pattern), name


def test_every_route_has_an_entry():
    covered = {row.name for row in MATRIX}
    missing = sorted(
        f"{route}  (name: {name})"
        for route, name in routes()
        if name not in covered and not any(route.startswith(p) for p in EXCLUDED)
    )
    assert not missing, (
        "routes with no row in the permission matrix "
        "(tests/security/test_permission_matrix.py):\n" + "\n".join(missing)
    )


def test_every_row_names_a_real_route():
    names = {name for _route, name in routes()}
    assert not {row.name for row in MATRIX} - names


def test_every_row_gives_nine_outcomes():
    assert all(len(row.expected) == len(CALLERS) for row in MATRIX)


# --- the scene and the callers -----------------------------------------------------------------
# The matrix has some 2,000 cases: the scene is built once for the module, in a transaction rolled
# back at its end, and each case runs in a savepoint of it (pytest-django's ``db``), so whatever a
# case changes is undone before the next one, which gets fresh instances of the scene's rows (and
# empty caches: tests/conftest.py). Building it for each case took most of CI's time.
def _build_scene() -> dict:
    from accounts.models import EventRole, User
    from accounts.roles import grant
    from tournaments.events.creation import create_event
    from tournaments.events.invitations import invite
    from tournaments.events.teams import add_team
    from tournaments.models import ArchiveKey, League, Player, Season, SeasonExport

    organizer = User.objects.create_user(
        "org@example.org", "pw-organizer-1", display_name="Organizer"
    )
    other_organizer = User.objects.create_user(
        "other@example.org", "pw-other-1", display_name="Other"
    )
    staff = User.objects.create_user("staff@example.org", "pw-staff-1", is_staff=True)
    event = create_event(
        organizer,
        name="Tournoi régional",
        date=datetime.date(2026, 11, 21),
        venue="Salle communautaire",
        seed=1234,
    )
    for i in range(1, 7):
        add_team(
            event,
            organizer,
            name=f"Équipe {i}",
            captain=f"Capitaine {i}",
            partner=f"Partenaire {i}",
        )
    official = User.objects.create_user("official@example.org", "pw-official-1")
    grant(official, event, EventRole.Role.OFFICIAL)
    built = build_scene(event, organizer, official, other_organizer, staff)
    theirs = stranger_event()
    built.users["stranger"] = stranger_of(theirs)
    built.elsewhere = captain_elsewhere(theirs)
    pending = invite(event, organizer, "pending@example.org", "official")
    league = League.objects.create(name="Ligue FADOQ", slug="ligue-fadoq", created_by=organizer)
    league.organizers.add(organizer)
    season = Season.objects.create(league=league, name="2026", slug="2026")
    key = ArchiveKey.objects.create(
        league=league, hall="Salle", public_key="A" * 43 + "=", fingerprint="SHA256:x"
    )
    type(event).objects.filter(pk=event.pk).update(season=season)
    league_player = Player.objects.create(league=league, name="Gisèle", member_number="F-1002")
    export = SeasonExport.objects.create(
        season=season,
        requested_by=organizer,
        status=SeasonExport.Status.DONE,
        content="a,b\n",
        finished_at=datetime.datetime.now(datetime.UTC),
    )
    link_a, link_b = link_of(built.team_a), link_of(built.team_b)
    type(built.team_a).objects.filter(pk=built.team_a.pk).update(
        registration_token="a-registration-token-of-team-a"
    )
    return {
        "event": event.pk,
        "users": {role: user.pk for role, user in built.users.items()},
        "game": built.game.pk,
        "report": built.report.pk,
        "dispute": built.dispute.pk,
        "elsewhere": built.elsewhere.pk,
        "extra": {
            "token_a": link_a.token,
            "token_b": link_b.token,
            "reg_token_a": "a-registration-token-of-team-a",
            "reg_code_a": "http://salle.local/r/a-registration-token-of-team-a/",
            "wrong_pin_a": "000000" if link_a.pin != "000000" else "111111",
            "season": season.pk,
            "season_export": export.pk,
            "archive_key": key.pk,
            "league_player": league_player.pk,
            "official_role": official.event_roles.get(event=event).pk,
            "invitation": pending.invitation.pk,
            "invitation_token": pending.token,
        },
    }


@pytest.fixture(scope="module")
def scene_rows(django_db_setup, django_db_blocker):
    """The scene's primary keys; its rows live until the module's last case."""
    from django.db import transaction

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            yield _build_scene()
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture
def scene(scene_rows, db) -> Scene:
    from accounts.models import User
    from tournaments.models import Dispute, Event, Game, Report, Team

    users = {role: User.objects.get(pk=pk) for role, pk in scene_rows["users"].items()}
    built = Scene(
        Event.objects.get(pk=scene_rows["event"]),
        users,
        Game.objects.get(pk=scene_rows["game"]),
        Report.objects.get(pk=scene_rows["report"]),
        Dispute.objects.get(pk=scene_rows["dispute"]),
        Team.objects.get(pk=scene_rows["elsewhere"]),
    )
    built.extra = dict(scene_rows["extra"])
    return built


def ids(scene) -> dict:
    return {**scene.ids(), **scene.extra}


def page_client(scene, role: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if role in (A, B, "captain_elsewhere"):
        team = {A: scene.team_a, B: scene.team_b}.get(role, scene.elsewhere)
        link = link_of(team)
        assert client.post(f"/c/{link.token}/", {"pin": link.pin}).status_code == 302
    elif role != "anonymous":
        client.force_login(scene.users[role])
    return client


def _fill(data, values):
    if data is None:
        return None
    filled = {}
    for key, value in data.items():
        if isinstance(value, str) and value.startswith("{") and value.endswith("}"):
            value = values[value[1:-1]]
        filled[key] = value
    return filled


def check(row: Row, response, expected, values):
    body = response.content[:600] if not getattr(response, "streaming", False) else b""
    location = response.headers.get("Location", "")
    login = resolve_url(settings.LOGIN_URL)
    if expected == LOGIN:
        assert response.status_code == 302 and location.startswith(login), (location, body)
    elif expected == DONE:
        assert response.status_code == 302 and not location.startswith(login), (location, body)
    elif expected == TO_PIN:
        token = row.url.split("/")[2].format(**values)
        assert response.status_code == 302 and location == f"/c/{token}/", (location, body)
    elif expected == PIN:
        assert response.status_code == 200 and b'name="pin"' in response.content
    else:
        assert response.status_code == expected, (response.status_code, location, body)
        if row.url.startswith("/c/") and expected == 200:
            assert b'name="pin"' not in response.content, "a captain's page, not the PIN form"
        if row.api and expected >= 400:
            assert response.json()["detail"], "every refusal says why"
            if "/tools/" not in row.url:  # the tools API's errors carry only a detail
                assert response.json()["code"]


CASES = [
    pytest.param(
        row, role, expected, id=f"{row.method} {row.url.removeprefix('/api/v1/')} as {role}"
    )
    for row in MATRIX
    for role, expected in zip(CALLERS, row.expected, strict=True)
]


@pytest.mark.parametrize(("row", "role", "expected"), CASES)
def test_who_may_open_what(scene, row: Row, role: str, expected):
    values = ids(scene)
    url = row.url.format(**values)
    data = _fill(row.data, values)
    if row.api:
        client = as_role(APIClient(HTTP_ACCEPT_LANGUAGE="en"), scene, role)
        kwargs = {} if row.method == "GET" else {"data": data or {}, "format": "json"}
    else:
        client = page_client(scene, role)
        kwargs = {} if row.method == "GET" else {"data": data or {}}
    response = getattr(client, row.method.lower())(url, **kwargs)
    check(row, response, expected, values)
    if row.effect is not None:
        did = expected == DONE or (isinstance(expected, int) and 200 <= expected < 300)
        assert row.effect(scene) is did, "the change happened" if not did else "no change"


# --- the same sweep with the event a draft (issue 51, finding 3) -------------------------------
# A draft exists for its organizers and officials only: whoever else asks any GET of the matrix
# gets no answer naming it (a 404, a login page, a refusal; or a page without it: the home page,
# a player's page, the season's). The holders of one of its private links (a captain's, a
# registration's, an invitation's) are part of the event and are left out of this sweep.
OUTSIDERS = ("anonymous", "stranger", "other_organizer", "captain_elsewhere")
LINK_HOLDERS = ("{token_a}", "{token_b}", "{reg_token_a}", "{reg_code_a}", "{invitation_token}")
DRAFT_CASES = [
    pytest.param(row, role, id=f"draft: GET {row.url.removeprefix('/api/v1/')} as {role}")
    for row in MATRIX
    if row.method == "GET" and not any(holder in row.url for holder in LINK_HOLDERS)
    for role in OUTSIDERS
]


def _answer_text(response) -> str:
    content = b"".join(response.streaming_content) if response.streaming else response.content
    text = content.decode(errors="replace")
    if "json" in response.get("Content-Type", "") and text:
        text = json.dumps(json.loads(text), ensure_ascii=False)
    return text


@pytest.mark.parametrize(("row", "role"), DRAFT_CASES)
def test_a_draft_is_named_to_no_outsider(scene, row: Row, role: str):
    event = scene.event
    type(event).objects.filter(pk=event.pk).update(published_at=None)
    url = row.url.format(**ids(scene))
    if row.api:
        client = as_role(APIClient(HTTP_ACCEPT_LANGUAGE="en"), scene, role)
    else:
        client = page_client(scene, role)
    response = client.get(url)
    assert response.status_code < 500, (url, response.status_code)
    if response.status_code == 200:
        text = _answer_text(response)
        assert event.name not in text and f"/e/{event.slug}/" not in text, url
        assert f'"slug": "{event.slug}"' not in text, url
