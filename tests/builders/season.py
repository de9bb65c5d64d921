"""A league season of three released events with overlapping players, and a fourth event not
released, built through the services (registration, the officials' desk, the release).

Players: Alice & Bruno always play together ("Les As"); Carole & Denis twice, under two names
("Les Rois", then "Les Nouveaux Rois"); Élise plays with Francis ("Les Dames") except in
event 2, where she plays with Gisèle ("Les Mélangés"), Gisèle's usual partner being Henri
("Les Valets"); Irène & Jacques ("Les Jokers") come to events 2 and 3.

Each event: 4 teams, 2 rounds; (winner, loser, loser's score), the winner scoring 121.
Points and ranks, tallied by hand:

- E1: As 121+121 = 242 (1st), Dames 121+110 = 231 (2nd), Rois 100+121 = 221 (3rd),
  Valets 90+80 = 170 (4th).
- E2: Nouveaux Rois 121+121 = 242 (1st), As 115+121 = 236 (2nd),
  Mélangés 121+105 = 226 (3rd), Jokers 100+95 = 195 (4th).
- E3: Dames 121+121 = 242 (1st), As 118+121 = 239 (2nd), Valets 121+100 = 221 (3rd),
  Jokers 60+99 = 159 (4th).
- E4 (not released): As beat Rois 121–50, Dames beat Valets 121–100.
"""

from __future__ import annotations

import datetime

from tournaments.events.creation import create_event
from tournaments.events.teams import add_team
from tournaments.models import Game, League, Player, Report, Round, Season
from tournaments.results import reporting

PEOPLE = [
    "Alice",
    "Bruno",
    "Carole",
    "Denis",
    "Élise",
    "Francis",
    "Gisèle",
    "Henri",
    "Irène",
    "Jacques",
]

EVENTS = [
    (
        "Omnium de janvier",
        datetime.date(2027, 1, 16),
        {
            "Les As": ("Alice", "Bruno"),
            "Les Rois": ("Carole", "Denis"),
            "Les Dames": ("Élise", "Francis"),
            "Les Valets": ("Gisèle", "Henri"),
        },
        [
            [("Les As", "Les Rois", 100), ("Les Dames", "Les Valets", 90)],
            [("Les As", "Les Dames", 110), ("Les Rois", "Les Valets", 80)],
        ],
    ),
    (
        "Omnium de février",
        datetime.date(2027, 2, 20),
        {
            "Les As": ("Alice", "Bruno"),
            "Les Nouveaux Rois": ("Carole", "Denis"),
            "Les Mélangés": ("Élise", "Gisèle"),
            "Les Jokers": ("Irène", "Jacques"),
        },
        [
            [("Les Nouveaux Rois", "Les As", 115), ("Les Mélangés", "Les Jokers", 100)],
            [("Les As", "Les Jokers", 95), ("Les Nouveaux Rois", "Les Mélangés", 105)],
        ],
    ),
    (
        "Omnium de mars",
        datetime.date(2027, 3, 20),
        {
            "Les As": ("Alice", "Bruno"),
            "Les Dames": ("Élise", "Francis"),
            "Les Valets": ("Gisèle", "Henri"),
            "Les Jokers": ("Irène", "Jacques"),
        },
        [
            [("Les Dames", "Les As", 118), ("Les Valets", "Les Jokers", 60)],
            [("Les Dames", "Les Valets", 100), ("Les As", "Les Jokers", 99)],
        ],
    ),
]
UNRELEASED = (
    "Omnium d'avril",
    datetime.date(2027, 4, 17),
    {
        "Les As": ("Alice", "Bruno"),
        "Les Rois": ("Carole", "Denis"),
        "Les Dames": ("Élise", "Francis"),
        "Les Valets": ("Gisèle", "Henri"),
    },
    [[("Les As", "Les Rois", 50), ("Les Dames", "Les Valets", 100)]],
)


def build_event(organizer, season, spec, people, *, released=True):
    name, date, teams, rounds = spec
    event = create_event(organizer, name=name, date=date, season=season, seed=7)
    by_name = {
        team: add_team(
            event,
            organizer,
            name=team,
            captain_player=people[captain],
            partner_player=people[partner],
        )
        for team, (captain, partner) in teams.items()
    }
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    for number, tables in enumerate(rounds, start=1):
        round_ = Round.objects.create(event=event, number=number, movement="winners_stay")
        for table, (winner, loser, score) in enumerate(tables, start=1):
            game = Game.objects.create(
                round=round_, table=table, team_a=by_name[winner], team_b=by_name[loser]
            )
            reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": score})
    event.status = "finished"
    event.save(update_fields=["status"])
    if released:
        from tournaments.standings.service import release

        release(event, organizer)
    return event


def build_season(organizer, **settings):
    league = League.objects.create(name="Ligue du Fjord", slug="fjord", created_by=organizer)
    league.organizers.add(organizer)
    season = Season.objects.create(league=league, name="Saison 2027", slug="2027", **settings)
    people = {name: Player.objects.create(league=league, name=name) for name in PEOPLE}
    events = [build_event(organizer, season, spec, people) for spec in EVENTS]
    hidden = build_event(organizer, season, UNRELEASED, people, released=False)
    return season, people, events, hidden
