from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0012_team_late_entry_missed_rounds"),
    ]

    operations = [
        migrations.AddField(
            model_name="team",
            name="registered_from",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
    ]
