"""Teams: as the public sees them, as their event's officials manage them (captain links),
adding, editing and importing teams, and a new link."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.links import captain_url, public_base_url
from accounts.models import CaptainLink
from common.api_input import KnownFieldsOnly
from tournaments.events.names import (
    MEMBER_NUMBER_MAX,
    PLAYER_NAME_MAX,
    TEAM_NAME_MAX,
    NameValidator,
)

from ...models import Player, Team
from ...selectors import managed_leagues

#: The registration's limits (``events.names``), not the columns' wider ones.
NAME_LIMITS = {
    "name": {"max_length": TEAM_NAME_MAX},
    "captain": {"max_length": PLAYER_NAME_MAX},
    "partner": {"max_length": PLAYER_NAME_MAX},
}


class TeamSerializer(serializers.ModelSerializer):
    withdrawn = serializers.SerializerMethodField()

    class Meta:
        model = Team
        fields = ["id", "name", "captain", "partner", "players", "withdrawn"]
        extra_kwargs = NAME_LIMITS

    def get_withdrawn(self, team) -> bool:
        return team.withdrawn_at is not None


class CaptainLinkSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField(
        help_text="The captain's page, the player's in singles (QR code on the card)."
    )

    class Meta:
        model = CaptainLink
        fields = ["token", "pin", "url", "created_at", "failed_attempts", "locked_until"]

    def get_url(self, link) -> str:
        return captain_url(link, public_base_url(self.context.get("request")))


class PlayerRefSerializer(serializers.ModelSerializer):
    member_number = serializers.SerializerMethodField(
        help_text="The league's number for the player: only for the league's organizers "
        "(null for anyone else)."
    )

    class Meta:
        model = Player
        fields = ["id", "uid", "name", "member_number"]

    def get_member_number(self, player) -> str | None:
        root = self.root  # one query per reply, not per player: kept on the outer serializer
        managed = getattr(root, "_managed_leagues", None)
        if managed is None:
            user = getattr(self.context.get("request"), "user", None)
            managed = set(managed_leagues(user).values_list("pk", flat=True))
            root._managed_leagues = managed  # type: ignore[attr-defined]
        return player.member_number if player.league_id in managed else None


class ManagedTeamSerializer(TeamSerializer):
    """A team as its event's officials and organizers see it: with the live captain's link and
    the players the team is linked to."""

    link = serializers.SerializerMethodField()
    captain_player = PlayerRefSerializer(allow_null=True, read_only=True)
    partner_player = PlayerRefSerializer(allow_null=True, read_only=True)

    class Meta(TeamSerializer.Meta):
        fields = [
            *TeamSerializer.Meta.fields,
            "captain_player",
            "partner_player",
            "registered_at",
            "withdrawn_at",
            "withdrawn_after_round",
            "captain_guest",
            "partner_guest",
            "link",
        ]

    @extend_schema_field(CaptainLinkSerializer(allow_null=True))
    def get_link(self, team):
        live = [link for link in team.links.all() if link.revoked_at is None]
        return CaptainLinkSerializer(live[0], context=self.context).data if live else None


class TeamCreateSerializer(KnownFieldsOnly, serializers.Serializer):
    name = serializers.CharField(
        max_length=TEAM_NAME_MAX,
        allow_blank=True,
        required=False,
        default="",
        validators=[NameValidator("name")],
        help_text="The team's name. In a singles event leave it out: the entry is named after "
        "its player.",
    )
    captain = serializers.CharField(
        max_length=PLAYER_NAME_MAX,
        validators=[NameValidator("captain")],
        allow_blank=True,
        required=False,
        default="",
        help_text="The name on the sheets; may be left out when captain_player is given.",
    )
    partner = serializers.CharField(
        max_length=PLAYER_NAME_MAX,
        validators=[NameValidator("partner")],
        allow_blank=True,
        required=False,
        default="",
        help_text="Required for cribbage pairs (teams of two); refused in a singles event "
        "(one player per entry).",
    )
    captain_player = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="An existing player's id (of the event's league). Names are never matched.",
    )
    partner_player = serializers.IntegerField(required=False, allow_null=True, default=None)
    captain_member_number = serializers.CharField(
        max_length=MEMBER_NUMBER_MAX,
        required=False,
        allow_blank=True,
        default="",
        help_text="A member number the event's league knows links that player; an unknown "
        "one is given to the new player.",
    )
    partner_member_number = serializers.CharField(
        max_length=MEMBER_NUMBER_MAX, required=False, allow_blank=True, default=""
    )
    missed_rounds = serializers.ChoiceField(
        choices=Team.MissedRounds.choices,
        required=False,
        allow_blank=True,
        default="",
        help_text="Required once rounds are seated (a late team): what its missed rounds "
        "count — `bye` (the FADOQ way: the event's bye rule), `forfeit` (a loss by forfeit "
        "each) or `nothing`.",
    )


class TeamEditSerializer(KnownFieldsOnly, serializers.Serializer):
    """A correction: fields left out keep their value. Names are fixed on the players."""

    name = serializers.CharField(
        max_length=TEAM_NAME_MAX,
        validators=[NameValidator("name")],
        required=False,
        allow_blank=True,
    )
    captain = serializers.CharField(
        max_length=PLAYER_NAME_MAX,
        validators=[NameValidator("captain")],
        required=False,
        allow_blank=True,
    )
    partner = serializers.CharField(
        max_length=PLAYER_NAME_MAX,
        validators=[NameValidator("partner")],
        required=False,
        allow_blank=True,
    )
    captain_member_number = serializers.CharField(
        max_length=MEMBER_NUMBER_MAX, required=False, allow_blank=True
    )
    partner_member_number = serializers.CharField(
        max_length=MEMBER_NUMBER_MAX, required=False, allow_blank=True
    )


class TeamGuestsSerializer(KnownFieldsOnly, serializers.Serializer):
    """Which of the team's players play as guests tonight (club nights, issue 50); a field left
    out keeps its value."""

    captain_guest = serializers.BooleanField(
        required=False, help_text="The captain plays as a guest (not a member of the league)."
    )
    partner_guest = serializers.BooleanField(
        required=False, help_text="The partner plays as a guest (refused for a singles entry)."
    )


class TeamGuestsResultSerializer(serializers.Serializer):
    team = ManagedTeamSerializer()
    warnings = serializers.ListField(
        child=serializers.CharField(),
        help_text="The desk's warnings: guests past the season's allowed nights (play is "
        "never refused).",
    )


class TeamImportSerializer(KnownFieldsOnly, serializers.Serializer):
    text = serializers.CharField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        help_text="One team per line: team, captain, partner, and "
        "optionally the captain's and the partner's member "
        "numbers.",
    )
    file = serializers.FileField(
        required=False, help_text="…or a CSV file (UTF-8 or Windows-1252), multipart upload."
    )
    missed_rounds = serializers.ChoiceField(
        choices=Team.MissedRounds.choices,
        required=False,
        allow_blank=True,
        default="",
        help_text="Required once rounds are seated: what every listed team's missed rounds "
        "count (as for one team).",
    )
    link_names = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Enter a name without a member number that exactly one player of the "
        "event's league bears as that player (a club pasting its list every week). Off: names "
        "never link; the answer's `linked` and `homonyms` say what it did.",
    )

    def validate(self, data):
        if not data.get("text", "").strip() and not data.get("file"):
            raise serializers.ValidationError(
                _(
                    "Give the list as “text” (one team per line: team, captain, partner) or "
                    "upload it as “file”."
                ),
                code="required",
            )
        return data


class TeamImportResultSerializer(serializers.Serializer):
    created = serializers.IntegerField()
    linked = serializers.ListField(
        child=serializers.CharField(), help_text="Names entered as the league's player."
    )
    homonyms = serializers.ListField(
        child=serializers.CharField(),
        help_text="Names several players of the league bear: entered as new players.",
    )
    teams = ManagedTeamSerializer(many=True)


class NewLinkSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    token = serializers.CharField()
    pin = serializers.CharField()
    url = serializers.CharField()
