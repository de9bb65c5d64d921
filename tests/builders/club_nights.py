"""ACC Grass Roots club nights in a season, played through the services: an event per night
(game points, random draw, live results, two-handed to 121), singles entries registered by the
organizer's own service (one player each, the league's player given), each round seated by
``seat_next_round`` and each game's result entered at the desk.

The results come from a seeded random generator, so a test recounts them from the confirmed
reports (:func:`recount`), independently of the standings engine.
"""

from __future__ import annotations

import random
from collections import defaultdict

from tournaments.events.creation import create_event
from tournaments.events.teams import add_team
from tournaments.models import Event, Game, League, Player, Report, Season, Team
from tournaments.results import reporting
from tournaments.seating.rounds import seat_next_round

CLUB = [
    "Al Baker",
    "Bea Carter",
    "Cal Dunn",
    "Dot Ellis",
    "Ed Foster",
    "Flo Grant",
    "Gus Hale",
    "Hank Irwin",
    "Ida Jones",
    "Jim Kerr",
    "Kay Lowe",
    "Lou Mann",
    "Mae Nash",
    "Ned Owen",
    "Opal Price",
    "Pat Quinn",
]


def club_season(organizer, **settings) -> tuple[Season, dict[str, Player]]:
    league = League.objects.create(
        name="Riverside Cribbage Club", slug="riverside", created_by=organizer
    )
    league.organizers.add(organizer)
    rule = {"aggregation": Season.Aggregation.THRESHOLD, "night_threshold": 12, **settings}
    season = Season.objects.create(league=league, name="Season 2026-27", slug="2026-27", **rule)
    people = {name: Player.objects.create(league=league, name=name) for name in CLUB}
    return season, people


def desk(organizer) -> reporting.Actor:
    return reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)


def club_night(organizer, season, name, date, players, *, guests=(), games=9, seed=1) -> Event:
    """A night of ``games`` games among ``players`` (Player rows), ``guests`` their names."""
    event = create_event(
        organizer,
        name=name,
        date=date,
        season=season,
        seed=seed,
        scoring_system="game_points",
        number_of_games=games,
        movement="random_draw",
        visibility=Event.Visibility.LIVE,
        entry=Event.Entry.SINGLES,
        rule_set="STANDARD_2P_121",
    )
    for player in players:
        add_team(event, organizer, captain=player.name, captain_player=player)
    if guests:
        Team.objects.filter(event=event, captain__in=guests).update(captain_guest=True)
    rng = random.Random(f"{name}-{seed}")
    officials = desk(organizer)
    for _ in range(games):
        round_ = seat_next_round(event, organizer)
        for game in round_.games.exclude(team_b=None).order_by("table"):
            loser = rng.choice([60, 85, 90, 91, 100, 110, 118, 120])
            score_a, score_b = (121, loser) if rng.random() < 0.5 else (loser, 121)
            reporting.submit(
                game, officials, Report.Kind.FINAL, {"score_a": score_a, "score_b": score_b}
            )
    return event


def recount(event: Event) -> dict[str, dict[str, int]]:
    """Per player name: game points (win 2, skunk win 3 when the loser has 90 or less), wins
    and net spread, from the confirmed reports, by hand."""
    tally: dict[str, dict[str, int]] = defaultdict(lambda: {"gp": 0, "wins": 0, "spread": 0})
    games = Game.objects.filter(round__event=event, status=Game.Status.CONFIRMED).select_related(
        "team_a", "team_b", "confirmed_report"
    )
    for game in games.exclude(team_b=None):
        report = game.confirmed_report
        a, b = report.score_a, report.score_b
        winner, loser = (game.team_a, game.team_b) if a > b else (game.team_b, game.team_a)
        margin = abs(a - b)
        tally[winner.name]["gp"] += 3 if min(a, b) <= 90 else 2
        tally[winner.name]["wins"] += 1
        tally[winner.name]["spread"] += margin
        tally[loser.name]["spread"] -= margin
        tally[loser.name]  # a player who lost every game is in the tally too
    return dict(tally)
