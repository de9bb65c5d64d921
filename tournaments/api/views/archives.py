"""Event archives through the API: import one here (export is ``GET events/{slug}/archive/``).

The same service as the import page (``tournaments.archives.transfer.import_event``) with the
same rules (docs/archives.md): an archive whose origin is not proved (unsigned, signed by a
hall key the season's league does not trust yet, or imported without a season) is checked and
answered 409 with what it would add and why its origin is not proved; nothing is written until
the same archive is sent again with ``confirm`` (or ``trust_key``, to pin the hall's key).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api_input import JSONParser, KnownFieldsOnly
from tournaments.archives import pending
from tournaments.archives.outcome import COUNTED
from tournaments.archives.transfer import MAX_BYTES, ArchiveNotProved, import_event

from ...management.commands.import_event import plan, summary
from .. import serializers as s
from ..authentication import API_AUTHENTICATION
from .common import ERRORS, ErrorSerializer, LoggedInUser


class ArchiveImportSerializer(KnownFieldsOnly, serializers.Serializer):
    archive = serializers.JSONField(
        required=False,
        help_text="The archive itself (the JSON object of the .huche.json file)…",
    )
    file = serializers.FileField(
        required=False,
        help_text=f"…or the file, as a multipart upload (at most {MAX_BYTES // 1024} KB).",
    )
    season = s.SeasonChoiceField()
    confirm = serializers.BooleanField(
        default=False,
        help_text="Import even though the origin is not proved (after reading the 409's "
        "`plan`); recorded in the event's audit log.",
    )
    trust_key = serializers.BooleanField(
        default=False,
        help_text="Also trust the signing hall's key for the season's league (compare its "
        "fingerprint with the hall laptop's first): its next archives import without asking.",
    )

    def validate(self, data):
        if ("archive" in data) == ("file" in data):
            raise serializers.ValidationError(
                _("Give the archive either as “archive” (its JSON) or as “file” (an upload)."),
                code="required",
            )
        return data


class ArchiveImportResultSerializer(serializers.Serializer):
    event = serializers.CharField(
        help_text="The event's slug here (may differ from the archive's)."
    )
    new_event = serializers.BooleanField()
    up_to_date = serializers.BooleanField(help_text="true: the archive added nothing.")
    counts = serializers.DictField(child=serializers.IntegerField(), help_text="What was added.")
    summary = serializers.ListField(child=serializers.CharField(), help_text="The same, in words.")


class ArchiveUnprovedSerializer(ErrorSerializer):
    origin = serializers.DictField(help_text="origin (unsigned, unknown_key…), signer, key.")
    plan = serializers.ListField(
        child=serializers.CharField(), help_text="What the import would add, in words."
    )


class ArchiveImportView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [LoggedInUser]
    parser_classes = [JSONParser, MultiPartParser]

    @extend_schema(
        summary="Import an event archive (organizers of an event or a league, staff)",
        description="All or nothing. Into a season: only its league's organizers (the teams "
        "are linked to the league's players). Importing the same archive again adds nothing; "
        "a later archive of the same event adds only what is new.",
        request={
            "application/json": ArchiveImportSerializer,
            "multipart/form-data": ArchiveImportSerializer,
        },
        responses={
            200: ArchiveImportResultSerializer,
            201: ArchiveImportResultSerializer,
            409: OpenApiResponse(
                ArchiveUnprovedSerializer,
                description="`archive_unproved`: the origin is not proved; nothing was "
                "imported. Send it again with `confirm` once `plan` is checked.",
            ),
            **ERRORS,
        },
    )
    def post(self, request):
        serializer = ArchiveImportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        pending.admit_upload(request.user)
        upload = data.get("file")
        archive = upload.read(MAX_BYTES + 1) if upload is not None else data["archive"]
        try:
            result = import_event(
                archive,
                request.user,
                season=data.get("season"),
                confirmed=data["confirm"],
                trust_key=data["trust_key"],
            )
        except ArchiveNotProved as exc:
            body = exc.as_dict() | {"origin": exc.origin.as_audit(), "plan": plan(exc.plan)}
            return Response(body, status=exc.status)
        body = {
            "event": result.event.slug,
            "new_event": result.new_event,
            "up_to_date": result.up_to_date,
            "counts": {key: result.counts[key] for key in COUNTED},
            "summary": summary(result),
        }
        return Response(body, status=201 if result.new_event else 200)
