"""The ACC's scorecard cross-checking, offered at the desk as a suggestion (issue 50).

When the two players' cards disagree, the ACC settles it without asking them:

1. a spread marked on one card only is copied to the other;
2. if both claim the win, the card with the spread in the plus column wins;
3. otherwise the apparent qualifier takes the disadvantage.

In Huche a report always carries both scores, so its spread is on it and its winner's spread
is in the plus column: rule 1 applies when one report gives the loser's score as 0 without a
(nothing marked) and the other a score; rule 2 when each report gives its own team the
win and only one of them has a spread; rule 3 decides the rest, "apparent qualifier" being the
team placed higher in the standings now (in the bracket: the higher seed). Only ever a
suggestion: the desk applies it when the official clicks (``reporting.decide_dispute``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.models import Event, Game, Report, Round
from tournaments.standings.service import event_standings

from .bracket_play import bracket_group

GAME_POINTS = "game_points"


def applies(event: Event) -> bool:
    """Offered in an event played ACC-style: game points scoring or a bracket."""
    return event.scoring_system == GAME_POINTS or bool(event.bracket)


@dataclass(frozen=True)
class Suggestion:
    report: Report
    why: str


def _winner(report: Report, game: Game) -> int | None:
    return report.winner_id_for(game)


def _spread(report: Report) -> int:
    return abs(report.score_a - report.score_b)


def _marked(report: Report) -> bool:
    """Does the card give a spread at all: a loser's score of 0 is read as nothing marked (no
    cribbage game ends with the loser on 0 points)."""
    return min(report.score_a, report.score_b) > 0


def apparent_qualifier(game: Game) -> int:
    """The team placed higher: the higher seed in the bracket, else in the standings now."""
    event = game.round.event
    team_a, team_b = game.team_a_id, game.team_b_id
    assert team_b is not None, "a game with scorecards has two teams"
    if game.round.kind == Round.Kind.BRACKET:
        group = bracket_group(event)
        if group is not None:
            seeds = list(group.teams)
            ranked = sorted(
                (team_a, team_b),
                key=lambda t: seeds.index(t) if t in seeds else len(seeds),
            )
            return ranked[0]
    order = event_standings(event).standings.order
    place = {t: i for i, t in enumerate(order)}
    return min((team_a, team_b), key=lambda t: place.get(t, len(place)))


def suggest(game: Game, reports: list[Report]) -> Suggestion | None:
    """The cross-checking rules' answer for two disagreeing reports, or None."""
    event = game.round.event
    if not applies(event) or game.team_b_id is None:
        return None
    cards = [r for r in reports if r.kind != Report.Kind.FORFEIT][-2:]
    if len(cards) != 2:
        return None
    one, two = cards
    winners = (_winner(one, game), _winner(two, game))
    if winners[0] == winners[1] and _marked(one) != _marked(two):
        marked = one if _marked(one) else two
        return Suggestion(
            marked,
            _(
                "Both cards give the same winner; the spread is marked on one card only: it is "
                "copied to the other (ACC cross-checking rule)."
            ),
        )
    both_claim = (
        winners[0] != winners[1]
        and one.by_team_id is not None
        and two.by_team_id is not None
        and winners[0] == one.by_team_id
        and winners[1] == two.by_team_id
    )
    if both_claim and _marked(one) != _marked(two):
        marked = one if _marked(one) else two
        return Suggestion(
            marked,
            _(
                "Both players claim the win: the card with the spread in the plus column wins "
                "(ACC cross-checking rule)."
            ),
        )
    qualifier = apparent_qualifier(game)

    def worse(report: Report) -> tuple[int, int]:
        # The qualifier's disadvantage: losing first, then the smaller spread when it won
        # (the larger when it lost).
        won = _winner(report, game) == qualifier
        return (int(won), _spread(report) if won else -_spread(report))

    chosen = min(cards, key=worse)
    name = game.team_a.name if qualifier == game.team_a_id else game.team_b.name  # type: ignore[union-attr]
    return Suggestion(
        chosen,
        _(
            "The cards disagree: the apparent qualifier, %(team)s (placed higher), takes the "
            "disadvantage (ACC cross-checking rule)."
        )
        % {"team": name},
    )
