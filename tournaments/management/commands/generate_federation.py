"""A federation's years of play, reproducible from a seed: ``manage.py generate_federation``.

    manage.py generate_federation --clubs 200 --seasons 3 --seed 54 [--nights 20] [--days 4]

What a federation or a large club circuit accumulates (issue 54), for the benchmarks:

- each **club** is a league of 12 players with one season a year; every season it plays
  ``--nights`` weekly **club nights**: 12 singles teams (one linked player each), 3 rounds of
  6 tables (18 games);
- the **federation** is a league of its own (300 players) whose seasons hold ``--days``
  **regional days** a year: 40 doubles teams of linked players, 3 rounds of 20 tables
  (60 games), the size of event whose release the ratings benchmark times;
- every event finished, published and released, every game confirmed at the desk by the
  generated official: a :class:`Report` and its :class:`Confirmation`, the FADOQ scores of
  ``generate_event`` (winner at 121, some skunks).

200 clubs over 3 seasons of 20 nights: 216,000 club games and 720 regional games, in a few
minutes: rows are written with ``bulk_create``, one club season at a time, not through the
services (no audit entries, no outbox, no captains' links: none of the pages measured reads
them). The ratings are not computed: run ``rebuild_ratings`` (the benchmark times it). The same
seed gives the same players, pairings and scores.
"""

from __future__ import annotations

import datetime
import random
import time

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from accounts.models import EventRole
from tournaments.events.options import skunk_level
from tournaments.management.commands.generate_event import (
    FIRST_NAMES,
    OFFICIAL_EMAIL,
    ORGANIZER_EMAIL,
    TOWNS,
    fadoq_score,
    official_final,
    staff_user,
)
from tournaments.models import (
    Confirmation,
    Event,
    Game,
    League,
    Player,
    Report,
    Round,
    Season,
    Team,
)

CLUB_PLAYERS = 12
NIGHT_ROUNDS = 3
FEDERATION_PLAYERS = 300
DAY_TEAMS = 40
DAY_ROUNDS = 3
FIRST_YEAR = 2024


def _name(rng: random.Random, number: int) -> str:
    return f"{rng.choice(FIRST_NAMES)} {number}"


class Builder:
    """Writes one event after another, the rows of each kind in bulk."""

    def __init__(self, rng: random.Random, organizer, official) -> None:
        self.rng = rng
        self.organizer = organizer
        self.official = official
        self.now = timezone.now()
        self.games = 0
        self.events = 0

    def events_of(self, season: Season, specs: list[tuple[str, str, datetime.date]]) -> list[Event]:
        events = Event.objects.bulk_create(
            [
                Event(
                    name=name,
                    slug=slug,
                    date=date,
                    season=season,
                    venue="Salle du club",
                    seed=self.rng.randint(1, 10**6),
                    number_of_games=NIGHT_ROUNDS,
                    status="finished",
                    published_at=self.now,
                    released_at=self.now,
                )
                for name, slug, date in specs
            ]
        )
        EventRole.objects.bulk_create(
            [EventRole(user=self.organizer, event=e, role=EventRole.Role.ORGANIZER) for e in events]
            + [EventRole(user=self.official, event=e, role=EventRole.Role.OFFICIAL) for e in events]
        )
        self.events += len(events)
        return events

    def play(self, events: list[Event], sides: list[list[tuple[int, ...]]], rounds: int) -> None:
        """Each event's teams (one tuple of player ids each), ``rounds`` rounds of random
        pairings, every game confirmed."""
        teams = Team.objects.bulk_create(
            [
                Team(
                    event=event,
                    name=f"Équipe {n}",
                    captain=f"Joueur {side[0]}",
                    partner=f"Joueur {side[1]}" if len(side) > 1 else "",
                    captain_player_id=side[0],
                    partner_player_id=side[1] if len(side) > 1 else None,
                )
                for event, event_sides in zip(events, sides, strict=True)
                for n, side in enumerate(event_sides, start=1)
            ]
        )
        by_event: dict[int, list[Team]] = {}
        for team in teams:
            by_event.setdefault(team.event_id, []).append(team)
        round_rows = Round.objects.bulk_create(
            [
                Round(event=event, number=n, movement="winners_stay")
                for event in events
                for n in range(1, rounds + 1)
            ]
        )
        games = []
        for round_ in round_rows:
            entrants = list(by_event[round_.event_id])
            self.rng.shuffle(entrants)
            for table, start in enumerate(range(0, len(entrants) - 1, 2), start=1):
                games.append(
                    Game(
                        round=round_,
                        table=table,
                        team_a=entrants[start],
                        team_b=entrants[start + 1],
                    )
                )
        Game.objects.bulk_create(games)
        self.confirm(games, {e.pk: e for e in events})

    def confirm(self, games: list[Game], events: dict[int, Event]) -> None:
        reports = []
        for game in games:
            a, b = fadoq_score(self.rng)
            skunk = skunk_level(events[game.round.event_id], a, b)
            reports.append(official_final(game, a, b, skunk, self.official))
        Report.objects.bulk_create(reports, batch_size=2000)
        Confirmation.objects.bulk_create(
            [Confirmation(report=r, by_user=self.official) for r in reports], batch_size=2000
        )
        for game, report in zip(games, reports, strict=True):
            game.confirmed_report = report
            game.status = Game.Status.CONFIRMED
        Game.objects.bulk_update(games, ["confirmed_report", "status"], batch_size=500)
        self.games += len(games)


