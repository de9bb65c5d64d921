"""Live events closed before issue 50 get the release their closing now records: their games
count for the ratings, as those of a live event closed from now on (docs/ratings.md).

The ratings follow: a site with no rating stored gets them built by the first start's upgrade
(``ratings.upgrade``); a site whose ratings exist gets a full rebuild queued in the outbox (sent
by the worker, or ``manage.py flush_outbox``; ``manage.py rebuild_ratings`` does it at once)."""

from django.db import migrations
from django.db.models import F


def release_closed_live_events(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    RatingPoint = apps.get_model("tournaments", "RatingPoint")
    OutboxTask = apps.get_model("tournaments", "OutboxTask")
    changed = Event.objects.filter(
        visibility="live", finished_at__isnull=False, released_at__isnull=True
    ).update(released_at=F("finished_at"))
    if changed and RatingPoint.objects.exists():
        OutboxTask.objects.create(name="rebuild_ratings", args=[])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0016_clubs_entry_bracket"),
    ]

    operations = [
        migrations.RunPython(release_closed_live_events, migrations.RunPython.noop),
    ]
