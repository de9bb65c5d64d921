"""Bad input everywhere: arbitrary card strings, CSV bytes in any encoding, fuzzed score and
settings forms, wrong types, missing fields, huge payloads and wrong encodings on the API.

Each answer is a clear refusal (a 4xx that says what was wrong, or the rules engine's own
error), never a server error, and a refused request changes nothing in the database."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.test import Client
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from games.cards import CardError, parse_card, parse_cards
from tests.conftest import link_of
from tournaments.errors import RuleError
from tournaments.events.csv_import import import_teams
from tournaments.models import AuditEntry, Event, Report, Team

FAST = hsettings(
    max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)
TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40)


def snapshot(event: Event) -> tuple:
    return (
        Team.objects.filter(event=event).count(),
        Report.objects.count(),
        AuditEntry.objects.count(),
        tuple(
            Event.objects.filter(pk=event.pk)
            .values_list("name", "venue", "number_of_games", "status", "released_at")
            .get()
        ),
    )


# --- cards ---------------------------------------------------------------------------------------
@FAST
@given(TEXT)
def test_a_card_string_parses_or_says_why(text):
    try:
        parse_card(text)
        parse_cards(text)
    except CardError as exc:
        assert str(exc)


@FAST
@given(
    st.lists(
        st.sampled_from(["5H", "JD", "10♥", "ts", "Q♠", "xx", "", " ", "5", "AH"]), max_size=8
    ).map(" ".join)
    | TEXT
)
def test_the_hand_calculator_never_fails(text):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    page = client.post("/tools/hand/", {"hand": text, "starter": text[:3]})
    assert page.status_code in (200, 400)
    api = client.post(
        "/api/v1/tools/hand/", {"hand": text, "starter": text[:3]}, content_type="application/json"
    )
    assert api.status_code in (200, 400, 429)
    if api.status_code == 400:
        assert api.json()["detail"]


# --- CSV team imports ------------------------------------------------------------------------------
CSV_LINES = st.lists(
    st.lists(
        st.text(max_size=12) | st.sampled_from(["Les As", "Paul", "Jeanne", "é", "", "12345"]),
        max_size=5,
    ).map(",".join),
    max_size=6,
).map("\n".join)


@pytest.mark.django_db
@FAST
@given(
    data=st.binary(max_size=200)
    | CSV_LINES.flatmap(
        lambda text: st.sampled_from(["utf-8", "utf-8-sig", "latin-1", "utf-16", "cp1252"]).map(
            lambda codec: text.encode(codec, "replace")
        )
    )
)
def test_a_csv_import_registers_teams_or_refuses_and_changes_nothing(make_event, data):
    event = make_event(2, name=f"Import {len(data)}")
    before = snapshot(event)
    try:
        created = import_teams(event, None, data)
    except RuleError as exc:
        assert exc.message
        assert snapshot(event) == before
    else:
        assert Team.objects.filter(event=event).count() == before[0] + len(created)


# --- forms through the test client --------------------------------------------------------------------
@pytest.mark.django_db
@FAST
@given(ours=TEXT | st.integers().map(str), theirs=TEXT | st.integers().map(str), key=TEXT)
def test_the_final_score_form_never_fails(make_event, captain_client, ours, theirs, key):
    from tournaments.seating.rounds import seat_next_round

    event = make_event(4, name="Score")
    seat_next_round(event, None)
    game = event.rounds.get().games.order_by("table").first()
    client = captain_client(game.team_a)
    reports = Report.objects.count()
    response = client.post(
        f"/c/{link_of(game.team_a).token}/games/{game.pk}/",
        {"mode": "final", "score_us": ours, "score_them": theirs, "idempotency_key": key},
    )
    assert response.status_code in (200, 302)
    if response.status_code == 200:  # refused: the page says why, nothing stored
        assert Report.objects.count() == reports


@pytest.mark.django_db
@FAST
@given(
    fields=st.dictionaries(
        st.sampled_from(
            [
                "deal-1-a-hand",
                "deal-1-b-hand",
                "deal-1-crib",
                "deal-1-starter",
                "deal-1-a-play",
                "deal-1-b-play",
                "deal-1-dealer",
                "rows",
            ]
        ),
        TEXT | st.integers().map(str),
        max_size=8,
    )
)
def test_the_sheet_form_never_fails(make_event, captain_client, fields):
    from tournaments.seating.rounds import seat_next_round

    event = make_event(4, name="Sheet")
    seat_next_round(event, None)
    game = event.rounds.get().games.order_by("table").first()
    client = captain_client(game.team_a)
    reports = Report.objects.count()
    response = client.post(
        f"/c/{link_of(game.team_a).token}/games/{game.pk}/", {"mode": "sheet", **fields}
    )
    assert response.status_code in (200, 302)
    if response.status_code == 200:
        assert Report.objects.count() == reports


@pytest.mark.django_db
@FAST
@given(
    fields=st.dictionaries(
        st.sampled_from(
            [
                "name",
                "date",
                "venue",
                "number_of_games",
                "rule_set",
                "movement",
                "scoring_system",
                "tiebreaks",
                "game_type",
                "show_live_standings",
                "skunk_line",
                "seed",
            ]
        ),
        TEXT | st.integers().map(str),
        max_size=10,
    )
)
def test_the_event_settings_form_never_fails(make_event, organizer, fields):
    event = make_event(2, name="Settings")
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organizer)
    before = snapshot(event)
    response = client.post(f"/organize/{event.slug}/settings/", fields)
    assert response.status_code in (200, 302)
    if response.status_code == 200:  # the form is shown again with its errors
        assert snapshot(event) == before


# --- the API: wrong types, missing fields, huge payloads, wrong encodings ---------------------------
@pytest.fixture
def official_api(api_client, event, organizer):
    from rest_framework.authtoken.models import Token

    api_client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=organizer)}")
    return api_client


@pytest.mark.parametrize(
    "body",
    [
        {"name": 12, "captain": ["x"], "partner": {"a": 1}},
        {},
        {"name": "Sans capitaine"},
        {"name": None, "captain": None, "partner": None},
        [1, 2, 3],
        "just a string",
    ],
)
def test_wrong_types_and_missing_fields_are_explained(official_api, event, body):
    before = snapshot(event)
    response = official_api.post(f"/api/v1/events/{event.slug}/teams/", body, format="json")
    assert response.status_code == 400
    assert response.json()["detail"]
    assert snapshot(event) == before


def test_a_huge_payload_is_refused_clearly(official_api, event):
    before = snapshot(event)
    huge = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10)
    response = official_api.post(
        f"/api/v1/events/{event.slug}/teams/import/",
        json.dumps({"text": huge}),
        content_type="application/json",
    )
    assert 400 <= response.status_code < 500
    assert response.json()["detail"]
    assert snapshot(event) == before


@pytest.mark.parametrize(
    ("payload", "content_type"),
    [
        (b"{not json", "application/json"),
        ('{"name": "Les As"}'.encode("utf-16"), "application/json"),
        (b'{"name": "\xff\xfe caf\xe9"}', "application/json"),
        (b"name=Les+As", "application/xml"),
        (b"[" * 1000 + b"]" * 1000, "application/json"),  # issue 33: was a RecursionError
    ],
)
def test_wrong_encodings_are_explained(official_api, event, payload, content_type):
    before = snapshot(event)
    response = official_api.generic(
        "POST", f"/api/v1/events/{event.slug}/teams/", payload, content_type=content_type
    )
    assert response.status_code in (400, 415)
    assert response.json()["detail"]
    assert snapshot(event) == before


def test_non_numeric_ids_in_forms_and_queries_are_not_server_errors(
    event, organizer, captain_client
):
    from tournaments.seating.rounds import seat_next_round

    seat_next_round(event, organizer)
    game = event.rounds.get().games.exclude(team_b=None).order_by("table").first()
    official = Client()
    official.force_login(organizer)
    assert official.get(f"/organize/{event.slug}/desk/?round=abc").status_code == 200
    assert (
        official.post(
            f"/organize/{event.slug}/desk/games/{game.pk}/", {"action": "confirm", "report": "abc"}
        ).status_code
        == 404
    )
    captain = captain_client(game.team_a)
    token = link_of(game.team_a).token
    assert captain.post(f"/c/{token}/games/{game.pk}/confirm/", {"report": "x1"}).status_code == 404
    # "Forget this code" (issue 33): a link that does not exist is a 404, a GET is refused.
    assert captain.post("/c/no-such-link/forget/").status_code == 404
    assert captain.get(f"/c/{token}/forget/").status_code == 405


# --- page sizes: bounded, a clear 400 beyond ----------------------------------------------------
LIST_ENDPOINTS = ["/api/v1/events/", "/api/v1/events/{slug}/teams/"]


@pytest.mark.parametrize("path", LIST_ENDPOINTS)
@pytest.mark.parametrize(
    "query",
    [
        "limit=99999999999999999999",
        "offset=99999999999999999999",
        "limit=100000",
        "limit=0",
        "limit=-3",
        "limit=abc",
        "offset=-1",
    ],
)
def test_a_page_size_or_offset_out_of_bounds_is_refused_clearly(event, path, query):
    response = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"{path.format(slug=event.slug)}?{query}")
    assert response.status_code == 400
    detail = response.json()["detail"]
    assert ("limit" in detail or "offset" in detail) and "whole number" in detail


def test_the_largest_page_size_is_served(event):
    from tournaments.api.pagination import MAX_LIMIT

    response = Client().get(f"/api/v1/events/{event.slug}/teams/?limit={MAX_LIMIT}&offset=0")
    assert response.status_code == 200
    assert response.json()["count"] == event.teams.count()


# --- issue 33: the new limits answer in words and store nothing ----------------------------------
@pytest.mark.parametrize(
    ("path", "body", "says"),
    [
        ("teams/", {"name": "E1\u200b", "captain": "A", "partner": "B"}, "U+200B"),
        ("teams/", {"name": "\u202eE1", "captain": "A", "partner": "B"}, "position 1"),
        ("teams/import/", {"text": "x" * (512 * 1024 + 1)}, "at most 512 KB"),
        ("teams/import/", {"text": "E;A;B\n" * 501}, "at most 500"),
    ],
)
def test_names_and_lists_beyond_the_rules_are_explained(official_api, event, path, body, says):
    before = snapshot(event)
    response = official_api.post(f"/api/v1/events/{event.slug}/{path}", body, format="json")
    assert response.status_code == 400
    assert says in response.json()["detail"]
    assert snapshot(event) == before
