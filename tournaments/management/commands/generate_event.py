"""A realistic event of any size, reproducible from a seed: ``manage.py generate_event``.

    manage.py generate_event --teams 1000 --rounds 8 --seed 42 [--slug …] [--through-services]

Builds what an organizer's day builds: the event and its organizer and official (through
``create_event``), the teams registered one by one through
``add_team`` (captains' links and PINs, audit, players where registration links
them; every captain and partner a different person up to 1,075 teams, see ``people``), every
round seated by the event's own movement (``seating.seat_next_round``), and plausible FADOQ
results entered at the officials' desk: the winner at 121, the loser mostly between 91 and
120, some skunks (below 91) and a few double skunks (below 61).

The same seed gives the same teams, the same seating and the same scores (team names, tables
and scores compared; captains' tokens and PINs stay random, as they must).

Results are written in bulk, one round at a time, producing the rows ``reporting.submit``
writes for an official's report at the desk, field for field: the :class:`Report` (version 1,
the same ``fingerprint`` from ``reporting.fingerprint``, the same skunk from
``events.options.skunk_level``), the official's :class:`Confirmation`, the game's status and
confirmed report, the two audit entries (``result.report``, ``result.confirm``) and one
``Event.version`` step per confirmed result. One thing differs: the desk schedules a standings
refresh after each result (an outbox row and a Celery task); the bulk path schedules none, the
next page view computes the standings once. ``--through-services`` calls ``reporting.submit``
for every game instead (slow at 1,000 teams; the test compares both paths row by row).
"""

from __future__ import annotations

import datetime
import random
import time

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from accounts.models import EventRole, User
from accounts.roles import grant
from tournaments import audit
from tournaments.events.creation import create_event
from tournaments.events.options import skunk_level
from tournaments.events.teams import MIN_TEAMS, add_team
from tournaments.models import AuditEntry, Confirmation, Event, Game, Report, new_cache_token
from tournaments.publishing.caching import bump_event
from tournaments.results import reporting
from tournaments.seating import rounds as seating

FIRST_NAMES = [
    "Gisèle",
    "Roger",
    "Lucien",
    "Thérèse",
    "Huguette",
    "Marcel",
    "Réjean",
    "Pierrette",
    "Denise",
    "Gaston",
    "Yvon",
    "Colette",
    "Jacqueline",
    "Normand",
    "Monique",
    "Gilles",
    "Rita",
    "Fernand",
    "Lise",
    "Raymond",
    "Cécile",
    "Jean-Guy",
    "Louise",
    "Claude",
    "Ghislaine",
    "Rosaire",
    "Jeannine",
    "Laurent",
    "Madeleine",
    "Bertrand",
    "Francine",
    "Conrad",
    "Solange",
    "Lionel",
    "Micheline",
    "Adrien",
    "Nicole",
    "Armand",
    "Réjeanne",
    "Gérard",
    "Suzanne",
    "Paul-Émile",
    "Lorraine",
    "Jean-Marc",
    "Yolande",
    "Rolland",
    "Carmen",
    "Benoît",
    "Ginette",
    "Hervé",
]
LAST_NAMES = [
    "Tremblay",
    "Gagnon",
    "Bouchard",
    "Simard",
    "Lavoie",
    "Côté",
    "Girard",
    "Fortin",
    "Boivin",
    "Harvey",
    "Savard",
    "Morin",
    "Bergeron",
    "Pelletier",
    "Lapointe",
    "Gauthier",
    "Ouellet",
    "Dufour",
    "Desbiens",
    "Larouche",
    "Villeneuve",
    "Gaudreault",
    "Maltais",
    "Gilbert",
    "Bilodeau",
    "Dallaire",
    "Lemieux",
    "Potvin",
    "Néron",
    "Brassard",
    "Claveau",
    "Perron",
    "Hudon",
    "Lalancette",
    "Duchesne",
    "Laberge",
    "Boily",
    "Coulombe",
    "Fillion",
    "Lemay",
    "Tremblay-Gagnon",
    "Bolduc",
    "Riverin",
]
TOWNS = [
    "Chicoutimi",
    "Jonquière",
    "Alma",
    "Roberval",
    "Dolbeau",
    "La Baie",
    "Saint-Félicien",
    "Mashteuiatsh",
    "Chibougamau",
    "Desbiens",
    "Métabetchouan",
    "Normandin",
]
CARDS = [
    "As",
    "Valets",
    "Quinze-Deux",
    "Talons",
    "Cribs",
    "Dames",
    "Rois",
    "Huit",
    "Paires",
    "Suites",
    "Fiches",
    "Pétrins",
]
ORGANIZER_EMAIL = "generator-organizer@huche.invalid"
OFFICIAL_EMAIL = "generator-official@huche.invalid"


