"""Score entry: validation with the captain's messages, confirmation, disputes, versions,
idempotency, corrections, and work deferred when the broker is down."""

from __future__ import annotations

import pytest
from kombu import pools

from tests.builders.sheets import sheet
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.models import AuditEntry, Event, Game, OutboxTask, Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(event, organizer) -> Game:
    round_ = seating.seat_next_round(event, organizer)
    return round_.games.filter(team_b__isnull=False).order_by("table").first()


def captain(team) -> reporting.Actor:
    return reporting.Actor(team=team)


def final(a, b):
    return Report.Kind.FINAL, {"score_a": a, "score_b": b}


# --- final scores --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "message"),
    [
        (
            121,
            121,
            "Exactly one team reaches 121: the winner's score is 121 and the loser's is "
            "below it (121–121 given).",
        ),
        (
            120,
            90,
            "Exactly one team reaches 121: the winner's score is 121 and the loser's is "
            "below it (120–90 given).",
        ),
        (125, 90, "A score is between 0 and 121 (the game ends at 121): 125 is not possible."),
        (121, -3, "A score is between 0 and 121 (the game ends at 121): -3 is not possible."),
        (121, "abc", "“abc” is not a whole number."),
    ],
)
def test_final_score_is_refused_with_the_reason(game, a, b, message):
    with pytest.raises(RuleError) as error:
        reporting.submit(game, captain(game.team_a), *final(a, b))
    assert error.value.message == message
    assert game.reports.count() == 0


@pytest.mark.parametrize(("loser", "skunk"), [(91, 0), (90, 1), (61, 1), (60, 2)])
def test_skunks_are_derived_not_typed(game, loser, skunk):
    # RULES.md: skunk when the loser is at 90 or less, double skunk at 60 or less.
    report = reporting.submit(game, captain(game.team_a), *final(121, loser)).report
    assert report.skunk == skunk


def test_only_the_two_captains_or_an_official_may_report(event, game):
    stranger = event.teams.exclude(pk__in=[game.team_a_id, game.team_b_id]).first()
    with pytest.raises(PermissionRuleError, match="Only the captains of the two teams"):
        reporting.submit(game, captain(stranger), *final(121, 100))


# --- hand-by-hand sheets ---------------------------------------------------------------------


def test_a_complete_sheet_gives_the_final_score(game):
    report = reporting.submit(
        game, captain(game.team_a), Report.Kind.SHEET, {"sheet": sheet()}
    ).report
    assert (report.score_a, report.score_b) == (121, 85)
    assert report.kind == "sheet" and report.detail["sheet"]["deals"][0]["dealer"] == "a"


def test_an_impossible_count_is_refused_with_the_reason(game):
    bad = sheet({(2, "hands"): [4, 19, 6, 4]})
    with pytest.raises(RuleError) as error:
        reporting.submit(game, captain(game.team_a), Report.Kind.SHEET, {"sheet": bad})
    assert error.value.message == (
        "Deal 3, hand 2: a count of 19 is impossible: possible counts are 0–29 except 19, 25, "
        "26 and 27 (“nineteen” means a zero hand: write 0)."
    )
    assert error.value.field == "d3-h2"
    assert game.reports.count() == 0


def test_with_cards_the_count_must_be_exact_and_the_breakdown_is_shown(game):
    deals = sheet()["deals"]
    deals[0]["starter"] = "KS"
    deals[0]["hands"][1] = {"count": 10, "cards": "5H 5C 6S 7D"}  # the cards give 12
    with pytest.raises(RuleError) as error:
        reporting.submit(game, captain(game.team_a), Report.Kind.SHEET, {"sheet": {"deals": deals}})
    assert error.value.message.startswith("Deal 1, hand 2: the cards give 12, not 10: fifteen")
    assert error.value.extra["expected"] == 12


def test_a_crib_four_card_flush_scores_nothing(game):
    deals = sheet()["deals"]
    deals[0]["starter"] = "KS"
    deals[0]["crib"] = {"count": 4, "cards": "2H 4H 6H 8H"}  # 4 in a hand, 0 in a crib
    with pytest.raises(RuleError, match="Deal 1, crib: the cards give 0, not 4"):
        reporting.submit(game, captain(game.team_a), Report.Kind.SHEET, {"sheet": {"deals": deals}})


