"""Demo data so a newcomer sees the whole product: ``manage.py load_demo``.

Creates (once; running it again changes nothing) three accounts, a league with a season, and
the FADOQ event "Tournoi régional de démonstration" with 6 teams: three rounds played and
confirmed, round 4 in progress with a confirmed game, a report waiting for the other captain
and a dispute. It prints every captain's private link and PIN.

The season also has two small finished and released events (4 teams, 3 rounds each) with the
same players in other pairs, so that the season page (``/s/fadoq-saguenay/2026-2027/``) and the
players' pages have something to show. Players are the league's, with member numbers.
"""

from __future__ import annotations

import datetime
import os
import random
import secrets
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.links import captain_url, public_base_url, reaches_phones
from accounts.models import EventRole, User
from accounts.roles import grant
from operations import exposure
from tournaments.events.creation import create_event
from tournaments.events.teams import add_team
from tournaments.models import Event, League, Player, Report, Season
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.service import release

PASSWORD = "huche-demo"


def demo_password() -> str:
    """The published password only where nobody else can reach the site (DEBUG serves the
    loopback only: operations/exposure.py) or in tests; a demo loaded into a real site (the hall's
    database, the central site) gets a password of its own, printed here only."""
    if settings.DEBUG or settings.TESTING:
        return PASSWORD
    return secrets.token_urlsafe(9)


DEMO_DATABASE = "huche.sqlite3"  # the demo's own file, beside the code (config/settings.py)


def foreign_database(given: Mapping[str, Any] | None = None) -> str | None:
    """The database (``given``, else this site's) the demo would go into, in words, when it is
    not the demo's own SQLite file (None: it is, or it is the test suite's throwaway one)."""
    if given is None and settings.TESTING:
        return None
    db: Mapping[str, Any] = given if given is not None else settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        name = Path(str(db["NAME"])).resolve()
        if name == (Path(settings.BASE_DIR) / DEMO_DATABASE).resolve():
            return None
        return f"SQLite {name}"
    return f"{db['ENGINE'].rsplit('.', 1)[-1]} « {db.get('NAME')} » ({db.get('HOST') or 'local'})"


def refusal(where: str) -> str:
    # In the volunteer's language, with the command they have: `huche` from an installed
    # Huche (no manage.py, no make there), manage.py or make in a checkout.
    how = (
        "huche load_demo --into-this-database"
        if Path(sys.argv[0]).stem == "huche"
        else "manage.py load_demo --into-this-database (or HUCHE_DEMO_OK=1 make run)"
    )
    return _(
        "The demo data was NOT loaded: the database is %(where)s, not the demo's own SQLite "
        "file (%(demo)s). The demo would put three demo events, a demo season and accounts "
        "with a published password beside your real tournaments, on the public home page. To "
        "load it into this database anyway: %(how)s."
    ) % {"where": where, "demo": DEMO_DATABASE, "how": how}


SLUG = "demo-fadoq"
TEAMS = [
    ("Les As de Chicoutimi", "Gisèle Tremblay", "Roger Gagnon"),
    ("Les Valets de Jonquière", "Lucien Bouchard", "Thérèse Simard"),
    ("Les Quinze-Deux", "Huguette Lavoie", "Marcel Côté"),
    ("La Caboche d'Alma", "Réjean Girard", "Pierrette Fortin"),
    ("Les Talons de Roberval", "Denise Boivin", "Gaston Harvey"),
    ("Le Pétrin de Dolbeau", "Yvon Savard", "Colette Morin"),
]


