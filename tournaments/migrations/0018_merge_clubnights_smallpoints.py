# Merges the club nights and the live events' ratings (issue 50).

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0017_clubnights_season_rules'),
        ('tournaments', '0017_smallpoints_live_released'),
    ]

    operations = [
    ]
