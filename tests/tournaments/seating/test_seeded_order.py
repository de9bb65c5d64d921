"""The organizer's round-1 order, typed one team per line (``seating.rounds.seeded_order``)."""

from __future__ import annotations

import pytest

from tournaments.errors import RuleError
from tournaments.events.teams import withdraw_team
from tournaments.seating.rounds import seeded_order

pytestmark = pytest.mark.django_db


def test_names_in_any_case_give_the_teams_in_that_order(event):
    teams = list(event.teams.order_by("id"))
    text = f"\n  {teams[2].name.upper()}  \n{teams[0].name}\n\n"
    assert seeded_order(event, text) == [teams[2].pk, teams[0].pk]
    assert seeded_order(event, " \n ") is None  # nothing typed: the drawn order


def test_an_unknown_or_withdrawn_team_is_named_in_the_refusal(event, organizer):
    gone = event.teams.order_by("id").last()
    withdraw_team(gone, organizer)
    for name in ("Les Inconnus", gone.name):
        with pytest.raises(RuleError) as refused:
            seeded_order(event, f"Équipe 1\n{name}")
        assert name in refused.value.message and refused.value.field == "seeded_order"
