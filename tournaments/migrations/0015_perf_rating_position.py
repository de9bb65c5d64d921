from django.db import migrations, models


class Migration(migrations.Migration):
    """Ratings updated from an event onward (issue 54) find and delete the points from a
    position on: an index on the position alone."""

    dependencies = [
        ("tournaments", "0014_sec_print_jobs"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="ratingpoint",
            index=models.Index(fields=["position"], name="tournaments_rp_position"),
        ),
    ]
