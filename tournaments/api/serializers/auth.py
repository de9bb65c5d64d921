"""An API token asked for with an email and password."""

from __future__ import annotations

from rest_framework import serializers

from common.api_input import KnownFieldsOnly


class TokenRequestSerializer(KnownFieldsOnly, serializers.Serializer):
    email = serializers.EmailField()
    password = serializers.CharField(trim_whitespace=False, style={"input_type": "password"})


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()
