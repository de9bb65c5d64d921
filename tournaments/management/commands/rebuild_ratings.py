"""``manage.py rebuild_ratings``: recompute every rating from the released games, now."""

from django.core.management.base import BaseCommand

from tournaments.ratings.service import rebuild


class Command(BaseCommand):
    help = (
        "Recompute every player's and pair's rating from scratch, from the released games in "
        "the order they were played (docs/ratings.md). Safe to run at any time: the same "
        "games give the same numbers."
    )

    def handle(self, *args, **options):
        done = rebuild()
        self.stdout.write(f"rated {done['games']} games: {done['points']} rating points stored")