def test_items_after_the_end_of_the_game_are_refused(game):
    late = sheet({(5, "hands"): [12, 4, 12, 6]})
    with pytest.raises(RuleError) as error:
        reporting.submit(game, captain(game.team_a), Report.Kind.SHEET, {"sheet": late})
    # Issue 25: the captain reads the team's name, not "side A" ("le camp A").
    assert error.value.message == (
        f"Deal 6: {game.team_a.name} reached 121 with Deal 6, hand 3; Deal 6, hand 4 comes "
        "after the end of the game and cannot be scored."
    )
    from django.utils import translation

    with translation.override("fr-ca"), pytest.raises(RuleError) as french:
        reporting.submit(game, captain(game.team_a), Report.Kind.SHEET, {"sheet": late})
    assert f"Donne 6 : {game.team_a.name} a atteint 121" in french.value.message
    assert "camp" not in french.value.message


def test_an_unfinished_sheet_is_not_a_result(game):
    unfinished = {"deals": sheet()["deals"][:5]}
    with pytest.raises(RuleError) as error:
        reporting.submit(game, captain(game.team_a), Report.Kind.SHEET, {"sheet": unfinished})
    assert error.value.message == (
        "Unfinished game: after 5 deals the score is 92–79 and no team has reached 121."
    )


# --- confirmation, disputes, versions ----------------------------------------------------------


def test_the_other_captain_confirms(game):
    report = reporting.submit(game, captain(game.team_a), *final(121, 99)).report
    game.refresh_from_db()
    assert game.status == Game.Status.REPORTED
    with pytest.raises(PermissionRuleError, match="cannot confirm their own report"):
        reporting.confirm(report, captain(game.team_a))
    reporting.confirm(report, captain(game.team_b))
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED and game.confirmed_report == report


def test_agreeing_reports_confirm_and_disagreeing_ones_open_a_dispute(game, organizer):
    reporting.submit(game, captain(game.team_a), *final(121, 99))
    reporting.submit(game, captain(game.team_b), *final(110, 121))
    game.refresh_from_db()
    assert game.status == Game.Status.DISPUTED
    dispute = game.disputes.get()
    assert sorted(dispute.reports.values_list("score_a", flat=True)) == [110, 121]
    official = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    chosen = game.reports.get(score_a=121)
    reporting.decide_dispute(dispute, official, chosen, note="feuille vérifiée")
    game.refresh_from_db()
    dispute.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED and game.confirmed_report == chosen
    assert dispute.decision == chosen and dispute.resolved_by == organizer
    assert dispute.note == "feuille vérifiée"
    assert game.reports.count() == 2  # both versions kept


def test_agreement_confirms_without_a_click(game):
    reporting.submit(game, captain(game.team_a), *final(121, 99))
    reporting.submit(game, captain(game.team_b), *final(121, 99))
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED


def test_official_confirmation_rule(make_event, organizer):
    event = make_event(4, name="Officiel", confirmation=Event.Confirmation.CAPTAIN_AND_OFFICIAL)
    game = seating.seat_next_round(event, organizer).games.first()
    report = reporting.submit(game, captain(game.team_a), *final(121, 99)).report
    with pytest.raises(PermissionRuleError, match="confirmed by an official"):
        reporting.confirm(report, captain(game.team_b))
    reporting.confirm(report, reporting.Actor(user=organizer))
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED


def test_double_submission_stores_one_report(game):
    first = reporting.submit(game, captain(game.team_a), *final(121, 99), idempotency_key="k1")
    again = reporting.submit(game, captain(game.team_a), *final(121, 99), idempotency_key="k1")
    tap = reporting.submit(game, captain(game.team_a), *final(121, 99))
    assert first.created and not again.created and not tap.created
    assert again.report.pk == first.report.pk == tap.report.pk
    assert game.reports.count() == 1


def test_a_captain_may_change_a_report_before_confirmation_as_a_new_version(game):
    reporting.submit(game, captain(game.team_a), *final(121, 99))
    reporting.submit(game, captain(game.team_a), *final(121, 95))
    assert list(game.reports.values_list("version", "score_b")) == [(1, 99), (2, 95)]


