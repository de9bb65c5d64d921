# Registration before the day and check-in at the door (issue 36). Numbered 0020 to leave room
# for other branches' 0011+; the lead re-points ``dependencies`` at main's latest on merge.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_event_cache_token"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="registration_open",
            field=models.BooleanField(
                default=False,
                help_text="Teams may register themselves through the event's link until the deadline.",
                verbose_name="registration open",
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="registration_deadline",
            field=models.DateTimeField(
                blank=True, null=True, verbose_name="registration deadline"
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="registration_capacity",
            field=models.PositiveSmallIntegerField(
                blank=True,
                help_text="Beyond it, teams go on a waiting list that moves up by itself. Empty: no cap.",
                null=True,
                verbose_name="capacity (teams)",
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="registration_who",
            field=models.CharField(
                choices=[
                    ("anyone", "Anyone with the event's link"),
                    ("members", "Members of the league (member numbers checked)"),
                    ("organizer", "Only the organizer registers teams"),
                ],
                default="anyone",
                max_length=10,
                verbose_name="who may register",
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="registration_fee",
            field=models.CharField(
                blank=True,
                help_text="Shown on the form, e.g. “10 $ per team, paid at the door”. No online payment.",
                max_length=200,
                verbose_name="fee",
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="check_in_opened_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="check-in opened at"),
        ),
        migrations.AddField(
            model_name="team",
            name="registration",
            field=models.CharField(
                choices=[
                    ("registered", "Registered"),
                    ("waiting", "Waiting list"),
                    ("withdrawn", "Withdrawn before the day"),
                    ("refused", "Refused"),
                    ("absent", "Absent (dropped before round 1)"),
                ],
                default="registered",
                max_length=10,
                verbose_name="registration",
            ),
        ),
        migrations.AddField(
            model_name="team",
            name="registration_reason",
            field=models.CharField(blank=True, max_length=300, verbose_name="reason"),
        ),
        migrations.AddField(
            model_name="team",
            name="paid",
            field=models.BooleanField(default=False, verbose_name="paid"),
        ),
        migrations.AddField(
            model_name="team",
            name="checked_in_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="checked in at"),
        ),
        migrations.AddField(
            model_name="team",
            name="registration_token",
            field=models.CharField(blank=True, max_length=43, null=True, unique=True),
        ),
        migrations.AddField(
            model_name="team",
            name="club",
            field=models.CharField(blank=True, max_length=120, verbose_name="club"),
        ),
        migrations.AddField(
            model_name="team",
            name="contact_email",
            field=models.EmailField(blank=True, max_length=254, verbose_name="captain's email"),
        ),
        migrations.AddField(
            model_name="team",
            name="contact_phone",
            field=models.CharField(blank=True, max_length=30, verbose_name="captain's phone"),
        ),
    ]
