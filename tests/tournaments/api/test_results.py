"""Results through the API: reports (final score, sheet, crapette), retries, confirmation,
disputes, and who sees scores and report versions."""

from __future__ import annotations

import pytest

from tests.builders.scene import API, build_scene, captain, logged_in
from tests.builders.stranger import captain_elsewhere, stranger_event, stranger_of
from tournaments.models import Confirmation, Dispute, Game, Report
from tournaments.results.reporting import Actor, submit
from tournaments.seating.rounds import seat_next_round


@pytest.fixture
def scene(event, organizer, official, other_organizer, staff):
    return build_scene(event, organizer, official, other_organizer, staff)


def report(client, scene, **body):
    return client.post(scene.url("games/{game}/reports/"), {"kind": "final", **body}, format="json")


def other_table_team(scene):
    return Game.objects.filter(round__event=scene.event).order_by("table").last().team_a


# --- reporting ---------------------------------------------------------------------------------


def test_the_other_captain_agreeing_confirms_the_game(api_client, scene):
    response = report(captain(api_client, scene.team_b), scene, score_a=121, score_b=100)
    assert response.status_code == 201
    body = response.json()
    assert body["created"] is True
    assert body["game"] == {"id": scene.game.pk, "status": "confirmed"}
    assert (body["report"]["version"], body["report"]["by_team"]) == (2, scene.team_b.pk)
    assert body["report"]["confirmed"] is True


def test_a_double_submission_stores_one_report(api_client, scene):
    client = captain(api_client, scene.team_b)
    first = report(client, scene, score_a=121, score_b=80, idempotency_key="tap-1")
    retry = report(client, scene, score_a=121, score_b=80, idempotency_key="tap-1")
    assert (first.status_code, retry.status_code) == (201, 200)
    assert retry.json()["report"]["id"] == first.json()["report"]["id"]
    assert retry.json()["created"] is False
    assert scene.game.reports.filter(by_team=scene.team_b).count() == 1


def test_the_same_content_again_without_a_key_is_a_retry_too(api_client, scene):
    before = Report.objects.count()
    response = report(captain(api_client, scene.team_a), scene, score_a=121, score_b=100)
    assert response.status_code == 200
    assert response.json()["report"]["id"] == scene.report.pk
    assert Report.objects.count() == before


def test_disagreeing_captains_open_a_dispute(api_client, scene):
    response = report(captain(api_client, scene.team_b), scene, score_a=110, score_b=121)
    assert response.status_code == 201
    assert response.json()["game"]["status"] == "disputed"
    assert Dispute.objects.filter(game=scene.game, resolved_at__isnull=True).exists()


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            {"score_a": 121, "score_b": 121},
            {
                "detail": "Exactly one team reaches 121: the winner's score is 121 and the loser's is "
                "below it (121–121 given).",
                "code": "one_winner",
            },
        ),
        (
            {"score_a": "cent", "score_b": 121},
            {"detail": "“cent” is not a whole number.", "code": "not_a_number", "field": "score_a"},
        ),
        (
            {"score_a": 140, "score_b": 12},
            {
                "detail": "A score is between 0 and 121 (the game ends at 121): 140 is not possible.",
                "code": "out_of_range",
                "field": "score_a",
            },
        ),
    ],
)
def test_an_impossible_score_changes_nothing(api_client, scene, body, expected):
    before = (Report.objects.count(), scene.game.status)
    response = report(captain(api_client, scene.team_b), scene, **body)
    assert response.status_code == 400
    assert response.json() == expected
    scene.game.refresh_from_db()
    assert (Report.objects.count(), scene.game.status) == before


def test_a_final_report_needs_both_scores(api_client, scene):
    response = report(captain(api_client, scene.team_b), scene, score_a=121)
    assert response.status_code == 400
    body = response.json()
    assert body["detail"] == "score_b: A “final” report needs score_b."
    assert (body["field"], body["code"]) == ("score_b", "required")


def test_an_unknown_kind_is_refused(api_client, scene):
    response = report(
        captain(api_client, scene.team_b), scene, kind="poker", score_a=121, score_b=3
    )
    assert response.status_code == 400
    assert response.json()["detail"] == 'kind: "poker" is not a valid choice.'


