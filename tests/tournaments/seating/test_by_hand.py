"""A round's tables changed by hand before its first result, and a later round seated by hand
(issue 34, point 11): audited; refused in words once a result exists."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from tournaments.audit import describe
from tournaments.errors import RuleError
from tournaments.models import AuditEntry, Report
from tournaments.results import reporting
from tournaments.seating import by_hand
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return html.unescape(" ".join(response.content.decode().split()))


@pytest.fixture
def french(organizer) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    client.force_login(organizer)
    return client


def seats(round_) -> dict[str, tuple]:
    return {
        t.name: (g.table,)
        for g in round_.games.select_related("team_a", "team_b")
        for t in (g.team_a, g.team_b)
        if t is not None
    }


def test_two_teams_are_swapped_and_the_change_is_audited(make_event, organizer, french):
    event = make_event(5)
    round_ = seating.seat_next_round(event, organizer)
    before = seats(round_)
    one, other = sorted(before, key=lambda n: (before[n][0] or 99, n))[0::3][:2]
    a, b = (event.teams.get(name=n) for n in (one, other))
    response = french.post(
        f"/organize/{event.slug}/rounds/1/tables/",
        {"change": "swap", "one": a.pk, "other": b.pk},
        follow=True,
    )
    assert "Les tables sont changées (inscrit au journal des modifications)." in text(response)
    after = seats(round_)
    assert after[one] == before[other] and after[other] == before[one]
    entry = AuditEntry.objects.get(action="round.tables")
    assert f"{one} de la table" in describe_fr(entry)


def describe_fr(entry) -> str:
    from django.utils import translation

    with translation.override("fr-ca"):
        return describe(entry).text


def test_a_game_moves_to_a_free_table_not_a_taken_one(make_event, organizer):
    event = make_event(4)
    round_ = seating.seat_next_round(event, organizer)
    with pytest.raises(RuleError, match="Table 2 is taken"):
        by_hand.move_table(round_, organizer, 1, 2)
    by_hand.move_table(round_, organizer, 1, 7)
    assert sorted(round_.games.values_list("table", flat=True)) == [2, 7]


def test_refused_in_words_once_a_result_exists(make_event, organizer, french):
    event = make_event(4)
    round_ = seating.seat_next_round(event, organizer)
    game = round_.games.exclude(team_b=None).order_by("table").last()
    reporting.submit(
        game, reporting.Actor(user=organizer), Report.Kind.FINAL, {"score_a": 121, "score_b": 90}
    )
    page = text(french.get(f"/organize/{event.slug}/desk/"))
    assert "Ronde 1 a déjà un résultat (table 2) : ses tables ne changent plus" in page
    with pytest.raises(RuleError) as refused:
        by_hand.swap_teams(round_, organizer, game.team_a, game.team_b)
    assert refused.value.code == "round_has_results"
    assert not AuditEntry.objects.filter(action="round.tables").exists()


def test_a_later_round_is_seated_by_hand(make_event, organizer, french):
    event = make_event(4)
    round_ = seating.seat_next_round(event, organizer)
    for game in round_.games.exclude(team_b=None):
        reporting.submit(
            game,
            reporting.Actor(user=organizer),
            Report.Kind.FINAL,
            {"score_a": 121, "score_b": 90},
        )
    order = "Équipe 4\nÉquipe 3\nÉquipe 2\nÉquipe 1"
    refused = french.post(
        f"/organize/{event.slug}/rounds/next/", {"seeded_order": "Équipe 4\nÉquipe 3"}, follow=True
    )
    assert "manquantes : Équipe 1, Équipe 2" in text(refused)
    french.post(f"/organize/{event.slug}/rounds/next/", {"seeded_order": order})
    round_2 = event.rounds.get(number=2)
    pairs = [(g.table, g.team_a.name, g.team_b.name) for g in round_2.games.order_by("table")]
    assert pairs == [(1, "Équipe 4", "Équipe 3"), (2, "Équipe 2", "Équipe 1")]
    assert AuditEntry.objects.filter(action="round.seat", after__by_hand=True).exists()
