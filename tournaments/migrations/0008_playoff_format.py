"""Issue 25: how a tie for a medal is played off (round robin or stepladder among three or more
tied teams, each match a best of three or a single game).

Events that exist already keep the stepladder, the only format before this migration (a playoff
under way must not change its plan); new events default to the round robin
(docs/tournament-day.md says why).
"""

from django.db import migrations, models

FORMATS = [
    ("round_robin", "Round robin among the tied teams"),
    ("stepladder", "Stepladder seeded by the tiebreaks"),
]


HELP = (
    "Round robin: each tied team plays each of the others once. Stepladder: the two lowest "
    "seeds start, each winner plays the next seed up. Two tied teams always play one match. "
    "Fixed once the first playoff game is seated."
)


def playoff_format(default: str) -> models.CharField:
    return models.CharField(
        choices=FORMATS,
        default=default,
        help_text=HELP,
        max_length=20,
        verbose_name="playoff among three or more tied teams",
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0007_archive_keys"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="playoff_best_of",
            field=models.PositiveSmallIntegerField(
                choices=[(3, "Best of three games"), (1, "A single game")],
                default=3,
                verbose_name="each playoff match",
            ),
        ),
        # Existing rows get the stepladder, then new rows default to the round robin.
        migrations.AddField(
            model_name="event", name="playoff_format", field=playoff_format("stepladder")
        ),
        migrations.AlterField(
            model_name="event", name="playoff_format", field=playoff_format("round_robin")
        ),
    ]