# Two small released events of the same season: (name, date, teams as (name, captain, partner)
# by index into the people of TEAMS, captain first).
PAST_EVENTS = [
    (
        "Omnium d'automne d'Alma",
        datetime.date(2026, 10, 3),
        2025,
        [
            ("Les As de Chicoutimi", "Gisèle Tremblay", "Roger Gagnon"),
            ("Les Quinze-Deux", "Huguette Lavoie", "Marcel Côté"),
            ("Duo du Lac", "Réjean Girard", "Thérèse Simard"),
            ("Les Talons de Roberval", "Denise Boivin", "Gaston Harvey"),
        ],
    ),
    (
        "Omnium de l'Halloween",
        datetime.date(2026, 10, 31),
        2031,
        [
            ("Les As de Chicoutimi", "Gisèle Tremblay", "Roger Gagnon"),
            ("Les Valets de Jonquière", "Lucien Bouchard", "Thérèse Simard"),
            ("Le Pétrin de Dolbeau", "Yvon Savard", "Colette Morin"),
            ("Les Quinze-Deux", "Huguette Lavoie", "Marcel Côté"),
        ],
    ),
]


def score_pair(rng: random.Random) -> tuple[int, int]:
    loser = rng.choice([rng.randint(95, 120), rng.randint(95, 120), rng.randint(70, 90)])
    return (121, loser) if rng.random() < 0.5 else (loser, 121)