def people(count: int, rng: random.Random) -> list[str]:
    """``count`` full names in an order drawn from ``rng``: all different up to the pool's
    2,150 people (1,075 teams), then the shuffled pool again (homonyms, as in a real region).
    Two neighbours in the list are always two different people."""
    pool = [f"{first} {last}" for first in FIRST_NAMES for last in LAST_NAMES]
    rng.shuffle(pool)
    return [pool[i % len(pool)] for i in range(count)]


def team_rows(count: int, rng: random.Random) -> list[tuple[str, str, str]]:
    """``count`` (team, captain, partner) triples drawn from ``rng``: distinct team names, and a
    captain and a partner who are two people (registration refuses one person twice)."""
    names = people(2 * count, rng)
    return [
        (
            f"Les {rng.choice(CARDS)} {of_town(rng.choice(TOWNS))} {n}",
            names[2 * n - 2],
            names[2 * n - 1],
        )
        for n in range(1, count + 1)
    ]


def of_town(town: str) -> str:
    """« de Roberval », « d’Alma »: French elides before a vowel."""
    return f"d’{town}" if town[0] in "AEIOUÉ" else f"de {town}"


def fadoq_score(rng: random.Random) -> tuple[int, int]:
    """(score_a, score_b): the winner at 121; about 1 loser in 8 skunked, 1 in 50 doubly."""
    roll = rng.random()
    if roll < 0.02:
        loser = rng.randint(40, 60)  # double skunk
    elif roll < 0.14:
        loser = rng.randint(61, 90)  # skunk
    else:
        loser = rng.randint(91, 120)
    return (121, loser) if rng.random() < 0.5 else (loser, 121)


def staff_user(email: str, name: str) -> User:
    user = User.objects.filter(email=email).first()
    if user is None:
        user = User.objects.create_user(email, None, display_name=name)
    return user


def official_final(game: Game, a: int, b: int, skunk: int, official) -> Report:
    """An official's final score for ``game`` (not saved: the generators write them in bulk)."""
    content = {"score_a": a, "score_b": b, "skunk": skunk, "detail": {}}
    return Report(
        game=game,
        version=1,
        kind=Report.Kind.FINAL,
        score_a=a,
        score_b=b,
        skunk=skunk,
        detail={},
        by_team=None,
        by_user=official,
        channel=Report.Channel.OFFICIAL,
        client="",
        fingerprint=reporting.fingerprint(Report.Kind.FINAL, content),
        idempotency_key="",
        note="",
    )


def confirm_in_bulk(
    event: Event, games: list[Game], scores: dict[int, tuple[int, int]], official: User
) -> None:
    """The rows ``reporting.submit`` writes for an official's desk report, for many games."""
    label = audit.actor_label(official)
    reports = []
    for game in games:
        a, b = scores[game.pk]
        skunk = skunk_level(event, a, b)
        reports.append(official_final(game, a, b, skunk, official))
    Report.objects.bulk_create(reports)  # PostgreSQL and SQLite both return the new ids
    Confirmation.objects.bulk_create(
        [Confirmation(report=r, by_team=None, by_user=official) for r in reports]
    )
    entries = []
    for game, report in zip(games, reports, strict=True):
        snap = reporting.result_snapshot(report)
        entries.append(
            AuditEntry(
                event=event,
                actor=official,
                actor_label=label,
                action=audit.AuditAction.RESULT_REPORT,
                target=str(game),
                before=None,
                after=snap,
            )
        )
        entries.append(
            AuditEntry(
                event=event,
                actor=official,
                actor_label=label,
                action=audit.AuditAction.RESULT_CONFIRM,
                target=str(game),
                before=None,
                after=snap,
            )
        )
        game.confirmed_report = report
        game.status = Game.Status.CONFIRMED
    AuditEntry.objects.bulk_create(entries)
    # Small batches: PostgreSQL evaluates bulk_update's CASE per row (500 per batch: 0.5 s).
    Game.objects.bulk_update(games, ["confirmed_report", "status"], batch_size=50)
    Event.objects.filter(pk=event.pk).update(
        version=F("version") + len(games), cache_token=new_cache_token()
    )
    event.refresh_from_db(fields=["version", "cache_token"])


