"""Issue 49, point 4: in the last deal both sides pegged; the sheet as typed added to 121–92,
Huche recorded 121–87 (a pétrin) because it assumed the non-dealer's pegging came first, and
nobody was told. The play ends when a side pegs out, so the other side's pegging typed for
that play was scored before: it counts as typed. Only when both sides' pegging reaches 121 is
the question asked (who pegged out first), and what is then left out is said, with the
receipt and to the captain who confirms."""

from __future__ import annotations

import pytest

from tests.builders.sheets import sheet
from tournaments.errors import RuleError
from tournaments.results.sheets import read_sheet

LAST = 5  # deal 6: B deals; A (92) and B (79) before it


def last_deal(pegging: dict, **more) -> dict:
    return sheet(
        {(LAST, "pegging"): pegging, (LAST, "hands"): [], **{(LAST, k): v for k, v in more.items()}}
    )


def test_the_other_sides_pegging_in_the_last_play_counts_as_typed():
    # A (non-dealer) pegs out with 29; B, the dealer, pegged 8 in the same play.
    result = read_sheet(last_deal({"a": 29, "b": 8}), players=4, target=121)
    assert (result.score_a, result.score_b) == (121, 87)  # 79 + 8, as typed (before: 79)
    assert result.notes == []


def test_both_sides_reaching_121_in_the_play_asks_who_pegged_out_first():
    with pytest.raises(RuleError, match="say which side pegged out first"):
        read_sheet(last_deal({"a": 29, "b": 42}), players=4, target=121)


def test_what_is_left_out_is_said():
    result = read_sheet(
        last_deal({"a": 29, "b": 42}, pegged_out="a"),
        players=4,
        target=121,
        names={"a": "Les As", "b": "Le Pétrin"},
    )
    assert (result.score_a, result.score_b) == (121, 79)
    assert result.notes == [
        "Deal 6: Les As pegged out first, so the 42 pegging points typed for Le Pétrin came "
        "after the end of the game and are not counted."
    ]


@pytest.mark.django_db
def test_the_receipt_and_the_confirming_captain_see_the_note(event, organizer):
    from tournaments.models import Report
    from tournaments.results import reporting
    from tournaments.results.receipts import Receipt
    from tournaments.seating import rounds as seating

    game = seating.seat_next_round(event, organizer).games.filter(team_b__isnull=False).first()
    report = reporting.submit(
        game,
        reporting.Actor(team=game.team_a),
        Report.Kind.SHEET,
        {"sheet": last_deal({"a": 29, "b": 42}, pegged_out="a")},
    )
    report = Report.objects.get(pk=report.report.pk)
    (note,) = report.detail["notes"]
    assert "42 pegging points" in note and game.team_b.name in note
    assert Receipt.of(report, game.team_a, game).notes == (note,)


def sheet_post(deals, **extra) -> dict:
    """The captain page's fields for ``deals`` typed by side A's captain."""
    fields = {"mode": "sheet", "idempotency_key": "k-last"}
    for n, deal in enumerate(deals, start=1):
        fields[f"d{n}-dealer"] = "us" if deal["dealer"] == "a" else "them"
        if deal["heels"]:
            fields[f"d{n}-heels"] = "on"
        fields[f"d{n}-peg_us"] = str(deal["pegging"]["a"])
        fields[f"d{n}-peg_them"] = str(deal["pegging"]["b"])
        for i, count in enumerate(deal["hands"], start=1):
            fields[f"d{n}-h{i}"] = str(count)
        if deal.get("crib") is not None:
            fields[f"d{n}-crib"] = str(deal["crib"])
    return fields | extra


@pytest.mark.django_db
def test_the_sheet_page_asks_who_pegged_out_first_beside_the_deal(captain_client, event, organizer):
    from tests.conftest import link_of
    from tournaments.seating import rounds as seating

    game = seating.seat_next_round(event, organizer).games.filter(team_b__isnull=False).first()
    client = captain_client(game.team_a)
    url = f"/c/{link_of(game.team_a).token}/games/{game.pk}/"
    deals = last_deal({"a": 29, "b": 42})["deals"]
    page = client.post(url, sheet_post(deals), HTTP_ACCEPT_LANGUAGE="fr-ca")
    html = page.content.decode()
    assert "Qui est sortie la première au jeu ?" in html
    asked = html[html.index('name="d6-pegged_out"') - 2000 : html.index('name="d6-pegged_out"')]
    assert '<details class="pegged-out" open>' in asked
    assert game.reports.count() == 0

    answered = client.post(
        url, sheet_post(deals, **{"d6-pegged_out": "us"}), HTTP_ACCEPT_LANGUAGE="fr-ca"
    )
    assert answered.status_code in (200, 302)
    report = game.reports.get()
    assert (report.score_a, report.score_b) == (121, 79)
    assert "42 points de jeu inscrits pour" in report.detail["notes"][0]
