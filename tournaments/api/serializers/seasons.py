"""Seasons and players: a season's standings and a player's record."""

from __future__ import annotations

from rest_framework import serializers

from .rounds import TeamRefSerializer


class SeasonEventSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    date = serializers.DateField()


class SeasonScoreSerializer(serializers.Serializer):
    event = serializers.CharField(help_text="The event's slug.")
    team = serializers.IntegerField(help_text="The event team's id.")
    rank = serializers.IntegerField(help_text="Final rank in the event.")
    tied = serializers.BooleanField()
    points = serializers.IntegerField(
        help_text="Points in the event (its scoring system's primary metric)."
    )
    score = serializers.IntegerField(help_text="What the season counts for this event.")
    counted = serializers.BooleanField(
        help_text="false: dropped by the season's best-of-N, or a guest night."
    )
    spread = serializers.IntegerField(help_text="Net spread in the event.")
    guest = serializers.BooleanField(
        help_text="Played as a guest: no season points (score 0, never counted)."
    )


class PlayerNameSerializer(serializers.Serializer):
    uid = serializers.UUIDField()
    name = serializers.CharField()


class SeasonRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(
        allow_null=True, help_text="null: a guest who has not played a night as a member."
    )
    tied = serializers.BooleanField()
    name = serializers.CharField(help_text="A team's latest name, or the player's name.")
    players = PlayerNameSerializer(many=True)
    events = SeasonScoreSerializer(many=True, help_text="Only the events played.")
    events_played = serializers.IntegerField()
    events_counted = serializers.IntegerField()
    nights_qualified = serializers.IntegerField(
        help_text="Counted events that earned season points (the champion's 1st tiebreak)."
    )
    game_points = serializers.IntegerField(
        help_text="The events' own points over member nights (2nd tiebreak)."
    )
    spread = serializers.IntegerField(help_text="Net spread over member nights (3rd tiebreak).")
    total = serializers.IntegerField()


class SeasonStandingsSerializer(serializers.Serializer):
    league = serializers.CharField()
    season = serializers.CharField()
    name = serializers.CharField()
    aggregation = serializers.ChoiceField(choices=["points", "placement", "threshold", "table"])
    placement_points = serializers.ListField(child=serializers.IntegerField())
    best_of = serializers.IntegerField(allow_null=True)
    night_threshold = serializers.IntegerField()
    night_award = serializers.ChoiceField(choices=["night_points", "fixed"])
    night_fixed_points = serializers.IntegerField()
    night_table = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField())
    )
    guest_nights = serializers.IntegerField()
    tiebreaks = serializers.ListField(
        child=serializers.CharField(),
        help_text="The ranking's order after the total (threshold and table: the club "
        "champion's tiebreaks; empty: equal totals share the rank).",
    )
    events = SeasonEventSerializer(many=True, help_text="The events counted, by date.")
    events_not_counted = SeasonEventSerializer(
        many=True, help_text="The season's events not released yet (or with no confirmed game)."
    )
    teams = SeasonRowSerializer(many=True, help_text="A season team is a pair of players.")
    players = SeasonRowSerializer(many=True)


class PlayerEventSerializer(serializers.Serializer):
    event = SeasonEventSerializer()
    team = TeamRefSerializer()
    results_public = serializers.BooleanField()
    rank = serializers.IntegerField(allow_null=True, help_text="null until released.")
    tied = serializers.BooleanField()
    medal = serializers.CharField(allow_null=True)


class HandFiguresSerializer(serializers.Serializer):
    sheets = serializers.IntegerField(help_text="Hand-by-hand sheets counted.")
    hands = serializers.IntegerField()
    cribs = serializers.IntegerField()
    average_hand = serializers.FloatField(allow_null=True)
    average_crib = serializers.FloatField(allow_null=True)
    best_hand = serializers.IntegerField(allow_null=True)


class PlayerRecordSerializer(serializers.Serializer):
    uid = serializers.UUIDField()
    name = serializers.CharField()
    league = serializers.CharField(allow_null=True, help_text="The league's slug.")
    events = PlayerEventSerializer(many=True)
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    skunks_for = serializers.IntegerField()
    skunks_against = serializers.IntegerField()
    hands = HandFiguresSerializer(
        help_text="The hands of the player's side of the table, from the sheets of released events."
    )
