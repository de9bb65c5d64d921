"""Demo data so a newcomer sees the whole product: ``manage.py load_demo``.

Creates (once; running it again changes nothing) three accounts, a league with a season, and
the FADOQ event "Tournoi régional de démonstration" with 6 teams: three rounds played and
confirmed, round 4 in progress with a confirmed game, a report waiting for the other captain
and a dispute. It prints every captain's private link and PIN.
"""

from __future__ import annotations

import datetime
import random

from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.models import EventRole, User
from accounts.roles import grant
from tournaments import registration, reporting, seating
from tournaments.models import Event, League, Report, Season

PASSWORD = "huche-demo"
SLUG = "demo-fadoq"
TEAMS = [
    ("Les As de Chicoutimi", "Gisèle Tremblay", "Roger Gagnon"),
    ("Les Valets de Jonquière", "Lucien Bouchard", "Thérèse Simard"),
    ("Les Quinze-Deux", "Huguette Lavoie", "Marcel Côté"),
    ("La Caboche d'Alma", "Réjean Girard", "Pierrette Fortin"),
    ("Les Talons de Roberval", "Denise Boivin", "Gaston Harvey"),
    ("Le Pétrin de Dolbeau", "Yvon Savard", "Colette Morin"),
]


def score_pair(rng: random.Random) -> tuple[int, int]:
    loser = rng.choice([rng.randint(95, 120), rng.randint(95, 120), rng.randint(70, 90)])
    return (121, loser) if rng.random() < 0.5 else (loser, 121)


class Command(BaseCommand):
    help = "Create the demo league, event, teams, accounts and a few played rounds."

    def add_arguments(self, parser):
        parser.add_argument("--quiet", action="store_true", help="Print nothing.")

    @transaction.atomic
    def handle(self, *args, quiet=False, **options):
        say = (lambda *a: None) if quiet else self.stdout.write
        if Event.objects.filter(slug=SLUG).exists():
            say("The demo data is already there.")
            self.print_access(Event.objects.get(slug=SLUG), say)
            return
        admin = User.objects.filter(email="admin@huche.demo").first() or \
            User.objects.create_superuser("admin@huche.demo", PASSWORD, display_name="Admin")
        organizer = User.objects.create_user("organisatrice@huche.demo", PASSWORD,
                                             display_name="Monique Organisatrice")
        official = User.objects.create_user("arbitre@huche.demo", PASSWORD,
                                            display_name="Bernard Responsable de plateau")
        league, _ = League.objects.get_or_create(
            slug="fadoq-saguenay", defaults={"name": "FADOQ Saguenay–Lac-Saint-Jean–Ungava",
                                             "created_by": admin})
        season, _ = Season.objects.get_or_create(league=league, slug="2026-2027",
                                                 defaults={"name": "Saison 2026-2027"})
        event = registration.create_event(
            organizer, name="Tournoi régional de démonstration", slug=SLUG,
            date=datetime.date(2026, 11, 21), venue="Salle paroissiale, Chicoutimi",
            season=season, seed=2026,
        )
        grant(official, event, EventRole.Role.OFFICIAL)
        teams = [registration.add_team(event, organizer, name=n, captain=c, partner=p)
                 for n, c, p in TEAMS]
        rng = random.Random(2026)
        desk = reporting.Actor(user=official, channel=Report.Channel.OFFICIAL)
        for _round in range(3):
            round_ = seating.seat_next_round(event, official)
            for game in round_.games.filter(team_b__isnull=False).order_by("table"):
                a, b = score_pair(rng)
                # Both captains report the same score: agreement confirms it.
                for team in (game.team_a, game.team_b):
                    reporting.submit(game, reporting.Actor(team=team), Report.Kind.FINAL,
                                     {"score_a": a, "score_b": b})
        round_ = seating.seat_next_round(event, official)
        games = list(round_.games.filter(team_b__isnull=False).order_by("table"))
        reporting.submit(games[0], desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 88})
        reporting.submit(games[1], reporting.Actor(team=games[1].team_a), Report.Kind.FINAL,
                         {"score_a": 121, "score_b": 117})
        reporting.submit(games[2], reporting.Actor(team=games[2].team_a), Report.Kind.FINAL,
                         {"score_a": 121, "score_b": 101})
        reporting.submit(games[2], reporting.Actor(team=games[2].team_b), Report.Kind.FINAL,
                         {"score_a": 111, "score_b": 121})
        say(self.style.SUCCESS("Demo data created."))
        self.print_access(event, say, teams)

    def print_access(self, event, say, teams=None):
        say(f"Event: http://127.0.0.1:8000/e/{event.slug}/")
        say(f"Accounts (password '{PASSWORD}'): organisatrice@huche.demo (organizer), "
            "arbitre@huche.demo (official), admin@huche.demo (staff, /admin/)")
        for team in teams or event.teams.order_by("id"):
            link = team.links.filter(revoked_at__isnull=True).first()
            if link:
                say(f"  {team.name}: http://127.0.0.1:8000/c/{link.token}/  PIN {link.pin}")
