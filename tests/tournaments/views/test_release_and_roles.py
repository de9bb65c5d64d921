"""Hidden means hidden everywhere until release; each role reaches only what it may."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.conftest import link_of
from tournaments.models import Event, Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.service import release

pytestmark = pytest.mark.django_db

SECRET_SCORE = "121–97"


@pytest.fixture
def running(event, organizer):
    round_ = seating.seat_next_round(event, organizer)
    game = round_.games.filter(team_b__isnull=False).order_by("table").first()
    reporting.submit(
        game, reporting.Actor(user=organizer), Report.Kind.FINAL, {"score_a": 121, "score_b": 97}
    )
    return event, game


def public_pages(event, game):
    return [
        f"/e/{event.slug}/standings/",
        f"/e/{event.slug}/rounds/1/",
        f"/e/{event.slug}/teams/{game.team_a_id}/",
        f"/e/{event.slug}/podium/",
    ]


def test_nothing_leaks_before_release_even_from_a_warm_cache(running, organizer, captain_client):
    event, game = running
    official = Client()
    official.force_login(organizer)
    for url in public_pages(event, game):  # officials see them, and warm the cache
        assert official.get(url).status_code == 200
    assert SECRET_SCORE in official.get(f"/e/{event.slug}/rounds/1/").content.decode()
    assert "Équipe" in official.get(f"/e/{event.slug}/standings/").content.decode()
    captain = captain_client(game.team_a)
    for viewer in (Client(), captain):
        for url in public_pages(event, game):
            page = viewer.get(url).content.decode()
            assert SECRET_SCORE not in page, url
            assert '<table class="standings"' not in page, url
        hidden = viewer.get(f"/e/{event.slug}/standings/").content.decode()
        assert "warning-banner" in hidden
    # Exports are for organizers and officials only.
    assert Client().get(f"/organize/{event.slug}/export/standings.csv").status_code == 302
    assert captain.get(f"/organize/{event.slug}/export/games.csv").status_code == 302


def test_release_opens_every_surface(running, organizer):
    event, game = running
    release(event, organizer)
    anonymous = Client()
    assert SECRET_SCORE in anonymous.get(f"/e/{event.slug}/rounds/1/").content.decode()
    assert 'class="standings"' in anonymous.get(f"/e/{event.slug}/standings/").content.decode()


def test_live_events_show_standings_without_release(make_event, organizer):
    event = make_event(4, name="En direct", visibility=Event.Visibility.LIVE)
    seating.seat_next_round(event, organizer)
    assert 'class="standings"' in Client().get(f"/e/{event.slug}/standings/").content.decode()


def test_seating_is_always_public(running):
    event, game = running
    page = Client().get(f"/e/{event.slug}/seating/").content.decode()
    assert game.team_a.name in page and game.team_b.name in page


# --- roles on the pages ----------------------------------------------------------------------


def test_anonymous_is_sent_to_login_for_organizer_pages(event):
    response = Client().get(f"/organize/{event.slug}/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_an_organizer_cannot_see_another_organizers_event(event, other_organizer):
    other = Client()
    other.force_login(other_organizer)
    for url in (
        f"/organize/{event.slug}/",
        f"/organize/{event.slug}/teams/",
        f"/organize/{event.slug}/desk/",
        f"/organize/{event.slug}/audit/",
        f"/organize/{event.slug}/export/teams.csv",
    ):
        assert other.get(url).status_code == 404, url
    assert event.name not in other.get("/organize/").content.decode()
    assert other.post(f"/organize/{event.slug}/rounds/next/").status_code == 404
    assert not event.rounds.exists()


def test_an_official_runs_the_floor_but_does_not_release_or_configure(event, official):
    client = Client()
    client.force_login(official)
    assert client.get(f"/organize/{event.slug}/").status_code == 200
    assert client.post(f"/organize/{event.slug}/rounds/next/").status_code == 302
    assert event.rounds.count() == 1
    assert client.post(f"/organize/{event.slug}/release/").status_code == 404
    assert client.get(f"/organize/{event.slug}/settings/").status_code == 404
    event.refresh_from_db()
    assert event.released_at is None


def test_a_captain_link_reaches_only_its_own_games(running, captain_client):
    event, game = running
    other_game = game.round.games.exclude(pk=game.pk).filter(team_b__isnull=False).first()
    captain = captain_client(game.team_a)
    token = link_of(game.team_a).token
    assert captain.get(f"/c/{token}/games/{game.pk}/").status_code == 200
    assert captain.get(f"/c/{token}/games/{other_game.pk}/").status_code == 404
    before = other_game.reports.count()
    captain.post(
        f"/c/{token}/games/{other_game.pk}/", {"mode": "final", "score_us": 121, "score_them": 90}
    )
    assert other_game.reports.count() == before
    # Another team's link without its PIN shows only the PIN form.
    other_token = link_of(other_game.team_a).token
    page = captain.get(f"/c/{other_token}/").content.decode()
    assert 'name="pin"' in page and other_game.team_b.name not in page


def test_wrong_pins_lock_the_link_and_an_official_can_lift_it(event, organizer):
    team = event.teams.first()
    link = link_of(team)
    client = Client()
    for _ in range(5):
        client.post(f"/c/{link.token}/", {"pin": "000000" if link.pin != "000000" else "111111"})
    locked = client.post(f"/c/{link.token}/", {"pin": link.pin})
    assert locked.status_code == 403  # even the right PIN, while locked
    assert "15 minutes" in locked.content.decode()
    official = Client()
    official.force_login(organizer)
    official.post(f"/organize/{event.slug}/teams/{team.pk}/unlock/")
    assert client.post(f"/c/{link.token}/", {"pin": link.pin}).status_code == 302


def test_regenerating_a_link_revokes_the_old_one_at_once(event, organizer, captain_client):
    team = event.teams.first()
    old = link_of(team)
    captain = captain_client(team)
    assert captain.get(f"/c/{old.token}/").status_code == 200
    official = Client()
    official.force_login(organizer)
    official.post(f"/organize/{event.slug}/teams/{team.pk}/new-link/", {"confirm": "1"})
    assert captain.get(f"/c/{old.token}/").status_code == 404
    assert link_of(team).token != old.token


def test_the_organizer_can_seed_round_one_and_reorder_tiebreaks(event, organizer):
    client = Client()
    client.force_login(organizer)
    names = [t.name for t in event.teams.order_by("-id")]
    client.post(f"/organize/{event.slug}/rounds/next/", {"seeded_order": "\n".join(names)})
    first = event.rounds.get().games.get(table=1)
    assert (first.team_a.name, first.team_b.name) == (names[0], names[1])
    form = {
        "name": event.name,
        "date": "2026-11-21",
        "venue": "",
        "game_type": "cribbage",
        "rule_set": "FADOQ",
        "number_of_games": 8,
        "scoring_system": "fadoq",
        "tiebreaks": "head_to_head, wins",
        "movement": "winners_stay",
        "confirmation": "both_captains",
        "visibility": "release",
        "bye_points": "",
    }
    assert client.post(f"/organize/{event.slug}/settings/", form).status_code == 302
    event.refresh_from_db()
    assert event.tiebreaks == ["head_to_head", "wins"]
    bad = client.post(f"/organize/{event.slug}/settings/", form | {"tiebreaks": "luck"})
    assert bad.status_code == 200 and "luck" in bad.content.decode()
    event.refresh_from_db()
    assert event.tiebreaks == ["head_to_head", "wins"]


def test_the_release_is_offered_once_a_result_is_confirmed(event, organizer):
    """Before anything is played a release button makes no sense (every result would then be
    public the moment it is confirmed, which a live event is for): it is not offered; once a
    result is confirmed it is, with what is still to verify above it."""
    from tournaments.models import Game

    seating.seat_next_round(event, organizer)
    desk = Client(HTTP_ACCEPT_LANGUAGE="fr")
    desk.force_login(organizer)
    page = desk.get(f"/organize/{event.slug}/").content.decode()
    assert "Rien à publier pour l’instant" in page and "Publier les résultats</button>" not in page

    # One result confirmed, two tables still waiting: the button, with what is left above it.
    games = list(Game.objects.filter(round__event=event, team_b__isnull=False).order_by("table"))
    official = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    reporting.submit(games[0], official, Report.Kind.FINAL, {"score_a": 121, "score_b": 97})
    page = " ".join(desk.get(f"/organize/{event.slug}/").content.decode().split())
    assert "Publier les résultats</button>" in page and "Rien à publier" not in page
    warnings = page.split("data-release-warnings", 1)[1].split("</div>", 1)[0]
    assert "Tout n’est pas encore vérifié" in warnings
    assert "2 parties ne sont pas encore confirmées." in warnings, warnings
    release(event, organizer)
    page = desk.get(f"/organize/{event.slug}/").content.decode()
    assert "data-release-warnings" not in page  # released: nothing to warn about any more
