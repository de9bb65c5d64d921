"""The bracket's pages, CSV and API (issue 50): hidden like the standings until the release,
the organizer's buttons, the export's lines, the settings form's refusals."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.builders.finished_event import play_series
from tests.tournaments.results.test_bracket_play import _distinct_cut
from tournaments.models import Event
from tournaments.publishing.exports import bracket_rows
from tournaments.results import bracket_play
from tournaments.standings.service import release

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def seated(make_event, organizer):
    event = make_event(
        10,
        scoring_system="game_points",
        movement="random_draw",
        number_of_games=3,
        bracket=Event.Bracket.FIXED,
        bracket_qualifiers=5,
    )
    play_series(event, organizer)
    bracket_play.seat_bracket(event, organizer, settled=_distinct_cut(event))
    return Event.objects.get(pk=event.pk)


def test_the_bracket_page_is_hidden_until_the_release_then_public(client, seated, organizer):
    url = reverse("tournaments:bracket", args=[seated.slug])
    hidden = client.get(url, **EN).content.decode()
    assert "data-bracket-round" not in hidden
    client.force_login(organizer)
    shown = client.get(url, **EN).content.decode()
    assert shown.count("data-bye") == 3 and "data-bracket-round" in shown
    client.logout()
    release(seated, organizer)
    public = client.get(url + "?display=projector", **EN).content.decode()
    assert public.count("data-bye") == 3 and 'class="projector"' in public


def test_the_organizer_page_offers_the_games_and_the_absent_buttons(client, seated, organizer):
    client.force_login(organizer)
    page = client.get(reverse("tournaments:bracket-organize", args=[seated.slug]), **EN).content
    text = page.decode()
    assert text.count("data-open-game") == 2 and "is absent" in text
    assert "5 minutes" in text and "Make the consolation event" in text


def test_the_csv_lists_every_match_with_seeds_and_byes(seated):
    rows = list(bracket_rows(seated))
    assert rows[0][0] == "Round"
    assert len(rows) == 1 + 4 + 2 + 1  # a bracket of 8: 4, 2 and 1 matches
    assert sum(1 for r in rows[1:] if r[-1] == "yes") == 3


def test_the_api_follows_the_release_rule(api_client, seated, organizer):
    url = f"/api/v1/events/{seated.slug}/bracket/"
    assert api_client.get(url, **EN).status_code == 403
    api_client.force_authenticate(organizer)
    body = api_client.get(url, **EN).json()
    assert body["seated"] and body["byes"] == 3 and len(body["qualifiers"]) == 5
    assert [m["id"] for m in body["matches"]][:4] == ["R1-M1", "R1-M2", "R1-M3", "R1-M4"]
    schema = api_client.get("/api/schema/", **EN).content.decode()
    assert "/bracket/" in schema


def test_the_settings_form_refuses_a_lone_qualifier_then_a_change_once_seated(
    client, make_event, organizer, seated
):
    client.force_login(organizer)
    event = make_event(4, name="Other")
    url = reverse("tournaments:settings", args=[event.slug])
    form = client.get(url, **EN)
    data = {k: v for k, v in form.context["form"].initial.items() if v is not None}
    data |= {"bracket": "fixed", "bracket_qualifiers": "1", "bracket_best_of": "3"}
    data["date"] = "2026-11-21"
    data["tiebreaks"] = ""
    answer = client.post(url, data, **EN)
    assert "2 or more" in answer.content.decode()
    assert Event.objects.get(pk=event.pk).bracket == ""
    page = client.get(reverse("tournaments:settings", args=[seated.slug]), **EN).content.decode()
    assert 'name="bracket_best_of"' in page and "disabled" in page


def test_the_bracket_pages_in_french_show_no_english(seated, organizer):
    from tests.locale.test_french_everywhere import english_on, french_client

    release(seated, organizer)
    game = bracket_play.open_bracket_games(seated)[0]
    slug = seated.slug
    found, seen = english_on(
        [
            (french_client(), [f"/e/{slug}/bracket/", f"/e/{slug}/bracket/?display=projector"]),
            (
                french_client(organizer),
                [
                    f"/organize/{slug}/bracket/",
                    f"/organize/{slug}/",
                    f"/organize/{slug}/desk/games/{game.pk}/",
                    f"/organize/{slug}/settings/",
                ],
            ),
        ]
    )
    assert seen == 6 and found == []


def test_where_to_sit_shows_the_bracket_games_once_public_and_a_neutral_line_before(
    client, seated, organizer
):
    url = reverse("tournaments:seating", args=[seated.slug])
    before = client.get(url, **EN).content.decode()
    assert "data-bracket-hidden" in before and "R1-M" not in before
    release(seated, organizer)
    after = client.get(url, **EN).content.decode()
    labels = re.findall(r"Bracket, round \d+, match \d+, game \d+", after)
    assert len(labels) == 2 and "data-bracket-hidden" not in after
    assert "R1-M" not in after  # the stored code is never what people read


def test_the_desk_suggests_the_cross_checked_card_and_applies_it_only_on_click(
    client, make_event, organizer
):
    from tests.tournaments.results.test_bracket_play import _two_reports
    from tournaments.models import Game
    from tournaments.seating import rounds as seating

    event = make_event(4, scoring_system="game_points", movement="random_draw", number_of_games=2)
    game = seating.seat_next_round(event, organizer).games.exclude(team_b=None).first()
    reports = _two_reports(game, (121, 0), (121, 88))  # the spread on one card only
    client.force_login(organizer)
    url = reverse("tournaments:desk-game", args=[event.slug, game.pk])
    page = client.get(url, **EN).content.decode()
    assert "data-suggestion" in page and "copied to the other" in page
    game.refresh_from_db()
    assert game.status == Game.Status.DISPUTED
    client.post(url, {"action": "confirm", "report": reports[1].pk, "note": "ACC"}, **EN)
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED and game.confirmed_report_id == reports[1].pk


def test_the_api_sets_the_bracket_and_refuses_it_in_words(api_client, make_event, organizer):
    event = make_event(6, name="API")
    api_client.force_authenticate(organizer)
    url = f"/api/v1/events/{event.slug}/"
    refused = api_client.patch(url, {"bracket": "fixed", "bracket_qualifiers": 1}, format="json")
    assert refused.status_code == 400 and "2 or more" in refused.content.decode()
    done = api_client.patch(
        url, {"bracket": "one_in_four", "bracket_best_of": 5}, format="json", **EN
    )
    assert done.status_code == 200, done.content
    assert done.json()["bracket"] == "one_in_four" and done.json()["bracket_best_of"] == 5