@transaction.atomic
def generate(
    *,
    teams: int,
    rounds: int,
    seed: int,
    slug: str | None = None,
    games: int | None = None,
    release: bool = True,
    through_services: bool = False,
    say=lambda message: None,
) -> Event:
    """Build the event (see the module docstring) and return it."""
    if teams < MIN_TEAMS:
        raise CommandError(f"an event needs at least {MIN_TEAMS} teams")
    slug = slug or f"gen-{teams}-s{seed}"
    if Event.objects.filter(slug=slug).exists():
        raise CommandError(f"an event with the slug {slug!r} exists already: give --slug")
    rng = random.Random(seed)
    organizer = staff_user(ORGANIZER_EMAIL, "Organisatrice (générée)")
    official = staff_user(OFFICIAL_EMAIL, "Responsable de plateau (généré)")
    started = time.perf_counter()
    event = create_event(
        organizer,
        name=f"Finale régionale {teams} équipes (graine {seed})",
        slug=slug,
        date=datetime.date(2026, 11, 21),
        venue="Centre des congrès",
        seed=seed,
        number_of_games=games or max(rounds, 1),
    )
    grant(official, event, EventRole.Role.OFFICIAL)
    for name, captain, partner in team_rows(teams, rng):
        add_team(event, organizer, name=name, captain=captain, partner=partner)
    say(f"{teams} teams registered in {time.perf_counter() - started:.1f} s")
    desk = reporting.Actor(user=official, channel=Report.Channel.OFFICIAL)
    for _ in range(rounds):
        started = time.perf_counter()
        round_ = seating.seat_next_round(event, official)
        seated = list(
            round_.games.filter(team_b__isnull=False)
            .select_related("team_a", "team_b")
            .order_by("table")
        )
        scores = {game.pk: fadoq_score(rng) for game in seated}
        if through_services:
            for game in seated:
                a, b = scores[game.pk]
                reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": a, "score_b": b})
            event.refresh_from_db()
        else:
            confirm_in_bulk(event, seated, scores, official)
        say(
            f"round {round_.number}: {len(seated)} games seated and confirmed in "
            f"{time.perf_counter() - started:.1f} s"
        )
    if release and rounds:
        event.refresh_from_db()
        event.released_at = timezone.now()
        event.save(update_fields=["released_at"])

        bump_event(event)
    return event


class Command(BaseCommand):
    help = "Generate a reproducible event: teams, seated rounds and confirmed FADOQ results."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=100)
        parser.add_argument(
            "--rounds", type=int, default=8, help="Rounds seated and fully confirmed (default 8)."
        )
        parser.add_argument(
            "--seed", type=int, default=42, help="Same seed, same teams, seating and scores."
        )
        parser.add_argument(
            "--games",
            type=int,
            default=None,
            help="Length of the series (default: --rounds, all played).",
        )
        parser.add_argument("--slug", default=None, help="Default: gen-<teams>-s<seed>.")
        parser.add_argument(
            "--no-release",
            action="store_true",
            help="Leave the results unreleased (hidden from the public).",
        )
        parser.add_argument(
            "--through-services",
            action="store_true",
            help="Enter each result with reporting.submit (slow, for checks).",
        )

    def handle(
        self, *args, teams, rounds, seed, games, slug, no_release, through_services, **options
    ):
        started = time.perf_counter()
        event = generate(
            teams=teams,
            rounds=rounds,
            seed=seed,
            slug=slug,
            games=games,
            release=not no_release,
            through_services=through_services,
            say=self.stdout.write,
        )
        self.stdout.write(
            self.style.SUCCESS(
                f"Event {event.slug!r} ({teams} teams, {rounds} rounds) built in "
                f"{time.perf_counter() - started:.1f} s: /e/{event.slug}/standings/"
            )
        )
