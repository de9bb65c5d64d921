"""An event's officials and organizers: their roles, appointing one, invitations, and a team's
withdrawal by an official."""

from __future__ import annotations

from rest_framework import serializers

from accounts.models import Invitation
from common.api_input import KnownFieldsOnly


class EventRoleSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    email = serializers.EmailField(source="user.email")
    name = serializers.CharField(source="user.display_name")
    role = serializers.ChoiceField(choices=["organizer", "official"])


class AppointSerializer(KnownFieldsOnly, serializers.Serializer):
    email = serializers.EmailField(max_length=254)
    role = serializers.ChoiceField(choices=["organizer", "official"])
    name = serializers.CharField(
        max_length=120,
        required=False,
        allow_blank=True,
        default="",
        help_text="The person's name, to greet them on the invitation's page.",
    )


class InvitationSerializer(serializers.Serializer):
    """An invitation as its organizer sees it: nothing about accounts or passwords."""

    id = serializers.IntegerField()
    email = serializers.EmailField()
    name = serializers.CharField()
    role = serializers.ChoiceField(choices=["organizer", "official"])
    status = serializers.ChoiceField(
        choices=Invitation.Status.choices,
        help_text="invited (waiting), accepted, expired (ask for a new link), cancelled.",
    )
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    accepted_at = serializers.DateTimeField(allow_null=True)


class IssuedInvitationSerializer(InvitationSerializer):
    invitation_url = serializers.CharField(
        help_text="The link that accepts the invitation (shown only now): give it by hand, "
        "on paper, or let the site email it."
    )
    emailed = serializers.BooleanField(help_text="Whether it was also emailed (email set up).")


class WithdrawalSerializer(KnownFieldsOnly, serializers.Serializer):
    how = serializers.ChoiceField(
        choices=["forfeit", "bye"],
        help_text="forfeit: the team still in wins (target–0, no skunk); bye: the game counts "
        "as a bye for the team still in (the event's bye points).",
    )
    note = serializers.CharField(max_length=300, required=False, default="", allow_blank=True)
