"""fr-CA date formats: Django 5.2's own write the hour as "H h i", where the bare ``h`` is the
12-hour clock, so 22:48 shows as "22 10 48". Quebec style is "22 h 48" (the ``h`` escaped).
Only what differs from Django's fr_CA module is here; the rest falls through to it."""

TIME_FORMAT = "G\xa0\\h\xa0i"  # 22 h 48, 9 h 05
DATETIME_FORMAT = "j F Y, G\xa0\\h\xa0i"  # 24 novembre 2026, 22 h 48
SHORT_DATETIME_FORMAT = "Y-m-d G\xa0\\h\xa0i"
