"""Teams registered before players existed get one new player per team member.

Names are never matched (two entries with the same name may be two people, and one person may
be written two ways): every captain and partner becomes a player of their own, in the event's
league when the event belongs to a season. Organizers merge the duplicates afterwards; a merge
keeps the trail, so nothing is lost either way.
"""

from django.db import migrations


def create_players(apps, schema_editor):
    Team = apps.get_model("tournaments", "Team")
    Player = apps.get_model("tournaments", "Player")
    teams = Team.objects.filter(captain_player__isnull=True).select_related("event__season")
    for team in teams.iterator(chunk_size=500):
        league_id = team.event.season.league_id if team.event.season_id else None
        team.captain_player = Player.objects.create(league_id=league_id, name=team.captain)
        fields = ["captain_player"]
        if team.partner and team.partner_player_id is None:
            team.partner_player = Player.objects.create(league_id=league_id, name=team.partner)
            fields.append("partner_player")
        team.save(update_fields=fields)


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0003_players_seasons_archives"),
    ]

    operations = [
        migrations.RunPython(create_players, migrations.RunPython.noop),
    ]
