"""An event's standings: the columns, the rows and a medal tie still open."""

from __future__ import annotations

from rest_framework import serializers

from .rounds import TeamRefSerializer


class ColumnSerializer(serializers.Serializer):
    key = serializers.CharField()
    # A field named like Field.label: DRF's serializer metaclass takes it off the class.
    label = serializers.CharField()  # type: ignore[assignment]


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()
    medal = serializers.CharField(allow_null=True)
    decided_by = serializers.CharField(
        allow_null=True, help_text="The metric that separated this team."
    )
    team = TeamRefSerializer()
    metrics = serializers.DictField(child=serializers.IntegerField(allow_null=True))


class MedalTieSerializer(serializers.Serializer):
    teams = serializers.ListField(child=serializers.IntegerField())
    places = serializers.ListField(child=serializers.IntegerField())


class StandingsSerializer(serializers.Serializer):
    system = serializers.CharField()
    released = serializers.BooleanField()
    rounds_played = serializers.IntegerField()
    provisional = serializers.BooleanField(
        help_text="The series is not complete yet: no playoff, no medal."
    )
    columns = ColumnSerializer(many=True)
    rows = StandingRowSerializer(many=True)
    medal_ties = MedalTieSerializer(many=True)
    podium_by_bracket = serializers.BooleanField(
        help_text="The event has a bracket not played out yet: the bracket decides the podium, "
        "so no row has a medal. Once it is played out the champion, finalist and third place "
        "head the rows with their medals, the rest in series order."
    )
