"""Events get a draft state (``published_at`` None); every event that exists is published.

Numbered after 0009: another branch adds 0010_event_cache_token (the graph is fixed at merge).
"""

import django.utils.timezone
from django.db import migrations, models


def publish_existing(apps, schema_editor):
    """Events made before drafts existed were public: they stay so, published when created."""
    Event = apps.get_model("tournaments", "Event")
    Event.objects.filter(published_at__isnull=True).update(published_at=models.F("created_at"))


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0030_ratings")]

    operations = [
        migrations.AddField(
            model_name="event",
            name="published_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="published at"),
        ),
        migrations.RunPython(publish_existing, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="event",
            name="published_at",
            field=models.DateTimeField(
                blank=True,
                default=django.utils.timezone.now,
                null=True,
                verbose_name="published at",
            ),
        ),
    ]