class Command(BaseCommand):
    help = "Create the demo league, event, teams, accounts and a few played rounds."

    def add_arguments(self, parser):
        parser.add_argument("--quiet", action="store_true", help="Print nothing.")
        parser.add_argument(
            "--into-this-database",
            action="store_true",
            help="Load the demo even though the database is not the demo's own SQLite file "
            "(HUCHE_DEMO_OK=1 does the same).",
        )
        parser.add_argument(
            "--if-own-database",
            action="store_true",
            help="(make run) Into another database: say why nothing is loaded, and succeed.",
        )

    def handle(self, *args, quiet=False, **options):
        if settings.HUCHE_LISTEN and not quiet:  # `make run HOST=0.0.0.0`: refused before a
            try:  # password is printed with the network's links (runserver refuses it anyway)
                exposure.refuse_debug([settings.HUCHE_LISTEN])
            except exposure.Exposed as refused:
                raise CommandError(str(refused)) from None
        where = foreign_database()
        asked = options.get("into_this_database") or os.environ.get("HUCHE_DEMO_OK") == "1"
        if where is not None and not asked:
            if options.get("if_own_database"):
                self.stderr.write(refusal(where))
                return
            raise CommandError(refusal(where))
        self.load(quiet=quiet)

    @transaction.atomic
    def load(self, *, quiet: bool) -> None:
        say = (lambda *a: None) if quiet else self.stdout.write
        self.password, self.made_now = demo_password(), False
        if Event.objects.filter(slug=SLUG).exists():
            say("The demo data is already there.")
            self.print_access(Event.objects.get(slug=SLUG), say)
            return
        self.made_now = True
        admin = User.objects.filter(
            email="admin@huche.demo"
        ).first() or User.objects.create_superuser(
            "admin@huche.demo", self.password, display_name="Admin"
        )
        organizer = User.objects.create_user(
            "organisatrice@huche.demo", self.password, display_name="Monique Organisatrice"
        )
        official = User.objects.create_user(
            "arbitre@huche.demo", self.password, display_name="Bernard Responsable de plateau"
        )
        league, _ = League.objects.get_or_create(
            slug="fadoq-saguenay",
            defaults={"name": "FADOQ Saguenay–Lac-Saint-Jean–Ungava", "created_by": admin},
        )
        season, _ = Season.objects.get_or_create(
            league=league, slug="2026-2027", defaults={"name": "Saison 2026-2027"}
        )
        event = create_event(
            organizer,
            name="Tournoi régional de démonstration",
            slug=SLUG,
            date=datetime.date(2026, 11, 21),
            venue="Salle paroissiale, Chicoutimi",
            season=season,
            seed=2026,
        )
        grant(official, event, EventRole.Role.OFFICIAL)
        league.organizers.add(organizer)
        people = {}
        for number, (_team, captain, partner) in enumerate(TEAMS, start=1):
            for offset, name in enumerate((captain, partner)):
                people[name] = Player.objects.get_or_create(
                    league=league,
                    member_number=f"F-{1000 + 2 * number + offset}",
                    defaults={"name": name},
                )[0]
        for name, date, seed, pairs in PAST_EVENTS:
            self.past_event(organizer, season, people, name, date, seed, pairs)
        teams = [
            add_team(
                event,
                organizer,
                name=n,
                captain=c,
                partner=p,
                captain_player=people[c],
                partner_player=people[p],
            )
            for n, c, p in TEAMS
        ]
        rng = random.Random(2026)
        desk = reporting.Actor(user=official, channel=Report.Channel.OFFICIAL)
        for _round in range(3):
            round_ = seating.seat_next_round(event, official)
            for game in round_.games.filter(team_b__isnull=False).order_by("table"):
                a, b = score_pair(rng)
                # Both captains report the same score: agreement confirms it.
                for team in (game.team_a, game.team_b):
                    reporting.submit(
                        game,
                        reporting.Actor(team=team),
                        Report.Kind.FINAL,
                        {"score_a": a, "score_b": b},
                    )
        round_ = seating.seat_next_round(event, official)
        games = list(round_.games.filter(team_b__isnull=False).order_by("table"))
        reporting.submit(games[0], desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 88})
        reporting.submit(
            games[1],
            reporting.Actor(team=games[1].team_a),
            Report.Kind.FINAL,
            {"score_a": 121, "score_b": 117},
        )
        reporting.submit(
            games[2],
            reporting.Actor(team=games[2].team_a),
            Report.Kind.FINAL,
            {"score_a": 121, "score_b": 101},
        )
        reporting.submit(
            games[2],
            reporting.Actor(team=games[2].team_b),
            Report.Kind.FINAL,
            {"score_a": 111, "score_b": 121},
        )
        say(self.style.SUCCESS("Demo data created."))
        self.print_access(event, say, teams)

    def past_event(self, organizer, season, people, name, date, seed, pairs):
        """A finished, released 3-round event, every result entered at the officials' desk."""
        event = create_event(
            organizer,
            name=name,
            date=date,
            season=season,
            venue="Club FADOQ",
            seed=seed,
            number_of_games=3,
        )
        for team, captain, partner in pairs:
            add_team(
                event,
                organizer,
                name=team,
                captain_player=people[captain],
                partner_player=people[partner],
            )
        rng = random.Random(seed)
        desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
        for _round in range(3):
            round_ = seating.seat_next_round(event, organizer)
            for game in round_.games.filter(team_b__isnull=False).order_by("table"):
                a, b = score_pair(rng)
                reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": a, "score_b": b})
        event.status = Event.Status.FINISHED
        event.save(update_fields=["status"])
        release(event, organizer)
        return event

    def print_access(self, event, say, teams=None):
        # The address phones use: HUCHE_BASE_URL, else what `make run` listens on (HOST, PORT).
        base = public_base_url()
        say(f"Event: {base}/e/{event.slug}/")
        if event.season_id:
            season = event.season
            say(f"Season: {base}/s/{season.league.slug}/{season.slug}/")
        password = (
            f"password '{self.password}'"
            if self.password == PASSWORD or self.made_now
            else "the password printed when the demo was loaded"
        )
        say(
            f"Accounts ({password}): organisatrice@huche.demo (organizer), "
            "arbitre@huche.demo (official), admin@huche.demo (staff, /admin/)"
        )
        for team in teams or event.teams.order_by("id"):
            link = team.links.filter(revoked_at__isnull=True).first()
            if link:
                say(f"  {team.name}: {captain_url(link, base)}  PIN {link.pin}")
        if reaches_phones(base):
            say(f"Phones on the hall's network open: {base}/")
        else:
            say(
                f"Only this computer can open {base}/ ; for the captains' phones on the hall's "
                "Wi-Fi, a real event: make hall (docs/hall.md)"
            )