def test_correction_after_confirmation_is_official_only_and_audited(game, organizer):
    reporting.submit(game, captain(game.team_a), *final(121, 99))
    reporting.submit(game, captain(game.team_b), *final(121, 99))
    with pytest.raises(PermissionRuleError, match="only an official can correct it"):
        reporting.submit(game, captain(game.team_a), *final(121, 80))
    reporting.submit(
        game, reporting.Actor(user=organizer), *final(121, 89), note="erreur d'addition"
    )
    game.refresh_from_db()
    assert (game.confirmed_report.score_b, game.confirmed_report.version) == (89, 3)
    assert game.reports.count() == 3
    entry = AuditEntry.objects.get(action="result.correct")
    assert entry.actor == organizer
    assert entry.before["score_b"] == 99 and entry.after["score_b"] == 89


def _use_broker(app, url: str, eager: bool) -> None:
    """Point the Celery app at ``url``, dropping its pooled connections to the old one."""
    app.conf.broker_url, app.conf.task_always_eager = url, eager
    if app._pool is not None:
        app._pool.force_close_all()
        app._pool = None
    app.amqp._producer_pool = None
    # kombu keeps producer pools per connection in a global registry: an earlier test's pool
    # for the same broker URL would be handed back closed ("Acquire on closed pool").
    pools.reset()


def test_result_is_saved_when_the_broker_is_down_and_sent_later(
    game, django_capture_on_commit_callbacks
):
    """A real connection attempt to a port where no broker listens, then recovery."""
    from config.celery import app
    from tournaments.outbox import flush_outbox

    saved = app.conf.broker_url, app.conf.task_always_eager
    _use_broker(app, "redis://127.0.0.1:9/0", eager=False)
    try:
        with pytest.raises(Exception):  # noqa: B017 - whatever the client raises
            app.connection_for_write().ensure_connection(max_retries=0, timeout=1)
        with django_capture_on_commit_callbacks(execute=True):
            reporting.submit(game, captain(game.team_a), *final(121, 99))
            reporting.submit(game, captain(game.team_b), *final(121, 99))
    finally:
        _use_broker(app, *saved)
    assert Game.objects.get(pk=game.pk).status == Game.Status.CONFIRMED
    pending = OutboxTask.objects.get(done_at__isnull=True)
    assert pending.attempts == 1 and pending.sent_at is None and pending.last_error
    # The broker is back: the pending work is sent (and, run eagerly here, done; with a real
    # broker a worker marks it done when it runs it).
    assert flush_outbox() == 1
    pending.refresh_from_db()
    assert pending.sent_at is not None
    assert (pending.done_at is not None) == app.conf.task_always_eager


def test_a_captain_reads_the_breakdown_in_french(game, captain_client):
    from tests.conftest import link_of

    client = captain_client(game.team_a)
    token = link_of(game.team_a).token
    form = {
        "mode": "sheet",
        "d1-dealer": "us",
        "d1-peg_us": "0",
        "d1-peg_them": "0",
        "d1-h1": "2",
        "d1-h2": "10",
        "d1-h2cards": "5H 5T 6S 7D",  # French letters: T trèfle (C would be cœur)
        "d1-starter": "KS",
    }
    page = client.post(
        f"/c/{token}/games/{game.pk}/", form, HTTP_ACCEPT_LANGUAGE="fr-ca"
    ).content.decode()
    assert "Donne 1, main 2" in page and "12" in page
    assert "fifteen" not in page and "quinze" in page.lower()
    assert game.reports.count() == 0


def test_a_retry_whose_answer_was_lost_is_acknowledged_even_after_the_event_closed(game):
    """The phone sent, the report was stored, the answer was lost; the event closes before the
    phone's retry: the retry is told "received" (it was), and nothing new is stored."""
    first = reporting.submit(game, captain(game.team_a), *final(121, 99), idempotency_key="k9")
    Event.objects.filter(pk=game.round.event_id).update(status=Event.Status.FINISHED)
    again = reporting.submit(game, captain(game.team_a), *final(121, 99), idempotency_key="k9")
    assert not again.created and again.report.pk == first.report.pk
    with pytest.raises(PermissionRuleError, match="finished"):
        reporting.submit(game, captain(game.team_a), *final(121, 98), idempotency_key="k10")
    assert game.reports.count() == 1


def test_confirming_a_confirmed_report_asks_who_is_asking_first(game, other_organizer):
    """Issue 22, finding 1: "confirming twice changes nothing" came before the permission
    check, so anyone got the confirmed report back."""
    report = reporting.submit(game, captain(game.team_a), *final(121, 100)).report
    reporting.confirm(report, captain(game.team_b))
    with pytest.raises(PermissionRuleError):
        reporting.confirm(report, reporting.Actor(user=other_organizer))