@transaction.atomic
def generate(
    *, clubs: int, seasons: int, seed: int, nights: int = 20, days: int = 4, say=print
) -> dict:
    """Build the federation (see the module docstring); returns what was built."""
    if League.objects.filter(slug=f"federation-s{seed}").exists():
        raise CommandError(f"a federation of seed {seed} exists already: give another --seed")
    rng = random.Random(seed)
    organizer = staff_user(ORGANIZER_EMAIL, "Organisatrice (générée)")
    official = staff_user(OFFICIAL_EMAIL, "Responsable de plateau (généré)")
    build = Builder(rng, organizer, official)
    started = time.perf_counter()
    federation = League.objects.create(
        name=f"Fédération (graine {seed})", slug=f"federation-s{seed}", created_by=organizer
    )
    federation.organizers.add(organizer)
    pool = Player.objects.bulk_create(
        [Player(league=federation, name=_name(rng, n)) for n in range(FEDERATION_PLAYERS)]
    )
    leagues = League.objects.bulk_create(
        [
            League(
                name=f"Club {TOWNS[n % len(TOWNS)]} {n}",
                slug=f"club-{n}-s{seed}",
                created_by=organizer,
            )
            for n in range(clubs)
        ]
    )
    League.organizers.through.objects.bulk_create(
        [League.organizers.through(league=lg, user=organizer) for lg in leagues]
    )
    members = {
        lg.pk: [
            p.pk
            for p in Player.objects.bulk_create(
                [Player(league=lg, name=_name(rng, n)) for n in range(CLUB_PLAYERS)]
            )
        ]
        for lg in leagues
    }
    for year in range(FIRST_YEAR, FIRST_YEAR + seasons):
        opening = datetime.date(year, 9, 7)
        for lg in leagues:
            season = Season.objects.create(league=lg, name=f"Saison {year}", slug=str(year))
            specs = [
                (
                    f"Soirée {k + 1}",
                    f"{lg.slug}-{year}-{k + 1}",
                    opening + datetime.timedelta(7 * k),
                )
                for k in range(nights)
            ]
            events = build.events_of(season, specs)
            build.play(events, [[(p,) for p in members[lg.pk]] for _ in events], NIGHT_ROUNDS)
        season = Season.objects.create(league=federation, name=f"Saison {year}", slug=str(year))
        specs = [
            (
                f"Journée régionale {k + 1}",
                f"{federation.slug}-{year}-{k + 1}",
                opening + datetime.timedelta(7 * (nights * (k + 1) // max(days, 1)) - 1),
            )
            for k in range(days)
        ]
        events = build.events_of(season, specs)
        sides: list[list[tuple[int, ...]]] = []
        for _event in events:
            chosen = rng.sample([p.pk for p in pool], 2 * DAY_TEAMS)
            sides.append([(chosen[2 * i], chosen[2 * i + 1]) for i in range(DAY_TEAMS)])
        build.play(events, sides, DAY_ROUNDS)
        say(
            f"season {year}: {build.events} events, {build.games} games so far "
            f"({time.perf_counter() - started:.0f} s)"
        )
    return {
        "federation": federation.slug,
        "clubs": clubs,
        "events": build.events,
        "games": build.games,
        "seconds": time.perf_counter() - started,
    }


class Command(BaseCommand):
    help = (
        "Generate a reproducible federation: club leagues with weekly club nights and a "
        "federation league of regional days, every game confirmed and released (issue 54)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--clubs", type=int, default=200)
        parser.add_argument("--seasons", type=int, default=3)
        parser.add_argument("--seed", type=int, default=54, help="Same seed, same federation.")
        parser.add_argument("--nights", type=int, default=20, help="Club nights a season.")
        parser.add_argument("--days", type=int, default=4, help="Regional days a season.")

    def handle(self, *args, clubs, seasons, seed, nights, days, **options):
        if clubs < 1 or seasons < 1 or nights < 1 or days < 0:
            raise CommandError("--clubs, --seasons and --nights need at least 1, --days 0")
        done = generate(
            clubs=clubs, seasons=seasons, seed=seed, nights=nights, days=days, say=self.stdout.write
        )
        self.stdout.write(
            self.style.SUCCESS(
                f"{done['clubs']} clubs, {done['events']} events, {done['games']} games built in "
                f"{done['seconds']:.1f} s (league {done['federation']}); then "
                "`manage.py rebuild_ratings`"
            )
        )
