"""``manage.py flush_outbox``: send the background work kept while the broker was down."""

from django.core.management.base import BaseCommand

from tournaments.outbox import flush_outbox, pending_work


class Command(BaseCommand):
    help = "Send the work kept in the outbox while Redis (the broker) was unreachable."

    def handle(self, *args, **options):
        sent = flush_outbox()
        self.stdout.write(f"sent {sent}, still pending {pending_work()}")