def test_a_captain_of_another_table_may_not_report(api_client, scene):
    before = Report.objects.count()
    response = report(captain(api_client, other_table_team(scene)), scene, score_a=121, score_b=3)
    assert response.status_code == 403
    assert response.json() == {
        "detail": "Only the captains of the two teams at this table, or "
        "an official, may report this game.",
        "code": "forbidden",
    }
    assert Report.objects.count() == before


def test_a_hand_by_hand_sheet_gives_the_score(api_client, scene):
    sheet = {
        "deals": [
            {"dealer": "a", "pegging": {"a": 10, "b": 0}, "hands": [12, 28, 12, 28], "crib": 24},
            {"dealer": "b", "pegging": {"a": 31, "b": 0}},
        ]
    }
    response = report(captain(api_client, scene.team_b), scene, kind="sheet", sheet=sheet)
    assert response.status_code == 201
    stored = response.json()["report"]
    assert (stored["kind"], stored["score_a"], stored["score_b"]) == ("sheet", 121, 24)
    assert stored["skunk"] == 2  # a double skunk: the loser is below 61


def test_a_sheet_with_an_impossible_count_says_where(api_client, scene):
    sheet = {
        "deals": [{"dealer": "a", "pegging": {"a": 3, "b": 2}, "hands": [19, 8, 4, 6], "crib": 2}]
    }
    before = Report.objects.count()
    response = report(captain(api_client, scene.team_b), scene, kind="sheet", sheet=sheet)
    assert response.status_code == 400
    body = response.json()
    assert body["detail"].startswith("Deal 1, hand 1: a count of 19 is impossible")
    assert (body["code"], body["field"]) == ("count_impossible", "d1-h1")
    assert Report.objects.count() == before


def test_crapette_results_are_for_crapette_events(api_client, scene):
    response = report(
        captain(api_client, scene.team_b), scene, kind="crapette", winner="a", crapette_left=3
    )
    assert response.status_code == 400
    assert response.json() == {"detail": "This event is not a Crapette event.", "code": "kind"}


def test_a_crapette_result_is_scored_from_the_cards_left(api_client, make_event, organizer):
    event = make_event(4, name="Crapette du lundi", game_type="crapette")
    game = seat_next_round(event, organizer).games.order_by("table").first()
    response = captain(api_client, game.team_b).post(
        f"{API}games/{game.pk}/reports/",
        {"kind": "crapette", "winner": "a", "crapette_left": 3, "stock_left": 10},
        format="json",
    )
    assert response.status_code == 201
    assert (response.json()["report"]["score_a"], response.json()["report"]["score_b"]) == (46, 0)


def test_a_bye_has_nothing_to_report(api_client, make_event, organizer):
    event = make_event(5, name="Impair")
    bye = seat_next_round(event, organizer).games.get(team_b=None)
    response = captain(api_client, bye.team_a).post(
        f"{API}games/{bye.pk}/reports/",
        {"kind": "final", "score_a": 121, "score_b": 0},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {"detail": "A bye has no result to report.", "code": "bye"}


def test_an_unknown_game_answers_404(api_client, scene):
    response = captain(api_client, scene.team_a).post(
        f"{API}games/999999/reports/", {}, format="json"
    )
    assert response.status_code == 404
    assert response.json() == {"detail": "No game #999999.", "code": "not_found"}


# --- confirming and correcting -----------------------------------------------------------------


def test_the_other_captain_confirms(api_client, scene):
    response = captain(api_client, scene.team_b).post(scene.url("reports/{report}/confirm/"))
    assert response.status_code == 200
    assert response.json()["game"]["status"] == "confirmed"
    assert Confirmation.objects.get(report=scene.report).by_team == scene.team_b
    again = api_client.post(scene.url("reports/{report}/confirm/"))
    assert (again.status_code, again.json()["created"]) == (200, False)
    assert Confirmation.objects.filter(report=scene.report).count() == 1


def test_a_captain_cannot_confirm_their_own_report(api_client, scene):
    response = captain(api_client, scene.team_a).post(scene.url("reports/{report}/confirm/"))
    assert response.status_code == 403
    assert response.json() == {
        "detail": "A captain cannot confirm their own report: the other captain confirms it.",
        "code": "own_report",
    }
    scene.game.refresh_from_db()
    assert scene.game.status == "reported"


def test_after_confirmation_only_an_official_corrects(api_client, scene):
    captain(api_client, scene.team_b).post(scene.url("reports/{report}/confirm/"))
    late = report(api_client, scene, score_a=121, score_b=110)
    assert late.status_code == 403
    assert late.json() == {
        "detail": "This result is confirmed: only an official can correct it now.",
        "code": "confirmed",
    }
    fixed = report(
        logged_in(api_client, scene.users["official"]),
        scene,
        score_a=121,
        score_b=110,
        note="tally error",
    )
    assert fixed.status_code == 201
    assert fixed.json()["report"]["channel"] == "official"
    scene.game.refresh_from_db()
    assert (scene.game.confirmed_report.score_b, scene.game.reports.count()) == (110, 2)


# --- disputes ----------------------------------------------------------------------------------


def test_an_official_settles_a_dispute_by_entering_the_score(api_client, scene):
    client = logged_in(api_client, scene.users["official"])
    response = client.post(
        scene.url("disputes/{dispute}/decide/"),
        {"score_a": 121, "score_b": 95, "note": "sheet checked"},
        format="json",
    )
    assert response.status_code == 200
    assert response.json()["created"] is True
    assert response.json()["game"]["status"] == "confirmed"
    scene.dispute.refresh_from_db()
    assert (scene.dispute.decision.score_b, scene.dispute.note) == (95, "sheet checked")
    again = client.post(
        scene.url("disputes/{dispute}/decide/"),
        {"report": scene.dispute.decision.pk},
        format="json",
    )
    assert again.status_code == 400
    assert again.json() == {"detail": "This dispute is already settled.", "code": "resolved"}


def test_an_official_settles_a_dispute_by_keeping_a_version(api_client, scene):
    kept = scene.dispute.reports.order_by("pk").first()
    response = logged_in(api_client, scene.users["official"]).post(
        scene.url("disputes/{dispute}/decide/"), {"report": kept.pk}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["report"]["id"] == kept.pk
    assert Game.objects.get(pk=scene.dispute.game_id).confirmed_report == kept


@pytest.mark.parametrize(
    ("body", "detail", "field"),
    [
        (
            {},
            "Give either “report” (the id of the version to keep) or “score_a” and “score_b” (the "
            "right score), not both.",
            None,
        ),
        ({"score_a": 121}, "score_b: Give both scores: score_b is missing.", "score_b"),
        ("report of another game", None, "report"),
    ],
)
def test_a_bad_decision_settles_nothing(api_client, scene, body, detail, field):
    if body == "report of another game":
        body = {"report": scene.report.pk}
        detail = f"report: Report #{scene.report.pk} is not a version of this game's result."
    response = logged_in(api_client, scene.users["official"]).post(
        scene.url("disputes/{dispute}/decide/"), body, format="json"
    )
    assert response.status_code == 400
    assert response.json()["detail"] == detail
    assert response.json().get("field") == field
    scene.dispute.refresh_from_db()
    assert scene.dispute.resolved_at is None


# --- who sees what -----------------------------------------------------------------------------


def _table_1(client, scene):
    games = client.get(scene.url("events/{slug}/rounds/1/")).json()["games"]
    return next(g for g in games if g["id"] == scene.game.pk)


def test_seating_is_public_but_scores_wait_for_the_release(api_client, scene):
    submit(scene.game, Actor(team=scene.team_b), "final", {"score_a": 121, "score_b": 100})
    public = _table_1(api_client, scene)
    assert public["team_a"]["name"] == scene.team_a.name
    # Before the release not even the status (issue 33: a confirmation, a dispute tell a result).
    assert (public["status"], public["result"]) == (None, None)
    official = _table_1(logged_in(api_client, scene.users["official"]), scene)
    assert official["result"] == {
        "score_a": 121,
        "score_b": 100,
        "skunk": 0,
        "winner": scene.team_a.pk,
    }
    logged_in(api_client, scene.users["organizer"]).post(scene.url("events/{slug}/release/"))
    api_client.credentials()
    assert _table_1(api_client, scene)["result"]["score_a"] == 121


@pytest.mark.parametrize(
    ("role", "sees_versions"),
    [
        ("anonymous", False),
        ("captain_a", True),
        ("captain_b", True),
        ("captain_elsewhere", False),
        ("official", True),
        ("other_organizer", False),
    ],
)
def test_report_versions_are_for_officials_and_the_games_captains(
    api_client, scene, role, sees_versions
):
    if role.startswith("captain"):
        team = {"captain_a": scene.team_a, "captain_b": scene.team_b}.get(role)
        captain(api_client, team or other_table_team(scene))
    elif role != "anonymous":
        logged_in(api_client, scene.users[role])
    body = api_client.get(scene.url("games/{game}/")).json()
    if sees_versions:
        assert [(r["version"], r["score_a"], r["score_b"]) for r in body["reports"]] == [
            (1, 121, 100)
        ]
    else:
        assert body["reports"] is None


def test_an_official_finds_the_open_dispute_of_a_game(api_client, scene):
    client = logged_in(api_client, scene.users["official"])
    body = client.get(f"{API}games/{scene.dispute.game_id}/").json()
    assert body["open_dispute"] == scene.dispute.pk
    assert len(body["reports"]) == 2


def test_games_filter_by_status_round_and_team(api_client, scene):
    games = scene.url("events/{slug}/games/")
    logged_in(api_client, scene.users["official"])  # the status is theirs before the release
    disputed = api_client.get(games + "?status=disputed").json()["results"]
    assert [g["id"] for g in disputed] == [scene.dispute.game_id]
    mine = api_client.get(games + f"?round=1&team={scene.team_b.pk}").json()["results"]
    assert [g["id"] for g in mine] == [scene.game.pk]
    refused = api_client.get(games + "?status=won")
    assert refused.status_code == 400
    assert refused.json()["field"] == "status"
    assert refused.json()["detail"].startswith("status: Select a valid choice.")


# --- issue 22, finding 1: confirming is no way to read another event's results ---------------


@pytest.fixture
def elsewhere(db):
    return stranger_event()


@pytest.mark.parametrize("who", ["stranger", "captain_elsewhere"])
def test_confirming_a_confirmed_report_of_another_event_reads_nothing(
    api_client, scene, elsewhere, who
):
    captain(api_client, scene.team_b).post(scene.url("reports/{report}/confirm/"))
    scene.game.refresh_from_db()
    assert scene.game.status == "confirmed" and scene.event.released_at is None
    if who == "stranger":
        client = logged_in(api_client, stranger_of(elsewhere))
    else:
        client = captain(api_client, captain_elsewhere(elsewhere))
    response = client.post(scene.url("reports/{report}/confirm/"))
    unknown = client.post(f"{API}reports/999999/confirm/")
    assert response.status_code == unknown.status_code == 404
    assert response.json() == {"detail": f"No report #{scene.report.pk}.", "code": "not_found"}
    assert "score_a" not in response.content.decode()


def test_a_submissions_answer_shows_the_report_as_the_report_serializer_does(scene, api_client):
    """The answer to a submission writes the report out by hand (``report_body``: faster than
    the ModelSerializer); every field, a sheet's detail and a note, as the serializer gives."""
    from django.utils import translation

    from tournaments.api.serializers import ReportSerializer

    response = report(
        captain(api_client, scene.team_b), scene, score_a=121, score_b=100, note="Merci « Jo »"
    )
    assert response.status_code == 201
    body = response.json()["report"]
    stored = Report.objects.select_related("game").get(pk=body["id"])
    with translation.override("fr"):
        assert body == ReportSerializer(stored).data
    assert body["confirmed"] is True and body["note"] == "Merci « Jo »"
    for stored in Report.objects.select_related("game").filter(game__round__event=scene.event):
        from tournaments.api.serializers import report_body

        assert report_body(stored) == ReportSerializer(stored).data
